"""The drawings of the Rules screen: each game's real board, drawn small, by the game's own
renderer, so that what a player reads about looks exactly like what they will play on.

Each chapter of the rules source names one set of drawings; a game's UI package
provides the sets its chapters name (:attr:`.registry.GameUI.drawings`), with drawings of
its own kind. This module says what the Rules screen asks of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame

#: Width over height of a drawing: a board without its pockets, or one island.
ASPECT = 1.12


class Drawing(Protocol):
    """One small picture on a rules page, with its caption."""

    @property
    def caption(self) -> str:
        """What the picture shows, in the player's language."""
        ...

    def render(self, size: tuple[int, int]) -> pygame.Surface:
        """The picture rendered to fit ``size`` (the caption is drawn by the caller)."""
        ...


def no_drawings() -> tuple[Drawing, ...]:
    """A chapter's drawings when it has none."""
    return ()


@dataclass(frozen=True)
class DrawingSet:
    """The drawings of one chapter, made when the chapter opens, and how they are laid out."""

    make: Callable[[], Sequence[Drawing]]
    columns: int | None = None  # None: chosen to fit
    #: A key beside the text instead of drawings: large pieces with their names (the pegs
    #: with their colour-blind marks).
    key: Callable[[], Sequence[tuple[pygame.Surface, str]]] | None = None


#: What a chapter without drawings shows beside its text: nothing.
NO_DRAWINGS = DrawingSet(no_drawings)

__all__ = ["ASPECT", "NO_DRAWINGS", "Drawing", "DrawingSet", "no_drawings"]
