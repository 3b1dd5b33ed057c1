"""The boxed edition's one-player puzzle (RULES.md §3).

14 red (FIRE) and 14 aqua (ICE) pegs are dealt onto the 49 holes.  Every move
captures: a peg moves by the usual rule onto a peg of the other colour, which is
removed.  The colours alternate strictly; either may begin.  The game ends when
the colour to move has no capture, and is won if one peg is left.
"""

from __future__ import annotations

import random
from typing import Final, NamedTuple

from ...errors import IllegalMoveError, NotationError
from ...words import Words, quoted, say
from .board import HOLE_NAMES, REACH, Bitboard, Hole, can_move, hole_name, parse_hole
from .rules import Color, Move

PEGS_PER_COLOR: Final = 14
FIRST_DEAL: Final = 1
LAST_DEAL: Final = 1_000_000

#: What the solitaire calls its colours: "red" and "aqua".
COLOR_NAMES: Final = {Color.FIRE: say("colour.red"), Color.ICE: say("colour.aqua")}


def check_deal(number: int) -> int:
    """Return ``number`` if it is a deal number (1 to 1,000,000), else raise ``ValueError``."""
    if not FIRST_DEAL <= number <= LAST_DEAL:
        raise ValueError(f"deal {quoted(number)} does not exist: deals run from 1 to 1,000,000")
    return number


class SolitairePosition(NamedTuple):
    """A solitaire position: red and aqua bitboards and the colour to move (``None``: either)."""

    fire: Bitboard
    ice: Bitboard
    to_move: Color | None

    @classmethod
    def deal(cls, number: int) -> SolitairePosition:
        """Deal ``number``: ``random.Random(number).sample`` of the holes A1..G7 in order
        picks 28; the first 14 get red pegs, the last 14 aqua pegs."""
        check_deal(number)
        picked = random.Random(number).sample(list(HOLE_NAMES), 2 * PEGS_PER_COLOR)
        fire = ice = 0
        for name in picked[:PEGS_PER_COLOR]:
            fire |= 1 << parse_hole(name)
        for name in picked[PEGS_PER_COLOR:]:
            ice |= 1 << parse_hole(name)
        return cls(fire, ice, None)

    def pegs(self, color: Color) -> Bitboard:
        """The holes holding pegs of ``color``."""
        return self.fire if color is Color.FIRE else self.ice

    def color_at(self, hole: Hole) -> Color | None:
        """The colour of the peg on ``hole``, or ``None`` if it is empty."""
        if self.fire >> hole & 1:
            return Color.FIRE
        if self.ice >> hole & 1:
            return Color.ICE
        return None

    @property
    def pegs_left(self) -> int:
        """How many pegs are still on the board."""
        return (self.fire | self.ice).bit_count()

    def _movers(self) -> tuple[Color, ...]:
        return (Color.FIRE, Color.ICE) if self.to_move is None else (self.to_move,)

    def captures(self, color: Color) -> list[Move]:
        """Every capture ``color`` could make, in board order, regardless of whose turn it is."""
        mine, prey = (self.fire, self.ice) if color is Color.FIRE else (self.ice, self.fire)
        moves = []
        while mine:
            low = mine & -mine
            src = low.bit_length() - 1
            mine ^= low
            targets = REACH[src] & prey
            while targets:
                bit = targets & -targets
                moves.append(Move(src, bit.bit_length() - 1))
                targets ^= bit
        return moves

    def legal_moves(self) -> list[Move]:
        """The captures of the colour to move (of both colours at the start), sorted."""
        moves = [move for color in self._movers() for move in self.captures(color)]
        return sorted(moves)

    def _has_capture(self, color: Color) -> bool:
        mine, prey = (self.fire, self.ice) if color is Color.FIRE else (self.ice, self.fire)
        while mine:
            low = mine & -mine
            if REACH[low.bit_length() - 1] & prey:
                return True
            mine ^= low
        return False

    @property
    def is_over(self) -> bool:
        """Whether the colour to move (either, at the start) has no capture left."""
        return not any(self._has_capture(color) for color in self._movers())

    @property
    def result(self) -> str | None:
        """``None`` while play goes on, then ``"won"`` (one peg left) or ``"lost"``."""
        if not self.is_over:
            return None
        return "won" if self.pegs_left == 1 else "lost"

    def illegal_reason(self, move: Move) -> Words | None:
        """Why ``move`` is illegal here, in words, or ``None`` if it is legal."""
        src, dst = move
        if self.is_over:
            return say("illegal.solitaire_over", count=self.pegs_left)
        color = self.color_at(src)
        if color is None:
            return say("illegal.no_peg", hole=hole_name(src))
        if self.to_move is not None and color is not self.to_move:
            return say(
                "illegal.solitaire_turn",
                mover=COLOR_NAMES[self.to_move],
                hole=hole_name(src),
                colour=COLOR_NAMES[color],
            )
        if src == dst:
            return say("illegal.same_hole")
        if not can_move(src, dst):
            return say("illegal.peg_reach")
        target = self.color_at(dst)
        if target is None:
            return say("illegal.must_capture", hole=hole_name(dst))
        if target is color:
            return say("illegal.same_colour", hole=hole_name(dst), colour=COLOR_NAMES[color])
        return None

    # --- the game interface's names -------------------------------------------------

    @property
    def game(self) -> str:
        """The name its game is registered by."""
        return "solitaire"

    @property
    def piece(self) -> str:
        """What the pieces are called: "peg"."""
        return "peg"

    def parse_move(self, text: str) -> Move:
        """A move from its text, ``A1-A4``."""
        return Move.parse(text)

    def make_move(self, src: Hole, dst: Hole) -> Move:
        """The move of the peg on ``src`` to ``dst``."""
        return Move(src, dst)

    def cell_name(self, cell: Hole) -> str:
        """The name of a hole: ``"A1"``."""
        return hole_name(cell)

    def side_name(self, side: Color) -> Words:
        """The solitaire's colours are "red" and "aqua"."""
        return COLOR_NAMES[side]

    def stuck_reason(self, cell: Hole) -> Words:
        """Why the peg on ``cell`` cannot move: it has nothing to capture."""
        return say("stuck.nothing_to_capture", hole=hole_name(cell))

    def play(self, move: Move | str) -> SolitairePosition:
        """The position after the capture ``move``; raises :class:`IllegalMoveError` if illegal."""
        if isinstance(move, str):
            move = Move.parse(move)
        reason = self.illegal_reason(move)
        if reason is not None:
            raise IllegalMoveError(say("illegal.move", move=str(move), reason=reason))
        return self.play_unchecked(move)

    def play_unchecked(self, move: Move) -> SolitairePosition:
        """The position after a capture already known to be legal."""
        src, dst = move
        if self.fire >> src & 1:
            return SolitairePosition(
                self.fire ^ (1 << src) ^ (1 << dst), self.ice ^ (1 << dst), Color.ICE
            )
        return SolitairePosition(
            self.fire ^ (1 << dst), self.ice ^ (1 << src) ^ (1 << dst), Color.FIRE
        )


def parse_deal(text: str) -> int:
    """A deal number from text (``"42"``); raises :class:`NotationError` quoting bad text."""
    try:
        number = int(text.strip().replace(",", "").replace("_", ""))
    except ValueError:
        raise NotationError(
            f"{quoted(text)} is not a deal number: deals run from 1 to 1,000,000"
        ) from None
    try:
        return check_deal(number)
    except ValueError as error:
        raise NotationError(str(error)) from None
