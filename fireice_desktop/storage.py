"""Files on disk: saved games, the autosave and where the player's files live.

Every write is atomic: the text goes to a temporary file in the same folder, is
flushed to the disk, and then replaces the target with ``os.replace``.  Killing the
program at any instant leaves either the old file or the new one, never half of one.

Reading a game checks the file before it is parsed (a folder, missing, unreadable,
too large, not text) and then parses it as data, never as code.  Anything but a
regular file (a named pipe, a device, a socket) is refused before it is opened, as
opening a named pipe waits for a writer that may never come; reads stop at a size
limit, so ``/dev/zero`` or a huge file cannot fill the memory.  Writing never
replaces a folder or a special file.  Every problem is a :class:`SaveFileError`
whose message a player can act on.  No pygame here: the command line uses this
module too.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import platformdirs

from .engine.errors import IllegalMoveError, words_of
from .engine.record import GameRecord
from .engine.words import Words, named, say

APP_NAME: Final = "fireice-desktop"
#: A game record is a few kilobytes at most; anything far larger is not one.
MAX_RECORD_BYTES: Final = 256 * 1024
SAVE_SUFFIX: Final = ".fireice"
TEXT_SUFFIX: Final = ".txt"
AUTOSAVE_NAME: Final = "autosave.fireice"


#: Errors that are the computer's, not the choice of file: a full disk, a failing device.
_SYSTEM_ERRNOS: Final = frozenset(
    getattr(errno, name)
    for name in ("ENOSPC", "EDQUOT", "EIO", "ENOMEM", "ENOBUFS", "EFBIG")
    if hasattr(errno, name)
)

#: ``os.open`` flags for reading: never wait on a named pipe that slipped past the check,
#: and read bytes as they are on Windows.
_READ_FLAGS: Final = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


class SaveFileError(ValueError):
    """A game file that cannot be read or written; the message says why, in plain words.

    The message is :class:`~.engine.words.Words` (a plain string is accepted too):
    ``str(error)`` is its English, what the command line prints, and :attr:`words` lets
    the desktop game say it in the player's language.  ``system``: the computer failed
    (a full disk, an input/output error) rather than the file chosen being a wrong one;
    the command line exits with status 1 for it, not 2.
    """

    words: Words | str

    def __init__(self, message: Words | str, system: bool = False) -> None:
        super().__init__(str(message))
        self.words = message
        self.system = system

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.words, self.system))


def _refuse(key: str, system: bool = False, /, **values: object) -> SaveFileError:
    """The :class:`SaveFileError` saying the ``files`` section's ``key``."""
    return SaveFileError(say(f"files.{key}", **values), system)


#: The system's errors a player may meet with a file -> the key of the same words.
SYSTEM_WORDS: Final = {
    errno.ENOENT: "system.no_such_file",
    errno.EACCES: "system.permission_denied",
    errno.EPERM: "system.not_permitted",
    errno.ENOSPC: "system.disk_full",
    errno.EDQUOT: "system.quota",
    errno.EROFS: "system.read_only",
    errno.EISDIR: "system.is_folder",
    errno.ENOTDIR: "system.not_folder",
    errno.EEXIST: "system.exists",
    errno.EIO: "system.input_output",
    errno.ENAMETOOLONG: "system.name_too_long",
    errno.EMFILE: "system.too_many_open",
    errno.EBUSY: "system.busy",
    errno.ELOOP: "system.links",
    errno.ENXIO: "system.no_device_or_address",
    errno.ENODEV: "system.no_device",
    errno.EINVAL: "system.invalid_argument",
    errno.ETXTBSY: "system.text_busy",
    errno.EXDEV: "system.cross_device",
    errno.EAGAIN: "system.try_again",
}


def system_words(error: OSError) -> Words | str:
    """What the system said about ``error``: its own words, as :class:`Words` (so that the
    desktop game says them in the player's language) when they are the English ones of a
    common error; otherwise the system's words as they are."""
    text = str(error.strerror or error)
    key = SYSTEM_WORDS.get(error.errno or 0)
    if key is not None:
        words = say(key)
        if words == text:
            return words
    return text


def is_system_error(error: OSError) -> bool:
    """Whether ``error`` is the computer's failure (a full disk, an input/output error)."""
    return error.errno in _SYSTEM_ERRNOS


def special_kind(mode: int) -> str | None:
    """What a file of ``mode`` is, when it is not a regular file: "a folder", "a named
    pipe (FIFO)", "a device", "a socket"; ``None`` for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


#: What :func:`special_kind` says a file is -> the key of the same words.
_KIND_KEYS: Final = {
    "a folder": "files.kind_folder",
    "a named pipe (FIFO)": "files.kind_fifo",
    "a device": "files.kind_device",
    "a socket": "files.kind_socket",
    "a special file": "files.kind_special",
}


def _kind_words(kind: str) -> Words:
    """The words of what :func:`special_kind` says a file is."""
    return say(_KIND_KEYS.get(str(kind), "files.kind_special"))


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
        raise _refuse("bad_name", path=named(path)) from None
    except PermissionError:  # a folder on the way that may not be looked into
        raise _refuse("may_not_write", path=named(path)) from None
    except OSError as error:
        if error.errno == errno.ENAMETOOLONG:  # longer than the system takes: never a file
            raise _refuse("cannot_write", path=named(path), error=system_words(error)) from None
        info = None  # no file yet, or a dangling or looping link: mkstemp says what
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise _refuse("is_folder_choose", path=named(path))
    if info is not None and not stat.S_ISREG(info.st_mode):
        kind = _kind_words(str(special_kind(info.st_mode)))
        raise _refuse("is_kind_choose", path=named(path), kind=kind)
    folder = path.parent
    # os.path's checks, not Path's: they answer False for any error instead of raising.
    if info is None and not os.path.isdir(folder):
        if os.path.exists(folder):
            raise _refuse("parent_not_folder", folder=named(folder), path=named(path))
        raise _refuse("no_folder", folder=named(folder))
    if not os.access(folder, os.W_OK):  # a read-only folder (root may write anywhere)
        raise _refuse("may_not_write_into", folder=named(folder))


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
        raise _refuse("no_folder", folder=named(folder)) from None
    except NotADirectoryError:
        raise _refuse("parent_not_folder", folder=named(folder), path=named(path)) from None
    except PermissionError:
        raise _refuse("may_not_write_into", folder=named(folder)) from None
    except OSError as error:
        raise _refuse(
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
            raise _refuse("may_not_write", path=named(path)) from None
        if isinstance(error, OSError):
            raise _refuse(
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


def _refuse_unreadable(path: Path, error: OSError | ValueError) -> SaveFileError:
    """The message for a file that cannot be opened or read."""
    if isinstance(error, FileNotFoundError):
        return _refuse("missing", path=named(path))
    if isinstance(error, NotADirectoryError):
        return _refuse("missing_parent", path=named(path), folder=named(path.parent))
    if isinstance(error, PermissionError):
        return _refuse("may_not_read", path=named(path))
    if isinstance(error, ValueError):  # a NUL in the name: no file is called that
        return _refuse("bad_name", path=named(path))
    return _refuse(
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
        raise _refuse("folder_not_game", name=named(path.name or path))
    if kind is not None:
        raise _refuse("kind_not_game", path=named(path), kind=_kind_words(kind))
    try:
        handle = os.open(path, _READ_FLAGS)
    except OSError as error:
        raise _refuse_unreadable(path, error) from None
    try:
        kind = special_kind(os.fstat(handle).st_mode)
        if kind is not None:
            raise _refuse("kind_not_game", path=named(path), kind=_kind_words(kind))
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
        raise _refuse("too_large", name=named(name), kb=limit // 1024)
    if b"\0" in data:
        raise _refuse("not_text", name=named(name))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _refuse("not_utf8", name=named(name)) from None


def read_text(path: Path, limit: int = MAX_RECORD_BYTES) -> str:
    """The text of a small regular file, or :class:`SaveFileError` saying why it cannot
    be read (see :func:`read_bytes` and :func:`decode_text`)."""
    path = Path(path)
    return decode_text(read_bytes(path, limit), path.name, limit)


def read_game(path: Path) -> GameRecord:
    """The game saved in ``path`` (a ``.fireice`` record or plain text in pbmserv notation).

    Raises :class:`SaveFileError` naming the file and what is wrong with it.
    """
    path = Path(path)
    text = read_text(path)
    try:
        return GameRecord.parse(text)
    except IllegalMoveError as error:
        raise _refuse("illegal_move", name=named(path.name), error=words_of(error)) from None
    except ValueError as error:
        if path.suffix.lower() == SAVE_SUFFIX and text.lstrip("\ufeff \t\r\n")[:1] not in "{[":
            raise _refuse("neither", name=named(path.name), error=words_of(error)) from None
        raise _refuse("damaged", name=named(path.name), error=words_of(error)) from None


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
        return _refuse(
            "cannot_write_into",
            is_system_error(error),
            folder=str(folder),
            error=system_words(error),
        )
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
        try:
            info = os.lstat(path)
        except (OSError, ValueError):
            return KeptGame()  # no file at all (or no data folder): nothing was kept
        if not stat.S_ISREG(info.st_mode):
            return KeptGame()
        target = unreadable_name(path)
        try:
            os.rename(path, target)
        except OSError as rename_error:
            return KeptGame(problem=error, set_aside_error=rename_error)
        return KeptGame(problem=error, set_aside_as=target)


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


def load_autosave() -> GameRecord | None:
    """The autosaved game, or ``None`` if there is none or it cannot be read (then it is
    set aside: see :func:`load_kept_game`)."""
    return load_kept_game().record


__all__ = [
    "SYSTEM_WORDS",
    "KeptGame",
    "SaveFileError",
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
    "special_kind",
    "system_words",
    "unreadable_name",
    "write_atomic",
    "write_game",
]
