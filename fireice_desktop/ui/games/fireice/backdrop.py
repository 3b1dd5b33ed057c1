"""The picture behind Fire & Ice's cards and the menu: the wooden board as it comes out of
the box, every peg in its tray and the islands empty, so that nothing on it reads as a
game in play; and no count beside the trays, which a wide card (Settings) would half
cover."""

from __future__ import annotations

import pygame

from ....engine.games.fireice.rules import PEGS_PER_SIDE
from .board import BoardPicture, draw_board
from .board_art import BoardArt, board_art


class QuietBoard:
    """The wooden board, quiet: the pegs in their trays, ready for a game."""

    def __init__(self) -> None:
        self.art: BoardArt | None = None

    def build(self, size: tuple[int, int]) -> None:
        self.art = board_art((0, 0, *size))

    def draw(self, surface: pygame.Surface) -> None:
        if self.art is not None:
            supplies = (PEGS_PER_SIDE, PEGS_PER_SIDE)
            picture = BoardPicture(0, 0, supplies, counts=False, show_control=False)
            draw_board(surface, self.art, picture)


__all__ = ["QuietBoard"]
