"""A board drawn the same frame after frame is kept and copied, never shown stale."""

from __future__ import annotations

from pathlib import Path

import pytest

from fireice_desktop.engine.games.fireice.rules import Color
from fireice_desktop.ui.games.fireice import board
from fireice_desktop.ui.games.fireice.board import BoardPicture, draw_board
from fireice_desktop.ui.games.fireice.board_art import board_art
from fireice_desktop.ui.scene import backdrop
from tests.support.ui import open_ui, pygame

SIZE = (900, 700)
QUIET = BoardPicture(fire=1 << 24, ice=1 << 3, supplies=(24, 24))
MOVED = BoardPicture(fire=1 << 25, ice=(1 << 3) | (1 << 24), supplies=(24, 23), last_move=(24, 25))


def drawn(picture: BoardPicture, times: int = 1, fresh: bool = False) -> bytes:
    """The window's pixels after drawing ``picture`` ``times`` frames in a row
    (``fresh``: with nothing kept from earlier frames)."""
    if fresh:
        board._kept[0] = board._previous[0] = None
    surface = pygame.Surface(SIZE)
    art = board_art((0, 0, *SIZE))
    for _ in range(times):
        surface.fill((255, 0, 255))  # what a frame that left the board out would show
        draw_board(surface, art, picture, backdrop(SIZE))
    return pygame.image.tobytes(surface, "RGB")


def test_a_kept_board_shows_what_a_fresh_drawing_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path, monkeypatch):
        fresh = drawn(QUIET, fresh=True)
        assert drawn(QUIET, times=3) == fresh
        assert board._kept[0] is not None  # the third frame was the kept board's copy
        # A move: the new position, not the kept one.
        assert drawn(MOVED) == drawn(MOVED, fresh=True)
        # A peg in flight is drawn over the kept board, wherever it is.
        flying = [
            BoardPicture(**{**QUIET.__dict__, "floating": ((Color.ICE, (300 + x, 300), True),)})
            for x in (0, 40, 80)
        ]
        for picture in flying:
            expected = drawn(picture, fresh=True)
            drawn(QUIET, times=2)  # the board without the peg is kept
            assert drawn(picture) == expected
        cursor = BoardPicture(**{**QUIET.__dict__, "cursor": 24})
        expected = drawn(cursor, fresh=True)
        drawn(QUIET, times=2)
        assert drawn(cursor) == expected != fresh
