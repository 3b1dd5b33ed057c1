"""Results that tests share across pytest-xdist's workers, each made once per test run.

``pytest -n auto`` runs the tests in several worker processes, so a module fixture or a
cache in a module is made again by every worker that runs a test needing it.  For the
costly ones, :func:`made_once` lets the first worker that needs the result make it while the
others wait for it, then read it from the run's shared temporary folder.
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable
from typing import TypeVar

import pytest
from filelock import FileLock

T = TypeVar("T")


def made_once(factory: pytest.TempPathFactory, name: str, make: Callable[[], T]) -> T:
    """``make()``, made once per test run however many of pytest-xdist's workers ask for it.

    Under pytest-xdist the result is kept, pickled, in the folder the workers' temporary
    folders share (the one of this run), and made under a lock so that no two workers make it
    at once.  Without pytest-xdist this is ``make()``: the caller keeps the result (a module
    fixture, a cache) as it always did.  If ``make()`` fails, nothing is kept: the next
    worker to ask tries again and fails the same way.
    """
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        return make()
    kept = factory.getbasetemp().parent / f"made-once-{name}.pickle"
    with FileLock(f"{kept}.lock"):
        if kept.is_file():
            value: T = pickle.loads(kept.read_bytes())
            return value
        value = make()
        partial = kept.with_suffix(".partial")
        partial.write_bytes(pickle.dumps(value))
        partial.replace(kept)
        return value
