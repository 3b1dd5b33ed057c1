"""Where everything on the board goes, for a given board rectangle.

Pure arithmetic (no pygame), computed once per window size.  Drawing and
hit-testing both read the same :class:`BoardLayout`, so a click always maps to the
hole that was drawn under it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ....engine.games.fireice.board import LINES
from ...toolkit.motion import Point

SQRT3 = math.sqrt(3.0)

#: Where the seven Fano points sit in a unit triangle with corners 0 (top),
#: 4 (bottom-left) and 6 (bottom-right): corners, edge midpoints and the centre.
#: Used for the islands on the board (A..G) and for the holes on an island (1..7).
_TOP: Point = (0.0, -1.0 / SQRT3)
_LEFT: Point = (-0.5, SQRT3 / 6)
_RIGHT: Point = (0.5, SQRT3 / 6)


def _mid(a: Point, b: Point) -> Point:
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


FANO_POINTS: tuple[Point, ...] = (
    _TOP,  # 1 / A
    _mid(_TOP, _LEFT),  # 2 / B
    _mid(_TOP, _RIGHT),  # 3 / C
    (0.0, 0.0),  # 4 / D, the centre
    _LEFT,  # 5 / E
    _mid(_LEFT, _RIGHT),  # 6 / F
    _RIGHT,  # 7 / G
)
#: Radius of the circle through points 2, 3 and 6 (the inscribed circle).
INCIRCLE = SQRT3 / 6


def straight_lines(points: tuple[Point, ...]) -> list[tuple[Point, Point]]:
    """The grooves of the lines of ``points`` (seven, placed as the holes of an island or
    the islands of the board) that are straight: each from one end of its line to the
    other.  The seventh line, whose three points are not in a row, is the circle."""
    grooves = []
    for line in LINES:
        a, b, c = (points[point] for point in line)
        # Three points are in a row when the triangle they make has no area.
        area = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        spread = max(abs(p[0] - q[0]) + abs(p[1] - q[1]) for p, q in ((a, b), (b, c), (a, c)))
        if abs(area) <= 0.01 * spread * spread:
            ends = sorted((a, b, c))
            grooves.append((ends[0], ends[2]))
    return grooves


# Proportions of the board, as fractions of the side of the big triangle of islands.
ISLAND_SIDE = 0.305  # side of a raised island
HOLE_SPREAD = 0.215  # side of the triangle through an island's corner holes
HOLE_RADIUS = 0.0205
PEG_RADIUS = 0.0275


@dataclass(frozen=True)
class BoardLayout:
    """Pixel geometry of the board drawn into ``rect`` (x, y, width, height)."""

    rect: tuple[int, int, int, int]
    side: float  # side of the big triangle through the island centres, in pixels
    centre: Point  # the centre of island D
    island_centres: tuple[Point, ...]
    island_corners: tuple[tuple[Point, Point, Point], ...]
    holes: tuple[Point, ...]  # 49 hole centres, index = island * 7 + hole
    hole_radius: float
    peg_radius: float
    pockets: tuple[tuple[int, int, int, int], tuple[int, int, int, int]]  # Fire's, Ice's

    @classmethod
    def fit(cls, rect: tuple[int, int, int, int]) -> BoardLayout:
        """The largest board that fits ``rect``, centred in it."""
        x, y, width, height = rect
        # The islands span 1 + ISLAND_SIDE sides across and (sqrt3/2 + ISLAND_SIDE*sqrt3/2)
        # down; leave a margin of wood around them.
        span_w = 1.0 + ISLAND_SIDE + 0.12
        span_h = (1.0 + ISLAND_SIDE) * SQRT3 / 2 + 0.12
        side = max(1.0, min(width / span_w, height / span_h))
        top_of_islands = -(1.0 / SQRT3 + ISLAND_SIDE / SQRT3)
        bottom_of_islands = SQRT3 / 6 + ISLAND_SIDE * SQRT3 / 6
        mid_y = (top_of_islands + bottom_of_islands) / 2
        cx = x + width / 2
        cy = y + height / 2 - mid_y * side
        centres = tuple((cx + px * side, cy + py * side) for px, py in FANO_POINTS)
        corners = tuple(
            tuple(
                (icx + vx * ISLAND_SIDE * side, icy + vy * ISLAND_SIDE * side)
                for vx, vy in (_TOP, _LEFT, _RIGHT)
            )
            for icx, icy in centres
        )
        holes = tuple(
            (icx + px * HOLE_SPREAD * side, icy + py * HOLE_SPREAD * side)
            for icx, icy in centres
            for px, py in FANO_POINTS
        )
        pocket_w = side * 0.36
        pocket_h = side * 0.12
        margin = side * 0.05
        top = y + margin
        fire_pocket = (int(x + margin), int(top), int(pocket_w), int(pocket_h))
        ice_pocket = (int(x + width - margin - pocket_w), int(top), int(pocket_w), int(pocket_h))
        return cls(
            rect=rect,
            side=side,
            centre=centres[3],
            island_centres=centres,
            island_corners=corners,  # type: ignore[arg-type]
            holes=holes,
            hole_radius=HOLE_RADIUS * side,
            peg_radius=PEG_RADIUS * side,
            pockets=(fire_pocket, ice_pocket),
        )

    def hole_at(self, pos: tuple[float, float]) -> int | None:
        """The hole under the pixel ``pos`` (within a peg's reach of its centre), if any."""
        px, py = pos
        reach = (self.peg_radius * 1.35) ** 2
        best, best_d = None, reach
        for hole, (hx, hy) in enumerate(self.holes):
            d = (hx - px) ** 2 + (hy - py) ** 2
            if d <= best_d:
                best, best_d = hole, d
        return best
