"""Uniformly random playouts: the inner loop of Monte-Carlo players and of the benchmark.

``random_playout`` plays uniformly random legal moves from a position to the end
of the game.  It follows exactly the rules of :class:`~.game.Position` (a test
replays its moves through ``Position.play``) but keeps its state in local lists
and integers, so that it runs several times faster than stepping positions.
"""

from __future__ import annotations

import random
from typing import Final

from ..board import HAS_LINE, HOLE_COUNT, REACH, REACH_LIST
from ..rules import Color, Move, Position

_SHIFT: Final = tuple(7 * (h // 7) for h in range(HOLE_COUNT))
_TRIES: Final = 24


def _all_moves(mine: list[int], empty: int) -> list[tuple[int, int]]:
    moves = []
    for src in mine:
        targets = REACH[src] & empty
        while targets:
            bit = targets & -targets
            moves.append((src, bit.bit_length() - 1))
            targets ^= bit
    return moves


def random_playout(
    position: Position, rng: random.Random | None = None, record: list[Move] | None = None
) -> Color:
    """Play uniformly random legal moves from ``position`` to the end; return the winner.

    Each legal move is equally likely at every turn.  If ``record`` is given, the
    moves played are appended to it.
    """
    won = position.winning_line()
    if won is not None:
        return won[0]
    rand = (rng or random).random
    side = position.to_move.value
    me, opp = (position.fire, position.ice) if side == 0 else (position.ice, position.fire)
    my_supply, opp_supply = (
        (position.fire_supply, position.ice_supply)
        if side == 0
        else (position.ice_supply, position.fire_supply)
    )
    # Each hole is in exactly one of three lists; ``where`` is its index there.
    where = [0] * HOLE_COUNT
    mine: list[int] = []
    theirs: list[int] = []
    empties: list[int] = []
    for hole in range(HOLE_COUNT):
        bucket = mine if me >> hole & 1 else theirs if opp >> hole & 1 else empties
        where[hole] = len(bucket)
        bucket.append(hole)
    my_control = opp_control = 0
    for island in range(7):
        if HAS_LINE[(me >> 7 * island) & 127]:
            my_control |= 1 << island
        if HAS_LINE[(opp >> 7 * island) & 127]:
            opp_control |= 1 << island
    full = (1 << HOLE_COUNT) - 1
    reach_list = REACH_LIST
    shift = _SHIFT
    has_line = HAS_LINE

    while True:
        if not mine:
            return Color(side ^ 1)  # no peg, so no legal move: the side to move loses
        empty = full & ~(me | opp)
        n_mine = len(mine)
        n_empty = len(empties)
        # Rejection sampling over (peg, one of its 12 reachable holes) or over
        # (empty hole, one of the 12 holes that reach it), whichever list is
        # shorter: every accepted pair is a legal move, each equally likely.
        src = -1
        if n_mine <= n_empty:
            for _ in range(_TRIES):
                r = int(rand() * 12 * n_mine)
                s = mine[r // 12]
                d = reach_list[s][r % 12]
                if empty >> d & 1:
                    src, dst = s, d
                    break
        else:
            for _ in range(_TRIES):
                r = int(rand() * 12 * n_empty)
                d = empties[r // 12]
                s = reach_list[d][r % 12]
                if me >> s & 1:
                    src, dst = s, d
                    break
        if src < 0:
            moves = _all_moves(mine, empty)
            if not moves:
                return Color(side ^ 1)
            src, dst = moves[int(rand() * len(moves))]
        if record is not None:
            record.append(Move(src, dst))

        src_bit = 1 << src
        me ^= src_bit | (1 << dst)
        # dst leaves the empties (swap-remove), src's slot in ``mine`` becomes dst.
        index = where[dst]
        last = empties.pop()
        if last != dst:
            empties[index] = last
            where[last] = index
        index = where[src]
        mine[index] = dst
        where[dst] = index
        if opp_supply:
            opp |= src_bit
            opp_supply -= 1
            where[src] = len(theirs)
            theirs.append(src)
            sh = shift[src]
            if has_line[(opp >> sh) & 127]:
                opp_control |= 1 << (sh // 7)
        else:
            where[src] = len(empties)
            empties.append(src)
        sh = shift[src]
        if not has_line[(me >> sh) & 127]:
            my_control &= ~(1 << (sh // 7))
        sh = shift[dst]
        if has_line[(me >> sh) & 127]:
            my_control |= 1 << (sh // 7)
        if has_line[my_control]:
            return Color(side)
        if has_line[opp_control]:
            return Color(side ^ 1)

        side ^= 1
        me, opp = opp, me
        my_supply, opp_supply = opp_supply, my_supply
        my_control, opp_control = opp_control, my_control
        mine, theirs = theirs, mine
