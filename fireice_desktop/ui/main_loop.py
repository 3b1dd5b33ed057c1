"""The desktop app's window and main loop: one window, one pygame-gui manager, and the
scene shown in it, which :class:`~.app.App` chooses.

The loop follows pygame-gui's pattern: events go to the manager and then to the
scene; ``update``; ``draw``; the manager's widgets last.  When nothing moves, the
loop sleeps in ``pygame.event.wait`` and the frame is not redrawn, so an idle game
uses almost no CPU.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import time
import traceback
from functools import cache
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from ..engine.words import named
from ..files.errorlog import append_report
from ..files.lock import Request, Requests
from ..files.storage import write_atomic
from .frame.player_files import PlayerFiles
from .frame.scene import Scene
from .frame.settings import Settings
from .toolkit import language
from .toolkit.assets import asset_path
from .toolkit.language import tr
from .toolkit.scaling import (
    BASE_SIZE,
    DPI_AWARENESS,
    SMALLEST,
    default_window,
    display_scale,
    px,
    scale,
    scale_for,
    scale_scroll_arrows,
    scaled_theme,
    set_scale,
)
from .toolkit.shapes import draw_states_when_shown
from .toolkit.sound import Sounds
from .toolkit.text import (
    FILE_NAMES_FACE,
    FILE_NAMES_SIZES,
    keep_fonts,
    measure_text_without_drawing,
)
from .toolkit.theme_ids import quick_theme_ids
from .toolkit.tool_tips import place_tool_tips_clear

MIN_SIZE = SMALLEST
DEFAULT_SIZE = BASE_SIZE
IDLE_WAIT_MS = 500
RESIZE_SETTLE = 0.1  # seconds a new window size must last before everything is laid out again
#: Set, the loop says "first frame" on standard output once it has shown one (``quit``:
#: and stops), so that ``scripts/bench.py standalone`` can time a start from outside.
FIRST_FRAME_VARIABLE = "FIREICE_FIRST_FRAME"
#: This many unforeseen errors within this many seconds end the program (one that comes
#: back at once, the menu itself failing, would otherwise loop for ever).
REPEATED_ERRORS = 5
REPEATED_ERRORS_SECONDS = 10.0


class MainLoop:
    """The window (or, with ``window=False``, an off-screen surface for screenshots and
    tests), its widgets' manager, and the loop that runs the scene shown in it.

    Which scene that is, and where a scene leads, is the navigator's
    (:class:`~.app.App`): the loop only asks it for a fresh menu after an error."""

    scene: Scene

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        settings: Settings | None = None,
        window: bool = True,
        files: PlayerFiles | None = None,
    ) -> None:
        self.files = files or PlayerFiles()
        self.settings = settings or self.files.settings()
        if window:
            os.environ.setdefault(*DPI_AWARENESS)
            pygame.init()
        else:  # off-screen: no audio device, no joysticks
            pygame.display.init()
            pygame.font.init()
        #: The scale the system asks of programs on this display (HiDPI); none off-screen,
        #: so that a picture is the same on every machine.
        self.display_scale = display_scale() if window else 1.0
        if size is None:  # the start's own window: larger on a display the system scales
            desktops = pygame.display.get_desktop_sizes() if window else []
            size = default_window(self.display_scale, desktops[0] if desktops else None)
        self.window: pygame.Window | None = None
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if window:
            self.window = pygame.Window("Fire & Ice", size, resizable=True)
            self.window.minimum_size = MIN_SIZE
            self.surface = self.window.get_surface()
            if self.settings.fullscreen:
                self.window.set_fullscreen(desktop=True)
                self.surface = self.window.get_surface()
        else:
            # Off-screen: a hidden 1x1 display lets images be converted for fast blits.
            pygame.display.set_mode((1, 1), pygame.HIDDEN)
            self.surface = pygame.Surface(size)
        self.size = self.surface.get_size()
        scale_scroll_arrows()
        measure_text_without_drawing()
        keep_fonts()
        quick_theme_ids()
        draw_states_when_shown()
        place_tool_tips_clear()
        self.manager = pygame_gui.UIManager(
            self.size,
            str(asset_path("theme.json")),
            enable_live_theme_updates=False,
            starting_language=self.settings.language,
            translation_directory_paths=language.paths(),
        )
        language.use(self.settings.language, self.manager)
        self.apply_scale(self.size, loaded=True)
        self.sounds = Sounds(self.settings.sound and window)
        self.running = True
        self.failed = False  # stopped by errors that kept coming back
        self._errors: list[float] = []  # when the latest unforeseen errors came
        #: What other starts of the game ask of this one (only the window a player runs).
        self.requests: Requests | None = None
        self.dirty = True
        self._clock = pygame.time.Clock()
        self._animating = True  # whether the last frame animated (then no sleeping)
        self._report_first = False  # say "first frame" once it is shown
        self.pending_size: tuple[int, int] | None = None  # a new window size, not yet laid out
        self.pending_time = 0.0

    def redraw(self) -> None:
        """Draw the next frame even though nothing animates."""
        self.dirty = True

    def quit(self) -> None:
        """Leave the loop at the end of this frame."""
        self.running = False

    # --- window -------------------------------------------------------------------

    def resize(self, size: tuple[int, int], settle: bool = False) -> None:
        """Lay everything out again for a new window size.

        With ``settle`` (a window edge being dragged) the new layout waits until the
        size has stopped changing for a moment; the old one is drawn meanwhile.
        """
        if self.window is not None:
            self.surface = self.window.get_surface()
            size = self.surface.get_size()
        elif size != self.surface.get_size():
            self.surface = pygame.Surface(size)
        self.dirty = True
        if settle:
            self.pending_size = size
            self.pending_time = 0.0
            return
        self.pending_size = None
        if size == self.size:
            return
        self.size = size
        self.manager.set_window_resolution(size)
        self.manager.clear_and_reset()
        self.apply_scale(size)
        self.scene.build(size)
        self.dirty = True

    def apply_scale(self, size: tuple[int, int], loaded: bool = False) -> None:
        """Scale the theme's fonts and lengths, and the layouts, for a window of ``size``
        (:mod:`.scaling`); the widgets are built afresh after this.  ``loaded``: the
        theme was just loaded from its file, at scale 1."""
        factor = scale_for(size, self.display_scale)
        if loaded:
            set_scale(1.0)
        elif factor == scale():
            return
        if factor != scale():
            set_scale(factor)
            self.manager.get_theme().load_theme(scaled_theme(_base_theme(), factor))
        # Bold text (<b>) in the message boxes and on the Rules screen, at this scale.
        fonts = self.manager.get_theme().get_font_dictionary()
        sizes = (px(points) for points in (15, 16))
        self.manager.preload_fonts(
            [
                {"name": "noto_sans", "point_size": size, "style": "bold", "antialiased": "1"}
                for size in sizes
                if not fonts.check_font_preloaded(
                    fonts.create_font_id(size, "noto_sans", True, False)
                )
            ]
        )
        # File names in the boxes' words, without kerning (:func:`.text.file_name_html`).
        self.manager.preload_fonts(
            [
                {"name": FILE_NAMES_FACE, "point_size": size, "script": "Zyyy"}
                for size in (px(points) for points in FILE_NAMES_SIZES)
                if not fonts.check_font_preloaded(
                    fonts.create_font_id(size, FILE_NAMES_FACE, False, False)
                )
            ]
        )

    def toggle_fullscreen(self) -> None:
        """F11: fullscreen on or off (remembered in the settings)."""
        self.settings.fullscreen = not self.settings.fullscreen
        self.files.save_settings(self.settings)
        if self.window is not None:
            if self.settings.fullscreen:
                self.window.set_fullscreen(desktop=True)
            else:
                self.window.set_windowed()
            self.resize(self.window.size)

    # --- the loop -----------------------------------------------------------------

    def process(self, event: pygame.event.Event) -> None:
        """Handle one event: the app's own keys, then the widgets, then the scene."""
        if event.type != pygame.MOUSEMOTION or any(event.buttons):
            self.dirty = True
        elif self.manager.get_hovering_any_element():
            self.dirty = True  # hover looks change over widgets; over bare wood nothing does
        if event.type == pygame.QUIT:
            if self.scene.may_close():
                self.quit()
            return
        if event.type in (pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE):
            size = (event.x, event.y) if event.type == pygame.WINDOWSIZECHANGED else event.size
            self.resize(size, settle=True)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if self.scene.handle_keyboard(event):
            return
        consumed = self.manager.process_events(event)
        if consumed and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return
        self.scene.handle_event(event)

    def step(self, dt: float, widgets_dt: float | None = None) -> bool:
        """Advance by ``dt`` seconds; ``True`` while something animates.  The widgets
        are told the time as it passed (``widgets_dt``), not cut to a frame's: a mouse
        resting on a button while the loop sleeps gets its tool tip after pygame-gui's
        second, not five."""
        if self.pending_size is not None:
            self.pending_time += dt
            if self.pending_time < RESIZE_SETTLE:
                return True  # keep the loop turning until the size settles
            self.resize(self.pending_size)
        # pygame-gui makes a new list of visible sprites whenever a widget comes, goes,
        # shows or hides (a tool tip appearing, say): then the frame must be redrawn.
        widgets = self.manager.get_sprite_group().visible
        self.manager.update(dt if widgets_dt is None else widgets_dt)
        animating = self.scene.update(dt)
        if animating or self.manager.get_sprite_group().visible is not widgets:
            self.dirty = True
        if self.manager.get_focus_set() and any(
            isinstance(element, pygame_gui.elements.UITextEntryLine)
            for element in self.manager.get_focus_set()
        ):
            self.dirty = True  # the text cursor blinks
        return animating

    def render(self) -> None:
        """Draw the scene and the widgets onto the surface."""
        self.scene.draw(self.surface)
        self.manager.draw_ui(self.surface)
        self.scene.draw_focus(self.surface)
        self.dirty = False

    def run(self) -> None:
        """The main loop, until the window closes or Quit is chosen.

        An error nobody foresaw does not end the game: see :meth:`recover`.
        """
        self._report_first = bool(os.environ.get(FIRST_FRAME_VARIABLE))
        while self.running:
            self.guarded_frame()
        with contextlib.suppress(Exception):
            self.scene.leave()

    def guarded_frame(self) -> None:
        """One :meth:`frame`; an error nobody foresaw is caught here, never passed on."""
        try:
            self.frame()
        except Exception:  # the last line of defence: the player's game comes first
            self.recover(traceback.format_exc())

    def frame(self) -> None:
        """One turn of the loop: wait for events (asleep when nothing moves), handle
        them, advance time and draw if anything changed."""
        if self._animating:
            events = pygame.event.get()
        else:
            first = pygame.event.wait(IDLE_WAIT_MS)
            events = [first] if first.type != pygame.NOEVENT else []
            events += pygame.event.get()
        for event in events:
            self.process(event)
            if not self.running:
                return
        if self.requests is not None:
            for request in self.requests.take():
                self.answer(request)
        dt = self._clock.tick(60 if self._animating or events else 0) / 1000.0
        self._animating = self.step(min(dt, 0.1), widgets_dt=dt)
        if self.dirty:
            self.render()
            if self.window is not None:
                self.window.flip()
            if self._report_first:
                self._report_first = False
                self._report_first_frame()

    def recover(self, details: str) -> None:
        """After an unforeseen error: keep the game in progress, write ``details`` to the
        log in the player's data folder, and go on from the menu with a window that says
        what happened and where the details are.

        Errors that come back at once, again and again (the menu itself failing), end the
        program instead, the game kept and the log named on standard error.
        """
        with contextlib.suppress(Exception):
            self.scene.keep_now()
        log = append_report(details)
        now = time.monotonic()
        self._errors = [t for t in self._errors if now - t < REPEATED_ERRORS_SECONDS] + [now]
        if len(self._errors) >= REPEATED_ERRORS:
            where = f"; the details are in {log}" if log is not None else ""
            print(f"fireice: stopped after repeated errors{where}", file=sys.stderr)
            if log is None:
                print(details, file=sys.stderr)
            self.failed = True
            self.running = False
            return
        if log is not None:
            text = tr("keeping.crash_text", path=named(log))
        else:
            print(details, file=sys.stderr)  # the one place left for them
            text = tr("keeping.crash_text_no_log")
        with contextlib.suppress(Exception):
            self.scene.leave()
        self.manager.clear_and_reset()
        menu = self.fresh_menu()
        self.scene = menu
        menu.build(self.size)
        menu.notify(tr("keeping.crash_title"), text, tr("keeping.go_on"))
        self.dirty = True
        self._animating = True

    def fresh_menu(self) -> Scene:
        """A new main menu, for :meth:`recover` to go on from (the navigator makes it)."""
        raise NotImplementedError

    def answer(self, request: Request) -> None:
        """What another start of the game asked of this one: the window brought forward
        and, with a saved game, that game opened (asking first if one is in progress)."""
        if self.window is not None:
            with contextlib.suppress(pygame.error):
                self.window.restore()
                self.window.focus()
        if request.record is not None:
            self.scene.offer_record(request.record)
        self.dirty = True

    def _report_first_frame(self) -> None:
        """For ``scripts/bench.py standalone``: say on standard output that the first frame
        is on the screen, and with ``FIREICE_FIRST_FRAME=quit`` stop there."""
        print("first frame", flush=True)
        if os.environ.get(FIRST_FRAME_VARIABLE) == "quit":
            self.running = False

    def save_screenshot(self, path: Path) -> None:
        """Write the current frame to ``path`` as PNG, atomically (a temporary file, then
        ``os.replace``); raises :class:`~..files.storage.SaveFileError` and leaves no file if
        it cannot be written."""
        self.step(0.0)
        self.render()
        png = io.BytesIO()
        pygame.image.save(self.surface, png, "png")
        write_atomic(path, png.getvalue())


@cache
def _base_theme() -> dict[str, Any]:
    """The theme's file, read once."""
    data: dict[str, Any] = json.loads(asset_path("theme.json").read_text(encoding="utf-8"))
    return data


__all__ = [
    "DEFAULT_SIZE",
    "FIRST_FRAME_VARIABLE",
    "IDLE_WAIT_MS",
    "MIN_SIZE",
    "REPEATED_ERRORS",
    "REPEATED_ERRORS_SECONDS",
    "RESIZE_SETTLE",
    "MainLoop",
]
