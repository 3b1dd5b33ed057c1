"""Icebreaker's drawings on the Rules screen: the side-5 sea at the start, and a ship's
ways to its nearest iceberg in a game some way in, drawn by the game's own renderer."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

import pygame

from ....engine.games.icebreaker.board import DEFAULT_SIZE
from ....engine.games.icebreaker.rules import IcebreakerPosition
from ...frame.rules_drawings import DrawingSet
from ...toolkit.language import side_name, tr
from .sea import SeaPicture, draw_sea, sea_art


@dataclass(frozen=True)
class Drawing:
    """One small picture on a rules page: the side-5 sea and a caption."""

    caption: str
    picture: SeaPicture

    def render(self, size: tuple[int, int]) -> pygame.Surface:
        """The drawing rendered to fit ``size`` (the caption is drawn by the caller)."""
        sea = pygame.Surface(size, pygame.SRCALPHA)
        draw_sea(sea, sea_art((0, 0, *size), DEFAULT_SIZE), self.picture)
        return sea


def _icebreaker_drawings() -> tuple[Drawing, ...]:
    start = IcebreakerPosition.start()
    # A game some way in (a fixed random game), where a ship's shortest way to the
    # nearest iceberg has to go round other ships or has several equal ways.
    position = start
    rng = random.Random(11)
    for _ in range(46):
        position = position.play_unchecked(rng.choice(position.legal_moves()))
    board = position.board
    far = max(
        board.cells_of(position.ships(position.to_move)),
        key=lambda cell: (position.distance(cell) or 0, len(board.cells_of(position.steps(cell)))),
    )
    steps = position.steps(far)
    paths = tuple(tuple(position.path(far, cell)) for cell in board.cells_of(steps))
    name = board.name(far)
    return (
        Drawing(
            tr("drawings.sea_start"),
            SeaPicture(start.red, start.black, start.icebergs),
        ),
        Drawing(
            tr(
                "drawings.ship_steps",
                count=len(paths),
                side=side_name(position.to_move),
                cell=name,
            ),
            SeaPicture(
                position.red,
                position.black,
                position.icebergs,
                selected=far,
                targets=steps,
                paths=paths,
            ),
        ),
    )


#: The sets of drawings, by the names that the chapters of the rules source give them.
DRAWINGS: Mapping[str, DrawingSet] = MappingProxyType(
    {"icebreaker": DrawingSet(_icebreaker_drawings, columns=1)}
)

__all__ = ["DRAWINGS", "Drawing"]
