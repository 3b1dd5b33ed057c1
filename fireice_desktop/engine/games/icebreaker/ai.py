"""What the computer knows about Icebreaker: an evaluation, its levels, and hint reasons.

The evaluation counts icebergs already captured and the icebergs each side would
reach first: a breadth-first search spreads from both sides' ships at once over
the cells without ships, and each iceberg belongs to the side whose wave reaches
it first (half each on a tie).  Ships close to icebergs are worth a little more.
"""

from __future__ import annotations

from typing import Final, Literal

from ...levels import Level
from ...words import Words, say
from .board import Side, Step
from .rules import IcebreakerPosition

CAPTURED: Final = 100  # one iceberg in hand
NEARER: Final = 24  # one iceberg a side's ships reach first (half on a tie)
STEP: Final = 3  # each step a ship still has to go to its nearest iceberg
TEMPO: Final = 10  # being the side to move is worth something

#: The same level names as Fire & Ice.  A node costs more here (every position
#: measures distances), so budgets are smaller; branching is low, so depth comes cheap.
LEVELS: Final[dict[str, Level]] = {
    "beginner": Level("beginner", depth=1, nodes=2_000, noise=180, blunder=0.35),
    "casual": Level("casual", depth=2, nodes=4_000, noise=70, blunder=0.1),
    "strong": Level("strong", depth=4, nodes=8_000, noise=20, blunder=0.0),
    "expert": Level("expert", depth=12, nodes=30_000, noise=6, blunder=0.0),
}

#: The search that reviews a game (:mod:`...analysis.review`): the expert's without its noise and
#: with a smaller budget, so that a 60-move game is reviewed in about 20 seconds.
ANALYSIS: Final = Level("analysis", depth=12, nodes=12_000, noise=0, blunder=0.0)

#: The mover's chance of winning for an analysis score, ``1 / (1 + exp(-(a * score + b)))``,
#: fitted by ``scripts/fit_win_chance.py --game icebreaker --games 200 --every 3`` (the
#: casual and strong levels, each against itself, seed 1, side 5): 3,409 positions,
#: held-out log-loss 0.640 (a coin 0.693).
CHANCE_CURVE: Final = (0.005933, -0.0302)


def nearer_icebergs(position: IcebreakerPosition) -> tuple[int, int]:
    """Twice the icebergs Red's and Black's ships reach first (a tie counts one each)."""
    board = position.board
    free = board.all_cells & ~(position.red | position.black)
    icebergs = position.icebergs
    seen = 0
    red_wave, black_wave = board.spread(position.red) & free, board.spread(position.black) & free
    red = black = 0
    while red_wave or black_wave:
        both = red_wave & black_wave & icebergs
        red += 2 * (red_wave & ~black_wave & icebergs).bit_count() + both.bit_count()
        black += 2 * (black_wave & ~red_wave & icebergs).bit_count() + both.bit_count()
        seen |= red_wave | black_wave
        red_wave = board.spread(red_wave) & free & ~seen
        black_wave = board.spread(black_wave) & free & ~seen
    return red, black


def _distances(position: IcebreakerPosition, side: Side) -> int:
    total = 0
    ships = position.ships(side)
    while ships:
        low = ships & -ships
        ships ^= low
        distance = position.distance(low.bit_length() - 1)
        total += distance if distance is not None else 2 * position.size
    return total


def evaluate(position: IcebreakerPosition) -> int:
    """The position's worth to the side to move, in hundredths of an iceberg."""
    me = position.to_move
    red, black = nearer_icebergs(position)
    nearer = red - black if me is Side.RED else black - red
    captured = position.score(me) - position.score(me.other)
    steps = _distances(position, me.other) - _distances(position, me)
    return CAPTURED * captured + NEARER * nearer // 2 + STEP * steps + TEMPO


def capture_first(position: IcebreakerPosition, move: Step) -> int:
    """Move ordering: captures before plain steps."""
    return 1_000_000 if position.icebergs >> move.dst & 1 else 0


def explain(position: IcebreakerPosition, move: Step) -> Words | Literal[""]:
    """Why ``move`` is good, in a few words, where a reason is plain (``""`` where none
    is)."""
    mover = position.to_move
    after = position.play_unchecked(move)
    if after.winner is mover:
        return say("reason.wins_at_once")
    if after.to_move is mover:
        return say("reason.leaves_no_move", side=mover.other.words)
    if position.has_iceberg(move.dst):
        return say("reason.captures_iceberg")
    red, black = nearer_icebergs(position)
    red_after, black_after = nearer_icebergs(after)
    gain = (red_after - red) - (black_after - black)
    if mover is Side.BLACK:
        gain = -gain
    if gain >= 4:
        return say("reason.reaches_icebergs", count=gain // 2)
    return ""


__all__ = [
    "ANALYSIS",
    "CHANCE_CURVE",
    "LEVELS",
    "capture_first",
    "evaluate",
    "explain",
    "nearer_icebergs",
]
