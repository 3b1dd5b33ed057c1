"""The processes a match plays its games in: how many there may be, how they are started
and stopped, and the games handed to them a few at a time and taken back in order.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, wait
from typing import Final, TypeVar

from .program import end_running_program

W = TypeVar("W")
R = TypeVar("R")

#: Processes a match may play in for each processor.  A level keeps a processor busy, so
#: more processes than processors only share them (and make the times measured longer);
#: a few more still help when programs wait on something else (a disk, a network).  Each
#: process is a copy of the program, about 20 MB: unbounded, ``--jobs 300`` took 5 GB.
JOBS_PER_CPU: Final = 4


def processors() -> int:
    """How many processors this program may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # no affinity on this system (macOS, Windows)
        return max(1, os.cpu_count() or 1)


def max_jobs() -> int:
    """The most processes a match may play in at once: :data:`JOBS_PER_CPU` a processor."""
    return JOBS_PER_CPU * processors()


#: The signals that stop a match (Ctrl+C; SIGTERM, which also tells a pool's process to
#: stop), held while the pool starts its processes (:func:`_held`).
_STOPPING: Final = frozenset({signal.SIGINT, signal.SIGTERM})


@contextlib.contextmanager
def _held() -> Iterator[None]:
    """Hold Ctrl+C and SIGTERM back, in this thread, until the block is over.

    A game handed to a pool may start its processes: a signal that came in between
    left the pool half made (a process started but not known to the pool, its own thread
    made but not started), and the match could not stop it: it played on, or failed
    with a traceback.  A process started meanwhile starts with them held too, until
    :func:`start_worker` has said what they do there.
    """
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - Windows
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPPING)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)  # one that came is taken now


def start_worker() -> None:
    """Prepare a process of a match's pool.

    Ctrl+C at a terminal reaches every process of the match, and the match decides what
    happens (it counts the games that are over and stops the rest), so a pool's process
    lets it pass, with a handler that does nothing: ignoring the signal instead
    (``SIG_IGN``) would be inherited by the programs it starts.  SIGTERM, the match
    asking it to stop, ends the move's program with everything it started, then the
    process.  Both were held back while it started (:func:`_held`): one that came
    meanwhile is handled now.
    """
    signal.signal(signal.SIGINT, _let_pass)
    signal.signal(signal.SIGTERM, _stop_worker)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPPING)


def _let_pass(signum: int, frame: object) -> None:
    """Ctrl+C in a process of the pool: the match's own process handles it."""


def _stop_worker(signum: int, frame: object) -> None:
    """SIGTERM in a process of the pool: end the move's program, and this process at once
    (exiting the usual way would wait for the game to end)."""
    end_running_program()
    os._exit(128 + signum)


#: How long a pool's processes may take to end when told to; then they are killed.
_STOP_SECONDS = 1.0


def stop_pool(pool: Executor | None) -> None:
    """End ``pool``'s processes now, rather than wait for the games they are playing.

    Each is told to stop (SIGTERM: it ends its move's program first), and killed if it
    has not ended within :data:`_STOP_SECONDS`.
    """
    if pool is None:
        return
    # The pool's processes: ProcessPoolExecutor does not offer to end them (before 3.14).
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            process.terminate()
    deadline = time.monotonic() + _STOP_SECONDS
    for process in processes:
        with contextlib.suppress(OSError, ValueError, AttributeError, AssertionError):
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
    # The processes are gone, so the pool's own thread ends at once.  Waiting for it (and
    # not cancelling the games left: see in_order) keeps it from racing the
    # interpreter's exit, which in Python 3.11 wakes it through a pipe it may be closing
    # (a traceback: "Bad file descriptor").
    pool.shutdown(wait=True)


#: Games queued or playing at once, per process: enough to keep every process busy while
#: the results are taken in order, few enough that the queue's memory does not matter.
WINDOW = 4


#: How long the match's main thread waits at a time for a game to end.
_WAIT_SECONDS: Final = 0.2


def _result(future: Future[R]) -> R:
    """``future``'s result, waited for a little at a time.

    Ctrl+C may be delivered to any thread of the match's process (the pool's own threads
    too, when the main thread is busy at that moment); the main thread only raises
    ``KeyboardInterrupt`` once it runs again, and a wait without an end would never
    notice it: the match then ignored Ctrl+C.
    """
    while not future.done():
        wait((future,), timeout=_WAIT_SECONDS)
    return future.result()


def in_order(
    pool: Executor, play: Callable[[W], R], work: Iterator[W], window: int, finished: list[R]
) -> Iterator[R]:
    """The games of ``work`` played in ``pool`` (each by ``play``), in order, with at most
    ``window`` of them queued or playing at any moment.  Stopped early, it puts the games
    that are over but were not yet given (a later one than the game it was waiting for)
    in ``finished``."""
    pending: deque[Future[R]] = deque()
    try:
        for item in work:
            with _held():
                pending.append(pool.submit(play, item))
            if len(pending) >= window:
                yield _result(pending.popleft())
        while pending:
            yield _result(pending.popleft())
    finally:  # stopped early (an error, Ctrl+C): the games already over still count
        # The games not started are not cancelled here: :func:`stop_pool` ends the processes,
        # and the pool then fails every game left.  A future cancelled meanwhile would make
        # the pool's own thread fail on it with a traceback (Python 3.11's
        # ``terminate_broken`` sets an exception on every game left, cancelled or not).
        for future in pending:
            if future.done() and not future.cancelled() and future.exception() is None:
                finished.append(future.result())


__all__ = [
    "JOBS_PER_CPU",
    "WINDOW",
    "in_order",
    "max_jobs",
    "processors",
    "start_worker",
    "stop_pool",
]
