"""The windows over the game screen's board: a question (a new game, the tutor's, the
last one before quitting), the Save and Open dialogs, and the Text window.

Events go to the windows first; while one is open, the board takes no move and the
computer waits.  The screen builds them again with its widgets (after a resize).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame
import pygame_gui

from ....engine.records.game import GameRecord
from ...toolkit.language import say, tr
from ..controller import BoardController
from .question import Question
from .text import TextWindow


class FileWindows(Protocol):
    """The Save and Open dialogs (:class:`~...screens.saving.FileDialogs`), as the game
    uses them."""

    @property
    def is_open(self) -> bool:
        """Whether a dialog (or its message) is on screen."""
        ...

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to the dialogs' answers; ``True`` if the event was theirs."""
        ...

    def ask_open(self) -> None:
        """Show the Open dialog."""
        ...

    def ask_save(self, record: GameRecord) -> None:
        """Show the Save dialog for ``record``."""
        ...

    def close(self) -> None:
        """Close any dialog."""
        ...


class BoardWindows:
    """The windows of one game screen, at most one of each kind; the questions open at
    ``centre``, the middle of the board."""

    def __init__(
        self, manager: pygame_gui.UIManager, files: FileWindows, centre: tuple[int, int]
    ) -> None:
        self.manager = manager
        self.centre = centre
        self.question = Question(manager)
        self.files = files
        self.text_window: TextWindow | None = None

    @property
    def is_open(self) -> bool:
        """Whether a window is open over the board: a question, a file dialog, the text."""
        text = self.text_window
        return self.question.is_open or self.files.is_open or (text is not None and text.is_open)

    @property
    def waiting(self) -> bool:
        """Whether a window waits for an answer (a question, a file dialog) before the game
        goes on; the Text window lets it go on."""
        return self.question.is_open or self.files.is_open

    def update(self, dt: float) -> None:
        """Count the open question's time on screen (it takes no key at first)."""
        self.question.update(dt)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Events for the open windows; ``True`` if one took it."""
        if self.files.handle_event(event):
            return True
        if self.text_window is not None and self.text_window.handle_event(event):
            return True
        return self.question.handle_event(event)

    def show_text(self, text: str, play: Callable[[GameRecord], None]) -> None:
        """The Text window with ``text``; ``play`` plays a game pasted into it."""
        if self.text_window is not None:
            self.text_window.close()
        self.text_window = TextWindow(self.manager, text, play)

    def ask(self, question: str, verb: str, action: Callable[[], None]) -> None:
        """Ask ``question`` (moves would be lost); ``verb`` on the button that does ``action``."""
        self.question.ask(self.centre, question, verb, action)

    def ask_about_blunder(self, warning: str, controller: BoardController[Any]) -> None:
        """The tutor's question about the move just played on ``controller``'s board: play
        it anyway, or (also Esc) take it back, to choose again."""

        def take_back() -> None:
            controller.undo()
            controller.say(tr("game.taken_back"))

        self.question.ask(
            self.centre,
            say(warning),
            tr("game.play_it"),
            lambda: controller.say(tr("game.played_as_chosen")),
            detail=tr("game.play_anyway_safe"),
            on_no=take_back,
            title=tr("settings.tutor"),
            no_label=tr("game.take_back"),
            safe=True,
        )

    def ask_to_quit(self, problem: str, quit: Callable[[], None]) -> None:
        """Before closing a window whose newest moves could not be kept (``problem`` says
        why): quit anyway, or stay.  The other windows close first."""
        self.files.close()
        if self.text_window is not None:
            self.text_window.close()
        self.question.ask(
            self.centre,
            tr("keeping.quit_text", error=problem),
            tr("keeping.quit_anyway"),
            quit,
            detail="",
            title=tr("keeping.quit_title"),
            no_label=tr("keeping.stay"),
        )


__all__ = ["BoardWindows", "FileWindows"]
