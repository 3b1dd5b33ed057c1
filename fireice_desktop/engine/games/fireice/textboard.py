"""pbmserv's text board, both ways: render a position and parse one back.

The layout is exactly the one in pbmserv's help file for Fire and Ice: a header with
the supply counts, then the seven islands drawn in ASCII, ``#`` for a Fire peg,
``O`` for an Ice peg and ``-`` for an empty hole.
"""

from __future__ import annotations

import re
from typing import Final

from ...errors import NotationError
from ...words import quoted
from .board import HOLE_COUNT, Bitboard, hole_name
from .rules import PEGS_PER_SIDE, Color, Position

#: The start position, line for line as pbmserv prints it (trailing spaces included);
#: rendering overwrites every hole, so only the layout matters.
TEMPLATE: Final[tuple[str, ...]] = (
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

_HEADER_RE: Final = re.compile(r"FIRE \(#\):\s*(\d+)\s+_\s+ICE \(O\):\s*(\d+)")
_FIRE_COLUMN: Final = TEMPLATE[0].index("FIRE")
_ICE_COLUMN: Final = TEMPLATE[0].index("ICE")
_FIRE_COUNT: Final = TEMPLATE[0].index(":") + 2
_ICE_COUNT: Final = TEMPLATE[0].rindex(":") + 2


def _find_holes() -> tuple[tuple[int, int], ...]:
    # Each island is drawn as "/ \" over "/ - \"; the holes sit at fixed offsets
    # from that apex.  Apexes come in reading order, which is island order A..G.
    offsets = ((1, 0), (3, -2), (3, 2), (4, 0), (5, -4), (5, 0), (5, 4))
    cells: list[tuple[int, int]] = []
    for row, line in enumerate(TEMPLATE[:-1]):
        for col in range(1, len(line) - 2):
            if line[col : col + 3] == "/ \\" and TEMPLATE[row + 1][col - 1 : col + 4] == "/ - \\":
                cells.extend((row + dr, col + 1 + dc) for dr, dc in offsets)
    assert len(cells) == HOLE_COUNT
    return tuple(cells)


#: ``CELLS[hole]``: (line, column) of the hole's character in ``TEMPLATE``.
CELLS: Final[tuple[tuple[int, int], ...]] = _find_holes()
_CELL_SET: Final = frozenset(CELLS)


def render_pegs(
    fire: Bitboard,
    ice: Bitboard,
    counts: tuple[int, int],
    labels: tuple[str, str] = ("FIRE", "ICE"),
) -> str:
    """Draw pegs in pbmserv's layout with a header of two labelled counts.

    The labels are right-aligned onto pbmserv's ``FIRE``/``ICE`` so that the counts
    stay in their columns (the solitaire uses ``RED``/``AQUA`` and peg counts).
    """
    lines = [list(line) for line in TEMPLATE]
    for hole, (row, col) in enumerate(CELLS):
        lines[row][col] = "#" if fire >> hole & 1 else "O" if ice >> hole & 1 else "-"
    header = lines[0]
    header[_FIRE_COLUMN:_FIRE_COUNT] = " " * (_FIRE_COUNT - _FIRE_COLUMN)
    header[_ICE_COLUMN:_ICE_COUNT] = " " * (_ICE_COUNT - _ICE_COLUMN)
    columns = (_FIRE_COUNT, _ICE_COUNT)
    for label, symbol, count, column in zip(labels, "#O", counts, columns, strict=True):
        tag = f"{label} ({symbol}): "
        header[column - len(tag) : column + 2] = f"{tag}{count:2d}"
    return "\n".join("".join(line) for line in lines)


#: Each template line without its trailing spaces, and the columns of its holes.
_WANTED: Final = tuple(line.rstrip() for line in TEMPLATE)
_HOLE_COLUMNS: Final = tuple(
    tuple(col for row, col in CELLS if row == number) for number in range(len(TEMPLATE))
)


def _fits(number: int, got: str) -> bool:
    """Whether board line ``number`` (trailing spaces cut) is the template's line with
    only its holes changed, each to ``#``, ``O``, ``o`` or ``-``."""
    want = _WANTED[number]
    if len(got) != len(want):
        return False
    columns = _HOLE_COLUMNS[number]
    if not columns:
        return got == want
    chars = list(got)
    for col in columns:
        if chars[col] not in "#Oo-":
            return False
        chars[col] = want[col]
    return "".join(chars) == want


def _misfit(number: int, got: str) -> str:
    """What is wrong with board line ``number``, which does not fit (see :func:`_fits`):
    its first wrong character is named."""
    layout = f"board line {number + 1} does not fit the layout: {quoted(got)}"
    want = _WANTED[number]
    if len(got) != len(want):
        return layout
    for col, (char, model) in enumerate(zip(got, want, strict=True)):
        if (number, col) not in _CELL_SET:
            if char != model:
                return layout
        elif char not in "#Oo-":
            return (
                f"board line {number + 1}: {char!r} on hole "
                f"{hole_name(CELLS.index((number, col)))} is not # (Fire), O (Ice) "
                f"or - (empty): {quoted(got)}"
            )
    return layout


def render(position: Position) -> str:
    """The position as pbmserv's text board (28 lines, no final newline)."""
    return render_pegs(position.fire, position.ice, (position.fire_supply, position.ice_supply))


def parse(text: str, to_move: Color | None = None) -> Position:
    """Read a pbmserv text board back into a position.

    Surrounding text and a common indentation are allowed.  The board does not say
    whose turn it is: pass ``to_move``, or it is worked out from the supplies as in a
    game without handicap.  Raises :class:`NotationError` quoting what is wrong.
    """
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if _HEADER_RE.search(line)), None)
    if start is None:
        raise NotationError(f"no pbmserv board found: expected a line like {TEMPLATE[0].strip()!r}")
    header = _HEADER_RE.search(lines[start])
    assert header is not None
    fire_supply, ice_supply = int(header.group(1)), int(header.group(2))
    shift = lines[start].index("FIRE") - _FIRE_COLUMN
    rows = lines[start : start + len(TEMPLATE)]
    if len(rows) < len(TEMPLATE):
        raise NotationError(
            f"the board is cut short: {len(rows)} of its {len(TEMPLATE)} lines are there"
        )
    # Bring every line to the template's indentation, then compare it with the
    # template character by character; only the holes may differ.
    board = [line[shift:] if shift >= 0 else " " * -shift + line for line in rows]
    for number in range(1, len(TEMPLATE)):
        got = board[number].rstrip()
        if not _fits(number, got):
            raise NotationError(_misfit(number, got))
    fire = ice = 0
    for hole, (row, col) in enumerate(CELLS):
        char = board[row][col]
        if char == "#":
            fire |= 1 << hole
        elif char in "Oo":
            ice |= 1 << hole
    for color, pegs, supply in ((Color.FIRE, fire, fire_supply), (Color.ICE, ice, ice_supply)):
        if pegs.bit_count() + supply != PEGS_PER_SIDE:
            raise NotationError(
                f"the board shows {pegs.bit_count()} {color.title} pegs and a supply of "
                f"{supply}: they must add up to {PEGS_PER_SIDE}"
            )
    if to_move is None:
        fire_turns = PEGS_PER_SIDE - ice_supply
        ice_turns = PEGS_PER_SIDE - 1 - fire_supply
        if fire_turns == ice_turns:
            to_move = Color.FIRE
        elif fire_turns == ice_turns + 1:
            to_move = Color.ICE
        else:
            raise NotationError(
                f"cannot tell whose turn it is from supplies {fire_supply} and {ice_supply}: "
                "give the side to move"
            )
    return Position(fire, ice, fire_supply, ice_supply, to_move)
