"""The computer's levels: how deep each searches and how it errs.

A game lists its levels by these names (``beginner`` to ``expert``); the level
driver in :mod:`.search` plays them the same way for every game.
"""

from __future__ import annotations

import time
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


@dataclass(frozen=True)
class Budget:
    """How much a search may spend: a node count, and optionally a deadline.

    Levels count nodes so that they play the same for a seed on any machine; a match
    may give them a time per move instead (``deadline``, a :func:`time.perf_counter`
    reading), so that engines can be compared at equal time.
    """

    nodes: int
    deadline: float | None = None

    def spent(self, nodes: int) -> bool:
        """Whether a search that has visited ``nodes`` nodes must stop."""
        if nodes >= self.nodes:
            return True
        return self.deadline is not None and time.perf_counter() >= self.deadline


#: The level that picks a legal move uniformly at random, for every game with levels.
RANDOM: Final = "random"

__all__ = ["RANDOM", "Budget", "Level"]
