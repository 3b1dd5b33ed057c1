"""The desktop app: one window, one pygame-gui manager, one scene at a time.

The window and its loop are :class:`~.main_loop.MainLoop`'s; the :class:`App` is the
navigator that follows the routes (:mod:`.routes`) from scene to scene.  Here too are
the start of the game (:func:`run`) and ``fireice --screenshot`` (:func:`screenshot`),
one screen drawn off-screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from ..engine.records.game import GameRecord
from ..files.lock import SingleInstance
from .frame.navigation import Context
from .frame.player_files import PlayerFiles
from .frame.scene import Scene
from .frame.settings import Settings
from .games.installed import program_icon
from .main_loop import DEFAULT_SIZE, IDLE_WAIT_MS, MIN_SIZE, MainLoop
from .routes import PLAYED_SCENES, ROUTES, screen_for_record, screen_for_screenshot
from .screens.game import GameScreen


class App(MainLoop):
    """The running game.  With ``window=False`` it draws off-screen (screenshots, tests)."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        settings: Settings | None = None,
        window: bool = True,
        files: PlayerFiles | None = None,
    ) -> None:
        super().__init__(size, settings, window, files)
        icon = program_icon()
        if self.window is not None and icon is not None:
            self.window.set_icon(icon)  # the title bar's and the task bar's
        self.context = Context(self, self.manager, self.settings, self.sounds, self.files, window)
        self.scene = ROUTES["menu"](self.context)
        self.scene.build(self.size)

    # --- scenes -------------------------------------------------------------------

    def switch(self, scene: Scene) -> None:
        """Replace the current scene (one assignment, plus fresh widgets)."""
        self.scene.leave()
        self.manager.clear_and_reset()
        self.scene = scene
        scene.build(self.size)
        self.dirty = True

    def go(self, route: str, **options: Any) -> None:
        """Open the screen ``route`` names (:data:`~.routes.ROUTES`), made with ``options``."""
        self.switch(ROUTES[route](self.context, **options))

    def show_menu(self) -> None:
        """Back to the main menu."""
        self.go("menu")

    def open_record(self, record: GameRecord) -> None:
        """Play on from a saved game; a finished one opens at its start, to review."""
        self.switch(screen_for_record(self.context, record))

    def fresh_menu(self) -> Scene:
        """A new main menu (the screen the loop goes on from after an error)."""
        return ROUTES["menu"](self.context)


@dataclass(frozen=True)
class ScreenshotRequest:
    """What ``fireice --screenshot`` asks for: one screen drawn off-screen to a PNG."""

    path: str  # as the player typed it, for the message
    scene: str | None = "menu"  # None with a record: the saved game itself
    moves: str = ""  # moves played first, separated by spaces
    deal: int | None = None  # the solitaire's deal (or the handicap's random seed)
    page: int | None = None  # the rules chapter, from 1
    hint: bool = False  # ask for a hint after the moves
    analyse: bool = False  # analyse the game and show its first mistake
    language: str = "en"  # the language of the words on the screen
    window: tuple[int, int] | None = None  # the window's size (default 1280x800)
    board_size: int | None = None  # Icebreaker's board side
    record: GameRecord | None = None  # a saved game to show instead of a scene


def run(record: GameRecord | None = None) -> int:
    """Start the desktop game, with ``record`` on the board if given.

    Only one copy of the game plays from a player's files: when one is running already,
    it is brought forward (and given ``record``) and this start ends at once.
    """
    instance = SingleInstance()
    if not instance.acquire():
        return instance.hand_over(record)
    try:
        app = App()
        app.requests = instance.requests
        if record is not None:
            app.open_record(record)
        app.run()
        pygame.quit()
    finally:
        instance.release()
    return 1 if app.failed else 0


def screenshot(request: ScreenshotRequest) -> str:
    """Render one screen off-screen to a PNG; returns the line that says what was written.

    Raises ``ValueError`` for a request that cannot be drawn (an unknown scene, a size
    too small, options the scene does not take), and its subclass
    :class:`~..files.storage.SaveFileError` if the picture cannot be written.
    """
    size = request.window or DEFAULT_SIZE
    if size[0] < MIN_SIZE[0] or size[1] < MIN_SIZE[1]:
        raise ValueError(
            f"--size {size[0]}x{size[1]}: the window is at least {MIN_SIZE[0]}x{MIN_SIZE[1]}"
        )
    # A picture only: the player's settings and kept game are neither read nor written.
    files = PlayerFiles(keep=False)
    if request.record is not None and request.scene == "menu":
        files.shown_game = request.record  # the menu offering to continue it
    app = App(
        size,
        # A still picture: no animation, a finished game with its card at once.
        settings=Settings(sound=False, animation_speed="off", language=request.language),
        window=False,
        files=files,
    )
    # pygame is left running: the command ends right after, and fonts cached for the
    # drawing would not survive pygame.quit() for a second picture in the same process.
    scene_name = _draw(app, request)
    app.save_screenshot(Path(request.path))
    return f"wrote {request.path} ({app.size[0]}x{app.size[1]}, scene {scene_name})"


def _draw(app: App, request: ScreenshotRequest) -> str:
    """Put the scene ``request`` asks for on ``app`` and let it settle; its name."""
    scene_name = request.scene or "game"
    if request.record is not None and request.scene is None:
        if request.moves or request.deal or request.page:
            raise ValueError("--open shows the saved game: leave out --moves, --deal and --page")
        scene: Scene = screen_for_record(app.context, request.record)
    elif request.record is not None and request.scene != "menu":
        raise ValueError(
            "--open shows the saved game, or with --scene menu the menu that offers it: "
            f"leave out --scene {request.scene}"
        )
    else:
        scene = screen_for_screenshot(
            app.context,
            scene_name,
            request.moves,
            request.deal,
            request.page,
            request.board_size,
        )
    app.switch(scene)
    if request.hint:
        if not isinstance(scene, GameScreen):
            *others, last = PLAYED_SCENES
            raise ValueError(f"--hint applies to the {', '.join(others)} and {last} scenes")
        scene.request_hint()
    if request.analyse:
        if not isinstance(scene, GameScreen) or not scene.controller.history.moves:
            raise ValueError("--analyse applies to a game with moves (--moves or --open)")
        scene.toggle_analysis()
        scene.settle(600.0)
        app.step(0.0)
        scene.show_first_error()
    scene.settle(60.0)
    for _ in range(3):  # let pygame-gui settle its layout
        app.step(0.05)
    return scene_name


__all__ = [
    "DEFAULT_SIZE",
    "IDLE_WAIT_MS",
    "MIN_SIZE",
    "App",
    "ScreenshotRequest",
    "run",
    "screenshot",
]
