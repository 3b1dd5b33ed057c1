"""A yes-or-no question over the board, such as "Start a new game?"."""

from __future__ import annotations

import html
from collections.abc import Callable

import pygame
import pygame_gui


class Question:
    """At most one open question; Enter or its button answers yes, Esc closes it."""

    def __init__(self, manager: pygame_gui.UIManager) -> None:
        self.manager = manager
        self.dialog: pygame_gui.windows.UIConfirmationDialog | None = None
        self.action: Callable[[], None] = lambda: None

    @property
    def is_open(self) -> bool:
        """Whether the question is on screen."""
        return self.dialog is not None and self.dialog.alive()

    def ask(
        self, centre: tuple[int, int], question: str, verb: str, action: Callable[[], None]
    ) -> None:
        """Ask ``question`` (the moves so far would be lost); ``verb`` on the yes button."""
        if self.dialog is not None:
            self.dialog.kill()
        rect = pygame.Rect(0, 0, min(380, int(self.manager.window_resolution[0]) - 40), 170)
        rect.center = centre
        self.dialog = pygame_gui.windows.UIConfirmationDialog(
            rect,
            f"{html.escape(question)} The moves played so far will be lost.",
            self.manager,
            window_title=question.rstrip("?"),
            action_short_name=verb,
            blocking=True,
        )
        self.action = action

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Answers to the open question; ``True`` if the event was for it."""
        dialog = self.dialog
        if dialog is None:
            return False
        # The dialog closes itself as its confirm button is clicked, before its event comes,
        # so the reference is kept until the answer arrives.
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if (
            event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is dialog
        ) or (enter and dialog.alive()):
            dialog.kill()
            self.dialog = None
            self.action()
            return True
        if not dialog.alive():
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                dialog.kill()
            return True  # no shortcuts while the question is open
        return False


__all__ = ["Question"]
