"""The islands' letters (the Coordinates setting on the board, and the Rules drawing of
the seven islands) lie on bare wood: every letter's box, as drawn, touches no island, no
line engraved between the islands and no tray, at every window size.  (The "D" once sat
on island F's top corner, crossed by the line A-D-F, and on island B in the drawing.)"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest

from fireice_desktop.ui.games.fireice.board_art import BoardArt
from fireice_desktop.ui.games.fireice.drawings import Drawing
from fireice_desktop.ui.games.fireice.layout import INCIRCLE, BoardLayout
from fireice_desktop.ui.games.installed import drawing_set
from fireice_desktop.ui.screens.rules import RulesScene
from tests.support.ui import open_ui

SIZES = [(860, 600), (1280, 800), (2560, 1440), (3840, 2160)]
#: The lines between the islands: A-B-E, A-C-G, E-F-G, A-D-F, E-D-C, G-D-B (the circle
#: B-C-F is drawn round D).
ENDS = ["AE", "AG", "EG", "AF", "EC", "GB"]


def letter_boxes(with_letters: pygame.Surface, without: pygame.Surface) -> list[pygame.Rect]:
    """The boxes of what the letters changed: one a letter (its glow or outline too)."""
    same = pygame.mask.from_threshold(with_letters, (0, 0, 0, 0), (2, 2, 2, 255), without)
    same.invert()
    boxes = same.get_bounding_rects()
    merged: list[pygame.Rect] = []
    for box in sorted(boxes, key=lambda r: -r.width * r.height):  # a letter's loose pixels
        near = [m for m in merged if m.inflate(6, 6).colliderect(box)]
        if near:
            near[0].union_ip(box)
        else:
            merged.append(box.copy())
    return merged


def forbidden(
    layout: BoardLayout, size: tuple[int, int], origin: tuple[int, int]
) -> pygame.mask.Mask:
    """The islands, the lines between them (as wide as engraved, with their light edge)
    and the trays with their counts and names, as a mask of the art's pixels."""
    surface = pygame.Surface(size)
    white = (255, 255, 255)

    def at(point: tuple[float, float]) -> tuple[float, float]:
        return (point[0] - origin[0], point[1] - origin[1])

    for corners in layout.island_corners:
        pygame.draw.polygon(surface, white, [at(p) for p in corners])
    width = max(2, int(layout.side * 0.006)) + 2
    centres = dict(zip("ABCDEFG", layout.island_centres, strict=True))
    for a, b in ENDS:
        pygame.draw.line(surface, white, at(centres[a]), at(centres[b]), width)
    pygame.draw.circle(surface, white, at(layout.centre), INCIRCLE * layout.side + width / 2, width)
    return pygame.mask.from_threshold(surface, white, (1, 1, 1, 255))


def assert_on_bare_wood(boxes: list[pygame.Rect], keep_out: pygame.mask.Mask, what: str) -> None:
    assert len(boxes) == 7, f"{what}: {len(boxes)} letters found"
    for box in boxes:
        letter = pygame.mask.Mask(box.size, fill=True)
        assert keep_out.overlap(letter, box.topleft) is None, f"{what}: a letter at {box} touches"


@pytest.mark.slow  # the window at four sizes
@pytest.mark.parametrize("size", SIZES)
def test_the_boards_letters_touch_no_island_and_no_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    with open_ui(tmp_path / "config", monkeypatch, size=size) as ui:
        ui.click_button("Two players")
        art = ui.board_scene.view.art
        assert isinstance(art, BoardArt)
        layout = art.layout
        keep_out = forbidden(layout, art.static.get_size(), art.origin)
        for x, y, w, h in layout.pockets:  # the trays, their counts beside, names below
            trays = pygame.Rect(x - art.origin[0] - h, y - art.origin[1], w + 2 * h, h * 1.7)
            keep_out.draw(pygame.mask.Mask(trays.size, fill=True), trays.topleft)
        assert_on_bare_wood(letter_boxes(art.lettered, art.static), keep_out, f"board {size}")


@pytest.mark.slow  # the window at four sizes
@pytest.mark.parametrize("size", SIZES)
def test_the_rules_drawings_letters_touch_no_island_and_no_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    with open_ui(tmp_path / "config", monkeypatch, size=size) as ui:
        ui.click_button("Rules")
        scene = ui.scene
        assert isinstance(scene, RulesScene)
        box = scene.drawings[0][0]
        drawing = next(d for d in scene_drawings(scene) if d.island_labels)
        lettered = drawing.render(box.size)
        bare = dataclasses.replace(drawing, island_labels=False).render(box.size)
        layout = BoardLayout.fit((0, 0, *box.size))
        keep_out = forbidden(layout, box.size, (0, 0))
        assert_on_bare_wood(letter_boxes(lettered, bare), keep_out, f"drawing {size}")


def scene_drawings(scene: RulesScene) -> list[Drawing]:
    """The drawings of the chapter on show."""
    return list(drawing_set(scene.chapters[scene.chapter].drawings).make())
