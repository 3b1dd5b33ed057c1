"""Where the islands' letters (A to G) go on the board and in the Rules drawings: beside
each island, on bare wood, touching no island, no line engraved between the islands, no
tray and not the board's edge (:func:`letter_boxes`).

Pure arithmetic over a :class:`~.layout.BoardLayout` and the letters' sizes, so that the
board's burnt letters and the Rules drawings' letters are placed alike at every size.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ...toolkit.motion import Point
from .layout import INCIRCLE, BoardLayout, straight_lines

#: A box: x, y, width, height (window pixels, fractions allowed).
Box = tuple[float, float, float, float]

#: The directions tried from an island's centre, in the order they are preferred, in
#: degrees clockwise from the right on the screen (90 is straight below): below the
#: island, as on the boxed board, else beside it, else at a corner.
DIRECTIONS = (90, 0, 180, 60, 120, 30, 150, 330, 210, 300, 240, 270)


def line_width(layout: BoardLayout) -> int:
    """The width of the grooves engraved between the islands (as :mod:`.board_art` draws
    them, with their light edge one pixel down and right)."""
    return max(2, int(layout.side * 0.006))


def board_lines(layout: BoardLayout) -> list[tuple[Point, Point]]:
    """The six straight lines engraved between the islands, end to end."""
    return straight_lines(layout.island_centres)


def keep_out(layout: BoardLayout, pockets: bool) -> list[Box]:
    """The trays, with their counts beside them and their names under them."""
    if not pockets:
        return []
    boxes = []
    for x, y, w, h in layout.pockets:
        boxes.append((x - h * 0.8, y, w + h * 1.6, h * 1.7))
    return boxes


def letter_boxes(
    layout: BoardLayout,
    sizes: Sequence[tuple[float, float]],
    pockets: bool = True,
    outward: bool = False,
) -> tuple[Box, ...]:
    """For each island, the box of its letter (``sizes``: each letter's width and height
    as drawn): the first of :data:`DIRECTIONS` where the box, nearest the island, is clear
    of every island, line and tray (``pockets``: the board has them) and inside the board;
    ``outward`` tries first the side away from the middle of the board (a drawing's large
    letters, which find no room below the bottom islands).  Where none is clear (a board
    too small to matter), below the island."""
    side = layout.side
    gap = max(2.0, side * 0.009)  # room left between a letter and what it must not touch
    bx, by, bw, bh = layout.rect
    edge = max(3, int(side * 0.018))  # the board's bevelled edge
    inside = (bx + edge, by + edge, bw - 2 * edge, bh - 2 * edge)
    islands = layout.island_corners
    lines = board_lines(layout)
    reach = line_width(layout) / 2 + 1 + gap
    circle = (layout.centre, INCIRCLE * side)
    trays = keep_out(layout, pockets)

    def clear(box: Box) -> bool:
        if not within(box, inside):
            return False
        if any(overlaps_triangle(box, corners, gap) for corners in islands):
            return False
        if any(segment_distance(box, a, b) < reach for a, b in lines):
            return False
        if ring_touches(box, circle[0], circle[1], reach):
            return False
        return not any(overlaps(box, tray) for tray in trays)

    found: list[Box] = []
    for island, (cx, cy) in enumerate(layout.island_centres):
        w, h = sizes[island]
        corners = islands[island]
        chosen = None
        directions = DIRECTIONS
        if outward:
            away = 180 if cx < layout.centre[0] - 1 else 0
            directions = (away, *(d for d in DIRECTIONS if d != away))
        for degrees in directions:
            dx, dy = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
            box = _nearest(cx, cy, dx, dy, w, h, corners, gap, side)
            if clear(box):
                chosen = box
                break
        if chosen is None:
            chosen = _nearest(cx, cy, 0.0, 1.0, w, h, corners, gap, side)
        found.append(chosen)
    return tuple(found)


def _nearest(
    cx: float,
    cy: float,
    dx: float,
    dy: float,
    w: float,
    h: float,
    corners: tuple[Point, Point, Point],
    gap: float,
    side: float,
) -> Box:
    """The box of size ``w`` x ``h`` nearest the island's centre along ``(dx, dy)`` that
    stays ``gap`` clear of the island's triangle (found by halving: a box moving out
    from inside a triangle leaves it once and for all)."""

    def box_at(distance: float) -> Box:
        return (cx + dx * distance - w / 2, cy + dy * distance - h / 2, w, h)

    near, far = 0.0, side + w + h
    while far - near > 0.25:
        middle = (near + far) / 2
        if overlaps_triangle(box_at(middle), corners, gap):
            near = middle
        else:
            far = middle
    return box_at(far)


# --- geometry -------------------------------------------------------------------------


def within(box: Box, area: Box) -> bool:
    x, y, w, h = box
    ax, ay, aw, ah = area
    return x >= ax and y >= ay and x + w <= ax + aw and y + h <= ay + ah


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def overlaps_triangle(box: Box, corners: tuple[Point, Point, Point], gap: float) -> bool:
    """Whether ``box`` comes within ``gap`` of the triangle (separating axes)."""
    x, y, w, h = box
    quad = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
    axes = [(1.0, 0.0), (0.0, 1.0)]
    for i in range(3):
        (ax, ay), (bx, by) = corners[i], corners[(i + 1) % 3]
        length = math.hypot(bx - ax, by - ay) or 1.0
        axes.append((-(by - ay) / length, (bx - ax) / length))
    for nx, ny in axes:
        box_side = [px * nx + py * ny for px, py in quad]
        tri_side = [px * nx + py * ny for px, py in corners]
        if min(box_side) >= max(tri_side) + gap or min(tri_side) >= max(box_side) + gap:
            return False
    return True


def point_distance(box: Box, point: Point) -> float:
    """How far ``point`` is from ``box`` (0 inside it)."""
    x, y, w, h = box
    dx = max(x - point[0], 0.0, point[0] - (x + w))
    dy = max(y - point[1], 0.0, point[1] - (y + h))
    return math.hypot(dx, dy)


def segment_distance(box: Box, a: Point, b: Point) -> float:
    """How far the segment ``a``-``b`` comes to ``box`` (0 when it crosses it)."""
    x, y, w, h = box
    corners = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
    if _crosses(box, a, b):
        return 0.0
    nearest = min(point_distance(box, a), point_distance(box, b))
    for corner in corners:
        nearest = min(nearest, _point_to_segment(corner, a, b))
    return nearest


def _crosses(box: Box, a: Point, b: Point) -> bool:
    """Whether the segment ``a``-``b`` enters ``box`` (Liang-Barsky clipping)."""
    x, y, w, h = box
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - x), (dx, x + w - a[0]), (-dy, a[1] - y), (dy, y + h - a[1])):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def _point_to_segment(point: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / length
    t = max(0.0, min(1.0, t))
    return math.hypot(point[0] - (a[0] + t * dx), point[1] - (a[1] + t * dy))


def ring_touches(box: Box, centre: Point, radius: float, reach: float) -> bool:
    """Whether the circle of ``radius`` round ``centre`` comes within ``reach`` of ``box``."""
    x, y, w, h = box
    near = point_distance(box, centre)
    far = max(math.hypot(px - centre[0], py - centre[1]) for px in (x, x + w) for py in (y, y + h))
    return near <= radius + reach and far >= radius - reach


__all__ = [
    "DIRECTIONS",
    "board_lines",
    "letter_boxes",
    "line_width",
    "overlaps_triangle",
    "ring_touches",
    "segment_distance",
]
