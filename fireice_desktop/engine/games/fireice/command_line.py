"""How the ``fireice`` command offers Fire & Ice and its solitaire (see
:class:`~...command_line.CommandLine`): their commands, their options, the solitaire's
``show`` text and ``solve``.

Fire & Ice's commands are at the top level: ``text`` (:mod:`.terminal`), ``show``,
``ai-move`` and ``match``; the solitaire's under ``solitaire``: ``show`` and ``solve``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from ...command_line import (
    CommandGroup,
    CommandLine,
    Generic,
    Option,
    PrintCommand,
    ReportCommand,
    ShotScene,
)
from ...interface import GameState
from . import textboard
from .formats import solitaire_board
from .puzzles import Puzzle, all_puzzles, find_puzzle
from .solitaire import COLOR_NAMES, SolitairePosition, parse_deal
from .solver import Solution, solve
from .terminal import TEXT

#: ``--handicap-at`` and ``--side``: the set-up the moves are played from.
HANDICAP_OPTIONS: Final = (
    Option(
        "--handicap-at",
        "handicap_at",
        "handicap pegs placed before play, comma-separated, like A3,B5",
        metavar="HOLES",
    ),
    Option(
        "--side",
        "side",
        "the side that owns the handicap pegs (default fire)",
        default="fire",
        choices=("fire", "ice"),
    ),
)


def solitaire_text(position: GameState) -> str:
    """``fireice solitaire show``'s text: the board, who moves, the pegs left, the result."""
    assert isinstance(position, SolitairePosition)
    lines = [solitaire_board(position)]
    if position.is_over:
        lines.append("To move: nobody, the game is over")
    elif position.to_move is None:
        lines.append("To move: either colour (red # or aqua O)")
    else:
        lines.append(f"To move: {COLOR_NAMES[position.to_move]} ({position.to_move.symbol})")
    lines.append(f"Pegs left: {position.pegs_left}")
    result = position.result
    lines.append(
        "Result: " + {None: "none yet", "won": "won, one peg left", "lost": "lost"}[result]
    )
    return "\n".join(lines)


def solve_json(deal: int, solution: Solution) -> dict[str, Any]:
    """The ``fireice solitaire solve --json`` object."""
    return {
        "deal": deal,
        "solvable": solution.line is not None,
        "moves": [str(move) for move in solution.line or ()],
        "nodes": solution.nodes,
        "seconds": round(solution.seconds, 6),
    }


def solve_lines(deal: Any, position: GameState, as_json: bool) -> list[str]:
    """``fireice solitaire solve``: a winning line from ``position`` of the deal ``deal``
    (a :class:`~.spec.Deal`), or that there is none."""
    assert isinstance(position, SolitairePosition)
    solution = solve(position)
    if as_json:
        return [json.dumps(solve_json(deal.number, solution))]
    lines = []
    if solution.line is None:
        lines.append("No win exists from this position.")
    elif not solution.line:
        lines.append("Already won: one peg is left.")
    lines += [f"{number}. {move}" for number, move in enumerate(solution.line or (), 1)]
    lines.append(f"Nodes searched: {solution.nodes:,} in {solution.seconds:.3f} s")
    return lines


def puzzle_id(text: str) -> Puzzle:
    """The puzzle ``fireice puzzle show`` names, or ``ValueError`` saying what is wrong."""
    count = len(all_puzzles())
    try:
        number = int(text.strip())
    except ValueError:
        message = f"not a puzzle number: {text!r} (puzzles are numbered 1 to {count})"
        raise ValueError(message) from None
    puzzle = find_puzzle(number)
    if puzzle is None:
        raise ValueError(f"there is no puzzle {number}: puzzles are numbered 1 to {count}")
    return puzzle


def puzzle_list(values: Mapping[str, Any]) -> list[str]:
    """``fireice puzzle list``: every puzzle, one a line, or one JSON array."""
    puzzles = all_puzzles()
    if values["json"]:
        return [json.dumps([puzzle.contract() for puzzle in puzzles])]
    lines = [f"{'id':>4}  {'to move':7}  {'win in':6}  rating"]
    lines += [f"{p.id:>4}  {p.to_move.title:7}  {p.win_in:>6}  {p.rating:>6}" for p in puzzles]
    return lines


def puzzle_show(values: Mapping[str, Any]) -> list[str]:
    """``fireice puzzle show ID``: the puzzle's board and what it asks, or its JSON."""
    puzzle: Puzzle = values["puzzle"]
    if values["json"]:
        return [json.dumps(puzzle.contract())]
    plural = "move" if puzzle.win_in == 1 else "moves"
    return [
        f"Puzzle {puzzle.id}: {puzzle.to_move.title} to play and win in {puzzle.win_in} {plural}"
        f" (rating {puzzle.rating})",
        textboard.render(puzzle.position),
        "Moves from the start: " + " ".join(puzzle.moves),
        "Solution: " + " ".join(puzzle.solution),
    ]


_JSON: Final = Option("--json", "json", "print JSON (the contract for scripts)", switch=True)

#: ``fireice puzzle ...``: the shipped puzzles, for scripts and players at a terminal.
PUZZLE_COMMANDS: Final = CommandGroup(
    "puzzle",
    "the puzzles: Fire or Ice to play and win",
    (
        PrintCommand("list", "list every puzzle", (_JSON,), puzzle_list),
        PrintCommand(
            "show",
            "print one puzzle with its board",
            (Option("ID", "puzzle", "the puzzle's number", parse=puzzle_id), _JSON),
            puzzle_show,
        ),
    ),
)

#: Fire & Ice's commands, at the top level.
FIRE_AND_ICE_COMMANDS: Final = CommandLine(
    group=None,
    help="",
    commands=(
        TEXT,
        Generic("show"),
        Generic("ai-move", setup="last"),
        Generic("match", setup="none"),
        PUZZLE_COMMANDS,
    ),
    setup_options=HANDICAP_OPTIONS,
    moves_help="moves from the start, like D4-C4",
    match_sides=("fire", "ice"),
    match_example="C4-C1",
    scene=ShotScene("game", in_hint_help=True),
)

#: The solitaire's commands, under ``solitaire``.
SOLITAIRE_COMMANDS: Final = CommandLine(
    group="solitaire",
    help="the one-player puzzle",
    commands=(
        Generic("show", help="print a deal after some captures"),
        ReportCommand(
            "solve",
            "find a winning line from a deal after some captures, or prove none exists",
            solve_lines,
        ),
    ),
    setup_options=(
        Option("--deal", "deal", "deal number, 1 to 1000000", metavar="N", required=True),
    ),
    moves_help="captures, like A1-A4",
    show_text=solitaire_text,
    scene=ShotScene(
        "solitaire",
        options=(
            Option("--deal", "shot_deal", "solitaire deal number", metavar="N", parse=parse_deal),
        ),
        in_hint_help=True,
    ),
)

__all__ = [
    "FIRE_AND_ICE_COMMANDS",
    "HANDICAP_OPTIONS",
    "SOLITAIRE_COMMANDS",
    "solitaire_text",
    "solve_json",
    "solve_lines",
]
