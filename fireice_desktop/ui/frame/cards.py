"""Card screens: a dark card over a picture, as the menu, the settings and the set-up
cards show.  The picture is handed to the card (:mod:`.backdrops`), not inherited."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import pygame
import pygame_gui

from ..toolkit.language import tr
from ..toolkit.scaling import px
from .backdrops import Backdrop
from .navigation import Context
from .scene import Scene, backdrop, button, choice_row, translucent

#: The computer's levels, by name (the same four in every game).
LEVEL_NAMES = ("beginner", "casual", "strong", "expert")


def level_name(level: str) -> str:
    """A computer level's name as the player reads it: "Casual"."""
    return tr(f"level.{level}")


def level_words(level: str) -> str:
    """A computer level's name in running text: "the casual level"."""
    return level_name(level).lower()


def level_tip(level: str) -> str | None:
    """What a computer level is like, for the set-up cards' tool tips."""
    return tr(f"level.{level}_tip") if level in LEVEL_NAMES else None


class CardScreen(Scene):
    """A screen whose widgets sit on one card (``panel_rect``) over ``picture``."""

    def __init__(self, ctx: Context, picture: Backdrop) -> None:
        super().__init__(ctx)
        self.picture = picture
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    def build(self, size: tuple[int, int]) -> None:
        self.picture.build(size)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(surface.get_size()), (0, 0))
        self.picture.draw(surface)
        surface.blit(translucent(surface.get_size(), (20, 10, 4, 120)), (0, 0))
        card = translucent(self.panel_rect.size, (30, 18, 9, 246), radius=px(18), border=True)
        surface.blit(card, self.panel_rect.topleft)


class ChoiceCard(CardScreen):
    """A set-up card: rows of choices, then Start, a second button and Back.

    The choices are kept while the app runs (``ctx.choices[key]``, starting from
    ``defaults``); Enter starts, Esc goes back.
    """

    key = ""  # which card: where its choices are kept
    defaults: ClassVar[Mapping[str, Any]] = {}
    second = ("", "")  # the keys of the second button's text and tool tip

    def __init__(self, ctx: Context, picture: Backdrop) -> None:
        super().__init__(ctx, picture)
        self.store: dict[str, Any] = ctx.choices.setdefault(self.key, dict(self.defaults))

    def build_choices(
        self,
        card: pygame.Rect,
        y: int,
        rows: Sequence[tuple[str, str, Sequence[tuple[str, Any]]]],
        tips: Callable[[Any], str | None],
        step: int,
    ) -> int:
        """The rows (label, key, options) of choice buttons from ``y``; returns the next ``y``.
        Labels and options' texts are said as they are given (already in the language)."""
        self.choices: dict[object, tuple[str, Any]] = {}
        self.rows: dict[str, list[pygame_gui.elements.UIButton]] = {}
        for text, key, options in rows:
            for element, value in choice_row(self.manager, card, y, text, px(170), options, tips):
                self.choices[element] = (key, value)
                self.rows.setdefault(key, []).append(element)
            y += step
        return y

    def build_buttons(self, card: pygame.Rect, y: int, start_tip: str) -> None:
        """Start and the second button side by side from ``y``, Back under them."""
        m = self.manager
        half = (card.width - px(64)) // 2
        self.start_button = button(
            m,
            pygame.Rect(card.x + px(28), y, half, px(48)),
            tr("setup.start"),
            start_tip,
            object_id="#menu_button",
        )
        self.second_button = button(
            m,
            pygame.Rect(card.x + px(36) + half, y, half, px(48)),
            *(tr(key) for key in self.second),
            object_id="#menu_button",
        )
        self.back_button = button(
            m,
            pygame.Rect(card.centerx - px(100), y + px(66), px(200), px(40)),
            tr("common.back"),
            tr("setup.back_tip"),
        )
        self.refresh()

    def refresh(self) -> None:
        """Mark the chosen option of every row."""
        for element, (key, value) in self.choices.items():
            if self.store[key] == value:
                element.select()
            else:
                element.unselect()

    def start(self) -> None:
        """Start: open the game chosen."""

    def second_action(self) -> None:
        """The second button."""

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            element = event.ui_element
            if element in self.choices:
                key, value = self.choices[element]
                self.store[key] = value
                self.refresh()
            elif element is self.start_button:
                self.start()
            elif element is self.second_button:
                self.second_action()
            elif element is self.back_button:
                self.nav.show_menu()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.nav.show_menu()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()


__all__ = ["LEVEL_NAMES", "CardScreen", "ChoiceCard", "level_name", "level_tip", "level_words"]
