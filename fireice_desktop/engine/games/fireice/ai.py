"""What the computer knows about Fire & Ice: its evaluation, its levels and its search.

The search is a negamax alpha-beta with iterative deepening, a transposition
table, and move ordering (the table's move, then moves that win, take an island
or give nothing away, then the history heuristic).  It works on plain integers
from the point of view of the side to move: ``me`` and ``opp`` are bitboards,
``ms``/``os`` the supplies, ``cm``/``co`` the 7-bit sets of islands each controls.

The evaluation reads the board island by island from a precomputed table
(``ISLAND_VALUE``): an island a side controls is worth 1 to it, one the opponent
controls 0; otherwise what it is worth depends on the class of the island's state
(both sides' pegs there, up to the symmetries of its lines), with values fitted to
the results of games (``weights.py``, written by ``scripts/fit_evaluation.py``).
Islands then combine along the seven lines of islands: the product of a side's
three island values is how close that line is to a win.

The level driver (:func:`fireice_desktop.engine.search.search`) runs this search
with iterative deepening; ``stop`` lets a caller (the desktop game) cancel it at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ...errors import Cancelled
from ...levels import Budget, Level
from ...treesearch import WIN, with_noise
from . import weights
from .board import HAS_LINE, HOLE_COUNT, ISLANDS, LINES, REACH
from .rules import Color, Move, Position
from .symmetry import SET_IMAGES

# --- the evaluation table ------------------------------------------------------------------

#: Being the side to move is worth something (in thousandths of a line, fitted).
TEMPO: Final = weights.TEMPO


def _build_island_value() -> tuple[int, ...]:
    """The table from the fitted values, one per class of an island's states.

    ``weights.ISLAND_VALUES`` keys each class (the orbit of a state under the
    permutations of the points that keep the lines) by its smallest ``(mine, theirs)``;
    every state of the class gets that value.  One pass per class, not per state.
    """
    table = [-1] * (1 << 14)
    for mine in range(128):
        for theirs in range(128):
            if mine & theirs or table[mine | theirs << 7] >= 0:
                continue
            images = {(image[mine], image[theirs]) for image in SET_IMAGES}
            value = weights.ISLAND_VALUES[min(images)]
            for a, b in images:
                table[a | b << 7] = value
    return tuple(max(value, 0) for value in table)


#: ``ISLAND_VALUE[mine | theirs << 7]``: the island's worth to the side owning ``mine``,
#: in hundredths, so a line's product is in millionths and the score, in thousandths of a
#: line, is their sum over a thousand.  Integers keep the sum exact, and so the same for a
#: position and its symmetric images (floats rounded differently as the order of the terms
#: changed); small ones keep it fast.
ISLAND_VALUE: Final[tuple[int, ...]] = _build_island_value()
_SHIFTS: Final = tuple(7 * i for i in range(7))
_ISLAND_OF: Final = tuple(h // 7 for h in range(HOLE_COUNT))
_FULL: Final = (1 << HOLE_COUNT) - 1


def evaluate(me: int, opp: int) -> int:
    """The position's worth to the side to move (``me``), in thousandths of a line."""
    value = ISLAND_VALUE
    mine = []
    theirs = []
    for shift in _SHIFTS:
        a = (me >> shift) & 127
        b = (opp >> shift) & 127
        mine.append(value[a | b << 7])
        theirs.append(value[b | a << 7])
    score = 0
    for x, y, z in LINES:
        score += mine[x] * mine[y] * mine[z] - theirs[x] * theirs[y] * theirs[z]
    # Rounded towards zero; the quotient of two integers this small is exact enough for that.
    return int(score / 1000) + TEMPO


def evaluate_position(position: Position) -> int:
    """:func:`evaluate` for a :class:`Position`, from the side to move's point of view."""
    if position.to_move is Color.FIRE:
        return evaluate(position.fire, position.ice)
    return evaluate(position.ice, position.fire)


def _control(board: int) -> int:
    mask = 0
    for island, shift in enumerate(_SHIFTS):
        if HAS_LINE[(board >> shift) & 127]:
            mask |= 1 << island
    return mask


def _build_win_islands() -> tuple[int, ...]:
    table = []
    for controlled in range(128):
        gaps = 0
        for island in range(7):
            if not controlled >> island & 1 and HAS_LINE[controlled | 1 << island]:
                gaps |= 1 << island
        table.append(gaps)
    return tuple(table)


#: ``WIN_ISLANDS[c]``: the islands whose control would complete a line of islands for a
#: side that controls the set ``c``.
WIN_ISLANDS: Final[tuple[int, ...]] = _build_win_islands()
_POINTS: Final = tuple(range(7))


def can_win(me: int, opp: int, cm: int, co: int) -> bool:
    """Whether the side to move (``me``, controlling ``cm``) has a move that wins at once."""
    gaps = WIN_ISLANDS[cm] & ~co
    if not gaps:
        return False
    empty = ~(me | opp) & _FULL
    for island in _POINTS:
        if not gaps >> island & 1:
            continue
        shift = 7 * island
        mine = (me >> shift) & 127
        free = (empty >> shift) & 127
        for point in _POINTS:
            if not free >> point & 1 or not HAS_LINE[mine | 1 << point]:
                continue
            target = shift + point
            sources = me & REACH[target]
            while sources:
                low = sources & -sources
                sources ^= low
                src = low.bit_length() - 1
                s_isl = _ISLAND_OF[src]
                if s_isl == island:
                    if HAS_LINE[(mine ^ (1 << (src - shift))) | 1 << point]:
                        return True
                    continue
                after = cm | 1 << island
                if after >> s_isl & 1 and not HAS_LINE[((me ^ low) >> (7 * s_isl)) & 127]:
                    after ^= 1 << s_isl
                if HAS_LINE[after]:
                    return True
    return False


# --- levels ----------------------------------------------------------------------------------


LEVELS: Final[dict[str, Level]] = {
    "beginner": Level("beginner", depth=1, nodes=10_000, noise=220, blunder=0.35),
    "casual": Level("casual", depth=2, nodes=20_000, noise=90, blunder=0.1),
    "strong": Level("strong", depth=3, nodes=20_000, noise=25, blunder=0.0),
    "expert": Level("expert", depth=12, nodes=160_000, noise=8, blunder=0.0),
}


# --- the search ------------------------------------------------------------------------------

_EXACT, _LOWER, _UPPER = 0, 1, 2


class BitboardSearch:
    """The Fire & Ice search on plain integers (see the module's docstring)."""

    def __init__(self, budget: Budget, stop: Callable[[], bool] | None) -> None:
        self.table: dict[tuple[int, int, int, int], tuple[int, int, int, int]] = {}
        self.history = [0] * (HOLE_COUNT * HOLE_COUNT)
        self.nodes = 0
        self.budget = budget
        self.stop = stop
        self.out_of_budget = False

    def ordered_moves(
        self, me: int, opp: int, os: int, cm: int, co: int, first: int
    ) -> list[tuple[int, int, int]]:
        """Every move as (order key, src, dst), best first."""
        empty = ~(me | opp) & _FULL
        history = self.history
        moves = []
        pegs = me
        while pegs:
            low = pegs & -pegs
            src = low.bit_length() - 1
            pegs ^= low
            targets = REACH[src] & empty
            if not targets:
                continue
            s_isl = _ISLAND_OF[src]
            s_shift = 7 * s_isl
            s_bit = 1 << (src - s_shift)
            my_src_pts = (me >> s_shift) & 127
            lose_src = HAS_LINE[my_src_pts] and not HAS_LINE[my_src_pts ^ s_bit]
            give = 0
            if os:
                opp_pts = ((opp >> s_shift) & 127) | s_bit
                if HAS_LINE[opp_pts] and not (co >> s_isl) & 1:
                    give = 1
            while targets:
                bit = targets & -targets
                targets ^= bit
                dst = bit.bit_length() - 1
                key = history[src * HOLE_COUNT + dst]
                d_isl = _ISLAND_OF[dst]
                if d_isl == s_isl:
                    pts = (my_src_pts ^ s_bit) | (1 << (dst - s_shift))
                    gains = HAS_LINE[pts] and not HAS_LINE[my_src_pts]
                    loses = HAS_LINE[my_src_pts] and not HAS_LINE[pts]
                else:
                    d_shift = 7 * d_isl
                    pts = ((me >> d_shift) & 127) | (1 << (dst - d_shift))
                    gains = HAS_LINE[pts] and not (cm >> d_isl) & 1
                    loses = lose_src
                if gains:
                    key += 1_000_000
                if loses:
                    key -= 400_000
                if give:
                    key -= 2_000_000
                if src * HOLE_COUNT + dst == first:
                    key += 100_000_000
                moves.append((key, src, dst))
        moves.sort(reverse=True)
        return moves

    def negamax(
        self, me: int, opp: int, ms: int, os: int, cm: int, co: int, depth: int,
        alpha: int, beta: int, ply: int,
    ) -> int:  # fmt: skip
        self.nodes += 1
        if self.nodes & 1023 == 0:
            if self.stop is not None and self.stop():
                raise Cancelled
            if self.budget.spent(self.nodes):
                self.out_of_budget = True
        if depth <= 0:
            if WIN_ISLANDS[cm] & ~co and can_win(me, opp, cm, co):
                return WIN - ply - 1
            return evaluate(me, opp)
        key = (me, opp, ms, os)
        entry = self.table.get(key)
        first = -1
        if entry is not None:
            e_depth, flag, score, first = entry
            if e_depth >= depth:
                if flag == _EXACT:
                    return score
                if flag == _LOWER and score >= beta:
                    return score
                if flag == _UPPER and score <= alpha:
                    return score
        moves = self.ordered_moves(me, opp, os, cm, co, first)
        if not moves:
            return -(WIN - ply)  # no legal move loses
        original_alpha = alpha
        best = -WIN - 1
        best_move = -1
        for _, src, dst in moves:
            s_bit = 1 << src
            new_me = me ^ s_bit ^ (1 << dst)
            new_opp = opp | s_bit if os else opp
            s_isl = _ISLAND_OF[src]
            d_isl = _ISLAND_OF[dst]
            new_cm = cm
            for island in (s_isl, d_isl):
                if HAS_LINE[(new_me >> (7 * island)) & 127]:
                    new_cm |= 1 << island
                else:
                    new_cm &= ~(1 << island)
            new_co = co
            if os and HAS_LINE[(new_opp >> (7 * s_isl)) & 127]:
                new_co |= 1 << s_isl
            if HAS_LINE[new_cm]:
                score = WIN - ply - 1
            elif HAS_LINE[new_co]:
                score = -(WIN - ply - 1)
            else:
                score = -self.negamax(
                    new_opp, new_me, os - 1 if os else 0, ms, new_co, new_cm,
                    depth - 1, -beta, -alpha, ply + 1,
                )  # fmt: skip
            if score > best:
                best = score
                best_move = src * HOLE_COUNT + dst
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self.history[best_move] += depth * depth
                        break
            if self.out_of_budget and ply > 0:
                break
        flag = _EXACT
        if best <= original_alpha:
            flag = _UPPER
        elif best >= beta:
            flag = _LOWER
        if not self.out_of_budget:
            self.table[key] = (depth, flag, best, best_move)
        return best

    def root(
        self, position: Position, depth: int, order: list[Move], noise: dict[Move, int]
    ) -> tuple[list[tuple[Move, int]], bool]:
        """Score every root move at ``depth`` (full window, so scores compare); best first."""
        if position.to_move is Color.FIRE:
            me, opp, ms, os = position.fire, position.ice, position.fire_supply, position.ice_supply
        else:
            me, opp, ms, os = position.ice, position.fire, position.ice_supply, position.fire_supply
        scored: list[tuple[Move, int]] = []
        for move in order:
            if self.stop is not None and self.stop():
                raise Cancelled
            src, dst = move
            s_bit = 1 << src
            new_me = me ^ s_bit ^ (1 << dst)
            new_opp = opp | s_bit if os else opp
            new_cm, new_co = _control(new_me), _control(new_opp)
            if HAS_LINE[new_cm]:
                score = WIN - 1
            elif HAS_LINE[new_co]:
                score = -(WIN - 1)
            else:
                best_so_far = max((s for _, s in scored), default=-WIN - 1)
                alpha = best_so_far - 2 * max(noise.values(), default=0) - 1
                score = -self.negamax(
                    new_opp, new_me, os - 1 if os else 0, ms, new_co, new_cm,
                    depth - 1, -WIN - 1, -alpha, 1,
                )  # fmt: skip
            if self.out_of_budget:
                # This move's search was cut short, so its score is not to be trusted.
                return scored, False
            scored.append((move, score))
        scored.sort(key=lambda item: with_noise(item, noise), reverse=True)
        return scored, True


def _immediate_wins(position: Position) -> list[Move]:
    mover = position.to_move
    return [m for m in position.legal_moves() if position.play_unchecked(m).winner is mover]


def explain(position: Position, move: Move) -> str:
    """Why ``move`` is good in ``position``, in a few words, where a reason is plain."""
    mover = position.to_move
    after = position.play_unchecked(move)
    if after.winner is mover:
        return "wins at once"
    gained = after.control(mover) & ~position.control(mover)
    threats = _immediate_wins(position._replace(to_move=mover.other))
    if threats and not _immediate_wins(after):
        islands = sorted({ISLANDS[m.dst // 7] for m in threats})
        return f"stops {mover.other.title} winning on {' or '.join(islands)}"
    if gained:
        names = [ISLANDS[i] for i in range(7) if gained >> i & 1]
        return f"takes control of {' and '.join(names)}"
    return ""


__all__ = [
    "LEVELS",
    "BitboardSearch",
    "evaluate",
    "evaluate_position",
    "explain",
]
