"""What the computer knows about Fire & Ice: its levels, the chance a score gives, why a
move is good, and (from the modules beside this one) its evaluation and its search.

The evaluation (:mod:`.ai.evaluation`) reads the board island by island from a table
fitted to the results of games; the search (:mod:`.ai.search`) is a negamax alpha-beta
on bitboards that stops at a horizon where the evaluation decides.  The level driver
(:func:`fireice_desktop.engine.search.search`) runs the search with iterative deepening;
``stop`` lets a caller (the desktop game) cancel it at once.
"""

from __future__ import annotations

from typing import Final, Literal

from ....levels import Level
from ....words import Words, all_of, any_of, say
from ..board import ISLANDS
from ..rules import Move, Position
from .evaluation import ISLAND_VALUE, TEMPO, can_win, evaluate, evaluate_position
from .search import BitboardSearch

# --- levels ----------------------------------------------------------------------------------


LEVELS: Final[dict[str, Level]] = {
    "beginner": Level("beginner", depth=1, nodes=10_000, noise=220, blunder=0.35),
    "casual": Level("casual", depth=2, nodes=20_000, noise=90, blunder=0.1),
    "strong": Level("strong", depth=3, nodes=20_000, noise=25, blunder=0.0),
    "expert": Level("expert", depth=48, nodes=250_000, noise=8, blunder=0.0),
}

#: The search that reviews a game (:mod:`....analysis.review`): the expert's, without its noise
#: and with a smaller budget, so that a 40-move game is reviewed in well under 20 seconds.
ANALYSIS: Final = Level("analysis", depth=48, nodes=80_000, noise=0, blunder=0.0)

#: The mover's chance of winning for an analysis score, ``1 / (1 + exp(-(a * score + b)))``,
#: fitted by ``scripts/fit_win_chance.py --games 500 --every 2`` (the casual and strong
#: levels, each against itself, seed 1): 7,016 positions, held-out log-loss 0.652 (a coin
#: 0.693).  ``b`` is the side to move's edge: at a score of 0 it wins 55 % of the time.
CHANCE_CURVE: Final = (0.004949, 0.2082)


def _immediate_wins(position: Position) -> list[Move]:
    mover = position.to_move
    return [m for m in position.legal_moves() if position.play_unchecked(m).winner is mover]


def explain(position: Position, move: Move) -> Words | Literal[""]:
    """Why ``move`` is good in ``position``, in a few words, where a reason is plain
    (``""`` where none is)."""
    mover = position.to_move
    after = position.play_unchecked(move)
    if after.winner is mover:
        return say("reason.wins_at_once")
    gained = after.control(mover) & ~position.control(mover)
    threats = _immediate_wins(position._replace(to_move=mover.other))
    if threats and not _immediate_wins(after):
        islands = sorted({ISLANDS[m.dst // 7] for m in threats})
        return say("reason.stops_win", side=mover.other.words, islands=any_of(islands))
    # What the mover could win with next, were it to move again: a threat to answer.
    wins_next = _immediate_wins(after._replace(to_move=mover))
    threat = None
    if wins_next:
        threat = any_of(sorted({ISLANDS[m.dst // 7] for m in wins_next}))
    if gained:
        taken = all_of([ISLANDS[i] for i in range(7) if gained >> i & 1])
        if threat is None:
            return say("reason.takes_control", islands=taken)
        return say("reason.takes_control_and_threatens", islands=taken, threat=threat)
    if threat is None:
        return ""
    return say("reason.threatens", islands=threat)


__all__ = [
    "ANALYSIS",
    "CHANCE_CURVE",
    "ISLAND_VALUE",
    "LEVELS",
    "TEMPO",
    "BitboardSearch",
    "can_win",
    "evaluate",
    "evaluate_position",
    "explain",
]
