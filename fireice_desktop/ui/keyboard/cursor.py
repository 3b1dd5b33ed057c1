"""The keyboard's cursor on a board: a cell moved by the arrow keys over the holes or
cells as they are laid out on screen, and its mark.

Pure geometry (:func:`step_towards`) picks the hole an arrow leads to, from the same
centres the board is drawn with.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import pygame

from ..toolkit.motion import Point
from .keys import EDGE, INK

#: How far from an arrow's direction a hole may lie and still be reached by it.
CONE = math.radians(60)
#: How much worse a hole at the edge of the cone scores than one straight ahead, at the
#: same distance: a neighbour at 30 degrees still beats a hole twice as far straight on.
ANGLE_PENALTY = 0.5
#: The cost of drifting sideways from where a run of Up/Down (or Left/Right) presses
#: started, per pixel: on the hex board, Up then goes up-left and up-right in turn.
DRIFT_PENALTY = 0.25


def step_towards(
    centres: Mapping[int, Point],
    start: int,
    direction: tuple[int, int],
    goal: float | None = None,
) -> int | None:
    """The hole an arrow pointing ``direction`` leads to from ``start``, or ``None``.

    Of the holes whose direction from ``start`` lies within :data:`CONE` of the arrow,
    the nearest, counting an angle off the arrow as extra distance; ``goal`` is the
    coordinate across the arrow (x for Up and Down) the run of presses started at, and
    drifting from it costs a little too.  Ties go to the hole first in board order.
    """
    sx, sy = centres[start]
    dx, dy = direction
    best: tuple[float, int] | None = None
    for cell, (x, y) in centres.items():
        vx, vy = x - sx, y - sy
        distance = math.hypot(vx, vy)
        if cell == start or distance < 1e-9:
            continue
        angle = math.acos(max(-1.0, min(1.0, (vx * dx + vy * dy) / distance)))
        if angle > CONE + 1e-6:
            continue
        score = distance * (1 + ANGLE_PENALTY * angle / CONE)
        if goal is not None:
            score += DRIFT_PENALTY * abs((x if dx == 0 else y) - goal)
        if best is None or (score, cell) < best:
            best = (score, cell)
    return None if best is None else best[1]


def nearest(centres: Mapping[int, Point], point: Point) -> int | None:
    """The hole whose centre is nearest ``point``."""
    return min(
        centres,
        key=lambda cell: math.dist(centres[cell], point),
        default=None,
    )


def centres_of(layout: Any) -> dict[int, Point]:
    """The hole or cell centres of a board layout, by cell: Fire & Ice's layout keeps a
    tuple of 49 holes, Icebreaker's a dict from cell to centre."""
    holes = layout.holes
    return dict(holes.items()) if isinstance(holes, Mapping) else dict(enumerate(holes))


class BoardCursor:
    """Where the keyboard is on a board: a cell, shown once a key has moved it."""

    def __init__(self) -> None:
        self.cell: int | None = None
        self.shown = False
        self._axis: int | None = None  # 0 for Left/Right runs, 1 for Up/Down runs
        self._goal: float | None = None

    @property
    def visible(self) -> int | None:
        """The cell to draw the cursor on, if it is shown."""
        return self.cell if self.shown else None

    def place(self, cell: int | None) -> None:
        """Put the cursor on ``cell`` and show it."""
        self.cell = cell
        self.shown = cell is not None
        self._axis = self._goal = None

    def hide(self) -> None:
        """Stop drawing the cursor (it remembers its cell)."""
        self.shown = False

    def arrow(self, direction: tuple[int, int], centres: Mapping[int, Point]) -> bool:
        """Move one step ``direction``; ``False`` if no hole lies that way."""
        if self.cell is None or self.cell not in centres:
            return False
        axis = 1 if direction[0] == 0 else 0
        here = centres[self.cell]
        if axis != self._axis:
            self._axis = axis
            self._goal = here[0] if axis == 1 else here[1]
        found = step_towards(centres, self.cell, direction, self._goal)
        if found is None:
            return False
        self.cell = found
        return True


def draw_cursor(surface: pygame.Surface, centre: Point, radius: float) -> pygame.Rect:
    """The board cursor: a white ring with a dark edge and four ticks pointing in, a
    little wider than a peg, so that it shows on pegs, empty holes and the sea alike.
    Returns the part of ``surface`` it drew in."""
    width = max(2, round(radius * 0.12))
    x, y = centre
    tick = radius * 0.45
    drawn = pygame.Rect(round(x), round(y), 0, 0)
    for colour, grow in ((EDGE, 2), (INK, 0)):
        drawn.union_ip(
            pygame.draw.circle(surface, colour, (x, y), radius + grow // 2, width + grow)
        )
        for ux, uy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            outer = (x + ux * (radius + tick), y + uy * (radius + tick))
            inner = (x + ux * (radius - width / 2), y + uy * (radius - width / 2))
            drawn.union_ip(pygame.draw.line(surface, colour, outer, inner, width + grow))
    return drawn


__all__ = [
    "ANGLE_PENALTY",
    "CONE",
    "DRIFT_PENALTY",
    "BoardCursor",
    "centres_of",
    "draw_cursor",
    "nearest",
    "step_towards",
]
