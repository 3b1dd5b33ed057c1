"""A tool tip covers no other button: the side panel's rows and the menu's column at
every window size (pygame-gui put it under its button, over the next row)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest

from fireice_desktop.ui.toolkit import scaling
from tests.support.ui import Driver, open_ui

SIZES = [
    pytest.param((860, 600), id="860x600"),
    pytest.param((1280, 800), id="1280x800"),
    pytest.param((2560, 1440), id="2560x1440", marks=pytest.mark.slow),
    pytest.param((3840, 2160), id="3840x2160", marks=pytest.mark.slow),
]


def buttons_on_screen(ui: Driver) -> list[Any]:
    return [
        e
        for e in ui.elements()
        if isinstance(e, pygame_gui.elements.UIButton) and e.visible and e.alive()
    ]


def hover(ui: Driver, pos: tuple[int, int]) -> None:
    """Rest the mouse on ``pos`` for two seconds (pygame-gui's tool tips wait one)."""
    pygame.mouse.set_pos(pos)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
    )
    ui.pump(5, dt=0.4)


def tips_cover_nothing(ui: Driver, away: tuple[int, int]) -> list[str]:
    """Hover every button with a tool tip; what each tip covered, or where it was missing."""
    window = pygame.Rect((0, 0), ui.app.manager.window_resolution)
    problems = []
    shown = 0
    for target in buttons_on_screen(ui):
        if not target.tool_tip_text or not target.is_enabled:
            continue
        hover(ui, target.rect.center)
        tip = target.tool_tip
        if tip is None:
            problems.append(f"{target.text!r}: no tool tip")
            continue
        shown += 1
        if tip.rect.width < scaling.px(150):  # its words wrapped as narrow as at 1280x800
            problems.append(f"{target.text!r}: tip {tip.rect.width} pixels wide")
        if not window.contains(tip.rect):
            problems.append(f"{target.text!r}: tip outside the window")
        for other in buttons_on_screen(ui):
            if other is not target and other.rect.colliderect(tip.rect):
                problems.append(f"{target.text!r}: tip over {other.text!r}")
        hover(ui, away)
        assert target.tool_tip is None
    assert shown >= 5
    return problems


@pytest.mark.parametrize("size", SIZES)
def test_the_panels_tool_tips_cover_no_button(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    with open_ui(tmp_path / "config", monkeypatch, size=size) as ui:
        ui.click_button("Two players")
        ui.play("D4-C4")
        assert tips_cover_nothing(ui, away=ui.wood_pos()) == []


@pytest.mark.parametrize("size", SIZES)
def test_the_menus_tool_tips_cover_no_button(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    with open_ui(tmp_path / "config", monkeypatch, size=size) as ui:
        assert tips_cover_nothing(ui, away=(5, size[1] // 2)) == []
