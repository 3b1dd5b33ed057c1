"""The solitaire screen: the game scene plus the deal number, a new deal and restart."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ..engine.solitaire import FIRST_DEAL, LAST_DEAL, SolitairePosition
from .controller import BoardController
from .game_scene import GameScene
from .scene import button

if TYPE_CHECKING:
    from .app import App


class SolitaireScene(GameScene):
    """Playing deal ``deal`` of the boxed edition's puzzle."""

    def __init__(self, app: App, deal: int) -> None:
        self.deal = deal
        super().__init__(app, self._deal_position, self._title())

    def _deal_position(self) -> SolitairePosition:
        return SolitairePosition.deal(self.deal)

    def _title(self) -> str:
        return f"Deal {self.deal:,}"

    new_label = ("New deal", "A random deal (N)")
    pocket_labels = ("RED", "AQUA")  # the captured pegs collect here

    def build(self, size: tuple[int, int]) -> None:
        super().build(size)
        self.hint_button.hide()  # the two-player search has nothing to say about the puzzle

    def build_extra(self, x: int, y: int, width: int) -> int:
        m = self.manager
        entry = (width - 8) * 2 // 5
        self.deal_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x, y, entry, 34), m, placeholder_text="deal no."
        )
        self.deal_entry.set_allowed_characters("numbers")
        self.deal_entry.set_text_length_limit(7)
        self.deal_entry.set_text(str(self.deal))
        self.open_button = button(
            m,
            pygame.Rect(x + entry + 8, y, width - entry - 8, 34),
            "Open this deal",
            "Play the deal number typed here (Enter)",
        )
        y += 40
        self.restart_button = button(
            m,
            pygame.Rect(x, y, width, 32),
            "Restart this deal",
            "Put every peg back where it was dealt",
        )
        return y + 38

    def handle_event(self, event: pygame.event.Event) -> None:
        if self._dialog_event(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.open_button:
                self.open_typed_deal()
                return
            if event.ui_element is self.restart_button:
                self.confirm_leave(self.rematch, "Restart this deal?", "Restart")
                return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.deal_entry:
            self.open_typed_deal()
            return
        if event.type == pygame.KEYDOWN and self.deal_entry.is_focused:
            return  # typing a deal number, not a shortcut
        super().handle_event(event)

    def open_typed_deal(self) -> None:
        """Open the deal typed into the box, or say why it cannot be opened."""
        text = self.deal_entry.get_text().strip()
        if not text.isdigit() or not FIRST_DEAL <= int(text) <= LAST_DEAL:
            self.controller.message = "Deals are numbered from 1 to 1,000,000."
            self.controller.changed = True
            return
        deal = int(text)
        self.deal_entry.unfocus()  # the keys are the game's again
        self.confirm_leave(lambda: self.switch_deal(deal), f"Open deal {deal:,}?", "Open it")

    def start_new(self) -> None:
        self.switch_deal(random.randint(FIRST_DEAL, LAST_DEAL))

    def switch_deal(self, deal: int) -> None:
        """Start deal ``deal`` afresh."""
        self.deal = deal
        self.title = self._title()
        self.deal_entry.set_text(str(deal))
        self.controller = BoardController(self._deal_position())
        self._over_dismissed = False
        self._shown_moves = -1
        self.controller.changed = True

    def refresh(self) -> None:
        super().refresh()
        pegs = self.controller.shown.pegs_left
        self.title_label.set_text(f"{self.title} · {pegs} peg{'s' if pegs != 1 else ''} left")
