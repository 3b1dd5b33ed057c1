"""``fireice text``: two-player Fire & Ice at one terminal, read from standard input.

The moves come line by line through :func:`.streams.read_line` (bounded, so endless
input cannot fill the memory) and everything is said through :func:`.streams.say`.
"""

from __future__ import annotations

import argparse
import random

from ..engine.games.fireice import textboard
from ..engine.games.fireice.board import HOLE_NAMES
from ..engine.games.fireice.formats import position_report
from ..engine.games.fireice.rules import Color, Position, random_handicap
from ..engine.interface import History
from .streams import flush_output, read_line, require_typing, say

TEXT_HELP = """\
Type a move as FROM-TO, like D4-C4: move one of your pegs to an empty hole on
the same island, or to the same hole number on another island. Your opponent's
peg then goes into the hole you left. Control an island with three pegs on one
of its lines; win with three islands on one line.
Commands: help, legal (list your legal moves), undo, redo, board, quit."""


def cmd_text(args: argparse.Namespace) -> int:
    """Play until ``quit`` or the end of the input; the exit status."""
    require_typing()
    side = Color.parse(args.side)
    holes: tuple[int, ...] = ()
    intro = "Fire & Ice: two players at one terminal. Type help for the rules in brief."
    if args.handicap is not None:
        seed = args.seed if args.seed is not None else random.randrange(1_000_000)
        holes = random_handicap(args.handicap, seed)
        names = ",".join(HOLE_NAMES[h] for h in holes)
        intro += f"\nHandicap: {side.title} starts with extra pegs on {names} (seed {seed})."
    history = History(Position.start(holes, side))
    say(intro)
    show_board = True
    while True:
        position = history.position
        if show_board:
            say(textboard.render(position))
            say(position.summary() + ".")
            show_board = False
        prompt = (
            "game over> "
            if position.is_over
            else f"{position.to_move.title} ({position.to_move.symbol})> "
        )
        say(prompt, end="")
        flush_output()
        line = read_line()
        if line is None:  # the end of the input (Ctrl+D)
            say()
            return 0
        command = line.strip().lower()
        if not command:
            continue
        if command in ("quit", "exit", "q"):
            return 0
        if command in ("help", "?", "h"):
            say(TEXT_HELP)
        elif command == "board":
            show_board = True
        elif command == "legal":
            moves = position.legal_moves()
            say(" ".join(str(m) for m in moves) if moves else "No legal moves: the game is over.")
        elif command == "undo":
            show_board = history.undo()
            if not show_board:
                say("Nothing to undo.")
        elif command == "redo":
            show_board = history.redo()
            if not show_board:
                say("Nothing to redo.")
        else:
            try:
                after = history.play(line)
            except ValueError as error:
                say(f"Not played: {error}")
                continue
            mover = position.to_move
            say(f"{mover.title} played {history.moves[history.cursor - 1]}.")
            show_board = True
            if after.is_over:
                say(textboard.render(after))
                say(position_report(after).splitlines()[-1].removeprefix("Result: ") + "!")
                say("Type undo to take the move back, or quit.")
                show_board = False


__all__ = ["TEXT_HELP", "cmd_text"]
