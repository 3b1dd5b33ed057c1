"""What goes wrong with a file, in words a player can act on.

:class:`SaveFileError` is every problem with a game file; :func:`system_words` says the
system's own error in the player's language when it is a common one, and
:func:`special_kind` names what a path is when it is not a regular file (a folder, a
named pipe, a device).  :mod:`.storage` is the home of these names; no pygame here.
"""

from __future__ import annotations

import errno
import stat
from typing import Final

from ..engine.words import Words, say

#: Errors that are the computer's, not the choice of file: a full disk, a failing device.
_SYSTEM_ERRNOS: Final = frozenset(
    getattr(errno, name)
    for name in ("ENOSPC", "EDQUOT", "EIO", "ENOMEM", "ENOBUFS", "EFBIG")
    if hasattr(errno, name)
)


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


def refuse(key: str, system: bool = False, /, **values: object) -> SaveFileError:
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


def kind_words(kind: str) -> Words:
    """The words of what :func:`special_kind` says a file is."""
    return say(_KIND_KEYS.get(str(kind), "files.kind_special"))


__all__ = [
    "SYSTEM_WORDS",
    "SaveFileError",
    "is_system_error",
    "kind_words",
    "refuse",
    "special_kind",
    "system_words",
]
