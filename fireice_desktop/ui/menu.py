"""The main menu, and the scenes a screenshot or the menu can open."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import pygame
import pygame_gui

from ..engine.games.fireice.playout import random_playout
from ..engine.games.fireice.rules import Move, Position
from ..engine.games.icebreaker.board import DEFAULT_SIZE
from ..engine.record import GameRecord
from ..storage import load_autosave
from .board_view import BoardArt, BoardPicture, board_art, draw_board
from .saving import FileDialogs, record_summary, scene_for_record
from .scene import Scene, backdrop, button, choice_row, translucent

if TYPE_CHECKING:
    from .app import App


class MenuScene(Scene):
    """Title, a board in play behind it, and the ways into the game."""

    title = "Menu"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.art: BoardArt | None = None
        # A game in the middle, for the board shown behind the menu.
        moves: list[Move] = []
        random_playout(Position.start(), random.Random(7), moves)
        position = Position.start()
        for move in moves[: max(0, len(moves) - 6)]:
            position = position.play_unchecked(move)
        self.backdrop_position = position

    def build_backdrop(self, size: tuple[int, int]) -> None:
        """The board behind the card, for a window of ``size``."""
        self.art = board_art((0, 0, *size))

    def build(self, size: tuple[int, int]) -> None:
        width, height = size
        self.build_backdrop(size)
        m = self.manager
        self.files = FileDialogs(m, self.open_record)
        column = pygame.Rect(0, 0, 340, 0)
        column.centerx = width // 2
        self.saved_game = load_autosave()
        entries = []
        if self.saved_game is not None and not self.saved_game.history().position.is_over:
            entries.append(("Continue", record_summary(self.saved_game)))
        entries += [
            ("Two players", "Play Fire against Ice at one computer"),
            ("Against the computer", "Choose your side and the computer's level"),
            ("Handicap game", "Give the weaker player up to six extra pegs"),
            ("Solitaire", "The boxed edition's one-player puzzle"),
            (
                "Icebreaker",
                "Mark Steere's game of ships and icebergs, with a friend or the computer",
            ),
            ("Open a saved game", "A game saved to a file (Ctrl+O)"),
            ("Rules", "How to play, with drawings"),
            ("Settings", "Sound, legal-move marks, animation speed, full screen"),
            ("Quit", "Close the game (Esc)"),
        ]
        # Rows 62 pixels apart, closer together when the window is short.
        step = max(46, min(62, (height - 150) // len(entries)))
        top = max(12, height // 2 - (len(entries) * step + 120) // 2)
        self.title_label = pygame_gui.elements.UILabel(
            pygame.Rect(column.x - 80, top, column.width + 160, 64),
            "Fire & Ice",
            m,
            object_id="#title",
        )
        pygame_gui.elements.UILabel(
            pygame.Rect(column.x - 80, top + 62, column.width + 160, 28),
            "a game by Jens-Peter Schliemann",
            m,
            object_id="#subtitle",
        )
        y = top + 110
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
        self.panel_rect = pygame.Rect(column.x - 40, top - 16, column.width + 80, y - top + 24)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.files.handle_event(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.choose(self.buttons[event.ui_element])
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
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
        self.app.switch(scene_for_record(self.app, record))

    def choose(self, entry: str) -> None:
        """Open the menu entry called ``entry``."""
        if entry == "Continue" and self.saved_game is not None:
            self.app.switch(scene_for_record(self.app, self.saved_game))
        elif entry == "Open a saved game":
            self.files.ask_open()
        elif entry == "Two players":
            self.app.switch(two_player_scene(self.app))
        elif entry == "Against the computer":
            from .computer_scene import ComputerSetupScene

            self.app.switch(ComputerSetupScene(self.app))
        elif entry == "Handicap game":
            from .handicap_scene import HandicapScene

            self.app.switch(HandicapScene(self.app))
        elif entry == "Solitaire":
            self.app.switch(solitaire_scene(self.app, None))
        elif entry == "Icebreaker":
            from .icebreaker_scene import IcebreakerSetupScene

            self.app.switch(IcebreakerSetupScene(self.app))
        elif entry == "Rules":
            from .rules_scene import RulesScene

            self.app.switch(RulesScene(self.app))
        elif entry == "Settings":
            from .settings_scene import SettingsScene

            self.app.switch(SettingsScene(self.app))
        elif entry == "Quit":
            self.app.quit()

    def draw_game_behind(self, surface: pygame.Surface) -> None:
        """The board in play behind the card."""
        if self.art is not None:
            p = self.backdrop_position
            draw_board(
                surface, self.art, BoardPicture(p.fire, p.ice, (p.fire_supply, p.ice_supply))
            )

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(surface.get_size()), (0, 0))
        self.draw_game_behind(surface)
        surface.blit(translucent(surface.get_size(), (20, 10, 4, 120)), (0, 0))
        card = translucent(self.panel_rect.size, (30, 18, 9, 225), radius=18, border=True)
        surface.blit(card, self.panel_rect.topleft)


class ChoiceCard(MenuScene):
    """A set-up card over the board: rows of choices, then Start, a second button and Back.

    ``store`` keeps the choices while the app runs; Enter starts, Esc goes back.
    """

    store: ClassVar[dict[str, Any]] = {}
    second = ("", "")  # the second button's text and tool tip

    def build_choices(
        self,
        card: pygame.Rect,
        y: int,
        rows: Sequence[tuple[str, str, Sequence[tuple[str, Any]]]],
        tips: Callable[[Any], str | None],
        step: int,
    ) -> int:
        """The rows (label, key, options) of choice buttons from ``y``; returns the next ``y``."""
        self.choices: dict[object, tuple[str, Any]] = {}
        self.rows: dict[str, list[pygame_gui.elements.UIButton]] = {}
        for text, key, options in rows:
            for element, value in choice_row(self.manager, card, y, text, 170, options, tips):
                self.choices[element] = (key, value)
                self.rows.setdefault(key, []).append(element)
            y += step
        return y

    def build_buttons(self, card: pygame.Rect, y: int, start_tip: str) -> None:
        """Start and the second button side by side from ``y``, Back under them."""
        m = self.manager
        half = (card.width - 64) // 2
        self.start_button = button(
            m, pygame.Rect(card.x + 28, y, half, 48), "Start", start_tip, object_id="#menu_button"
        )
        self.second_button = button(
            m, pygame.Rect(card.x + 36 + half, y, half, 48), *self.second, object_id="#menu_button"
        )
        self.back_button = button(
            m, pygame.Rect(card.centerx - 100, y + 66, 200, 40), "Back", "Back to the menu (Esc)"
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
                self.app.show_menu()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.show_menu()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()


def two_player_scene(app: App) -> Scene:
    """A two-player game from the start."""
    from .game_scene import GameScene

    return GameScene(app, Position.start, "Two players")


def solitaire_scene(app: App, deal: int | None) -> Scene:
    """The solitaire, deal number ``deal`` (``None``: a random deal)."""
    from .solitaire_scene import SolitaireScene

    return SolitaireScene(app, deal)


def scene_for_screenshot(
    app: App,
    name: str,
    moves: str,
    deal: int | None,
    page: int | None = None,
    board_size: int | None = None,
) -> Scene:
    """The scene ``fireice --screenshot`` renders, with ``moves`` played (no animation)."""
    if name == "menu":
        return MenuScene(app)
    if name == "handicap":
        from .handicap_scene import HandicapScene

        handicap = HandicapScene(app)
        handicap.setup.count = 3
        handicap.setup.draw_random(deal or 42)
        return handicap
    if name == "rules":
        from .rules_scene import CHAPTERS, RulesScene

        if page is not None and not 1 <= page <= len(CHAPTERS):
            raise ValueError(f"--page {page}: the rules have chapters 1 to {len(CHAPTERS)}")
        return RulesScene(app, chapter=(page or 1) - 1)
    if name == "settings":
        from .settings_scene import SettingsScene

        return SettingsScene(app)
    if name == "computer":
        from .computer_scene import ComputerSetupScene

        return ComputerSetupScene(app)
    if name == "icebreaker-setup":
        from .icebreaker_scene import IcebreakerSetupScene

        return IcebreakerSetupScene(app)
    if board_size is not None and name != "icebreaker":
        raise ValueError(f"--size {board_size}: a board size applies to --scene icebreaker")
    if name == "game":
        scene = two_player_scene(app)
    elif name == "icebreaker":
        from .icebreaker_scene import icebreaker_scene

        scene = icebreaker_scene(app, board_size or DEFAULT_SIZE)
    elif name == "solitaire":
        scene = solitaire_scene(app, deal or 1)
    else:
        raise ValueError(f"unknown scene {name!r}")
    from .game_scene import GameScene

    assert isinstance(scene, GameScene)
    for text in moves.split():
        if not scene.controller.play(text, duration=0):
            raise ValueError(scene.controller.message)
    scene.controller.message = ""
    return scene
