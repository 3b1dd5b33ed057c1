"""Playing without a mouse: the focus ring over the buttons, and the cursor on a board.

Two pieces every screen shares:

- :class:`FocusRing` moves a ring over the buttons (and text boxes) of the screen, or
  of the window open over it, in reading order: Tab and Shift+Tab, the arrow keys;
  Enter or Space presses the button by posting the very ``UI_BUTTON_PRESSED`` event a
  click makes, so the screens' own handlers run.  It shows on the first key and hides
  when the mouse is pressed.
- :class:`BoardFocus` is the same on a screen with a board: the board (a
  :class:`BoardCursor` moved by the arrow keys over the holes or cells, as they are laid
  out on screen) or the panel's buttons (the ring) has the focus, and F6 or Ctrl+Tab
  switches between them.

Pure geometry (:func:`step_towards`) picks the hole an arrow leads to, from the same
centres the board is drawn with.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pygame
import pygame_gui

from .layout import Point

#: The arrow keys, as directions on the screen (y grows downwards).
ARROWS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
PRESS_KEYS = (*ENTER_KEYS, pygame.K_SPACE)
CTRL = pygame.KMOD_CTRL | pygame.KMOD_META

#: How far from an arrow's direction a hole may lie and still be reached by it.
CONE = math.radians(60)
#: How much worse a hole at the edge of the cone scores than one straight ahead, at the
#: same distance: a neighbour at 30 degrees still beats a hole twice as far straight on.
ANGLE_PENALTY = 0.5
#: The cost of drifting sideways from where a run of Up/Down (or Left/Right) presses
#: started, per pixel: on the hex board, Up then goes up-left and up-right in turn.
DRIFT_PENALTY = 0.25

INK = (255, 255, 255)  # the keyboard's marks: white with a dark edge, apart from every
EDGE = (16, 20, 28)  # other mark (gold, pale yellow, green, orange) and on wood or sea


# --- the board cursor ------------------------------------------------------------------


def step_towards(
    centres: Mapping[int, Point],
    start: int,
    direction: tuple[int, int],
    goal: float | None = None,
) -> int | None:
    """The hole an arrow pointing ``direction`` leads to from ``start``, or ``None``.

    Of the holes whose direction from ``start`` lies within :data:`CONE` of the arrow,
    the nearest, counting an angle off the arrow as extra distance; ``goal`` is the
    coordinate across the arrow (x for Up and Down) the run of presses started at, and
    drifting from it costs a little too.  Ties go to the hole first in board order.
    """
    sx, sy = centres[start]
    dx, dy = direction
    best: tuple[float, int] | None = None
    for cell, (x, y) in centres.items():
        vx, vy = x - sx, y - sy
        distance = math.hypot(vx, vy)
        if cell == start or distance < 1e-9:
            continue
        angle = math.acos(max(-1.0, min(1.0, (vx * dx + vy * dy) / distance)))
        if angle > CONE + 1e-6:
            continue
        score = distance * (1 + ANGLE_PENALTY * angle / CONE)
        if goal is not None:
            score += DRIFT_PENALTY * abs((x if dx == 0 else y) - goal)
        if best is None or (score, cell) < best:
            best = (score, cell)
    return None if best is None else best[1]


def nearest(centres: Mapping[int, Point], point: Point) -> int | None:
    """The hole whose centre is nearest ``point``."""
    return min(
        centres,
        key=lambda cell: math.dist(centres[cell], point),
        default=None,
    )


def centres_of(layout: Any) -> dict[int, Point]:
    """The hole or cell centres of a board layout, by cell: Fire & Ice's layout keeps a
    tuple of 49 holes, Icebreaker's a dict from cell to centre."""
    holes = layout.holes
    return dict(holes.items()) if isinstance(holes, Mapping) else dict(enumerate(holes))


class BoardCursor:
    """Where the keyboard is on a board: a cell, shown once a key has moved it."""

    def __init__(self) -> None:
        self.cell: int | None = None
        self.shown = False
        self._axis: int | None = None  # 0 for Left/Right runs, 1 for Up/Down runs
        self._goal: float | None = None

    @property
    def visible(self) -> int | None:
        """The cell to draw the cursor on, if it is shown."""
        return self.cell if self.shown else None

    def place(self, cell: int | None) -> None:
        """Put the cursor on ``cell`` and show it."""
        self.cell = cell
        self.shown = cell is not None
        self._axis = self._goal = None

    def hide(self) -> None:
        """Stop drawing the cursor (it remembers its cell)."""
        self.shown = False

    def arrow(self, direction: tuple[int, int], centres: Mapping[int, Point]) -> bool:
        """Move one step ``direction``; ``False`` if no hole lies that way."""
        if self.cell is None or self.cell not in centres:
            return False
        axis = 1 if direction[0] == 0 else 0
        here = centres[self.cell]
        if axis != self._axis:
            self._axis = axis
            self._goal = here[0] if axis == 1 else here[1]
        found = step_towards(centres, self.cell, direction, self._goal)
        if found is None:
            return False
        self.cell = found
        return True


def draw_cursor(surface: pygame.Surface, centre: Point, radius: float) -> None:
    """The board cursor: a white ring with a dark edge and four ticks pointing in, a
    little wider than a peg, so that it shows on pegs, empty holes and the sea alike."""
    width = max(2, round(radius * 0.12))
    x, y = centre
    tick = radius * 0.45
    for colour, grow in ((EDGE, 2), (INK, 0)):
        pygame.draw.circle(surface, colour, (x, y), radius + grow // 2, width + grow)
        for ux, uy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            outer = (x + ux * (radius + tick), y + uy * (radius + tick))
            inner = (x + ux * (radius - width / 2), y + uy * (radius - width / 2))
            pygame.draw.line(surface, colour, outer, inner, width + grow)


# --- the focus ring over buttons -------------------------------------------------------


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


# --- a screen with a board and a panel -------------------------------------------------


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
