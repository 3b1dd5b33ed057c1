"""The player's puzzles in the statistics file: the puzzle rating (Glicko-2), the puzzles
tried and solved, the streak, the failed puzzles that come back, and the days the
puzzle of the day was solved.

A puzzle is rated the first time it is tried, as on lichess: trying it again (a failed
puzzle coming back, or Try again) changes no rating.  A failed puzzle comes back after
:data:`COME_BACK_AFTER` other puzzles; solved then, it is off the list.  No pygame here.
"""

from __future__ import annotations

import datetime
import math
import re
from dataclasses import dataclass, field
from typing import Any, Final

from .engine.rating import START_DEVIATION, START_RATING, START_VOLATILITY, Rating, after_puzzle
from .statistics_checks import (
    StatisticsError,
    checked_count,
    json_object,
    known_fields,
    one_more,
)

#: How many other puzzles are tried before a failed one comes back.
COME_BACK_AFTER: Final = 5
#: A puzzle's id as a key of the file's ``again``: ASCII digits, at most nine.
_PUZZLE_ID: Final = re.compile(r"[0-9]{1,9}")
#: The most puzzle ids and days the file keeps (far more than are shipped).
MAX_KEPT: Final = 100_000
_COUNTS: Final = ("tried", "solved", "streak", "best_streak")


def _checked_number(value: object, where: str, low: float, high: float) -> float:
    if (
        not isinstance(value, (int, float))
        or isinstance(value, bool)
        or not math.isfinite(value)
        or not low <= value <= high
    ):
        raise StatisticsError("file_not_number", where=where, value=repr(value)[:24])
    return float(value)


def _checked_ids(value: object, where: str) -> list[int]:
    if not isinstance(value, list) or len(value) > MAX_KEPT:
        raise StatisticsError("file_not_list", where=where)
    return [checked_count(item, where) for item in value]


@dataclass
class PuzzleStatistics:
    """The puzzles as the player has played them."""

    rating: Rating = field(default_factory=Rating)
    tried: int = 0
    solved: int = 0
    streak: int = 0
    best_streak: int = 0
    solved_ids: set[int] = field(default_factory=set)
    #: A failed puzzle's id -> the count of puzzles tried at which it comes back.
    again: dict[int, int] = field(default_factory=dict)
    #: The days (ISO dates) the puzzle of the day was solved.
    days: set[str] = field(default_factory=set)
    extra: dict[str, Any] = field(default_factory=dict)

    def seen(self, puzzle_id: int) -> bool:
        """Whether the puzzle was tried before."""
        return puzzle_id in self.solved_ids or puzzle_id in self.again

    def due(self) -> int | None:
        """A failed puzzle whose time to come back has come, if any (the longest due)."""
        waiting = [(turn, pid) for pid, turn in self.again.items() if turn <= self.tried]
        return min(waiting)[1] if waiting else None

    def count(
        self, puzzle_id: int, puzzle_rating: float, solved: bool, day: datetime.date | None
    ) -> None:
        """A try at a puzzle has ended: rate it if it is the first, keep the streak, and
        bring a failed one back later."""
        first = not self.seen(puzzle_id)
        if first:
            self.rating = after_puzzle(self.rating, puzzle_rating, solved)
        self.tried = one_more(self.tried)
        if solved:
            self.solved = one_more(self.solved)
            self.streak = one_more(self.streak)
            self.best_streak = max(self.best_streak, self.streak)
            self.solved_ids.add(puzzle_id)
            self.again.pop(puzzle_id, None)
            if day is not None:
                self.days.add(day.isoformat())
        else:
            self.streak = 0
            self.again[puzzle_id] = self.tried + COME_BACK_AFTER

    # --- JSON ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "rating": round(self.rating.rating, 3),
            "deviation": round(self.rating.deviation, 3),
            "volatility": round(self.rating.volatility, 6),
            "tried": self.tried,
            "solved": self.solved,
            "streak": self.streak,
            "best_streak": self.best_streak,
            "solved_ids": sorted(self.solved_ids),
            "again": {str(pid): turn for pid, turn in sorted(self.again.items())},
            "days": sorted(self.days),
            **self.extra,
        }

    @classmethod
    def from_json(cls, value: object, where: str) -> PuzzleStatistics:
        rating_keys = ("rating", "deviation", "volatility")
        known = (*rating_keys, *_COUNTS, "solved_ids", "again", "days")
        data, extra = known_fields(value, where, known)
        rating = Rating(
            _checked_number(data.get("rating", START_RATING), f"{where}.rating", 0, 5000),
            _checked_number(
                data.get("deviation", START_DEVIATION), f"{where}.deviation", 0, START_DEVIATION
            ),
            # Glicko-2 takes the volatility's logarithm: it must be above 0.
            _checked_number(
                data.get("volatility", START_VOLATILITY), f"{where}.volatility", 1e-6, 1
            ),
        )
        tried, solved, streak, best = (
            checked_count(data.get(key, 0), f"{where}.{key}") for key in _COUNTS
        )
        again_data = json_object(data.get("again", {}), f"{where}.again")
        if len(again_data) > MAX_KEPT:
            raise StatisticsError("file_not_object", where=f"{where}.again")
        again = {}
        for key, turn in again_data.items():
            if not _PUZZLE_ID.fullmatch(key):  # "²" is a digit to str.isdigit, not to int
                raise StatisticsError("file_not_count", where=f"{where}.again", value=key[:24])
            again[int(key)] = checked_count(turn, f"{where}.again")
        days = data.get("days", [])
        if not isinstance(days, list) or len(days) > MAX_KEPT:
            raise StatisticsError("file_not_list", where=f"{where}.days")
        for day in days:
            try:
                datetime.date.fromisoformat(day)
            except (TypeError, ValueError):
                raise StatisticsError(
                    "file_not_date", where=f"{where}.days", value=repr(day)[:24]
                ) from None
        return cls(
            rating,
            tried,
            solved,
            streak,
            best,
            set(_checked_ids(data.get("solved_ids", []), f"{where}.solved_ids")),
            again,
            set(days),
            extra,
        )


__all__ = ["COME_BACK_AFTER", "PuzzleStatistics"]
