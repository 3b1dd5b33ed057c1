"""The board's symmetries, and the one place they pay: the root of the search.

The seven islands and the seven holes of each island are both Fano planes
(RULES.md §1), so any permutation of the islands that keeps the seven lines of
islands, combined with any permutation of the points that keeps the seven lines
inside an island, maps a position to one that plays exactly the same.  Each
group has 168 elements, so there are 168 x 168 symmetries of the board.

Most positions have no symmetry but the identity, so canonicalising every node
of a search costs far more than it saves.  Early in a game it is the other way
round: the starting position is kept by 576 symmetries, and its 12 legal moves
fall into only 2 classes of moves that play the same (after D4-A4, 96 symmetries
and 3 classes of 11 moves).  :func:`distinct_moves` finds those classes; the
search scores one move of each, which on the same node budget takes the expert
one ply deeper in the opening (``scripts/bench.py ai`` measures it).
"""

from __future__ import annotations

from typing import Final

from .board import HOLE_COUNT, LINES, Bitboard
from .rules import Move, Position


def _build_third() -> tuple[tuple[int, ...], ...]:
    third = [[-1] * 7 for _ in range(7)]
    for a, b, c in LINES:
        for x, y, z in ((a, b, c), (a, c, b), (b, c, a)):
            third[x][y] = third[y][x] = z
    return tuple(tuple(row) for row in third)


#: ``_THIRD[x][y]``: the third point on the line through points ``x`` and ``y``.
_THIRD: Final = _build_third()


def _build_group() -> tuple[tuple[int, ...], ...]:
    """Every permutation keeping the lines, from where it sends points 0, 1 and 2.

    Points 0, 1 and 2 are not on one line, and every other point is the third point
    of a line through two already placed (4 of 0 and 1, 6 of 0 and 2, 5 of 1 and 2,
    3 of 0 and 5), so a symmetry is any images ``a, b, c`` with ``c`` off the line
    through ``a`` and ``b``: 7 x 6 x 4 = 168 of them, the identity first.
    """
    group = []
    for a in range(7):
        for b in range(7):
            if b == a:
                continue
            for c in range(7):
                if c in (a, b, _THIRD[a][b]):
                    continue
                image_5 = _THIRD[b][c]
                group.append((a, b, c, _THIRD[a][image_5], _THIRD[a][b], image_5, _THIRD[a][c]))
    return tuple(group)


#: The 168 permutations of 0..6 that keep the Fano lines (``perm[point]`` is the image).
FANO_GROUP: Final[tuple[tuple[int, ...], ...]] = _build_group()


def _build_set_images() -> tuple[tuple[int, ...], ...]:
    images = []
    for perm in FANO_GROUP:
        row = [0] * 128
        for points in range(1, 128):
            low = points & -points
            row[points] = row[points ^ low] | 1 << perm[low.bit_length() - 1]
        images.append(tuple(row))
    return tuple(images)


#: ``SET_IMAGES[g][s]``: the 7-bit set ``s`` moved by ``FANO_GROUP[g]``.
SET_IMAGES: Final[tuple[tuple[int, ...], ...]] = _build_set_images()

Symmetry = tuple[int, int]  # (index of the islands' permutation, index of the points')


def _islands(board: Bitboard) -> tuple[int, ...]:
    return tuple((board >> (7 * island)) & 127 for island in range(7))


def stabilizer(fire: Bitboard, ice: Bitboard) -> list[Symmetry]:
    """Every symmetry that maps the pegs ``fire`` and ``ice`` onto themselves.

    A symmetry ``(s, t)`` sends hole ``(island, point)`` to
    ``(FANO_GROUP[s][island], FANO_GROUP[t][point])``.  For each permutation of the
    islands only the point permutations that already fit island A are tried, so
    this costs a few hundred table lookups, not 28,224 board images.
    """
    fire_sets = _islands(fire)
    ice_sets = _islands(ice)
    by_image_of_a: dict[tuple[int, int], list[int]] = {}
    for t, images in enumerate(SET_IMAGES):
        key = (images[fire_sets[0]], images[ice_sets[0]])
        by_image_of_a.setdefault(key, []).append(t)
    found = []
    for s, islands in enumerate(FANO_GROUP):
        for t in by_image_of_a.get((fire_sets[islands[0]], ice_sets[islands[0]]), ()):
            images = SET_IMAGES[t]
            if all(
                images[fire_sets[i]] == fire_sets[islands[i]]
                and images[ice_sets[i]] == ice_sets[islands[i]]
                for i in range(1, 7)
            ):
                found.append((s, t))
    return found


def map_hole(symmetry: Symmetry, hole: int) -> int:
    """Where ``symmetry`` sends ``hole``."""
    islands, points = FANO_GROUP[symmetry[0]], FANO_GROUP[symmetry[1]]
    return 7 * islands[hole // 7] + points[hole % 7]


def map_board(symmetry: Symmetry, board: Bitboard) -> Bitboard:
    """The bitboard ``board`` moved by ``symmetry``."""
    image = 0
    for hole in range(HOLE_COUNT):
        if board >> hole & 1:
            image |= 1 << map_hole(symmetry, hole)
    return image


def distinct_moves(position: Position, moves: list[Move] | None = None) -> list[Move]:
    """One move of each class of ``moves`` that the position's symmetries make equal.

    The moves kept are in their original order (each class is represented by its
    first member), so a caller's ordering survives.  With no symmetry but the
    identity the list comes back unchanged.
    """
    if moves is None:
        moves = position.legal_moves()
    group = stabilizer(position.fire, position.ice)
    if len(group) == 1:
        return list(moves)
    images = [
        tuple(7 * FANO_GROUP[s][h] + FANO_GROUP[t][p] for h in range(7) for p in range(7))
        for s, t in group
    ]
    seen: set[tuple[int, int]] = set()
    kept = []
    for move in moves:
        if (move.src, move.dst) in seen:
            continue
        kept.append(move)
        for image in images:
            seen.add((image[move.src], image[move.dst]))
    return kept


__all__ = [
    "FANO_GROUP",
    "SET_IMAGES",
    "Symmetry",
    "distinct_moves",
    "map_board",
    "map_hole",
    "stabilizer",
]
