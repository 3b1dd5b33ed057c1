"""The looks every drawing shares: the fonts, the wood textures and shading.

Made once and cached, for every game's board, the rules' drawings and the panels alike.
"""

from __future__ import annotations

import math
from functools import cache
from importlib import resources

import pygame

from .assets import asset_path

Rgb = tuple[int, int, int]


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


#: A blur on a surface of at most this many pixels, or of a radius of at most
#: ``SMALL_BLUR``, is made at full size; a larger one on a smaller copy.
EXACT_BLUR_PIXELS = 2_000_000
SMALL_BLUR = 4


def soft_blur(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """``surface`` blurred by ``radius`` pixels: two passes of a box blur of that radius,
    within a few levels of pygame's Gaussian blur of the same radius for a sixth of the
    work (the Gaussian's cost grows with the radius, a box blur's does not).  On a large
    surface (a board's shadows in a large window) the blur is made on a copy made smaller
    until the radius is ``SMALL_BLUR``, then scaled back: the same soft edge, for a small
    part of the work."""
    width, height = surface.get_size()
    if radius <= SMALL_BLUR or width * height <= EXACT_BLUR_PIXELS:
        return _two_boxes(surface, radius)
    shrink = radius / SMALL_BLUR
    small = pygame.transform.smoothscale(
        surface, (max(1, round(width / shrink)), max(1, round(height / shrink)))
    )
    small = _two_boxes(small, SMALL_BLUR)
    return pygame.transform.smoothscale(small, (width, height))


def _two_boxes(surface: pygame.Surface, radius: int) -> pygame.Surface:
    return pygame.transform.box_blur(pygame.transform.box_blur(surface, radius), radius)


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


__all__ = ["Rgb", "cover", "font", "font_path", "shade", "texture"]
