"""Board helpers for the tests of Fire & Ice and its solitaire.

The helpers here deliberately do not reuse the engine's tables: the Fano lines are
written out again from RULES.md §1, so that brute-force checks are independent of
the code under test.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

from fireice_desktop.engine.games.fireice.board import parse_hole
from fireice_desktop.engine.games.fireice.rules import Color, Move, Position

ROOT = Path(__file__).resolve().parents[2]

#: The pbmserv help file (RULES.md sources); present on the project's machines.
SEED_001 = ROOT.parent / "shared" / "seeds" / "001_63becbcb55420b53.txt"

ISLAND_LETTERS = "ABCDEFG"
#: Every hole name in board order A1, A2, ..., G7 (RULES.md §3 lists them so).
ALL_NAMES = tuple(f"{island}{number}" for island in ISLAND_LETTERS for number in range(1, 8))

#: RULES.md §1, "The seven lines", exactly as written there.
HOLE_LINES = ("1-2-5", "1-3-7", "5-6-7", "1-4-6", "5-4-3", "7-4-2", "2-3-6")
ISLAND_LINE_NAMES = ("A-B-E", "A-C-G", "E-F-G", "A-D-F", "E-D-C", "G-D-B", "B-C-F")
#: The same lines as sets of 0-based points (point 0 is hole 1 or island A).
FANO: tuple[frozenset[int], ...] = tuple(
    frozenset(int(digit) - 1 for digit in line.split("-")) for line in HOLE_LINES
)

#: The empty board of the pbmserv help file (seed 001), trailing spaces included.
EMPTY_BOARD_LINES = (
    "     FIRE (#): 24            _           ICE (O): 25 ",
    "                            / \\ ",
    "                           / - \\ ",
    "                          /     \\ ",
    "         A               / -   - \\             1 ",
    "                        /    -    \\ ",
    "       B   C           / -   -   - \\         2   3 ",
    "         D             \\___________/           4 ",
    "     E   F   G        .      .      .      5   6   7 ",
    "                     .       .       .",
    "                   _.    . . . . .    ._ ",
    "                  / \\  .     .     .  / \\ ",
    "                 / - \\.      .      ./ - \\ ",
    "                /     \\      _      /     \\ ",
    "               / -   - \\    / \\    / -   - \\ ",
    "              /    -    \\  / - \\  /    -    \\ ",
    "             / -   -   - \\/     \\/ -   -   - \\ ",
    "             \\___________/ -   - \\___________/ ",
    "             .   .      /    #    \\      .   .",
    "            .    .     / -   -   - \\     .    .",
    "          _.      .  . \\___________/ .  .      ._ ",
    "         / \\       .        / \\        .       / \\ ",
    "        / - \\    .  .      / - \\      .  .    / - \\ ",
    "       /     \\ .      .   /     \\   .      . /     \\ ",
    "      / -   - \\         ./ -   - \\.         / -   - \\ ",
    "     /    -    \\        /    -    \\        /    -    \\ ",
    "    / -   -   - \\. . . / -   -   - \\ . . ./ -   -   - \\ ",
    "    \\___________/      \\___________/      \\___________/ ",
)

#: The help file's "Sample Game" final position: Ice wins with islands A, C and G.
SAMPLE_BOARD_LINES = (
    "     FIRE (#):  4            _           ICE (O):  5 ",
    "                            / \\ ",
    "                           / O \\ ",
    "                          /     \\ ",
    "         A               / O   O \\             1 ",
    "                        /    #    \\ ",
    "       B   C           / O   #   O \\         2   3 ",
    "         D             \\___________/           4 ",
    "     E   F   G        .      .      .      5   6   7 ",
    "                     .       .       .",
    "                   _.    . . . . .    ._ ",
    "                  / \\  .     .     .  / \\ ",
    "                 / # \\.      .      ./ # \\ ",
    "                /     \\      _      /     \\ ",
    "               / #   # \\    / \\    / O   O \\ ",
    "              /    O    \\  / - \\  /    #    \\ ",
    "             / O   #   - \\/     \\/ #   O   # \\ ",
    "             \\___________/ #   O \\___________/ ",
    "             .   .      /    O    \\      .   .",
    "            .    .     / O   -   - \\     .    .",
    "          _.      .  . \\___________/ .  .      ._ ",
    "         / \\       .        / \\        .       / \\ ",
    "        / O \\    .  .      / # \\      .  .    / - \\ ",
    "       /     \\ .      .   /     \\   .      . /     \\ ",
    "      / O   - \\         ./ #   # \\.         / #   # \\ ",
    "     /    -    \\        /    O    \\        /    #    \\ ",
    "    / #   #   # \\. . . / -   O   # \\ . . ./ O   O   O \\ ",
    "    \\___________/      \\___________/      \\___________/ ",
)

EMPTY_BOARD = "\n".join(EMPTY_BOARD_LINES)
SAMPLE_BOARD = "\n".join(SAMPLE_BOARD_LINES)


def hole(name: str) -> int:
    """The hole number of a name, computed without the engine: A1 is 0, G7 is 48."""
    return ALL_NAMES.index(name.upper())


def bits(names: str | Iterable[str]) -> int:
    """A bitboard from hole names: ``bits("A1 B2")`` or ``bits(["A1", "B2"])``."""
    if isinstance(names, str):
        names = names.replace(",", " ").split()
    board = 0
    for name in names:
        board |= 1 << hole(name)
    return board


def names_of(board: int) -> list[str]:
    """The hole names of a bitboard, in board order."""
    return [name for index, name in enumerate(ALL_NAMES) if board >> index & 1]


def make_position(
    fire: str | Iterable[str] = "",
    ice: str | Iterable[str] = "",
    to_move: Color = Color.FIRE,
    fire_supply: int | None = None,
    ice_supply: int | None = None,
) -> Position:
    """A hand-built position; supplies default to 25 minus the pegs on the board."""
    fire_bits, ice_bits = bits(fire), bits(ice)
    assert not fire_bits & ice_bits, "a hole cannot hold both colours"
    if fire_supply is None:
        fire_supply = 25 - fire_bits.bit_count()
    if ice_supply is None:
        ice_supply = 25 - ice_bits.bit_count()
    return Position(fire_bits, ice_bits, fire_supply, ice_supply, to_move)


def island_line(island: str, line: str) -> list[str]:
    """The three holes of ``line`` (like ``"1-2-5"``) on ``island``: ``["A1", "A2", "A5"]``."""
    return [f"{island}{digit}" for digit in line.split("-")]


#: The same lines as masks of an island's seven holes (bit ``point`` for each point).
FANO_MASKS: tuple[int, ...] = tuple(sum(1 << point for point in line) for line in FANO)


def brute_control(board: int) -> set[int]:
    """Islands (0..6) on which ``board`` has three pegs on one Fano line."""
    controlled = set()
    for island in range(7):
        points = board >> (7 * island) & 0b1111111  # the island's holes 1 to 7
        if any(points & line == line for line in FANO_MASKS):
            controlled.add(island)
    return controlled


def brute_has_line(points: set[int] | frozenset[int]) -> bool:
    """Whether a set of 0-based Fano points contains a whole line."""
    return any(line <= points for line in FANO)


def brute_reach(src: int) -> set[int]:
    """Holes a peg on ``src`` may reach on an empty board, from the movement rule's words."""
    return {dst for dst in range(49) if dst != src and (dst // 7 == src // 7 or dst % 7 == src % 7)}


def brute_moves(position: Position) -> set[Move]:
    """The movement rule applied by brute force for the side to move."""
    mine = position.pegs(position.to_move)
    occupied = position.fire | position.ice
    return {
        Move(src, dst)
        for src in range(49)
        if mine >> src & 1
        for dst in brute_reach(src)
        if not occupied >> dst & 1
    }


def random_game(
    rng: random.Random, start: Position | None = None, limit: int = 200
) -> tuple[list[Move], list[Position]]:
    """Play uniformly random legal moves from ``start`` until the game ends."""
    position = Position.start() if start is None else start
    moves: list[Move] = []
    positions = [position]
    while position.winner is None and len(moves) < limit:
        move = rng.choice(position.legal_moves())
        position = position.play(move)
        moves.append(move)
        positions.append(position)
    return moves, positions


def holes(*names: str) -> list[int]:
    """Hole numbers from names, via the engine's parser (for handicap arguments)."""
    return [parse_hole(name) for name in names]
