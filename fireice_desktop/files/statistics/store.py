"""The player's statistics: games won and lost, counted as they end, kept in a small JSON
file beside the autosave.

What counts (the Statistics screen says the same in short):

- A game between two sides (Fire & Ice, Icebreaker) counts once, when it ends as it is
  played.  Against the computer it is won or lost, counted by the computer's level and the
  side the person played; a handicap game against the computer counts there too, and on a
  line of its own.  Between two people at one computer (with a handicap or not) it is one
  game played, counted by the side that won.  A game the computer plays against itself
  does not count, nor a finished game opened from a file or the autosave, nor a game
  finished again after moves were taken back.
- A solitaire deal counts as played from the first move made on it, and as won when one
  peg is left (every peg of the other colour captured).  The streak is the number of deals
  won in a row: it ends when a move is made on another deal while the one played before
  was not won.  Taking moves back or restarting the same deal does not end it.  Every deal
  won is remembered by its number.

The file is read afresh before every change and written whole and atomically, through
:func:`~.storage.write_atomic`.  A file that is not statistics (not JSON, cut short, of the
wrong shape, a folder, unreadable) is set aside under another name for the player to look
at, and counting starts afresh; :attr:`StatisticsFile.notice` says so in one line.  Fields
a newer version of the game adds are kept as they are.  No pygame here.

This module is the home of the statistics' public names: what a screen reports
(:mod:`.statistics.played`), the counts and their JSON form (:mod:`.statistics.counts`)
and the checks of what the file may hold (:mod:`.statistics.checks`) are imported from
here.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from ...engine.words import Words, say
from ..storage import (
    SaveFileError,
    data_dir,
    free_name,
    remove_stale_temporaries,
    special_kind,
    system_words,
    write_atomic,
)
from .checks import DEALS, MAX_BYTES, MAX_COUNT, StatisticsError
from .counts import (
    DASH,
    DEAL_GAMES,
    FORMAT,
    VERSION,
    DealStatistics,
    DuelStatistics,
    Statistics,
    Tally,
    deal_ranges,
)
from .played import DealPlayed, DuelPlayed, Played

FILE_NAME: Final = "statistics.json"


class Notice(str):
    """A line for the player: its English, and :attr:`words` to say it in their language."""

    words: Words

    def __new__(cls, key: str, **values: Any) -> Notice:
        words = say(f"statistics.{key}", **values)
        notice = super().__new__(cls, str(words))
        notice.words = words
        return notice


#: What :func:`~.storage.special_kind` says a file is -> the key of the same words.
_KINDS: Final = {
    "a folder": "kind_folder",
    "a named pipe (FIFO)": "kind_pipe",
    "a device": "kind_device",
    "a socket": "kind_socket",
    "a special file": "kind_special",
}


# --- the file -----------------------------------------------------------------------------


class StatisticsFile:
    """The statistics in the player's data folder (or in ``path``).

    Each change reads the file, changes the counts and writes them back at once, so that
    nothing is lost when the game is killed, and two copies of the game running side by
    side both count.  :attr:`notice` is a line for the player when the file had to be set
    aside or could not be written.
    """

    def __init__(self, path: Path | None = None) -> None:
        self._path = path
        self.notice = ""

    @property
    def path(self) -> Path:
        """The file: ``statistics.json`` in the data folder, unless given."""
        return self._path if self._path is not None else data_dir() / FILE_NAME

    def load(self) -> Statistics:
        """The statistics in the file (none yet if there is no file or it was damaged)."""
        return self._load()[0]

    def change(self, change: Callable[[Statistics], object]) -> bool:
        """Apply ``change`` to the statistics in the file and write them back if it changed
        them; ``False`` if they could not be written."""
        statistics, writable = self._load()
        if not writable:
            return False
        before = statistics.to_json()
        change(statistics)
        return statistics.to_json() == before or self._save(statistics)

    def reset(self) -> bool:
        """Start counting afresh (the player asked for it); ``False`` if that failed."""
        if not self._save(Statistics()):
            return False
        self.notice = ""
        return True

    def _load(self) -> tuple[Statistics, bool]:
        """The statistics, and whether the file may be written (it is not a damaged file
        that could not be set aside)."""
        path = self.path
        remove_stale_temporaries(path.parent, path.name)
        try:
            return Statistics.from_text(_read(path)), True
        except FileNotFoundError:
            return Statistics(), True
        except _NoFolder as blocked:  # no file, and none can be made: nothing to set aside
            self.notice = blocked.notice
            return Statistics(), False
        except StatisticsError as error:
            return Statistics(), self._set_aside(error.words)

    def _set_aside(self, problem: Words) -> bool:
        """Rename the damaged file out of the way; ``False`` if that was not possible."""
        path = self.path
        target = free_name(path, "damaged")
        try:
            os.rename(path, target)
        except OSError as error:
            self.notice = Notice(
                "notice_not_set_aside", problem=problem, error=system_words(error), path=path
            )
            return False
        self.notice = Notice("notice_set_aside", problem=problem, name=target.name)
        return True

    def _save(self, statistics: Statistics) -> bool:
        path = self.path
        try:
            text = statistics.checked_text()
        except StatisticsError as error:  # the next start would set the file aside
            self.notice = Notice("notice_would_not_read_back", problem=error.words)
            return False
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, text)
        except SaveFileError as error:
            self.notice = Notice("notice_not_saved", error=error.words)
            return False
        except OSError as error:  # the folder could not be made
            folder = str(error.filename or path.parent)
            words = say("files.cannot_write_into", folder=folder, error=system_words(error))
            self.notice = Notice("notice_not_saved", error=words)
            return False
        return True


def _read(path: Path) -> str:
    """The text of the statistics file; ``FileNotFoundError`` if there is none, else
    :class:`StatisticsError` when it cannot be statistics."""
    try:
        # A folder, named pipe or device is refused before it is opened (a pipe would
        # block the read for ever); the file is opened without waiting, as storage does.
        kind = special_kind(os.stat(path).st_mode)
        if kind is not None:
            raise StatisticsError("file_is_kind", kind=say(f"statistics.{_KINDS[kind]}"))
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(handle, "rb") as stream:
            data = stream.read(MAX_BYTES + 1)
    except (StatisticsError, FileNotFoundError):
        raise
    except NotADirectoryError:  # no file, as a folder on its way is a file
        notice = _no_folder_notice(path.parent)
        if notice is None:  # moved meanwhile: there is no file either way
            raise FileNotFoundError(path) from None
        raise _NoFolder(notice) from None
    except PermissionError:
        raise StatisticsError("file_not_readable") from None
    except OSError as error:
        raise StatisticsError("file_cannot_read", error=system_words(error)) from None
    if len(data) > MAX_BYTES:
        raise StatisticsError("file_too_large", megabytes=MAX_BYTES // (1024 * 1024))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise StatisticsError("file_not_text") from None


class _NoFolder(Exception):
    """The statistics' folder is a file, or under one: there is no statistics file, and
    none can be written; :attr:`notice` says so."""

    def __init__(self, notice: Notice) -> None:
        super().__init__(str(notice))
        self.notice = notice


def _no_folder_notice(folder: Path) -> Notice | None:
    """The notice that says ``folder`` cannot hold the statistics because it is a file,
    or a folder above it is; ``None`` if no file is in the way."""
    for place in (folder, *folder.parents):
        if os.path.isdir(place):
            return None
        if os.path.exists(place):
            if place == folder:
                return Notice("notice_folder_is_file", folder=str(folder))
            return Notice("notice_folder_under_file", folder=str(folder), file=str(place))
    return None


__all__ = [
    "DASH",
    "DEALS",
    "DEAL_GAMES",
    "FILE_NAME",
    "FORMAT",
    "MAX_BYTES",
    "MAX_COUNT",
    "VERSION",
    "DealPlayed",
    "DealStatistics",
    "DuelPlayed",
    "DuelStatistics",
    "Played",
    "Statistics",
    "StatisticsError",
    "StatisticsFile",
    "Tally",
    "deal_ranges",
]
