"""A board drawn the same frame after frame is kept and copied, never shown stale."""

from __future__ import annotations

from pathlib import Path

import pytest

from fireice_desktop.engine.games.fireice.rules import Color
from fireice_desktop.ui.frame.scene import backdrop
from fireice_desktop.ui.games.fireice import board, pegs
from fireice_desktop.ui.games.fireice.board import BoardPicture, draw_board
from fireice_desktop.ui.games.fireice.board_art import board_art
from tests.support.ui import open_ui, pygame

SIZE = (900, 700)
QUIET = BoardPicture(fire=1 << 24, ice=1 << 3, supplies=(24, 24))
MOVED = BoardPicture(fire=1 << 25, ice=(1 << 3) | (1 << 24), supplies=(24, 23), last_move=(24, 25))


def drawn(picture: BoardPicture, times: int = 1, fresh: bool = False) -> bytes:
    """The window's pixels after drawing ``picture`` ``times`` frames in a row
    (``fresh``: with nothing kept from earlier frames)."""
    if fresh:
        board.forget_frames()
    surface = pygame.Surface(SIZE)
    art = board_art((0, 0, *SIZE))
    for _ in range(times):
        surface.fill((255, 0, 255))  # what a frame that left the board out would show
        draw_board(surface, art, picture, backdrop(SIZE))
    return pygame.image.tobytes(surface, "RGB")


def flying(x: int, cursor: int | None = None) -> BoardPicture:
    """:data:`QUIET` with an Ice peg in the air at ``x`` (and the keyboard's cursor)."""
    return BoardPicture(
        **{**QUIET.__dict__, "floating": ((Color.ICE, (300 + x, 300), True),), "cursor": cursor}
    )


def test_a_kept_board_shows_what_a_fresh_drawing_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path, monkeypatch):
        fresh = drawn(QUIET, fresh=True)
        assert drawn(QUIET, times=3) == fresh
        assert board._frames.kept is not None  # the third frame was the kept board's copy
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


def test_an_untouched_window_gets_only_what_moved_and_shows_what_a_fresh_drawing_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path, monkeypatch):
        pictures = [flying(x, cursor) for x in (0, 7, 40, 41, 200) for cursor in (None, 24)]
        expected = [drawn(picture, fresh=True) for picture in pictures]
        window = pygame.Surface(SIZE)
        art = board_art((0, 0, *SIZE))
        for _ in range(2):  # the board without the peg, kept
            draw_board(window, art, QUIET, backdrop(SIZE))
        for picture, pixels in zip(pictures, expected, strict=True):
            draw_board(window, art, picture, backdrop(SIZE), untouched=True)
            assert pygame.image.tobytes(window, "RGB") == pixels
        draw_board(window, art, QUIET, backdrop(SIZE), untouched=True)  # the peg has landed
        assert pygame.image.tobytes(window, "RGB") == drawn(QUIET, fresh=True)


def test_a_flying_peg_leaves_no_trace_in_the_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every frame of a move's flight in the real window, then the same frame drawn whole.
    short_ways = []

    def counted(*args: object, **kwargs: object) -> None:
        short_ways.append(args[4] if len(args) > 4 else kwargs.get("untouched", False))
        draw_board(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pegs, "draw_board", counted)
    with open_ui(tmp_path, monkeypatch, size=(1280, 800), animation_speed="normal") as ui:
        ui.app.go("game")
        ui.pump(3)
        scene = ui.game
        ui.click_cell("D4")
        ui.click_cell("C4")
        frames = 0
        while scene.controller.animation is not None or frames < 3:
            ui.pump(1, dt=0.02)
            shown = pygame.image.tobytes(ui.app.surface, "RGB")
            scene._board_covered = True  # nothing kept on the window: the whole board
            ui.app.render()
            assert pygame.image.tobytes(ui.app.surface, "RGB") == shown, frames
            ui.app.render()  # the next frame may take the short way again
            frames += 1
        assert frames > 5  # the peg flew
        assert sum(map(bool, short_ways)) > 5  # and the frames took the short way
