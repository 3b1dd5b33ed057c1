"""``fireice text``: two-player Fire & Ice at one terminal.

The game talks to the players through a :class:`~...command_line.Terminal` the command line
gives it (its standard streams: bounded reading, output errors reported in one line),
so this module needs nothing but the rules.  :data:`TEXT` describes the command.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from ...command_line import Option, Terminal, TerminalCommand
from ...interface import History
from . import textboard
from .board import HOLE_NAMES
from .formats import position_report
from .rules import MAX_HANDICAP, Color, Position, random_handicap

TEXT_HELP = """\
Type a move as FROM-TO, like D4-C4: move one of your pegs to an empty hole on
the same island, or to the same hole number on another island. Your opponent's
peg then goes into the hole you left. Control an island with three pegs on one
of its lines; win with three islands on one line.
Commands: help, legal (list your legal moves), undo, redo, board, quit."""


def handicap_count(text: str) -> int:
    """``--handicap N``'s value: 1 to :data:`~.rules.MAX_HANDICAP` pegs, else ``ValueError``."""
    try:
        count = int(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a number of pegs") from None
    if not 1 <= count <= MAX_HANDICAP:
        raise ValueError(f"a handicap is 1 to {MAX_HANDICAP} pegs, not {count}")
    return count


def check_text_options(values: Mapping[str, Any]) -> str | None:
    """The mistake in ``fireice text``'s options, if any: a seed without a handicap."""
    if values["handicap"] is None and values["seed"] is not None:
        return "--seed only applies with --handicap N"
    return None


def play_text(values: Mapping[str, Any], terminal: Terminal) -> int:
    """Play until ``quit`` or the end of the input; the exit status."""
    show = terminal.show
    side = Color.parse(values["side"])
    holes: tuple[int, ...] = ()
    intro = "Fire & Ice: two players at one terminal. Type help for the rules in brief."
    if values["handicap"] is not None:
        seed = values["seed"] if values["seed"] is not None else random.randrange(1_000_000)
        holes = random_handicap(values["handicap"], seed)
        names = ",".join(HOLE_NAMES[h] for h in holes)
        intro += f"\nHandicap: {side.title} starts with extra pegs on {names} (seed {seed})."
    history = History(Position.start(holes, side))
    show(intro)
    show_board = True
    while True:
        position = history.position
        if show_board:
            show(textboard.render(position))
            show(position.summary() + ".")
            show_board = False
        prompt = (
            "game over> "
            if position.is_over
            else f"{position.to_move.title} ({position.to_move.symbol})> "
        )
        show(prompt, end="")
        terminal.flush()
        line = terminal.read_line()
        if line is None:  # the end of the input (Ctrl+D)
            show()
            return 0
        command = line.strip().lower()
        if not command:
            continue
        if command in ("quit", "exit", "q"):
            return 0
        if command in ("help", "?", "h"):
            show(TEXT_HELP)
        elif command == "board":
            show_board = True
        elif command == "legal":
            moves = position.legal_moves()
            show(" ".join(str(m) for m in moves) if moves else "No legal moves: the game is over.")
        elif command == "undo":
            show_board = history.undo()
            if not show_board:
                show("Nothing to undo.")
        elif command == "redo":
            show_board = history.redo()
            if not show_board:
                show("Nothing to redo.")
        else:
            try:
                after = history.play(line)
            except ValueError as error:
                show(f"Not played: {error}")
                continue
            mover = position.to_move
            show(f"{mover.title} played {history.moves[history.cursor - 1]}.")
            show_board = True
            if after.is_over:
                show(textboard.render(after))
                show(position_report(after).splitlines()[-1].removeprefix("Result: ") + "!")
                show("Type undo to take the move back, or quit.")
                show_board = False


#: ``--handicap N``: extra pegs at random for the side ``--side`` names.
HANDICAP_COUNT: Final = Option(
    "--handicap",
    "handicap",
    f"give one side N extra pegs (1 to {MAX_HANDICAP}) at random",
    metavar="N",
    parse=handicap_count,
)

#: ``fireice online host``'s set-up flags: ``--handicap N [--side S]`` as in ``text``.
INVITE_OPTIONS: Final = (
    HANDICAP_COUNT,
    Option(
        "--side",
        "handicap_side",
        "the side that gets the handicap pegs (default fire)",
        choices=("fire", "ice"),
    ),
)


def invite_values(values: Mapping[str, Any]) -> dict[str, Any]:
    """``--handicap N --side S`` as the set-up options' values: N holes placed at random
    for S (``ValueError`` for ``--side`` without ``--handicap``)."""
    count, side = values.get("handicap"), values.get("handicap_side")
    if count is None:
        if side is not None:
            raise ValueError("--side only applies with --handicap N")
        return {"handicap_at": None, "side": "fire"}
    holes = random_handicap(count, random.randrange(1_000_000))
    return {"handicap_at": ",".join(HOLE_NAMES[h] for h in holes), "side": side or "fire"}


#: ``fireice text``: its help, its options, the check of their combination, the game.
TEXT: Final = TerminalCommand(
    "text",
    "play two-player Fire & Ice in the terminal",
    (
        HANDICAP_COUNT,
        Option(
            "--seed",
            "seed",
            "seed for the random handicap, to repeat a set-up",
            metavar="S",
            parse=int,
        ),
        Option(
            "--side",
            "side",
            "the side that gets the handicap pegs (default fire)",
            default="fire",
            choices=("fire", "ice"),
        ),
    ),
    play_text,
    check_text_options,
)

__all__ = [
    "INVITE_OPTIONS",
    "TEXT",
    "TEXT_HELP",
    "check_text_options",
    "handicap_count",
    "invite_values",
    "play_text",
]
