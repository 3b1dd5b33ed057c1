"""The last move's trail shows a move within one island as clearly as one between
islands: an arrow from the hole left to the hole reached, outside the two pegs' rings,
at every window size (the holes of one island sit so near that the straight trail
between their rings was too short to draw, and the rings alone said nothing of the way)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from fireice_desktop.engine.games.fireice.board import parse_hole
from fireice_desktop.ui.games.fireice.board import BoardPicture, draw_board
from fireice_desktop.ui.games.fireice.board_art import BoardArt
from tests.support.ui import open_ui

SIZES = [
    pytest.param((860, 600), id="860x600"),
    pytest.param((1280, 800), id="1280x800"),
    pytest.param((2560, 1440), id="2560x1440", marks=pytest.mark.slow),
    pytest.param((3840, 2160), id="3840x2160", marks=pytest.mark.slow),
]
#: Moves within island D: the centre to a side's middle and to a corner, a corner to a
#: side's middle, a side's middle to another, and a corner to a corner.
#: How much a channel must change for a pixel to count: what stands out on the wood.
CHANGE = 60
MOVES = ["D4-D6", "D4-D1", "D1-D3", "D2-D3", "D1-D5"]


def bits(*names: str) -> int:
    return sum(1 << parse_hole(name) for name in names)


def arrow_pixels(art: BoardArt, move: str) -> int:
    """How many pixels the last move's marks change outside the two pegs' rings."""
    src, dst = (parse_hole(name) for name in move.split("-"))
    # The peg moved (Ice's) and Fire's peg dropped into the hole left.
    still = BoardPicture(bits(move[:2]), bits(move[3:]), (24, 24))
    marked = BoardPicture(still.fire, still.ice, still.supplies, last_move=(src, dst))
    size = art.static.get_size()
    pictures = []
    for picture in (still, marked):
        surface = pygame.Surface(size)
        draw_board(surface, art, picture)
        pictures.append(surface)
    changed = pygame.mask.from_threshold(
        pictures[0], (0, 0, 0), (CHANGE, CHANGE, CHANGE, 255), pictures[1]
    )
    changed.invert()
    layout = art.layout
    reach = round(layout.peg_radius * 1.32) + 4  # a ring and its edge
    ring = pygame.Surface((2 * reach, 2 * reach), pygame.SRCALPHA)
    pygame.draw.circle(ring, (255, 255, 255), (reach, reach), reach)
    disc = pygame.mask.from_surface(ring)
    for hole in (src, dst):
        x, y = layout.holes[hole]
        changed.erase(disc, (round(x) - reach, round(y) - reach))
    return int(changed.count())


@pytest.mark.parametrize("size", SIZES)
def test_a_move_within_an_island_is_drawn_with_an_arrow(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    with open_ui(tmp_path / "config", monkeypatch, size=size) as ui:
        ui.click_button("Two players")
        art = ui.board_scene.view.art
        assert isinstance(art, BoardArt) and art.origin == (0, 0)
        radius = art.layout.peg_radius
        for move in MOVES:
            # An arrow's shaft and head, standing out on the wood: at least a third of a
            # square a peg's radius wide (the faint trail of before, under a fifth).
            assert arrow_pixels(art, move) >= 0.3 * radius * radius, move
