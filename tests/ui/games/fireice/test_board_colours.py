"""An island a side controls reads as that side's at a glance: Fire's warmer and redder,
Ice's cold and blue, each as plain as the other on the orange wood."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from fireice_desktop.engine.games.fireice.rules import Color
from fireice_desktop.ui.games.fireice import board
from fireice_desktop.ui.games.fireice.board_art import BoardArt
from fireice_desktop.ui.games.fireice.layout import BoardLayout
from tests.support.ui import Driver, open_ui

Lab = tuple[float, float, float]


@pytest.fixture
def window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    with open_ui(tmp_path / "config", monkeypatch) as driver:
        yield driver


def lab(rgb: tuple[float, float, float]) -> Lab:
    """CIELAB (D65) of an sRGB colour."""

    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def island_colour(art: BoardArt, surface: pygame.Surface, island: int) -> Lab:
    """The mean colour of ``island``'s wood as drawn on ``surface``."""
    mask, (left, top) = art.island_masks[island]
    ox, oy = art.origin
    samples = [
        surface.get_at((x + left + ox, y + top + oy))[:3]
        for y in range(0, mask.get_height(), 3)
        for x in range(0, mask.get_width(), 3)
        if mask.get_at((x, y)).a
    ]
    mean = tuple(sum(s[i] for s in samples) / len(samples) for i in range(3))
    return lab(mean)  # type: ignore[arg-type]


def test_each_sides_islands_read_as_its_own_and_as_strongly(window: Driver) -> None:
    art = BoardArt(BoardLayout.fit((0, 0, 900, 800)))
    surface = pygame.Surface((900, 800))
    island = 0  # A: three Fire pegs or three Ice pegs on its edge 1-2-5
    line = (1 << 0) | (1 << 1) | (1 << 4)
    plain = surface.copy()
    board.draw_board(plain, art, board.BoardPicture(0, 0))
    wood = island_colour(art, plain, island)
    tinted = {}
    for color in Color:
        pegs = (line, 0) if color is Color.FIRE else (0, line)
        drawn = surface.copy()
        # No pegs drawn over the island: only the tint and the line are measured.
        board.draw_board(drawn, art, board.BoardPicture(*pegs, hidden=line))
        tinted[color] = island_colour(art, drawn, island)
    fire, ice = tinted[Color.FIRE], tinted[Color.ICE]
    # Each glow stands out from the bare wood...
    assert math.dist(fire, wood) >= 15, (fire, wood)
    assert math.dist(ice, wood) >= 15, (ice, wood)
    # ...Fire's as a redder wood, Ice's as a blue one, not a grey or a yellow.
    assert fire[1] >= wood[1] + 10, (fire, wood)
    assert ice[1] < 0 and ice[2] < 0, ice


def test_an_island_is_wood_all_over_in_a_4k_window(window: Driver) -> None:
    # An island larger than its wood texture must not show the board through its far side.
    art = BoardArt(BoardLayout.fit((0, 0, 2800, 2160)))
    mask, (left, top) = art.island_masks[4]
    width, height = mask.get_size()
    row = top + height * 3 // 4  # across the island's lower part
    inside = [x for x in range(width) if mask.get_at((x, height * 3 // 4)).a]
    first, last = inside[0], inside[-1]

    def brightness(x0: int, x1: int) -> float:
        pixels = [art.static.get_at((left + x, row))[:3] for x in range(x0, x1, 2)]
        return sum(sum(p) for p in pixels) / (3 * len(pixels))

    third = (last - first) // 3
    near = brightness(first + 10, first + third)
    far = brightness(last - third, last - 10)
    assert abs(near - far) < 25, (near, far)
