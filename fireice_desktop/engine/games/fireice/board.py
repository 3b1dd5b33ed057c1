"""Board geometry: the 49 holes, their names and the seven Fano lines.

Holes are integers 0..48: ``island * 7 + hole`` where island 0..6 is A..G and
hole 0..6 is 1..7.  A set of holes is a *bitboard*, an int with bit ``h`` set
for hole ``h``.  Every table here is built once at import.
"""

from __future__ import annotations

from typing import Final

from ...errors import NotationError
from ...words import quoted

Hole = int
Bitboard = int

ISLANDS: Final = "ABCDEFG"
HOLE_COUNT: Final = 49
ALL_HOLES: Final[Bitboard] = (1 << HOLE_COUNT) - 1

#: The seven lines of the Fano plane, as 0-based points (point 0 is hole 1 or island A).
#: The same triples serve inside every island and between islands (RULES.md §1).
LINES: Final[tuple[tuple[int, int, int], ...]] = (
    (0, 1, 4),  # edge 1-2-5      islands A-B-E
    (0, 2, 6),  # edge 1-3-7      islands A-C-G
    (4, 5, 6),  # edge 5-6-7      islands E-F-G
    (0, 3, 5),  # median 1-4-6    islands A-D-F
    (4, 3, 2),  # median 5-4-3    islands E-D-C
    (6, 3, 1),  # median 7-4-2    islands G-D-B
    (1, 2, 5),  # circle 2-3-6    islands B-C-F
)

LINE_MASKS: Final[tuple[int, ...]] = tuple((1 << a) | (1 << b) | (1 << c) for a, b, c in LINES)


def _build_has_line() -> tuple[bool, ...]:
    return tuple(any(s & m == m for m in LINE_MASKS) for s in range(128))


#: ``HAS_LINE[s]`` tells whether the 7-bit set ``s`` holds a whole line.  One table
#: answers both "controls this island" (s = own pegs on the island) and "has won"
#: (s = islands controlled).
HAS_LINE: Final[tuple[bool, ...]] = _build_has_line()


def _build_line_of() -> tuple[int, ...]:
    result = []
    for s in range(128):
        line = -1
        for index, mask in enumerate(LINE_MASKS):
            if s & mask == mask:
                line = index
                break
        result.append(line)
    return tuple(result)


#: ``LINE_OF[s]``: index into ``LINES`` of the first whole line in ``s``, or -1.
LINE_OF: Final[tuple[int, ...]] = _build_line_of()


def has_line(points: int) -> bool:
    """Whether the 7-bit set ``points`` contains one of the seven lines."""
    return HAS_LINE[points & 127]


def island_of(hole: Hole) -> int:
    """The island (0..6, A..G) that ``hole`` belongs to."""
    return hole // 7


ISLAND_MASKS: Final[tuple[Bitboard, ...]] = tuple(127 << (7 * i) for i in range(7))
POINT_MASKS: Final[tuple[Bitboard, ...]] = tuple(
    sum(1 << (7 * i + p) for i in range(7)) for p in range(7)
)

#: ``REACH[h]``: the twelve holes a peg on ``h`` may move to on an empty board
#: (the other six holes of its island and the same hole on the six other islands).
REACH: Final[tuple[Bitboard, ...]] = tuple(
    (ISLAND_MASKS[h // 7] | POINT_MASKS[h % 7]) & ~(1 << h) for h in range(HOLE_COUNT)
)

#: ``REACH_LIST[h]``: the same twelve holes as a tuple.
REACH_LIST: Final[tuple[tuple[Hole, ...], ...]] = tuple(
    tuple(d for d in range(HOLE_COUNT) if REACH[h] >> d & 1) for h in range(HOLE_COUNT)
)

HOLE_NAMES: Final[tuple[str, ...]] = tuple(
    f"{ISLANDS[h // 7]}{h % 7 + 1}" for h in range(HOLE_COUNT)
)
_HOLE_BY_NAME: Final[dict[str, Hole]] = {name: h for h, name in enumerate(HOLE_NAMES)}


def hole_name(hole: Hole) -> str:
    """The upper-case name of a hole: ``hole_name(24) == "D4"``."""
    return HOLE_NAMES[hole]


def parse_hole(text: str) -> Hole:
    """Parse a hole name such as ``"D4"`` or ``" d4 "`` (case-insensitive).

    Raises :class:`NotationError` quoting the text if it names no hole.
    """
    hole = _HOLE_BY_NAME.get(text.strip().upper())
    if hole is None:
        raise NotationError.of("notation.not_a_hole", text=quoted(text))
    return hole


def parse_holes(text: str) -> list[Hole]:
    """Parse a comma-separated list of holes (``"A3,B5"``); an empty text is no holes."""
    if not text.strip():
        return []
    return [parse_hole(part) for part in text.split(",")]


def holes_of(board: Bitboard) -> list[Hole]:
    """The holes of a bitboard, in board order (A1, A2, ..., G7)."""
    holes = []
    while board:
        low = board & -board
        holes.append(low.bit_length() - 1)
        board ^= low
    return holes


def island_points(board: Bitboard, island: int) -> int:
    """The 7-bit set of points of ``island`` that ``board`` occupies."""
    return (board >> (7 * island)) & 127


def controlled_islands(board: Bitboard) -> int:
    """The 7-bit set of islands on which ``board`` has a whole line (control)."""
    line = HAS_LINE  # unrolled: the rules and the exact searches ask this very often
    return (
        line[board & 127]
        | line[(board >> 7) & 127] << 1
        | line[(board >> 14) & 127] << 2
        | line[(board >> 21) & 127] << 3
        | line[(board >> 28) & 127] << 4
        | line[(board >> 35) & 127] << 5
        | line[(board >> 42) & 127] << 6
    )


def can_move(src: Hole, dst: Hole) -> bool:
    """Whether the movement rule allows ``src`` to ``dst`` (ignoring occupancy)."""
    return bool(REACH[src] >> dst & 1)
