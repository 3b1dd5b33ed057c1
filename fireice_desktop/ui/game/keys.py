"""The game screen's keys: the cursor on the board, Tab between the pieces that can move,
moves typed in the game's notation, and the focus handed between the board and the panel.

A key on the cursor's cell does what a click there does: it goes through the board
controller's ``press`` and ``release``, as the mouse does.  A typed move goes through
the controller's ``play``, which says the engine's reason when the move is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import pygame

from ...engine.interface import typed_move_text
from ..keyboard.control import (
    CTRL,
    ENTER_KEYS,
    BoardCursor,
    BoardFocus,
    FocusRing,
    centres_of,
    focused_entry,
    nearest,
    stops_in_order,
)
from ..toolkit.language import tr
from ..toolkit.motion import Point
from .controller import BoardController

#: The most a typed move may hold (``e12-e11``, with room for spaces).
TYPED_LIMIT = 12


class GameHost(Protocol):
    """The game screen, as its keys see it."""

    @property
    def controller(self) -> BoardController[Any]:
        """The board as the player handles it."""
        ...

    @property
    def hit(self) -> Any:
        """The board's layout (its ``holes`` are the cells' centres)."""
        ...

    def why_locked(self) -> str:
        """Why the board takes no move now, in the panel's words ("" when it takes one)."""
        ...

    def person_to_move(self) -> bool:
        """Whether a person may move now (in the game itself, not a review)."""
        ...

    def windows_open(self) -> bool:
        """Whether a window (a question, a file dialog, the text) is open over the board."""
        ...


def typed_char(event: pygame.event.Event) -> str | None:
    """The character a key adds to a typed move: a letter, a digit, a dash or a space."""
    key = event.key
    if pygame.K_a <= key <= pygame.K_z:
        return chr(key)
    if pygame.K_0 <= key <= pygame.K_9:
        return chr(key)
    if pygame.K_KP_1 <= key <= pygame.K_KP_9:
        return str(key - pygame.K_KP_1 + 1)
    if key == pygame.K_KP_0:
        return "0"
    if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
        return "-"
    if key == pygame.K_SPACE:
        return " "
    return None


class GameKeys:
    """The keys of one game screen (see the module's docstring)."""

    def __init__(self, host: GameHost, ring: FocusRing) -> None:
        self.host = host
        self.cursor = BoardCursor()
        self.focus = BoardFocus(self, ring, self.cursor)
        ring.lists = False  # the move list: Page Up and Page Down step through it
        self.typed = ""

    # --- what the board offers the cursor (BoardFocus's host) -------------------------

    def cell_centres(self) -> Mapping[int, Point]:
        hit = self.host.hit
        return centres_of(hit) if hit is not None else {}

    def cursor_start(self) -> int | None:
        """The held piece, else where the last move went, else the first piece that can
        move, else the cell in the middle of the board."""
        controller = self.host.controller
        if controller.selected is not None:
            return controller.selected
        last = controller.last_move
        if last is not None:
            return int(last.dst)
        stops = self.tab_stops()
        if stops:
            return stops[0]
        centres = self.cell_centres()
        hit = self.host.hit
        if not centres or hit is None:
            return None
        x, y, width, height = hit.rect
        return nearest(centres, (x + width / 2, y + height / 2))

    def tab_stops(self) -> list[int]:
        """The pieces of the side to move that have a move; once one is picked up, it and
        the holes it may move to."""
        if not self.host.person_to_move():
            return []
        controller = self.host.controller
        moves = controller.history.position.legal_moves()
        if controller.selected is not None:
            held = controller.selected
            return stops_in_order([held, *(m.dst for m in moves if m.src == held)])
        return stops_in_order(move.src for move in moves)

    def activate(self, cell: int) -> None:
        """Enter or Space on ``cell``: what a click there does."""
        if self.refuse_if_locked():
            return
        controller = self.host.controller
        controller.press(cell)
        controller.release(cell, False)
        controller.changed = True

    def refuse_if_locked(self) -> bool:
        """Refuse a move while the board takes none, saying why; ``True`` if refused."""
        reason = self.host.why_locked()
        if reason:
            self.host.controller.say(reason)
        return bool(reason)

    def windows_open(self) -> bool:
        return self.host.windows_open()

    def focus_moved(self, to_panel: bool) -> None:
        self.host.controller.say(tr("keys.panel_focus") if to_panel else "")

    # --- the cursor as the board draws it -----------------------------------------------

    @property
    def cursor_cell(self) -> int | None:
        """The cell the board draws the cursor on, if it is shown."""
        cell = self.cursor.visible
        return cell if cell in self.cell_centres() else None

    # --- events -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A key or a mouse press, before the widgets see it; ``True`` if it was taken."""
        if (
            event.type == pygame.KEYDOWN
            and not self.host.windows_open()
            and focused_entry(self.focus.ring.manager) is None
            and self.type_key(event)
        ):
            return True
        return self.focus.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The focus ring, on the panel or on a window, when it has the focus."""
        self.focus.draw(surface)

    # --- typed moves --------------------------------------------------------------------

    def move_letters(self) -> set[str]:
        """The letters a move of this game can start with: the islands, or the rows."""
        position = self.host.controller.history.position
        return {position.cell_name(cell)[:1].lower() for cell in self.cell_centres()}

    def type_key(self, event: pygame.event.Event) -> bool:
        """A key for the typed move; ``True`` if it was one."""
        key = event.key
        if event.mod & (CTRL | pygame.KMOD_ALT):
            return False
        if not self.typed:
            char = typed_char(event)
            if char is None or char not in self.move_letters():
                return False  # not the start of a move: a shortcut, perhaps
            self._set(char)
            return True
        if key in ENTER_KEYS:
            self.submit()
        elif key == pygame.K_ESCAPE:
            self._set("")
        elif key == pygame.K_BACKSPACE:
            self._set(self.typed[:-1])
        else:
            char = typed_char(event)
            if char is None:
                return False
            self._set((self.typed + char)[:TYPED_LIMIT])
        return True

    def shown_typed(self, text: str) -> str:
        """``text`` in the case the game's cells are named in (D4 and a1)."""
        position = self.host.controller.history.position
        first = next(iter(self.cell_centres()), None)
        if first is None:
            return text
        return text.upper() if position.cell_name(first).isupper() else text.lower()

    def _set(self, typed: str) -> None:
        self.typed = typed
        self.host.controller.say(tr("keys.typed", text=self.shown_typed(typed)) if typed else "")

    def submit(self) -> None:
        """Enter: play the typed move, or say why it cannot be played."""
        text = self.shown_typed(typed_move_text(self.typed))
        self.typed = ""
        controller = self.host.controller
        controller.say("")
        if controller.reviewing():
            controller.say(tr("controller.reviewing"))
            return
        if self.refuse_if_locked():
            return
        if controller.play(text, controller.animation_time) and self.cursor.shown:
            self.cursor.place(int(controller.history.played[-1].dst))


__all__ = ["GameHost", "GameKeys", "typed_char", "typed_move_text"]
