"""What a game's UI package tells the desktop: one descriptor per game.

As a game's engine package describes the game to the engine (its
:class:`~...engine.registry.Game`), its UI package (``ui/games/NAME/``) describes how
the desktop shows it, with one :class:`GameUI` in its ``entry`` module: the view of
each of its games on the game screen, its own screens (set-up cards), the games its
menu entries start, its menu entries, its panels on the Statistics screen, the
drawings its rules chapters name, and the picture behind its cards.
:mod:`.installed` lists the installed games; the routes, the menu, the statistics and
the rules loop over that list, so nothing else in the desktop names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from ..toolkit.art import Rgb
from .rules_drawings import DrawingSet

if TYPE_CHECKING:
    from ..game.players import Session
    from ..game.view import GameView
    from .backdrops import Backdrop
    from .navigation import Context
    from .scene import Scene


@dataclass(frozen=True)
class Shot:
    """What ``fireice --screenshot`` gives a game's screen besides the moves."""

    deal: int | None = None  # a deal number, or a random seed for a set-up
    board_size: int | None = None  # a board's side, for a game whose board has sizes


@dataclass(frozen=True)
class DuelShown:
    """A game between two sides as the Statistics screen shows it."""

    game: str  # the registered name
    sides: tuple[Any, Any]  # the first mover first
    icon: Callable[[Any, float], pygame.Surface]  # a side's piece, drawn small
    handicaps: bool  # whether the game is played with handicaps
    colours: Mapping[Any, Rgb]  # a side's name in its colour, readable on the card


@dataclass(frozen=True)
class DealsShown:
    """A game played alone in numbered deals, as the Statistics screen shows it."""

    game: str  # the registered name
    title: str  # the translation key of the panel's heading


#: A row of choices on a card: its label, the name its choice is kept under, and its options
#: as (text, value, tool tip), all said in the player's language.
ChoiceRow = tuple[str, str, Sequence[tuple[str, Any, str | None]]]


@dataclass(frozen=True)
class CodeSetUp:
    """How a game by code of one game is set up on the Play a friend card."""

    #: Its rows of choices, made when the card is laid out.
    rows: Callable[[], Sequence[ChoiceRow]]
    #: The set-up from the values chosen, by the rows' names (a handicap placed at random
    #: is drawn when it is made).
    make: Callable[[Mapping[str, Any]], Any]
    #: The value each row starts on, where not its first option.
    defaults: Mapping[str, Any] = field(default_factory=dict)
    #: The rows that mean nothing while another row has a value: row -> (row, value).
    unused_when: Mapping[str, tuple[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class OnlineShown:
    """A game played with a friend online, as the host's card offers it."""

    game: str  # the registered name
    sides: tuple[Any, Any]  # the first mover first
    words: Callable[[Any], str]  # a set-up in words: "Fire & Ice, handicap 2 for Ice"
    #: The route of the game's set-up card, opened with ``online=True`` (it comes back to
    #: ``online_host`` with ``setup=``), for a set-up chosen there.
    setup_route: str | None = None
    #: The board's sides (smallest, largest) and the set-up of a side, for a game whose
    #: board has sizes (chosen on the host's card).
    sizes: tuple[int, int] | None = None
    sized: Callable[[int], Any] | None = None


@dataclass(frozen=True)
class GameUI:
    """How the desktop shows one game's package (and the games in it, such as the
    solitaire beside Fire & Ice)."""

    #: The package's name (``ui/games/NAME``).
    name: str
    #: The view of each of the package's registered games, by the game's name.
    views: Mapping[str, type[GameView]]
    #: The package's own screens by route name: a factory taking the context and options.
    screens: Mapping[str, Callable[..., Scene]] = field(default_factory=dict)
    #: The games the package starts on the game screen, by route name: a factory taking
    #: the context and options, giving the game to play.
    plays: Mapping[str, Callable[..., Session]] = field(default_factory=dict)
    #: Its entries in the main menu, in order: (name, route). An entry's text and tool tip
    #: are the translation keys ``menu.NAME`` and ``menu.NAME_tip``.
    menu: Sequence[tuple[str, str]] = ()
    #: Its menu entries that leave the game kept for Continue alone (lessons, puzzles):
    #: the others start a game in its place, and the menu asks first.
    keeps_game: frozenset[str] = frozenset()
    #: Its games between two sides, as the Statistics screen shows them.
    duels: Sequence[DuelShown] = ()
    #: Its games played alone in deals, as the Statistics screen shows them.
    deals: Sequence[DealsShown] = ()
    #: The drawings its chapters of the rules name, by name.
    drawings: Mapping[str, DrawingSet] = field(default_factory=dict)
    #: The picture behind its cards (the first game's is the menu's too).
    backdrop: Callable[[], Backdrop] | None = None
    #: The program's icon, drawn ``size`` pixels square (the first game's is the window's).
    icon: Callable[[int], pygame.Surface] | None = None
    #: How ``--screenshot --scene NAME`` makes a screen of its, where not by its route alone.
    pictures: Mapping[str, Callable[[Context, Shot], Scene | Session]] = field(default_factory=dict)
    #: The scenes of its that take a board size (``--size N``) in a screenshot.
    sized: tuple[str, ...] = ()
    #: Its games' lessons (:class:`~...engine.teaching.lessons.Lesson`), in the order they
    #: are taken.
    lessons: Sequence[Any] = ()
    #: The view a lesson's board is drawn with, by the game's name, where not its
    #: :attr:`views` one (a view without the game screen's own widgets and work).
    lesson_views: Mapping[str, type[GameView]] = field(default_factory=dict)
    #: Its rated puzzles (each with an ``id``, a ``rating`` and a ``win_in``), read when
    #: first asked for: the Statistics screen says how long a provisional rating lasts.
    puzzles: Callable[[], Sequence[Any]] | None = None
    #: Its games a player may host online.
    online: Sequence[OnlineShown] = ()
    #: Its games a friend may play by code, each with the set-ups offered for it, by the
    #: game's name, in the order of the card.
    code_setups: Mapping[str, CodeSetUp] = field(default_factory=dict)


__all__ = ["ChoiceRow", "CodeSetUp", "DealsShown", "DuelShown", "GameUI", "OnlineShown", "Shot"]
