"""Lessons, for every game: a position, a goal and a coach's words; the player makes the
moves.

A lesson's goal is a rule about the moves, not one scripted line: any move that reaches
it is right, and the search here decides which do.  A goal reached over several moves is
searched exactly: in a game between two sides, the other side answers as well as it can
against the goal; in a game played alone, the player's next move follows at once.  A
wrong move is answered with the reply that shows why, where the game's lessons know one.
Stars: three for a lesson done at the first try, two at the second, one after that.

Each game's lessons live in its own package (``engine/games/NAME/lessons.py``); their
words (title, the coach's introduction, the task, what it says when done) are in the
translations under ``lesson.<key>``.  No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .interface import GameState, Step
from .registry import find_game
from .words import Words

#: A goal judges the player's move: the position it was played in, the move, and the
#: position after it.
Goal = Callable[[Any, Any, Any], bool]


@dataclass(frozen=True)
class Lesson:
    """One lesson: where it starts, its goal, and how many of the player's moves it takes
    (any move that reaches the goal within them is right).

    ``reply`` picks the other side's answer in a goal over several moves (every answer
    leaves the goal within reach; by default the first); ``punish`` gives, after a wrong
    move, the other side's reply that shows why (or ``None``); ``explain`` says why a
    wrong move is wrong when no reply shows it (or ``None``).
    """

    key: str
    start: Any
    goal: Goal
    par: int = 1
    reply: Callable[[Any], Any] | None = None
    punish: Callable[[Any, Any], Any | None] | None = None
    explain: Callable[[Any, Any], Words | None] | None = None

    @property
    def game(self) -> str:
        """The registered name of the game the lesson is played in."""
        return str(self.start.game)

    @property
    def learner(self) -> Any:
        """The side the player moves (``None`` in a game played alone)."""
        return self.start.to_move


def stars(tries: int) -> int:
    """Stars for a lesson done at the ``tries``-th try: 3, 2, then 1."""
    return max(1, 4 - tries)


def _winner(position: GameState) -> Any:
    return find_game(position.game).winner(position)


def _solo(position: GameState) -> bool:
    return find_game(position.game).solo


def _after(position: Any, move: Any) -> Any:
    """``position`` after the legal ``move`` (without checking it again, where the game can)."""
    play = getattr(position, "play_unchecked", position.play)
    return play(move)


def reaches(before: GameState, move: Any, goal: Goal, moves: int) -> bool:
    """Whether ``move`` reaches ``goal`` at once, or (with ``moves`` > 1) keeps it within
    reach: in a game played alone, some next move reaches it within the moves left; in a
    game between two sides, every reply of the other side leaves such a move, and none
    wins."""
    after = _after(before, move)
    mover = before.to_move
    if not _solo(before) and _winner(after) not in (None, mover):
        return False
    if goal(before, move, after):
        return True
    if moves <= 1 or after.is_over:
        return False
    if _solo(before):
        return any(reaches(after, m, goal, moves - 1) for m in after.legal_moves())
    replied = [_after(after, r) for r in after.legal_moves()]
    if any(_winner(p) == after.to_move for p in replied):
        return False  # the other side could win at once
    return all(
        any(reaches(p, m, goal, moves - 1) for m in p.legal_moves())
        for p in replied
        if _winner(p) is None  # a reply that hands the player the game is no escape
    )


class LessonAttempt:
    """One try at a lesson: the player's moves judged by its goal, the replies chosen."""

    def __init__(self, lesson: Lesson, stop: Callable[[], bool] | None = None) -> None:
        self.lesson = lesson
        self.position: Any = lesson.start
        self.left = lesson.par
        #: The desktop game's way to cancel a judgement (a lesson's searches are short).
        self.stop = stop
        self.played: list[Any] = []
        self.failed = False

    @property
    def learner(self) -> Any:
        return self.lesson.learner

    def keeps_goal(self, move: Any) -> bool:
        """Whether ``move`` reaches the goal within the moves left."""
        return reaches(self.position, move, self.lesson.goal, self.left)

    def right_moves(self) -> list[Any]:
        """Every move that reaches the goal here."""
        return [m for m in self.position.legal_moves() if self.keeps_goal(m)]

    def play(self, move: Any) -> Step:
        """Judge the player's legal ``move``; if right, play it (and, in a goal over
        several moves between two sides, the other side's answer)."""
        if not self.keeps_goal(move):
            self.failed = True
            return Step(move, False, None, False)
        before = self.position
        self.played.append(move)
        self.position = _after(before, move)
        winner = None if _solo(before) else _winner(self.position)
        if self.lesson.goal(before, move, self.position) or (
            winner is not None and winner == self.learner
        ):
            return Step(move, True, None, True)
        self.left -= 1
        if _solo(before):
            return Step(move, True, None, False)
        legal = self.position.legal_moves()
        reply = self.lesson.reply(self.position) if self.lesson.reply else legal[0]
        self.played.append(reply)
        self.position = _after(self.position, reply)
        return Step(move, True, reply, _winner(self.position) == self.learner)

    def punishment(self, move: Any) -> Any | None:
        """After a wrong ``move``, the other side's reply that shows why, if the lesson
        knows one."""
        punish = self.lesson.punish
        return punish(self.position, move) if punish is not None else None

    def why_wrong(self, move: Any) -> Words | None:
        """Why ``move`` is wrong, in words, when no reply shows it (``None``: the task
        itself says it)."""
        explain = self.lesson.explain
        return explain(self.position, move) if explain is not None else None


def find_lesson(course: tuple[Lesson, ...], key: str) -> Lesson | None:
    """The lesson of ``course`` called ``key``."""
    return next((lesson for lesson in course if lesson.key == key), None)


__all__ = ["Goal", "Lesson", "LessonAttempt", "find_lesson", "reaches", "stars"]
