"""Reading and writing a file safely: game files, settings, any small text.

Every write is atomic: the text goes to a temporary file in the same folder, is
flushed to the disk, and then replaces the target with ``os.replace``.  Killing the
program at any instant leaves either the old file or the new one, never half of one.

Reading a game checks the file before it is parsed (a folder, missing, unreadable,
too large, not text) and then parses it as data, never as code.  Anything but a
regular file (a named pipe, a device, a socket) is refused before it is opened, as
opening a named pipe waits for a writer that may never come; reads stop at a size
limit, so ``/dev/zero`` or a huge file cannot fill the memory.  Writing never
replaces a folder or a special file.  Every problem is a
:class:`~.files.errors.SaveFileError` whose message a player can act on.
:mod:`.storage` is the home of these names; no pygame here.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path
from typing import Final

from ..engine.errors import IllegalMoveError, words_of
from ..engine.records.game import GameRecord
from ..engine.words import named
from .errors import SaveFileError, is_system_error, kind_words, refuse, special_kind, system_words

#: A game record is a few kilobytes at most; anything far larger is not one.
MAX_RECORD_BYTES: Final = 256 * 1024
SAVE_SUFFIX: Final = ".fireice"
TEXT_SUFFIX: Final = ".txt"

#: ``os.open`` flags for reading: never wait on a named pipe that slipped past the check,
#: and read bytes as they are on Windows.
_READ_FLAGS: Final = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


# --- writing ------------------------------------------------------------------------------


def check_target(path: Path) -> None:
    """Refuse a place no file can be written to, before anything is made.

    ``path`` must not be a folder or a special file (writing would replace the named
    pipe or device node, or fail), and its folder must exist and be writable.  Raises
    :class:`SaveFileError` saying which.
    """
    path = Path(path)
    try:
        info: os.stat_result | None = os.stat(path)
    except ValueError:  # a NUL in the name: no file can be called that
        raise refuse("bad_name", path=named(path)) from None
    except PermissionError:  # a folder on the way that may not be looked into
        raise refuse("may_not_write", path=named(path)) from None
    except OSError as error:
        if error.errno == errno.ENAMETOOLONG:  # longer than the system takes: never a file
            raise refuse("cannot_write", path=named(path), error=system_words(error)) from None
        info = None  # no file yet, or a dangling or looping link: mkstemp says what
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise refuse("is_folder_choose", path=named(path))
    if info is not None and not stat.S_ISREG(info.st_mode):
        kind = kind_words(str(special_kind(info.st_mode)))
        raise refuse("is_kind_choose", path=named(path), kind=kind)
    folder = path.parent
    # os.path's checks, not Path's: they answer False for any error instead of raising.
    if info is None and not os.path.isdir(folder):
        if os.path.exists(folder):
            raise refuse("parent_not_folder", folder=named(folder), path=named(path))
        raise refuse("no_folder", folder=named(folder))
    if not os.access(folder, os.W_OK):  # a read-only folder (root may write anywhere)
        raise refuse("may_not_write_into", folder=named(folder))


def write_atomic(path: Path, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` atomically; raises :class:`SaveFileError`.

    On any failure the temporary file is removed and ``path`` is left as it was.
    """
    path = Path(path)
    check_target(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    folder = path.parent
    # The temporary file's name: the target's, cut so that the additions fit a name's limit.
    prefix = f".{path.name[:200]}."
    try:
        handle, temporary = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=folder)
    except FileNotFoundError:
        raise refuse("no_folder", folder=named(folder)) from None
    except NotADirectoryError:
        raise refuse("parent_not_folder", folder=named(folder), path=named(path)) from None
    except PermissionError:
        raise refuse("may_not_write_into", folder=named(folder)) from None
    except OSError as error:
        raise refuse(
            "cannot_write_into",
            is_system_error(error),
            folder=named(folder),
            error=system_words(error),
        ) from None
    try:
        # mkstemp makes the file private (0600); give it the mode a new file gets, or keep
        # the mode of the file it replaces.
        mode = path.stat().st_mode & 0o777 if path.exists() else 0o666 & ~_umask()
        with contextlib.suppress(OSError, AttributeError):  # Windows has no fchmod
            os.fchmod(handle, mode)
        with os.fdopen(handle, "wb") as stream:
            stream.write(raw)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException as error:  # interrupted too: never leave the temporary file behind
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, PermissionError):
            raise refuse("may_not_write", path=named(path)) from None
        if isinstance(error, OSError):
            raise refuse(
                "cannot_write", is_system_error(error), path=named(path), error=system_words(error)
            ) from None
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


# --- reading ------------------------------------------------------------------------------


def _refuse_unreadable(path: Path, error: OSError | ValueError) -> SaveFileError:
    """The message for a file that cannot be opened or read."""
    if isinstance(error, FileNotFoundError):
        return refuse("missing", path=named(path))
    if isinstance(error, NotADirectoryError):
        return refuse("missing_parent", path=named(path), folder=named(path.parent))
    if isinstance(error, PermissionError):
        return refuse("may_not_read", path=named(path))
    if isinstance(error, ValueError):  # a NUL in the name: no file is called that
        return refuse("bad_name", path=named(path))
    return refuse(
        "cannot_read", is_system_error(error), path=named(path), error=system_words(error)
    )


def read_bytes(path: Path, limit: int = MAX_RECORD_BYTES) -> bytes:
    """Up to ``limit + 1`` bytes of the regular file ``path`` (one more than the limit
    tells a file that is too large); :class:`SaveFileError` if it is no such file.

    A folder, named pipe, device or socket is refused from its ``stat`` before it is
    opened; the file is opened without waiting, and checked again once open, in case
    it was swapped meanwhile.
    """
    path = Path(path)
    try:
        kind = special_kind(os.stat(path).st_mode)
    except (OSError, ValueError) as error:
        raise _refuse_unreadable(path, error) from None
    if kind == "a folder":
        raise refuse("folder_not_game", name=named(path.name or path))
    if kind is not None:
        raise refuse("kind_not_game", path=named(path), kind=kind_words(kind))
    try:
        handle = os.open(path, _READ_FLAGS)
    except OSError as error:
        raise _refuse_unreadable(path, error) from None
    try:
        kind = special_kind(os.fstat(handle).st_mode)
        if kind is not None:
            raise refuse("kind_not_game", path=named(path), kind=kind_words(kind))
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(handle, min(left, 64 * 1024))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as error:
        raise _refuse_unreadable(path, error) from None
    finally:
        os.close(handle)
    return b"".join(chunks)


def decode_text(data: bytes, name: str, limit: int = MAX_RECORD_BYTES) -> str:
    """``data`` read from ``name`` (a file's name, "standard input") as text, or
    :class:`SaveFileError` if it is too large (over ``limit`` bytes) or not UTF-8 text."""
    if len(data) > limit:
        raise refuse("too_large", name=named(name), kb=limit // 1024)
    if b"\0" in data:
        raise refuse("not_text", name=named(name))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise refuse("not_utf8", name=named(name)) from None


def read_text(path: Path, limit: int = MAX_RECORD_BYTES) -> str:
    """The text of a small regular file, or :class:`SaveFileError` saying why it cannot
    be read (see :func:`read_bytes` and :func:`decode_text`)."""
    path = Path(path)
    return decode_text(read_bytes(path, limit), path.name, limit)


# --- games --------------------------------------------------------------------------------


def read_game(path: Path) -> GameRecord:
    """The game saved in ``path`` (a ``.fireice`` record or plain text in pbmserv notation).

    Raises :class:`SaveFileError` naming the file and what is wrong with it.
    """
    path = Path(path)
    text = read_text(path)
    try:
        return GameRecord.parse(text)
    except IllegalMoveError as error:
        raise refuse("illegal_move", name=named(path.name), error=words_of(error)) from None
    except ValueError as error:
        if path.suffix.lower() == SAVE_SUFFIX and text.lstrip("\ufeff \t\r\n")[:1] not in "{[":
            raise refuse("neither", name=named(path.name), error=words_of(error)) from None
        raise refuse("damaged", name=named(path.name), error=words_of(error)) from None


def write_game(path: Path, record: GameRecord) -> None:
    """Save ``record`` to ``path``: plain text for ``.txt``, else the ``.fireice`` record."""
    path = Path(path)
    text = record.to_text() if path.suffix.lower() == TEXT_SUFFIX else record.to_json()
    write_atomic(path, text)


__all__ = [
    "MAX_RECORD_BYTES",
    "SAVE_SUFFIX",
    "TEXT_SUFFIX",
    "check_target",
    "decode_text",
    "read_bytes",
    "read_game",
    "read_text",
    "write_atomic",
    "write_game",
]
