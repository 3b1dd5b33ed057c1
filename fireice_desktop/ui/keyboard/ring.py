"""The focus ring: playing a screen's buttons without a mouse.

:class:`FocusRing` moves a ring over the buttons (and text boxes) of the screen, or of
the window open over it, in reading order: Tab and Shift+Tab, the arrow keys; Enter or
Space presses the button by posting the very ``UI_BUTTON_PRESSED`` event a click makes,
so the screens' own handlers run.  It shows on the first key and hides when the mouse is
pressed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pygame
import pygame_gui

from .keys import CTRL, EDGE, INK, PRESS_KEYS


def is_text_entry(element: object) -> bool:
    """Whether ``element`` takes typing (a one-line or a multi-line text entry)."""
    return isinstance(
        element, (pygame_gui.elements.UITextEntryLine, pygame_gui.elements.UITextEntryBox)
    )


def focused_entry(manager: pygame_gui.UIManager) -> object | None:
    """The text entry that has the keyboard now, if one has."""
    for element in manager.get_focus_set() or ():
        if is_text_entry(element) and element.alive():
            return element
    return None


def _walk(container: object, seen: set[int] | None = None) -> Iterable[object]:
    """Every element under ``container``, depth first, each once (a panel's container is
    an element of the screen's as well as the panel's own)."""
    seen = set() if seen is None else seen
    if not hasattr(container, "elements") and hasattr(container, "get_container"):
        container = container.get_container()
    for element in list(getattr(container, "elements", ())):
        if id(element) in seen:
            continue
        seen.add(id(element))
        yield element
        if hasattr(element, "elements") or hasattr(element, "get_container"):
            yield from _walk(element, seen)


def _list_entry(element: Any) -> bool:
    """Whether ``element`` is an entry of a selection list."""
    owner = getattr(element, "parent_element", None)
    return isinstance(owner, pygame_gui.elements.UISelectionList)


def _shown(element: Any) -> bool:
    return bool(element.alive() and element.visible)


def reading_rows(elements: Sequence[Any]) -> list[list[Any]]:
    """``elements`` in rows, top to bottom, each row left to right: two elements share a
    row when their middles are less than half the smaller one's height apart."""
    rows: list[list[Any]] = []
    for element in sorted(elements, key=lambda e: (e.rect.centery, e.rect.x)):
        if rows:
            first = rows[-1][0]
            if abs(element.rect.centery - first.rect.centery) * 2 < min(
                element.rect.height, first.rect.height
            ):
                rows[-1].append(element)
                continue
        rows.append([element])
    return [sorted(row, key=lambda e: e.rect.x) for row in rows]


class FocusRing:
    """A ring over one of the buttons in reach, moved by keys and pressed by Enter or Space.

    In reach are the enabled buttons and text entries of the window open on top, if
    one is, or else those of the screen within ``area`` (all of it when ``None``).  Title
    bars, close buttons and scroll bars are left out (Esc closes a window); so are the
    entries of the screen's lists when ``lists`` is off.  With ``sideways`` off, Left and
    Right are left to the screen.
    """

    def __init__(self, manager: pygame_gui.UIManager) -> None:
        self.manager = manager
        self.shown = False
        self.sideways = True
        self.lists = True
        self.area: pygame.Rect | None = None
        #: Where the ring stood on the screen and on each window (by the window's id, 0
        #: for the screen): the element, and its place in case the element is rebuilt.
        self._places: dict[int, tuple[Any, int | None]] = {}

    # --- what is in reach ------------------------------------------------------------

    def top_window(self) -> Any:
        """The window open on top of the screen, if any."""
        stack = self.manager.get_window_stack().get_full_stack()
        for window in reversed(stack):
            if window.alive() and window.visible:
                return window
        return None

    def stops(self) -> list[Any]:
        """What the ring may stand on, in reading order."""
        window = self.top_window()
        root = window if window is not None else self.manager.get_root_container()
        elements = list(_walk(root))
        skipped: set[int] = set()
        for element in elements:
            if isinstance(element, pygame_gui.elements.UIWindow):
                skipped.update(
                    id(part)
                    for part in (getattr(element, "title_bar", None), element.close_window_button)
                    if part is not None
                )
                if window is None:  # the screen's own buttons, not a window's
                    skipped.update(id(inner) for inner in _walk(element))
            elif isinstance(
                element,
                (
                    pygame_gui.elements.UIVerticalScrollBar,
                    pygame_gui.elements.UIHorizontalScrollBar,
                ),
            ):
                skipped.update(id(inner) for inner in _walk(element))
                skipped.update(
                    id(getattr(element, name, None))
                    for name in ("top_button", "bottom_button", "left_button", "right_button")
                )
                skipped.add(id(getattr(element, "sliding_button", None)))
            elif (
                isinstance(element, pygame_gui.elements.UISelectionList)
                and not self.lists
                and window is None  # a window's list (of files) is always in reach
            ):
                skipped.update(id(item["button_element"]) for item in element.item_list)
        area = self.area if window is None else None
        found = [
            element
            for element in elements
            if id(element) not in skipped
            and (isinstance(element, pygame_gui.elements.UIButton) or is_text_entry(element))
            and _shown(element)
            and element.is_enabled
            and (area is None or area.contains(element.rect))
        ]
        return [element for row in reading_rows(found) for element in row]

    def current(self) -> Any:
        """The element the ring stands on (``None`` while hidden)."""
        if not self.shown:
            return None
        stops = self.stops()
        if not stops:
            return None
        element, index = self._places.get(self._scope(), (None, None))
        if element in stops:
            return element
        if index is not None:
            return stops[min(index, len(stops) - 1)]
        return stops[0]

    def _scope(self) -> int:
        """Which set of stops the ring is in: the window on top, or (0) the screen."""
        window = self.top_window()
        return 0 if window is None else id(window)

    # --- moving -----------------------------------------------------------------------

    def hide(self) -> None:
        """Hide the ring (it keeps its place in case it comes back)."""
        self.shown = False

    def show(self, element: Any = None) -> None:
        """Show the ring, on ``element`` if given, else where it was (or on the first
        stop); a text entry it lands on takes the typing."""
        self.shown = True
        target = element if element is not None else self.current()
        if target is not None:
            self._put(target, self.stops())

    def _put(self, element: Any, stops: list[Any]) -> None:
        entry = focused_entry(self.manager)
        scope = self._scope()
        self._places = {key: place for key, place in self._places.items() if key == 0}
        self._places[scope] = (element, stops.index(element) if element in stops else None)
        if is_text_entry(element):
            self.manager.set_focus_set(element)  # typing goes into it
        elif entry is not None:
            self.manager.set_focus_set(None)  # Tab leaves the entry
        self.shown = True

    def step(self, forwards: bool) -> bool:
        """Tab (``forwards``) or Shift+Tab: the next or previous stop in reading order."""
        stops = self.stops()
        if not stops:
            return False
        here = self._here(stops)
        if here is None:
            target = stops[0] if forwards else stops[-1]
        else:
            target = stops[(stops.index(here) + (1 if forwards else -1)) % len(stops)]
        self._put(target, stops)
        return True

    def _here(self, stops: list[Any]) -> Any:
        """Where a move of the ring starts: the ring, or a text entry clicked into."""
        if self.shown:
            current = self.current()
            if current is not None:
                return current
        entry = focused_entry(self.manager)
        return entry if entry in stops else None

    def vertical(self, down: bool) -> bool:
        """Up or Down: the nearest stop in the row above or below (round the ends)."""
        stops = self.stops()
        if not stops:
            return False
        here = self._here(stops)
        rows = reading_rows(stops)
        if here is None:
            self._put(rows[0][0] if down else rows[-1][0], stops)
            return True
        index = next(i for i, row in enumerate(rows) if here in row)
        row = rows[(index + (1 if down else -1)) % len(rows)]
        target = min(row, key=lambda e: (abs(e.rect.centerx - here.rect.centerx), e.rect.x))
        self._put(target, stops)
        return True

    # --- pressing ---------------------------------------------------------------------

    def press(self, element: Any) -> None:
        """Do what a click on ``element`` does: a button posts its pressed event (an entry
        of a list already picked, its double click), a text entry takes the typing."""
        if is_text_entry(element):
            self.manager.set_focus_set(element)
            return
        kind = pygame_gui.UI_BUTTON_PRESSED
        if _list_entry(element) and element.is_selected:
            kind = pygame_gui.UI_BUTTON_DOUBLE_CLICKED  # Enter again opens a folder
        pygame.event.post(
            pygame.event.Event(
                kind,
                {
                    "ui_element": element,
                    "ui_object_id": element.most_specific_combined_id,
                    "mouse_button": 1,
                },
            )
        )

    # --- events -----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Keys that move or press the ring, and the mouse that hides it; ``True`` if the
        event was the ring's (the widgets and the screen then do not see it)."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.hide()
            return False
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        if key == pygame.K_TAB and not event.mod & CTRL:
            return self.step(not event.mod & pygame.KMOD_SHIFT)
        if focused_entry(self.manager) is not None:
            return False  # the entry's keys: arrows, Space and Enter type or edit
        if key in (pygame.K_UP, pygame.K_DOWN):
            return self.vertical(key == pygame.K_DOWN)
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and self.sideways:
            return self.step(key == pygame.K_RIGHT)
        if key in PRESS_KEYS and self.shown:
            current = self.current()
            if current is not None:
                self.press(current)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """The ring round the element it stands on (over the widgets)."""
        current = self.current()
        if current is not None:
            draw_ring(surface, pygame.Rect(current.rect))


def draw_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The focus ring round ``rect``: white, with a dark edge either side."""
    ring = rect.inflate(10, 10)
    pygame.draw.rect(surface, EDGE, ring.inflate(2, 2), 5, border_radius=12)
    pygame.draw.rect(surface, INK, ring, 3, border_radius=11)


__all__ = ["FocusRing", "draw_ring", "focused_entry", "is_text_entry", "reading_rows"]
