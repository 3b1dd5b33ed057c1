"""How the ``fireice`` command offers Icebreaker (see :class:`~...command_line.CommandLine`):
``icebreaker show``, ``icebreaker ai-move`` and ``icebreaker match``, each with the
board's side as ``--size N``; and the side ``--screenshot --scene icebreaker --size N``
draws."""

from __future__ import annotations

from typing import Final

from ...command_line import CommandLine, Generic, Option, ShotScene
from .board import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, check_size


def board_size(text: str) -> int:
    """``--size N``'s value: a board side this game plays, else ``ValueError``."""
    try:
        return check_size(int(text))
    except ValueError:
        raise ValueError(
            f"{text!r} is not a board size: Icebreaker boards have side {MIN_SIZE} to {MAX_SIZE}"
        ) from None


#: ``--size N``: the board's side, the set-up the moves are played from.
SIZE_OPTION: Final = Option(
    "--size",
    "board_size",
    f"the board's side, {MIN_SIZE} to {MAX_SIZE} (default {DEFAULT_SIZE})",
    metavar="N",
    default=DEFAULT_SIZE,
    parse=board_size,
)

#: Icebreaker's commands, under ``icebreaker``.
ICEBREAKER_COMMANDS: Final = CommandLine(
    group="icebreaker",
    help="Icebreaker, Mark Steere's game of ships",
    commands=(Generic("show"), Generic("ai-move"), Generic("match")),
    setup_options=(SIZE_OPTION,),
    moves_help="moves from the start, like a1-b2",
    match_sides=("red", "black"),
    match_example="a1-b2",
    scene=ShotScene("icebreaker", board_sides=(MIN_SIZE, MAX_SIZE), check_board=check_size),
)

__all__ = ["ICEBREAKER_COMMANDS", "SIZE_OPTION", "board_size"]
