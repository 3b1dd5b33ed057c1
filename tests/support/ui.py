"""Driving the real desktop app with real pygame events, for the UI tests.

The environment is prepared here, before pygame is imported: the dummy video and
audio drivers, so the tests need no display or sound device.  Each test points
``FIREICE_CONFIG_DIR`` and ``FIREICE_DATA_DIR`` at its own temporary directory
(see :func:`open_ui`).

A :class:`Driver` posts events to pygame's queue and then runs exactly what
``App.run`` does for one frame: ``app.process`` for every queued event,
``app.step(dt)`` and ``app.render()``.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import copy
import html
import random
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest
from pygame_gui.core import UIAppearanceTheme
from pygame_gui.core.surface_cache import SurfaceCache
from pygame_gui.core.utility import translate

from fireice_desktop.engine.games.fireice.ai.playout import random_playout
from fireice_desktop.engine.games.fireice.board import REACH, parse_hole
from fireice_desktop.engine.games.fireice.rules import Color, Move, Position
from fireice_desktop.engine.games.icebreaker.rules import IcebreakerPosition
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.files.storage import autosave_path, read_game
from fireice_desktop.ui.app import App
from fireice_desktop.ui.frame.scene import BoardScene
from fireice_desktop.ui.frame.settings import Settings
from fireice_desktop.ui.game.panel import GamePanel
from fireice_desktop.ui.game.windows.question import ANSWER_DELAY
from fireice_desktop.ui.keyboard.control import BoardCursor, centres_of
from fireice_desktop.ui.screens.game import GameScreen
from fireice_desktop.ui.toolkit.language import use as use_language

__all__ = [
    "FRAME",
    "WINNING_SEEDS",
    "Driver",
    "all_elements",
    "is_game",
    "message_box_of",
    "open_ui",
    "over_panel_texts",
    "peg_colour_at",
    "plain_text",
    "pygame",
    "pygame_gui",
    "screen_kind",
    "targets_of",
    "text_overflows",
    "winning_moves",
]

#: The shapes pygame-gui draws (a button's background in each of its states, by size and
#: colours), kept for every app the tests open in this process, as the one app a player
#: opens keeps them while it runs: each test's app would otherwise draw them all anew.
SHAPES = SurfaceCache()
_theme_init = UIAppearanceTheme.__init__


def _theme_with_shared_shapes(theme: Any, *args: Any, **kwargs: Any) -> None:
    _theme_init(theme, *args, **kwargs)
    theme.shape_cache = SHAPES


UIAppearanceTheme.__init__ = _theme_with_shared_shapes  # type: ignore[method-assign]

#: One frame at 60 frames a second.
FRAME = 1 / 60

#: Seeds whose uniformly random playout from the start is short, and who wins it:
#: seed 1745 is a Fire win in 21 moves; in seed 1986 Fire's 21st move hands the win to Ice.
WINNING_SEEDS: dict[int, Color] = {1745: Color.FIRE, 1986: Color.ICE}


def winning_moves(seed: int) -> list[Move]:
    """The moves of the engine's random playout from the start with ``random.Random(seed)``."""
    moves: list[Move] = []
    random_playout(Position.start(), random.Random(seed), moves)
    return moves


def targets_of(position: Position, hole: int) -> int:
    """Bitboard of the empty holes a peg on ``hole`` may move to (the movement rule)."""
    return REACH[hole] & ~position.occupied


def peg_colour_at(driver: Driver, name: str) -> Color | None:
    """The colour of the peg drawn on hole ``name`` in the last frame, read from its pixel."""
    r, g, b, _ = driver.app.surface.get_at(driver.hole_pos(name))
    if r > 2 * g and r > 2 * b:
        return Color.FIRE
    if b > r and g > r and b > 60:
        return Color.ICE
    return None


def is_game(scene: object, game: str, computer: bool | None = None) -> bool:
    """Whether ``scene`` is the game screen playing ``game`` ("fire-and-ice", "solitaire",
    "icebreaker"); with ``computer``, also whether the computer plays a side in it."""
    if not isinstance(scene, GameScreen) or scene.session.game != game:
        return False
    return computer is None or bool(scene.table.computer) == computer


def screen_kind(scene: object) -> str:
    """What kind of screen ``scene`` is: its class's name, or for the game screen the game
    and whether the computer plays ("fire-and-ice", "icebreaker vs computer", ...)."""
    if isinstance(scene, GameScreen):
        return scene.session.game + (" vs computer" if scene.table.computer else "")
    return type(scene).__name__


def message_box_of(scene: object) -> pygame_gui.elements.UITextBox | None:
    """The message box of a screen: the game panel's, or the screen's own (the handicap's)."""
    if isinstance(scene, GameScreen):
        return scene.panel.message_box if scene.panel is not None else None
    box = getattr(scene, "message_box", None)
    return box if isinstance(box, pygame_gui.elements.UITextBox) else None


def all_elements(container: object) -> Iterator[object]:
    """Every pygame-gui element under ``container`` (a container, panel, window or list)."""
    seen: set[int] = set()

    def walk(node: object) -> Iterator[object]:
        if not hasattr(node, "elements") and hasattr(node, "get_container"):
            node = node.get_container()
        for element in getattr(node, "elements", ()):
            if id(element) in seen:
                continue
            seen.add(id(element))
            yield element
            if hasattr(element, "elements") or hasattr(element, "get_container"):
                yield from walk(element)

    yield from walk(container)


def text_overflows(element: object) -> bool:
    """Whether a button's or label's text is wider or taller than the element can show."""
    text = getattr(element, "text", None)
    font = getattr(element, "font", None)
    if not text or font is None:
        return False
    width, height = font.size(translate(text))  # pygame-gui's own words are keys ("pygame-gui.OK")
    rect: pygame.Rect = element.rect  # type: ignore[attr-defined]
    border = 2 if isinstance(element, pygame_gui.elements.UIButton) else 0
    return width > rect.width - 2 * border or height > rect.height


def _scancode(key: int) -> int:
    return int(getattr(pygame, f"KSCAN_{pygame.key.name(key).upper()}", 0))


class Driver:
    """A running :class:`App` and the hands that play it."""

    def __init__(self, app: App) -> None:
        self.app = app

    # --- the frame loop ---------------------------------------------------------------

    def pump(self, frames: int = 1, dt: float = FRAME) -> bool:
        """Run ``frames`` frames as ``App.run`` does (drawing a frame only when something
        changed); returns whether the last one animated."""
        animating = False
        for _ in range(frames):
            for event in pygame.event.get():
                self.app.process(event)
            animating = self.app.step(dt)
            if self.app.dirty:
                self.app.render()
        return animating

    def settle(self, dt: float = 0.05, limit: int = 200) -> int:
        """Step until nothing animates any more; returns the number of frames it took."""
        for frame in range(1, limit + 1):
            if not self.pump(1, dt):
                return frame
        raise AssertionError(f"still animating after {limit} frames")

    # --- the scene --------------------------------------------------------------------

    @property
    def scene(self) -> object:
        return self.app.scene

    @property
    def game(self) -> GameScreen:
        """The current scene, which must be a game (two-player, solitaire or Icebreaker)."""
        scene = self.app.scene
        assert isinstance(scene, GameScreen), f"expected a game, the scene is {scene!r}"
        return scene

    @property
    def board_scene(self) -> Any:
        """The current scene, which must show a board it plays on (a game, a lesson)."""
        scene = self.app.scene
        assert isinstance(scene, BoardScene) and hasattr(scene, "controller"), scene
        return scene

    @property
    def panel(self) -> GamePanel:
        """The side panel of the game on screen (its labels, buttons and game-over card)."""
        panel = self.game.panel
        assert panel is not None, "the game screen has no panel"
        return panel

    def picture(self) -> Any:
        """What the board of the game on screen shows now (pegs or ships, marks, motion)."""
        game = self.game
        return game.view.picture(game.moment())  # type: ignore[attr-defined]

    @property
    def position(self) -> object:
        """The present position of the game on screen."""
        return self.game.controller.history.position

    @property
    def played(self) -> list[str]:
        """The moves of the game on screen, as text."""
        return [str(move) for move in self.game.controller.history.played]

    @property
    def message(self) -> str:
        """The text in the side panel's message box (tags and entities removed)."""
        box = message_box_of(self.scene)
        assert box is not None, f"no message box on {self.scene!r}"
        return plain_text(box.html_text)

    def elements(self) -> list[object]:
        """Every widget on screen now."""
        return list(all_elements(self.app.manager.get_root_container()))

    def find(
        self, text: str, kind: type = pygame_gui.elements.UIButton, within: object = None
    ) -> object:
        """The one visible widget of ``kind`` that shows ``text`` (in ``within``, if given)."""
        elements = self.elements() if within is None else list(all_elements(within))
        found = [
            element
            for element in elements
            if isinstance(element, kind)
            and getattr(element, "text", None) == text
            and element.visible  # type: ignore[attr-defined]
        ]
        assert len(found) == 1, f"{len(found)} visible {kind.__name__}s say {text!r}"
        return found[0]

    def has_button(self, text: str) -> bool:
        """Whether a visible button says ``text``."""
        return any(
            isinstance(element, pygame_gui.elements.UIButton)
            and element.text == text
            and element.visible
            for element in self.elements()
        )

    # --- the mouse --------------------------------------------------------------------

    def mouse_down(self, pos: tuple[int, int]) -> None:
        """Press the left button at ``pos`` and run a frame."""
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        self.pump()

    def mouse_up(self, pos: tuple[int, int], frames: int = 1) -> None:
        """Release the left button at ``pos`` and run ``frames`` frames."""
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.pump(frames)

    def move_mouse(self, start: tuple[int, int], end: tuple[int, int], steps: int = 4) -> None:
        """Move the mouse with the left button held from ``start`` to ``end``."""
        last = start
        for k in range(1, steps + 1):
            pos = (
                round(start[0] + (end[0] - start[0]) * k / steps),
                round(start[1] + (end[1] - start[1]) * k / steps),
            )
            rel = (pos[0] - last[0], pos[1] - last[1])
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0))
            )
            self.pump()
            last = pos

    def click(self, pos: tuple[int, int]) -> None:
        """A left click at ``pos``; extra frames let posted widget events arrive."""
        self.mouse_down(pos)
        self.mouse_up(pos, frames=3)

    def click_button(self, text: str, within: object = None) -> None:
        """Click the centre of the visible button that says ``text`` (in ``within``)."""
        element = self.find(text, within=within)
        self.click(element.rect.center)  # type: ignore[attr-defined]

    @property
    def dialog(self) -> pygame_gui.windows.UIConfirmationDialog | None:
        """The confirmation dialog on screen, if any."""
        dialogs = [
            element
            for element in self.elements()
            if isinstance(element, pygame_gui.windows.UIConfirmationDialog) and element.alive()
        ]
        assert len(dialogs) <= 1, "more than one dialog"
        return dialogs[0] if dialogs else None

    def read_question(self) -> None:
        """Leave the open question on screen long enough to take a key, as a player who
        reads it before answering (it takes none at first)."""
        self.pump(1, dt=ANSWER_DELAY)

    def answer(self, confirm: bool) -> None:
        """Click the open dialog's confirm or cancel button."""
        dialog = self.dialog
        assert dialog is not None, "no dialog to answer"
        button = dialog.confirm_button if confirm else dialog.cancel_button
        self.click_element(button)

    def click_element(self, element: object) -> None:
        """Click the centre of ``element``."""
        self.click(element.rect.center)  # type: ignore[attr-defined]

    # --- the board --------------------------------------------------------------------

    def hole_pos(self, name: str) -> tuple[int, int]:
        """The pixel at the centre of hole ``name`` in the current scene's layout."""
        scene = self.app.scene
        assert isinstance(scene, BoardScene) and scene.layout is not None
        x, y = scene.layout.holes[parse_hole(name)]
        return round(x), round(y)

    def wood_pos(self) -> tuple[int, int]:
        """A pixel of the board's wood that is not near any hole (bottom-left corner)."""
        scene = self.app.scene
        assert isinstance(scene, BoardScene) and scene.layout is not None
        x, y, _, height = scene.layout.rect
        pos = (x + 12, y + height - 12)
        assert scene.layout.hole_at(pos) is None
        return pos

    def board_click(self, name: str) -> None:
        """Click hole ``name`` (the board reacts to the press itself, not to a widget event)."""
        pos = self.hole_pos(name)
        self.mouse_down(pos)
        self.mouse_up(pos)

    def play(self, move: str | Move) -> None:
        """Play ``move`` the way a player does: click the peg, then the hole it goes to."""
        source, target = str(move).split("-")
        self.board_click(source)
        self.board_click(target)

    def drag(self, source: str, target: str) -> None:
        """Drag the peg on ``source`` to ``target`` and drop it there."""
        start, end = self.hole_pos(source), self.hole_pos(target)
        self.mouse_down(start)
        self.move_mouse(start, end)
        self.mouse_up(end)

    # --- cells of any game ------------------------------------------------------------

    def cell(self, name: str) -> int:
        """The cell called ``name`` on the board on screen (a game's, a lesson's): ``D4``
        on the Fire & Ice board, ``a1`` on Icebreaker's sea."""
        start = self.board_scene.controller.history.positions[0]
        if isinstance(start, IcebreakerPosition):
            return start.board.parse_cell(name)
        return parse_hole(name)

    def cell_pos(self, name: str) -> tuple[int, int]:
        """The pixel at the centre of cell ``name`` on the board on screen (see :meth:`cell`)."""
        layout = self.board_scene.layout
        assert layout is not None
        x, y = layout.holes[self.cell(name)]
        return round(x), round(y)

    def click_cell(self, name: str) -> None:
        """Click cell ``name`` of the game on screen, as :meth:`board_click` clicks a hole."""
        pos = self.cell_pos(name)
        self.mouse_down(pos)
        self.mouse_up(pos)

    def play_cells(self, move: object) -> None:
        """Play ``move`` (text like ``a1-b2``, or a move) by clicking its two cells."""
        source, target = str(move).split("-")
        self.click_cell(source)
        self.click_cell(target)

    def drag_cells(self, source: str, target: str) -> None:
        """Drag the piece on cell ``source`` to cell ``target`` and drop it there."""
        start, end = self.cell_pos(source), self.cell_pos(target)
        self.mouse_down(start)
        self.move_mouse(start, end)
        self.mouse_up(end)

    # --- the window -------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window as a player dragging its edge would, and let the size settle."""
        assert self.app.window is not None
        self.app.window.size = size
        self.settle(dt=FRAME)

    # --- the keyboard -----------------------------------------------------------------

    def key(self, key: int, mod: int = 0, text: str = "", frames: int = 2) -> None:
        """Press and release ``key`` with the modifiers ``mod``; ``text`` is what it types."""
        scancode = _scancode(key)
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=scancode)
        )
        if text:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        pygame.event.post(
            pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=scancode)
        )
        self.pump(frames)

    def type_text(self, text: str) -> None:
        """Type ``text`` into the focused entry, key by key."""
        for char in text:
            self.key(pygame.key.key_code(char), text=char, frames=1)

    def press(self, key: int, mod: int = 0, times: int = 1) -> None:
        """Press ``key`` (with ``mod``) ``times`` times, as a player on the keyboard: letters
        and digits type their character too."""
        name = pygame.key.name(key)
        text = name if len(name) == 1 else (" " if key == pygame.K_SPACE else "")
        if mod & pygame.KMOD_SHIFT and text.isalpha():
            text = text.upper()
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            text = ""
        for _ in range(times):
            self.key(key, mod=mod, text=text)

    def type_keys(self, text: str) -> None:
        """Type ``text`` key by key (capitals with Shift), wherever the keys go."""
        for char in text:
            key = pygame.key.key_code(char.lower()) if char != " " else pygame.K_SPACE
            self.press(key, pygame.KMOD_LSHIFT if char.isupper() else 0)

    @property
    def focused(self) -> Any:
        """The element the keyboard's focus ring stands on now (``None`` while hidden)."""
        scene = self.app.scene
        game_keys = getattr(scene, "keys", None)
        focus = getattr(game_keys, "focus", game_keys)
        if focus is not None and not (focus.on_panel or focus.host.windows_open()):
            return None  # the board has the keys: the ring is not drawn
        return scene.focus.current()  # type: ignore[attr-defined]

    @property
    def focused_text(self) -> str | None:
        """The text of the button the focus ring stands on, if it stands on one."""
        element = self.focused
        return None if element is None else getattr(element, "text", None)

    def tab_to(self, text: str, limit: int = 60) -> None:
        """Press Tab until the focus ring stands on the button that says ``text``."""
        for _ in range(limit):
            self.press(pygame.K_TAB)
            if self.focused_text == text:
                return
        raise AssertionError(f"Tab never reached a button saying {text!r}")

    @property
    def cursor(self) -> int | None:
        """The cell the board's keyboard cursor is drawn on (``None`` while hidden)."""
        scene = self.app.scene
        keys = getattr(scene, "keys", None)
        if isinstance(scene, GameScreen):
            return scene.keys.cursor_cell
        return None if keys is None else keys.cursor.visible

    def cursor_to(self, cell: int) -> None:
        """Walk the board's cursor to ``cell`` by the arrow keys: the fewest presses, found
        by trying them on a copy of the cursor (which remembers where a run of presses
        began) over the centres the board is drawn with."""
        scene = self.app.scene
        assert isinstance(scene, BoardScene) and scene.layout is not None
        if self.cursor is None:
            self.press(pygame.K_RIGHT)  # the first arrow shows the cursor
        cursor = scene.keys.cursor  # type: ignore[attr-defined]
        centres = centres_of(scene.layout)
        arrows = {
            pygame.K_LEFT: (-1, 0),
            pygame.K_RIGHT: (1, 0),
            pygame.K_UP: (0, -1),
            pygame.K_DOWN: (0, 1),
        }

        def state(c: BoardCursor) -> tuple[object, ...]:
            return (c.cell, c._axis, c._goal)

        paths: dict[tuple[object, ...], tuple[BoardCursor, list[int]]] = {
            state(cursor): (copy.copy(cursor), [])
        }
        queue = [state(cursor)]
        plan: list[int] | None = [] if cursor.cell == cell else None
        while queue and plan is None:
            here, keys = paths[queue.pop(0)]
            for key, direction in arrows.items():
                step = copy.copy(here)
                step.arrow(direction, centres)
                if state(step) in paths:
                    continue
                paths[state(step)] = (step, [*keys, key])
                queue.append(state(step))
                if step.cell == cell:
                    plan = [*keys, key]
                    break
        assert plan is not None, f"no arrows lead to cell {cell}"
        for key in plan:
            self.press(key)
        assert self.cursor == cell

    def clear_entry(self, entry: object) -> None:
        """Click into ``entry`` and delete its text with End and Backspace."""
        self.click_element(entry)
        self.key(pygame.K_END)
        for _ in entry.get_text():  # type: ignore[attr-defined]
            self.key(pygame.K_BACKSPACE, frames=1)


def over_panel_texts(ui: Driver) -> list[str]:
    """The texts on the game-over panel: labels and text boxes, top to bottom."""
    panel = ui.panel.over_panel
    assert panel is not None, "no game-over panel"
    texts = []
    for element in all_elements(panel):
        if isinstance(element, pygame_gui.elements.UILabel):
            texts.append(element.text)
        elif isinstance(element, pygame_gui.elements.UITextBox):
            texts.append(plain_text(element.html_text))
    return texts


def plain_text(html_text: str) -> str:
    """pygame-gui's HTML subset as plain text."""
    text = re.sub(r"<br\s*/?>", "\n", html_text)
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def judged(ui: Driver, kind: type, limit: float = 60.0) -> Any:
    """Run frames until the learning screen on show (of ``kind``: lessons, puzzles,
    practice) has judged the move and shown every reply; that screen.  The judgement is
    searched on its own thread: the wait is in seconds, not frames (a frame that draws
    nothing takes next to no time)."""
    scene = ui.scene
    assert isinstance(scene, kind), scene
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        ui.pump(1, dt=0.05)
        if scene.job is None and not scene.queue and scene.controller.animation is None:
            return scene
        if scene.job is not None:
            scene.job.wait(0.02)
    raise AssertionError(f"{kind.__name__} is still busy")


@contextmanager
def open_ui(
    config_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
    size: tuple[int, int] = (1280, 800),
    animation_speed: str = "off",
    language: str = "en",
    settings: Settings | None = None,
) -> Iterator[Driver]:
    """A fresh :class:`App` in a real (dummy-driver) window, its settings kept in ``config_dir``,
    speaking ``language`` (English again afterwards); ``settings`` instead of the defaults
    with those."""
    monkeypatch.setenv("FIREICE_CONFIG_DIR", str(config_dir))
    monkeypatch.setenv("FIREICE_DATA_DIR", str(config_dir / "data"))  # the autosave
    if pygame.display.get_init():
        pygame.event.clear()  # nothing left over from an earlier test
    if settings is None:
        settings = Settings(sound=False, animation_speed=animation_speed, language=language)
    app = App(size, settings=settings, window=True)
    driver = Driver(app)
    try:
        driver.pump(2)
        yield driver
    finally:
        app.scene.leave()
        if app.window is not None:
            app.window.destroy()
        pygame.event.clear()
        use_language("en")


def wait_for_computer(ui: Driver, limit: float = 20.0) -> None:
    """Pump frames, as the real loop would, until the computer has moved."""
    scene = ui.scene
    assert isinstance(scene, GameScreen) and scene.table.computer, "not against the computer"
    before = len(ui.played)
    deadline = time.monotonic() + limit
    while len(ui.played) == before:
        assert time.monotonic() < deadline, "the computer never moved"
        ui.pump(1, dt=0.1)
        time.sleep(0.005)
    ui.pump(2)


def autosaved() -> GameRecord:
    """The game in the autosave file."""
    return read_game(autosave_path())


def choose(ui: Driver, path: Path) -> None:
    """Type ``path`` into the open file dialog, press Enter, then click its OK button (and
    wait while a large file is read off the UI thread)."""
    dialog = file_dialog(ui)
    entry = dialog.file_path_text_line
    ui.click_element(entry)
    entry.set_text(str(path))
    ui.key(pygame.K_RETURN)
    wait_for_reading(ui)
    if dialog.alive():  # Enter on a file's name is OK already
        assert dialog.ok_button.is_enabled, f"the dialog does not take {path}"
        ui.click_element(dialog.ok_button)
    ui.pump(2)
    wait_for_reading(ui)


def wait_for_reading(ui: Driver, limit: float = 30.0) -> None:
    """Pump frames until no file or pasted text is being read off the UI thread (a large
    one is: :data:`~fireice_desktop.ui.screens.saving.READ_AWAY_BYTES`)."""
    deadline = time.monotonic() + limit

    def reading() -> bool:
        scene = ui.app.scene
        windows = getattr(scene, "windows", scene)  # the game screen's, or the menu itself
        files = getattr(windows, "files", None)
        window = getattr(windows, "text_window", None)
        return bool(
            (files is not None and files.reading is not None)
            or (window is not None and window.reading is not None)
        )

    while reading():
        assert time.monotonic() < deadline, "the reading never ended"
        ui.pump(1)
        time.sleep(0.002)
    ui.pump(1)


def windows(ui: Driver, kind: type) -> list[Any]:
    """The open windows of ``kind``."""
    return [e for e in ui.elements() if isinstance(e, kind) and e.alive()]  # type: ignore[attr-defined]


def file_dialog(ui: Driver) -> Any:
    """The one file dialog on screen."""
    dialogs = windows(ui, pygame_gui.windows.UIFileDialog)
    assert len(dialogs) == 1, f"{len(dialogs)} file dialogs"
    return dialogs[0]
