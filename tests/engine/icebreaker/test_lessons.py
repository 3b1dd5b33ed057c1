"""Icebreaker's lessons: each goal accepts exactly the moves that reach it (listed by
hand), the rules refuse a step away from the nearest iceberg with their reason, a move
that captures nothing is told so, and the lessons' words are true of their own seas."""

from __future__ import annotations

import pytest

from fireice_desktop.engine.games.icebreaker.board import Side
from fireice_desktop.engine.games.icebreaker.lessons import LESSONS, nearest_icebergs
from fireice_desktop.engine.teaching.lessons import LessonAttempt, find_lesson
from fireice_desktop.engine.words import say, spoken
from tests.support.lessons import accepted

RIGHT: dict[str, set[str]] = {
    "icebreaker_nearest": {"e5-d4"},
    "icebreaker_capture": {"c4-b4"},
    "icebreaker_half": {"d5-c4"},
}


def test_every_lesson_is_listed() -> None:
    assert [lesson.key for lesson in LESSONS] == list(RIGHT)
    assert all(lesson.learner is Side.RED for lesson in LESSONS)


@pytest.mark.parametrize("key", list(RIGHT))
def test_the_goal_accepts_exactly_the_right_moves(key: str) -> None:
    assert accepted(LESSONS, key)[1] == RIGHT[key]


@pytest.mark.parametrize("step", ["e5-e6", "e5-f5", "e5-d5", "e5-e4"])
def test_a_step_away_from_the_nearest_iceberg_is_refused_with_the_rule(step: str) -> None:
    # The nearest-iceberg lesson's only legal move is its right one: the other steps of
    # the ship are the wrong moves, and the rules say why.
    lesson = find_lesson(LESSONS, "icebreaker_nearest")
    assert lesson is not None
    move = lesson.start.parse_move(step)
    reason = lesson.start.illegal_reason(move)
    assert str(reason) == f"{step[3:]} is not closer to the nearest iceberg"


@pytest.mark.parametrize("key", ["icebreaker_capture", "icebreaker_half"])
def test_a_move_that_captures_nothing_is_wrong_and_said_so(key: str) -> None:
    lesson = find_lesson(LESSONS, key)
    assert lesson is not None
    wrong = [m for m in lesson.start.legal_moves() if str(m) not in RIGHT[key]]
    assert wrong
    attempt = LessonAttempt(lesson)
    assert str(attempt.why_wrong(wrong[0])).startswith(f"{wrong[0]} captures no iceberg:")
    assert not attempt.play(wrong[0]).right


def test_the_winning_capture_ends_the_game() -> None:
    lesson = find_lesson(LESSONS, "icebreaker_half")
    assert lesson is not None
    step = LessonAttempt(lesson).play(lesson.start.parse_move("d5-c4"))
    assert step.right and step.solved and step.reply is None


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_lessons_words_are_true_of_their_own_seas(language: str) -> None:
    nearest = find_lesson(LESSONS, "icebreaker_nearest")
    assert nearest is not None
    start = nearest.start
    board = start.board
    # "Your ship on e5 is two steps from c3": its nearest iceberg, two steps away.
    ship = board.parse_cell("e5")
    assert start.distance(ship) == 2
    assert nearest_icebergs(start, ship) == [board.parse_cell("c3")]
    intro = spoken(say("lesson.icebreaker_nearest.intro"), language)
    assert {"en": "two steps from c3", "it": "due passi da c3"}[language] in intro
    # A small lesson's sea: six icebergs, none captured (the panel says so, not 28 of 55).
    assert start.icebergs.bit_count() == 6 and start.red_score == start.black_score == 0
    # The last lesson is a whole sea's end: 27 and 25 captured, three left, 28 wins.
    half = find_lesson(LESSONS, "icebreaker_half")
    assert half is not None
    end = half.start
    assert (end.red_score, end.black_score, end.icebergs.bit_count()) == (27, 25, 3)
    assert end.red_score + end.black_score + 3 == board.iceberg_count == 55
    assert board.target == 28
    words = spoken(say("lesson.icebreaker_half.intro"), language)
    assert all(number in words for number in ("55", "28", "27", "25"))
