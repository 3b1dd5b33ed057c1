"""One game of a match: the players, the settings, the random opening, the game played
and its result.

A player is a built-in level or an outside program (``cmd:PROGRAM ARGS``, run by
:mod:`.match.program`).  Game ``i`` of a match is in pair ``i // 2``; the first player
moves first in the even games.  A level in game ``i`` uses seed ``seed + i``, so with
node budgets any game between levels can be replayed exactly.  Every move's wall-clock
time is measured here, around the search or the program's whole run.
"""

from __future__ import annotations

import os
import random
import shlex
import shutil
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from ..interface import GameState
from ..registry import Game, SideType, default_game, find_game
from ..search import level_names, search
from ..words import NAME_LIMIT, QUOTE_LIMIT, Words, quoted
from .program import read_move, run_program

#: A guard only: the rules of every game end it long before this many moves.
MAX_MOVES = 10_000

#: What ``cmd:`` starts: an outside program instead of a level.
PROGRAM_PREFIX = "cmd:"


class Contest(GameState, Protocol):
    """A position of a two-player game that ends with a winner."""

    @property
    def to_move(self) -> SideType: ...

    @property
    def winner(self) -> SideType | None: ...

    def play_unchecked(self, move: Any) -> Contest: ...


# --- the players ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Player:
    """One side of a match: a built-in level, or an outside program's command."""

    name: str  # as given: "expert", "cmd:/tmp/mcts --ms 1000"
    level: str | None = None
    command: tuple[str, ...] = ()


def quoted_command(text: str) -> Words | str:
    """A program's command, or a word of it, quoted in a message: whole up to
    :data:`~.words.NAME_LIMIT` characters (a path is often long), else its start and its
    length, as any long value is quoted."""
    return quoted(text, NAME_LIMIT if len(text) <= NAME_LIMIT else QUOTE_LIMIT)


def parse_player(text: str, game: Game) -> Player:
    """The player named ``text``: a level of ``game`` or ``cmd:PROGRAM ARGS``.

    Raises ``ValueError`` saying what is wrong: an unknown level, no program, unbalanced
    quotes, or a program that cannot be found or run.
    """
    if not text.startswith(PROGRAM_PREFIX):
        names = level_names(game)
        if text not in names:
            raise ValueError(
                f"no level is called {quoted(text)}: choose from {', '.join(names)}, "
                "or cmd:PROGRAM ARGS for a program"
            )
        return Player(text, level=text)
    if "\0" in text:  # no program can be given one: the system ends its words at a NUL
        raise ValueError("a command cannot hold a NUL byte")
    try:
        words = tuple(shlex.split(text[len(PROGRAM_PREFIX) :]))
    except ValueError as error:
        raise ValueError(f"cannot split the command into words: {error}") from None
    if not words:
        raise ValueError("name a program after cmd:, like cmd:/usr/local/bin/engine --ms 1000")
    program = words[0]
    if shutil.which(program) is None:
        shown = quoted_command(program)
        if os.sep not in program and not (os.altsep and os.altsep in program):
            raise ValueError(f"no program {shown} on the PATH")
        try:
            os.stat(program)
        except (FileNotFoundError, NotADirectoryError):
            raise ValueError(f"{shown} does not exist") from None
        except OSError as error:  # a name too long for the system, a loop of links
            raise ValueError(f"{shown} cannot be run: {error.strerror or error}") from None
        raise ValueError(f"{shown} is not a program that can be run")
    return Player(text, command=words)


# --- the settings and the results -----------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """How a match is played."""

    # the registry's name of the game (by default the first registered game's)
    game: str = field(default_factory=lambda: default_game().name)
    setup: Any = None  # the game's set-up; None: its default
    seed: int = 1  # game i: levels use seed + i; the openings come from it too
    opening: int = 2  # random plies before the players take over
    ms: int | None = None  # levels think this long a move instead of their node budgets
    timeout: float = 60.0  # seconds a program may take for a move

    def game_setup(self) -> tuple[Game, Any]:
        """The game, and its set-up (its default if none was given)."""
        game = find_game(self.game)
        return game, game.default_setup() if self.setup is None else self.setup

    def start(self) -> Contest:
        """The position every game of the match starts from, before its opening."""
        game, setup = self.game_setup()
        return cast(Contest, game.start(setup))


@dataclass(frozen=True)
class Fault:
    """A program's failure, which lost it a game."""

    game: int  # the game's number in the match, from 0
    player: int  # 0: the first player named, 1: the second
    side: str  # the side it played: "Fire"
    reason: str  # in a few words: 'timed out after 0.5 s'


@dataclass(frozen=True)
class GameResult:
    """One finished game."""

    number: int  # from 0: game i is in pair i // 2 and its levels use seed + i
    seed: int
    first: int  # the player (0 or 1) that played the side that moves first
    sides: tuple[str, str]  # the sides' titles, the side that moves first first: Fire, Ice
    winner: int  # the player that won
    moves: tuple[str, ...]  # every move, the opening's included
    opening: int  # how many of the moves were the random opening
    seconds: tuple[tuple[float, ...], tuple[float, ...]]  # each player's move times
    fault: Fault | None = None

    def side_of(self, player: int) -> str:
        """The side ``player`` played in this game: "Fire"."""
        return self.sides[player ^ self.first]


def opening(settings: Settings, pair: int) -> tuple[str, ...]:
    """The random opening of pair ``pair``: ``settings.opening`` plies, each drawn uniformly
    among the legal moves that do not end the game (among all if every one does)."""
    rng = random.Random(f"opening:{settings.seed}:{pair}")
    position = settings.start()
    moves: list[str] = []
    for _ in range(settings.opening):
        if position.is_over:
            break
        legal = position.legal_moves()
        going_on = [move for move in legal if not position.play_unchecked(move).is_over]
        move = rng.choice(going_on or legal)
        moves.append(str(move))
        position = position.play_unchecked(move)
    return tuple(moves)


# --- one game ---------------------------------------------------------------------------------


def play_game(
    players: tuple[Player, Player],
    settings: Settings,
    number: int,
    opening_moves: Sequence[str] = (),
) -> GameResult:
    """Play game ``number`` of a match from ``opening_moves`` to the end.

    The first player takes the side that moves first if ``number`` is even.
    """
    game, setup = settings.game_setup()
    position = settings.start()
    first_side = position.to_move
    sides = (first_side.title, first_side.other.title)
    first = number % 2
    seed = settings.seed + number
    moves: list[str] = []
    for text in opening_moves:
        position = cast(Contest, position.play(position.parse_move(text)))
        moves.append(str(text))
    times: tuple[list[float], list[float]] = ([], [])

    def result(winner: int, fault: Fault | None = None) -> GameResult:
        seconds = (tuple(times[0]), tuple(times[1]))
        return GameResult(
            number, seed, first, sides, winner, tuple(moves), len(opening_moves), seconds, fault
        )

    while not position.is_over:
        if len(moves) >= MAX_MOVES:  # pragma: no cover - the rules end every game before
            raise RuntimeError(f"game {number} did not end in {MAX_MOVES} moves")
        side = position.to_move
        mover = side.value ^ first
        player = players[mover]
        begin = time.perf_counter()
        if player.level is not None:
            seconds = None if settings.ms is None else settings.ms / 1000
            move = search(position, player.level, seed, seconds=seconds).move
            problem = ""
        else:
            argv = [*player.command, *game.setup_arguments(setup), *moves]
            printed, problem = run_program(argv, settings.timeout)
            move = None
            if printed is not None:
                move, problem = read_move(position, printed)
        elapsed = time.perf_counter() - begin
        if problem:
            return result(1 - mover, Fault(number, mover, side.title, problem))
        times[mover].append(elapsed)
        moves.append(str(move))
        position = position.play_unchecked(move)
    winner = position.winner
    assert winner is not None, "a finished game has a winner"
    return result(winner.value ^ first)


__all__ = [
    "MAX_MOVES",
    "PROGRAM_PREFIX",
    "Contest",
    "Fault",
    "GameResult",
    "Player",
    "Settings",
    "opening",
    "parse_player",
    "play_game",
    "quoted_command",
]
