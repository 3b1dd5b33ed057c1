"""The player's files: where they live, the autosave, and setting aside a file that
cannot be read.

This module is the home of every name the rest of the game uses for files: the safe
reading and atomic writing of any file (:mod:`.files.disk`) and the errors with their
words (:mod:`.files.errors`) are imported from here.  The autosave is written
atomically, and a file where it should be that is not a game is set aside under another
name, never replaced.  No pygame here: the command line uses this module too.
"""

from __future__ import annotations

import contextlib
import os
import stat
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import platformdirs

from ..engine.records.game import GameRecord
from ..engine.words import say
from .disk import (
    MAX_RECORD_BYTES,
    SAVE_SUFFIX,
    TEXT_SUFFIX,
    check_target,
    decode_text,
    read_bytes,
    read_game,
    read_text,
    write_atomic,
    write_game,
)
from .errors import SYSTEM_WORDS, SaveFileError, is_system_error, special_kind, system_words

APP_NAME: Final = "fireice-desktop"
AUTOSAVE_NAME: Final = "autosave.fireice"


# --- where the player's files live --------------------------------------------------------


def config_dir() -> Path:
    """Where settings live; ``FIREICE_CONFIG_DIR`` overrides it (tests, portable installs)."""
    override = os.environ.get("FIREICE_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME))


def data_dir() -> Path:
    """Where the autosave lives; ``FIREICE_DATA_DIR`` overrides it."""
    override = os.environ.get("FIREICE_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME))


def games_dir() -> Path:
    """Where the file dialogs start: the player's documents folder, else the home folder."""
    documents = Path(platformdirs.user_documents_dir())
    return documents if documents.is_dir() else Path.home()


def autosave_path() -> Path:
    """The autosave file."""
    return data_dir() / AUTOSAVE_NAME


def remove_stale_temporaries(folder: Path, name: str, age: float = 60.0) -> None:
    """Delete temporary files a killed program left beside ``name`` (older than ``age`` s).

    Younger ones may belong to another copy of the game writing at this moment.
    """
    try:
        candidates = list(folder.glob(f".{name}.*.tmp"))
    except OSError:
        return
    now = time.time()
    for candidate in candidates:
        with contextlib.suppress(OSError):
            if now - candidate.stat().st_mtime > age:
                candidate.unlink()


# --- the autosave -------------------------------------------------------------------------


def save_autosave(record: GameRecord) -> bool:
    """Keep ``record`` as the autosave; ``False`` if it could not be written."""
    return keep_autosave(record) is None


def keep_autosave(record: GameRecord) -> SaveFileError | None:
    """Keep ``record`` as the autosave; what went wrong if it could not be written."""
    try:
        data_dir().mkdir(parents=True, exist_ok=True)
        write_atomic(autosave_path(), record.to_json())
    except SaveFileError as error:
        return error  # a read-only home or a full disk must not stop the game
    except OSError as error:  # the data folder could not be made
        folder = Path(error.filename) if error.filename else data_dir()
        words = say("files.cannot_write_into", folder=str(folder), error=system_words(error))
        return SaveFileError(words, is_system_error(error))
    return None


@dataclass(frozen=True)
class KeptGame:
    """What the autosave holds: the game, or why it could not be read (``problem``) and
    the name its bytes were kept under (``set_aside_as``; ``None`` with a ``problem``
    when it could not be moved, and then a new game must not replace it)."""

    record: GameRecord | None = None
    problem: SaveFileError | None = None
    set_aside_as: Path | None = None
    set_aside_error: OSError | None = None

    @property
    def blocks_autosave(self) -> bool:
        """Whether the unreadable file is still where a new game would be kept."""
        return self.problem is not None and self.set_aside_as is None


def load_kept_game() -> KeptGame:
    """The autosaved game; a file there that is not one is set aside, never replaced.

    A regular file that cannot be read as a game (damaged, cut short, from a newer
    version, another encoding, an illegal move, unreadable) is renamed to
    ``autosave.unreadable.fireice`` (with the time when that is taken), so that its bytes
    stay for the player, or a newer version, to open.  A folder, named pipe or device
    there is no game and is left alone: saving then fails and says so.
    """
    remove_stale_temporaries(data_dir(), AUTOSAVE_NAME)
    path = autosave_path()
    try:
        return KeptGame(read_game(path))
    except SaveFileError as error:
        aside = set_aside_unreadable(path)
        if not aside.was_file:
            return KeptGame()  # no file (a folder, a device: left alone): nothing was kept
        return KeptGame(problem=error, set_aside_as=aside.target, set_aside_error=aside.error)


def load_autosave() -> GameRecord | None:
    """The autosaved game, or ``None`` if there is none or it cannot be read (then it is
    set aside: see :func:`load_kept_game`)."""
    return load_kept_game().record


# --- setting a file aside -----------------------------------------------------------------


@dataclass(frozen=True)
class SetAside:
    """What became of a kept file that could not be read: whether a regular file was there
    at all, the name it was moved to, or why it could not be moved."""

    was_file: bool
    target: Path | None = None
    error: OSError | None = None


def set_aside_unreadable(path: Path) -> SetAside:
    """Move the file at ``path``, which could not be read, to :func:`unreadable_name`, so
    that its bytes stay for the player and a new game never replaces them.  A folder, a
    named pipe or a device there, or nothing, is left alone."""
    try:
        info = os.lstat(path)
    except (OSError, ValueError):
        return SetAside(False)
    if not stat.S_ISREG(info.st_mode):
        return SetAside(False)
    target = unreadable_name(path)
    try:
        os.rename(path, target)
    except OSError as error:
        return SetAside(True, error=error)
    return SetAside(True, target=target)


def unreadable_name(path: Path) -> Path:
    """A free name beside ``path`` that says it could not be read:
    ``autosave.unreadable.fireice``, else with the time (and a number) added."""
    return free_name(path, "unreadable", keep_suffix=True)


def free_name(path: Path, mark: str, keep_suffix: bool = False) -> Path:
    """A name beside ``path`` that nothing has, with ``mark`` in it, to set ``path`` aside
    under: ``statistics.json.damaged``, or with ``keep_suffix`` before the suffix
    (``autosave.unreadable.fireice``, which Open still offers); with the time added when
    that name is taken, and a number when that is taken too."""

    def marked(extra: str) -> Path:
        if keep_suffix:
            return path.with_name(f"{path.stem}.{mark}{extra}{path.suffix}")
        return path.with_name(f"{path.name}.{mark}{extra}")

    first = marked("")
    if not os.path.lexists(first):
        return first
    stamp = time.strftime("%Y%m%d-%H%M%S")
    candidate = marked(f"-{stamp}")
    number = 2
    while os.path.lexists(candidate):
        candidate = marked(f"-{stamp}-{number}")
        number += 1
    return candidate


__all__ = [
    "MAX_RECORD_BYTES",
    "SAVE_SUFFIX",
    "SYSTEM_WORDS",
    "TEXT_SUFFIX",
    "KeptGame",
    "SaveFileError",
    "SetAside",
    "autosave_path",
    "check_target",
    "config_dir",
    "data_dir",
    "decode_text",
    "free_name",
    "games_dir",
    "is_system_error",
    "keep_autosave",
    "load_autosave",
    "load_kept_game",
    "read_bytes",
    "read_game",
    "read_text",
    "save_autosave",
    "set_aside_unreadable",
    "special_kind",
    "system_words",
    "unreadable_name",
    "write_atomic",
    "write_game",
]
