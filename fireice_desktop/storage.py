"""Files on disk: saved games, the autosave and where the player's files live.

Every write is atomic: the text goes to a temporary file in the same folder, is
flushed to the disk, and then replaces the target with ``os.replace``.  Killing the
program at any instant leaves either the old file or the new one, never half of one.

Reading a game checks the file before it is parsed (a folder, missing, unreadable,
too large, not text) and then parses it as data, never as code.  Every problem is a
:class:`SaveFileError` whose message a player can act on.  No pygame here: the
command line uses this module too.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from pathlib import Path
from typing import Final

import platformdirs

from .engine.errors import IllegalMoveError
from .engine.record import GameRecord

APP_NAME: Final = "fireice-desktop"
#: A game record is a few kilobytes at most; anything far larger is not one.
MAX_RECORD_BYTES: Final = 256 * 1024
SAVE_SUFFIX: Final = ".fireice"
TEXT_SUFFIX: Final = ".txt"
AUTOSAVE_NAME: Final = "autosave.fireice"


class SaveFileError(ValueError):
    """A game file that cannot be read or written; the message says why, in plain words."""


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


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically; raises :class:`SaveFileError` on failure.

    On any failure the temporary file is removed and ``path`` is left as it was.
    """
    path = Path(path)
    if path.is_dir():
        raise SaveFileError(f"{path} is a folder: choose a file name")
    folder = path.parent
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except FileNotFoundError:
        raise SaveFileError(f"the folder {folder} does not exist") from None
    except PermissionError:
        raise SaveFileError(f"this program may not write into {folder}") from None
    except OSError as error:
        raise SaveFileError(f"cannot write into {folder}: {error.strerror or error}") from None
    try:
        # mkstemp makes the file private (0600); give it the mode a new file gets, or keep
        # the mode of the file it replaces.
        mode = path.stat().st_mode & 0o777 if path.exists() else 0o666 & ~_umask()
        with contextlib.suppress(OSError, AttributeError):  # Windows has no fchmod
            os.fchmod(handle, mode)
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException as error:  # interrupted too: never leave the temporary file behind
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, PermissionError):
            raise SaveFileError(f"this program may not write {path}") from None
        if isinstance(error, OSError):
            raise SaveFileError(f"cannot write {path}: {error.strerror or error}") from None
        raise


def _umask() -> int:
    """The process's umask, read without changing it where the system allows.

    ``os.umask`` can only read the mask by setting it, which would race with worker
    threads creating files meanwhile; Linux shows it in ``/proc/self/status`` instead.
    """
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)  # elsewhere: set it and put it straight back
    os.umask(mask)
    return mask


def read_text(path: Path, limit: int = MAX_RECORD_BYTES) -> str:
    """The text of a small file, or :class:`SaveFileError` saying why it cannot be read."""
    path = Path(path)
    try:
        if path.is_dir():
            raise SaveFileError(f"{path.name or path} is a folder, not a saved game")
        with path.open("rb") as stream:
            data = stream.read(limit + 1)
    except SaveFileError:
        raise
    except FileNotFoundError:
        raise SaveFileError(f"{path} does not exist") from None
    except PermissionError:
        raise SaveFileError(f"this program may not read {path}") from None
    except OSError as error:
        raise SaveFileError(f"cannot read {path}: {error.strerror or error}") from None
    if len(data) > limit:
        raise SaveFileError(
            f"{path.name} is too large to be a saved game "
            f"(over {limit // 1024} kB; a game takes about 1 kB)"
        )
    if b"\0" in data:
        raise SaveFileError(f"{path.name} is not a saved game: it is not a text file")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SaveFileError(f"{path.name} is not a saved game: it is not UTF-8 text") from None


def read_game(path: Path) -> GameRecord:
    """The game saved in ``path`` (a ``.fireice`` record or plain text in pbmserv notation).

    Raises :class:`SaveFileError` naming the file and what is wrong with it.
    """
    path = Path(path)
    text = read_text(path)
    try:
        return GameRecord.parse(text)
    except IllegalMoveError as error:
        raise SaveFileError(f"{path.name} holds an illegal move: {error}") from None
    except ValueError as error:
        if path.suffix.lower() == SAVE_SUFFIX and text.lstrip("\ufeff \t\r\n")[:1] not in "{[":
            raise SaveFileError(
                f"{path.name} is not a saved game: it is neither a game record nor a game "
                f"written as text ({error})"
            ) from None
        raise SaveFileError(f"{path.name}: {error}") from None


def write_game(path: Path, record: GameRecord) -> None:
    """Save ``record`` to ``path``: plain text for ``.txt``, else the ``.fireice`` record."""
    path = Path(path)
    text = record.to_text() if path.suffix.lower() == TEXT_SUFFIX else record.to_json()
    write_atomic(path, text)


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


def save_autosave(record: GameRecord) -> bool:
    """Keep ``record`` as the autosave; ``False`` if it could not be written."""
    try:
        data_dir().mkdir(parents=True, exist_ok=True)
        write_atomic(autosave_path(), record.to_json())
    except (OSError, SaveFileError):
        return False  # a read-only home must not stop the game
    return True


def load_autosave() -> GameRecord | None:
    """The autosaved game, or ``None`` if there is none or it cannot be read."""
    remove_stale_temporaries(data_dir(), AUTOSAVE_NAME)
    try:
        return read_game(autosave_path())
    except SaveFileError:
        return None


__all__ = [
    "SaveFileError",
    "autosave_path",
    "config_dir",
    "data_dir",
    "games_dir",
    "load_autosave",
    "read_game",
    "save_autosave",
    "write_atomic",
    "write_game",
]
