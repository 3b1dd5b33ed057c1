"""Learn: the lessons of every installed game, one after the other, each on its game's
board (the course is :data:`..games.installed.LESSONS`, in the menu's order of the games).

Each lesson (:mod:`...engine.teaching.lessons`) is a position, a goal and the coach's words;
the player makes the moves, any move that reaches the goal is right, and a wrong one gets
the reason the engine finds for it: said, shown by the moves that follow it (the other
side's winning reply, the line a deal can still take) and marked on the board.  A step
the rules refuse is told with what the game knows of it (an Icebreaker ship's nearest
iceberg, marked).  Every lesson's title is drawn in the same letters.  Stars (three at
the first try, then fewer) are kept with the statistics by each lesson's key, so they
stay with their lesson whatever its place in the course; the last lesson leads to the
puzzles.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.teaching.lessons import Lesson, LessonAttempt, find_lesson, stars
from ...files.statistics.store import Statistics
from ..frame.navigation import Context
from ..game.trainer import JUDGING, PLAYING, SOLVED, TrainerScene
from ..games.installed import LESSONS, trainer_view
from ..toolkit.language import say, side_name, tr


def first_unfinished(done: dict[str, int]) -> Lesson:
    """The first lesson without stars, or the first lesson when all have some."""
    return next((lesson for lesson in LESSONS if not done.get(lesson.key)), LESSONS[0])


class LessonScene(TrainerScene):
    """One lesson at a time, from the first not done yet."""

    rows = (("try_again", "next"), ("puzzles", "menu"))
    words = "lesson"
    info_lines = ("progress", "stars")
    # One size of letters for every title, bold: each fits the narrowest panel in both
    # languages (a test measures them), so no title is drawn smaller than another.
    title_fits = ("#lesson_title", "#lesson_title")

    def __init__(self, ctx: Context, lesson: str | None = None) -> None:
        self.ctx = ctx
        done = ctx.files.statistics().lessons
        chosen = (find_lesson(LESSONS, lesson) if lesson else None) or first_unfinished(done)
        super().__init__(ctx, chosen.start, trainer_view)
        self._load(chosen)

    def _load(self, lesson: Lesson, tries: int = 1) -> None:
        self.lesson = lesson
        self.attempt = LessonAttempt(lesson)
        self.tries = tries
        self.restart_board(lesson.start, tr(f"lesson.{lesson.key}.intro"))

    @property
    def exercise(self) -> Any:
        return self.attempt

    @property
    def learner(self) -> Any:
        return self.lesson.learner

    @property
    def number(self) -> int:
        return LESSONS.index(self.lesson) + 1

    def solved_words(self) -> str:
        earned = stars(self.tries)
        words = tr(f"lesson.{self.lesson.key}.done")
        return f"{words} {tr('lesson.stars_earned', count=earned)}"

    def task(self) -> str:
        """The lesson's task, naming the player's side where there is one."""
        key = f"lesson.{self.lesson.key}.task"
        return tr(key) if self.learner is None else tr(key, side=side_name(self.learner))

    def wrong_words(self, move: Any, punishment: Any) -> str:
        """The reason the engine found for the wrong ``move`` (while judging it): its
        moves queued to be shown, its cells marked, its words."""
        reason = self.attempt.reason(move)
        self.queue.extend(reason.show)
        self.marks = reason.marks
        return say(reason.words)

    def update(self, dt: float) -> bool:
        refused = self.controller.refused
        self.controller.refused = None
        if self.controller.just_played is not None:
            self.marks = ()  # a refused step's marks go once a move is played
        busy = super().update(dt)
        if refused is not None and self.state == PLAYING:
            reason = self.attempt.refused(refused)
            if reason is not None:
                self.say(say(reason.words))
                self.marks = reason.marks
                return True
        return busy

    def done(self, solved: bool) -> str:
        if not solved:
            return " " + tr("lesson.try_again_hint")
        earned = stars(self.tries)
        key = self.lesson.key

        def count(statistics: Statistics) -> None:
            statistics.lessons[key] = max(statistics.lessons.get(key, 0), earned)

        self.ctx.files.change_statistics(count)
        if self.lesson is LESSONS[-1]:
            return " " + tr("lesson.all_done")
        return ""

    def actions(self) -> dict[str, Callable[[], None]]:
        return {
            "try_again": self.try_again,
            "next": self.next_lesson,
            "puzzles": lambda: self.nav.go("puzzles"),
            "menu": self.nav.show_menu,
        }

    def try_again(self) -> None:
        self._load(self.lesson, self.tries + (0 if self.state == SOLVED else 1))

    def next_lesson(self) -> None:
        index = LESSONS.index(self.lesson)
        if index + 1 == len(LESSONS):
            self.nav.go("puzzles")
            return
        # A screen of its own, on the board of the next lesson's game.
        self.nav.go("learn", lesson=LESSONS[index + 1].key)

    def panel_texts(self) -> dict[str, str]:
        done = self.ctx.files.statistics().lessons
        earned = done.get(self.lesson.key, 0)
        task = self.task()
        if self.state == SOLVED:
            task = tr("lesson.solved_short")
        elif self.state not in (PLAYING, JUDGING):
            task = self.task_words()
        return {
            "title": tr(f"lesson.{self.lesson.key}.title"),
            "task": task,
            "progress": tr("lesson.progress", number=self.number, count=len(LESSONS)),
            "stars": tr("lesson.best", count=earned) if earned else tr("lesson.not_done"),
        }

    def refresh(self) -> None:
        super().refresh()
        self.offer_try_again()


__all__ = ["LessonScene", "first_unfinished"]
