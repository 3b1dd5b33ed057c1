"""Icebreaker by Mark Steere (RULES.md §4): ships, icebergs and a hexhex sea.

The board is a hexagon of hexagons, side 4 to 8.  Cells are bits of one integer laid
out on an axial grid (row ``r``, column ``q``; bit ``r * width + q`` with one spare
column), so the six neighbours of every cell of a set are a handful of shifts, and the
distance from every cell to the nearest iceberg is a breadth-first search of a few
integer operations per ring.  Names sit at the edges: ``a1`` is the first cell of the
top row, ``e9`` the last cell of the middle row on side 5.

A :class:`IcebreakerPosition` is an immutable, hashable value; ``play(move)`` returns
the next one.  A side with no legal move passes: the position after a move is the
opponent's turn only if the opponent can move.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Final, NamedTuple

from .errors import IllegalMoveError, NotationError

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
    def article(self) -> str:
        """The article before :attr:`title`: "a Red ship", "a Black ship"."""
        return "a"

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
        raise NotationError(f"{text!r} is not an Icebreaker side: say red or black")


def check_size(size: int) -> int:
    """Return ``size`` if it is a board side this game plays (4 to 8), else raise."""
    if isinstance(size, bool) or not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"an Icebreaker board has side {MIN_SIZE} to {MAX_SIZE}, not {size!r}")
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
        neighbours = {cell: _spread(1 << cell, width) & all_cells for cell in cells}
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
            raise NotationError(
                f"{text.strip()!r} is not a cell of the side-{self.size} board "
                f"(rows a to {last_row}, cells numbered from the left)"
            )
        return cell

    def row_col(self, cell: Cell) -> tuple[int, int]:
        """The row (from the top) and the place in that row (from the left), from 0."""
        r, q = divmod(cell, self.width)
        return r, q - max(0, self.size - 1 - r)

    def spread(self, cells: Cells) -> Cells:
        """Every cell next to one of ``cells``."""
        return _spread(cells, self.width) & self.all_cells

    def cells_of(self, cells: Cells) -> list[Cell]:
        """The cells of a set, in board order (row by row)."""
        return [cell for cell in self.cells if cells >> cell & 1]


def _spread(cells: Cells, width: int) -> Cells:
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
            raise NotationError(
                f"{text.strip()!r} is not a move: write FROM-TO with two cells, like a1-b2"
            )
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


@lru_cache(maxsize=8192)
def _rings(size: int, ships: Cells, icebergs: Cells) -> tuple[Cells, ...]:
    """Cells by their distance to the nearest iceberg along ship-free paths.

    ``rings[k]`` holds the ship-free cells exactly ``k`` steps from an iceberg
    (``rings[0]`` the icebergs).  Cells no iceberg reaches are in no ring.
    """
    board = HexBoard.of(size)
    free = board.all_cells & ~ships
    width = board.width
    ring = icebergs
    seen = icebergs
    rings = [ring]
    while ring:
        ring = _spread(ring, width) & free & ~seen
        if not ring:
            break
        seen |= ring
        rings.append(ring)
    return tuple(rings)


class IcebreakerPosition(NamedTuple):
    """A position of Icebreaker.  Immutable and hashable; use :meth:`start`."""

    size: int
    red: Cells
    black: Cells
    icebergs: Cells
    red_score: int
    black_score: int
    to_move: Side

    @classmethod
    def start(cls, size: int = DEFAULT_SIZE) -> IcebreakerPosition:
        """Three ships each on alternate corners, an iceberg on every other cell, Red to move."""
        board = HexBoard.of(size)
        red = sum(1 << cell for cell in board.red_start)
        black = sum(1 << cell for cell in board.black_start)
        return cls(size, red, black, board.all_cells & ~red & ~black, 0, 0, Side.RED)

    # --- reading the position -------------------------------------------------------

    @property
    def board(self) -> HexBoard:
        """The board's geometry."""
        return HexBoard.of(self.size)

    def ships(self, side: Side) -> Cells:
        """The cells holding ``side``'s ships."""
        return self.red if side is Side.RED else self.black

    @property
    def all_ships(self) -> Cells:
        """Every cell holding a ship."""
        return self.red | self.black

    def score(self, side: Side) -> int:
        """How many icebergs ``side`` has captured."""
        return self.red_score if side is Side.RED else self.black_score

    def color_at(self, cell: Cell) -> Side | None:
        """The side whose ship is on ``cell``, or ``None``."""
        if self.red >> cell & 1:
            return Side.RED
        if self.black >> cell & 1:
            return Side.BLACK
        return None

    def has_iceberg(self, cell: Cell) -> bool:
        """Whether an iceberg floats on ``cell``."""
        return bool(self.icebergs >> cell & 1)

    @property
    def winner(self) -> Side | None:
        """The side that has captured more than half of the icebergs, if either has."""
        target = self.board.target
        if self.red_score >= target:
            return Side.RED
        if self.black_score >= target:
            return Side.BLACK
        return None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (it always ends with a winner)."""
        return self.winner is not None

    # --- distances and steps ------------------------------------------------------------

    def rings(self) -> tuple[Cells, ...]:
        """Ship-free cells by distance to the nearest iceberg (see :func:`_rings`)."""
        return _rings(self.size, self.red | self.black, self.icebergs)

    def distance(self, cell: Cell) -> int | None:
        """How many steps the ship on ``cell`` is from its nearest iceberg, going around
        ships; ``None`` if no iceberg can be reached."""
        around = self.board.neighbours[cell]
        for k, ring in enumerate(self.rings()):
            if around & ring:
                return k + 1
        return None

    def steps(self, cell: Cell) -> Cells:
        """The cells the ship on ``cell`` may step to: one step closer to its nearest
        iceberg(s).  Whoever's turn it is."""
        around = self.board.neighbours[cell]
        for ring in self.rings():
            if around & ring:
                return around & ring
        return 0

    def path(self, src: Cell, dst: Cell) -> list[Cell]:
        """A shortest path from the ship on ``src`` through ``dst`` (one of its steps)
        to the nearest iceberg, as the rule sheet draws it; ends on the iceberg."""
        rings = self.rings()
        board = self.board
        path = [src, dst]
        k = next(i for i, ring in enumerate(rings) if ring >> dst & 1)
        cell = dst
        while k > 0:
            k -= 1
            onward = board.neighbours[cell] & rings[k]
            # Of several equally short ways on, keep the one first in board order:
            # the drawing stays the same from frame to frame.
            cell = (onward & -onward).bit_length() - 1
            path.append(cell)
        return path

    def legal_moves(self) -> list[Step]:
        """The legal moves, in board order of (from, to); none once the game is over."""
        if self.is_over:
            return []
        return self._moves(self.to_move)

    def _moves(self, side: Side) -> list[Step]:
        rings = self.rings()
        neighbours = self.board.neighbours
        moves = []
        ships = self.ships(side)
        while ships:
            low = ships & -ships
            src = low.bit_length() - 1
            ships ^= low
            around = neighbours[src]
            for ring in rings:
                targets = around & ring
                if targets:
                    while targets:
                        bit = targets & -targets
                        moves.append(Step(src, bit.bit_length() - 1, self.size))
                        targets ^= bit
                    break
        return moves  # ships and targets come lowest bit first, which is board order

    def has_moves(self, side: Side) -> bool:
        """Whether ``side`` could move here if it were its turn."""
        rings = self.rings()
        reach = 0
        for ring in rings:
            reach |= ring
        return bool(self.board.spread(self.ships(side)) & reach)

    def illegal_reason(self, move: Step) -> str | None:
        """Why ``move`` is illegal here, in words, or ``None`` if it is legal."""
        board = self.board
        if move.size != self.size:
            return f"that move is for the side-{move.size} board, and this one has side {self.size}"
        src, dst = move.src, move.dst
        winner = self.winner
        if winner is not None:
            return f"the game is over: {winner.title} has won"
        side = self.color_at(src)
        if side is None:
            return f"there is no ship on {board.name(src)}"
        if side is not self.to_move:
            return (
                f"{board.name(src)} holds a {side.title} ship and it is {self.to_move.title}'s turn"
            )
        if src == dst:
            return "a ship must move to another cell"
        if not board.neighbours[src] >> dst & 1:
            return f"{board.name(dst)} is not next to {board.name(src)}: ships move one step"
        other = self.color_at(dst)
        if other is not None:
            return f"{board.name(dst)} holds a ship"
        steps = self.steps(src)
        if steps >> dst & 1:
            return None
        if not steps:
            return f"the ship on {board.name(src)} cannot reach any iceberg, so it cannot move"
        if board.neighbours[src] & self.icebergs:
            return f"{board.name(src)} is next to an iceberg and must capture one"
        return f"{board.name(dst)} is not closer to the nearest iceberg"

    def is_legal(self, move: Step) -> bool:
        """Whether ``move`` may be played here."""
        return self.illegal_reason(move) is None

    # --- the game interface's names -------------------------------------------------

    @property
    def piece(self) -> str:
        """What the pieces are called: "ship"."""
        return "ship"

    def parse_move(self, text: str) -> Step:
        """A move on this position's board from its text, ``a1-b2``."""
        return Step.parse(text, self.size)

    def make_move(self, src: Cell, dst: Cell) -> Step:
        """The step of the ship on ``src`` to ``dst``."""
        return Step(src, dst, self.size)

    def cell_name(self, cell: Cell) -> str:
        """The name of a cell: ``"a1"``."""
        return self.board.name(cell)

    def side_name(self, side: Side) -> str:
        """ "Red" or "Black"."""
        return side.title

    def stuck_reason(self, cell: Cell) -> str:
        """Why the ship on ``cell`` cannot move: ships wall it off from every iceberg."""
        return f"The ship on {self.cell_name(cell)} cannot reach any iceberg: ships block its way."

    def play(self, move: Step | str) -> IcebreakerPosition:
        """The position after ``move`` (a :class:`Step` or its text).

        Raises :class:`IllegalMoveError` naming the move and why; the position is unchanged.
        """
        if isinstance(move, str):
            move = self.parse_move(move)
        reason = self.illegal_reason(move)
        if reason is not None:
            raise IllegalMoveError(f"{move}: {reason}")
        return self.play_unchecked(move)

    def play_unchecked(self, move: Step) -> IcebreakerPosition:
        """The position after a move already known to be legal (the search's fast path)."""
        src_bit, dst_bit = 1 << move.src, 1 << move.dst
        captured = 1 if self.icebergs & dst_bit else 0
        icebergs = self.icebergs & ~dst_bit
        red, black = self.red, self.black
        red_score, black_score = self.red_score, self.black_score
        mover = self.to_move
        if mover is Side.RED:
            red = red ^ src_bit ^ dst_bit
            red_score += captured
        else:
            black = black ^ src_bit ^ dst_bit
            black_score += captured
        after = IcebreakerPosition(
            self.size, red, black, icebergs, red_score, black_score, mover.other
        )
        if after.is_over or after.has_moves(mover.other):
            return after
        return after._replace(to_move=mover)  # the opponent cannot move, so passes

    def summary(self) -> str:
        """Side to move (or result) and the scores, in a few words."""
        winner = self.winner
        state = f"{winner.title} has won" if winner is not None else f"{self.to_move.title} to move"
        return (
            f"{state}; Red {self.red_score}, Black {self.black_score} "
            f"(first to {self.board.target})"
        )

    def __repr__(self) -> str:
        board = self.board
        red = ",".join(board.name(c) for c in board.cells_of(self.red))
        black = ",".join(board.name(c) for c in board.cells_of(self.black))
        return (
            f"IcebreakerPosition(size={self.size}, red={red}, black={black}, "
            f"icebergs={self.icebergs.bit_count()}, score={self.red_score}-{self.black_score}, "
            f"to_move={self.to_move.title})"
        )


def render(position: IcebreakerPosition) -> str:
    """The position as a text board: the hexagon row by row, ``R``/``B`` ships, ``*``
    icebergs, ``.`` open water, with row letters on the left."""
    board = position.board
    lines = []
    for r, row in enumerate(board.rows):
        indent = " " * (2 * board.size - 1 - len(row))
        marks = []
        for cell in row:
            side = position.color_at(cell)
            if side is not None:
                marks.append(side.symbol)
            elif position.has_iceberg(cell):
                marks.append("*")
            else:
                marks.append(".")
        lines.append(f"{chr(ord('a') + r)}  {indent}{' '.join(marks)}")
    return "\n".join(lines)


__all__ = [
    "DEFAULT_SIZE",
    "MAX_SIZE",
    "MIN_SIZE",
    "HexBoard",
    "IcebreakerPosition",
    "Side",
    "Step",
    "check_size",
    "render",
]
