"""Shared test helpers."""

from __future__ import annotations

import random
from typing import Any

from fireice_desktop.engine.games.icebreaker.board import HexBoard, Side, Step
from fireice_desktop.engine.games.icebreaker.rules import IcebreakerPosition
from fireice_desktop.engine.games.icebreaker.spec import Sea
from fireice_desktop.engine.records.game import GameRecord

SIZES = (4, 5, 6, 7, 8)


def cells(size: int, names: str) -> int:
    board = HexBoard.of(size)
    mask = 0
    for name in names.split():
        mask |= 1 << board.parse_cell(name)
    return mask


def position(
    size: int = 5,
    red: str | None = None,
    black: str | None = None,
    icebergs: str | None = None,
    water: str = "",
    red_score: int = 0,
    black_score: int = 0,
    to_move: Side = Side.RED,
) -> IcebreakerPosition:
    """A position from cell names.

    ``red``/``black`` default to the start's ships; ``icebergs=None``: an iceberg on every
    cell without a ship or ``water``.
    """
    board = HexBoard.of(size)
    red = START[size][3] if red is None else red
    black = START[size][4] if black is None else black
    red_cells, black_cells = cells(size, red), cells(size, black)
    assert not red_cells & black_cells, "a cell holds two ships"
    if icebergs is None:
        berg_cells = board.all_cells & ~red_cells & ~black_cells & ~cells(size, water)
    else:
        berg_cells = cells(size, icebergs)
    assert not berg_cells & (red_cells | black_cells), "an iceberg under a ship"
    return IcebreakerPosition(
        size, red_cells, black_cells, berg_cells, red_score, black_score, to_move
    )


# Side 4, Red to move, 29 icebergs taken and two left: a1 (in the corner between Red's a2 and
# b1) and b2.  Capturing b2 from c3 closes the corner: Black cannot reach a1 and passes.
BEFORE_PASS: dict[str, Any] = dict(
    size=4,
    red="a2 b1 c3",
    black="d1 d7 g4",
    icebergs="a1 b2",
    red_score=14,
    black_score=15,
)


START = {
    # size: cells, icebergs, icebergs to win, Red's ships, Black's ships
    4: (37, 31, 16, "a1 d7 g1", "a4 d1 g4"),
    5: (61, 55, 28, "a1 e9 i1", "a5 e1 i5"),
    6: (91, 85, 43, "a1 f11 k1", "a6 f1 k6"),
    7: (127, 121, 61, "a1 g13 m1", "a7 g1 m7"),
    8: (169, 163, 82, "a1 h15 o1", "a8 h1 o8"),
}


def random_moves(size: int, seed: int, limit: int | None = None) -> tuple[Step, ...]:
    """The moves of a uniformly random game (the whole game, or its first ``limit``)."""
    rng = random.Random(seed)
    here = IcebreakerPosition.start(size)
    moves: list[Step] = []
    while not here.is_over and (limit is None or len(moves) < limit):
        move = rng.choice(here.legal_moves())
        moves.append(move)
        here = here.play(move)
    return tuple(moves)


def icebreaker(size: int = 5, moves: tuple[Step, ...] = (), **fields: Any) -> GameRecord:
    """An Icebreaker record on the side-``size`` board."""
    return GameRecord("icebreaker", moves=moves, setup=Sea(size), **fields)
