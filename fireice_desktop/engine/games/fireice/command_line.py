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
    Terminal,
    TerminalCommand,
)
from ...errors import words_of
from ...interface import GameState, typed_move_text
from ...words import quoted, spoken
from . import textboard
from .formats import solitaire_board
from .puzzles import LOST, SHORT, Attempt, Puzzle, all_puzzles, find_puzzle
from .solitaire import COLOR_NAMES, SolitairePosition, parse_deal
from .solver import Solution, solve
from .terminal import INVITE_OPTIONS, TEXT, invite_values

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
        message = f"not a puzzle number: {quoted(text)} (puzzles are numbered 1 to {count})"
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


def puzzle_task(puzzle: Puzzle) -> str:
    """The line ``puzzle show`` and ``puzzle play`` start with."""
    plural = "move" if puzzle.win_in == 1 else "moves"
    return (
        f"Puzzle {puzzle.id}: {puzzle.to_move.title} to play and win in {puzzle.win_in} {plural}"
        f" (rating {puzzle.rating})"
    )


def puzzle_show(values: Mapping[str, Any]) -> list[str]:
    """``fireice puzzle show ID``: the puzzle's board and what it asks, or its JSON."""
    puzzle: Puzzle = values["puzzle"]
    if values["json"]:
        return [json.dumps(puzzle.contract())]
    return [
        puzzle_task(puzzle),
        textboard.render(puzzle.position),
        "Moves from the start: " + " ".join(puzzle.moves),
        "Solution: " + " ".join(puzzle.solution),
    ]


def puzzle_play(values: Mapping[str, Any], terminal: Terminal) -> int:
    """``fireice puzzle play ID``: the puzzle played at the terminal, each move judged as
    the desktop game judges it and said in its words; no player's file is touched.

    Without ``--json``: the task line and the board, then after each move read one line
    of the trainer's words, and at the end ``solved``, ``failed`` or ``unfinished`` (the
    input ended first).  With ``--json``: one object a move, ``{"move", "right",
    "wins", "reply", "said"}``, and last ``{"result": ...}``.  A move that cannot be
    read or is not legal is said in one line on standard error and asked again."""
    try:
        puzzle = puzzle_id(values["id"])
    except ValueError as error:
        terminal.warn(f"fireice puzzle play: {error}")
        return 2
    as_json, language = values["json"], values["language"]
    attempt = Attempt(puzzle)
    if not as_json:
        terminal.show(puzzle_task(puzzle))
        terminal.show(textboard.render(puzzle.position))
    result = "unfinished"
    while True:
        terminal.flush()
        line = terminal.read_line()
        if line is None:
            break
        text = line.strip()
        if not text:
            continue
        try:
            move = attempt.position.parse_move(typed_move_text(text))
            attempt.position.play(move)  # the rules' reason, if it is not legal
        except ValueError as error:
            terminal.warn(f"Not played: {spoken(words_of(error), language)}")
            continue
        judged = attempt.judge(move)
        said = spoken(judged.said, language)
        if as_json:
            reply = None if judged.reply is None else str(judged.reply)
            shown = {"move": str(move), "right": judged.right, "wins": judged.wins}
            terminal.show(json.dumps({**shown, "reply": reply, "said": said}))
        else:
            terminal.show(said)
        if judged.solved:
            result = "solved"
            break
        if judged.kind in (LOST, SHORT):
            result = "failed"
            break
    terminal.show(json.dumps({"result": result}) if as_json else result)
    return 0


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
        TerminalCommand(
            "play",
            "play one puzzle in the terminal, each move judged (no rating kept)",
            (
                Option("ID", "id", "the puzzle's number"),
                Option(
                    "--json", "json", "print one JSON object a move, then the result", switch=True
                ),
                Option(
                    "--language",
                    "language",
                    "the trainer's words: en (default) or it",
                    default="en",
                    choices=("en", "it"),
                ),
            ),
            puzzle_play,
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
    invite_options=INVITE_OPTIONS,
    invite_values=invite_values,
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
