"""Lessons, for every game: a position, a goal and a coach's words; the player makes the
moves.

A lesson's goal is a rule about the moves, not one scripted line: any move that reaches
it is right, and the search here decides which do.  A goal reached over several moves is
searched exactly: in a game between two sides, the other side answers as well as it can
against the goal; in a game played alone, the player's next move follows at once.

Every wrong move gets its :class:`Reason`, found from the position, never scripted per
move: what the move did and why it misses the goal, in words, with the moves that show
it (the other side's winning reply, the line that follows) and the cells to mark on the
board.  The game's ``harm`` says what a move does wrong whatever the goal (the game it
hands over, the island it hands over or gives up); else, in a goal over several moves
between two sides, the search here finds the other side's answer that puts the goal out
of reach; else the goal itself says why the move misses it (its ``miss``).

A lesson says which ideas it teaches and which it uses (a name each, ``"control"``), and
each reason which ideas its words use: the course takes them in order.  Stars: three for
a lesson done at the first try, two at the second, one after that.

Each game's lessons live in its own package (``engine/games/NAME/lessons.py``); their
words (title, the coach's introduction, the task, what it says when done) are in the
translations under ``lesson.<key>``.  No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..interface import GameState, Step
from ..registry import find_game
from ..words import Words, say

#: A goal judges the player's move: the position it was played in, the move, and the
#: position after it.  A lesson's goal also says why a move misses it: a ``miss(before,
#: move, after, moves)`` giving a :class:`Reason` (``moves``: the player's moves left,
#: this one counted), and an ``aim``, the words of what it asks ("takes island A").
Goal = Callable[[Any, Any, Any], bool]


@dataclass(frozen=True)
class Reason:
    """Why a wrong move misses a lesson's goal, found by the engine from the position.

    ``kind`` names what was found ("hands", "reply_wins", "no_line"...); ``words`` say it;
    ``show`` are moves to play on the board after the wrong one to show it (the other
    side's winning reply, the line a deal can still take); ``marks`` the cells to mark
    once they are played (the line not made, the iceberg not taken); ``uses`` the ideas
    the words rely on (see :class:`Lesson`).
    """

    kind: str
    words: Words
    show: tuple[Any, ...] = ()
    marks: tuple[int, ...] = ()
    uses: frozenset[str] = frozenset()


#: A game's look at a move whatever the goal: the position and the legal move, and the
#: reason the move is wrong if it does harm (``None``: no harm of its kind).
Harm = Callable[[Any, Any], Reason | None]


@dataclass(frozen=True)
class Lesson:
    """One lesson: where it starts, its goal, and how many of the player's moves it takes
    (any move that reaches the goal within them is right).

    ``reply`` picks the other side's answer in a goal over several moves, from the
    moves given (by default all; every answer leaves the goal within reach; without it,
    the first); ``harm`` is the game's look at a wrong move whatever the goal (see the
    module's doc); ``refusal`` says more than the rules about a move they refuse, where
    the game knows more (``None``: the rules' words say it).

    ``teaches`` names the ideas the lesson teaches and ``uses`` those it relies on,
    taught before: a lesson's words and the reasons its wrong moves get use no idea the
    course teaches later.
    """

    key: str
    start: Any
    goal: Goal
    par: int = 1
    reply: Callable[..., Any] | None = None
    harm: Harm | None = None
    refusal: Harm | None = None
    uses: frozenset[str] = frozenset()
    teaches: frozenset[str] = frozenset()

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


def _refutation(lesson: Lesson, position: Any, move: Any, moves: int) -> tuple[Any, bool] | None:
    """In a goal over ``moves`` moves between two sides: the other side's answer to the
    player's ``move`` that puts the goal out of reach (it wins at once, or no move of the
    player then reaches the goal within the moves left), and whether it wins; ``None``
    if every answer leaves the goal within reach."""
    after = _after(position, move)
    if after.is_over:
        return None
    winning, blocking = [], []
    for reply in after.legal_moves():
        answered = _after(after, reply)
        winner = _winner(answered)
        if winner == after.to_move:
            winning.append(reply)
        elif winner is None and not any(
            reaches(answered, m, lesson.goal, moves - 1) for m in answered.legal_moves()
        ):
            blocking.append(reply)
    found = winning or blocking
    if not found:
        return None
    reply = lesson.reply(after, found) if lesson.reply else found[0]
    return reply, bool(winning)


def explain(lesson: Lesson, position: Any, move: Any, moves: int) -> Reason:
    """Why the legal ``move``, played in ``position`` with ``moves`` of the player's moves
    left, misses ``lesson``'s goal (see the module's doc)."""
    if lesson.harm is not None:
        harm = lesson.harm(position, move)
        if harm is not None:
            return harm
    goal = lesson.goal
    after = _after(position, move)
    if moves > 1 and not _solo(position):
        refuted = _refutation(lesson, position, move, moves)
        aim = getattr(goal, "aim", None)
        uses = frozenset(getattr(goal, "uses", ()))
        if refuted is not None and aim is not None:
            reply, wins = refuted
            side = position.side_name(after.to_move)
            if wins:
                words = say("lesson.wrong_wins", move=str(move), side=side, reply=str(reply))
                return Reason("reply_wins", words, show=(reply,), uses=uses)
            values = {"move": str(move), "side": side, "reply": str(reply)}
            if moves == 2:  # the one move left: none of them reaches the goal
                words = say("lesson.wrong_stopped", aim=aim, **values)
            else:
                words = say("lesson.wrong_stopped_within", count=moves - 1, **values)
            return Reason("stopped", words, show=(reply,), uses=uses)
    miss = getattr(goal, "miss", None)
    if miss is not None:
        reason: Reason | None = miss(position, move, after, moves)
        if reason is not None:
            return reason
    task = say(f"lesson.{lesson.key}.task", side=_side_words(position, lesson.learner))
    return Reason("not_it", say("lesson.wrong", move=str(move), task=task))


def _side_words(position: Any, side: Any) -> Words | str:
    return "" if side is None else position.side_name(side)


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
        self._reasons: dict[tuple[Any, Any], Reason] = {}

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

    def reason(self, move: Any) -> Reason:
        """Why the wrong ``move`` misses the goal here (found once, then kept)."""
        key = (self.position, move)
        found = self._reasons.get(key)
        if found is None:
            found = self._reasons[key] = explain(self.lesson, self.position, move, self.left)
        return found

    def punishment(self, move: Any) -> Any | None:
        """After a wrong ``move``, the first move that shows why (the other side's reply,
        or in a game played alone the line that follows), if one does."""
        shown = self.reason(move).show
        return shown[0] if shown else None

    def why_wrong(self, move: Any) -> Words:
        """Why the wrong ``move`` misses the goal, in words."""
        return self.reason(move).words

    def refused(self, move: Any) -> Reason | None:
        """Why the rules refuse ``move`` here, said for the lesson, where the game knows
        more than the rules' words (``None``: they say it)."""
        refusal = self.lesson.refusal
        return refusal(self.position, move) if refusal is not None else None


def find_lesson(course: tuple[Lesson, ...], key: str) -> Lesson | None:
    """The lesson of ``course`` called ``key``."""
    return next((lesson for lesson in course if lesson.key == key), None)


__all__ = [
    "Goal",
    "Harm",
    "Lesson",
    "LessonAttempt",
    "Reason",
    "explain",
    "find_lesson",
    "reaches",
    "stars",
]
