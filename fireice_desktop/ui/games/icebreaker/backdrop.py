"""The picture behind Icebreaker's cards: the sea with a game some way in."""

from __future__ import annotations

import random

import pygame

from ....engine.games.icebreaker.rules import IcebreakerPosition
from .sea import SeaArt, SeaPicture, draw_sea, sea_art


class SeaInPlay:
    """The sea with an Icebreaker game some way in."""

    def __init__(self, seed: int = 5) -> None:
        position = IcebreakerPosition.start()
        rng = random.Random(seed)
        for _ in range(24):
            position = position.play_unchecked(rng.choice(position.legal_moves()))
        self.position = position
        self.art: SeaArt | None = None

    def build(self, size: tuple[int, int]) -> None:
        self.art = sea_art((0, 0, *size), self.position.size)

    def draw(self, surface: pygame.Surface) -> None:
        if self.art is not None:
            p = self.position
            draw_sea(surface, self.art, SeaPicture(p.red, p.black, p.icebergs))


__all__ = ["SeaInPlay"]
