"""The finish of a game: the winning line lit up in turn (each game in its own way), and
only then the game-over card."""

from __future__ import annotations

from typing import Any

from .controller import BoardController

#: Seconds the finale takes at the normal animation speed (none when animations are off).
FINALE_SECONDS = 1.4


class Finale:
    """Times the finale of the game on one screen, once for each ending reached."""

    def __init__(self) -> None:
        self.ending: object = None  # the history state whose ending was (or is) shown
        self.time = 0.0
        self.duration = 0.0

    def update(self, dt: float, controller: BoardController[Any], factor: float) -> bool:
        """Advance the finale by ``dt`` seconds (``factor``: the animation speed); ``True``
        while it plays.  It starts when a game has just ended and its last peg has landed."""
        history = controller.history
        if not history.position.is_over:
            self.ending = None
            return False
        if controller.review is not None or controller.animation is not None:
            return False
        ending = (id(history), history.changes)
        if ending != self.ending:
            self.ending = ending
            self.time = 0.0
            self.duration = FINALE_SECONDS * factor
        if self.time >= self.duration:
            return False
        self.time += dt
        if self.time >= self.duration:
            controller.changed = True  # the card comes now
        return True

    @property
    def playing(self) -> bool:
        """Whether the finale is on (the card waits for its end)."""
        return self.ending is not None and self.time < self.duration

    @property
    def progress(self) -> float | None:
        """How far the finale is, 0 to 1, while it plays; ``None`` otherwise."""
        return min(1.0, self.time / self.duration) if self.playing else None


__all__ = ["FINALE_SECONDS", "Finale"]
