"""The handlers of the scripting commands: each takes the parsed arguments, prints its
output and returns the exit status, or raises :class:`~.errors.CommandError`.  Files
and standard streams are read and written through :mod:`.streams`.

Every game's commands are handled here the same way, the game given
(:mod:`.game_parsers` gives it): ``show`` and ``ai-move``, a game's own commands on a
position (the solitaire's ``solve``) and at the terminal (Fire & Ice's ``text``).
``fireice game ...`` works on a record of any game and asks the record's game how to
show it.  The matches are in :mod:`.match`.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from ..engine.command_line import CommandLine, PrintCommand, ReportCommand, TerminalCommand
from ..engine.interface import GameState
from ..engine.records.game import replay
from ..engine.registry import Game
from ..engine.search import search
from .errors import CommandError
from .options import option_values
from .streams import STANDARD_TERMINAL, read_game_argument, require_typing, say, write_output

# --- the moves and the set-up given on the command line ----------------------------------


def split_moves(words: Sequence[str]) -> list[str]:
    """The moves given: as separate arguments or as one quoted, space-separated string."""
    return [move for word in words for move in word.split()]


def command_line(game: Game) -> CommandLine:
    """How the command line offers ``game`` (a game it offers has this)."""
    assert game.command_line is not None
    return game.command_line


def options_setup(game: Game, args: argparse.Namespace) -> Any:
    """The set-up of ``game`` its set-up options name (a mistake: usage, exit status 2)."""
    values = option_values(args, command_line(game).setup_options)
    try:
        return game.setup_from_options(values)
    except ValueError as error:
        raise CommandError(str(error), usage=True) from None


def after_moves(game: Game, setup: Any, words: Sequence[str]) -> Any:
    """The position after the moves given, from the start of ``game`` set up as ``setup``."""
    try:
        return replay(game.start(setup), split_moves(words))[-1]
    except ValueError as error:
        raise CommandError(str(error)) from None


# --- every game's commands ------------------------------------------------------------------


def cmd_show(game: Game, args: argparse.Namespace) -> int:
    """``show``: the position after some moves, as the game shows it, or as JSON."""
    setup = options_setup(game, args)
    position: GameState = after_moves(game, setup, args.moves)
    if args.json:
        say(json.dumps(game.position_json(setup, position)))
        return 0
    show_text = command_line(game).show_text
    say(game.describe(position) if show_text is None else show_text(position))
    return 0


def cmd_ai_move(game: Game, args: argparse.Namespace) -> int:
    """``ai-move``: the move a level plays after some moves, unless the game is over."""
    position = after_moves(game, options_setup(game, args), args.moves)
    if position.is_over:
        raise CommandError(f"the game is over: {position.winner.title} has won")
    say(str(search(position, args.level, args.seed).move))
    return 0


def cmd_report(game: Game, command: ReportCommand, args: argparse.Namespace) -> int:
    """A game's own report on the position after some moves (``solitaire solve``)."""
    setup = options_setup(game, args)
    for line in command.lines(setup, after_moves(game, setup, args.moves), args.json):
        say(line)
    return 0


def cmd_print(command: PrintCommand, args: argparse.Namespace) -> int:
    """A game's own command that prints what it looks up (``fireice puzzle list``)."""
    for line in command.lines(option_values(args, command.options)):
        say(line)
    return 0


def check_terminal(command: TerminalCommand, args: argparse.Namespace) -> None:
    """Refuse options of a terminal command that go together with no meaning (usage,
    then ``error:``, exit status 2)."""
    if command.check is not None:
        mistake = command.check(option_values(args, command.options))
        if mistake is not None:
            args.subparser.error(mistake)


def cmd_terminal(command: TerminalCommand, args: argparse.Namespace) -> int:
    """A game's own command played at the terminal (``fireice text``)."""
    require_typing()
    return command.run(option_values(args, command.options), STANDARD_TERMINAL)


# --- saved games, of any game -------------------------------------------------------------


def cmd_game_show(args: argparse.Namespace) -> int:
    """``fireice game show``: a saved game, its moves and where it stands."""
    record = read_game_argument(args.file)
    game = record.kind
    position = record.positions()[len(record.moves)]
    if args.json:
        shown = {
            "record": json.loads(record.to_json()),
            "position": game.position_json(record.setup, position),
        }
        say(json.dumps(shown))
        return 0
    say(record.to_text())
    say(game.describe(position))
    if record.undone:
        say("Undone: " + " ".join(str(move) for move in record.undone))
    return 0


def cmd_game_import(args: argparse.Namespace) -> int:
    """``fireice game import``: a game written as text, as a record."""
    write_output(args.output, read_game_argument(args.file).to_json(), args.force)
    return 0


__all__ = [
    "after_moves",
    "check_terminal",
    "cmd_ai_move",
    "cmd_game_import",
    "cmd_game_show",
    "cmd_report",
    "cmd_show",
    "cmd_terminal",
    "command_line",
    "options_setup",
    "split_moves",
]
