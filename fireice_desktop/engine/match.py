"""Matches: how strength is measured rather than claimed.

A match is played between two players, each a built-in level or an outside program
(``cmd:PROGRAM ARGS``), in any game of the registry with levels.  Games come in
pairs from the same random opening, each player taking the side that moves first
in one game of the pair, so neither colour nor opening favours either player.

An outside program speaks the protocol of ``fireice ai-move``: it is run once per
move with its own words, the game's set-up flags (:meth:`Game.setup_arguments`) and
the moves played so far as arguments, and prints one move.  A program that fails
(a non-zero exit status, no answer within the time limit, or anything but one legal
move) loses that game at once, and the fault is recorded.

Game ``i`` of a match is in pair ``i // 2``; the first player moves first in the
even games.  A level in game ``i`` uses seed ``seed + i``, so with node budgets any
game between levels can be replayed exactly.  Every move's wall-clock time is
measured here, around the search or the program's whole run.
"""

from __future__ import annotations

import json
import math
import os
import random
import shlex
import shutil
import signal
import statistics
import subprocess
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from .interface import GameState
from .registry import Game, SideType, find_game
from .search import level_names, search

#: A guard only: the rules of every game end it long before this many moves.
MAX_MOVES = 10_000

#: What ``cmd:`` starts: an outside program instead of a level.
PROGRAM_PREFIX = "cmd:"

#: The two-sided normal distribution's 97.5 % point: a 95 % interval.
Z_95 = 1.959963984540054

#: Printed text and error lines are cut to this many characters in a fault's reason.
_QUOTE_LIMIT = 80


class Contest(GameState, Protocol):
    """A position of a two-player game that ends with a winner."""

    @property
    def to_move(self) -> SideType: ...

    @property
    def winner(self) -> SideType | None: ...

    def play_unchecked(self, move: Any) -> Contest: ...


# --- the players ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Player:
    """One side of a match: a built-in level, or an outside program's command."""

    name: str  # as given: "expert", "cmd:/tmp/mcts --ms 1000"
    level: str | None = None
    command: tuple[str, ...] = ()


def parse_player(text: str, game: Game) -> Player:
    """The player named ``text``: a level of ``game`` or ``cmd:PROGRAM ARGS``.

    Raises ``ValueError`` saying what is wrong: an unknown level, no program, unbalanced
    quotes, or a program that cannot be found or run.
    """
    if not text.startswith(PROGRAM_PREFIX):
        names = level_names(game)
        if text not in names:
            raise ValueError(
                f"no level is called {text!r}: choose from {', '.join(names)}, "
                "or cmd:PROGRAM ARGS for a program"
            )
        return Player(text, level=text)
    try:
        words = tuple(shlex.split(text[len(PROGRAM_PREFIX) :]))
    except ValueError as error:
        raise ValueError(f"cannot split the command into words: {error}") from None
    if not words:
        raise ValueError("name a program after cmd:, like cmd:/usr/local/bin/engine --ms 1000")
    program = words[0]
    if shutil.which(program) is None:
        if os.sep not in program and not (os.altsep and os.altsep in program):
            raise ValueError(f"no program {program!r} on the PATH")
        if not os.path.exists(program):
            raise ValueError(f"{program!r} does not exist")
        raise ValueError(f"{program!r} is not a program that can be run")
    return Player(text, command=words)


# --- the settings and the results -----------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """How a match is played."""

    game: str = "fire-and-ice"  # the registry's name of the game
    setup: Any = None  # the game's set-up; None: its default
    seed: int = 1  # game i: levels use seed + i; the openings come from it too
    opening: int = 2  # random plies before the players take over
    ms: int | None = None  # levels think this long a move instead of their node budgets
    timeout: float = 60.0  # seconds a program may take for a move

    def game_setup(self) -> tuple[Game, Any]:
        """The game, and its set-up (its default if none was given)."""
        game = find_game(self.game)
        return game, game.default_setup() if self.setup is None else self.setup

    def start(self) -> Contest:
        """The position every game of the match starts from, before its opening."""
        game, setup = self.game_setup()
        return cast(Contest, game.start(setup))


@dataclass(frozen=True)
class Fault:
    """A program's failure, which lost it a game."""

    game: int  # the game's number in the match, from 0
    player: int  # 0: the first player named, 1: the second
    side: str  # the side it played: "Fire"
    reason: str  # in a few words: 'timed out after 0.5 s'


@dataclass(frozen=True)
class GameResult:
    """One finished game."""

    number: int  # from 0: game i is in pair i // 2 and its levels use seed + i
    seed: int
    first: int  # the player (0 or 1) that played the side that moves first
    sides: tuple[str, str]  # the sides' titles, the side that moves first first: Fire, Ice
    winner: int  # the player that won
    moves: tuple[str, ...]  # every move, the opening's included
    opening: int  # how many of the moves were the random opening
    seconds: tuple[tuple[float, ...], tuple[float, ...]]  # each player's move times
    fault: Fault | None = None

    def side_of(self, player: int) -> str:
        """The side ``player`` played in this game: "Fire"."""
        return self.sides[player ^ self.first]


def opening(settings: Settings, pair: int) -> tuple[str, ...]:
    """The random opening of pair ``pair``: ``settings.opening`` plies, each drawn uniformly
    among the legal moves that do not end the game (among all if every one does)."""
    rng = random.Random(f"opening:{settings.seed}:{pair}")
    position = settings.start()
    moves: list[str] = []
    for _ in range(settings.opening):
        if position.is_over:
            break
        legal = position.legal_moves()
        going_on = [move for move in legal if not position.play_unchecked(move).is_over]
        move = rng.choice(going_on or legal)
        moves.append(str(move))
        position = position.play_unchecked(move)
    return tuple(moves)


# --- one move ---------------------------------------------------------------------------------


def _quote(text: str) -> str:
    """``text`` in double quotes, control characters escaped, cut if long."""
    if len(text) > _QUOTE_LIMIT:
        text = text[: _QUOTE_LIMIT - 1] + "…"
    return json.dumps(text, ensure_ascii=False)


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return ""
    line = lines[-1]
    return line if len(line) <= _QUOTE_LIMIT else line[: _QUOTE_LIMIT - 1] + "…"


def _kill(process: subprocess.Popen[bytes]) -> None:
    """Kill ``process`` and everything it started (its own process group), and reap it."""
    try:
        if hasattr(os, "killpg"):
            os.killpg(process.pid, signal.SIGKILL)
        else:  # pragma: no cover - Windows has no process groups to kill
            process.kill()
    except (ProcessLookupError, PermissionError):
        pass
    try:
        process.communicate(timeout=5)
    except subprocess.TimeoutExpired:  # pragma: no cover - a child left the group, pipe open
        process.kill()
        process.wait()


def run_program(argv: Sequence[str], timeout: float) -> tuple[str | None, str]:
    """Run ``argv`` for one move: ``(what it printed, "")``, or ``(None, what went wrong)``
    when it could not start, timed out (it and its children are killed) or failed."""
    try:
        process = subprocess.Popen(
            list(argv),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
    except OSError as error:
        return None, f"could not be started: {error.strerror or error}"
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill(process)
        return None, f"timed out after {timeout:g} s"
    except BaseException:
        _kill(process)
        raise
    status = process.returncode
    if status < 0:
        try:
            name = signal.Signals(-status).name
        except ValueError:
            name = str(-status)
        return None, f"was killed by signal {name}"
    if status != 0:
        last = _last_line(err.decode("utf-8", "replace"))
        return None, f"exited with status {status}" + (f": {last}" if last else "")
    return out.decode("utf-8", "replace"), ""


def read_move(position: Contest, printed: str) -> tuple[Any, str]:
    """The legal move a program printed: ``(move, "")``, or ``(None, what is wrong)``."""
    words = printed.split()
    if not words:
        return None, "printed nothing"
    if len(words) > 1:
        return None, f"printed {_quote(printed.strip())}, which is {len(words)} words, not one move"
    text = words[0]
    try:
        move = position.parse_move(text)
    except ValueError:  # NotationError, or a move's own check
        return None, f"printed {_quote(text)}, which is not a move"
    if move not in position.legal_moves():
        try:
            reason = position.illegal_reason(move)
        except ValueError:
            reason = None
        return None, f"printed {_quote(text)}, which is not a legal move" + (
            f" ({reason})" if reason else ""
        )
    return move, ""


# --- one game ---------------------------------------------------------------------------------


def play_game(
    players: tuple[Player, Player],
    settings: Settings,
    number: int,
    opening_moves: Sequence[str] = (),
) -> GameResult:
    """Play game ``number`` of a match from ``opening_moves`` to the end.

    The first player takes the side that moves first if ``number`` is even.
    """
    game, setup = settings.game_setup()
    position = settings.start()
    first_side = position.to_move
    sides = (first_side.title, first_side.other.title)
    first = number % 2
    seed = settings.seed + number
    moves: list[str] = []
    for text in opening_moves:
        position = cast(Contest, position.play(position.parse_move(text)))
        moves.append(str(text))
    times: tuple[list[float], list[float]] = ([], [])

    def result(winner: int, fault: Fault | None = None) -> GameResult:
        seconds = (tuple(times[0]), tuple(times[1]))
        return GameResult(
            number, seed, first, sides, winner, tuple(moves), len(opening_moves), seconds, fault
        )

    while not position.is_over:
        if len(moves) >= MAX_MOVES:  # pragma: no cover - the rules end every game before
            raise RuntimeError(f"game {number} did not end in {MAX_MOVES} moves")
        side = position.to_move
        mover = side.value ^ first
        player = players[mover]
        begin = time.perf_counter()
        if player.level is not None:
            seconds = None if settings.ms is None else settings.ms / 1000
            move = search(position, player.level, seed, seconds=seconds).move
            problem = ""
        else:
            argv = [*player.command, *game.setup_arguments(setup), *moves]
            printed, problem = run_program(argv, settings.timeout)
            move = None
            if printed is not None:
                move, problem = read_move(position, printed)
        elapsed = time.perf_counter() - begin
        if problem:
            return result(1 - mover, Fault(number, mover, side.title, problem))
        times[mover].append(elapsed)
        moves.append(str(move))
        position = position.play_unchecked(move)
    winner = position.winner
    assert winner is not None, "a finished game has a winner"
    return result(winner.value ^ first)


def _play(work: tuple[tuple[Player, Player], Settings, int, tuple[str, ...]]) -> GameResult:
    return play_game(*work)


# --- a match ----------------------------------------------------------------------------------


def wilson_interval(wins: int, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a win rate of ``wins`` in ``games`` (95 % by default)."""
    if games <= 0:
        return 0.0, 1.0
    rate = wins / games
    spread = z * z / games
    centre = (rate + spread / 2) / (1 + spread)
    half = z * math.sqrt(rate * (1 - rate) / games + spread / (4 * games)) / (1 + spread)
    # At no wins (all wins) the bound is 0 (1) exactly, whatever the rounding says.
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= games else min(1.0, centre + half)
    return low, high


@dataclass
class MatchSummary:
    """A match's results from each player's side: player 0 is the first named."""

    players: tuple[Player, Player]
    settings: Settings
    games: list[GameResult] = field(default_factory=list)

    def won(self, player: int) -> int:
        """How many games ``player`` won."""
        return sum(game.winner == player for game in self.games)

    def lost(self, player: int) -> int:
        """How many games ``player`` lost."""
        return len(self.games) - self.won(player)

    def played_as(self, player: int, side: int) -> int:
        """How many games ``player`` played as ``side`` (0: the side that moves first)."""
        return sum((game.first ^ player) == side for game in self.games)

    def won_as(self, player: int, side: int) -> int:
        """How many games ``player`` won as ``side`` (0: the side that moves first)."""
        return sum(game.winner == player and (game.first ^ player) == side for game in self.games)

    def faults(self, player: int | None = None) -> list[Fault]:
        """The faults of ``player`` (of both if ``None``), in the order of the games."""
        found = (game.fault for game in self.games if game.fault is not None)
        return [fault for fault in found if player is None or fault.player == player]

    def move_times(self, player: int) -> list[float]:
        """Every move time of ``player``, in seconds (the openings are not timed)."""
        return [t for game in self.games for t in game.seconds[player]]

    @property
    def average_length(self) -> float:
        """The average number of moves in a game, the openings' included."""
        return statistics.fmean(len(game.moves) for game in self.games) if self.games else 0.0

    @property
    def score(self) -> float:
        """The first player's share of the games won."""
        return self.won(0) / len(self.games) if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson score interval of :attr:`score`."""
        return wilson_interval(self.won(0), len(self.games))


def run_match(
    players: tuple[Player, Player],
    games: int,
    settings: Settings | None = None,
    jobs: int = 1,
    progress: Callable[[GameResult], None] | None = None,
) -> MatchSummary:
    """Play ``games`` games between ``players`` (in ``jobs`` processes), in pairs from the
    same random opening with the sides swapped; ``progress`` hears of each game in order."""
    settings = settings or Settings()
    game = find_game(settings.game)
    for player in players:
        if player.level is not None and player.level not in level_names(game):
            names = ", ".join(level_names(game)) or "none"
            raise ValueError(f"unknown level {player.level!r}: choose from {names}")
    summary = MatchSummary(players, settings)
    openings = [opening(settings, pair) for pair in range((games + 1) // 2)]
    work = [(players, settings, number, openings[number // 2]) for number in range(games)]
    if jobs > 1 and games > 1:
        with ProcessPoolExecutor(max_workers=min(jobs, games)) as pool:
            _gather(summary, pool.map(_play, work), progress)
    else:
        _gather(summary, map(_play, work), progress)
    return summary


def _gather(
    summary: MatchSummary,
    results: Iterator[GameResult],
    progress: Callable[[GameResult], None] | None,
) -> None:
    for result in results:
        summary.games.append(result)
        if progress is not None:
            progress(result)


__all__ = [
    "PROGRAM_PREFIX",
    "Contest",
    "Fault",
    "GameResult",
    "MatchSummary",
    "Player",
    "Settings",
    "opening",
    "parse_player",
    "play_game",
    "read_move",
    "run_match",
    "run_program",
    "wilson_interval",
]
