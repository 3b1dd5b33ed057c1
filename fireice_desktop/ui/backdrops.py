"""What a card screen shows behind its card: a game in play on the wooden board, or
on the sea.  Each is drawn by the game's own renderer, made once per window size."""

from __future__ import annotations

import random
from typing import Protocol

import pygame

from ..engine.games.fireice.playout import random_playout
from ..engine.games.fireice.rules import Move, Position
from ..engine.games.icebreaker.rules import IcebreakerPosition
from .board_view import BoardArt, BoardPicture, board_art, draw_board
from .hex_view import SeaArt, SeaPicture, draw_sea, sea_art


class Backdrop(Protocol):
    """A picture behind a card."""

    def build(self, size: tuple[int, int]) -> None:
        """Lay the picture out for a window of ``size``."""
        ...

    def draw(self, surface: pygame.Surface) -> None:
        """Paint it (changes nothing)."""
        ...


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


__all__ = ["Backdrop", "BoardInPlay", "SeaInPlay"]
