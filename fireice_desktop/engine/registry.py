"""The registry of games: each game is described once and found by name.

In the spirit of OpenSpiel's ``register_game`` and python-chess's ``find_variant``:
a game's package describes the game by subclassing :class:`Game` (its names, how
it starts, its set-up in records, its text board, its levels and search, how a
hint explains itself) and registers one instance with :func:`register_game`.
Everything else (records, the command line, hints, the computer player, the
desktop's screens) asks :func:`find_game` by name, never "which game is this?".

A game tells the ``fireice`` command how to offer it in :attr:`Game.command_line`, as
plain data and pure functions (:mod:`.command_line`): the engine imports no command-line
code; the command line builds its parser from these.

A position names its game in ``position.game``.  Importing
:mod:`fireice_desktop.engine.games` registers every game this program plays.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Literal, NamedTuple, Protocol

from .command_line import CommandLine
from .errors import NotationError
from .interface import GameState
from .levels import Budget, Level
from .words import Words, quoted, say


class SideType(Protocol):
    """A game's sides (an enum such as Fire/Ice or Red/Black)."""

    @property
    def key(self) -> str:
        """The lower-case name used in records and on the command line."""
        ...

    @property
    def title(self) -> str:
        """The name a player reads (in English: records and the command line)."""
        ...

    @property
    def words(self) -> Words:
        """The name a player reads, in any language."""
        ...

    @property
    def value(self) -> int:
        """0 for the side that moves first, 1 for the other."""
        ...

    @property
    def other(self) -> SideType:
        """The opposing side."""
        ...


class RootSearch(Protocol):
    """A game's search as the level driver uses it (:class:`~.treesearch.TreeSearch`
    or a game's own): scores root moves at a depth, counting nodes against a budget."""

    nodes: int
    budget: Budget  # may be raised between calls to :meth:`root`...
    out_of_budget: bool  # ...and this cleared, to go on after the budget ran out

    def root(
        self, position: Any, depth: int, order: list[Any], noise: dict[Any, int]
    ) -> tuple[list[tuple[Any, int]], bool]:
        """Every move of ``order`` scored at ``depth``, best first; ``False`` when the
        budget ran out before all were searched."""
        ...


class Assessment(NamedTuple):
    """What the analysis makes of a position (see :mod:`.analysis`).

    ``best`` is the best move (``None`` once the game is over); ``chance`` the side to
    move's chance of winning, 0 to 1 (the solitaire's: of winning the deal); ``score``
    the search's score behind it, if a search gave one; ``proven`` is 0 unless the
    result is proved: then the moves the side to move needs to win (positive) or the
    moves until it loses (negative).
    """

    best: Any
    chance: float
    score: int | None
    proven: int


class Game(ABC):
    """One game this program plays, described for everything built on the engine.

    ``Setup`` values are small frozen objects of the game's own (a handicap, a deal
    number, a board size): what a game record keeps besides the moves.
    """

    #: The record's ``"game"`` value, and the name code looks the game up by.
    name: ClassVar[str]
    #: What a player reads, and the ``Game:`` header of a game written as text.
    title: ClassVar[str]
    #: The key of the title in a sentence in the translations (none: :attr:`title`).
    title_key: ClassVar[str | None] = None
    #: Other names :func:`find_game` accepts.
    aliases: ClassVar[tuple[str, ...]] = ()
    #: A move as a player writes it, for messages: "F6-C6".
    move_example: ClassVar[str]
    #: The game's set-up fields: record JSON key -> (text header, what it is, for messages).
    setup_fields: ClassVar[Mapping[str, tuple[str, str]]] = {}
    #: The computer's levels (none: the computer does not play this game).
    levels: ClassVar[Mapping[str, Level]] = {}
    #: The search that reviews a game's positions (none: only :meth:`assess`, if any).
    analysis: ClassVar[Level | None] = None
    #: The logistic curve from a search score to the mover's chance: slope per unit and
    #: offset, ``chance = 1 / (1 + exp(-(slope * score + offset)))``, fitted on computer games.
    chance_curve: ClassVar[tuple[float, float]] = (0.0, 0.0)
    #: Whether one player makes every move (the solitaire).
    solo: ClassVar[bool] = False
    #: How the ``fireice`` command offers the game (none: it does not).
    command_line: ClassVar[CommandLine | None] = None
    #: The game's number in a game code (:mod:`.correspondence`; none: no game code).
    #: Never reused or changed: codes already sent name the game by it.
    code_number: ClassVar[int | None] = None

    # --- set-up and start ---------------------------------------------------------------

    @abstractmethod
    def default_setup(self) -> Any:
        """The set-up of a game started without choices."""

    @abstractmethod
    def start(self, setup: Any) -> GameState:
        """The position before the first move of a game set up as ``setup``."""

    def setup_of(self, start: GameState) -> Any:
        """The set-up that starts at ``start``; ``ValueError`` if it cannot be told from it."""
        raise ValueError(f"{self.title}: the set-up must be given")

    @abstractmethod
    def parse_side(self, text: str) -> SideType:
        """A side by its name; ``ValueError`` naming the sides if it is none."""

    @abstractmethod
    def side_example(self) -> str:
        """A side and a level as a player writes them: "Ice expert"."""

    def setup_arguments(self, setup: Any) -> list[str]:
        """The set-up as the flags ``ai-move`` takes before the moves (none by default)."""
        return []

    def setup_from_options(self, values: Mapping[str, Any]) -> Any:
        """The set-up the command line's :attr:`~CommandLine.setup_options` name, by their
        ``dest``; ``ValueError`` with the message to show (the default set-up by default)."""
        return self.default_setup()

    def setup_to_numbers(self, setup: Any) -> tuple[int, ...]:
        """The set-up as a few numbers from 0 to 255, for a game code (none by default)."""
        return ()

    def setup_from_numbers(self, numbers: Sequence[int]) -> Any:
        """The set-up :meth:`setup_to_numbers` wrote; ``ValueError`` saying what is wrong."""
        if numbers:
            raise NotationError(f"{self.title} has no set-up to give")
        return self.default_setup()

    # --- records --------------------------------------------------------------------------

    @abstractmethod
    def setup_to_json(self, setup: Any) -> dict[str, Any]:
        """The set-up's record fields (empty for the default where that is the custom)."""

    @abstractmethod
    def setup_from_json(self, data: Mapping[str, Any]) -> Any:
        """The set-up read from a record's fields; ``NotationError`` saying what is wrong."""

    @abstractmethod
    def setup_to_text(self, setup: Any) -> list[str]:
        """The set-up's header lines in a game written as text: ``["Deal: 42"]``."""

    @abstractmethod
    def setup_from_text(self, headers: Mapping[str, str]) -> Any:
        """The set-up read from a text's headers; ``NotationError`` saying what is wrong."""

    # --- showing a position ---------------------------------------------------------------

    @abstractmethod
    def position_json(self, setup: Any, position: GameState) -> dict[str, Any]:
        """The position as the command line's ``show --json`` prints it."""

    @abstractmethod
    def describe(self, position: GameState) -> str:
        """The position as text: the text board and a few lines on where the game stands."""

    # --- the computer ---------------------------------------------------------------------

    def searcher(self, budget: Budget, stop: Callable[[], bool] | None) -> RootSearch:
        """A fresh search that spends at most ``budget``, for the level driver."""
        raise ValueError(f"the computer does not play {self.title}")

    def distinct_moves(self, position: GameState, moves: list[Any]) -> list[Any]:
        """``moves`` with only one of each set the position's symmetries make equal."""
        return moves

    @abstractmethod
    def seed_key(self, position: GameState) -> str:
        """A text that tells positions apart, for seeding a level's random choices."""

    def explain(self, position: GameState, move: Any) -> Words | Literal[""]:
        """Why ``move`` is good in ``position``, in a few words (a key of the translations'
        ``reason`` section, which ``would_have`` parallels), where a reason is plain; ``""``
        where none is."""
        return ""

    # --- the review -----------------------------------------------------------------------

    def win_chance(self, score: int) -> float:
        """The side to move's chance of winning for a search score not proved won or lost."""
        slope, offset = self.chance_curve
        exponent = -(slope * score + offset)
        if exponent > 700:  # exp() would overflow: the chance is 0 to double precision
            return 0.0
        return 1.0 / (1.0 + math.exp(exponent))

    def assess(self, position: GameState, stop: Callable[[], bool] | None) -> Assessment | None:
        """The game's own assessment of ``position``; ``None``: the search's (the default)."""
        return None

    def keeps_win(self, position: GameState, move: Any) -> bool | None:
        """Whether ``move`` keeps the forced win the side to move has in ``position``, where
        the game can prove it exactly (``None``: it cannot say; the default)."""
        return None

    def winner(self, position: GameState) -> SideType | None:
        """The side that has won ``position`` (``None`` while play goes on)."""
        winner: SideType | None = getattr(position, "winner", None)
        return winner

    def win_words(self, position: GameState) -> Words | None:
        """How ``position`` was won, for a sentence: "with A-C-G" (``None``: nothing to say)."""
        return None


_GAMES: dict[str, Game] = {}


def _key(name: str) -> str:
    return " ".join(name.lower().split())


def register_game(game: Game) -> Game:
    """Make ``game`` known by its name, title and aliases; returns it."""
    for name in (game.name, game.title, *game.aliases):
        key = _key(name)
        if key in _GAMES and _GAMES[key] is not game:
            raise ValueError(f"two games are called {name!r}")
        _GAMES[key] = game
    return game


def find_game(name: str) -> Game:
    """The game called ``name`` (its name, title or an alias, in any case).

    Raises ``ValueError`` naming the games there are.
    """
    game = _GAMES.get(_key(name))
    if game is None:
        known = _either([game_title(game) for game in registered_games()])
        raise NotationError(say("parse.not_a_game", name=quoted(name), known=known))
    return game


def default_game() -> Game:
    """The game a record or a match means when it names none: the first registered
    (:mod:`fireice_desktop.engine.games` registers Fire & Ice first)."""
    return registered_games()[0]


def game_title(game: Game) -> Words | str:
    """``game``'s title in a sentence, in any language (its English :attr:`~Game.title`
    where the translations have no key for it)."""
    key = game.title_key
    return game.title if key is None else say(key)


def _either(titles: Sequence[Words | str]) -> Words | str:
    """``A or B or C``."""
    if len(titles) == 1:
        return titles[0]
    return say("parse.games_or", first=titles[0], rest=_either(titles[1:]))


def registered_games() -> Sequence[Game]:
    """Every registered game, once each, in the order they were registered."""
    return tuple(dict.fromkeys(_GAMES.values()))


__all__ = [
    "Assessment",
    "Game",
    "RootSearch",
    "SideType",
    "default_game",
    "find_game",
    "register_game",
    "registered_games",
]
