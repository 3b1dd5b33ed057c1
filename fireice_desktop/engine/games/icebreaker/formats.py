"""Icebreaker as the command line prints it: JSON and report lines.

``fireice icebreaker show --json`` is a contract other programs read; keep its keys
and wording exactly.
"""

from __future__ import annotations

from typing import Any

from .rules import IcebreakerPosition


def icebreaker_json(position: IcebreakerPosition) -> dict[str, Any]:
    """The ``fireice icebreaker show --json`` object."""
    board = position.board
    winner = position.winner

    def names(cells: int) -> list[str]:
        return [board.name(cell) for cell in board.cells_of(cells)]

    return {
        "size": position.size,
        "to_move": None if winner is not None else position.to_move.key,
        "ships": {"red": names(position.red), "black": names(position.black)},
        "icebergs": names(position.icebergs),
        "score": {"red": position.red_score, "black": position.black_score},
        "legal_moves": sorted(str(m) for m in position.legal_moves()),
        "result": winner.key if winner is not None else None,
    }


def icebreaker_report(position: IcebreakerPosition) -> str:
    """The text that ``fireice icebreaker show`` prints under the board."""
    winner = position.winner
    target = position.board.target
    lines = [
        "To move: "
        + ("nobody, the game is over" if winner is not None else position.to_move.title),
        f"Score: Red {position.red_score}, Black {position.black_score} (first to {target})",
        f"Icebergs left: {position.icebergs.bit_count()}",
        "Result: " + (f"{winner.title} wins" if winner is not None else "none yet"),
    ]
    return "\n".join(lines)


__all__ = ["icebreaker_json", "icebreaker_report"]
