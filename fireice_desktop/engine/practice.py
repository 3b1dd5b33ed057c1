"""Practise your mistakes: the positions of an analysed game where a move was a mistake
or a blunder, offered again to find a better move.

A move found in practice is right when the review would call it at least good: it is
judged as the review judges moves (:func:`~.analysis_verdicts.judge`, the played move
searched from the same position to the same depth as the best).  The same for every
game the computer reviews; no pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .analysis import Review
from .analysis_chances import assess
from .analysis_verdicts import Verdict, judge
from .interface import Step
from .words import Words, say

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
    """What practice made of a move: its verdict and whether it is right."""

    move: Any
    verdict: Verdict

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
        """The verdict the review would give ``move`` here."""
        assessed = assess(self.position, self.stop, move)
        before, after = assessed.position, assessed.played
        assert after is not None
        return Judged(move, judge(before, after, before.best is not None and move == before.best))

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
