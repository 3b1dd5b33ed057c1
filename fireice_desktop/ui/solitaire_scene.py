"""The solitaire screen: the game scene plus the deal number, its difficulty, a new deal
and restart; Hint asks the solver for the next move of a winning line."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import pygame
import pygame_gui

from ..engine.games.fireice.rules import Move
from ..engine.games.fireice.solitaire import FIRST_DEAL, LAST_DEAL, SolitairePosition
from ..engine.games.fireice.solver import Hint, difficulty, hint, random_deal
from ..engine.record import GameRecord
from .controller import BoardController
from .game_scene import GameScene
from .scene import button
from .worker import Job

if TYPE_CHECKING:
    from .app import App


class SolitaireScene(GameScene):
    """Playing deal ``deal`` of the boxed edition's puzzle."""

    def __init__(self, app: App, deal: int | None = None) -> None:
        """Deal ``deal``, or a random one (solvable unless the settings say otherwise)."""
        self.deal = deal if deal is not None else self._random_deal(app)
        super().__init__(app, self._deal_position, self._title())
        self.difficulty_label: pygame_gui.elements.UILabel | None = None
        self.difficulty_job: Job[str | None] | None = None
        self.difficulty_text = ""
        self._rate_deal()

    @staticmethod
    def _random_deal(app: App) -> int:
        return random_deal(random.Random(), app.settings.solvable_deals_only)

    def _deal_position(self) -> SolitairePosition:
        return SolitairePosition.deal(self.deal)

    def _title(self) -> str:
        return f"Deal {self.deal:,}"

    new_label = ("New deal", "A random deal (N)")
    pocket_labels = ("RED", "AQUA")  # the captured pegs collect here
    looking_for_hint = "Looking for a winning line..."

    def build(self, size: tuple[int, int]) -> None:
        super().build(size)
        self.hint_button.set_tooltip(
            "Show the next move of a winning line, or how far back a win was still possible (H)"
        )

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
        y += 36
        self.difficulty_label = pygame_gui.elements.UILabel(
            pygame.Rect(x, y, width, 24), self.difficulty_text, m, object_id="#difficulty"
        )
        return y + 28

    def handle_event(self, event: pygame.event.Event) -> None:
        if self._windows_event(event):
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
        self.manager.set_focus_set(None)  # the keys are the game's again; a click refocuses
        self.confirm_leave(lambda: self.switch_deal(deal), f"Open deal {deal:,}?", "Open it")

    def start_new(self) -> None:
        self.switch_deal(self._random_deal(self.app))

    def switch_deal(self, deal: int) -> None:
        """Start deal ``deal`` afresh."""
        self.deal = deal
        self.title = self._title()
        self.deal_entry.set_text(str(deal))
        self.controller = BoardController(self._deal_position())
        self._over_dismissed = False
        self._shown_moves = None
        self.controller.changed = True
        self._rate_deal()

    # --- the deal's difficulty ---------------------------------------------------------

    def _rate_deal(self) -> None:
        """Rate the deal on a background thread (about a second); the label says so meanwhile."""
        if self.difficulty_job is not None:
            self.difficulty_job.cancel()
        position = self._deal_position()
        self.difficulty_job = Job(lambda stop: difficulty(position, stop=stop))
        self._show_difficulty("Difficulty: rating the deal...")

    def _show_difficulty(self, text: str) -> None:
        self.difficulty_text = text
        if self.difficulty_label is not None:
            self.difficulty_label.set_text(text)

    def _poll_difficulty(self) -> None:
        job = self.difficulty_job
        if job is None or not job.done:
            return
        self.difficulty_job = None
        if job.error is not None:
            self._show_difficulty("Difficulty: unknown")
        elif job.result is None:
            self._show_difficulty("This deal cannot be won: no line leaves one peg.")
        else:
            self._show_difficulty(f"Difficulty: {job.result}")

    def settle(self, timeout: float) -> None:
        super().settle(timeout)
        if self.difficulty_job is not None:
            self.difficulty_job.wait(timeout)

    def update(self, dt: float) -> bool:
        self._poll_difficulty()
        return super().update(dt)

    def leave(self) -> None:
        if self.difficulty_job is not None:
            self.difficulty_job.cancel()
        super().leave()

    def record(self) -> GameRecord:
        return GameRecord.of_history(self.controller.history, deal=self.deal)

    # --- hints ------------------------------------------------------------------------

    def hint_work(self) -> Callable[[Callable[[], bool]], tuple[Move | None, str]]:
        """Ask the solver about the game so far: the next winning move, or how far back."""
        history = self.controller.history  # copied now: the thread must not see later moves
        positions = cast(list[SolitairePosition], history.positions[: history.cursor + 1])
        moves = history.played

        def work(stop: Callable[[], bool]) -> tuple[Move | None, str]:
            found = hint(positions, stop=stop)
            played = None if found.undo is None else moves[len(moves) - found.undo]
            return found.move, hint_words(found, played)

        return work

    def refresh(self) -> None:
        super().refresh()
        pegs = self.controller.shown.pegs_left
        self.title_label.set_text(f"{self.title} · {pegs} peg{'s' if pegs != 1 else ''} left")


def hint_words(found: Hint, played: Move | None = None) -> str:
    """What the panel says for a solitaire hint; ``played`` is the move that lost the win."""
    if found.move is not None:
        left = found.captures_left
        return (
            f"Hint: {found.move}, the next move of a winning line "
            f"({left} capture{'s' if left != 1 else ''} to go)."
        )
    if found.undo is None:
        return "This deal cannot be won from the start: try a new deal."
    moves = f"{found.undo} move{'s' if found.undo != 1 else ''}"
    instead = f"{found.instead} instead of {played}" if played is not None else f"{found.instead}"
    back = f"Undo {moves} to get back on track: from there, {instead} still wins."
    if found.decided:
        return f"No win is possible from here any more. {back}"
    return f"No winning line found from here quickly, so this is most likely lost. {back}"
