"""A yes-or-no question over the board, such as "Start a new game?" or the tutor's
"Play it anyway?".

A question takes no key in its first moments (:data:`ANSWER_DELAY`, counted in the
frames' time): a player typing the next move when it opens must not answer it unseen.
The tutor's question is asked with the safe answer on Enter ("Take it back")."""

from __future__ import annotations

import html
from collections.abc import Callable

import pygame
import pygame_gui

from ...toolkit.language import tr
from ...toolkit.scaling import px, scale_window
from ...toolkit.text import shown

#: Seconds a question is on screen before it takes a key (Esc excepted).
ANSWER_DELAY = 0.5


class Question:
    """At most one open question; Enter or its button answers yes (with ``safe``, Enter
    answers no), Esc closes it."""

    def __init__(self, manager: pygame_gui.UIManager) -> None:
        self.manager = manager
        self.dialog: pygame_gui.windows.UIConfirmationDialog | None = None
        self.action: Callable[[], None] = lambda: None
        self.on_no: Callable[[], None] = lambda: None
        self.safe = False  # Enter answers no
        self.age = 0.0  # seconds on screen, in the frames' time

    @property
    def is_open(self) -> bool:
        """Whether the question is on screen."""
        return self.dialog is not None and self.dialog.alive()

    def ask(
        self,
        centre: tuple[int, int],
        question: str,
        verb: str,
        action: Callable[[], None],
        detail: str | None = None,
        on_no: Callable[[], None] | None = None,
        title: str | None = None,
        no_label: str | None = None,
        safe: bool = False,
    ) -> None:
        """Ask ``question``, with ``detail`` after it; ``verb`` on the yes button, which
        does ``action``.  ``on_no`` is done when the player says no (Cancel, Esc, the
        window's close button, and Enter if the question is ``safe``)."""
        if detail is None:
            detail = tr("question.moves_lost")
        if self.dialog is not None:
            self.dialog.kill()
        height = px(170) if len(question) + len(detail) < 90 else px(200)
        width = min(px(380), int(self.manager.window_resolution[0]) - 40)
        rect = pygame.Rect(0, 0, width, height)
        rect.center = centre
        self.dialog = pygame_gui.windows.UIConfirmationDialog(
            rect,
            f"{html.escape(shown(question))} {html.escape(shown(detail))}".strip(),
            self.manager,
            window_title=title or question.rstrip("?"),
            action_short_name=verb,
            blocking=True,
        )
        if no_label is not None:
            self.dialog.cancel_button.set_text(no_label)
        scale_window(self.dialog)
        self.action = action
        self.on_no = on_no or (lambda: None)
        self.safe = safe
        self.age = 0.0

    def update(self, dt: float) -> None:
        """Count the time the question has been on screen."""
        if self.is_open:
            self.age += dt

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Answers to the open question; ``True`` if the event was for it."""
        dialog = self.dialog
        if dialog is None:
            return False
        # The dialog closes itself as its confirm button is clicked, before its event comes,
        # so the reference is kept until the answer arrives.
        key = event.type == pygame.KEYDOWN and dialog.alive()
        if key and event.key != pygame.K_ESCAPE and self.age < ANSWER_DELAY:
            return True  # typed before the question could be read
        enter = key and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if enter and self.safe:
            self._said_no()
            return True
        if (
            event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is dialog
        ) or enter:
            dialog.kill()
            self.dialog = None
            self.action()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in (
            dialog.cancel_button,
            dialog.close_window_button,
        ):
            self._said_no()
            return True
        if not dialog.alive():
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self._said_no()
            return True  # no shortcuts while the question is open
        return False

    def _said_no(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
        self.dialog = None
        self.on_no()


__all__ = ["Question"]
