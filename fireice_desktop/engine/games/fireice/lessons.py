"""Fire & Ice lessons (:mod:`...lessons` says what a lesson is): moving, the dropped peg,
the lines of an island, a line of islands, a threat, a handicap game.

Each goal is a rule about the move, checked on the bitboards; a goal of stopping a
threat asks the puzzles' exact search (:mod:`.proof`).  A wrong move is answered with
the other side's winning reply when it has one, or told which islands it hands over.
The lessons' words are in the translations under ``lesson.<key>``.
"""

from __future__ import annotations

from typing import Final

from ...lessons import Goal, Lesson
from ...words import Words, say
from .ai_evaluation import evaluate_position
from .board import ISLANDS, LINES, parse_hole
from .proof import Prover, winning_move
from .rules import PEGS_PER_SIDE, Color, Move, Position, describe_islands


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


def _reply(position: Position) -> Move:
    """The other side's answer in a goal over several moves: the one the evaluation
    likes best for it (every answer leaves the goal within reach)."""
    return min(position.legal_moves(), key=lambda r: evaluate_position(position.play_unchecked(r)))


def _punish(position: Position, move: Move) -> Move | None:
    """After a wrong ``move``, the other side's winning reply, if it has one."""
    return winning_move(position.play_unchecked(move))


def handed(position: Position, move: Move) -> int:
    """The islands ``move`` hands the other side (its dropped peg completes a line)."""
    after = position.play_unchecked(move)
    other = position.to_move.other
    return after.control(other) & ~position.control(other)


def _explain(position: Position, move: Move) -> Words | None:
    """Why a wrong move is wrong when no winning reply shows it: the islands it hands over."""
    islands = handed(position, move)
    if not islands:
        return None
    side = position.side_name(position.to_move.other)
    return say("lesson.wrong_hands", move=str(move), side=side, islands=describe_islands(islands))


def lesson(key: str, start: Position, goal: Goal, par: int = 1) -> Lesson:
    """A Fire & Ice lesson: the replies, punishments and explanations are this game's."""
    return Lesson(key, start, goal, par, reply=_reply, punish=_punish, explain=_explain)


#: The lessons, in the order a new player takes them.
LESSONS: Final[tuple[Lesson, ...]] = (
    lesson("moving", Position.start(), goal=within_island),
    lesson("same_hole", position("D4 B2", "C4"), goal=same_hole),
    lesson("drop", position("A1 A2 A4 B5", "B1 B2 C3 E7"), goal=controls("A")),
    lesson("edge", position("E1 E2 G5 C7", "E4 D4 F3", Color.FIRE), goal=controls("E", "edge")),
    lesson("median", position("F1 F4 A6 B2", "F2 F3 D4", Color.FIRE), goal=controls("F", "median")),
    lesson("circle", position("C2 C3 G6 A1", "C1 C4 D4", Color.FIRE), goal=controls("C", "circle")),
    lesson(
        "one_controller",
        position("D1 D2 B5 G4 C6", "G1 G3 G7 A6 E2", Color.FIRE),
        goal=takes_an_island,
    ),
    lesson(
        "line",
        position("A1 A2 A5 D1 D4 D6 F5 F7 B6", "F1 F2 E4 C3 B4 G1", Color.FIRE),
        goal=wins,
    ),
    lesson(
        "handed",
        position("D1 D2 B5 G5 C3", "A1 A2 A5 B1 B2 E1 E3 E7 F4", Color.FIRE),
        goal=controls("D"),
    ),
    lesson(
        "threat",
        position("D1 D2 C5 G3 A7", "A1 A2 A5 B1 B2 B5 E1 E2 F5", Color.FIRE),
        goal=stops_the_threat,
    ),
    lesson(
        "handicap",
        Position.start(handicap=(parse_hole("A1"), parse_hole("B2"), parse_hole("E5"))),
        par=2,
        goal=controls("A"),
    ),
)


__all__ = ["LESSONS", "handed", "lesson", "position"]
