"""Matches: how strength is measured rather than claimed.

A match is played between two players, each a built-in level or an outside program
(``cmd:PROGRAM ARGS``), in any game of the registry with levels.  Games come in
pairs from the same random opening, each player taking the side that moves first
in one game of the pair, so neither colour nor opening favours either player.

The work is shared with the modules beside this one: :mod:`.match.game` plays one game
(and says how seeds and sides follow the game's number), :mod:`.match.program` runs an
outside program for a move (and says what it is asked), :mod:`.match.summary` counts the
results and :mod:`.match.pool` runs the games in several processes.  This module plays
a whole match.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable, Iterator
from concurrent.futures import Executor

from ..registry import find_game
from ..search import level_names
from .game import (
    PROGRAM_PREFIX,
    Contest,
    Fault,
    GameResult,
    Player,
    Settings,
    opening,
    parse_player,
    play_game,
    quoted_command,
)
from .pool import JOBS_PER_CPU, WINDOW, in_order, max_jobs, processors, start_worker, stop_pool
from .program import OUTPUT_LIMIT, read_move, run_program
from .summary import MatchSummary, MoveTimes, wilson_interval

#: One game of a match as a process is given it: the players, the settings, the game's
#: number and its opening.
_Work = tuple[tuple[Player, Player], Settings, int, tuple[str, ...]]


def process_pool(workers: int) -> Executor:
    """A pool of ``workers`` processes to play the games in.  The pool is named through
    the package, which loads it (and multiprocessing) only then: a command that plays on
    one process starts without them."""
    return concurrent.futures.ProcessPoolExecutor(max_workers=workers, initializer=start_worker)


def _play(work: _Work) -> GameResult:
    """Play one game of a match (the work a process of the pool is given)."""
    return play_game(*work)


def run_match(
    players: tuple[Player, Player],
    games: int,
    settings: Settings | None = None,
    jobs: int = 1,
    progress: Callable[[GameResult], None] | None = None,
) -> MatchSummary:
    """Play ``games`` games between ``players`` (in ``jobs`` processes), in pairs from the
    same random opening with the sides swapped; ``progress`` hears of each game in order.

    The games stream through: each is made when a process is ready for it, counted in
    the summary and passed to ``progress`` as it ends, and then let go, so the memory
    stays the same however many games are played.

    Ctrl+C (``KeyboardInterrupt``) stops the match at once: the games being played are
    ended, with the programs playing them, and :class:`MatchInterrupted` is raised with
    the summary of the games that were over (``progress`` hears of those too).
    """
    settings = settings or Settings()
    game = find_game(settings.game)
    for player in players:
        if player.level is not None and player.level not in level_names(game):
            names = ", ".join(level_names(game)) or "none"
            raise ValueError(f"unknown level {player.level!r}: choose from {names}")
    summary = MatchSummary(players, settings)
    work = _work(players, settings, games)
    pool: Executor | None = None
    finished: list[GameResult] = []  # over, but not yet counted when the match stopped
    try:
        if jobs > 1 and games > 1:
            pool = process_pool(min(jobs, games))
            _gather(summary, in_order(pool, _play, work, WINDOW * jobs, finished), progress)
        else:
            _gather(summary, map(_play, work), progress)
    except KeyboardInterrupt:
        stop_pool(pool)
        _gather(summary, iter(finished), progress)
        raise MatchInterrupted(summary) from None
    except BaseException:
        stop_pool(pool)  # a failure (a reader gone away, say) does not wait for the games either
        raise
    if pool is not None:
        pool.shutdown()
    return summary


class MatchInterrupted(KeyboardInterrupt):
    """A match stopped by Ctrl+C: :attr:`summary` counts the games that were over."""

    def __init__(self, summary: MatchSummary) -> None:
        super().__init__("the match was interrupted")
        self.summary = summary


def _work(players: tuple[Player, Player], settings: Settings, games: int) -> Iterator[_Work]:
    """Each game's work, made as it is needed: a pair's opening when its first game is."""
    moves: tuple[str, ...] = ()
    for number in range(games):
        if number % 2 == 0:
            moves = opening(settings, number // 2)
        yield players, settings, number, moves


def _gather(
    summary: MatchSummary,
    results: Iterator[GameResult],
    progress: Callable[[GameResult], None] | None,
) -> None:
    for result in results:
        summary.add(result)
        if progress is not None:
            progress(result)


__all__ = [
    "JOBS_PER_CPU",
    "OUTPUT_LIMIT",
    "PROGRAM_PREFIX",
    "Contest",
    "Fault",
    "GameResult",
    "MatchInterrupted",
    "MatchSummary",
    "MoveTimes",
    "Player",
    "Settings",
    "max_jobs",
    "opening",
    "parse_player",
    "play_game",
    "process_pool",
    "processors",
    "quoted_command",
    "read_move",
    "run_match",
    "run_program",
    "wilson_interval",
]
