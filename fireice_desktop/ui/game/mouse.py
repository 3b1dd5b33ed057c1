"""The mouse on the game screen's board: a click picks a piece up or puts it down, a
press that moves further than :data:`DRAG_THRESHOLD` carries the piece, the release
drops it.

Like the keys (:mod:`.keys`), the mouse goes through the board controller's ``press``
and ``release``; it knows the board only by its layout (pixels to cells).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ..frame.scene import HitLayout
from .controller import BoardController

#: Pixels the mouse may move, the button held, before a press becomes a drag.
DRAG_THRESHOLD = 6


class BoardMouse:
    """The left button over the board: where it went down, and where a carried piece is."""

    def __init__(self) -> None:
        self.press_pos: tuple[int, int] | None = None  # where the button went down on the board
        self.drag_pos: tuple[int, int] | None = None  # where the carried piece is, once dragged

    def handle_event(
        self,
        event: pygame.event.Event,
        controller: BoardController[Any],
        layout: HitLayout | None,
        why_locked: Callable[[], str],
    ) -> bool:
        """A press, a move or a release of the left button on the board laid out as
        ``layout``; ``True`` if the event was the board's.  A press while the board takes
        no move (``why_locked`` says why) says why in the panel, and holds nothing."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if layout is None or not pygame.Rect(layout.rect).collidepoint(event.pos):
                return False
            reason = why_locked()
            if reason:
                controller.say(reason)
                return True
            self.press_pos = event.pos
            self.drag_pos = None
            controller.press(layout.hole_at(event.pos))
            return True
        if event.type == pygame.MOUSEMOTION and self.press_pos is not None:
            if controller.selected is not None:
                dx = event.pos[0] - self.press_pos[0]
                dy = event.pos[1] - self.press_pos[1]
                if self.drag_pos is not None or dx * dx + dy * dy > DRAG_THRESHOLD**2:
                    self.drag_pos = event.pos
                    controller.changed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press_pos is not None:
            dragged = self.drag_pos is not None
            self.press_pos = self.drag_pos = None
            controller.release(layout.hole_at(event.pos) if layout is not None else None, dragged)
            controller.changed = True
            return True
        return False

    def carried(self, controller: BoardController[Any]) -> tuple[int, int] | None:
        """Where the piece in hand is drawn while it is dragged (``None``: in its cell)."""
        return self.drag_pos if controller.selected is not None else None


__all__ = ["DRAG_THRESHOLD", "BoardMouse"]
