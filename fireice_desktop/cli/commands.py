"""The handlers of the scripting commands: each takes the parsed arguments, prints its
output and returns the exit status, or raises :class:`~.errors.CommandError`.  Files
and standard streams are read and written through :mod:`.streams`.

``fireice game ...`` works on a record of any game and asks the record's game (the
registry) how to show it.  ``show`` and ``ai-move`` are Fire & Ice's, ``solitaire ...``
the solitaire's and ``icebreaker show`` and ``icebreaker ai-move`` Icebreaker's, so they
name their game.  The matches, of either game, are in :mod:`.match`.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from ..engine.games import find_game
from ..engine.games.fireice.board import parse_holes
from ..engine.games.fireice.formats import solitaire_board
from ..engine.games.fireice.rules import MAX_HANDICAP, Color, check_handicap
from ..engine.games.fireice.solitaire import COLOR_NAMES, SolitairePosition, parse_deal
from ..engine.games.fireice.solver import Solution, solve
from ..engine.games.fireice.spec import Deal, Handicap
from ..engine.games.icebreaker.spec import Sea
from ..engine.interface import GameState
from ..engine.record import replay
from ..engine.registry import Game
from ..engine.search import search
from ..engine.words import quoted
from .errors import CommandError
from .streams import read_game_argument, say, write_output

FIRE_AND_ICE = find_game("fire-and-ice")
SOLITAIRE = find_game("solitaire")
ICEBREAKER = find_game("icebreaker")


# --- the moves and the set-up given on the command line ----------------------------------


def split_moves(words: Sequence[str]) -> list[str]:
    """The moves given: as separate arguments or as one quoted, space-separated string."""
    return [move for word in words for move in word.split()]


def handicap(args: argparse.Namespace) -> Handicap:
    """The set-up named by ``--handicap-at`` and ``--side``."""
    side = Color.parse(args.side)
    text = args.handicap_at
    if text is None:
        return Handicap((), side)
    try:
        holes = check_handicap(parse_holes(text))
    except ValueError as error:
        raise CommandError(f"--handicap-at {quoted(text)}: {error}", usage=True) from None
    if not holes:
        raise CommandError(
            f"--handicap-at {quoted(text)}: name 1 to {MAX_HANDICAP} holes, like A3,B5",
            usage=True,
        )
    return Handicap(holes, side)


def after_moves(game: Game, setup: Any, words: Sequence[str]) -> Any:
    """The position after the moves given, from the start of ``game`` set up as ``setup``."""
    try:
        return replay(game.start(setup), split_moves(words))[-1]
    except ValueError as error:
        raise CommandError(str(error)) from None


def show_position(game: Game, setup: Any, position: GameState, as_json: bool) -> None:
    """Print the position as ``game`` describes it: its text board and report, or JSON."""
    if as_json:
        say(json.dumps(game.position_json(setup, position)))
    else:
        say(game.describe(position))


# --- Fire & Ice ---------------------------------------------------------------------------


def cmd_show(args: argparse.Namespace) -> int:
    """``fireice show``: the position after some moves."""
    setup = handicap(args)
    show_position(FIRE_AND_ICE, setup, after_moves(FIRE_AND_ICE, setup, args.moves), args.json)
    return 0


def _print_ai_move(position: Any, level: str, seed: int) -> int:
    """Print the move ``level`` plays in ``position``, or say that the game is over."""
    if position.is_over:
        raise CommandError(f"the game is over: {position.winner.title} has won")
    say(str(search(position, level, seed).move))
    return 0


def cmd_ai_move(args: argparse.Namespace) -> int:
    """``fireice ai-move``: the move a level plays after some moves."""
    position = after_moves(FIRE_AND_ICE, handicap(args), args.moves)
    return _print_ai_move(position, args.level, args.seed)


# --- the solitaire ------------------------------------------------------------------------


def _deal_after_moves(args: argparse.Namespace) -> tuple[Deal, SolitairePosition]:
    """The deal named by ``--deal`` and the position after the captures given."""
    try:
        deal = Deal(parse_deal(args.deal))
    except ValueError as error:
        raise CommandError(f"--deal: {error}", usage=True) from None
    return deal, after_moves(SOLITAIRE, deal, args.moves)


def cmd_solitaire_show(args: argparse.Namespace) -> int:
    """``fireice solitaire show``: a deal after some captures."""
    deal, position = _deal_after_moves(args)
    if args.json:
        show_position(SOLITAIRE, deal, position, as_json=True)
        return 0
    say(solitaire_board(position))
    if position.is_over:
        say("To move: nobody, the game is over")
    elif position.to_move is None:
        say("To move: either colour (red # or aqua O)")
    else:
        say(f"To move: {COLOR_NAMES[position.to_move]} ({position.to_move.symbol})")
    say(f"Pegs left: {position.pegs_left}")
    result = position.result
    say("Result: " + {None: "none yet", "won": "won, one peg left", "lost": "lost"}[result])
    return 0


def solve_json(deal: int, solution: Solution) -> dict[str, Any]:
    """The ``fireice solitaire solve --json`` object."""
    return {
        "deal": deal,
        "solvable": solution.line is not None,
        "moves": [str(move) for move in solution.line or ()],
        "nodes": solution.nodes,
        "seconds": round(solution.seconds, 6),
    }


def cmd_solitaire_solve(args: argparse.Namespace) -> int:
    """``fireice solitaire solve``: a winning line from a deal, or proof there is none."""
    deal, position = _deal_after_moves(args)
    solution = solve(position)
    if args.json:
        say(json.dumps(solve_json(deal.number, solution)))
        return 0
    if solution.line is None:
        say("No win exists from this position.")
    elif not solution.line:
        say("Already won: one peg is left.")
    for number, move in enumerate(solution.line or (), 1):
        say(f"{number}. {move}")
    say(f"Nodes searched: {solution.nodes:,} in {solution.seconds:.3f} s")
    return 0


# --- Icebreaker ---------------------------------------------------------------------------


def cmd_icebreaker_show(args: argparse.Namespace) -> int:
    """``fireice icebreaker show``: the position after some moves."""
    sea = Sea(args.board_size)
    show_position(ICEBREAKER, sea, after_moves(ICEBREAKER, sea, args.moves), args.json)
    return 0


def cmd_icebreaker_ai_move(args: argparse.Namespace) -> int:
    """``fireice icebreaker ai-move``: the move a level plays after some moves."""
    sea = Sea(args.board_size)
    return _print_ai_move(after_moves(ICEBREAKER, sea, args.moves), args.level, args.seed)


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
    "cmd_ai_move",
    "cmd_game_import",
    "cmd_game_show",
    "cmd_icebreaker_ai_move",
    "cmd_icebreaker_show",
    "cmd_show",
    "cmd_solitaire_show",
    "cmd_solitaire_solve",
    "solve_json",
    "split_moves",
]
