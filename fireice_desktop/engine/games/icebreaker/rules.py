"""Icebreaker by Mark Steere (RULES.md §4): the positions and how ships move.

The distance from every cell to the nearest iceberg is a breadth-first search of a
few integer operations per ring (:mod:`.board` keeps cells as bits).

A :class:`IcebreakerPosition` is an immutable, hashable value; ``play(move)`` returns
the next one.  A side with no legal move passes: the position after a move is the
opponent's turn only if the opponent can move.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ...errors import IllegalMoveError
from ...words import Words, say
from .board import DEFAULT_SIZE, Cell, Cells, HexBoard, Side, Step, spread_cells


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
        ring = spread_cells(ring, width) & free & ~seen
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

    def illegal_reason(self, move: Step) -> Words | None:
        """Why ``move`` is illegal here, in words, or ``None`` if it is legal."""
        board = self.board
        if move.size != self.size:
            return say("illegal.board_size", move_size=move.size, size=self.size)
        src, dst = move.src, move.dst
        winner = self.winner
        if winner is not None:
            return say("illegal.game_over", side=winner.words)
        side = self.color_at(src)
        if side is None:
            return say("illegal.no_ship", cell=board.name(src))
        if side is not self.to_move:
            return say(
                "illegal.not_your_turn",
                cell=board.name(src),
                piece=side.ship_words,
                side=self.to_move.words,
            )
        if src == dst:
            return say("illegal.same_cell")
        if not board.neighbours[src] >> dst & 1:
            return say("illegal.not_next", dst=board.name(dst), src=board.name(src))
        other = self.color_at(dst)
        if other is not None:
            return say("illegal.cell_taken", cell=board.name(dst))
        steps = self.steps(src)
        if steps >> dst & 1:
            return None
        if not steps:
            return say("illegal.ship_cannot_move", cell=board.name(src))
        if board.neighbours[src] & self.icebergs:
            return say("illegal.must_take_iceberg", cell=board.name(src))
        return say("illegal.not_closer", cell=board.name(dst))

    def is_legal(self, move: Step) -> bool:
        """Whether ``move`` may be played here."""
        return self.illegal_reason(move) is None

    # --- the game interface's names -------------------------------------------------

    @property
    def game(self) -> str:
        """The name its game is registered by."""
        return "icebreaker"

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

    def side_name(self, side: Side) -> Words:
        """ "Red" or "Black"."""
        return side.words

    def stuck_reason(self, cell: Cell) -> Words:
        """Why the ship on ``cell`` cannot move: ships wall it off from every iceberg."""
        return say("stuck.ship_blocked", cell=self.cell_name(cell))

    def play(self, move: Step | str) -> IcebreakerPosition:
        """The position after ``move`` (a :class:`Step` or its text).

        Raises :class:`IllegalMoveError` naming the move and why; the position is unchanged.
        """
        if isinstance(move, str):
            move = self.parse_move(move)
        reason = self.illegal_reason(move)
        if reason is not None:
            raise IllegalMoveError(say("illegal.move", move=str(move), reason=reason))
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


__all__ = ["IcebreakerPosition"]
