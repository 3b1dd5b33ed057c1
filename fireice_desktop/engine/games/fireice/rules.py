"""The two-player game of Fire & Ice (RULES.md §2): colours, moves and positions.

A :class:`Position` is an immutable, hashable value: the two bitboards, the two
supplies and the side to move.  ``position.play(move)`` returns the next one.
"""

from __future__ import annotations

import enum
import random
import re
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from ...errors import IllegalMoveError, NotationError
from ...words import Words, quoted, say
from .board import (
    HAS_LINE,
    HOLE_COUNT,
    ISLANDS,
    LINE_OF,
    LINES,
    REACH,
    Bitboard,
    Hole,
    can_move,
    controlled_islands,
    hole_name,
    holes_of,
    island_of,
    parse_hole,
)

PEGS_PER_SIDE = 25
MAX_HANDICAP = 6
CENTRE = 3 * 7 + 3  # D4
CENTRE_ISLAND = 3  # D


class Color(enum.Enum):
    """A side.  In the solitaire, FIRE is the red pegs and ICE the aqua ones.

    A plain ``Enum`` (not an ``IntEnum``), so that both sides are truthy and
    ``if winner:`` never mistakes Fire for nobody; ``value`` is 0 or 1 for indexing.
    """

    FIRE = 0
    ICE = 1

    @property
    def other(self) -> Color:
        """The opposing side."""
        return Color.ICE if self is Color.FIRE else Color.FIRE

    @property
    def key(self) -> str:
        """The lower-case name used in JSON and on the command line: ``"fire"``/``"ice"``."""
        return "fire" if self is Color.FIRE else "ice"

    @property
    def title(self) -> str:
        """The name a player reads: ``"Fire"``/``"Ice"``."""
        return "Fire" if self is Color.FIRE else "Ice"

    @property
    def words(self) -> Words:
        """:attr:`title` as :class:`~...words.Words`, for a player in any language."""
        return say("side.fire") if self is Color.FIRE else say("side.ice")

    @property
    def article(self) -> str:
        """The article before :attr:`title`: "a Fire peg", "an Ice peg"."""
        return "a" if self is Color.FIRE else "an"

    @property
    def peg_words(self) -> Words:
        """One of this side's pegs: "a Fire peg", "an Ice peg"."""
        return say("piece.fire_peg") if self is Color.FIRE else say("piece.ice_peg")

    @property
    def symbol(self) -> str:
        """The character on pbmserv's text board: ``#`` for Fire, ``O`` for Ice."""
        return "#" if self is Color.FIRE else "O"

    @classmethod
    def parse(cls, text: str) -> Color:
        """``"fire"``/``"ice"`` in any case."""
        key = text.strip().lower()
        if key == "fire":
            return cls.FIRE
        if key == "ice":
            return cls.ICE
        raise NotationError(f"{quoted(text)} is not a side: say fire or ice")


_MOVE_RE = re.compile(r"([A-G][1-7])-([A-G][1-7])")


class Move(NamedTuple):
    """A peg moving from ``src`` to ``dst``; written ``F6-C6``."""

    src: Hole
    dst: Hole

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse ``F6-C6`` (either case, surrounding spaces allowed).

        Raises :class:`NotationError` quoting the text if it is not a move.
        """
        match = _MOVE_RE.fullmatch(text.strip().upper())
        if match is None:
            raise NotationError.of("notation.not_a_move_holes", text=quoted(text))
        return cls(parse_hole(match.group(1)), parse_hole(match.group(2)))

    def __str__(self) -> str:
        return f"{hole_name(self.src)}-{hole_name(self.dst)}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


def describe_islands(islands: int) -> str:
    """A 7-bit island set as letters, ``"A, C, D, G"``; ``"none"`` when empty."""
    letters = ", ".join(ISLANDS[i] for i in range(7) if islands >> i & 1)
    return letters or "none"


def check_handicap(holes: Iterable[Hole]) -> tuple[Hole, ...]:
    """Validate handicap holes (RULES.md §2, Handicap) and return them in board order.

    At most six, at most one per island, none on island D, no hole twice.
    Raises :class:`IllegalMoveError` naming the offending hole.
    """
    # Six islands may take a peg, one each, so the island rule also caps the count at six.
    chosen: list[Hole] = []
    islands_used: dict[int, Hole] = {}
    for hole in holes:
        name = hole_name(hole)
        island = island_of(hole)
        if island == CENTRE_ISLAND:
            raise IllegalMoveError(f"handicap peg {name}: island D never takes handicap pegs")
        if island in islands_used:
            raise IllegalMoveError(
                f"handicap peg {name}: island {ISLANDS[island]} already has one "
                f"({hole_name(islands_used[island])}); at most one per island"
            )
        islands_used[island] = hole
        chosen.append(hole)
    return tuple(sorted(chosen))


def random_handicap(count: int, seed: int | str) -> tuple[Hole, ...]:
    """pbmserv's ``-handicap=N``: ``count`` distinct islands of A, B, C, E, F, G and a hole
    on each, drawn from ``random.Random(seed)`` so a seed always gives the same set-up."""
    if not 1 <= count <= MAX_HANDICAP:
        raise ValueError(f"a handicap is 1 to {MAX_HANDICAP} pegs, not {count}")
    rng = random.Random(seed)
    islands = rng.sample([0, 1, 2, 4, 5, 6], count)
    return tuple(sorted(island * 7 + rng.randrange(7) for island in islands))


class Position(NamedTuple):
    """A position of the two-player game.  Immutable and hashable; use :meth:`start`."""

    fire: Bitboard
    ice: Bitboard
    fire_supply: int
    ice_supply: int
    to_move: Color

    @classmethod
    def start(cls, handicap: Iterable[Hole] = (), handicap_side: Color = Color.FIRE) -> Position:
        """The start position: Fire on D4, plus ``handicap`` pegs of ``handicap_side``."""
        holes = check_handicap(handicap)
        extra = 0
        for hole in holes:
            extra |= 1 << hole
        fire, ice = 1 << CENTRE, 0
        fire_supply, ice_supply = PEGS_PER_SIDE - 1, PEGS_PER_SIDE
        if handicap_side is Color.FIRE:
            fire |= extra
            fire_supply -= len(holes)
        else:
            ice |= extra
            ice_supply -= len(holes)
        return cls(fire, ice, fire_supply, ice_supply, Color.FIRE)

    # --- reading the position -------------------------------------------------

    def pegs(self, color: Color) -> Bitboard:
        """The holes holding ``color``'s pegs."""
        return self.fire if color is Color.FIRE else self.ice

    def supply(self, color: Color) -> int:
        """How many pegs ``color`` has left off the board."""
        return self.fire_supply if color is Color.FIRE else self.ice_supply

    @property
    def occupied(self) -> Bitboard:
        """Every hole holding a peg."""
        return self.fire | self.ice

    def color_at(self, hole: Hole) -> Color | None:
        """The colour of the peg on ``hole``, or ``None`` if it is empty."""
        if self.fire >> hole & 1:
            return Color.FIRE
        if self.ice >> hole & 1:
            return Color.ICE
        return None

    def control(self, color: Color) -> int:
        """The 7-bit set of islands ``color`` controls (three pegs on one of its lines)."""
        return controlled_islands(self.pegs(color))

    def controller(self, island: int) -> Color | None:
        """Who controls ``island`` (0..6), if anyone."""
        for color in Color:
            if HAS_LINE[(self.pegs(color) >> (7 * island)) & 127]:
                return color
        return None

    def winning_line(self) -> tuple[Color, tuple[int, int, int]] | None:
        """The side that holds three controlled islands on a line, and those islands."""
        line = LINE_OF[controlled_islands(self.fire)]
        if line >= 0:
            return Color.FIRE, LINES[line]
        line = LINE_OF[controlled_islands(self.ice)]
        if line >= 0:
            return Color.ICE, LINES[line]
        return None

    @property
    def winner(self) -> Color | None:
        """The side that has won in this position, or ``None`` while play goes on.

        A line of controlled islands wins; otherwise a side to move with no legal move loses.
        """
        won = self.winning_line()
        if won is not None:
            return won[0]
        if not self.has_legal_move():
            return self.to_move.other
        return None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (it always ends with a winner)."""
        return self.winner is not None

    # --- moves ----------------------------------------------------------------

    def has_legal_move(self) -> bool:
        """Whether the side to move has any legal move (ignoring whether the game is won)."""
        empty = ~(self.fire | self.ice)
        pegs = self.pegs(self.to_move)
        while pegs:
            low = pegs & -pegs
            if REACH[low.bit_length() - 1] & empty:
                return True
            pegs ^= low
        return False

    def pseudo_moves(self) -> Iterator[Move]:
        """Every move the movement rule allows, without asking whether the game is over."""
        empty = ~(self.fire | self.ice) & ((1 << HOLE_COUNT) - 1)
        pegs = self.pegs(self.to_move)
        while pegs:
            low = pegs & -pegs
            src = low.bit_length() - 1
            pegs ^= low
            targets = REACH[src] & empty
            while targets:
                bit = targets & -targets
                yield Move(src, bit.bit_length() - 1)
                targets ^= bit

    def legal_moves(self) -> list[Move]:
        """The legal moves, in board order of (from, to); none once the game is over."""
        if self.winning_line() is not None:
            return []
        return list(self.pseudo_moves())

    def illegal_reason(self, move: Move) -> Words | None:
        """Why ``move`` is illegal here, in words, or ``None`` if it is legal."""
        src, dst = move
        color = self.color_at(src)
        if self.winning_line() is not None or not self.has_legal_move():
            winner = self.winner
            assert winner is not None
            return say("illegal.game_over", side=winner.words)
        if color is None:
            return say("illegal.no_peg", hole=hole_name(src))
        if color is not self.to_move:
            return say(
                "illegal.not_your_turn",
                cell=hole_name(src),
                piece=color.peg_words,
                side=self.to_move.words,
            )
        if src == dst:
            return say("illegal.same_hole")
        if not can_move(src, dst):
            return say("illegal.peg_reach")
        if (self.fire | self.ice) >> dst & 1:
            return say("illegal.hole_taken", hole=hole_name(dst))
        return None

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` may be played here."""
        return self.illegal_reason(move) is None

    # --- the game interface's names -------------------------------------------------

    @property
    def game(self) -> str:
        """The name its game is registered by."""
        return "fire-and-ice"

    @property
    def piece(self) -> str:
        """What the pieces are called: "peg"."""
        return "peg"

    def parse_move(self, text: str) -> Move:
        """A move from its text, ``D4-C4``."""
        return Move.parse(text)

    def make_move(self, src: Hole, dst: Hole) -> Move:
        """The move of the peg on ``src`` to ``dst``."""
        return Move(src, dst)

    def cell_name(self, cell: Hole) -> str:
        """The name of a hole: ``"D4"``."""
        return hole_name(cell)

    def side_name(self, side: Color) -> Words:
        """ "Fire" or "Ice"."""
        return side.words

    def stuck_reason(self, cell: Hole) -> Words:
        """Why the peg on ``cell`` cannot move."""
        if not REACH[cell] & ~self.occupied:
            return say("stuck.no_empty_hole", hole=hole_name(cell))
        return say("stuck.cannot_move", hole=hole_name(cell))

    def play(self, move: Move | str) -> Position:
        """The position after ``move`` (a :class:`Move` or its text).

        Raises :class:`IllegalMoveError` naming the move and why; the position is unchanged.
        """
        if isinstance(move, str):
            move = Move.parse(move)
        reason = self.illegal_reason(move)
        if reason is not None:
            raise IllegalMoveError(say("illegal.move", move=str(move), reason=reason))
        return self.play_unchecked(move)

    def play_unchecked(self, move: Move) -> Position:
        """The position after a move already known to be legal (the search's fast path)."""
        src, dst = move
        src_bit = 1 << src
        moved = src_bit | (1 << dst)
        if self.to_move is Color.FIRE:
            if self.ice_supply:
                return Position(
                    self.fire ^ moved,
                    self.ice | src_bit,
                    self.fire_supply,
                    self.ice_supply - 1,
                    Color.ICE,
                )
            return Position(self.fire ^ moved, self.ice, self.fire_supply, 0, Color.ICE)
        if self.fire_supply:
            return Position(
                self.fire | src_bit,
                self.ice ^ moved,
                self.fire_supply - 1,
                self.ice_supply,
                Color.FIRE,
            )
        return Position(self.fire, self.ice ^ moved, 0, self.ice_supply, Color.FIRE)

    def summary(self) -> str:
        """Side to move (or result) and each side's islands, in a few words."""
        fire = describe_islands(self.control(Color.FIRE))
        ice = describe_islands(self.control(Color.ICE))
        winner = self.winner
        state = f"{winner.title} has won" if winner is not None else f"{self.to_move.title} to move"
        return f"{state}; Fire controls {fire}, Ice controls {ice}"

    def __repr__(self) -> str:
        return (
            f"Position(fire={holes_text(self.fire)}, ice={holes_text(self.ice)}, "
            f"fire_supply={self.fire_supply}, ice_supply={self.ice_supply}, "
            f"to_move={self.to_move.title})"
        )


def holes_text(board: Bitboard) -> str:
    """A bitboard as hole names: ``"A1,D4"``."""
    return ",".join(hole_name(h) for h in holes_of(board))
