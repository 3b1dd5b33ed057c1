"""Playing without a mouse: the focus ring over the buttons, and the cursor on a board.

Two pieces every screen shares:

- :class:`FocusRing` (:mod:`.keyboard.ring`) moves a ring over the buttons (and text boxes)
  of the screen, or of the window open over it, in reading order: Tab and Shift+Tab,
  the arrow keys; Enter or Space presses the button by posting the very
  ``UI_BUTTON_PRESSED`` event a click makes, so the screens' own handlers run.  It shows
  on the first key and hides when the mouse is pressed.
- :class:`BoardFocus`, here, is the same on a screen with a board: the board (a
  :class:`BoardCursor` moved by the arrow keys over the holes or cells, as they are laid
  out on screen) or the panel's buttons (the ring) has the focus, and F6 or Ctrl+Tab
  switches between them.

Pure geometry (:func:`step_towards`, in :mod:`.keyboard.cursor`) picks the hole an arrow
leads to, from the same centres the board is drawn with.  The keys and the marks'
colours they all share are :mod:`.keyboard.keys`'.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

import pygame

from ..toolkit.motion import Point
from .cursor import CONE, BoardCursor, centres_of, draw_cursor, nearest, step_towards
from .keys import ARROWS, CTRL, ENTER_KEYS, PRESS_KEYS
from .ring import FocusRing, draw_ring, focused_entry, is_text_entry, reading_rows


class BoardHost(Protocol):
    """What :class:`BoardFocus` asks of the screen it serves."""

    def cell_centres(self) -> Mapping[int, Point]:
        """The centres of the board's cells, as drawn."""
        ...

    def cursor_start(self) -> int | None:
        """Where the cursor first appears."""
        ...

    def tab_stops(self) -> list[int]:
        """The cells Tab visits, in order (none: Tab goes to the panel)."""
        ...

    def activate(self, cell: int) -> None:
        """What a click on ``cell`` does."""
        ...

    def windows_open(self) -> bool:
        """Whether a window (a question, a file dialog) is open over the screen."""
        ...

    def focus_moved(self, to_panel: bool) -> None:
        """The focus went to the panel (``to_panel``) or back to the board."""
        ...


@dataclass
class BoardFocus:
    """The keys of a screen with a board and a panel of buttons.

    The board has the focus at first: the arrow keys move the cursor, Enter or Space
    clicks the cell under it, Tab and Shift+Tab jump between the host's stops.  F6 or
    Ctrl+Tab hands the focus to the panel, where the ring moves over the buttons, and
    back.  A window over the screen takes the ring's keys; a mouse press hides both
    marks.
    """

    host: BoardHost
    ring: FocusRing
    cursor: BoardCursor
    on_panel: bool = False

    def to_panel(self) -> None:
        """Hand the focus to the panel's buttons."""
        self.on_panel = True
        self.cursor.hide()
        if not self.ring.shown:
            self.ring.show()
        self.host.focus_moved(True)

    def to_board(self) -> None:
        """Hand the focus back to the board."""
        self.on_panel = False
        self.ring.hide()
        self.show_cursor()
        self.host.focus_moved(False)

    def show_cursor(self) -> bool:
        """Show the cursor where it was, or where the host starts it; ``False`` if the
        board has no cell for it."""
        centres = self.host.cell_centres()
        if self.cursor.cell not in centres:
            self.cursor.cell = self.host.cursor_start()
        if self.cursor.cell is None:
            return False
        self.cursor.shown = True
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The focus keys; ``True`` if the event was taken."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.cursor.hide()
            self.on_panel = False
            return self.ring.handle_event(event)
        if event.type != pygame.KEYDOWN:
            return False
        if self.host.windows_open() or focused_entry(self.ring.manager) is not None:
            return self.ring.handle_event(event)
        key, mod = event.key, event.mod
        if key == pygame.K_F6 or (key == pygame.K_TAB and mod & CTRL):
            if self.on_panel:
                self.to_board()
            else:
                self.to_panel()
            return True
        if self.on_panel:
            return self.ring.handle_event(event)
        self.ring.hide()
        if key in ARROWS:
            if self.cursor.shown:
                self.cursor.arrow(ARROWS[key], self.host.cell_centres())
                return True
            return self.show_cursor()
        if key == pygame.K_TAB:
            return self.tab(not mod & pygame.KMOD_SHIFT)
        if key in PRESS_KEYS and self.cursor.shown and self.cursor.cell is not None:
            self.host.activate(self.cursor.cell)
            return True
        return False

    def tab(self, forwards: bool) -> bool:
        """Tab on the board: the next of the host's stops after the cursor; with none,
        the focus goes to the panel."""
        stops = self.host.tab_stops()
        if not stops:
            self.to_panel()
            return True
        here = self.cursor.cell if self.cursor.shown else None
        if forwards:
            later = [cell for cell in stops if here is None or cell > here]
            target = later[0] if later else stops[0]
        else:
            earlier = [cell for cell in stops if here is not None and cell < here]
            target = earlier[-1] if earlier else stops[-1]
        self.cursor.place(target)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """The ring, where it belongs: over a window, or on the panel while it has the
        focus.  (The cursor is the board's to draw.)"""
        if self.on_panel or self.host.windows_open():
            self.ring.draw(surface)


def stops_in_order(cells: Iterable[int]) -> list[int]:
    """Cells as Tab visits them: each once, in board order (by name)."""
    return sorted(set(cells))


__all__ = [
    "ARROWS",
    "CONE",
    "CTRL",
    "ENTER_KEYS",
    "PRESS_KEYS",
    "BoardCursor",
    "BoardFocus",
    "BoardHost",
    "FocusRing",
    "centres_of",
    "draw_cursor",
    "draw_ring",
    "focused_entry",
    "is_text_entry",
    "nearest",
    "reading_rows",
    "step_towards",
    "stops_in_order",
]
