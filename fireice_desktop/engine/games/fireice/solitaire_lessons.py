"""The solitaire's lessons (:mod:`...lessons` says what a lesson is): every move takes a
peg of the other colour, and the colours take turns down to the last peg.

The lessons' words are in the translations under ``lesson.<key>``.
"""

from __future__ import annotations

from typing import Final

from ...lessons import Lesson
from ...words import Words, say
from .board import parse_hole
from .rules import Color, Move
from .solitaire import SolitairePosition


def deal(red: str, aqua: str) -> SolitairePosition:
    """A position from the holes of the red and the aqua pegs ("A1 C1"), either colour
    to move first."""
    fire = sum(1 << parse_hole(name) for name in red.split())
    ice = sum(1 << parse_hole(name) for name in aqua.split())
    return SolitairePosition(fire, ice, None)


def red_takes(before: SolitairePosition, move: Move, after: SolitairePosition) -> bool:
    """A red peg takes an aqua one."""
    return before.color_at(move.src) is Color.FIRE


def one_left(before: SolitairePosition, move: Move, after: SolitairePosition) -> bool:
    """Only one peg is left: the deal is won."""
    return after.pegs_left == 1


def _explain(position: SolitairePosition, move: Move) -> Words | None:
    """What a wrong capture did, when it ends the deal: the other colour has no capture
    left (``None`` otherwise: the task says it)."""
    mover = position.color_at(move.src)
    assert mover is not None
    after = position.play_unchecked(move)
    if after.is_over:
        return say(
            "lesson.solitaire_stuck",
            move=str(move),
            colour=position.side_name(mover.other),
            count=after.pegs_left,
        )
    return None


#: The lessons, in the order a new player takes them.
LESSONS: Final[tuple[Lesson, ...]] = (
    Lesson("solitaire_capture", deal("A1 D5", "A4 D7 F2"), goal=red_takes),
    Lesson("solitaire_turns", deal("A1 C1", "A2"), goal=one_left, par=2, explain=_explain),
)

__all__ = ["LESSONS", "deal", "one_left", "red_takes"]
