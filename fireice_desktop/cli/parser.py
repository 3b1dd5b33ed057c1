"""The argument parser of every ``fireice`` command, the types of its flags' values,
and the window and board sizes that ``--size`` gives a screenshot."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Final, TypeAlias

from ..engine.games import find_game
from ..engine.games.fireice.rules import MAX_HANDICAP
from ..engine.games.fireice.solitaire import parse_deal
from ..engine.games.icebreaker.board import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, check_size
from ..engine.match import JOBS_PER_CPU
from ..engine.search import level_names
from ..engine.words import languages
from .analyse import cmd_game_analyse, cmd_game_export
from .commands import (
    cmd_ai_move,
    cmd_game_import,
    cmd_game_show,
    cmd_icebreaker_ai_move,
    cmd_icebreaker_show,
    cmd_show,
    cmd_solitaire_show,
    cmd_solitaire_solve,
)
from .match import cmd_icebreaker_match, cmd_match
from .streams import say
from .text_game import cmd_text

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

#: The sub-parsers of ``fireice``: one per command.
_Commands: TypeAlias = "argparse._SubParsersAction[_Parser]"

#: The flags that draw a screenshot, as (flag, the attribute it is parsed into).
SHOT_OPTIONS = (
    ("scene", "scene"),
    ("moves", "shot_moves"),
    ("deal", "shot_deal"),
    ("page", "shot_page"),
    ("hint", "shot_hint"),
    ("analyse", "shot_analyse"),
    ("language", "shot_language"),
    ("size", "size"),
)


class _Parser(argparse.ArgumentParser):
    """argparse's parser, printing ``--help`` through :func:`.streams.say`: argparse
    itself drops a failed write, so help sent to a full disk would be lost in silence."""

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        if file is not None:
            super().print_help(file)
            return
        say(self.format_help(), end="")


# --- the types of flags' values -----------------------------------------------------------


def _deal_number(text: str) -> int:
    try:
        return parse_deal(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _handicap_count(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of pegs") from None
    if not 1 <= count <= MAX_HANDICAP:
        raise argparse.ArgumentTypeError(f"a handicap is 1 to {MAX_HANDICAP} pegs, not {count}")
    return count


def _board_size(text: str) -> int:
    try:
        return check_size(int(text))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a board size: Icebreaker boards have side {MIN_SIZE} to {MAX_SIZE}"
        ) from None


# --- --size for screenshots ---------------------------------------------------------------


#: The largest window drawn: a 4K screen, either way up.  Drawing one takes about 300 MB
#: and a few seconds; the memory grows with the area, so a larger one is refused.
MAX_WINDOW: Final = (3840, 2160)


def parse_size(text: str) -> tuple[int, int]:
    """``"1280x800"`` → ``(1280, 800)``; raises ``ValueError`` with a clear message."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise ValueError(
            f"--size {text!r} is not a size: write WIDTHxHEIGHT, like 1280x800"
        ) from None
    if width < 200 or height < 200:
        raise ValueError(f"--size {text!r} is not a sensible window size")
    longest, shortest = MAX_WINDOW
    if max(width, height) > longest or width * height > longest * shortest:
        raise ValueError(
            f"--size {text!r}: a window is at most a 4K screen, {longest}x{shortest} "
            f"(or {shortest}x{longest})"
        )
    return width, height


def split_sizes(values: list[str], scene: str | None) -> tuple[tuple[int, int] | None, int | None]:
    """``--size`` values: the window (``WxH``) and, for Icebreaker, the board's side (``N``).

    Raises ``ValueError`` for a bad value, a value given twice, or a board side with
    a scene other than ``icebreaker``.
    """
    window: tuple[int, int] | None = None
    board: int | None = None
    for text in values:
        if text.strip().isdigit():
            if scene != "icebreaker":
                raise ValueError(
                    f"--size {text}: a board size applies to --scene icebreaker; "
                    "a window size is WIDTHxHEIGHT, like 1280x800"
                )
            if board is not None:
                raise ValueError("--size: give the board's side once")
            board = _board_side(text)
        else:
            if window is not None:
                raise ValueError("--size: give the window size once")
            window = parse_size(text)
    return window, board


def _board_side(text: str) -> int:
    try:
        return check_size(int(text))
    except ValueError as error:
        raise ValueError(f"--size {text}: {error}") from None


# --- the parser -----------------------------------------------------------------------------


def _add_set_up_options(command: argparse.ArgumentParser) -> None:
    """``--handicap-at`` and ``--side``: the set-up the moves are played from."""
    command.add_argument(
        "--handicap-at",
        metavar="HOLES",
        help="handicap pegs placed before play, comma-separated, like A3,B5",
    )
    command.add_argument(
        "--side",
        choices=("fire", "ice"),
        default="fire",
        help="the side that owns the handicap pegs (default fire)",
    )


def _add_desktop_options(parser: argparse.ArgumentParser) -> None:
    """``--open`` and the screenshot flags, which go without a command."""
    parser.add_argument(
        "--open", metavar="FILE", help="start with the game saved in FILE (.fireice or text)"
    )
    shots = parser.add_argument_group("screenshots (render one scene to a PNG, no display needed)")
    shots.add_argument("--screenshot", metavar="PATH", help="write the scene to PATH and exit")
    shots.add_argument(
        "--scene",
        metavar="NAME",
        help="which screen to draw (default menu, or with --open the game; --scene menu "
        "then draws the menu offering to continue it); an unknown name is answered with the list",
    )
    shots.add_argument(
        "--moves", dest="shot_moves", metavar='"D4-C4 ..."', help="moves played first"
    )
    shots.add_argument(
        "--deal", dest="shot_deal", type=_deal_number, metavar="N", help="solitaire deal number"
    )
    shots.add_argument(
        "--page", dest="shot_page", type=int, metavar="N", help="rules chapter, from 1"
    )
    shots.add_argument(
        "--hint",
        dest="shot_hint",
        action="store_const",
        const=True,
        help="ask for a hint after the moves (game and solitaire)",
    )
    shots.add_argument(
        "--analyse",
        dest="shot_analyse",
        action="store_const",
        const=True,
        help="analyse the game after the moves and show its first mistake, if any",
    )
    shots.add_argument(
        "--language",
        dest="shot_language",
        choices=languages(),
        help="the language of the words on the screen (default en)",
    )
    shots.add_argument(
        "--size",
        action="append",
        metavar="WxH|N",
        help=f"window size, like 1280x800, at most {MAX_WINDOW[0]}x{MAX_WINDOW[1]}; "
        "or with --scene icebreaker the board's side, "
        f"{MIN_SIZE} to {MAX_SIZE} (both may be given)",
    )


def _add_match_options(
    command: argparse.ArgumentParser, game: str, flags: tuple[str, str], example: str
) -> None:
    """The options of a match of ``game`` between the sides named by ``--FLAG`` options."""
    levels = ", ".join(level_names(find_game(game)))
    first, second = (flag.title() for flag in flags)
    command.add_argument(
        f"--{flags[0]}",
        required=True,
        metavar="SIDE",
        help=f"plays {first} in the even games, {second} in the odd ones: a level ({levels}) "
        "or cmd:PROGRAM ARGS, run once a move with the moves so far as arguments and "
        f"printing one move such as {example}",
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


def _add_fire_and_ice_commands(commands: _Commands) -> None:
    """``text``, ``show``, ``ai-move`` and ``match``: the two-player game."""
    text = commands.add_parser("text", help="play two-player Fire & Ice in the terminal")
    text.add_argument(
        "--handicap",
        type=_handicap_count,
        metavar="N",
        help=f"give one side N extra pegs (1 to {MAX_HANDICAP}) at random",
    )
    text.add_argument(
        "--seed", type=int, metavar="S", help="seed for the random handicap, to repeat a set-up"
    )
    text.add_argument(
        "--side",
        choices=("fire", "ice"),
        default="fire",
        help="the side that gets the handicap pegs (default fire)",
    )
    text.set_defaults(handler=cmd_text, subparser=text)

    show = commands.add_parser("show", help="print the position after some moves")
    _add_set_up_options(show)
    show.add_argument("--json", action="store_true", help="print one JSON object")
    show.add_argument("moves", nargs="*", metavar="MOVE", help="moves from the start, like D4-C4")
    show.set_defaults(handler=cmd_show, subparser=show)

    levels = level_names(find_game("fire-and-ice"))
    ai_move = commands.add_parser(
        "ai-move", help="print the move a computer level plays after some moves"
    )
    ai_move.add_argument(
        "--level", choices=levels, default="expert", help="how well to play (default expert)"
    )
    ai_move.add_argument(
        "--seed", type=int, default=0, help="the level's random choices (default 0)"
    )
    _add_set_up_options(ai_move)
    ai_move.add_argument(
        "moves", nargs="*", metavar="MOVE", help="moves from the start, like D4-C4"
    )
    ai_move.set_defaults(handler=cmd_ai_move, subparser=ai_move)

    match = commands.add_parser(
        "match", help="play two players, levels or programs, against each other"
    )
    _add_match_options(match, "fire-and-ice", ("fire", "ice"), "C4-C1")
    match.set_defaults(handler=cmd_match, subparser=match)


def _add_solitaire_commands(commands: _Commands) -> None:
    """``solitaire show`` and ``solitaire solve``."""
    solitaire = commands.add_parser("solitaire", help="the one-player puzzle")
    solitaire_commands = solitaire.add_subparsers(
        dest="solitaire_command", metavar="COMMAND", required=True
    )
    sol_show = solitaire_commands.add_parser("show", help="print a deal after some captures")
    sol_show.set_defaults(handler=cmd_solitaire_show, subparser=sol_show)
    sol_solve = solitaire_commands.add_parser(
        "solve", help="find a winning line from a deal after some captures, or prove none exists"
    )
    sol_solve.set_defaults(handler=cmd_solitaire_solve, subparser=sol_solve)
    for command in (sol_show, sol_solve):
        command.add_argument("--deal", required=True, metavar="N", help="deal number, 1 to 1000000")
        command.add_argument("--json", action="store_true", help="print one JSON object")
        command.add_argument("moves", nargs="*", metavar="MOVE", help="captures, like A1-A4")


def _add_board_size(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--size",
        dest="board_size",
        type=_board_size,
        default=DEFAULT_SIZE,
        metavar="N",
        help=f"the board's side, {MIN_SIZE} to {MAX_SIZE} (default {DEFAULT_SIZE})",
    )


def _add_icebreaker_commands(commands: _Commands) -> None:
    """``icebreaker show``, ``icebreaker ai-move`` and ``icebreaker match``."""
    icebreaker = commands.add_parser("icebreaker", help="Icebreaker, Mark Steere's game of ships")
    icebreaker_commands = icebreaker.add_subparsers(
        dest="icebreaker_command", metavar="COMMAND", required=True
    )
    ice_show = icebreaker_commands.add_parser("show", help="print the position after some moves")
    _add_board_size(ice_show)
    ice_show.add_argument("--json", action="store_true", help="print one JSON object")
    ice_show.add_argument(
        "moves", nargs="*", metavar="MOVE", help="moves from the start, like a1-b2"
    )
    ice_show.set_defaults(handler=cmd_icebreaker_show, subparser=ice_show)

    levels = level_names(find_game("icebreaker"))
    ice_ai = icebreaker_commands.add_parser(
        "ai-move", help="print the move a computer level plays after some moves"
    )
    _add_board_size(ice_ai)
    ice_ai.add_argument(
        "--level", choices=levels, default="expert", help="how well to play (default expert)"
    )
    ice_ai.add_argument(
        "--seed", type=int, default=0, help="the level's random choices (default 0)"
    )
    ice_ai.add_argument("moves", nargs="*", metavar="MOVE", help="moves from the start, like a1-b2")
    ice_ai.set_defaults(handler=cmd_icebreaker_ai_move, subparser=ice_ai)

    ice_match = icebreaker_commands.add_parser(
        "match", help="play two players, levels or programs, against each other"
    )
    _add_board_size(ice_match)
    _add_match_options(ice_match, "icebreaker", ("red", "black"), "a1-b2")
    ice_match.set_defaults(handler=cmd_icebreaker_match, subparser=ice_match)


def _add_game_commands(commands: _Commands) -> None:
    """``game show``, ``game analyse``, ``game export`` and ``game import``: saved games of
    every game."""
    game = commands.add_parser(
        "game", help="saved games: show, review, export as text, import text"
    )
    game_commands = game.add_subparsers(dest="game_command", metavar="COMMAND", required=True)
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
    """The argument parser for every ``fireice`` command."""
    parser = _Parser(
        prog="fireice",
        description="Fire & Ice, the board game by Jens-Peter Schliemann. "
        "With no command, starts the desktop game.",
    )
    _add_desktop_options(parser)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    _add_fire_and_ice_commands(commands)
    _add_solitaire_commands(commands)
    _add_icebreaker_commands(commands)
    _add_game_commands(commands)
    return parser


def check_combinations(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse flags that go together with no meaning (``parser.error``: usage, exit 2),
    and fill in ``--scene``'s default for a screenshot (the menu; with ``--open``, the game)."""
    if args.command == "text" and args.handicap is None and args.seed is not None:
        args.subparser.error("--seed only applies with --handicap N")
    given = [args.screenshot, args.open, *(getattr(args, dest) for _, dest in SHOT_OPTIONS)]
    if args.command is not None and any(option is not None for option in given):
        parser.error("--open, --screenshot and its options go without a command")
    if args.screenshot and args.scene is None and args.open is None:
        args.scene = "menu"


__all__ = [
    "MAX_WINDOW",
    "SHOT_OPTIONS",
    "build_parser",
    "check_combinations",
    "parse_size",
    "split_sizes",
]
