"""The tutor: before a person's blunder stands, it asks "Play it anyway?".

With the Tutor setting on, every move a person plays in a two-player game (against a
friend or the computer) is judged off the UI thread as the review would judge it
(:func:`~fireice_desktop.engine.analysis.review.tutor_warning`).  The computer waits for the
answer, and the board takes no move meanwhile; a blunder opens the question, and
"Take it back" (or Esc) takes the move back to choose again.
"""

from __future__ import annotations

from typing import Any

from ....engine.analysis.review import tutor_warning
from ...toolkit.jobs import Job
from ..controller import BoardController


class Tutor:
    """The check of the latest move a person played, while it runs, and its warning."""

    def __init__(self) -> None:
        self.job: Job[str | None] | None = None
        self.history_state: object = None  # (history, changes) right after the move

    @property
    def checking(self) -> bool:
        """Whether a move is being judged (the board and the computer wait)."""
        return self.job is not None

    def check(self, controller: BoardController[Any], before: Any, move: Any) -> None:
        """Judge ``move``, just played from ``before``, in the background."""
        self.cancel()
        history = controller.history
        self.history_state = (id(history), history.changes)
        self.job = Job(lambda stop: tutor_warning(before, move, stop))

    def cancel(self) -> None:
        """Stop judging (the move was taken back, or the game left)."""
        if self.job is not None:
            self.job.cancel()
        self.job = None

    def poll(self, controller: BoardController[Any]) -> str | None:
        """The warning once the move is judged a blunder; ``None`` otherwise (a sound
        move, a check still running, or a game that has changed since)."""
        history = controller.history
        if self.job is not None and self.history_state != (id(history), history.changes):
            self.cancel()  # undone or replaced meanwhile: the question no longer applies
            return None
        job = self.job
        if job is None or not job.done:
            return None
        self.job = None
        return job.result  # a failed check says nothing rather than stop the game

    def settle(self, timeout: float) -> None:
        """Wait up to ``timeout`` s for the check (tests)."""
        if self.job is not None:
            self.job.wait(timeout)


__all__ = ["Tutor"]
