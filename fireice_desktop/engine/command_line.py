"""How the ``fireice`` command offers a game, as plain data and pure functions.

A game's :attr:`~.registry.Game.command_line` describes its commands (the generic
``show``, ``ai-move`` and ``match``, and commands of its own), the flags its set-up is made
of, and its screen for ``--screenshot``; the command line (``fireice_desktop.cli``) builds
its parser from these. Nothing here imports the command line or a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from .interface import GameState


@dataclass(frozen=True)
class Option:
    """One flag of a game's command (``--size N``), as the command line's parser adds it.

    ``parse`` turns the flag's text into its value, raising ``ValueError`` with the
    message to show (``int`` itself: the parser's own "invalid int value" message).
    """

    flag: str
    dest: str
    help: str
    metavar: str | None = None
    default: Any = None
    parse: Callable[[str], Any] | None = None
    choices: tuple[str, ...] | None = None
    required: bool = False
    #: A flag that takes no value: true when given (``--json``).
    switch: bool = False


@dataclass(frozen=True)
class Generic:
    """A command every game may offer (``show``, ``ai-move``, ``match``), as this game
    offers it: where its set-up options go among the command's own options (``"first"``,
    ``"last"``, or ``"none"``: the game's default set-up), and its help if not the usual."""

    name: Literal["show", "ai-move", "match"]
    setup: Literal["first", "last", "none"] = "first"
    help: str | None = None


@dataclass(frozen=True)
class ReportCommand:
    """A command of the game's own reporting on the position after some moves: like
    ``show``, it takes the set-up options, ``--json`` and the moves, and prints
    ``lines(setup, position, as_json)``."""

    name: str
    help: str
    lines: Callable[[Any, GameState, bool], Sequence[str]]


class Terminal(Protocol):
    """The player at a terminal, as a :class:`TerminalCommand` talks to them: ``show``
    writes ``text`` then ``end``, ``flush`` delivers what was shown (before waiting for
    a line), ``read_line`` returns a line typed without its end (``None``: input ended),
    ``warn`` writes one line on standard error (a move not played, say)."""

    def show(self, text: str = "", end: str = "\n") -> None: ...

    def warn(self, text: str) -> None: ...

    def read_line(self) -> str | None: ...

    def flush(self) -> None: ...


@dataclass(frozen=True)
class TerminalCommand:
    """A command of the game's own played at the terminal: ``run(values, terminal)``
    returns the exit status, ``values`` being each option's value by its ``dest``.
    ``check(values)`` names a mistake in their combination (``None``: there is none)."""

    name: str
    help: str
    options: tuple[Option, ...]
    run: Callable[[Mapping[str, Any], Terminal], int]
    check: Callable[[Mapping[str, Any]], str | None] | None = None


@dataclass(frozen=True)
class PrintCommand:
    """A command of the game's own that prints what it looks up: ``lines(values)``
    returns the lines to print, ``values`` being each option's value by its ``dest`` (an
    option whose flag has no leading dash is a positional argument).  A value the
    command refuses raises ``ValueError`` in the option's ``parse`` (usage, status 2)."""

    name: str
    help: str
    options: tuple[Option, ...]
    lines: Callable[[Mapping[str, Any]], Sequence[str]]


@dataclass(frozen=True)
class CommandGroup:
    """Commands of the game's own gathered under one name (``fireice puzzle list``)."""

    name: str
    help: str
    commands: tuple[PrintCommand | TerminalCommand, ...]


@dataclass(frozen=True)
class ShotScene:
    """The game's screen as ``fireice --screenshot --scene NAME`` draws it.

    ``options``: the screenshot flags only this scene takes (``--deal N``).  A game
    with ``board_sides`` (smallest, largest) takes the board's side as ``--size N``,
    checked by ``check_board`` (``ValueError`` saying what is wrong).  ``in_hint_help``:
    the help of ``--hint`` names this scene.
    """

    name: str
    options: tuple[Option, ...] = ()
    board_sides: tuple[int, int] | None = None
    check_board: Callable[[int], int] | None = None
    in_hint_help: bool = False


@dataclass(frozen=True)
class CommandLine:
    """How the ``fireice`` command offers a game.

    ``group``: the command its commands come under (``None``: the top level), with
    ``help``.  ``commands``, in the order ``--help`` lists them.  ``setup_options``:
    the flags the set-up is made of (see :meth:`Game.setup_from_options`).
    ``moves_help``: the help of the moves a command takes.  A match is between the sides
    ``--SIDE`` of ``match_sides``; a program prints a move such as ``match_example``.
    ``show_text``: the text ``show`` prints (``None``: :meth:`Game.describe`).
    ``invite_options``: the set-up flags of ``fireice online host`` (``None``: the
    ``setup_options``), and ``invite_values`` turns their values into the
    ``setup_options``' values (``ValueError`` for flags that do not fit together; ``None``:
    the same values).
    """

    group: str | None
    help: str
    commands: tuple[Generic | ReportCommand | TerminalCommand | CommandGroup, ...]
    setup_options: tuple[Option, ...] = ()
    moves_help: str = ""
    match_sides: tuple[str, str] = ("", "")
    match_example: str = ""
    show_text: Callable[[GameState], str] | None = None
    scene: ShotScene | None = None
    invite_options: tuple[Option, ...] | None = None
    invite_values: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None = None


__all__ = [
    "CommandGroup",
    "CommandLine",
    "Generic",
    "Option",
    "PrintCommand",
    "ReportCommand",
    "ShotScene",
    "Terminal",
    "TerminalCommand",
]
