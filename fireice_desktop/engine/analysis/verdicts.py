"""How good a move was, judged by the chance its mover gave away (the chance before it,
less the chance after it; :mod:`.analysis.chances` says what a chance is):

========================  ==========  =====================================
verdict                   symbol      chance given away
========================  ==========  =====================================
best                                  none: the best move, or as good
good                                  under 5 points (of 100)
inaccuracy                ``?!``      5 to 10 points
mistake                   ``?``       10 to 15 points
blunder                   ``??``      15 points or more, or a forced loss
========================  ==========  =====================================

These are lichess's limits (0.1, 0.2 and 0.3 on its scale of -1 to 1).  A move that turns
a position the search has not proved lost into one it has is a blunder however little
the chance moved, and one that lets a forced win slip is at least a mistake.
"""

from __future__ import annotations

import math
from enum import Enum

from ..registry import Assessment
from ..words import Words, say


class Verdict(Enum):
    """How good a move was, with its conventional symbol."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def symbol(self) -> str:
        """``?!``, ``?`` or ``??`` (nothing for a good or best move)."""
        return _SYMBOLS[self]

    @property
    def is_error(self) -> bool:
        """Whether the move was an inaccuracy, a mistake or a blunder."""
        return self in _SYMBOLS and bool(_SYMBOLS[self])

    @property
    def words(self) -> Words:
        """The verdict's name (its :attr:`value` in English), for a player in any language."""
        return say(_VERDICT_KEYS[self])


_SYMBOLS = {
    Verdict.BEST: "",
    Verdict.GOOD: "",
    Verdict.INACCURACY: "?!",
    Verdict.MISTAKE: "?",
    Verdict.BLUNDER: "??",
}
_VERDICT_KEYS = {
    Verdict.BEST: "verdict_name.best",
    Verdict.GOOD: "verdict_name.good",
    Verdict.INACCURACY: "verdict_name.inaccuracy",
    Verdict.MISTAKE: "verdict_name.mistake",
    Verdict.BLUNDER: "verdict_name.blunder",
}

#: The chance a move may give away and still be a good move, an inaccuracy, a mistake.
GOOD_BELOW = 0.05
INACCURACY_BELOW = 0.10
MISTAKE_BELOW = 0.15
#: A move that gives away less than this is as good as the best.
AS_GOOD_AS_BEST = 0.01


def move_accuracy(loss: float) -> float:
    """A move's accuracy, 0 to 100, from the chance it gave away (lichess's curve:
    100 for no loss, about 80 for 5 points, 50 for 16, 10 for 50)."""
    value = 103.1668 * math.exp(-4.354 * loss) - 3.1669
    return max(0.0, min(100.0, value))


def judge(before: Assessment, after: Assessment, played_best: bool) -> Verdict:
    """The verdict on a move from the assessments before and after it (both from the
    mover's point of view: ``after`` already turned round when the turn changed)."""
    if played_best:
        return Verdict.BEST
    loss = max(0.0, before.chance - after.chance)
    if after.proven < 0 and before.proven >= 0:
        return Verdict.BLUNDER  # it hands over a win (or, in the solitaire, the deal)
    if loss < AS_GOOD_AS_BEST:
        return Verdict.BEST
    verdict = (
        Verdict.GOOD
        if loss < GOOD_BELOW
        else Verdict.INACCURACY
        if loss < INACCURACY_BELOW
        else Verdict.MISTAKE
        if loss < MISTAKE_BELOW
        else Verdict.BLUNDER
    )
    if before.proven > 0 and after.proven <= 0 and verdict in (Verdict.GOOD, Verdict.INACCURACY):
        return Verdict.MISTAKE  # a forced win let slip
    return verdict


__all__ = [
    "AS_GOOD_AS_BEST",
    "GOOD_BELOW",
    "INACCURACY_BELOW",
    "MISTAKE_BELOW",
    "Verdict",
    "judge",
    "move_accuracy",
]
