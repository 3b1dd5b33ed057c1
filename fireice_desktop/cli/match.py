"""``match`` (``fireice match``, ``fireice icebreaker match``): two players, levels or
outside programs, over many games of any game; the summary they print and its JSON form.

The games are played by :mod:`..engine.match.run`, the same for every game; this module
checks the options, reports each game on request and prints the figures.  The sides'
flags (``--fire``, ``--red``) are the game's :attr:`~..engine.command_line.CommandLine.match_sides`.
"""

from __future__ import annotations

import argparse
import json
import math
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..engine.command_line import Generic
from ..engine.match.run import (
    JOBS_PER_CPU,
    GameResult,
    MatchInterrupted,
    MatchSummary,
    Player,
    Settings,
    max_jobs,
    parse_player,
    processors,
    quoted_command,
    run_match,
)
from ..engine.registry import Game
from .commands import command_line, options_setup
from .errors import CommandError, command_name, tell
from .streams import say

#: The exit status of a match stopped by Ctrl+C, as a shell gives a program SIGINT ended.
INTERRUPTED = 130
#: The exit status of a match stopped by SIGTERM (``kill``), as a shell gives a program
#: SIGTERM ended.
TERMINATED = 128 + signal.SIGTERM


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _percent(share: float) -> str:
    return f"{100 * share:.1f} %"


def check_counts(args: argparse.Namespace) -> None:
    """Refuse counts and times that make no match (usage, exit status 2)."""
    if args.games < 1:
        raise CommandError(f"--games {args.games}: play at least one game", usage=True)
    if args.jobs < 1:
        raise CommandError(f"--jobs {args.jobs}: use at least one process", usage=True)
    if args.jobs > max_jobs():
        raise CommandError(
            f"--jobs {args.jobs}: use at most {max_jobs()} processes, {JOBS_PER_CPU} for "
            f"each of this computer's {processors()} processors",
            usage=True,
        )
    if args.opening < 0:
        raise CommandError(
            f"--opening {args.opening}: the random plies before play are 0 or more", usage=True
        )
    if args.ms is not None and args.ms < 1:
        raise CommandError(f"--ms {args.ms}: give the levels at least 1 ms a move", usage=True)
    if not (math.isfinite(args.timeout) and args.timeout > 0):
        raise CommandError(
            f"--timeout {args.timeout:g}: a program needs more than 0 seconds a move", usage=True
        )


class Report:
    """How a match is told: the players by their names as given, and the game's sides."""

    def __init__(
        self, players: tuple[Player, Player], settings: Settings, flags: tuple[str, str]
    ) -> None:
        self.settings = settings
        first, second = (player.name for player in players)
        # The same player on both sides: the flag tells the two apart.
        self.names = (
            (first, second)
            if first != second
            else (f"{first} ({flags[0]})", f"{second} ({flags[1]})")
        )
        side = settings.start().to_move
        self.sides = (side, side.other)

    # --- each game, on standard error ---------------------------------------------------

    def game_line(self, game: GameResult) -> str:
        """One game in one line: who played which side, who won, the moves, any fault."""
        first, second = (self.names[game.first], self.names[1 - game.first])
        line = (
            f"game {game.number} (seed {game.seed}): {first} ({game.sides[0]}) against "
            f"{second} ({game.sides[1]}): {self.names[game.winner]} won as "
            f"{game.side_of(game.winner)} in {_plural(len(game.moves), 'move')}"
        )
        if game.fault is not None:
            fault = game.fault
            line += f"; {self.names[fault.player]} ({fault.side}) {fault.reason}"
        return line

    # --- the summary ----------------------------------------------------------------------

    def _header(self, summary: MatchSummary) -> str:
        settings = self.settings
        games = summary.games
        first = self.sides[0].title
        counts = [summary.played_as(player, 0) for player in (0, 1)]
        if counts[0] == counts[1]:
            colours = f"each side {first} in {counts[0]}"
        else:
            colours = f"{self.names[0]} {first} in {counts[0]}, {self.names[1]} in {counts[1]}"
        plies = settings.opening
        if plies == 0:
            openings = "from the start position"
        else:
            openings = f"openings of {plies} random {'ply' if plies == 1 else 'plies'}"
        line = (
            f"{_plural(games, 'game')}, {self.names[0]} against {self.names[1]}; {colours}, "
            f"{openings} (seed {settings.seed})"
        )
        if settings.ms is not None:
            line += f"; levels think {settings.ms} ms a move"
        return line

    def _player_line(self, summary: MatchSummary, player: int) -> str:
        colours = ", ".join(
            f"as {self.sides[side].title} {summary.won_as(player, side)} of "
            f"{summary.played_as(player, side)}"
            for side in (0, 1)
        )
        times = summary.move_times(player)
        timing = (
            f"median {times.median:.3f} s, longest {times.longest:.3f} s a move"
            if times.median is not None and times.longest is not None
            else "no moves timed"
        )
        return (
            f"{self.names[player]}: won {summary.won(player)}, lost {summary.lost(player)}; "
            f"{colours}; {_plural(len(summary.faults(player)), 'fault')}; {timing}"
        )

    def text(self, summary: MatchSummary) -> str:
        """The match's summary as a person reads it."""
        low, high = summary.interval
        lines = [
            self._header(summary),
            self._player_line(summary, 0),
            self._player_line(summary, 1),
            f"score of {self.names[0]}: {_percent(summary.score)} "
            f"(95 % interval {_percent(low)} to {_percent(high)})",
            f"average game length: {summary.average_length:.1f} moves",
        ]
        faults = summary.faults()
        if faults:
            lines.append("faults:")
            lines.extend(
                f"  game {fault.game}: {self.names[fault.player]} ({fault.side}) {fault.reason}"
                for fault in faults
            )
        return "\n".join(lines) + "\n"

    def to_json(self, summary: MatchSummary) -> dict[str, Any]:
        """The match's summary as one JSON object (the README's "For scripts" lists its keys)."""
        settings = self.settings
        keys = {side.title: side.key for side in self.sides}

        def player(index: int) -> dict[str, Any]:
            times = summary.move_times(index)
            return {
                "name": summary.players[index].name,
                "won": summary.won(index),
                "lost": summary.lost(index),
                "as": {
                    self.sides[side].key: {
                        "won": summary.won_as(index, side),
                        "played": summary.played_as(index, side),
                    }
                    for side in (0, 1)
                },
                "faults": len(summary.faults(index)),
                "median_seconds": None if times.median is None else round(times.median, 6),
                "longest_seconds": None if times.longest is None else round(times.longest, 6),
            }

        low, high = summary.interval
        return {
            "game": settings.game,
            "games": summary.games,
            "seed": settings.seed,
            "opening": settings.opening,
            "ms": settings.ms,
            "timeout": settings.timeout,
            "players": [player(0), player(1)],
            "score": round(summary.score, 6),
            "interval": [round(low, 6), round(high, 6)],
            "average_length": round(summary.average_length, 3),
            "faults": [
                {
                    "game": fault.game,
                    "player": fault.player,
                    "side": keys.get(fault.side, fault.side.lower()),
                    "reason": fault.reason,
                }
                for fault in summary.faults()
            ],
        }


def _players(args: argparse.Namespace, game: Game, flags: tuple[str, str]) -> tuple[Player, Player]:
    found = []
    for flag in flags:
        text = getattr(args, flag)
        try:
            found.append(parse_player(text, game))
        except ValueError as error:
            raise CommandError(f"--{flag} {quoted_command(text)}: {error}", usage=True) from None
    return found[0], found[1]


@contextmanager
def _sigterm_stops(stopped: list[int]) -> Iterator[None]:
    """SIGTERM stops the match as Ctrl+C does (``KeyboardInterrupt``), and is noted in
    ``stopped``: without a handler the match's process ended at once, leaving its
    processes playing their games.  A second one while the match stops is let pass."""

    def stop(signum: int, frame: object) -> None:
        if not stopped:
            stopped.append(signum)
            raise KeyboardInterrupt

    if threading.current_thread() is not threading.main_thread():  # no signals there
        yield
        return
    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def play_match(args: argparse.Namespace, game: Game, setup: Any, flags: tuple[str, str]) -> int:
    """Check the options, play the match between the sides named by ``--FLAG`` options,
    report each game if ``--verbose`` and print the summary (text or JSON).

    Ctrl+C (SIGINT, to the match alone or to all its processes) or SIGTERM stops the
    match at once: the summary counts the games that were over, and the status says
    which stopped it."""
    check_counts(args)
    players = _players(args, game, flags)
    settings = Settings(game.name, setup, args.seed, args.opening, args.ms, args.timeout)
    report = Report(players, settings, (f"--{flags[0]}", f"--{flags[1]}"))

    def progress(game: GameResult) -> None:
        if args.verbose:
            tell(report.game_line(game))

    status = 0
    terminated: list[int] = []
    try:
        with _sigterm_stops(terminated):
            summary = run_match(players, args.games, settings, args.jobs, progress)
    except MatchInterrupted as interrupted:  # the games that were over still count
        summary = interrupted.summary
        how = "terminated" if terminated else "interrupted"
        if not terminated:
            tell("")  # ends the line of the ^C the terminal shows
        tell(
            f"{command_name(args)}: {how} after {_plural(summary.games, 'game')} "
            f"of {args.games}; the summary counts those"
        )
        status = TERMINATED if terminated else INTERRUPTED
    if args.json:
        say(json.dumps(report.to_json(summary)))
    else:
        say(report.text(summary), end="")
    return status


def cmd_match(game: Game, command: Generic, args: argparse.Namespace) -> int:
    """``match``: two players of ``game``, levels or programs, over many games; from the
    set-up its options name, or its default set-up when ``match`` takes none."""
    setup = game.default_setup() if command.setup == "none" else options_setup(game, args)
    return play_match(args, game, setup, command_line(game).match_sides)


__all__ = ["Report", "check_counts", "cmd_match", "play_match"]
