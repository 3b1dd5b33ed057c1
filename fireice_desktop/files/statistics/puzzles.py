"""The player's puzzles in the statistics file: the puzzle rating (Glicko-2), the puzzles
tried and solved, the streak, the failed puzzles that come back, and the days the
puzzle of the day was solved.

A puzzle is rated the first time it is tried, as on lichess: trying it again (a failed
puzzle coming back, or Try again) changes no rating.  A failed puzzle comes back after
:data:`COME_BACK_AFTER` other puzzles; solved then, it is off the list.
:meth:`PuzzleStatistics.next_puzzle` chooses the next one: short wins for a new player,
then the puzzle the rating predicts solving about two times in three.

The file keeps where the rating started (``start``: a new player's rating and
deviation).  A rating kept before there was such a field started at Glicko-2's 1500
and 350 (:data:`OLD_START`); read now, it is carried over to the present start
(:func:`~.engine.rating.carried_over`), not reset.  No pygame here.
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol, TypeVar

from ...engine.teaching.rating import (
    NEWCOMER,
    START_DEVIATION,
    START_RATING,
    START_VOLATILITY,
    Rating,
    after_puzzle,
    carried_over,
    expected_score,
)
from .checks import StatisticsError, checked_count, json_object, known_fields, one_more

#: How many other puzzles are tried before a failed one comes back.
COME_BACK_AFTER: Final = 5
#: A puzzle's id as a key of the file's ``again``: ASCII digits, at most nine.
_PUZZLE_ID: Final = re.compile(r"[0-9]{1,9}")
#: The most puzzle ids and days the file keeps (far more than are shipped).
MAX_KEPT: Final = 100_000
_COUNTS: Final = ("tried", "solved", "streak", "best_streak")
#: Where the rating of a file with no ``start`` began: Glicko-2's usual new player.
OLD_START: Final = Rating(START_RATING, START_DEVIATION, START_VOLATILITY)
#: A new player's first puzzles are short wins: the first :data:`FIRST_WINS_IN_ONE` wins
#: in 1, then wins in 2 up to :data:`FIRST_PUZZLES`.
FIRST_PUZZLES: Final = 10
FIRST_WINS_IN_ONE: Final = 5
#: The chance of solving it that the player's rating predicts for the next puzzle.
AIM: Final = 2 / 3
#: Puzzles whose predicted chance is within this of the nearest to :data:`AIM` are as
#: near: one of them is taken, in an order that mixes the games they come from.
NEAR: Final = 0.03


class RatedPuzzle(Protocol):
    """What the choice of the next puzzle needs to know of one."""

    @property
    def id(self) -> int: ...

    @property
    def rating(self) -> int: ...

    @property
    def win_in(self) -> int: ...


P = TypeVar("P", bound=RatedPuzzle)


def _mixed(puzzle_id: int) -> int:
    """A fixed order of the puzzles that does not follow their ids (puzzles with near ids
    come from the same game): Knuth's multiplicative hash."""
    return (puzzle_id * 2654435761) % 2**32


def _checked_number(value: object, where: str, low: float, high: float) -> float:
    if (
        not isinstance(value, (int, float))
        or isinstance(value, bool)
        or not math.isfinite(value)
        or not low <= value <= high
    ):
        raise StatisticsError("file_not_number", where=where, value=repr(value)[:24])
    return float(value)


def _checked_start(value: object, where: str) -> Rating:
    """The ``start`` a kept rating was reckoned from."""
    data = json_object(value, where)
    return Rating(
        _checked_number(data.get("rating"), f"{where}.rating", 0, 5000),
        # A start's deviation is more than nothing: the rating is reckoned from it.
        _checked_number(data.get("deviation"), f"{where}.deviation", 1, START_DEVIATION),
        START_VOLATILITY,
    )


def _checked_ids(value: object, where: str) -> list[int]:
    if not isinstance(value, list) or len(value) > MAX_KEPT:
        raise StatisticsError("file_not_list", where=where)
    return [checked_count(item, where) for item in value]


@dataclass
class PuzzleStatistics:
    """The puzzles as the player has played them."""

    rating: Rating = NEWCOMER
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

    @property
    def rated(self) -> int:
        """How many puzzles were rated: each puzzle tried, once."""
        return len(self.solved_ids | self.again.keys())

    def most_moves(self) -> int | None:
        """The longest win a new player's next puzzle may ask for (``None``: any)."""
        if self.rated < FIRST_WINS_IN_ONE:
            return 1
        return 2 if self.rated < FIRST_PUZZLES else None

    def chance(self, puzzle: RatedPuzzle) -> float:
        """The chance of solving ``puzzle`` that the player's rating predicts."""
        return expected_score(self.rating, puzzle.rating)

    def next_puzzle(self, puzzles: Sequence[P], skipped: Collection[int] = ()) -> P:
        """The puzzle to play next, of ``puzzles`` (none of ``skipped`` if it can be):

        - a failed puzzle whose time to come back has come (the longest due);
        - else, for a new player, a short win (:meth:`most_moves`) not tried yet;
        - else one not tried yet whose predicted chance is nearest :data:`AIM`.
        """
        most = self.most_moves()

        def fits(puzzle: RatedPuzzle) -> bool:
            return puzzle.id not in skipped and (most is None or puzzle.win_in == most)

        by_id = {puzzle.id: puzzle for puzzle in puzzles}
        due = sorted((turn, pid) for pid, turn in self.again.items() if turn <= self.tried)
        for _, pid in due:
            found = by_id.get(pid)
            if (
                found is not None
                and found.id not in skipped
                and (most is None or found.win_in <= most)
            ):
                return found
        fresh = [puzzle for puzzle in puzzles if not self.seen(puzzle.id)]
        pool = (
            [puzzle for puzzle in fresh if fits(puzzle)]
            or [puzzle for puzzle in fresh if puzzle.id not in skipped]
            or [puzzle for puzzle in puzzles if puzzle.id not in skipped]
            or list(puzzles)
        )
        distance = {puzzle.id: abs(self.chance(puzzle) - AIM) for puzzle in pool}
        nearest = min(distance.values())
        near = [puzzle for puzzle in pool if distance[puzzle.id] <= nearest + NEAR]
        return min(near, key=lambda puzzle: (_mixed(puzzle.id), puzzle.id))

    def to_settle(self, puzzles: Sequence[RatedPuzzle]) -> int:
        """About how many more new puzzles (each is rated once) the rating stays
        provisional for: the puzzles :meth:`next_puzzle` would choose are rated in turn,
        each as solved, until it is not.  The deviation hardly depends on the results,
        only on how far each puzzle is from the rating: the count is right to within one
        in almost every case of the tests' simulated players."""
        ahead = PuzzleStatistics(
            self.rating, self.tried, solved_ids=set(self.solved_ids), again=dict(self.again)
        )
        new = 0
        for _ in range(len(puzzles) + len(self.again)):
            if not ahead.rating.provisional:
                break
            puzzle = ahead.next_puzzle(puzzles)
            new += not ahead.seen(puzzle.id)
            ahead.count(puzzle.id, puzzle.rating, True, None)
        return max(new, 1) if self.rating.provisional else 0

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
            "start": {"rating": NEWCOMER.rating, "deviation": NEWCOMER.deviation},
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
        known = ("start", *rating_keys, *_COUNTS, "solved_ids", "again", "days")
        data, extra = known_fields(value, where, known)
        start = _checked_start(data["start"], f"{where}.start") if "start" in data else OLD_START
        rating = Rating(
            _checked_number(data.get("rating", start.rating), f"{where}.rating", 0, 5000),
            _checked_number(
                data.get("deviation", start.deviation),
                f"{where}.deviation",
                0,
                START_DEVIATION,
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
        solved_ids = set(_checked_ids(data.get("solved_ids", []), f"{where}.solved_ids"))
        if start != NEWCOMER:
            rating = carried_over(rating, start, NEWCOMER, len(solved_ids | again.keys()))
        return cls(
            rating,
            tried,
            solved,
            streak,
            best,
            solved_ids,
            again,
            set(days),
            extra,
        )


__all__ = [
    "AIM",
    "COME_BACK_AFTER",
    "FIRST_PUZZLES",
    "FIRST_WINS_IN_ONE",
    "OLD_START",
    "PuzzleStatistics",
    "RatedPuzzle",
]
