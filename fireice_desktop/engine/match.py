"""Matches between computer levels: how strength is measured rather than claimed.

``play_game`` plays one game between two levels; ``run_match`` plays many, in
parallel processes if asked, and gathers the results.  Game ``i`` of a match uses
seed ``seed + i``, so any game can be replayed exactly.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from .games import find_game
from .games.fireice.rules import Color, Move, Position
from .search import level_names, search

#: No game from the start lasts longer (the board is full after 48 turns); a guard only.
MAX_TURNS = 200


@dataclass(frozen=True)
class GameResult:
    """One finished game."""

    seed: int
    winner: Color
    moves: tuple[Move, ...]
    seconds: tuple[tuple[float, ...], tuple[float, ...]]  # each move's time: Fire's, Ice's


def play_game(fire: str, ice: str, seed: int, start: Position | None = None) -> GameResult:
    """Play ``fire`` against ``ice`` (level names) from ``start`` to the end."""
    position = start or Position.start()
    moves: list[Move] = []
    times: tuple[list[float], list[float]] = ([], [])
    while not position.is_over and len(moves) < MAX_TURNS:
        side = position.to_move
        result = search(position, fire if side is Color.FIRE else ice, seed)
        times[side.value].append(result.seconds)
        moves.append(result.move)
        position = position.play_unchecked(result.move)
    winner = position.winner
    if winner is None:  # pragma: no cover - the rules end every game well before this
        raise RuntimeError(f"game {seed} did not end in {MAX_TURNS} turns")
    return GameResult(seed, winner, tuple(moves), (tuple(times[0]), tuple(times[1])))


def _play(args: tuple[str, str, int]) -> GameResult:
    return play_game(*args)


@dataclass
class MatchSummary:
    """Results of a match from Fire's side of the table."""

    fire: str
    ice: str
    games: list[GameResult] = field(default_factory=list)

    @property
    def fire_wins(self) -> int:
        return sum(game.winner is Color.FIRE for game in self.games)

    @property
    def ice_wins(self) -> int:
        return sum(game.winner is Color.ICE for game in self.games)

    @property
    def average_length(self) -> float:
        return statistics.fmean(len(game.moves) for game in self.games) if self.games else 0.0

    def move_times(self, color: Color) -> list[float]:
        """Every move time of ``color``'s level, in seconds."""
        return [t for game in self.games for t in game.seconds[color.value]]


def run_match(
    fire: str,
    ice: str,
    games: int,
    seed: int = 1,
    jobs: int = 1,
    progress: Callable[[GameResult], None] | None = None,
) -> MatchSummary:
    """Play ``games`` games of ``fire`` against ``ice``; game ``i`` uses seed ``seed + i``."""
    names = level_names(find_game("fire-and-ice"))
    for name in (fire, ice):
        if name not in names:
            raise ValueError(f"unknown level {name!r}: choose from {', '.join(names)}")
    summary = MatchSummary(fire, ice)
    work = [(fire, ice, seed + i) for i in range(games)]
    results: Iterator[GameResult]
    if jobs > 1 and games > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = pool.map(_play, work)
            for result in results:
                summary.games.append(result)
                if progress is not None:
                    progress(result)
    else:
        for args in work:
            result = _play(args)
            summary.games.append(result)
            if progress is not None:
                progress(result)
    return summary


__all__ = ["GameResult", "MatchSummary", "play_game", "run_match"]
