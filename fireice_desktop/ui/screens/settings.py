"""The Settings screen: each choice takes effect and is saved the moment it is clicked."""

from __future__ import annotations

import pygame
import pygame_gui

from ..backdrops import BoardInPlay
from ..cards import CardScreen
from ..navigation import Context
from ..scene import button, choice_row

ON_OFF = (("On", True), ("Off", False))
#: (label, settings attribute, choices as (button text, value), tooltip)
ROWS: tuple[tuple[str, str, tuple[tuple[str, object], ...], str], ...] = (
    ("Sound", "sound", ON_OFF, "The knock of pegs picked up and put down"),
    (
        "Show legal moves",
        "show_legal_moves",
        ON_OFF,
        "Mark every hole a picked-up peg can move to",
    ),
    (
        "Animation speed",
        "animation_speed",
        (("Slow", "slow"), ("Normal", "normal"), ("Fast", "fast"), ("Off", "off")),
        "How fast pegs travel when a move is played",
    ),
    ("Full screen", "fullscreen", ON_OFF, "Fill the screen (F11 anywhere)"),
    (
        "Solitaire deals",
        "solvable_deals_only",
        (("Solvable only", True), ("Any deal", False)),
        "Whether New deal offers only deals the solver has proved can be won",
    ),
    (
        "Tutor",
        "tutor",
        ON_OFF,
        "Against a friend or the computer, ask before a move the computer judges a blunder",
    ),
)


class SettingsScene(CardScreen):
    """The settings on a card over the board, like the menu."""

    title = "Settings"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, BoardInPlay())
        self.choices: dict[object, tuple[str, object]] = {}

    def build(self, size: tuple[int, int]) -> None:
        super().build(size)
        width, height = size
        m = self.manager
        card = pygame.Rect(0, 0, min(640, width - 40), 120 + len(ROWS) * 64 + 70)
        card.center = (width // 2, height // 2)
        self.panel_rect = card
        pygame_gui.elements.UILabel(
            pygame.Rect(card.x, card.y + 12, card.width, 64), "Settings", m, object_id="#title"
        )
        y = card.y + 96
        label_width = 200
        self.choices = {}
        for text, attribute, options, tip in ROWS:
            row = choice_row(m, card, y, text, label_width, options, lambda _, tip=tip: tip)
            for element, value in row:
                self.choices[element] = (attribute, value)
            y += 64
        self.back_button = button(
            m,
            pygame.Rect(card.centerx - 110, card.bottom - 62, 220, 44),
            "Back",
            "Back to the main menu (Esc)",
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
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.nav.show_menu()


__all__ = ["SettingsScene"]
