"""Marks every game draws over its board: the hint's arrow between two cells, with rings
round both ends, in the hint's green or the gold of a move played; and the last move's
trail, a quieter arrow under the pegs that stays until the next move."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

HINT_COLOUR = (150, 240, 120)  # apart from the gold of the last move's marks
PLAYED_COLOUR = (250, 200, 90)  # an analysed game's move played, beside the better one in green
HINT_OUTLINE = (30, 40, 10)


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
) -> None:
    """The last move: a translucent arrow from the hole at ``a`` to the one at ``b``,
    clear of the pegs' rings (``radius``: a peg's), drawn under the pegs."""
    made = _trail(a, b, radius, colour)
    if made is not None:
        layer, corner = made
        surface.blit(layer, corner)


@lru_cache(maxsize=8)
def _trail(
    a: Point, b: Point, radius: float, colour: tuple[int, int, int]
) -> tuple[pygame.Surface, tuple[int, int]] | None:
    """The trail's translucent layer and where its corner goes (made once for a move, not
    for every frame it stays); ``None`` for holes side by side, where the rings say it."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    ring = radius * 1.32
    gap = length - 2 * ring
    if gap <= radius * 0.5:
        return None
    width = max(2, int(radius * 0.22))
    head = min(radius * 0.7, gap * 0.6)
    start, base, tip, left, right = _arrow_points(a, b, ring, head, 0.55)
    margin = int(head + width + 2)
    x0 = int(min(a[0], b[0])) - margin
    y0 = int(min(a[1], b[1])) - margin
    layer = pygame.Surface(
        (int(abs(dx)) + 2 * margin + 1, int(abs(dy)) + 2 * margin + 1), pygame.SRCALPHA
    )

    def local(point: Point) -> Point:
        return (point[0] - x0, point[1] - y0)

    paint = (*colour, 170)
    pygame.draw.line(layer, paint, local(start), local(base), width)
    pygame.draw.polygon(layer, paint, [local(tip), local(left), local(right)])
    return layer, (x0, y0)


__all__ = ["HINT_COLOUR", "HINT_OUTLINE", "PLAYED_COLOUR", "draw_arrow", "draw_trail"]
