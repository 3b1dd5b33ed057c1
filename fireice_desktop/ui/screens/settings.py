"""The Settings screen: each choice takes effect and is saved the moment it is clicked."""

from __future__ import annotations

import pygame
import pygame_gui

from ..frame.cards import CardScreen
from ..frame.navigation import Context
from ..frame.scene import button, choice_row
from ..games.installed import main_backdrop
from ..toolkit.language import LANGUAGES, tr, use
from ..toolkit.scaling import px

ON_OFF = (("common.on", True), ("common.off", False))
LANGUAGE_CHOICES = tuple((name, code) for code, name in LANGUAGES.items())
#: (settings attribute, choices as (key of the button's text, value)); the row's label
#: and tooltip are the keys ``settings.ATTRIBUTE`` and ``settings.ATTRIBUTE_tip``.
ROWS: tuple[tuple[str, tuple[tuple[str, object], ...]], ...] = (
    ("language", LANGUAGE_CHOICES),
    ("sound", ON_OFF),
    ("show_legal_moves", ON_OFF),
    ("coordinates", ON_OFF),
    (
        "animation_speed",
        (
            ("settings.slow", "slow"),
            ("settings.normal", "normal"),
            ("settings.fast", "fast"),
            ("common.off", "off"),
        ),
    ),
    ("fullscreen", ON_OFF),
    (
        "solvable_deals_only",
        (("settings.solvable_only", True), ("settings.any_deal", False)),
    ),
    ("tutor", ON_OFF),
)


class SettingsScene(CardScreen):
    """The settings on a card over the board, like the menu."""

    title = "Settings"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, main_backdrop())
        self.choices: dict[object, tuple[str, object]] = {}

    def build(self, size: tuple[int, int]) -> None:
        super().build(size)
        width, height = size
        m = self.manager
        step = max(px(48), min(px(64), (height - px(40) - px(190)) // len(ROWS)))
        card = pygame.Rect(0, 0, min(px(680), width - 40), px(120) + len(ROWS) * step + px(70))
        card.center = (width // 2, height // 2)
        self.panel_rect = card
        pygame_gui.elements.UILabel(
            pygame.Rect(card.x, card.y + px(12), card.width, px(64)),
            tr("settings.title"),
            m,
            object_id="#title",
        )
        y = card.y + px(96)
        label_width = px(220)
        self.choices = {}
        for attribute, options in ROWS:
            tip = tr(f"settings.{attribute}_tip")
            shown = [
                (text if attribute == "language" else tr(text), value) for text, value in options
            ]
            row = choice_row(
                m, card, y, tr(f"settings.{attribute}"), label_width, shown, lambda _, tip=tip: tip
            )
            for element, value in row:
                self.choices[element] = (attribute, value)
            y += step
        self.online_button = button(
            m,
            pygame.Rect(card.centerx - px(230), card.bottom - px(62), px(220), px(44)),
            tr("online.settings_button"),
            tr("online.settings_button_tip"),
        )
        self.back_button = button(
            m,
            pygame.Rect(card.centerx + px(10), card.bottom - px(62), px(220), px(44)),
            tr("common.back"),
            tr("settings.back_tip"),
        )
        self.refresh()

    def refresh(self) -> None:
        """Highlight the chosen value on every row."""
        settings = self.settings
        for element, (attribute, value) in self.choices.items():
            if getattr(settings, attribute) == value:
                element.select()
            else:
                element.unselect()

    def set(self, attribute: str, value: object) -> None:
        """Change one setting, apply it now and save."""
        settings = self.settings
        if getattr(settings, attribute) == value:
            return
        if attribute == "fullscreen":
            self.nav.toggle_fullscreen()  # saves, and lays this screen out for the new size
            self.refresh()
            return
        setattr(settings, attribute, value)
        if attribute == "language":
            use(str(value), self.manager)
            self.ctx.files.save_settings(settings)
            self.nav.go("settings")  # every word of the screen again, in the new language
            return
        if attribute == "sound":
            self.sounds.enabled = bool(value) and self.ctx.has_window
            self.sounds.play("place")
        self.ctx.files.save_settings(settings)
        self.refresh()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self.choices:
                self.set(*self.choices[event.ui_element])
            elif event.ui_element is self.back_button:
                self.nav.show_menu()
            elif event.ui_element is self.online_button:
                self.nav.go("online_settings")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.nav.show_menu()


__all__ = ["SettingsScene"]
