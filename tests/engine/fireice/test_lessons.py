"""The lessons: each goal accepts exactly the moves that reach it.

The right moves of every lesson are listed here by hand (each checked on the board), so
that a change to a lesson's position or goal shows; every lesson also has wrong moves,
and the wrong move each lesson warns about is answered as it says.
"""

from __future__ import annotations

import pytest

from fireice_desktop.engine.games.fireice.board import parse_hole
from fireice_desktop.engine.games.fireice.lessons import LESSONS, handed
from fireice_desktop.engine.games.fireice.rules import Color, Move
from fireice_desktop.engine.teaching.lessons import Lesson, LessonAttempt
from fireice_desktop.engine.teaching.lessons import find_lesson as find_in
from fireice_desktop.engine.words import Words


def find_lesson(key: str) -> Lesson | None:
    return find_in(LESSONS, key)


RIGHT: dict[str, set[str]] = {
    "moving": {f"D4-D{n}" for n in (1, 2, 3, 5, 6, 7)},
    "same_hole": {*(f"B2-{i}2" for i in "ACDEFG"), *(f"D4-{i}4" for i in "ABEFG")},
    "edge": {"G5-E5"},
    "median": {"A6-F6"},
    "circle": {"G6-C6"},
    "drop": {"A1-A7", "A2-A6", "A4-A5"},
    "one_controller": {"B5-D5"},
    "line": {"B6-F6"},
    "handed": {"G5-D5"},
    "threat": {"C5-E5"},
    "handicap": {"B2-A2", "E5-A5"},
}


def test_every_lesson_is_listed() -> None:
    assert [lesson.key for lesson in LESSONS] == list(RIGHT)


@pytest.mark.parametrize("key", list(RIGHT))
def test_the_goal_accepts_exactly_the_right_moves(key: str) -> None:
    lesson = find_lesson(key)
    assert lesson is not None and not lesson.start.is_over
    attempt = LessonAttempt(lesson)
    right = {str(move) for move in attempt.right_moves()}
    assert right == RIGHT[key]
    assert len(right) < len(lesson.start.legal_moves())  # a wrong move exists


def test_a_right_move_finishes_a_lesson_of_one_move() -> None:
    lesson = find_lesson("edge")
    assert lesson is not None
    attempt = LessonAttempt(lesson)
    step = attempt.play(Move.parse("G5-E5"))
    assert step.right and step.solved and step.reply is None
    assert attempt.position.controller(4) is Color.FIRE


def test_the_two_move_lesson_answers_and_then_is_reached() -> None:
    lesson = find_lesson("handicap")
    assert lesson is not None
    attempt = LessonAttempt(lesson)
    step = attempt.play(Move.parse("B2-A2"))
    assert step.right and not step.solved and step.reply is not None
    second = {str(m) for m in attempt.right_moves()}
    assert second and all(m.endswith("-A5") for m in second)
    step = attempt.play(attempt.position.parse_move(sorted(second)[0]))
    assert step.solved


def test_the_warned_moves_are_punished_as_the_lessons_say() -> None:
    # Lesson "drop": B5-A5 takes A but drops Ice's peg into B5, handing Ice island B
    # (its line is marked).
    drop = find_lesson("drop")
    assert drop is not None
    attempt = LessonAttempt(drop)
    assert not attempt.play(Move.parse("B5-A5")).right
    assert drop.start.play("B5-A5").controller(1) is Color.ICE
    assert handed(drop.start, Move.parse("B5-A5")) == 1 << 1  # island B
    assert attempt.punishment(Move.parse("B5-A5")) is None  # the drop itself shows it
    assert attempt.reason(Move.parse("B5-A5")).marks == tuple(
        parse_hole(h) for h in ["B1", "B2", "B5"]
    )
    why = attempt.why_wrong(Move.parse("B5-A5"))
    assert isinstance(why, Words)
    assert str(why).startswith("B5-A5 takes island A but hands Ice island B")
    # Lesson "handed": B5-D5 takes D and loses at once, on Fire's own move.
    loses = find_lesson("handed")
    assert loses is not None
    assert loses.start.play("B5-D5").winner is Color.ICE
    assert LessonAttempt(loses).punishment(Move.parse("B5-D5")) is None
    # Lesson "threat": a move elsewhere is answered by Ice's win.
    threat = find_lesson("threat")
    assert threat is not None
    attempt = LessonAttempt(threat)
    reply = attempt.punishment(Move.parse("D1-D3"))
    assert reply is not None and str(reply) == "F5-E5"
