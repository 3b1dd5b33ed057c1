"""Marks every game draws over its board: the hint's arrow between two cells, with rings
round both ends, in the hint's green or the gold of a move played; and the last move's
trail, a quieter arrow under the pegs that stays until the next move."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import pygame

HINT_COLOUR = (150, 240, 120)  # apart from the gold of the last move's marks
PLAYED_COLOUR = (250, 200, 90)  # an analysed game's move played, beside the better one in green
HINT_OUTLINE = (30, 40, 10)
#: The dark edge round a short move's trail and its rings, so that they show on light wood.
TRAIL_EDGE = (60, 30, 8)


Point = tuple[float, float]


def _arrow_points(
    a: Point, b: Point, ring: float, head: float, spread: float
) -> tuple[Point, Point, Point, Point, Point]:
    """An arrow from ``a`` to ``b`` clear of rings of radius ``ring`` round both: where its
    shaft starts, where its head's base is, and its head's tip and two back corners
    (``spread`` times the head's length out from the shaft)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    start = (a[0] + ux * ring, a[1] + uy * ring)
    tip = (b[0] - ux * ring, b[1] - uy * ring)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    left = (base[0] - uy * head * spread, base[1] + ux * head * spread)
    right = (base[0] + uy * head * spread, base[1] - ux * head * spread)
    return start, base, tip, left, right


def draw_arrow(
    surface: pygame.Surface,
    a: tuple[float, float],
    b: tuple[float, float],
    radius: float,
    colour: tuple[int, int, int] = HINT_COLOUR,
) -> None:
    """A hint: rings round the peg at ``a`` and the hole at ``b``, and an arrow between.

    The rings keep a hint plain when the two holes sit side by side on one island,
    where the arrow itself is short.
    """
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    ring = radius * 1.3
    ring_width = max(2, int(radius * 0.2))
    width = max(3, int(radius * 0.35))
    gap = length - 2 * ring
    head = min(radius * 0.9, gap * 0.9)
    start, base, tip, left, right = _arrow_points(a, b, ring, head, 0.6)
    for paint, grow in ((HINT_OUTLINE, 2), (colour, 0)):
        for centre in (a, b):
            pygame.draw.circle(surface, paint, centre, ring + grow / 2, ring_width + grow)
        if gap <= radius * 0.3:
            continue  # touching rings say it all
        if gap > head:
            pygame.draw.line(surface, paint, start, base, width + grow)
        pygame.draw.polygon(surface, paint, [tip, left, right])
        if grow:
            pygame.draw.polygon(surface, paint, [tip, left, right], grow)


def draw_trail(
    surface: pygame.Surface,
    a: tuple[float, float],
    b: tuple[float, float],
    radius: float,
    colour: tuple[int, int, int],
    within: Sequence[Point] = (),
) -> None:
    """The last move: a translucent arrow from the hole at ``a`` to the one at ``b``,
    clear of the pegs' rings (``radius``: a peg's), drawn under the pegs.  A move that
    stays ``within`` a group of holes (one island's), short and on light wood, gets a
    bold arrow edged in dark wood, bent round beside the two holes where they are too
    near for one between them, on the side away from the group's other holes."""
    if not within:
        made = _trail(a, b, radius, colour)
    elif math.dist(a, b) - 2 * radius * 1.32 > radius * 1.5:
        made = _trail(a, b, radius, colour, bold=True)
    else:
        made = _bent_trail(a, b, radius, colour, _away_side(a, b, radius, within))
    if made is not None:
        layer, corner = made
        surface.blit(layer, corner)


#: How far a bent trail's middle stands from the line between its holes, in rings and
#: pegs' radii.
BENT_RINGS, BENT_RADII = 1.0, 1.7


def _bend(a: Point, b: Point, radius: float, side: int) -> tuple[Point, Point, Point]:
    """A bent trail's start (on the ring round ``a``), its end (on the ring round ``b``)
    and its curve's control point, bent to ``side`` (1 or -1) of the line from a to b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    nx, ny = -uy * side, ux * side
    ring = radius * 1.32
    turn = math.radians(70)
    along, out = math.cos(turn) * ring, math.sin(turn) * ring
    start = (a[0] + ux * along + nx * out, a[1] + uy * along + ny * out)
    end = (b[0] - ux * along + nx * out, b[1] - uy * along + ny * out)
    rise = ring * BENT_RINGS + radius * BENT_RADII
    apex = ((a[0] + b[0]) / 2 + nx * rise, (a[1] + b[1]) / 2 + ny * rise)
    control = (
        2 * apex[0] - (start[0] + end[0]) / 2,
        2 * apex[1] - (start[1] + end[1]) / 2,
    )
    return start, end, control


def _away_side(a: Point, b: Point, radius: float, others: Sequence[Point]) -> int:
    """The side of the line from ``a`` to ``b`` whose bent trail passes farther from the
    ``others`` holes (the first, 1, when both are alike)."""
    best, best_room = 1, -1.0
    for side in (1, -1):
        start, end, control = _bend(a, b, radius, side)
        curve = [_bezier(start, control, end, k / 8) for k in range(9)]
        room = min(
            (math.dist(p, o) for p in curve for o in others if o != a and o != b),
            default=0.0,
        )
        if room > best_room + 1e-6:
            best, best_room = side, room
    return best


def _bezier(p0: Point, c: Point, p1: Point, t: float) -> Point:
    u = 1 - t
    return (
        u * u * p0[0] + 2 * u * t * c[0] + t * t * p1[0],
        u * u * p0[1] + 2 * u * t * c[1] + t * t * p1[1],
    )


@lru_cache(maxsize=8)
def _bent_trail(
    a: Point, b: Point, radius: float, colour: tuple[int, int, int], side: int
) -> tuple[pygame.Surface, tuple[int, int]]:
    """A bent trail's layer and where its corner goes (see :func:`draw_trail`)."""
    start, end, control = _bend(a, b, radius, side)
    width = max(3, int(radius * 0.26))
    head = radius * 0.9
    curve = [_bezier(start, control, end, k / 24) for k in range(25)]
    tx, ty = end[0] - control[0], end[1] - control[1]
    tangent = math.hypot(tx, ty) or 1.0
    ux, uy = tx / tangent, ty / tangent
    base = (end[0] - ux * head, end[1] - uy * head)
    spread = head * 0.6
    left = (base[0] - uy * spread, base[1] + ux * spread)
    right = (base[0] + uy * spread, base[1] - ux * spread)
    shaft = [p for p in curve if math.dist(p, end) > head * 0.8]
    shaft.append(base)
    points = [*curve, left, right]
    margin = width + 4
    x0 = int(min(p[0] for p in points)) - margin
    y0 = int(min(p[1] for p in points)) - margin
    x1 = int(max(p[0] for p in points)) + margin
    y1 = int(max(p[1] for p in points)) + margin
    layer = pygame.Surface((x1 - x0 + 1, y1 - y0 + 1), pygame.SRCALPHA)

    def local(point: Point) -> Point:
        return (point[0] - x0, point[1] - y0)

    edge = max(2, round(radius * 0.1))
    for paint, grow in (((*TRAIL_EDGE, 200), edge), ((*colour, 235), 0)):
        pygame.draw.lines(layer, paint, False, [local(p) for p in shaft], width + grow)
        for p in (shaft[0], shaft[-1]):  # round ends where the segments meet
            pygame.draw.circle(layer, paint, local(p), (width + grow) / 2)
        triangle = [local(end), local(left), local(right)]
        pygame.draw.polygon(layer, paint, triangle)
        if grow:
            pygame.draw.polygon(layer, paint, triangle, grow)
    return layer, (x0, y0)


@lru_cache(maxsize=8)
def _trail(
    a: Point, b: Point, radius: float, colour: tuple[int, int, int], bold: bool = False
) -> tuple[pygame.Surface, tuple[int, int]] | None:
    """The trail's translucent layer and where its corner goes (made once for a move, not
    for every frame it stays); ``None`` for holes side by side, where the rings say it.
    ``bold``: wider, nearly opaque and edged in dark wood (a short move's)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    ring = radius * 1.32
    gap = length - 2 * ring
    if gap <= radius * 0.5:
        return None
    width = max(3, int(radius * 0.26)) if bold else max(2, int(radius * 0.22))
    head = min(radius * (0.9 if bold else 0.7), gap * 0.6)
    start, base, tip, left, right = _arrow_points(a, b, ring, head, 0.55)
    margin = int(head + width + 2)
    x0 = int(min(a[0], b[0])) - margin
    y0 = int(min(a[1], b[1])) - margin
    layer = pygame.Surface(
        (int(abs(dx)) + 2 * margin + 1, int(abs(dy)) + 2 * margin + 1), pygame.SRCALPHA
    )

    def local(point: Point) -> Point:
        return (point[0] - x0, point[1] - y0)

    edge = max(2, round(radius * 0.1))
    paints = (((*TRAIL_EDGE, 200), edge), ((*colour, 235), 0)) if bold else (((*colour, 170), 0),)
    for paint, grow in paints:
        pygame.draw.line(layer, paint, local(start), local(base), width + grow)
        triangle = [local(tip), local(left), local(right)]
        pygame.draw.polygon(layer, paint, triangle)
        if grow:
            pygame.draw.polygon(layer, paint, triangle, grow)
    return layer, (x0, y0)


__all__ = ["HINT_COLOUR", "HINT_OUTLINE", "PLAYED_COLOUR", "TRAIL_EDGE", "draw_arrow", "draw_trail"]
