"""Widgets draw each of their looks when it is first shown (``ui/toolkit/shapes.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.ui import Driver, open_ui, pygame, pygame_gui


@pytest.fixture
def ui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """A two-player game, just opened."""
    with open_ui(tmp_path / "config", monkeypatch) as driver:
        driver.click_button("Two players")
        driver.mouse_up((1, 1))  # the pointer away from every button
        yield driver


def button(ui: Driver, text: str) -> pygame_gui.elements.UIButton:
    element = ui.find(text)
    assert isinstance(element, pygame_gui.elements.UIButton)
    return element


def drawn_looks(element: pygame_gui.elements.UIButton) -> set[str]:
    return {name for name, state in element.drawable_shape.states.items() if state.generated}


def wood_of(ui: Driver, element: pygame_gui.elements.UIButton) -> tuple[int, int, int]:
    """The colour of the button's face beside its words, as the window shows it."""
    rect = element.rect
    r, g, b, _ = ui.app.surface.get_at((rect.left + 6, rect.centery))
    return r, g, b


def test_a_screen_draws_only_the_looks_it_shows(ui: Driver) -> None:
    ui.pump(10)  # pygame-gui drew a look a frame ahead of its use
    buttons = [
        element
        for element in ui.elements()
        if isinstance(element, pygame_gui.elements.UIButton) and element.visible
    ]
    assert len(buttons) >= 10
    for element in buttons:
        shown = element.drawable_shape.active_state.state_id
        # A button made disabled was drawn as it is made first, with pygame-gui's usual look.
        assert {shown} <= drawn_looks(element) <= {"normal", shown}, (element.text, shown)
    assert button(ui, "Redo").drawable_shape.active_state.state_id == "disabled"


def test_a_button_shows_its_hovered_look_when_the_pointer_comes(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    hint = button(ui, "Hint")
    plain = wood_of(ui, hint)
    pointer = [hint.rect.center]
    # pygame-gui reads the pointer from pygame, which no posted event moves.
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pointer[0])
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pointer[0], rel=(1, 1), buttons=(0, 0, 0))
    )
    ui.pump(2)
    assert hint.drawable_shape.active_state.state_id == "hovered"
    assert drawn_looks(hint) == {"normal", "hovered"}
    assert wood_of(ui, hint) != plain
    pointer[0] = (1, 1)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pointer[0], rel=(1, 1), buttons=(0, 0, 0))
    )
    ui.pump(2)
    assert wood_of(ui, hint) == plain


def test_a_disabled_button_drawn_again_shows_its_disabled_look(ui: Driver) -> None:
    redo = button(ui, "Redo")
    disabled = wood_of(ui, redo)
    assert disabled != wood_of(ui, button(ui, "Hint")), "Redo looks as Hint does"
    redo.rebuild()  # as a new theme or new words draw it
    ui.app.redraw()
    ui.pump(1)
    assert redo.drawable_shape.active_state.state_id == "disabled"
    assert wood_of(ui, redo) == disabled
