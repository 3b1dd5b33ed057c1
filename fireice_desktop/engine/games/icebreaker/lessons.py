"""Icebreaker lessons (:mod:`...lessons` says what a lesson is): a ship steps towards its
nearest iceberg, a ship next to an iceberg captures one, and more than half of the
icebergs win.

The lessons' words are in the translations under ``lesson.<key>``.
"""

from __future__ import annotations

from typing import Final

from ...lessons import Goal, Lesson
from ...words import Words, say
from .board import DEFAULT_SIZE, HexBoard, Side, Step
from .rules import IcebreakerPosition


def sea(red: str, black: str, icebergs: str, **scores: int) -> IcebreakerPosition:
    """A position on the board of side 5, Red to move, from the cells of Red's ships,
    Black's ships and the icebergs ("e5 a1"); ``red_score`` and ``black_score`` as given."""
    board = HexBoard.of(DEFAULT_SIZE)

    def cells(text: str) -> int:
        return sum(1 << board.parse_cell(name) for name in text.split())

    return IcebreakerPosition(
        DEFAULT_SIZE,
        cells(red),
        cells(black),
        cells(icebergs),
        scores.get("red_score", 0),
        scores.get("black_score", 0),
        Side.RED,
    )


def moves_ship(cell: str) -> Goal:
    """The goal of moving the ship on ``cell`` (the rules allow it only towards its
    nearest iceberg)."""
    src = HexBoard.of(DEFAULT_SIZE).parse_cell(cell)

    def goal(before: IcebreakerPosition, move: Step, after: IcebreakerPosition) -> bool:
        return move.src == src

    return goal


def captures(before: IcebreakerPosition, move: Step, after: IcebreakerPosition) -> bool:
    """The move captures an iceberg."""
    return after.score(before.to_move) > before.score(before.to_move)


def wins(before: IcebreakerPosition, move: Step, after: IcebreakerPosition) -> bool:
    """The move wins: its side has captured more than half of the icebergs."""
    return after.winner is before.to_move


def _explain(position: IcebreakerPosition, move: Step) -> Words | None:
    """A move that captures nothing, where a capture was the task."""
    if position.has_iceberg(move.dst):
        return None
    return say("lesson.no_capture", move=str(move))


#: The lessons, in the order a new player takes them.
LESSONS: Final[tuple[Lesson, ...]] = (
    Lesson(
        "icebreaker_nearest",
        sea("e5", "a5 i5", "c3 a1 a2 i1 i2 e9"),
        goal=moves_ship("e5"),
    ),
    Lesson(
        "icebreaker_capture",
        sea("c4 g3", "a5 i5", "b4 e1 i1 g7 e8"),
        goal=captures,
        explain=_explain,
    ),
    Lesson(
        "icebreaker_half",
        sea("d5 f2", "d1 h5", "c4 i3 e9", red_score=27, black_score=25),
        goal=wins,
        explain=_explain,
    ),
)

__all__ = ["LESSONS", "captures", "moves_ship", "sea", "wins"]
