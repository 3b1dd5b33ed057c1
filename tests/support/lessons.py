"""What the lesson tests of every game ask: which moves a lesson's goal accepts, the
course in the order Learn takes it, the steps the rules refuse, and the ideas known by
a lesson."""

from __future__ import annotations

from typing import Any

from fireice_desktop.engine.games.fireice.lessons import LESSONS as FIRE_AND_ICE
from fireice_desktop.engine.games.fireice.solitaire_lessons import LESSONS as SOLITAIRE
from fireice_desktop.engine.games.icebreaker.lessons import LESSONS as ICEBREAKER
from fireice_desktop.engine.teaching.lessons import Lesson, LessonAttempt, find_lesson

#: Every game's lessons in the order Learn takes them (the menu's order of the games).
COURSE: tuple[Lesson, ...] = (*FIRE_AND_ICE, *SOLITAIRE, *ICEBREAKER)


def accepted(course: tuple[Lesson, ...], key: str) -> tuple[Any, set[str]]:
    """Lesson ``key`` of ``course`` (which must not start over) and the moves its goal
    accepts at the start, as text."""
    lesson = find_lesson(course, key)
    assert lesson is not None and not lesson.start.is_over
    return lesson, {str(move) for move in LessonAttempt(lesson).right_moves()}


def refused_steps(lesson: Lesson) -> list[Any]:
    """The moves of the player's pieces to a neighbouring cell (any cell, in a game of
    pegs) that the rules refuse at the start of ``lesson``."""
    start = lesson.start
    pieces = [c for c in range(128) if _holds(start, c) and start.color_at(c) == start.to_move]
    cells = [c for c in range(128) if _is_cell(start, c)]
    return [
        start.make_move(src, dst)
        for src in pieces
        for dst in cells
        if dst != src and start.illegal_reason(start.make_move(src, dst)) is not None
    ]


def _is_cell(position: Any, cell: int) -> bool:
    try:
        position.cell_name(cell)
    except (IndexError, KeyError):
        return False
    return True


def _holds(position: Any, cell: int) -> bool:
    return _is_cell(position, cell) and position.color_at(cell) is not None


def known_ideas(lesson: Lesson) -> frozenset[str]:
    """The ideas taught by ``lesson`` and by the lessons before it in the course."""
    index = COURSE.index(lesson)
    return frozenset(idea for earlier in COURSE[: index + 1] for idea in earlier.teaches)
