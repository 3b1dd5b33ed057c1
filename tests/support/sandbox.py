"""The monkey's sandbox folders, made the same way by the tests and by
``python -m tests.support.long_monkey`` (which makes one before pygame is imported, so
this module imports nothing but the standard library)."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

#: How a sandbox folder's name starts; eight random digits end it.  Every sandbox's path
#: is then as long and as wide on screen as every other's (the font's digits are all as
#: wide), so that a window naming a file or a folder is laid out alike and a seed replays
#: exactly, in the tests as in the long runs.
SANDBOX_PREFIX = "fireice-monkey-"


def new_sandbox() -> Path:
    """A new, empty sandbox folder (see :data:`SANDBOX_PREFIX`), only this user's."""
    pick = random.SystemRandom()  # not the seed's: two runs of one seed may run at once
    while True:
        root = Path(tempfile.gettempdir(), f"{SANDBOX_PREFIX}{pick.randrange(10**8):08d}")
        try:
            root.mkdir(mode=0o700)
        except FileExistsError:
            continue
        return root


__all__ = ["SANDBOX_PREFIX", "new_sandbox"]
