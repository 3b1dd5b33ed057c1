"""What a card screen shows behind its card: a game in play on its board. Each game's UI
package has its own (:attr:`.registry.GameUI.backdrop`), drawn by the game's own
renderer and made once per window size."""

from __future__ import annotations

from typing import Protocol

import pygame


class Backdrop(Protocol):
    """A picture behind a card."""

    def build(self, size: tuple[int, int]) -> None:
        """Lay the picture out for a window of ``size``."""
        ...

    def draw(self, surface: pygame.Surface) -> None:
        """Paint it (changes nothing)."""
        ...


__all__ = ["Backdrop"]
