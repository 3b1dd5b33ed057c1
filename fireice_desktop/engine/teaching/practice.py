"""Practise your mistakes: the positions of an analysed game where a move was a mistake
or a blunder, offered again to find a better move.

A move found in practice is right when the review would call it at least good: it is
judged as the review judges moves (:func:`~.analysis.verdicts.judge`, the played move
searched from the same position to the same depth as the best; the review's better move
is the best, and a move the game's exact search shows to keep a proved win is good, as in
the review).  What the move does is said in a hint's words
(:meth:`~.registry.Game.explain`).  The same for every game the computer reviews; no
pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..analysis.chances import assess
from ..analysis.review import Review
from ..analysis.verdicts import Verdict, judge
from ..interface import Step
from ..registry import find_game
from ..words import Words, say

#: The verdicts practice offers again, and those a move found in practice must reach.
PRACTISED = (Verdict.MISTAKE, Verdict.BLUNDER)
RIGHT = (Verdict.BEST, Verdict.GOOD)


@dataclass(frozen=True)
class Mistake:
    """A move to practise: where it was played (``ply``), by whom, and the review's view."""

    ply: int
    position: Any
    played: Any
    mover: Any
    verdict: Verdict
    better: Any


def mistakes(review: Review, sides: Sequence[Any] | None = None) -> list[Mistake]:
    """The moves of ``review`` that were mistakes or blunders, in order; only those of
    ``sides`` if given (a person's, in a game against the computer)."""
    found = []
    for move in review.moves:
        if move.verdict not in PRACTISED or (sides is not None and move.mover not in sides):
            continue
        found.append(
            Mistake(
                move.ply,
                review.positions[move.ply],
                move.move,
                move.mover,
                move.verdict,
                move.better,
            )
        )
    return found


@dataclass
class Judged:
    """What practice made of a move: its verdict and whether it is right; what it does,
    in a hint's words (``reason``, ``""`` where nothing is plain to say); and
    ``keeps_win``, ``True`` only where the position was proved won and the move is proved
    to keep the forced win (the best move, or the game's exact search), else ``None``."""

    move: Any
    verdict: Verdict
    reason: Words | Literal[""] = ""
    keeps_win: bool | None = None

    @property
    def right(self) -> bool:
        return self.verdict in RIGHT


class PracticeAttempt:
    """One mistake tried again.  ``stop`` cancels the search behind a judgement."""

    def __init__(self, mistake: Mistake) -> None:
        self.mistake = mistake
        self.position = mistake.position
        self.stop: Callable[[], bool] | None = None
        self.played: list[Any] = []
        self.judged: Judged | None = None

    def judge(self, move: Any) -> Judged:
        """The verdict the review would give ``move`` here, and what the move does."""
        position = self.position
        game = find_game(position.game)
        assessed = assess(position, self.stop, move)
        before, after = assessed.position, assessed.played
        assert after is not None
        # The review's own better move is the best, as the review found it (it may have
        # searched deeper), unless this search proves that it hands over a win.
        better = move == self.mistake.better and not after.proven < 0 <= before.proven
        best = better or (before.best is not None and move == before.best)
        verdict = judge(before, after, best)
        keeps: bool | None = None
        if before.proven > 0:  # a proved win: the best move keeps it, another if shown to
            keeps = True if best else game.keeps_win(position, move) or None
            if keeps and verdict.is_error:
                verdict = Verdict.GOOD  # as the review judges it
        return Judged(move, verdict, game.explain(position, move), keeps)

    def play(self, move: Any) -> Step:
        """Judge ``move``: right (and done) when the review would call it at least good."""
        self.judged = self.judge(move)
        if self.judged.right:
            self.played.append(move)
            self.position = self.position.play_unchecked(move)
        return Step(move, self.judged.right, None, self.judged.right)

    def punishment(self, move: Any) -> None:
        """No reply is shown: the verdict says why."""
        return None

    def hint(self) -> Words:
        """A nudge: the piece to move (where the better move starts)."""
        better = self.mistake.better
        cell = self.position.cell_name(better.src if hasattr(better, "src") else better[0])
        return say("practice.hint", cell=cell)


__all__ = ["PRACTISED", "RIGHT", "Judged", "Mistake", "PracticeAttempt", "mistakes"]
