"""The scene interface and what scenes share: a wooden backdrop and button helpers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any, Protocol

import pygame
import pygame_gui

from ...engine.records.game import GameRecord
from ..keyboard.control import FocusRing
from ..toolkit.art import cover, texture
from ..toolkit.scaling import px
from .navigation import Context


class HitLayout(Protocol):
    """A board layout as input needs it: pixels to cells, and where the board is."""

    @property
    def rect(self) -> tuple[int, int, int, int]:
        """The board's rectangle on the window."""
        ...

    def hole_at(self, pos: tuple[int, int]) -> int | None:
        """The cell under the pixel ``pos``, if any."""
        ...


class Scene:
    """One screen of the app.  ``draw`` never changes state.

    A screen knows the app only through its :class:`~.navigation.Context`: it opens
    other screens by name through ``self.nav``, never by importing them.
    """

    title = ""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.nav = ctx.nav
        self.settings = ctx.settings
        self.sounds = ctx.sounds
        #: The keyboard's ring over the screen's buttons (and over a window's).
        self.focus = FocusRing(ctx.manager)

    @property
    def manager(self) -> pygame_gui.UIManager:
        return self.ctx.manager

    @property
    def window_size(self) -> tuple[int, int]:
        """The window's size, as the widgets are laid out for."""
        width, height = self.manager.window_resolution
        return int(width), int(height)

    def build(self, size: tuple[int, int]) -> None:
        """Create the scene's widgets for a window of ``size`` (after a switch or a resize)."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one event (pygame-gui has seen it first)."""

    def handle_keyboard(self, event: pygame.event.Event) -> bool:
        """The keys that move the focus (and a mouse press, which hides it), before the
        widgets see the event; ``True`` if it was taken."""
        return self.focus.handle_event(event)

    def update(self, dt: float) -> bool:
        """Advance time by ``dt`` seconds; ``True`` while the scene is animating."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene under the widgets."""

    def draw_focus(self, surface: pygame.Surface) -> None:
        """Paint the keyboard's focus ring over the widgets."""
        self.focus.draw(surface)

    def leave(self) -> None:
        """The scene is being replaced."""

    def settle(self, timeout: float) -> None:
        """Wait up to ``timeout`` s for background work the screen shows (screenshots only)."""

    def may_close(self) -> bool:
        """Whether the window may close now (a screen may ask the player first)."""
        return True

    def keep_now(self) -> None:
        """Keep what the player would lose, whatever state the screen is in (the app met
        an error it did not foresee, and is about to leave the screen)."""

    def offer_record(self, record: GameRecord) -> None:
        """Another start of the game was given ``record``: play it (a screen with a game
        in progress asks first)."""
        self.nav.open_record(record)


class BoardScene(Scene):
    """A scene with a game's board on the left and a panel of widgets on the right."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        #: Where the board is and which cell a pixel is on, once laid out.
        self.layout: HitLayout | None = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        # Whether a widget was over the board at the last frame, and the window drawn on.
        self._board_covered = True
        self._board_window: pygame.Surface | None = None

    def split(self, size: tuple[int, int]) -> tuple[tuple[int, int, int, int], int, int]:
        """Share the window between the board and the panel: the board's rectangle, and the
        panel's inner left edge and width."""
        width, height = size
        side = panel_width(width)
        self.panel_rect = pygame.Rect(width - side, 0, side, height)
        return (0, 0, width - side, height), width - side + px(14), side - px(28)

    def on_board(self, pos: tuple[int, int]) -> bool:
        """Whether the pixel ``pos`` is on the board's side of the window."""
        return self.layout is not None and pygame.Rect(self.layout.rect).collidepoint(pos)

    def draw_panel_backing(
        self, surface: pygame.Surface, table: pygame.Surface | None = None
    ) -> None:
        """The panel's dark backing and its edge; with ``table`` (the window's picture
        under the panel), the backing is laid on it here, in one quick copy made once."""
        if table is None:
            surface.blit(shaded_panel(self.panel_rect.size), self.panel_rect.topleft)
        else:
            surface.blit(_backing_on_table(table, tuple(self.panel_rect)), self.panel_rect.topleft)
        pygame.draw.line(
            surface, (122, 82, 48), self.panel_rect.topleft, self.panel_rect.bottomleft, 2
        )

    def draw_board_and_backing(self, surface: pygame.Surface, view: Any, moment: Any) -> None:
        """A game view's board (with the table under it, unless the view draws its own),
        then the panel's backing."""
        table = backdrop(surface.get_size())
        if view.fills_its_board:  # the table under the board is the view's to draw
            if self._board_untouched(surface):
                moment = replace(moment, untouched=True)
            view.draw_board(surface, moment)
            self.draw_panel_backing(surface, table)
        else:
            surface.blit(table, (0, 0))
            view.draw_board(surface, moment)
            self.draw_panel_backing(surface)

    def _board_untouched(self, surface: pygame.Surface) -> bool:
        """Whether nothing but the board has drawn over the board's part of ``surface``
        since the board's last frame: the same window, and no widget over the board (a
        window, a card, a tip, with room for its focus ring) then or now."""
        covered = self.layout is None
        if self.layout is not None:
            board = pygame.Rect(self.layout.rect).inflate(px(12), px(12))
            covered = any(
                image.get_width() and rect.colliderect(board)
                for image, rect, *_ in self.ctx.manager.get_sprite_group().visible
            )
        untouched = not covered and not self._board_covered and surface is self._board_window
        self._board_covered, self._board_window = covered, surface
        return untouched


@lru_cache(maxsize=2)
def _backing_on_table(table: pygame.Surface, rect: tuple[int, int, int, int]) -> pygame.Surface:
    """The panel's backing over the part ``rect`` of ``table``, without transparency."""
    layer = pygame.Surface(rect[2:])
    layer.blit(table, (0, 0), pygame.Rect(rect))
    layer.blit(shaded_panel(rect[2:]), (0, 0))
    return layer


def panel_width(width: int) -> int:
    """The side panel's width for a window ``width`` pixels wide."""
    return max(px(250), min(px(360), int(width * 0.27)))


_backdrop_cache: dict[tuple[int, int], pygame.Surface] = {}


def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The table under the board: the board's wood, darkened, with a soft vignette."""
    cached = _backdrop_cache.get(size)
    if cached is None:
        _backdrop_cache.clear()
        cached = cover(texture("wood_board.jpg"), size)
        cached.fill((120, 96, 80), special_flags=pygame.BLEND_RGB_MULT)
        _backdrop_cache[size] = cached
    return cached


@lru_cache(maxsize=8)
def translucent(
    size: tuple[int, int], rgba: tuple[int, int, int, int], radius: int = 0, border: bool = False
) -> pygame.Surface:
    """A see-through dark card of ``size`` (made once per size)."""
    card = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(card, rgba, card.get_rect(), border_radius=radius)
    if border:
        pygame.draw.rect(card, (196, 146, 92, 255), card.get_rect(), 2, border_radius=radius)
    return card


def shaded_panel(size: tuple[int, int]) -> pygame.Surface:
    """The dark backing of a side panel."""
    return translucent(size, (26, 15, 8, 215))


def choice_row(
    manager: pygame_gui.UIManager,
    card: pygame.Rect,
    y: int,
    label: str,
    label_width: int,
    options: Sequence[tuple[str, object]],
    tooltip: Callable[[object], str | None],
) -> list[tuple[pygame_gui.elements.UIButton, object]]:
    """A labelled row of buttons across ``card``, one per option; returns (button, value)s."""
    margin, gap = px(30), px(8)
    pygame_gui.elements.UILabel(
        pygame.Rect(card.x + margin, y, label_width, px(44)),
        label,
        manager,
        object_id="#setting_label",
    )
    left = card.x + margin + label_width
    each = (card.right - margin - left - gap * (len(options) - 1)) // len(options)
    return [
        (
            button(
                manager,
                pygame.Rect(left + index * (each + gap), y + px(4), each, px(38)),
                caption,
                tooltip(value),
            ),
            value,
        )
        for index, (caption, value) in enumerate(options)
    ]


def button_row(
    manager: pygame_gui.UIManager,
    x: int,
    y: int,
    width: int,
    buttons: Sequence[tuple[str, str]],
    height: int | None = None,
) -> list[pygame_gui.elements.UIButton]:
    """Buttons (text, tool tip) side by side across ``width``, 8 pixels apart (at the
    present scale), ``height`` high (36 at scale 1)."""
    gap = px(8)
    height = px(36) if height is None else height
    each = (width - gap * (len(buttons) - 1)) // len(buttons)
    row = []
    for index, (text, tip) in enumerate(buttons):
        left = x + index * (each + gap)
        right = x + width if index == len(buttons) - 1 else left + each  # the last takes the rest
        row.append(button(manager, pygame.Rect(left, y, right - left, height), text, tip))
    return row


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
