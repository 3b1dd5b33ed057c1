"""The computer's levels: how deep each searches and how it errs.

A game lists its levels by these names (``beginner`` to ``expert``); the level
driver in :mod:`.search` plays them the same way for every game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class Level:
    """How one level plays: search budget and how it errs."""

    name: str
    depth: int  # deepest iteration
    nodes: int  # node budget (iterations stop once it is spent)
    noise: int  # random spread added to the root moves' scores (in evaluation units)
    blunder: float  # chance of overlooking the opponent's reply (playing a 1-ply choice)


#: The level that picks a legal move uniformly at random, for every game with levels.
RANDOM: Final = "random"

__all__ = ["RANDOM", "Level"]
