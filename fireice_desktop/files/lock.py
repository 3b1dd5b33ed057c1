"""One copy of the desktop game at a time for a player's files.

Two copies playing from the same files would overwrite each other's kept game and
settings and count finished games twice or not at all.  A double click too many is
enough to start a second copy, so the game does what most desktop programs do: the
first copy holds a lock in the player's data folder for as long as it runs, and a
second start finds it held, asks the first copy to come forward (and to open the saved
game it was given, if any), and ends.

The lock is the operating system's (``filelock``): it goes with the process, however
that ends, so a killed game never keeps the next one from starting.  The request is a
small file in the data folder's ``requests`` folder, written atomically; the running
copy looks for requests a few times a second and removes each one it has answered,
which tells the second start that it was heard.  No pygame here.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from filelock import FileLock, Timeout

from ..engine.records.game import GameRecord
from .storage import SaveFileError, data_dir, read_text, write_atomic

LOCK_NAME: Final = "running.lock"
REQUESTS_NAME: Final = "requests"
#: How long a second start waits for the running copy to answer.
ANSWER_SECONDS: Final = 5.0
#: How often the running copy looks for requests (seconds).
LOOK_EVERY: Final = 0.25


@dataclass(frozen=True)
class Request:
    """What a second start asks of the running copy: come forward, and play ``record``."""

    record: GameRecord | None = None


class Requests:
    """The running copy's side: the requests other starts have left, each taken once."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._looked = 0.0

    def take(self, now: float | None = None) -> list[Request]:
        """The requests waiting (looked for at most every :data:`LOOK_EVERY` seconds);
        each is removed as it is taken, which is the second start's answer."""
        now = time.monotonic() if now is None else now
        if now - self._looked < LOOK_EVERY:
            return []
        self._looked = now
        try:
            names = sorted(
                entry.name
                for entry in os.scandir(self.folder)
                if entry.name.endswith(".json") and not entry.name.startswith(".")
            )
        except OSError:
            return []
        requests = []
        for name in names:
            path = self.folder / name
            requests.append(_read_request(path))
            with contextlib.suppress(OSError):
                path.unlink()
        return requests

    def clear(self) -> None:
        """Forget requests left for a copy that is no longer running."""
        with contextlib.suppress(OSError):
            for entry in os.scandir(self.folder):
                if entry.name.endswith((".json", ".tmp")):
                    with contextlib.suppress(OSError):
                        os.unlink(entry.path)


def _read_request(path: Path) -> Request:
    """The request in ``path``; a saved game in it that does not read is left out (the
    second start read it already, so it can only have been damaged meanwhile)."""
    try:
        data = json.loads(read_text(path))
        text = data.get("record") if isinstance(data, dict) else None
        return Request(GameRecord.parse(text) if isinstance(text, str) else None)
    except (ValueError, RecursionError):  # SaveFileError and NotationError among them
        return Request()


class SingleInstance:
    """The lock that makes one running copy of the game for the player's files."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else data_dir()
        self.requests: Requests | None = None
        self._lock: FileLock | None = None

    def acquire(self) -> bool:
        """Take the lock: ``True`` if this is the only copy (or the data folder cannot
        hold a lock at all, when the game runs as it always did), ``False`` if another
        copy holds it."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            lock = FileLock(str(self.folder / LOCK_NAME), timeout=0)
            lock.acquire()
        except Timeout:
            return False
        except OSError:
            return True  # a read-only or missing data folder: nothing can be kept anyway
        self._lock = lock
        self.requests = Requests(self.folder / REQUESTS_NAME)
        self.requests.clear()
        with contextlib.suppress(OSError):
            self.requests.folder.mkdir(exist_ok=True)
        return True

    def release(self) -> None:
        """Let the next copy start."""
        if self._lock is not None:
            with contextlib.suppress(OSError):
                self._lock.release()
            self._lock = None

    def hand_over(self, record: GameRecord | None, wait: float = ANSWER_SECONDS) -> int:
        """Ask the running copy to come forward (and to play ``record``), wait for its
        answer, and say what happened; the exit status for this start."""
        folder = self.folder / REQUESTS_NAME
        path = folder / f"{time.time_ns()}-{os.getpid()}.json"
        data = {"record": record.to_json() if record is not None else None}
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write_atomic(path, json.dumps(data))
        except (OSError, SaveFileError) as error:
            print(
                f"fireice: Fire & Ice is already open, and it could not be asked to come "
                f"forward ({error})",
                file=sys.stderr,
            )
            return 1
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if not path.exists():
                also = " to open the game" if record is not None else ""
                print(f"Fire & Ice is already open: its window was brought forward{also}.")
                return 0
            time.sleep(0.05)
        with contextlib.suppress(OSError):
            path.unlink()
        print(
            "fireice: Fire & Ice is already open but does not answer; close it and start again",
            file=sys.stderr,
        )
        return 1


__all__ = ["LOCK_NAME", "Request", "Requests", "SingleInstance"]
