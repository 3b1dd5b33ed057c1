"""The argument parser of every ``fireice`` command.

Its parts: the desktop's and screenshots' flags (:mod:`.desktop_options`), each
registered game's commands (:mod:`.game_parsers`) and, here, the commands on saved
games of every game (``fireice game ...``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from .analyse import cmd_game_analyse, cmd_game_export
from .commands import cmd_game_import, cmd_game_show
from .desktop_options import add_desktop_options, shot_options
from .errors import shortened
from .game_parsers import Commands, add_game_commands
from .online import add_online_commands
from .streams import say

if TYPE_CHECKING:
    from _typeshed import SupportsWrite


class _Parser(argparse.ArgumentParser):
    """argparse's parser, printing ``--help`` through :func:`.streams.say`: argparse
    itself drops a failed write, so help sent to a full disk would be lost in silence.

    It keeps the words it was given to parse in :attr:`given` (a command's parser, the
    words after the command's name), so that its mistakes, argparse's own messages
    included ("invalid choice", "unrecognized arguments"), quote a long value as every
    message does: its start and its length (:func:`.errors.shortened`), not 5 kB.
    """

    given: tuple[str, ...] = ()

    def parse_known_args(  # type: ignore[override]  # one signature for its overloads
        self, args: Sequence[str] | None = None, namespace: Any = None
    ) -> tuple[Any, list[str]]:
        self.given = tuple(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        super().error(shortened(message, self.given))

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        if file is not None:
            super().print_help(file)
            return
        say(self.format_help(), end="")


def _add_saved_game_commands(commands: Commands) -> None:
    """``game show``, ``game analyse``, ``game export`` and ``game import``: saved games of
    every game."""
    game = commands.add_parser(
        "game", help="saved games: show, review, export as text, import text"
    )
    game_commands = game.add_subparsers(dest="subcommand", metavar="COMMAND", required=True)
    game_show = game_commands.add_parser("show", help="print a saved game and where it stands")
    game_show.add_argument(
        "file", metavar="FILE", help="a .fireice file or a game as text; - reads stdin"
    )
    game_show.add_argument("--json", action="store_true", help="print one JSON object")
    game_show.set_defaults(handler=cmd_game_show, subparser=game_show)
    analyse = game_commands.add_parser(
        "analyse",
        aliases=["analyze"],
        help="the computer's review: each move's chances, its verdict and the better move",
    )
    analyse.add_argument(
        "file", metavar="FILE", help="a .fireice file or a game as text; - reads stdin"
    )
    analyse.add_argument("--json", action="store_true", help="print one JSON object")
    analyse.add_argument(
        "--mistakes",
        action="store_true",
        help="list only the positions where a mistake or a blunder was played, to practise "
        "(with --json: a JSON array)",
    )
    analyse.set_defaults(handler=cmd_game_analyse, subparser=analyse)
    for name, handler, helps in (
        ("export", cmd_game_export, "write a saved game as text in pbmserv notation"),
        ("import", cmd_game_import, "turn a game written as text into a .fireice record"),
    ):
        command = game_commands.add_parser(name, help=helps)
        command.add_argument("file", metavar="FILE", help="the game to read; - reads stdin")
        command.add_argument(
            "-o", "--output", metavar="OUT", help="write to OUT instead of standard output"
        )
        command.add_argument("--force", action="store_true", help="replace OUT if it exists")
        if name == "export":
            command.add_argument(
                "--annotate",
                action="store_true",
                help="add the computer's review of each move as comments",
            )
        command.set_defaults(handler=handler, subparser=command)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every ``fireice`` command.

    A command's parsed arguments carry its ``handler`` (the function that runs it),
    its ``subparser`` (for its usage) and, for a command under a group, the command's
    name in ``subcommand``.
    """
    parser = _Parser(
        prog="fireice",
        description="Fire & Ice, the board game by Jens-Peter Schliemann. "
        "With no command, starts the desktop game.",
    )
    add_desktop_options(parser)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    add_game_commands(commands)
    _add_saved_game_commands(commands)
    add_online_commands(commands)
    return parser


def check_combinations(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse flags that go together with no meaning (``parser.error``: usage, exit 2),
    and fill in ``--scene``'s default for a screenshot (the menu; with ``--open``, the game).

    A command's own check (``check``, set by the command) comes first.
    """
    check = getattr(args, "check", None)
    if check is not None:
        check(args)
    given = [args.screenshot, args.open, *(getattr(args, dest) for _, dest in shot_options())]
    if args.command is not None and any(option is not None for option in given):
        parser.error("--open, --screenshot and its options go without a command")
    if args.screenshot and args.scene is None and args.open is None:
        args.scene = "menu"


__all__ = ["build_parser", "check_combinations"]
