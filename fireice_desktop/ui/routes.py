"""The one table of screens: every screen by the name the rest of the app opens it by.

The menu, Continue and Open, ``--screenshot --scene`` and the screens themselves all go
through :data:`ROUTES` (via the navigator), so no screen imports another.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..engine.games.fireice.spec import Deal, Handicap
from ..engine.games.icebreaker.board import DEFAULT_SIZE
from ..engine.games.icebreaker.spec import Sea
from ..engine.record import GameRecord
from .game.players import Session
from .navigation import Context
from .scene import Scene
from .screens.computer_setup import ComputerSetupScene
from .screens.game import GameScreen
from .screens.handicap import HandicapScene, HandicapSetup
from .screens.icebreaker_setup import IcebreakerSetupScene
from .screens.menu import MenuScene
from .screens.rules import RulesScene, chapters
from .screens.settings import SettingsScene
from .screens.statistics import StatisticsScene
from .views import VIEWS
from .views.solitaire import random_deal_for


def _handicap(
    ctx: Context,
    setup: HandicapSetup | None = None,
    handicap: Handicap | None = None,
    computer: Mapping[Any, str] | None = None,
) -> Scene:
    if setup is None and handicap is not None and handicap.holes:
        setup = HandicapSetup.of(handicap)
    return HandicapScene(ctx, setup, computer)


def _solitaire(ctx: Context, deal: int | None = None) -> Scene:
    number = deal if deal is not None else random_deal_for(ctx.settings)
    return GameScreen(ctx, Session("solitaire", Deal(number)))


def _icebreaker(
    ctx: Context, size: int = DEFAULT_SIZE, computer: Mapping[Any, str] | None = None
) -> Scene:
    return GameScreen(
        ctx, Session("icebreaker", Sea(size), dict(computer or {}), ("icebreaker-setup", {}))
    )


def _rules(ctx: Context, chapter: int | str = 0) -> Scene:
    if isinstance(chapter, str):  # by the name of its drawings, in any case: "Icebreaker"
        chapter = next(i for i, c in enumerate(chapters()) if c.drawings == chapter.lower())
    return RulesScene(ctx, chapter=chapter)


#: Every screen by name, and how to make it (with the options it takes).
ROUTES: dict[str, Callable[..., Scene]] = {
    "menu": MenuScene,
    "game": lambda ctx: GameScreen(ctx, Session("fire-and-ice")),
    "computer": ComputerSetupScene,
    "handicap": _handicap,
    "solitaire": _solitaire,
    "icebreaker-setup": IcebreakerSetupScene,
    "icebreaker": _icebreaker,
    "rules": _rules,
    "settings": SettingsScene,
    "statistics": StatisticsScene,
    "play": GameScreen,  # session=Session(...), record=GameRecord (optional)
}


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
    if name not in ROUTES or name == "play":
        known = ", ".join(route for route in ROUTES if route != "play")
        raise ValueError(f"--scene {name!r}: there is no such screen (choose from {known})")
    if board_size is not None and name != "icebreaker":
        raise ValueError(f"--size {board_size}: a board size applies to --scene icebreaker")
    if name == "handicap":
        handicap = HandicapScene(ctx)
        handicap.setup.count = 3
        handicap.setup.draw_random(deal or 42)
        return handicap
    if name == "rules":
        if page is not None and not 1 <= page <= len(chapters()):
            raise ValueError(f"--page {page}: the rules have chapters 1 to {len(chapters())}")
        return _rules(ctx, (page or 1) - 1)
    if name == "solitaire":
        screen = _solitaire(ctx, deal or 1)
    elif name == "icebreaker":
        screen = _icebreaker(ctx, board_size or DEFAULT_SIZE)
    else:
        screen = ROUTES[name](ctx)
    if isinstance(screen, GameScreen):
        for text in moves.split():
            if not screen.controller.play(text, duration=0):
                raise ValueError(screen.controller.message)
        screen.controller.message = ""
    return screen


__all__ = ["ROUTES", "screen_for_record", "screen_for_screenshot"]
