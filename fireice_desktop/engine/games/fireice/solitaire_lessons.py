"""The solitaire's lessons (:mod:`...teaching.lessons` says what a lesson is): every move takes a
peg of the other colour, and the colours take turns down to the last peg.

A wrong move's reason is found from the position: a capture that leaves the next colour
without one ends the deal (:func:`harm`); a capture by the wrong colour, or one after
which the longest line the deal can still take leaves more than one peg, is told by the
goal (found by trying every line: a lesson's deal has a few pegs).

The ideas the lessons teach: ``solitaire_capture`` (every move takes a peg of the other
colour) and ``solitaire_turns`` (the colours take turns; the deal ends when the colour
to move has no capture).  The lessons' words are in the translations under
``lesson.<key>``.
"""

from __future__ import annotations

from typing import Final

from ...teaching.lessons import Lesson, Reason
from ...words import say
from .board import parse_hole
from .rules import Color, Move
from .solitaire import SolitairePosition


def deal(red: str, aqua: str) -> SolitairePosition:
    """A position from the holes of the red and the aqua pegs ("A1 C1"), either colour
    to move first."""
    fire = sum(1 << parse_hole(name) for name in red.split())
    ice = sum(1 << parse_hole(name) for name in aqua.split())
    return SolitairePosition(fire, ice, None)


def _pegs(position: SolitairePosition) -> tuple[int, ...]:
    """The holes that hold a peg."""
    pegs = position.fire | position.ice
    return tuple(h for h in range(49) if pegs >> h & 1)


def harm(position: SolitairePosition, move: Move) -> Reason | None:
    """A capture that ends the deal with more than one peg: the other colour has no
    capture left (its pegs left are marked)."""
    mover = position.color_at(move.src)
    assert mover is not None
    after = position.play_unchecked(move)
    if after.is_over and after.pegs_left > 1:
        words = say(
            "lesson.solitaire_stuck",
            move=str(move),
            colour=position.side_name(mover.other),
            count=after.pegs_left,
        )
        return Reason("stuck", words, marks=_pegs(after), uses=frozenset({"solitaire_turns"}))
    return None


def longest_line(position: SolitairePosition) -> tuple[Move, ...]:
    """The longest line of captures the deal can still take from ``position`` (of equal
    ones, the first in board order): it leaves the fewest pegs."""
    best: tuple[Move, ...] = ()
    for move in position.legal_moves():
        line = (move, *longest_line(position.play_unchecked(move)))
        if len(line) > len(best):
            best = line
    return best


class RedTakes:
    """The goal of taking an aqua peg with a red one."""

    uses = frozenset({"solitaire_capture"})

    def __call__(self, before: SolitairePosition, move: Move, after: SolitairePosition) -> bool:
        return before.color_at(move.src) is Color.FIRE

    def miss(
        self, before: SolitairePosition, move: Move, after: SolitairePosition, moves: int
    ) -> Reason:
        """An aqua peg took a red one: the peg that took is marked."""
        words = say("lesson.solitaire_wrong_colour", move=str(move))
        return Reason("wrong_colour", words, marks=(move.dst,), uses=self.uses)


class OneLeft:
    """The goal of leaving one peg on the board."""

    uses = frozenset({"solitaire_turns"})

    def __call__(self, before: SolitairePosition, move: Move, after: SolitairePosition) -> bool:
        return after.pegs_left == 1

    def miss(
        self, before: SolitairePosition, move: Move, after: SolitairePosition, moves: int
    ) -> Reason:
        """The longest line the deal can take after the move, played on the board, and
        the pegs it leaves, marked."""
        line = longest_line(after)
        end = after
        for step in line:
            end = end.play_unchecked(step)
        stuck = end.to_move if end.to_move is not None else Color.FIRE
        words = say(
            "lesson.solitaire_no_way",
            move=str(move),
            line=", ".join(str(step) for step in line),
            colour=end.side_name(stuck),
            count=end.pegs_left,
        )
        return Reason("no_way", words, show=line, marks=_pegs(end), uses=self.uses)


red_takes = RedTakes()
one_left = OneLeft()


def lesson(
    key: str,
    start: SolitairePosition,
    goal: RedTakes | OneLeft,
    par: int = 1,
    uses: frozenset[str] = frozenset(),
    teaches: frozenset[str] = frozenset(),
) -> Lesson:
    """A solitaire lesson: the harm looked for is this game's."""
    return Lesson(key, start, goal, par, harm=harm, uses=uses, teaches=teaches)


#: The lessons, in the order a new player takes them.
LESSONS: Final[tuple[Lesson, ...]] = (
    lesson(
        "solitaire_capture",
        deal("A1 D5", "A4 D7 F2"),
        red_takes,
        uses=frozenset({"moving", "same_hole"}),
        teaches=frozenset({"solitaire_capture"}),
    ),
    # Four pegs, three captures: the colour that moves first also makes the last capture.
    lesson(
        "solitaire_turns",
        deal("A1 C1", "A2 A3"),
        one_left,
        par=3,
        uses=frozenset({"solitaire_capture"}),
        teaches=frozenset({"solitaire_turns"}),
    ),
)

__all__ = ["LESSONS", "deal", "harm", "longest_line", "one_left", "red_takes"]
