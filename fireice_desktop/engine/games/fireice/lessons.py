"""Fire & Ice lessons: a position, a goal and a coach's words; the player makes the moves.

A lesson's goal is a rule about the moves, not one scripted line: any move that reaches
it is right, and the game's own search decides which do.  A goal reached over several
moves is searched exactly (the other side answering as well as it can against the
goal); a goal of winning is the puzzles' exact search (:mod:`.proof`).  A wrong move is
answered with the reply that shows why.  Stars: three for a lesson done at the first
try, two at the second, one after that.

The lessons' words (title, the coach's introduction, what it says when done) are in the
translations under ``lesson.<key>``.  No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from ...interface import Step
from .ai_evaluation import evaluate_position
from .board import ISLANDS, LINES, parse_hole
from .proof import Prover, winning_move
from .rules import PEGS_PER_SIDE, Color, Move, Position

#: A goal judges the player's move: the position it was played in, the move, and the
#: position after it (the opponent's peg dropped in).
Goal = Callable[[Position, Move, Position], bool]


def position(fire: str, ice: str, to_move: Color = Color.FIRE) -> Position:
    """A position from the holes of each side's pegs ("A1 A2 D4"); the supplies are what
    is left of each side's pegs."""
    fire_holes = [parse_hole(name) for name in fire.split()]
    ice_holes = [parse_hole(name) for name in ice.split()]
    fire_bits = sum(1 << hole for hole in fire_holes)
    ice_bits = sum(1 << hole for hole in ice_holes)
    return Position(
        fire_bits,
        ice_bits,
        PEGS_PER_SIDE - len(fire_holes),
        PEGS_PER_SIDE - len(ice_holes),
        to_move,
    )


def _island(letter: str) -> int:
    return ISLANDS.index(letter)


def _lines_of(island: int, pegs: int) -> set[tuple[int, int, int]]:
    """The lines of ``island`` that ``pegs`` fill."""
    mine = (pegs >> (7 * island)) & 127
    return {line for line in LINES if all(mine >> p & 1 for p in line)}


# --- the goals --------------------------------------------------------------------------


def within_island(before: Position, move: Move, after: Position) -> bool:
    """The peg stays on its island."""
    return move.src // 7 == move.dst // 7


def same_hole(before: Position, move: Move, after: Position) -> bool:
    """The peg goes to the same hole on another island."""
    return move.src % 7 == move.dst % 7 and move.src // 7 != move.dst // 7


def controls(letter: str, by: str = "any") -> Goal:
    """The mover controls island ``letter`` after the move (``by``: with an edge, a median
    or the circle), and the opponent gains no island by the peg dropped."""
    island = _island(letter)
    kinds = {"edge": LINES[0:3], "median": LINES[3:6], "circle": LINES[6:7], "any": LINES}

    def goal(before: Position, move: Move, after: Position) -> bool:
        mover = before.to_move
        if after.controller(island) is not mover:
            return False
        if after.control(mover.other) & ~before.control(mover.other):
            return False
        return bool(_lines_of(island, after.pegs(mover)) & set(kinds[by]))

    return goal


def takes_an_island(before: Position, move: Move, after: Position) -> bool:
    """The mover controls an island it did not, and hands the opponent none."""
    mover = before.to_move
    gained = after.control(mover) & ~before.control(mover)
    handed = after.control(mover.other) & ~before.control(mover.other)
    return bool(gained) and not handed


def wins(before: Position, move: Move, after: Position) -> bool:
    """The move wins at once."""
    return after.winner is before.to_move


def stops_the_threat(before: Position, move: Move, after: Position) -> bool:
    """After the move the opponent has no winning move (and has not won)."""
    return after.winner is None and not Prover().wins_within(after, 1)


@dataclass(frozen=True)
class Lesson:
    """One lesson: where it starts, its goal, and how many of the player's moves it takes
    (any move that reaches the goal within them is right)."""

    key: str
    start: Position
    goal: Goal
    par: int = 1


#: The lessons, in the order a new player takes them.
LESSONS: Final[tuple[Lesson, ...]] = (
    Lesson("moving", Position.start(), goal=within_island),
    Lesson("same_hole", position("D4 B2", "C4"), goal=same_hole),
    Lesson("drop", position("A1 A2 A4 B5", "B1 B2 C3 E7"), goal=controls("A")),
    Lesson("edge", position("E1 E2 G5 C7", "E4 D4 F3", Color.FIRE), goal=controls("E", "edge")),
    Lesson("median", position("F1 F4 A6 B2", "F2 F3 D4", Color.FIRE), goal=controls("F", "median")),
    Lesson("circle", position("C2 C3 G6 A1", "C1 C4 D4", Color.FIRE), goal=controls("C", "circle")),
    Lesson(
        "one_controller",
        position("D1 D2 B5 G4 C6", "G1 G3 G7 A6 E2", Color.FIRE),
        goal=takes_an_island,
    ),
    Lesson(
        "line",
        position("A1 A2 A5 D1 D4 D6 F5 F7 B6", "F1 F2 E4 C3 B4 G1", Color.FIRE),
        goal=wins,
    ),
    Lesson(
        "handed",
        position("D1 D2 B5 G5 C3", "A1 A2 A5 B1 B2 E1 E3 E7 F4", Color.FIRE),
        goal=controls("D"),
    ),
    Lesson(
        "threat",
        position("D1 D2 C5 G3 A7", "A1 A2 A5 B1 B2 B5 E1 E2 F5", Color.FIRE),
        goal=stops_the_threat,
    ),
    Lesson(
        "handicap",
        Position.start(handicap=(parse_hole("A1"), parse_hole("B2"), parse_hole("E5"))),
        par=2,
        goal=controls("A"),
    ),
)


def find_lesson(key: str) -> Lesson | None:
    for lesson in LESSONS:
        if lesson.key == key:
            return lesson
    return None


def stars(tries: int) -> int:
    """Stars for a lesson done at the ``tries``-th try: 3, 2, then 1."""
    return max(1, 4 - tries)


def reaches(before: Position, move: Move, goal: Goal, moves: int) -> bool:
    """Whether ``move`` reaches ``goal`` at once, or (with ``moves`` > 1) leaves every
    reply of the other side a move that reaches it within the moves left."""
    after = before.play_unchecked(move)
    if after.winner is before.to_move.other:
        return False
    if goal(before, move, after):
        return True
    if moves <= 1 or after.is_over:
        return False
    return all(
        any(reaches(replied, m, goal, moves - 1) for m in replied.legal_moves())
        for replied in (after.play_unchecked(r) for r in after.legal_moves())
        if replied.winner is None
    ) and not any(after.play_unchecked(r).winner is after.to_move for r in after.legal_moves())


class LessonAttempt:
    """One try at a lesson: the player's moves judged by its goal, the replies chosen."""

    def __init__(self, lesson: Lesson, stop: Callable[[], bool] | None = None) -> None:
        self.lesson = lesson
        self.position = lesson.start
        self.left = lesson.par
        #: The desktop game's way to cancel a judgement (a lesson's searches are short).
        self.stop = stop
        self.played: list[Move] = []
        self.failed = False

    @property
    def learner(self) -> Color:
        return self.lesson.start.to_move

    def keeps_goal(self, move: Move) -> bool:
        """Whether ``move`` reaches the goal within the moves left."""
        return reaches(self.position, move, self.lesson.goal, self.left)

    def right_moves(self) -> list[Move]:
        """Every move that reaches the goal here."""
        return [m for m in self.position.legal_moves() if self.keeps_goal(m)]

    def play(self, move: Move) -> Step:
        """Judge the player's legal ``move``; if right, play it (and, in a goal over
        several moves, the other side's answer: the one the evaluation likes best for it,
        as every answer leaves the goal within reach)."""
        if not self.keeps_goal(move):
            self.failed = True
            return Step(move, False, None, False)
        before = self.position
        self.played.append(move)
        self.position = before.play_unchecked(move)
        if self.position.winner is self.learner or self.lesson.goal(before, move, self.position):
            return Step(move, True, None, True)
        reply = min(
            self.position.legal_moves(),
            key=lambda r: evaluate_position(self.position.play_unchecked(r)),
        )
        self.played.append(reply)
        self.position = self.position.play_unchecked(reply)
        self.left -= 1
        return Step(move, True, reply, self.position.winner is self.learner)

    def punishment(self, move: Move) -> Move | None:
        """After a wrong ``move``, the other side's winning reply, if it has one: the
        reply that shows why (otherwise the move itself shows it, and there is none)."""
        return winning_move(self.position.play_unchecked(move))

    def handed(self, move: Move) -> int:
        """The islands ``move`` hands the other side (its dropped peg completes a line)."""
        after = self.position.play_unchecked(move)
        other = self.learner.other
        return after.control(other) & ~self.position.control(other)


__all__ = [
    "LESSONS",
    "Lesson",
    "LessonAttempt",
    "find_lesson",
    "position",
    "stars",
]
