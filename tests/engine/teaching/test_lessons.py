"""What every game's lessons share: stars by the try, a goal over several moves searched
exactly, alone or against the other side, and the course's lessons found by name."""

from __future__ import annotations

from fireice_desktop.engine.games.fireice.lessons import LESSONS, position
from fireice_desktop.engine.games.fireice.rules import Move
from fireice_desktop.engine.games.fireice.solitaire_lessons import deal, one_left
from fireice_desktop.engine.teaching.lessons import (
    Lesson,
    LessonAttempt,
    find_lesson,
    reaches,
    stars,
)


def test_stars_follow_the_tries() -> None:
    assert [stars(t) for t in (1, 2, 3, 4, 9)] == [3, 2, 1, 1, 1]


def test_a_lesson_is_found_by_its_key_in_its_course() -> None:
    assert find_lesson(LESSONS, "drop") is LESSONS[5]
    assert find_lesson(LESSONS, "no such lesson") is None


def test_alone_a_goal_two_moves_away_needs_a_first_move_that_keeps_it() -> None:
    # Red A1, C1 and aqua A2: aqua must take first (A2-A1), then red C1-A1 leaves one peg.
    start = deal("A1 C1", "A2")
    assert reaches(start, Move.parse("A2-A1"), one_left, 2)
    assert not reaches(start, Move.parse("A1-A2"), one_left, 2)  # aqua has no capture then
    assert not reaches(start, Move.parse("A2-A1"), one_left, 1)  # one move is not enough
    attempt = LessonAttempt(Lesson("turns", start, one_left, par=2))
    step = attempt.play(Move.parse("A2-A1"))
    assert step.right and not step.solved and step.reply is None  # the player goes on
    assert [str(m) for m in attempt.right_moves()] == ["C1-A1"]
    assert attempt.play(Move.parse("C1-A1")).solved


def test_against_the_other_side_every_reply_must_leave_the_goal_in_reach() -> None:
    def onto_a3(before: object, move: Move, after: object) -> bool:
        return move.dst == Move.parse("A1-A3").dst

    def within_a(before: object, move: Move, after: object) -> bool:
        return move.dst // 7 == 0

    start = position("A1 B3", "C5")
    assert reaches(start, Move.parse("A1-A3"), onto_a3, 1)
    # After B3-B4, Ice's peg drops into B3 and can answer B3-A3: A3 is no longer sure...
    assert not reaches(start, Move.parse("B3-B4"), onto_a3, 2)
    # ...but a move within island A is, whatever Ice answers.
    assert reaches(start, Move.parse("B3-B4"), within_a, 2)
    assert not reaches(start, Move.parse("B3-B4"), within_a, 1)
