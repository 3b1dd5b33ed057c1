"""Icebreaker's sea (RULES.md §4): sides, board sizes, the hexhex grid of cells and steps.

The board is a hexagon of hexagons, side 4 to 8.  Cells are bits of one integer laid
out on an axial grid (row ``r``, column ``q``; bit ``r * width + q`` with one spare
column), so the six neighbours of every cell of a set are a handful of shifts.  Names
sit at the edges: ``a1`` is the first cell of the top row, ``e9`` the last cell of the
middle row on side 5.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Final, NamedTuple

from ...errors import NotationError
from ...words import Words, quoted, say

MIN_SIZE: Final = 4
MAX_SIZE: Final = 8
DEFAULT_SIZE: Final = 5
SHIPS_PER_SIDE: Final = 3

Cell = int  # a bit index on the board's axial grid (not a count of cells)
Cells = int  # a set of cells, as bits


class Side(enum.Enum):
    """A player of Icebreaker: Red moves first."""

    RED = 0
    BLACK = 1

    @property
    def other(self) -> Side:
        """The opposing side."""
        return Side.BLACK if self is Side.RED else Side.RED

    @property
    def key(self) -> str:
        """The lower-case name used in JSON and on the command line: ``"red"``/``"black"``."""
        return "red" if self is Side.RED else "black"

    @property
    def title(self) -> str:
        """The name a player reads: ``"Red"``/``"Black"``."""
        return "Red" if self is Side.RED else "Black"

    @property
    def words(self) -> Words:
        """:attr:`title` as :class:`~...words.Words`, for a player in any language."""
        return say("side.red") if self is Side.RED else say("side.black")

    @property
    def article(self) -> str:
        """The article before :attr:`title`: "a Red ship", "a Black ship"."""
        return "a"

    @property
    def ship_words(self) -> Words:
        """One of this side's ships: "a Red ship", "a Black ship"."""
        return say("piece.red_ship") if self is Side.RED else say("piece.black_ship")

    @property
    def symbol(self) -> str:
        """The letter on the text board: ``R`` for Red, ``B`` for Black."""
        return "R" if self is Side.RED else "B"

    @classmethod
    def parse(cls, text: str) -> Side:
        """``"red"``/``"black"`` in any case."""
        key = text.strip().lower()
        if key == "red":
            return cls.RED
        if key == "black":
            return cls.BLACK
        raise NotationError(f"{quoted(text)} is not an Icebreaker side: say red or black")


def check_size(size: int) -> int:
    """Return ``size`` if it is a board side this game plays (4 to 8), else raise."""
    if isinstance(size, bool) or not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(
            f"an Icebreaker board has side {MIN_SIZE} to {MAX_SIZE}, not {quoted(size)}"
        )
    return size


@dataclass(frozen=True, eq=False)
class HexBoard:
    """The geometry of the side-``size`` board: cells, names, neighbours, corners.

    Made once per size (:meth:`of`).  ``cells`` lists the cells row by row from the
    top, left to right; ``rows[r]`` are the cells of row ``r``.
    """

    size: int
    width: int  # bits per grid row
    cells: tuple[Cell, ...]
    rows: tuple[tuple[Cell, ...], ...]
    all_cells: Cells
    names: dict[Cell, str]
    by_name: dict[str, Cell]
    neighbours: dict[Cell, Cells]
    red_start: tuple[Cell, Cell, Cell]
    black_start: tuple[Cell, Cell, Cell]

    @staticmethod
    @cache
    def of(size: int) -> HexBoard:
        """The board of side ``size`` (4 to 8)."""
        check_size(size)
        n = size
        width = 2 * n  # columns 0..2n-2 hold cells; column 2n-1 stays empty as a gutter
        rows = []
        for r in range(2 * n - 1):
            first = max(0, n - 1 - r)
            last = min(2 * n - 2, 3 * n - 3 - r)
            rows.append(tuple(r * width + q for q in range(first, last + 1)))
        cells = tuple(cell for row in rows for cell in row)
        all_cells = 0
        for cell in cells:
            all_cells |= 1 << cell
        names = {}
        for r, row in enumerate(rows):
            for i, cell in enumerate(row):
                names[cell] = f"{chr(ord('a') + r)}{i + 1}"
        neighbours = {cell: spread_cells(1 << cell, width) & all_cells for cell in cells}
        middle = rows[n - 1]
        return HexBoard(
            size=n,
            width=width,
            cells=cells,
            rows=tuple(rows),
            all_cells=all_cells,
            names=names,
            by_name={name: cell for cell, name in names.items()},
            neighbours=neighbours,
            red_start=(rows[0][0], middle[-1], rows[-1][0]),
            black_start=(rows[0][-1], middle[0], rows[-1][-1]),
        )

    @property
    def cell_count(self) -> int:
        """How many cells the board has (61 on side 5)."""
        return len(self.cells)

    @property
    def iceberg_count(self) -> int:
        """How many icebergs the game starts with (55 on side 5)."""
        return len(self.cells) - 2 * SHIPS_PER_SIDE

    @property
    def target(self) -> int:
        """Icebergs a side must capture to win: more than half (28 on side 5)."""
        return self.iceberg_count // 2 + 1

    def name(self, cell: Cell) -> str:
        """The name of ``cell``: ``"a1"``."""
        return self.names[cell]

    def parse_cell(self, text: str) -> Cell:
        """The cell called ``text`` (any case); :class:`NotationError` if there is none."""
        name = text.strip().lower()
        cell = self.by_name.get(name)
        if cell is None:
            last_row = chr(ord("a") + len(self.rows) - 1)
            raise NotationError.of(
                "notation.not_a_cell", text=quoted(text.strip()), size=self.size, last_row=last_row
            )
        return cell

    def row_col(self, cell: Cell) -> tuple[int, int]:
        """The row (from the top) and the place in that row (from the left), from 0."""
        r, q = divmod(cell, self.width)
        return r, q - max(0, self.size - 1 - r)

    def spread(self, cells: Cells) -> Cells:
        """Every cell next to one of ``cells``."""
        return spread_cells(cells, self.width) & self.all_cells

    def cells_of(self, cells: Cells) -> list[Cell]:
        """The cells of a set, in board order (row by row)."""
        return [cell for cell in self.cells if cells >> cell & 1]


def spread_cells(cells: Cells, width: int) -> Cells:
    """Every neighbour of ``cells`` on a grid ``width`` bits wide (not cut to the board:
    callers mask with its cells)."""
    # Axial neighbours: (q±1, r), (q, r±1), (q+1, r-1), (q-1, r+1).
    return (
        (cells << 1)
        | (cells >> 1)
        | (cells << width)
        | (cells >> width)
        | (cells >> (width - 1))
        | (cells << (width - 1))
    )


_MOVE_RE = re.compile(r"\s*([a-z]\d{1,2})\s*-\s*([a-z]\d{1,2})\s*", re.IGNORECASE)


class Step(NamedTuple):
    """A ship's step from ``src`` to ``dst`` on the side-``size`` board; written ``a1-b2``."""

    src: Cell
    dst: Cell
    size: int = DEFAULT_SIZE

    @classmethod
    def parse(cls, text: str, size: int = DEFAULT_SIZE) -> Step:
        """Parse ``a1-b2`` (any case) for the side-``size`` board.

        Raises :class:`NotationError` quoting the text if it is not a move on that board.
        """
        match = _MOVE_RE.fullmatch(text)
        if match is None:
            raise NotationError.of("notation.not_a_move_cells", text=quoted(text.strip()))
        board = HexBoard.of(size)
        return cls(board.parse_cell(match.group(1)), board.parse_cell(match.group(2)), size)

    @staticmethod
    def parse_for(size: int) -> Callable[[str], Step]:
        """A parser of moves on the side-``size`` board."""
        return lambda text: Step.parse(text, size)

    def __str__(self) -> str:
        names = HexBoard.of(self.size).names
        return f"{names[self.src]}-{names[self.dst]}"

    def __repr__(self) -> str:
        return f"Step.parse({str(self)!r}, {self.size})"


__all__ = [
    "DEFAULT_SIZE",
    "MAX_SIZE",
    "MIN_SIZE",
    "SHIPS_PER_SIDE",
    "Cell",
    "Cells",
    "HexBoard",
    "Side",
    "Step",
    "check_size",
    "spread_cells",
]
