"""Long work off the UI thread: the computer's move, hints, the solitaire solver.

A :class:`Job` runs ``work(stop)`` in a daemon thread.  ``stop`` is a callable the
work polls; :meth:`Job.cancel` makes it return true.  When the work ends, a
``JOB_DONE`` event wakes the app's loop, which may be asleep in ``event.wait``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

import pygame

from ...engine.errors import Cancelled

T = TypeVar("T")
JOB_DONE = pygame.event.custom_type()


class Job(Generic[T]):
    """One piece of work on a background thread; poll :attr:`done`, then read :attr:`result`."""

    def __init__(self, work: Callable[[Callable[[], bool]], T]) -> None:
        self._stop = threading.Event()
        self._done = threading.Event()
        self.result: T | None = None
        self.error: BaseException | None = None
        self.cancelled = False
        self._thread = threading.Thread(target=self._run, args=(work,), daemon=True)
        self._thread.start()

    def _run(self, work: Callable[[Callable[[], bool]], T]) -> None:
        try:
            self.result = work(self._stop.is_set)
        except Cancelled:
            self.cancelled = True
        except Exception as error:  # reported to the scene, never lost silently
            self.error = error
        finally:
            self._done.set()
            if pygame.display.get_init():
                pygame.event.post(pygame.event.Event(JOB_DONE))

    @property
    def done(self) -> bool:
        """Whether the work has ended (finished, failed or cancelled)."""
        return self._done.is_set()

    def cancel(self) -> None:
        """Ask the work to stop; it ends at its next check."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the work ends (tests and shutdown only); whether it did."""
        return self._done.wait(timeout)


__all__ = ["JOB_DONE", "Job"]
