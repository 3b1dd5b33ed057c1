"""Where everything on Icebreaker's sea goes, for a given board rectangle.

Pure arithmetic (no pygame), computed once per window size and board side, like
:class:`~.layout.BoardLayout`: drawing and hit-testing read the same layout.  Cells
are pointy-topped hexagons in horizontal rows; the board is a flat-topped hexagon.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ....engine.games.icebreaker.board import Cell, HexBoard
from ...toolkit.motion import Point

SQRT3 = math.sqrt(3.0)
FRAME = 1.25  # the rim of the board beyond the outer cells, in cell radii


@dataclass(frozen=True)
class HexLayout:
    """Pixel geometry of the side-``size`` sea drawn into ``rect`` (x, y, width, height)."""

    rect: tuple[int, int, int, int]
    size: int
    radius: float  # centre to corner of one cell
    centre: Point
    holes: dict[Cell, Point]  # cell centres (named like the Fire & Ice layout's holes)
    frame: tuple[Point, ...]  # the six corners of the board's outline
    hole_radius: float  # a cell's inner radius: a click this close picks the cell
    peg_radius: float  # half the size of a ship

    @classmethod
    def fit(cls, rect: tuple[int, int, int, int], size: int) -> HexLayout:
        """The largest board of side ``size`` that fits ``rect``, centred in it."""
        x, y, width, height = rect
        board = HexBoard.of(size)
        n = size
        span_w = (2 * n - 1) * SQRT3 + 2 * FRAME * SQRT3
        span_h = (3 * n - 1) + 2 * FRAME * 1.2
        radius = max(1.0, min(width / span_w, height / span_h))
        cx, cy = x + width / 2, y + height / 2
        w = SQRT3 * radius
        holes = {}
        for cell in board.cells:
            r, q = divmod(cell, board.width)
            holes[cell] = (
                cx + (q + r / 2 - 1.5 * (n - 1)) * w,
                cy + (r - (n - 1)) * 1.5 * radius,
            )
        # The outline: the six corner cells pushed out from the centre by the rim.
        corners = (
            board.rows[0][0],
            board.rows[0][-1],
            board.rows[n - 1][-1],
            board.rows[-1][-1],
            board.rows[-1][0],
            board.rows[n - 1][0],
        )
        frame = []
        for cell in corners:
            px, py = holes[cell]
            dx, dy = px - cx, py - cy
            distance = math.hypot(dx, dy) or 1.0
            grow = (distance + FRAME * radius * 1.18) / distance
            frame.append((cx + dx * grow, cy + dy * grow))
        return cls(
            rect=rect,
            size=size,
            radius=radius,
            centre=(cx, cy),
            holes=holes,
            frame=tuple(frame),
            hole_radius=radius * SQRT3 / 2,
            peg_radius=radius * 0.78,
        )

    def hole_at(self, pos: tuple[float, float]) -> Cell | None:
        """The cell under the pixel ``pos``, if any."""
        px, py = pos
        best, best_d = None, self.radius**2
        for cell, (hx, hy) in self.holes.items():
            d = (hx - px) ** 2 + (hy - py) ** 2
            if d < best_d:
                best, best_d = cell, d
        return best


__all__ = ["HexLayout"]
