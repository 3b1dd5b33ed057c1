"""The solitaire on the game screen: the deal number, its difficulty, a new deal and
restart; Hint asks the solver for the next move of a winning line."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, cast

import pygame
import pygame_gui

from ...engine.games.fireice.rules import Color, Move
from ...engine.games.fireice.solitaire import (
    COLOR_NAMES,
    FIRST_DEAL,
    LAST_DEAL,
    SolitairePosition,
)
from ...engine.games.fireice.solver import Hint, difficulty, hint, random_deal
from ...engine.games.fireice.spec import Deal
from ...engine.record import GameRecord
from ...statistics import DealPlayed
from ..game.jobs import Job
from ..game.players import Session
from ..scene import button
from ..settings import Settings
from .base import HintWork, Host, moves_text
from .pegs import PegView


def random_deal_for(settings: Settings) -> int:
    """A random deal: one the solver has proved can be won, unless the settings say any."""
    return random_deal(random.Random(), settings.solvable_deals_only)


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


class SolitaireView(PegView):
    """Playing one deal of the boxed edition's puzzle."""

    # The captured pegs collect in the trays.
    pocket_labels = ("solitaire.red_pocket", "solitaire.aqua_pocket")
    drops_a_peg = False
    new_label = ("New deal", "A random deal (N)")
    graph_colours = ((120, 190, 90), (190, 70, 50))  # can still be won; lost
    rematch_label = ("Restart", "The same set-up again")
    hint_tip = "Show the next move of a winning line, or how far back a win was still possible (H)"
    looking_for_hint = "Looking for a winning line..."

    @classmethod
    def summary(cls, record: GameRecord) -> str:
        final: Any = record.positions()[len(record.moves)]
        deal = f"{record.setup.number:,}"
        return f"Solitaire, deal {deal}: {moves_text(record)}, {final.pegs_left} pegs left"

    @classmethod
    def file_stem(cls, record: GameRecord) -> str:
        return f"Solitaire deal {record.setup.number}"

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.difficulty_label: pygame_gui.elements.UILabel | None = None
        self.difficulty_job: Job[str | None] | None = None
        self.difficulty_text = ""
        self.deal_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.started()

    @property
    def deal(self) -> int:
        """The deal being played."""
        setup = self.host.session.setup
        return setup.number if setup is not None else FIRST_DEAL

    # --- words ------------------------------------------------------------------------

    def title(self) -> str:
        pegs = self.host.controller.shown.pegs_left
        return f"Deal {self.deal:,} · {pegs} peg{'s' if pegs != 1 else ''} left"

    def turn_text(self, position: Any) -> tuple[str, Any]:
        if position.is_over:
            return ("Solved!" if position.result == "won" else "No captures left"), None
        if position.to_move is None:
            return "Either colour", None
        return f"{COLOR_NAMES[position.to_move].capitalize()} to move", position.to_move

    def result_text(self, position: Any) -> tuple[str, str]:
        if position.result == "won":
            return "Solved!", "One peg left: a perfect clear."
        return (
            "No captures left",
            f"{position.pegs_left} pegs remain. Undo or restart to try again.",
        )

    def played(self, position: Any) -> DealPlayed:
        return DealPlayed(self.deal, won=position.result == "won")

    def idle_hint(self, position: Any, selected: int | None) -> str:
        if not position.is_over and selected is None:
            return "Pick up a peg that can capture one of the other colour."
        return super().idle_hint(position, selected)

    def draw_panel(self, surface: pygame.Surface, turn_rect: pygame.Rect, side: Any) -> None:
        if side is not None or self.art is None:
            super().draw_panel(surface, turn_rect, side)
            return
        for k, color in enumerate(Color):  # either colour may move
            icon = pygame.transform.smoothscale(self.art.pegs[color], (22, 22))
            surface.blit(icon, (turn_rect.x + k * 12, turn_rect.y + 9))

    # --- the deal's widgets -----------------------------------------------------------

    def build_extra(self, manager: pygame_gui.UIManager, x: int, y: int, width: int) -> int:
        entry = (width - 8) * 2 // 5
        self.deal_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x, y, entry, 34), manager, placeholder_text="deal no."
        )
        self.deal_entry.set_allowed_characters("numbers")
        self.deal_entry.set_text_length_limit(7)
        self.deal_entry.set_text(str(self.deal))
        self.open_button = button(
            manager,
            pygame.Rect(x + entry + 8, y, width - entry - 8, 34),
            "Open this deal",
            "Play the deal number typed here (Enter)",
        )
        y += 40
        self.restart_button = button(
            manager,
            pygame.Rect(x, y, width, 32),
            "Restart this deal",
            "Put every peg back where it was dealt",
        )
        y += 36
        self.difficulty_label = pygame_gui.elements.UILabel(
            pygame.Rect(x, y, width, 24), self.difficulty_text, manager, object_id="#difficulty"
        )
        return y + 28

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.open_button:
                self.open_typed_deal()
                return True
            if event.ui_element is self.restart_button:
                session = self.host.session
                self.host.confirm_leave(
                    lambda: self.host.restart(session), "Restart this deal?", "Restart"
                )
                return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.deal_entry:
            self.open_typed_deal()
            return True
        # Typing a deal number, not a shortcut.
        return (
            event.type == pygame.KEYDOWN
            and self.deal_entry is not None
            and self.deal_entry.is_focused
        )

    def open_typed_deal(self) -> None:
        """Open the deal typed into the box, or say why it cannot be opened."""
        assert self.deal_entry is not None
        controller = self.host.controller
        text = self.deal_entry.get_text().strip()
        if not text.isdigit() or not FIRST_DEAL <= int(text) <= LAST_DEAL:
            controller.message = "Deals are numbered from 1 to 1,000,000."
            controller.changed = True
            return
        deal = int(text)
        self.deal_entry.ui_manager.set_focus_set(None)  # the keys are the game's again
        self.host.confirm_leave(lambda: self.switch_deal(deal), f"Open deal {deal:,}?", "Open it")

    def start_new(self) -> bool:
        self.switch_deal(random_deal_for(self.host.settings))
        return True

    def switch_deal(self, deal: int) -> None:
        """Start deal ``deal`` afresh."""
        self.host.restart(Session("solitaire", Deal(deal)))

    def started(self) -> None:
        """A deal has been (re)started: show its number and rate it."""
        if self.deal_entry is not None:
            self.deal_entry.set_text(str(self.deal))
        if self.difficulty_job is not None:
            self.difficulty_job.cancel()
        position = self.host.session.start()
        self.difficulty_job = Job(lambda stop: difficulty(position, stop=stop))
        self._show_difficulty("Difficulty: rating the deal...")

    # --- the deal's difficulty ---------------------------------------------------------

    def _show_difficulty(self, text: str) -> None:
        self.difficulty_text = text
        if self.difficulty_label is not None:
            self.difficulty_label.set_text(text)

    def update(self, dt: float) -> None:
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
        if self.difficulty_job is not None:
            self.difficulty_job.wait(timeout)

    def leave(self) -> None:
        if self.difficulty_job is not None:
            self.difficulty_job.cancel()

    # --- hints ------------------------------------------------------------------------

    def hint_work(self) -> HintWork:
        """Ask the solver about the game so far: the next winning move, or how far back."""
        history = self.host.controller.history  # copied now: the thread must not see later
        positions = cast(list[SolitairePosition], history.positions[: history.cursor + 1])
        moves = history.played

        def work(stop: Callable[[], bool]) -> tuple[Any, str]:
            found = hint(positions, stop=stop)
            played = None if found.undo is None else moves[len(moves) - found.undo]
            return found.move, hint_words(found, played)

        return work


__all__ = ["SolitaireView", "hint_words", "random_deal_for"]
