"""The solitaire's lessons: each goal accepts exactly the moves that reach it (listed by
hand), a wrong capture is explained by what it leaves, and the lesson of turns says
what is true of its own deal."""

from __future__ import annotations

import pytest

from fireice_desktop.engine.games.fireice.rules import Move
from fireice_desktop.engine.games.fireice.solitaire_lessons import LESSONS, deal, lesson, one_left
from fireice_desktop.engine.teaching.lessons import LessonAttempt, find_lesson
from fireice_desktop.engine.words import say, spoken
from tests.support.lessons import accepted

RIGHT: dict[str, set[str]] = {
    "solitaire_capture": {"A1-A4", "D5-D7"},
    "solitaire_turns": {"A2-A1", "A3-A1"},
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
    # Three pegs, red A1 and C1, aqua A2: red first leaves aqua without a capture.
    turns = lesson("turns", deal("A1 C1", "A2"), one_left, par=2)
    attempt = LessonAttempt(turns)
    why = attempt.why_wrong(Move.parse("A1-A2"))
    assert why is not None
    assert str(why) == "After A1-A2 aqua has no capture: the deal ends with 2 pegs on the board."
    assert not attempt.play(Move.parse("A1-A2")).right


def test_a_first_capture_that_leads_nowhere_is_shown_to_its_end() -> None:
    # Red first (A1-A2): aqua's only capture follows, and red has none then: two pegs.
    turns = find_lesson(LESSONS, "solitaire_turns")
    assert turns is not None
    reason = LessonAttempt(turns).reason(Move.parse("A1-A2"))
    assert [str(m) for m in reason.show] == ["A3-A2"]
    assert str(reason.words) == (
        "A1-A2 leaves no way down to one peg: at best the deal goes on with A3-A2, "
        "then red has no capture and 2 pegs are left."
    )


def _solutions(position: object, moves: int) -> list[list[Move]]:
    """Every line of ``moves`` captures that leaves one peg."""
    if moves == 0:
        return [[]] if position.pegs_left == 1 else []  # type: ignore[attr-defined]
    return [
        [move, *rest]
        for move in position.legal_moves()  # type: ignore[attr-defined]
        for rest in _solutions(position.play(move), moves - 1)  # type: ignore[attr-defined]
    ]


NUMBERS = {"en": ("four pegs", "three captures"), "it": ("quattro pedine", "tre catture")}


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_lesson_of_turns_says_what_is_true_of_its_own_deal(language: str) -> None:
    turns = find_lesson(LESSONS, "solitaire_turns")
    assert turns is not None
    start = turns.start
    # Its words: four pegs, three captures, and the first colour to move is the colour
    # of the last peg.
    assert start.pegs_left == 4 and turns.par == 3
    intro = spoken(say("lesson.solitaire_turns.intro"), language).lower()
    done = spoken(say("lesson.solitaire_turns.done"), language).lower()
    pegs, captures = NUMBERS[language]
    assert pegs in intro and captures in done
    lines = _solutions(start, turns.par)
    assert lines
    for line in lines:  # every way to one peg
        end = start
        for move in line:
            end = end.play(move)
        assert end.color_at((end.fire | end.ice).bit_length() - 1) is start.color_at(line[0].src)
        assert end.color_at(line[-1].dst) is start.color_at(line[0].src)
    # And in a whole deal: 28 pegs, 27 captures, an odd number, as the words say.
    assert "28" in done and "27" in done and 27 % 2 == 1
