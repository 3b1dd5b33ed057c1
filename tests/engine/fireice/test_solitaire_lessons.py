"""The solitaire's lessons: each goal accepts exactly the moves that reach it (listed by
hand), and a wrong capture is explained by what it leaves."""

from __future__ import annotations

import pytest

from fireice_desktop.engine.games.fireice.rules import Move
from fireice_desktop.engine.games.fireice.solitaire_lessons import LESSONS
from fireice_desktop.engine.lessons import LessonAttempt, find_lesson
from tests.support.lessons import accepted

RIGHT: dict[str, set[str]] = {
    "solitaire_capture": {"A1-A4", "D5-D7"},
    "solitaire_turns": {"A2-A1"},
}


def test_every_lesson_is_listed() -> None:
    assert [lesson.key for lesson in LESSONS] == list(RIGHT)
    assert all(lesson.game == "solitaire" and lesson.learner is None for lesson in LESSONS)


@pytest.mark.parametrize("key", list(RIGHT))
def test_the_goal_accepts_exactly_the_right_moves(key: str) -> None:
    lesson, right = accepted(LESSONS, key)
    assert right == RIGHT[key]
    assert len(right) < len(lesson.start.legal_moves())  # a wrong move exists


def test_a_move_into_an_empty_hole_is_refused_by_the_rules() -> None:
    lesson = find_lesson(LESSONS, "solitaire_capture")
    assert lesson is not None
    assert lesson.start.illegal_reason(Move.parse("A1-A2")) is not None


def test_the_wrong_first_capture_is_explained_by_the_colour_left_without_one() -> None:
    lesson = find_lesson(LESSONS, "solitaire_turns")
    assert lesson is not None
    attempt = LessonAttempt(lesson)
    why = attempt.why_wrong(Move.parse("A1-A2"))
    assert why is not None
    assert str(why) == "After A1-A2 aqua has no capture: the deal ends with 2 pegs on the board."
    assert not attempt.play(Move.parse("A1-A2")).right
