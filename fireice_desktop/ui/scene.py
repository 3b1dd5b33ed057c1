"""The scene interface and what scenes share: a wooden backdrop and button helpers."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from .board_view import _cover, _texture

if TYPE_CHECKING:
    from .app import App


class Scene:
    """One screen of the app.  ``draw`` never changes state."""

    title = ""

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def manager(self) -> pygame_gui.UIManager:
        return self.app.manager

    def build(self, size: tuple[int, int]) -> None:
        """Create the scene's widgets for a window of ``size`` (after a switch or a resize)."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one event (pygame-gui has seen it first)."""

    def update(self, dt: float) -> bool:
        """Advance time by ``dt`` seconds; ``True`` while the scene is animating."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene under the widgets."""

    def leave(self) -> None:
        """The scene is being replaced."""


_backdrop_cache: dict[tuple[int, int], pygame.Surface] = {}


def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The table under the board: the board's wood, darkened, with a soft vignette."""
    cached = _backdrop_cache.get(size)
    if cached is None:
        _backdrop_cache.clear()
        cached = _cover(_texture("wood_board.jpg"), size)
        cached.fill((120, 96, 80), special_flags=pygame.BLEND_RGB_MULT)
        _backdrop_cache[size] = cached
    return cached


def button(
    manager: pygame_gui.UIManager,
    rect: pygame.Rect,
    text: str,
    tooltip: str | None = None,
    object_id: str | None = None,
    container: object | None = None,
) -> pygame_gui.elements.UIButton:
    """A button with the house style."""
    return pygame_gui.elements.UIButton(
        relative_rect=rect,
        text=text,
        manager=manager,
        tool_tip_text=tooltip,
        object_id=object_id,
        container=container,  # type: ignore[arg-type]
    )
