"""Fire & Ice and its solitaire as the command line prints them: JSON and report lines.

These texts are contracts other programs read (``fireice show --json``,
``fireice solitaire show --json``); keep their keys and wording exactly.
"""

from __future__ import annotations

from typing import Any

from . import textboard
from .board import HOLE_NAMES, ISLANDS
from .rules import Color, Position, describe_islands
from .solitaire import SolitairePosition


def board_json(fire: int, ice: int) -> dict[str, str]:
    """The occupied holes by name, each ``"fire"`` or ``"ice"``."""
    board = {}
    for hole, name in enumerate(HOLE_NAMES):
        if fire >> hole & 1:
            board[name] = "fire"
        elif ice >> hole & 1:
            board[name] = "ice"
    return board


def position_json(position: Position) -> dict[str, Any]:
    """The ``fireice show --json`` object for a two-player position."""
    winner = position.winner
    return {
        "to_move": None if winner is not None else position.to_move.key,
        "board": board_json(position.fire, position.ice),
        "supply": {"fire": position.fire_supply, "ice": position.ice_supply},
        "control": {
            ISLANDS[i]: (c.key if (c := position.controller(i)) is not None else None)
            for i in range(7)
        },
        "result": winner.key if winner is not None else None,
        "legal_moves": sorted(str(m) for m in position.legal_moves()),
    }


def solitaire_json(deal: int, position: SolitairePosition) -> dict[str, Any]:
    """The ``fireice solitaire show --json`` object."""
    over = position.is_over
    to_move = None if over else (position.to_move.key if position.to_move is not None else "either")
    return {
        "deal": deal,
        "board": board_json(position.fire, position.ice),
        "to_move": to_move,
        "legal_moves": sorted(str(m) for m in position.legal_moves()) if not over else [],
        "pegs_left": position.pegs_left,
        "result": position.result,
    }


def position_report(position: Position) -> str:
    """The text that ``fireice show`` prints under the board."""
    winner = position.winner
    lines = [
        "To move: "
        + ("nobody, the game is over" if winner is not None else position.to_move.title),
        f"Fire controls: {describe_islands(position.control(Color.FIRE))}",
        f"Ice controls: {describe_islands(position.control(Color.ICE))}",
    ]
    won = position.winning_line()
    if won is not None:
        color, islands = won
        letters = ", ".join(ISLANDS[i] for i in islands)
        lines.append(f"Result: {color.title} wins with islands {letters}")
    elif winner is not None:
        lines.append(f"Result: {winner.title} wins ({position.to_move.title} has no legal move)")
    else:
        lines.append("Result: none yet")
    return "\n".join(lines)


def solitaire_board(position: SolitairePosition) -> str:
    """The solitaire position drawn in pbmserv's layout, with red and aqua peg counts."""
    counts = (position.fire.bit_count(), position.ice.bit_count())
    return textboard.render_pegs(position.fire, position.ice, counts, ("RED", "AQUA"))


__all__ = [
    "board_json",
    "position_json",
    "position_report",
    "solitaire_board",
    "solitaire_json",
]
