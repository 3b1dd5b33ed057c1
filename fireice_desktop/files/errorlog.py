"""The log of what went wrong in the desktop game, kept in the player's data folder.

When an error nobody foresaw reaches the desktop game's main loop, the game keeps the
game in progress, tells the player in its own words, and writes the details here (not to
a terminal the player may not have), for the player to send with a report.  The log is
small: past :data:`MAX_BYTES` only its newer half is kept.  No pygame here.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path
from typing import Final

from .storage import data_dir

LOG_NAME: Final = "errors.log"
#: The log never grows past this; older reports go first.
MAX_BYTES: Final = 256 * 1024


def log_path() -> Path:
    """Where the details of an error go."""
    return data_dir() / LOG_NAME


def append_report(details: str) -> Path | None:
    """Add ``details`` (a traceback) to the log, with the time; the log's path, or
    ``None`` if it cannot be written (then the caller says so instead)."""
    path = log_path()
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    entry = f"--- {stamp} (process {os.getpid()})\n{details.rstrip()}\n\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _trim(path)
        with open(path, "a", encoding="utf-8", errors="backslashreplace") as log:
            log.write(entry)
    except (OSError, ValueError):
        return None
    return path


def _trim(path: Path) -> None:
    """Keep the newer half of a log that has grown past :data:`MAX_BYTES`."""
    with contextlib.suppress(FileNotFoundError):
        if path.stat().st_size <= MAX_BYTES:
            return
        with open(path, "rb") as log:
            log.seek(-(MAX_BYTES // 2), os.SEEK_END)
            newer = log.read()
        start = newer.find(b"\n--- ")
        path.write_bytes(newer[start + 1 :] if start >= 0 else newer)


__all__ = ["LOG_NAME", "MAX_BYTES", "append_report", "log_path"]
