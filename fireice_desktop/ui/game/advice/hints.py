"""A hint in the making: the search for it off the UI thread, and the move it marks."""

from __future__ import annotations

from typing import Any

from ...toolkit.jobs import Job
from ...toolkit.language import say, tr
from ..controller import BoardController
from ..view import HintWork


class Hints:
    """The hint for the game's present position, while it stays the present one."""

    def __init__(self) -> None:
        self.job: Job[tuple[Any, str]] | None = None
        self.position: Any = None  # the position the hint is for
        self.move: Any = None  # the move to mark, once found

    def request(self, controller: BoardController[Any], work: HintWork, looking: str) -> None:
        """Start looking for a hint for the present position (once per position)."""
        position = controller.history.position
        if self.job is None or self.position != position:
            self.cancel()
            self.position = position
            self.job = Job(work)
            controller.say(looking)

    def cancel(self) -> None:
        """Forget the hint and stop any search for one."""
        if self.job is not None:
            self.job.cancel()
        self.job = None
        self.move = None

    def poll(self, controller: BoardController[Any]) -> None:
        """Take a finished hint, or drop one the game has moved past."""
        job = self.job
        if self.position != controller.history.position:
            if job is not None or self.move is not None:
                self.cancel()
            return
        if job is None or not job.done:
            return
        self.job = None
        if job.error is not None:
            controller.say(tr("hints.failed", error=job.error))
        elif job.result is not None:
            self.move, text = job.result
            controller.say(say(text))

    def settle(self, timeout: float) -> None:
        """Wait up to ``timeout`` s for the search (screenshots)."""
        if self.job is not None:
            self.job.wait(timeout)


__all__ = ["Hints"]
