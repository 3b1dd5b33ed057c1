"""The games this desktop shows, in the order of the menu: each game's UI package's one
descriptor (:class:`.registry.GameUI`), and what the rest of the desktop looks up in them.

This is the one list to change when a game is added; as :mod:`...engine.games` lists the
engine's games, nothing else in the desktop names a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import pygame

from ...engine.teaching.lessons import Lesson
from ..frame.backdrops import Backdrop
from ..frame.registry import CodeSetUp, DealsShown, DuelShown, GameUI, OnlineShown
from ..frame.rules_drawings import NO_DRAWINGS, DrawingSet
from ..game.view import GameView, Host
from .fireice.entry import UI as FIRE_AND_ICE
from .icebreaker.entry import UI as ICEBREAKER

#: Every installed game's UI package, in the order of the menu (the first one's board is
#: the menu's backdrop).
GAMES: tuple[GameUI, ...] = (FIRE_AND_ICE, ICEBREAKER)

#: The view of each registered game, by the game's name.
VIEWS: Mapping[str, type[GameView]] = MappingProxyType(
    {name: view for ui in GAMES for name, view in ui.views.items()}
)

#: The sets of drawings of the rules, by the names that the chapters give them.
DRAWING_SETS: Mapping[str, DrawingSet] = MappingProxyType(
    {name: drawings for ui in GAMES for name, drawings in ui.drawings.items()}
)

#: The games' entries in the main menu, in order: (name, route).
MENU: tuple[tuple[str, str], ...] = tuple(entry for ui in GAMES for entry in ui.menu)

#: The menu entries that leave the game kept for Continue alone.
KEEPS_GAME: frozenset[str] = frozenset(name for ui in GAMES for name in ui.keeps_game)

#: The games a friend may play by code, with the set-ups offered for each, by name.
CODE_SETUPS: Mapping[str, CodeSetUp] = MappingProxyType(
    {name: setups for ui in GAMES for name, setups in ui.code_setups.items()}
)

#: The games between two sides, as the Statistics screen shows them.
DUELS: tuple[DuelShown, ...] = tuple(duel for ui in GAMES for duel in ui.duels)

#: The games a player may host online, in the order of the menu.
ONLINE: tuple[OnlineShown, ...] = tuple(shown for ui in GAMES for shown in ui.online)
ONLINE_GAMES: Mapping[str, OnlineShown] = MappingProxyType({shown.game: shown for shown in ONLINE})

#: The games played alone in deals, as the Statistics screen shows them.
DEALS: tuple[DealsShown, ...] = tuple(deals for ui in GAMES for deals in ui.deals)


#: The course of Learn: every game's lessons, the games in the order of the menu.
LESSONS: tuple[Lesson, ...] = tuple(lesson for ui in GAMES for lesson in ui.lessons)

#: The views lessons are drawn with, where not the game screen's.
LESSON_VIEWS: Mapping[str, type[GameView]] = MappingProxyType(
    {**VIEWS, **{name: view for ui in GAMES for name, view in ui.lesson_views.items()}}
)


def online_words(game: str, setup: Any) -> str:
    """A game's set-up in words, as online play says it: "Fire & Ice, handicap 2 for Ice"."""
    return ONLINE_GAMES[game].words(setup)


def rated_puzzles() -> tuple[Any, ...]:
    """Every game's rated puzzles (one puzzle rating is kept for them all)."""
    return tuple(puzzle for ui in GAMES if ui.puzzles is not None for puzzle in ui.puzzles())


def trainer_view(game: str, host: Host) -> GameView:
    """The view a lesson of ``game`` is drawn with on ``host``'s screen."""
    return LESSON_VIEWS[game](host)


def view_for(game: str, host: Host) -> GameView:
    """The view that shows ``game`` on ``host``'s screen."""
    return VIEWS[game](host)


def drawing_set(name: str | None) -> DrawingSet:
    """The set of drawings called ``name`` (``None``: a chapter without drawings)."""
    if name is None:
        return NO_DRAWINGS
    try:
        return DRAWING_SETS[name]
    except KeyError:
        known = ", ".join(DRAWING_SETS)
        raise KeyError(f"no drawings called {name!r} for the rules (there are {known})") from None


def main_backdrop() -> Backdrop:
    """The picture behind the menu and the app's own cards: the first game's quiet board."""
    make = next(ui.backdrop for ui in GAMES if ui.backdrop is not None)
    return make()


def program_icon(size: int = 64) -> pygame.Surface | None:
    """The program's icon, ``size`` pixels square: the first game's (none if no game
    draws one)."""
    draw = next((ui.icon for ui in GAMES if ui.icon is not None), None)
    return draw(size) if draw is not None else None


__all__ = [
    "CODE_SETUPS",
    "DEALS",
    "DRAWING_SETS",
    "DUELS",
    "GAMES",
    "KEEPS_GAME",
    "LESSONS",
    "LESSON_VIEWS",
    "MENU",
    "VIEWS",
    "drawing_set",
    "main_backdrop",
    "program_icon",
    "rated_puzzles",
    "trainer_view",
    "view_for",
]
