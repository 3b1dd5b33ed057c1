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
