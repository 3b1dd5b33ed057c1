"""How the computer judges a Fire & Ice position without searching it: the evaluation,
and whether the side to move can win at once.

The evaluation reads the board island by island from a precomputed table
(``ISLAND_VALUE``): an island a side controls is worth 1 to it, one the opponent
controls 0; otherwise what it is worth depends on the class of the island's state
(both sides' pegs there, up to the symmetries of its lines), with values fitted to
the results of games (``weights.py``, written by ``scripts/fit_evaluation.py``).
Islands then combine along the seven lines of islands: the product of a side's
three island values is how close that line is to a win.

Both work on plain integers from the point of view of the side to move: ``me`` and
``opp`` are bitboards, ``cm``/``co`` the 7-bit sets of islands each controls.
"""

from __future__ import annotations

from typing import Final

from ..board import HAS_LINE, HOLE_COUNT, REACH
from ..rules import Color, Position
from ..symmetry import SET_IMAGES
from . import weights

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
#: ``ISLAND_OF[hole]``: the island the hole is on.
ISLAND_OF: Final = tuple(h // 7 for h in range(HOLE_COUNT))
#: ``ISLAND_SHIFT[hole]``: the shift that brings the hole's island down to bits 0..6.
ISLAND_SHIFT: Final = tuple(7 * island for island in ISLAND_OF)
#: ``ISLAND_BIT[hole]``: the hole's island in a 7-bit set of islands.
ISLAND_BIT: Final = tuple(1 << island for island in ISLAND_OF)
#: Every hole of the board, as a bitboard.
FULL: Final = (1 << HOLE_COUNT) - 1


def evaluate(me: int, opp: int) -> int:
    """The position's worth to the side to move (``me``), in thousandths of a line."""
    # Unrolled: this is the search's hot path.  ``m``/``t`` are the islands' values to
    # the side to move and to its opponent, in hundredths (``ISLAND_VALUE``).
    value = ISLAND_VALUE
    a = me & 127
    b = opp & 127
    m0 = value[a | b << 7]
    t0 = value[b | a << 7]
    a = (me >> 7) & 127
    b = (opp >> 7) & 127
    m1 = value[a | b << 7]
    t1 = value[b | a << 7]
    a = (me >> 14) & 127
    b = (opp >> 14) & 127
    m2 = value[a | b << 7]
    t2 = value[b | a << 7]
    a = (me >> 21) & 127
    b = (opp >> 21) & 127
    m3 = value[a | b << 7]
    t3 = value[b | a << 7]
    a = (me >> 28) & 127
    b = (opp >> 28) & 127
    m4 = value[a | b << 7]
    t4 = value[b | a << 7]
    a = (me >> 35) & 127
    b = (opp >> 35) & 127
    m5 = value[a | b << 7]
    t5 = value[b | a << 7]
    a = (me >> 42) & 127
    b = (opp >> 42) & 127
    m6 = value[a | b << 7]
    t6 = value[b | a << 7]
    score = (
        m0 * m1 * m4
        + m0 * m2 * m6
        + m4 * m5 * m6
        + m0 * m3 * m5
        + m4 * m3 * m2
        + m6 * m3 * m1
        + m1 * m2 * m5
        - t0 * t1 * t4
        - t0 * t2 * t6
        - t4 * t5 * t6
        - t0 * t3 * t5
        - t4 * t3 * t2
        - t6 * t3 * t1
        - t1 * t2 * t5
    )
    # Rounded towards zero; the quotient of two integers this small is exact enough for that.
    return int(score / 1000) + TEMPO


def evaluate_position(position: Position) -> int:
    """:func:`evaluate` for a :class:`Position`, from the side to move's point of view."""
    if position.to_move is Color.FIRE:
        return evaluate(position.fire, position.ice)
    return evaluate(position.ice, position.fire)


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
    empty = ~(me | opp) & FULL
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
                s_isl = ISLAND_OF[src]
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


__all__ = [
    "FULL",
    "ISLAND_BIT",
    "ISLAND_OF",
    "ISLAND_SHIFT",
    "ISLAND_VALUE",
    "TEMPO",
    "WIN_ISLANDS",
    "can_win",
    "evaluate",
    "evaluate_position",
]
