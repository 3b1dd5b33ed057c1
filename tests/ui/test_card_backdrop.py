"""The card screens leave nothing half covered on the board behind them: the Settings
card, the widest, once cut the supplies' counts beside the trays in two.  The board
behind the cards is the board out of its box, pegs in the trays and no counts; whatever
else it shows is wholly under a card or wholly beside it."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from fireice_desktop.engine.games.fireice.rules import PEGS_PER_SIDE
from fireice_desktop.ui.frame.cards import CardScreen
from fireice_desktop.ui.games.fireice.backdrop import QuietBoard
from fireice_desktop.ui.games.fireice.board import BoardPicture, draw_board
from tests.support.ui import open_ui

SIZES = [
    pytest.param((860, 600), id="860x600"),
    pytest.param((1280, 800), id="1280x800"),
    pytest.param((2560, 1440), id="2560x1440", marks=pytest.mark.slow),
    pytest.param((3840, 2160), id="3840x2160", marks=pytest.mark.slow),
]


def counts_drawn(picture: QuietBoard, size: tuple[int, int]) -> list[pygame.Rect]:
    """Where the board behind the cards draws the supplies' counts: what it draws that
    the same board without counts does not."""
    assert picture.art is not None
    drawn = pygame.Surface(size, pygame.SRCALPHA)
    picture.draw(drawn)
    without = pygame.Surface(size, pygame.SRCALPHA)
    supplies = (PEGS_PER_SIDE, PEGS_PER_SIDE)
    draw_board(without, picture.art, BoardPicture(0, 0, supplies, counts=False, show_control=False))
    same = pygame.mask.from_threshold(drawn, (0, 0, 0, 0), (2, 2, 2, 255), without)
    same.invert()
    return [pygame.Rect(box) for box in same.get_bounding_rects()]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("route", ["menu", "settings", "computer"])
def test_no_card_half_covers_a_count_beside_the_trays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], route: str
) -> None:
    with open_ui(tmp_path / "config", monkeypatch, size=size) as ui:
        ui.app.go(route)
        ui.pump(2)
        scene = ui.scene
        assert isinstance(scene, CardScreen) and isinstance(scene.picture, QuietBoard)
        card = scene.panel_rect
        for count in counts_drawn(scene.picture, size):
            assert card.contains(count) or not card.colliderect(count), (
                f"the {route} card cuts the count at {count}"
            )
