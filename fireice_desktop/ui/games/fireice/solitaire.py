"""The solitaire on the game screen: the deal number, its difficulty, a new deal and
restart; Hint asks the solver for the next move of a winning line."""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable
from typing import Any, cast

import pygame
import pygame_gui

from ....engine.games.fireice.rules import Color, Move
from ....engine.games.fireice.solitaire import (
    FIRST_DEAL,
    LAST_DEAL,
    SolitairePosition,
)
from ....engine.games.fireice.solver import (
    Hint,
    deal_of_the_day,
    difficulty,
    hint,
    random_deal,
)
from ....engine.games.fireice.spec import Deal
from ....engine.records.game import GameRecord
from ....files.statistics.store import DealPlayed
from ...frame.scene import button
from ...frame.settings import Settings
from ...game.players import Session
from ...game.view import HintWork, Host, moves_text
from ...toolkit.jobs import Job
from ...toolkit.language import number, tr
from ...toolkit.scaling import px
from ...toolkit.text import SafeTextEntryLine
from .pegs import PegView


def random_deal_for(settings: Settings) -> int:
    """A random deal: one the solver has proved can be won, unless the settings say any."""
    return random_deal(random.Random(), settings.solvable_deals_only)


def hint_words(found: Hint, played: Move | None = None) -> str:
    """What the panel says for a solitaire hint; ``played`` is the move that lost the win."""
    if found.move is not None:
        return tr("solitaire.hint", move=found.move, count=found.captures_left)
    if found.undo is None:
        return tr("solitaire.hopeless")
    instead = (
        tr("solitaire.instead_of", move=found.instead, played=played)
        if played is not None
        else f"{found.instead}"
    )
    back = tr("solitaire.undo_back", count=found.undo, instead=instead)
    if found.decided:
        return tr("solitaire.no_win", back=back)
    return tr("solitaire.likely_lost", back=back)


class SolitaireBoard(PegView):
    """The solitaire's board: the captured pegs collect in the trays, and while either
    colour may move the panel shows both (the lessons show it so)."""

    pocket_labels = ("solitaire.red_pocket", "solitaire.aqua_pocket")
    drops_a_peg = False

    def draw_panel(self, surface: pygame.Surface, turn_rect: pygame.Rect, side: Any) -> None:
        if side is not None or self.art is None:
            super().draw_panel(surface, turn_rect, side)
            return
        for k, color in enumerate(Color):  # either colour may move
            icon = pygame.transform.smoothscale(self.art.pegs[color], (px(22), px(22)))
            surface.blit(icon, (turn_rect.x + k * px(12), turn_rect.y + px(9)))


class SolitaireView(SolitaireBoard):
    """Playing one deal of the boxed edition's puzzle."""

    new_label = ("solitaire.new_deal", "solitaire.new_deal_tip")
    graph_colours = ((120, 190, 90), (190, 70, 50))  # can still be won; lost
    rematch_label = ("solitaire.restart", "view.rematch_tip")
    hint_tip = "solitaire.hint_tip"
    looking_for_hint = "solitaire.looking_for_hint"

    @classmethod
    def summary(cls, record: GameRecord) -> str:
        final: Any = record.positions()[len(record.moves)]
        deal = number(record.setup.number)
        left = tr("solitaire.pegs_left", count=final.pegs_left)
        return tr("solitaire.summary", deal=deal, moves=moves_text(record), left=left)

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
        return tr("solitaire.title", deal=number(self.deal), count=pegs)

    def turn_text(self, position: Any) -> tuple[str, Any]:
        if position.is_over:
            won = position.result == "won"
            return tr("solitaire.solved" if won else "solitaire.no_captures"), None
        if position.to_move is None:
            return tr("solitaire.either_colour"), None
        colour = self.side_name(position.to_move)
        return tr("view.to_move", side=colour), position.to_move

    def result_text(self, position: Any) -> tuple[str, str]:
        if position.result == "won":
            return tr("solitaire.solved"), tr("solitaire.perfect")
        return (
            tr("solitaire.no_captures"),
            tr("solitaire.remain", count=position.pegs_left),
        )

    def played(self, position: Any) -> DealPlayed:
        return DealPlayed("solitaire", self.deal, won=position.result == "won")

    def idle_hint(self, position: Any, selected: int | None) -> str:
        if not position.is_over and selected is None:
            return tr("solitaire.pick_up")
        return super().idle_hint(position, selected)

    # --- the deal's widgets -----------------------------------------------------------

    def build_extra(self, manager: pygame_gui.UIManager, x: int, y: int, width: int) -> int:
        entry = (width - px(8)) * 2 // 5
        self.deal_entry = SafeTextEntryLine(
            pygame.Rect(x, y, entry, px(34)), manager, placeholder_text=tr("solitaire.deal_no")
        )
        self.deal_entry.set_allowed_characters("numbers")
        self.deal_entry.set_text_length_limit(7)
        self.deal_entry.set_text(str(self.deal))
        self.open_button = button(
            manager,
            pygame.Rect(x + entry + px(8), y, width - entry - px(8), px(34)),
            tr("solitaire.open_deal"),
            tr("solitaire.open_deal_tip"),
        )
        y += px(40)
        half = (width - px(8)) // 2
        self.restart_button = button(
            manager,
            pygame.Rect(x, y, half, px(32)),
            tr("solitaire.restart_deal"),
            tr("solitaire.restart_deal_tip"),
        )
        self.daily_button = button(
            manager,
            pygame.Rect(x + half + px(8), y, width - half - px(8), px(32)),
            tr("solitaire.daily"),
            tr("solitaire.daily_tip"),
        )
        y += px(36)
        self.difficulty_label = pygame_gui.elements.UILabel(
            pygame.Rect(x, y, width, px(24)), self.difficulty_text, manager, object_id="#difficulty"
        )
        return y + px(28)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.open_button:
                self.open_typed_deal()
                return True
            if event.ui_element is self.daily_button:
                deal = deal_of_the_day(datetime.date.today())
                self.host.confirm_leave(
                    lambda: self.switch_deal(deal),
                    tr("solitaire.ask_open", deal=number(deal)),
                    tr("solitaire.open_it"),
                )
                return True
            if event.ui_element is self.restart_button:
                session = self.host.session
                self.host.confirm_leave(
                    lambda: self.host.restart(session),
                    tr("solitaire.ask_restart"),
                    tr("solitaire.restart"),
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
        text = self.deal_entry.get_text().strip()
        if not text.isdigit() or not FIRST_DEAL <= int(text) <= LAST_DEAL:
            self.host.say(
                tr("solitaire.deal_range", first=number(FIRST_DEAL), last=number(LAST_DEAL))
            )
            return
        deal = int(text)
        self.deal_entry.ui_manager.set_focus_set(None)  # the keys are the game's again
        self.host.confirm_leave(
            lambda: self.switch_deal(deal),
            tr("solitaire.ask_open", deal=number(deal)),
            tr("solitaire.open_it"),
        )

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
        self._show_difficulty(tr("solitaire.rating"))

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
            self._show_difficulty(tr("solitaire.difficulty_unknown"))
        elif job.result is None:
            self._show_difficulty(tr("solitaire.unwinnable"))
        else:
            level = tr(f"solitaire.{job.result.replace(' ', '_')}")
            self._show_difficulty(tr("solitaire.difficulty", level=level))

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


__all__ = ["SolitaireBoard", "SolitaireView", "hint_words", "random_deal_for"]
