"""The main menu: the title over a board in play, and the ways into the game."""

from __future__ import annotations

import pygame
import pygame_gui

from ...engine.record import GameRecord
from ..backdrops import BoardInPlay
from ..cards import CardScreen
from ..navigation import Context
from ..saving import FileDialogs, record_summary
from ..scene import button

#: The menu's entries after Continue: (text, tool tip, the route it opens, if it opens one).
ENTRIES: tuple[tuple[str, str, str | None], ...] = (
    ("Two players", "Play Fire against Ice at one computer", "game"),
    ("Against the computer", "Choose your side and the computer's level", "computer"),
    ("Handicap game", "Give the weaker player up to six extra pegs", "handicap"),
    ("Solitaire", "The boxed edition's one-player puzzle", "solitaire"),
    (
        "Icebreaker",
        "Mark Steere's game of ships and icebergs, with a friend or the computer",
        "icebreaker-setup",
    ),
    ("Open a saved game", "A game saved to a file (Ctrl+O)", None),
    ("Statistics", "Games won and lost, solitaire deals and streaks", "statistics"),
    ("Rules", "How to play, with drawings", "rules"),
    ("Settings", "Sound, legal-move marks, animation speed, full screen", "settings"),
    ("Quit", "Close the game (Esc)", None),
)
ROUTES_OF = {text: route for text, _, route in ENTRIES if route is not None}


class MenuScene(CardScreen):
    """Title, a board in play behind it, and the ways into the game."""

    title = "Menu"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, BoardInPlay())

    def build(self, size: tuple[int, int]) -> None:
        super().build(size)
        width, height = size
        m = self.manager
        self.files = FileDialogs(
            m, self.open_record, remembered=self.ctx.choices.setdefault("files", {})
        )
        column = pygame.Rect(0, 0, 340, 0)
        column.centerx = width // 2
        self.saved_game = self.ctx.files.kept_game()
        entries = []
        if self.saved_game is not None and not self.saved_game.history().position.is_over:
            entries.append(("Continue", record_summary(self.saved_game)))
        entries += [(text, tip) for text, tip, _ in ENTRIES]
        # Rows 62 pixels apart, closer together when the window is short, where the title
        # closes up too: every entry fits the smallest window, Continue among them.
        head = 110 if height >= 700 else 98  # the title and the subtitle
        step = max(44, min(62, (height - 60 - head + 10) // len(entries)))
        top = max(14, (height - head - len(entries) * step + 10) // 2)
        self.title_label = pygame_gui.elements.UILabel(
            pygame.Rect(column.x - 80, top, column.width + 160, 64),
            "Fire & Ice",
            m,
            object_id="#title",
        )
        pygame_gui.elements.UILabel(
            pygame.Rect(column.x - 80, top + head - 48, column.width + 160, 28),
            "a game by Jens-Peter Schliemann",
            m,
            object_id="#subtitle",
        )
        y = top + head
        self.buttons: dict[object, str] = {}
        for text, tip in entries:
            element = button(
                m,
                pygame.Rect(column.x, y, column.width, step - 10),
                text,
                tip,
                object_id="#menu_button",
            )
            self.buttons[element] = text
            y += step
        self.panel_rect = pygame.Rect(column.x - 40, top - 14, column.width + 80, y - top + 16)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.files.handle_event(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.choose(self.buttons[event.ui_element])
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.nav.quit()
        elif (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_o
            and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        ):
            self.files.ask_open()
        elif (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and "Continue" in self.buttons.values()
        ):
            self.choose("Continue")

    def open_record(self, record: GameRecord, path: object = None) -> None:
        """Play the game read from a file."""
        self.nav.open_record(record)

    def choose(self, entry: str) -> None:
        """Open the menu entry called ``entry``."""
        if entry == "Continue" and self.saved_game is not None:
            self.nav.open_record(self.saved_game)
        elif entry == "Open a saved game":
            self.files.ask_open()
        elif entry == "Quit":
            self.nav.quit()
        elif entry in ROUTES_OF:
            self.nav.go(ROUTES_OF[entry])


__all__ = ["ENTRIES", "MenuScene"]
