"""What the lesson tests of every game ask: which moves a lesson's goal accepts."""

from __future__ import annotations

from typing import Any

from fireice_desktop.engine.lessons import Lesson, LessonAttempt, find_lesson


def accepted(course: tuple[Lesson, ...], key: str) -> tuple[Any, set[str]]:
    """Lesson ``key`` of ``course`` (which must not start over) and the moves its goal
    accepts at the start, as text."""
    lesson = find_lesson(course, key)
    assert lesson is not None and not lesson.start.is_over
    return lesson, {str(move) for move in LessonAttempt(lesson).right_moves()}
