"""A match's results counted: each player's wins by side, its move times and its faults,
and the confidence interval of its score.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .game import Fault, GameResult, Player, Settings

#: The two-sided normal distribution's 97.5 % point: a 95 % interval.
Z_95 = 1.959963984540054


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


class MoveTimes:
    """One player's move times in a match, kept as a count per microsecond.

    The memory grows with how spread out the times are, never with the number of moves,
    so a match of a million games keeps no more than one of a hundred; the median and
    the longest time are exact to the microsecond, the precision the summary prints.
    """

    def __init__(self) -> None:
        self._counts: dict[int, int] = {}
        self._count = 0
        self.longest: float | None = None  # seconds, exactly as measured

    def add(self, seconds: float) -> None:
        """Count one move that took ``seconds``."""
        key = round(seconds * 1_000_000)
        self._counts[key] = self._counts.get(key, 0) + 1
        self._count += 1
        if self.longest is None or seconds > self.longest:
            self.longest = seconds

    def __len__(self) -> int:
        return self._count

    @property
    def median(self) -> float | None:
        """The median move time in seconds (to the microsecond), ``None`` with no moves."""
        if not self._count:
            return None
        # The middle move, or the two middle ones, counted from 0 in the sorted times.
        low, high = (self._count - 1) // 2, self._count // 2
        low_key = 0
        counted = 0
        for key in sorted(self._counts):
            if counted <= low:
                low_key = key
            counted += self._counts[key]
            if counted > high:
                return (low_key + key) / 2 / 1_000_000
        raise AssertionError("the counts add up to the number of moves")


@dataclass
class MatchSummary:
    """A match's results from each player's side: player 0 is the first named.

    It keeps counts, not the games: its memory does not grow with the number of games
    (but for the faults, which are listed one by one).
    """

    players: tuple[Player, Player]
    settings: Settings
    games: int = 0  # how many games were played
    moves: int = 0  # the moves of every game, the openings' included
    _played: list[list[int]] = field(default_factory=lambda: [[0, 0], [0, 0]])
    _won: list[list[int]] = field(default_factory=lambda: [[0, 0], [0, 0]])
    _faults: list[Fault] = field(default_factory=list)
    _times: tuple[MoveTimes, MoveTimes] = field(default_factory=lambda: (MoveTimes(), MoveTimes()))

    def add(self, game: GameResult) -> None:
        """Count one finished game."""
        self.games += 1
        self.moves += len(game.moves)
        for player in (0, 1):
            side = game.first ^ player
            self._played[player][side] += 1
            if game.winner == player:
                self._won[player][side] += 1
            for seconds in game.seconds[player]:
                self._times[player].add(seconds)
        if game.fault is not None:
            self._faults.append(game.fault)

    def won(self, player: int) -> int:
        """How many games ``player`` won."""
        return sum(self._won[player])

    def lost(self, player: int) -> int:
        """How many games ``player`` lost."""
        return self.games - self.won(player)

    def played_as(self, player: int, side: int) -> int:
        """How many games ``player`` played as ``side`` (0: the side that moves first)."""
        return self._played[player][side]

    def won_as(self, player: int, side: int) -> int:
        """How many games ``player`` won as ``side`` (0: the side that moves first)."""
        return self._won[player][side]

    def faults(self, player: int | None = None) -> list[Fault]:
        """The faults of ``player`` (of both if ``None``), in the order of the games."""
        return [fault for fault in self._faults if player is None or fault.player == player]

    def move_times(self, player: int) -> MoveTimes:
        """The move times of ``player`` (the openings are not timed)."""
        return self._times[player]

    @property
    def average_length(self) -> float:
        """The average number of moves in a game, the openings' included."""
        return self.moves / self.games if self.games else 0.0

    @property
    def score(self) -> float:
        """The first player's share of the games won."""
        return self.won(0) / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson score interval of :attr:`score`."""
        return wilson_interval(self.won(0), self.games)


__all__ = ["Z_95", "MatchSummary", "MoveTimes", "wilson_interval"]
