"""Fire & Ice's pegs: a shaded peg of either colour seen from above, with the colour-blind
mark of its colour, for the board, the rules' drawings and the Statistics screen."""

from __future__ import annotations

import math

import pygame

from ....engine.games.fireice.rules import Color
from ...toolkit.art import Rgb, shade

PEG_SHADES: dict[Color, tuple[Rgb, Rgb, Rgb]] = {
    # dark rim, body, highlight
    Color.FIRE: ((112, 14, 10), (208, 48, 34), (255, 150, 120)),
    Color.ICE: ((14, 104, 118), (56, 196, 206), (200, 255, 252)),
}


def peg_sprite(color: Color, radius: float) -> pygame.Surface:
    """A shaded peg seen from above, with a highlight and its colour's mark."""
    scale = 4
    r = max(2, int(radius * scale))
    size = 2 * r + 2 * scale
    big = pygame.Surface((size, size), pygame.SRCALPHA)
    rim, body, light = PEG_SHADES[color]
    c = size / 2
    # A domed top: concentric discs shading from the rim to a light spot up and left.
    steps = 28
    for i in range(steps):
        t = i / (steps - 1)
        rr = r * (1 - 0.78 * t)
        offset = -0.28 * r * t
        colour = tuple(int(rim[k] + (body[k] - rim[k]) * min(1, t * 1.8)) for k in range(3))
        if t > 0.55:
            u = (t - 0.55) / 0.45
            colour = tuple(int(body[k] + (light[k] - body[k]) * u * 0.65) for k in range(3))
        pygame.draw.circle(big, colour, (c + offset, c + offset), rr)
    pygame.draw.circle(big, shade(rim, 0.8), (c, c), r, max(1, scale))
    # The colour-blind mark: a flame-like triangle for Fire, a six-armed star for Ice.
    mark = shade(rim, 0.75)
    m = r * 0.42
    width = max(2, int(r * 0.11))
    if color is Color.FIRE:
        triangle = [(c, c - m), (c - m * 0.87, c + m * 0.5), (c + m * 0.87, c + m * 0.5)]
        pygame.draw.polygon(big, mark, triangle, width)
    else:
        for k in range(3):
            angle = math.pi / 2 + k * math.pi / 3
            dx, dy = math.cos(angle) * m, math.sin(angle) * m
            pygame.draw.line(big, mark, (c - dx, c - dy), (c + dx, c + dy), width)
    # A soft specular highlight.
    gloss = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.ellipse(
        gloss, (255, 255, 255, 110), (c - r * 0.62, c - r * 0.72, r * 0.7, r * 0.42)
    )
    big.blit(gloss, (0, 0))
    small = max(4, size // scale)
    return pygame.transform.smoothscale(big, (small, small))


__all__ = ["PEG_SHADES", "peg_sprite"]
