"""The game's own icon: a raised island on the wooden board, with a Fire peg and an Ice
peg in its holes, for the window's title bar and task bar."""

from __future__ import annotations

import pygame

from ....engine.games.fireice.rules import Color
from ...toolkit.art import cover, texture
from .art import peg_sprite


def board_icon(size: int = 64) -> pygame.Surface:
    """The icon, ``size`` pixels square, on a clear ground."""
    scale = 4  # drawn large, then scaled down smoothly
    big = size * scale
    icon = pygame.Surface((big, big), pygame.SRCALPHA)
    # A rounded square of the board's wood.
    ground = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.rect(ground, (255, 255, 255, 255), (0, 0, big, big), border_radius=big // 6)
    wood = cover(texture("wood_board.jpg"), (big, big)).convert_alpha()
    wood.blit(ground, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    icon.blit(wood, (0, 0))
    pygame.draw.rect(icon, (70, 40, 18), (0, 0, big, big), max(2, big // 40), big // 6)
    # A raised island, its shadow below it, its edge bevelled.
    top, left, right = (big * 0.5, big * 0.12), (big * 0.1, big * 0.82), (big * 0.9, big * 0.82)
    drop = big * 0.035
    shadow = [(x + drop * 0.6, y + drop) for x, y in (top, left, right)]
    pygame.draw.polygon(icon, (40, 18, 4, 140), shadow)
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), [top, left, right])
    island = cover(texture("wood_island.jpg"), (big, big)).convert_alpha()
    island.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    icon.blit(island, (0, 0))
    pygame.draw.polygon(icon, (110, 66, 30), [top, left, right], max(2, big // 64))
    # Two pegs in holes, and an empty hole between them.
    radius = big * 0.13
    holes = ((big * 0.5, big * 0.36), (big * 0.3, big * 0.68), (big * 0.7, big * 0.68))
    for x, y in holes:
        pygame.draw.circle(icon, (58, 32, 14), (x, y), radius * 0.62)
    for color, (x, y) in ((Color.FIRE, holes[0]), (Color.ICE, holes[2])):
        peg = peg_sprite(color, radius)
        icon.blit(peg, peg.get_rect(center=(round(x), round(y))))
    return pygame.transform.smoothscale(icon, (size, size))


__all__ = ["board_icon"]
