"""The one table of screens: every screen by the name the rest of the app opens it by.

The menu, Continue and Open, ``--screenshot --scene`` and the screens themselves all go
through :data:`ROUTES` (via the navigator), so no screen imports another. The app's own
screens are listed here; each game's screens and the games it starts come from its UI
package (:mod:`.installed`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.records.game import GameRecord
from ..engine.words import quoted
from ..files.code_game import CodeGame
from .frame.navigation import Context
from .frame.registry import GameUI, Shot
from .frame.scene import Scene
from .game.by_code import CodePlay
from .game.players import Session
from .games.installed import GAMES, VIEWS
from .screens.connection import OnlineSettingsScene
from .screens.friend import FriendScene
from .screens.game import GameScreen
from .screens.hosting import HostScene
from .screens.joining import JoinScene
from .screens.learn import LessonScene
from .screens.menu import MenuScene
from .screens.rules import RulesScene, chapters
from .screens.settings import SettingsScene
from .screens.statistics import StatisticsScene


def _rules(ctx: Context, chapter: int | str = 0) -> Scene:
    if isinstance(chapter, str):  # by the name of its drawings, in any case
        chapter = next(i for i, c in enumerate(chapters()) if c.drawings == chapter.lower())
    return RulesScene(ctx, chapter=chapter)


def _playing(start: Callable[..., Session]) -> Callable[..., Scene]:
    """The game screen playing the game ``start`` gives for the route's options."""

    def route(ctx: Context, **options: Any) -> Scene:
        return GameScreen(ctx, start(ctx, **options))

    return route


def _online_play(ctx: Context, play: Any) -> Scene:
    """The game screen playing the online game ``play`` (:class:`~.game.remote.OnlinePlay`)
    from where its session has it."""
    record = play.session.online.record
    session = Session(record.game, record.setup, {}, online=play)
    return GameScreen(ctx, session, record if record.moves else None)


def _resume(ctx: Context) -> Scene:
    return HostScene(ctx, resume=True)


def _by_code(ctx: Context, game: CodeGame) -> Scene:
    """The game screen playing a game by code from this player's side; the friend's side
    moves by the codes pasted."""
    record = game.record
    session = Session(record.game, record.setup, {}, ("friend", {}), away=game.side.other)
    play = CodePlay(ctx.files, game.side, record.setup)
    screen = GameScreen(ctx, session, record, by_code=play)
    play.keeper.mark_kept(screen.controller.history)  # as it came from its file
    play.greet(screen.controller)
    return screen


def _routes_of(ui: GameUI) -> dict[str, Callable[..., Scene]]:
    """A game's screens and the games it starts, those its menu opens first."""
    made = {**{name: _playing(start) for name, start in ui.plays.items()}, **ui.screens}
    order = [route for _, route in ui.menu if route in made] + list(made)
    return {name: made[name] for name in dict.fromkeys(order)}


#: Every screen by name, and how to make it (with the options it takes).
ROUTES: dict[str, Callable[..., Scene]] = {
    "menu": MenuScene,
    "learn": LessonScene,
    **{name: route for ui in GAMES for name, route in _routes_of(ui).items()},
    "rules": _rules,
    "settings": SettingsScene,
    "friend": FriendScene,  # mode="entries", "start" or "paste"
    "by-code": _by_code,  # game=CodeGame(...)
    "statistics": StatisticsScene,
    "play": GameScreen,  # session=Session(...), record=GameRecord (optional)
    "online_host": HostScene,  # setup= (from a game's set-up card), optional
    "online_join": JoinScene,
    "online_resume": _resume,
    "online_settings": OnlineSettingsScene,
    "online_play": _online_play,  # play=OnlinePlay(...)
}

#: The screens that play a game given them, and the one that starts hosting the kept online
#: game at once (a connection to the mailbox server), which a screenshot cannot name.
GIVEN_GAME = ("play", "by-code", "online_play", "online_resume")

#: The scenes a screenshot may give a board size (``--size N``).
SIZED_SCENES = tuple(name for ui in GAMES for name in ui.sized)


def screen_for_record(ctx: Context, record: GameRecord) -> GameScreen:
    """The game screen that plays on from ``record``, its moves (and undone ones) in place.

    A finished game opens at its start position in review, ready to be stepped through.
    """
    session = Session(
        record.game, record.setup, dict(record.computer), VIEWS[record.game].new_game(record)
    )
    return GameScreen(ctx, session, record)


def screen_for_screenshot(
    ctx: Context,
    name: str,
    moves: str = "",
    deal: int | None = None,
    page: int | None = None,
    board_size: int | None = None,
) -> Scene:
    """The screen ``fireice --screenshot`` renders, with ``moves`` played (no animation)."""
    if name not in ROUTES or name in GIVEN_GAME:
        known = ", ".join(route for route in ROUTES if route not in GIVEN_GAME)
        raise ValueError(f"--scene {quoted(name)}: no such screen; the screens: {known}")
    if board_size is not None and name not in SIZED_SCENES:
        scenes = " or ".join(f"--scene {scene}" for scene in SIZED_SCENES)
        raise ValueError(f"--size {board_size}: a board size applies to {scenes}")
    if name == "rules":
        if page is not None and not 1 <= page <= len(chapters()):
            raise ValueError(f"--page {page}: the rules have chapters 1 to {len(chapters())}")
        return _rules(ctx, (page or 1) - 1)
    picture = next((ui.pictures[name] for ui in GAMES if name in ui.pictures), None)
    if picture is None:
        screen = ROUTES[name](ctx)
    else:
        made = picture(ctx, Shot(deal, board_size))
        screen = GameScreen(ctx, made) if isinstance(made, Session) else made
    if isinstance(screen, GameScreen):
        for text in moves.split():
            if not screen.controller.play(text, duration=0):
                raise ValueError(screen.controller.message)
        screen.controller.message = ""
    return screen


#: The scenes that show a game being played (which ``--hint`` applies to).
PLAYED_SCENES = tuple(name for ui in GAMES for name in ui.plays)

__all__ = [
    "PLAYED_SCENES",
    "ROUTES",
    "SIZED_SCENES",
    "screen_for_record",
    "screen_for_screenshot",
]
