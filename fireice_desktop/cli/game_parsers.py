"""Every registered game's commands in the argument parser, built from what the game
says of itself (:class:`~..engine.command_line.CommandLine`): the top-level game's commands
(``fireice show``), the others' under their group (``fireice icebreaker show``).

A game offers some of the commands every game may have (``show``, ``ai-move``,
``match``: their flags are the same for each game, but for its set-up options, moves
and sides) and commands of its own, reporting on a position or played at the
terminal.  Each command's handler (:mod:`.commands`, :mod:`.match`) is given the game
it is for.
"""

from __future__ import annotations

import argparse
from functools import partial
from typing import Any, TypeAlias

from ..engine.command_line import (
    CommandGroup,
    CommandLine,
    Generic,
    PrintCommand,
    ReportCommand,
    TerminalCommand,
)
from ..engine.games import registered_games
from ..engine.match.run import JOBS_PER_CPU
from ..engine.registry import Game
from ..engine.search import level_names
from .commands import (
    check_terminal,
    cmd_ai_move,
    cmd_print,
    cmd_report,
    cmd_show,
    cmd_terminal,
)
from .match import cmd_match
from .options import add_option

#: The sub-parsers of a command: one per command under it.
Commands: TypeAlias = "argparse._SubParsersAction[Any]"

#: The help of the commands every game may have.
GENERIC_HELP = {
    "show": "print the position after some moves",
    "ai-move": "print the move a computer level plays after some moves",
    "match": "play two players, levels or programs, against each other",
}


def _add_level(command: argparse.ArgumentParser, game: Game) -> None:
    command.add_argument(
        "--level",
        choices=level_names(game),
        default="expert",
        help="how well to play (default expert)",
    )
    command.add_argument(
        "--seed", type=int, default=0, help="the level's random choices (default 0)"
    )


def _add_match_options(command: argparse.ArgumentParser, game: Game) -> None:
    """The options of a match of ``game`` between the sides named by ``--SIDE`` options."""
    line = game.command_line
    assert line is not None
    flags = line.match_sides
    levels = ", ".join(level_names(game))
    first, second = (flag.title() for flag in flags)
    command.add_argument(
        f"--{flags[0]}",
        required=True,
        metavar="SIDE",
        help=f"plays {first} in the even games, {second} in the odd ones: a level ({levels}) "
        "or cmd:PROGRAM ARGS, run once a move with the moves so far as arguments and "
        f"printing one move such as {line.match_example}",
    )
    command.add_argument(
        f"--{flags[1]}",
        required=True,
        metavar="SIDE",
        help=f"plays {second} in the even games, {first} in the odd ones: the same choices",
    )
    command.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    command.add_argument(
        "--opening",
        type=int,
        default=2,
        metavar="N",
        help="each pair of games starts from N random moves (default 2; 0: the start position)",
    )
    command.add_argument(
        "--ms", type=int, metavar="MS", help="levels think MS milliseconds a move, not nodes"
    )
    command.add_argument(
        "--timeout",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="a program that takes longer for a move loses the game (default 60)",
    )
    command.add_argument(
        "--seed", type=int, default=1, help="openings; levels in game i use SEED+i (default 1)"
    )
    command.add_argument(
        "--jobs",
        type=int,
        default=1,
        help=f"games played side by side, each in a process of its own (default 1); at most "
        f"{JOBS_PER_CPU} a processor: more would only share the processors, and each takes "
        "memory",
    )
    command.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    command.add_argument(
        "--verbose", action="store_true", help="report each game on stderr as it ends"
    )


def _add_generic(commands: Commands, game: Game, generic: Generic) -> None:
    """``show``, ``ai-move`` or ``match`` of ``game``, its set-up options where it puts them."""
    line = game.command_line
    assert line is not None
    command = commands.add_parser(generic.name, help=generic.help or GENERIC_HELP[generic.name])
    if generic.setup == "first":
        _add_setup_options(command, line)
    handler: partial[int]
    if generic.name == "show":
        command.add_argument("--json", action="store_true", help="print one JSON object")
        handler = partial(cmd_show, game)
    elif generic.name == "ai-move":
        _add_level(command, game)
        handler = partial(cmd_ai_move, game)
    else:
        _add_match_options(command, game)
        handler = partial(cmd_match, game, generic)
    if generic.setup == "last":
        _add_setup_options(command, line)
    if generic.name != "match":
        command.add_argument("moves", nargs="*", metavar="MOVE", help=line.moves_help)
    command.set_defaults(handler=handler, subparser=command)


def _add_setup_options(command: argparse.ArgumentParser, line: CommandLine) -> None:
    for option in line.setup_options:
        add_option(command, option)


def _add_report_command(commands: Commands, game: Game, own: ReportCommand) -> None:
    """A game's own report on a position: the set-up options, ``--json`` and moves."""
    line = game.command_line
    assert line is not None
    command = commands.add_parser(own.name, help=own.help)
    _add_setup_options(command, line)
    command.add_argument("--json", action="store_true", help="print one JSON object")
    command.add_argument("moves", nargs="*", metavar="MOVE", help=line.moves_help)
    command.set_defaults(handler=partial(cmd_report, game, own), subparser=command)


def _add_terminal_command(commands: Commands, own: TerminalCommand) -> None:
    """A game's own command played at the terminal, with its options."""
    command = commands.add_parser(own.name, help=own.help)
    for option in own.options:
        add_option(command, option)
    command.set_defaults(
        handler=partial(cmd_terminal, own), check=partial(check_terminal, own), subparser=command
    )


def _add_print_command(commands: Commands, own: PrintCommand) -> None:
    """A game's own command that prints what it looks up, with its options."""
    command = commands.add_parser(own.name, help=own.help)
    for option in own.options:
        add_option(command, option)
    command.set_defaults(handler=partial(cmd_print, own), subparser=command)


def _add_group(commands: Commands, own: CommandGroup) -> None:
    """A game's own group of commands (``fireice puzzle ...``)."""
    group = commands.add_parser(own.name, help=own.help)
    under = group.add_subparsers(dest="subcommand", metavar="COMMAND", required=True)
    for command in own.commands:
        if isinstance(command, TerminalCommand):
            _add_terminal_command(under, command)
        else:
            _add_print_command(under, command)


def add_game_commands(commands: Commands) -> None:
    """Each registered game's commands, in the order the games were registered: the
    top-level game's among ``commands``, each other's under its group."""
    for game in registered_games():
        line = game.command_line
        if line is None:
            continue
        if line.group is None:
            under = commands
        else:
            group = commands.add_parser(line.group, help=line.help)
            under = group.add_subparsers(dest="subcommand", metavar="COMMAND", required=True)
        for command in line.commands:
            if isinstance(command, Generic):
                _add_generic(under, game, command)
            elif isinstance(command, ReportCommand):
                _add_report_command(under, game, command)
            elif isinstance(command, CommandGroup):
                _add_group(under, command)
            else:
                _add_terminal_command(under, command)


__all__ = ["GENERIC_HELP", "Commands", "add_game_commands"]
