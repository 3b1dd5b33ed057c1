"""The Fire & Ice search on plain integers: a negamax alpha-beta with principal-variation
null windows, a transposition table, and move ordering (the table's move, tried before
the others are made; then moves that take an island or give nothing away, then the
history heuristic).  At the horizon a side that can win at once has won
(:func:`~.ai.evaluation.can_win`), otherwise the evaluation decides.  It works from the
point of view of the side to move: ``me`` and ``opp`` are bitboards, ``ms``/``os`` the
supplies, ``cm``/``co`` the 7-bit sets of islands each controls.

The level driver (:func:`fireice_desktop.engine.search.search`) runs this search
with iterative deepening; ``stop`` lets a caller (the desktop game) cancel it at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Final

from ....errors import Cancelled
from ....levels import Budget
from ....treesearch import WIN, with_noise
from ..board import HAS_LINE, REACH, controlled_islands
from ..rules import Color, Move, Position
from .evaluation import FULL, ISLAND_BIT, ISLAND_SHIFT, WIN_ISLANDS, can_win, evaluate

# --- the move-ordering tables ---------------------------------------------------------------

_SHIFTS: Final = tuple(7 * i for i in range(7))


def _build_point_tables() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Tables by the 7-bit set of one side's points on an island (``mine``)."""
    holds = [0] * 128  # pegs of a controlled island whose leaving loses the control
    completes = [0] * 128  # empty points that would complete a line
    move_lines = [0] * (128 * 7)  # [mine * 7 + src]: points the peg on src may go to keep a line
    for mine in range(128):
        for point in range(7):
            bit = 1 << point
            if not mine & bit:
                if HAS_LINE[mine | bit]:
                    completes[mine] |= bit
                continue
            if HAS_LINE[mine] and not HAS_LINE[mine ^ bit]:
                holds[mine] |= bit
            for dst in range(7):
                if not mine & 1 << dst and HAS_LINE[mine ^ bit | 1 << dst]:
                    move_lines[mine * 7 + point] |= 1 << dst
    return tuple(holds), tuple(completes), tuple(move_lines)


_HOLDS, _COMPLETES, _MOVE_LINES = _build_point_tables()

#: By island state ``mine | theirs << 7``, each 0 where the opponent holds a line there:
#: the empty points that take the island for me (none where I hold it already), my pegs
#: that hold my line there, my pegs whose hole handed to the opponent gives it the island.
_TAKE_BY_STATE: Final = tuple(
    0 if HAS_LINE[state >> 7] or HAS_LINE[state & 127] else _COMPLETES[state & 127] & ~(state >> 7)
    for state in range(1 << 14)
)
_HOLD_BY_STATE: Final = tuple(
    0 if HAS_LINE[state >> 7] else _HOLDS[state & 127] for state in range(1 << 14)
)
_GIVE_BY_STATE: Final = tuple(
    0 if HAS_LINE[state >> 7] else state & _COMPLETES[state >> 7] for state in range(1 << 14)
)


# --- the search ------------------------------------------------------------------------------

_EXACT, _LOWER, _UPPER = 0, 1, 2
#: A move's order key is its worth shifted left by ``_CODE_BITS``, plus its code
#: ``src << 6 | dst``: integers sort faster than tuples, and in the same order as
#: ``(worth, src, dst)`` did.  The bonuses below are worths so shifted.
_CODE_BITS: Final = 12
_CODE_MASK: Final = (1 << _CODE_BITS) - 1
_TAKE: Final = 1_000_000 << _CODE_BITS  # the move takes an island
_AWAY: Final = -400_000 << _CODE_BITS  # it gives up one's own
_GIFT: Final = -2_000_000 << _CODE_BITS  # the hole left hands the opponent an island
#: Point 0 of every island: a hole's moves to other islands, shifted down by its point.
_COLUMN: Final = sum(1 << shift for shift in _SHIFTS)


#: ``_POINTS_OF[points]``: the points of a 7-bit set, lowest first.
_POINTS_OF: Final = tuple(
    tuple(point for point in range(7) if points >> point & 1) for points in range(128)
)
#: ``_COLUMN_OFFSETS[column]``: for ``column``, a subset of :data:`_COLUMN`, the distance
#: from a hole of island A to its point on each island of the set.
_COLUMN_OFFSETS: Final = {
    sum(1 << shift for i, shift in enumerate(_SHIFTS) if islands >> i & 1): tuple(
        shift for i, shift in enumerate(_SHIFTS) if islands >> i & 1
    )
    for islands in range(128)
}


class BitboardSearch:
    """The Fire & Ice search on plain integers (see the module's docstring)."""

    def __init__(self, budget: Budget, stop: Callable[[], bool] | None) -> None:
        self.table: dict[tuple[int, int, int, int], tuple[int, int, int, int]] = {}
        # The history heuristic, kept as order keys by move code (see _CODE_BITS).
        self.order = list(range(1 << _CODE_BITS))
        self.nodes = 0
        self.budget = budget
        self.stop = stop
        self.out_of_budget = False

    def ordered_moves(self, me: int, opp: int, os: int) -> list[int]:
        """Every move as an order key (see :data:`_CODE_BITS`), best first.

        The key adds to the history heuristic: taking an island (+1,000,000), giving up
        one's own (-400,000), handing the opponent an island with the peg put into the
        hole left (-2,000,000).
        """
        empty = ~(me | opp) & FULL
        # Per island, bitboards of: empty holes that take it for me when filled from
        # another island; my pegs that hold my line there; my pegs whose hole, handed
        # to the opponent, gives it the island.
        take = 0
        hold = 0
        give = 0
        for shift in _SHIFTS:
            state = (me >> shift) & 127 | ((opp >> shift) & 127) << 7
            take |= _TAKE_BY_STATE[state] << shift
            hold |= _HOLD_BY_STATE[state] << shift
            if os:
                give |= _GIVE_BY_STATE[state] << shift
        order = self.order
        moves: list[int] = []
        add = moves.append
        pegs = me
        while pegs:
            low = pegs & -pegs
            src = low.bit_length() - 1
            pegs ^= low
            targets = REACH[src] & empty
            if not targets:
                continue
            # The moves are dealt out by what they are worth: each group adds one bonus.
            gift = _GIFT if give & low else 0
            s_shift = ISLAND_SHIFT[src]
            here = (targets >> s_shift) & 127
            if here:
                # Moves on the island itself: which keep or make a line there.
                base = (src << 6) + s_shift  # the code of the move to the island's point 0
                my_pts = (me >> s_shift) & 127
                lines = _MOVE_LINES[my_pts * 7 + src - s_shift]
                if HAS_LINE[my_pts]:  # the moves that break my line there are worse
                    marked, bonus = here & ~lines, gift + _AWAY
                else:  # the moves that make a line there are better
                    marked, bonus = here & lines, gift + _TAKE
                if marked:
                    for point in _POINTS_OF[marked]:
                        add(order[base + point] + bonus)
                    here ^= marked
                for point in _POINTS_OF[here]:
                    add(order[base + point] + gift)
            # Moves to the same point of the other islands (the column of ``src``).
            point = src - s_shift
            column = (targets >> point) & _COLUMN
            if column:
                base = (src << 6) + point  # the code of the move to island A's point
                away = gift + _AWAY if hold & low else gift
                taking = (take >> point) & column
                if taking:
                    bonus = away + _TAKE
                    for offset in _COLUMN_OFFSETS[taking]:
                        add(order[base + offset] + bonus)
                    column ^= taking
                for offset in _COLUMN_OFFSETS[column]:
                    add(order[base + offset] + away)
        moves.sort(reverse=True)
        return moves

    def staged_moves(self, me: int, opp: int, os: int, first: int) -> Iterator[int]:
        """The table's move ``first`` first, then, only if that did not settle the node,
        the others best first: a node settled by the table's move makes no others."""
        yield first
        for key in self.ordered_moves(me, opp, os):
            if (key & _CODE_MASK) != first:
                yield key

    def check_budget(self) -> None:
        """Stop at once if asked to; note when the budget is spent (every 1024 nodes)."""
        if self.stop is not None and self.stop():
            raise Cancelled
        if self.budget.spent(self.nodes):
            self.out_of_budget = True

    def negamax(
        self, me: int, opp: int, ms: int, os: int, cm: int, co: int, depth: int,
        alpha: int, beta: int, ply: int,
    ) -> int:  # fmt: skip
        self.nodes += 1
        if self.nodes & 1023 == 0:
            self.check_budget()
        if depth <= 0:
            # The horizon: a side that can win at once has won, else the evaluation.
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
        original_alpha = alpha
        best = -WIN - 1
        best_move = -1
        index = -1
        if first < 0:
            moves: Iterable[int] = self.ordered_moves(me, opp, os)
        else:
            moves = self.staged_moves(me, opp, os, first)
        for index, order_key in enumerate(moves):
            src = (order_key >> 6) & 63
            dst = order_key & 63
            s_bit = 1 << src
            new_me = me ^ s_bit ^ (1 << dst)
            new_opp = opp | s_bit if os else opp
            # Only the islands left and reached can change hands.
            s_shift = ISLAND_SHIFT[src]
            s_island = ISLAND_BIT[src]
            new_cm = cm | s_island if HAS_LINE[(new_me >> s_shift) & 127] else cm & ~s_island
            d_shift = ISLAND_SHIFT[dst]
            if d_shift != s_shift:
                if HAS_LINE[(new_me >> d_shift) & 127]:
                    new_cm |= ISLAND_BIT[dst]
                else:
                    new_cm &= ~ISLAND_BIT[dst]
            new_co = co | s_island if os and HAS_LINE[(new_opp >> s_shift) & 127] else co
            if HAS_LINE[new_cm]:
                score = WIN - ply - 1
            elif HAS_LINE[new_co]:
                score = -(WIN - ply - 1)
            elif depth <= 1:
                # The reply is the horizon, whose score does not depend on the window: it
                # is scored here, once, without a search of its own.
                new_os = os - 1 if os else 0
                self.nodes += 1
                if self.nodes & 1023 == 0:
                    self.check_budget()
                if WIN_ISLANDS[new_co] & ~new_cm and can_win(new_opp, new_me, new_co, new_cm):
                    score = -(WIN - ply - 2)
                else:
                    score = -evaluate(new_opp, new_me)
            elif index == 0:
                score = -self.negamax(
                    new_opp, new_me, os - 1 if os else 0, ms, new_co, new_cm,
                    depth - 1, -beta, -alpha, ply + 1,
                )  # fmt: skip
            else:
                # Principal variation search: a later move only has to be shown no better
                # than the best so far (a null window); it is searched again in full only
                # if it is better.
                new_os = os - 1 if os else 0
                score = -self.negamax(
                    new_opp, new_me, new_os, ms, new_co, new_cm,
                    depth - 1, -alpha - 1, -alpha, ply + 1,
                )  # fmt: skip
                if alpha < score < beta:
                    score = -self.negamax(
                        new_opp, new_me, new_os, ms, new_co, new_cm,
                        depth - 1, -beta, -alpha, ply + 1,
                    )  # fmt: skip
            if score > best:
                best = score
                best_move = order_key & _CODE_MASK
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self.order[best_move] += depth * depth << _CODE_BITS
                        break
            if self.out_of_budget and ply > 0:
                break
        if index < 0:
            return -(WIN - ply)  # no legal move loses
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
            new_cm, new_co = controlled_islands(new_me), controlled_islands(new_opp)
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


__all__ = ["BitboardSearch"]
