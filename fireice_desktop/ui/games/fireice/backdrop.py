"""The picture behind Fire & Ice's cards and the menu: the wooden board with a game some
way in."""

from __future__ import annotations

import random

import pygame

from ....engine.games.fireice.playout import random_playout
from ....engine.games.fireice.rules import Move, Position
from .board import BoardPicture, draw_board
from .board_art import BoardArt, board_art


class BoardInPlay:
    """The wooden board with a Fire & Ice game some way in."""

    def __init__(self, seed: int = 7) -> None:
        moves: list[Move] = []
        random_playout(Position.start(), random.Random(seed), moves)
        position = Position.start()
        for move in moves[: max(0, len(moves) - 6)]:
            position = position.play_unchecked(move)
        self.position = position
        self.art: BoardArt | None = None

    def build(self, size: tuple[int, int]) -> None:
        self.art = board_art((0, 0, *size))

    def draw(self, surface: pygame.Surface) -> None:
        if self.art is not None:
            p = self.position
            draw_board(
                surface, self.art, BoardPicture(p.fire, p.ice, (p.fire_supply, p.ice_supply))
            )


__all__ = ["BoardInPlay"]
