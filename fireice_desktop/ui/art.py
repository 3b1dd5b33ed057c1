"""The looks every drawing shares: the fonts, the wood textures and the pegs.

Made once and cached, for the board, the sea, the rules' drawings and the panels alike.
"""

from __future__ import annotations

import math
from functools import cache
from importlib import resources

import pygame

from ..engine.games.fireice.rules import Color
from .assets import asset_path

Rgb = tuple[int, int, int]

PEG_SHADES: dict[Color, tuple[Rgb, Rgb, Rgb]] = {
    # dark rim, body, highlight
    Color.FIRE: ((112, 14, 10), (208, 48, 34), (255, 150, 120)),
    Color.ICE: ((14, 104, 118), (56, 196, 206), (200, 255, 252)),
}


@cache
def font_path(bold: bool = True) -> str:
    """The Noto Sans face that pygame-gui ships (so the board and panels match)."""
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    return str(resources.files("pygame_gui.data").joinpath(name))


@cache
def font(size: int, bold: bool = True) -> pygame.font.Font:
    """A cached font of ``size`` pixels."""
    return pygame.font.Font(font_path(bold), max(6, size))


@cache
def texture(name: str) -> pygame.Surface:
    """The image ``name`` from the assets' images, loaded once."""
    return pygame.image.load(str(asset_path("images", name))).convert()


def cover(texture: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``texture`` scaled to cover ``size`` and cropped to it."""
    tw, th = texture.get_size()
    scale = max(size[0] / tw, size[1] / th)
    scaled = pygame.transform.smoothscale(
        texture, (max(1, math.ceil(tw * scale)), max(1, math.ceil(th * scale)))
    )
    return scaled.subsurface((0, 0, *size)).copy()


def shade(rgb: Rgb, factor: float) -> Rgb:
    """``rgb`` darker (``factor`` < 1) or lighter (> 1)."""
    if factor >= 1:
        return tuple(min(255, int(c + (255 - c) * (factor - 1))) for c in rgb)  # type: ignore[return-value]
    return tuple(int(c * factor) for c in rgb)  # type: ignore[return-value]


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


__all__ = ["PEG_SHADES", "Rgb", "cover", "font", "font_path", "peg_sprite", "shade", "texture"]
