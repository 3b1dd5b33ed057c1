"""Icebreaker's text board: the hexagon row by row, as ``fireice icebreaker show`` prints it."""

from __future__ import annotations

from .rules import IcebreakerPosition


def render(position: IcebreakerPosition) -> str:
    """The position as a text board: the hexagon row by row, ``R``/``B`` ships, ``*``
    icebergs, ``.`` open water, with row letters on the left."""
    board = position.board
    lines = []
    for r, row in enumerate(board.rows):
        indent = " " * (2 * board.size - 1 - len(row))
        marks = []
        for cell in row:
            side = position.color_at(cell)
            if side is not None:
                marks.append(side.symbol)
            elif position.has_iceberg(cell):
                marks.append("*")
            else:
                marks.append(".")
        lines.append(f"{chr(ord('a') + r)}  {indent}{' '.join(marks)}")
    return "\n".join(lines)


__all__ = ["render"]
