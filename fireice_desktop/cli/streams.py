"""Every file and standard stream a command reads or writes, handled in one place.

- a game named on the command line, a path or ``-`` for standard input
  (:func:`read_game_argument`, for ``game show``, ``game export``, ``game import``
  and ``--open``);
- standard input typed at the terminal game (:func:`read_line`; the game talks
  through :data:`STANDARD_TERMINAL`);
- standard output (:func:`say`, :func:`flush_output`), for every command;
- a file written (:func:`check_output_file` before the work, :func:`write_output_file`
  after it, for ``-o`` and ``--screenshot``), always atomically: a temporary file that
  then replaces the target, so no half-written file is ever left behind.

The same problem gets the same one line, naming the path or the stream and the
reason, whatever command meets it, and the same exit status:

- 2, the user's mistake: the command as typed cannot work and typed another way it
  will.  A path that does not exist, is a folder, a named pipe, a device or a
  socket, that is too large or not a game, or exists where ``--force`` is needed;
  and a standard stream the command needs that the command line closed (``<&-``,
  ``>&-``): closing it was part of what was typed.
- 1, the system's failure: a full disk or quota, an input/output error, a device
  that fails; the same command works once the system is healthy.
- A reader that goes away (``fireice show | head -c1``: a broken pipe) is not an
  error to report: the command stops quietly, with status 1, as its output was not
  all delivered (:func:`discard_output`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from pathlib import Path
from typing import BinaryIO, Final, TextIO

from ..engine.records.game import GameRecord
from ..engine.words import named
from ..files.storage import (
    MAX_RECORD_BYTES,
    SaveFileError,
    check_target,
    decode_text,
    is_system_error,
    read_game,
    write_atomic,
)
from .errors import EXIT_FAILURE, EXIT_USAGE, CommandError, tell, write_text

#: The name that stands for standard input (reading) or standard output (``-o -``).
STANDARD_STREAM = "-"

#: The longest line the terminal game reads; a longer one is not typed input.
MAX_LINE = 1024


# --- files --------------------------------------------------------------------------------


def file_error(error: SaveFileError) -> CommandError:
    """The command's error for a file that cannot be read or written."""
    return CommandError(str(error), status=EXIT_FAILURE if error.system else EXIT_USAGE)


def read_game_argument(name: str) -> GameRecord:
    """The game in file ``name`` (``-``: standard input), or a one-line reason it is not one."""
    if name != STANDARD_STREAM:
        try:
            return read_game(Path(name))
        except SaveFileError as error:
            raise file_error(error) from None
    data = _read_stdin(MAX_RECORD_BYTES + 1, "give the game on it, like < game.txt, or name a file")
    try:
        return GameRecord.parse(decode_text(data, "standard input"))
    except SaveFileError as error:
        raise file_error(error) from None
    except ValueError as error:
        raise CommandError(f"standard input: {error}") from None


def check_output_file(name: str) -> Path:
    """The path ``name`` to write, refused before any work if no file can be written there
    (a folder, a special file, a folder that does not exist or may not be written)."""
    path = Path(name)
    try:
        check_target(path)
    except SaveFileError as error:
        raise file_error(error) from None
    return path


def write_output_file(path: Path, data: str | bytes) -> None:
    """Write ``data`` to ``path`` atomically, or say in one line why it cannot be."""
    try:
        write_atomic(path, data)
    except SaveFileError as error:
        raise file_error(error) from None


def write_output(name: str | None, text: str, force: bool) -> None:
    """``text`` to standard output (``name`` ``None`` or ``-``), or written atomically to
    the file ``name``; an existing file is replaced only with ``force``."""
    if name is None or name == STANDARD_STREAM:
        say(text, end="")
        return
    path = check_output_file(name)
    if path.exists() and not force:
        raise CommandError(f"{named(path)} already exists: add --force to replace it")
    write_output_file(path, text)


# --- standard input -------------------------------------------------------------------------


def _stdin(purpose: str) -> TextIO:
    """Standard input, or the error that says it is closed (``<&-``) and what it is for."""
    stream = sys.stdin
    if stream is None or stream.closed:
        raise CommandError(f"standard input is closed: {purpose}")
    return stream


def _input_error(error: OSError, purpose: str) -> CommandError:
    if error.errno == errno.EBADF:
        return CommandError(f"standard input is closed: {purpose}")
    status = EXIT_FAILURE if is_system_error(error) else EXIT_USAGE
    return CommandError(f"cannot read standard input: {error.strerror or error}", status)


def _read_stdin(size: int, purpose: str) -> bytes:
    """Up to ``size`` bytes of standard input (all of it, if shorter)."""
    stream = _stdin(purpose)
    buffer: BinaryIO | None = getattr(stream, "buffer", None)
    try:
        if buffer is not None:
            return buffer.read(size)
        return stream.read(size).encode("utf-8", "surrogateescape")  # a text-only stream
    except OSError as error:
        raise _input_error(error, purpose) from None


_TYPED = "the game reads the moves typed at a terminal"


def require_typing() -> None:
    """Refuse to start the terminal game when there is no standard input to type on."""
    _stdin(_TYPED)


def read_line() -> str | None:
    """One line of standard input without its line end, or ``None`` at the end of it.

    At most :data:`MAX_LINE` characters are read: a longer line, or one holding a NUL,
    is not something typed, and ends the game with a message (so ``< /dev/zero``
    cannot fill the memory).  Bytes that are not text in the terminal's encoding are
    read as replacement characters, which no move contains.
    """
    purpose = _TYPED
    stream = _stdin(purpose)
    buffer: BinaryIO | None = getattr(stream, "buffer", None)
    try:
        if buffer is not None:
            raw = buffer.readline(MAX_LINE + 1)
        else:
            raw = stream.readline(MAX_LINE + 1).encode("utf-8", "surrogateescape")
    except OSError as error:
        raise _input_error(error, purpose) from None
    if not raw:
        return None
    line = raw.rstrip(b"\r\n")
    if len(line) > MAX_LINE:
        raise CommandError(
            f"standard input: a line over {MAX_LINE} characters is not a move; type one a line"
        )
    if b"\0" in line:
        raise CommandError("standard input is not text: it holds a NUL byte")
    encoding = (getattr(stream, "encoding", None) if buffer is not None else None) or "utf-8"
    return line.decode(encoding, "replace")


# --- standard output ------------------------------------------------------------------------

_CLOSED_OUTPUT = "standard output is closed: send it somewhere, like > FILE or | less"


def discard_output() -> None:
    """Point standard output at the null device, so that what is still buffered for it
    goes nowhere when the program ends, instead of failing again (a full disk, a reader
    gone) with a message of Python's own."""
    stream = sys.stdout
    if stream is None:
        return
    with contextlib.suppress(OSError, ValueError, AttributeError):
        descriptor = stream.fileno()  # a test's captured output has none
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, descriptor)
        os.close(devnull)


def _output_error(error: OSError | ValueError) -> CommandError:
    """The command's error for output that cannot be written, its buffer discarded."""
    discard_output()
    if isinstance(error, ValueError) or error.errno == errno.EBADF:
        return CommandError(_CLOSED_OUTPUT)
    return CommandError(
        f"cannot write to standard output: {error.strerror or error}", status=EXIT_FAILURE
    )


def say(text: str = "", end: str = "\n") -> None:
    """``text`` then ``end`` on standard output, or the error that says why it cannot be.

    A reader gone away (``BrokenPipeError``) is passed on: the command stops quietly.
    """
    stream = sys.stdout
    if stream is None:
        raise CommandError(_CLOSED_OUTPUT)
    try:
        write_text(stream, text + end)
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as error:  # ValueError: the stream was closed
        raise _output_error(error) from None


def flush_output() -> None:
    """Deliver what standard output still holds; a failure is reported as :func:`say`'s.

    Every command ends with this, so a full disk or a failing device is said in one
    line, not found by Python as the program exits.
    """
    stream = sys.stdout
    if stream is None:
        return
    try:
        stream.flush()
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as error:
        raise _output_error(error) from None


class _StandardTerminal:
    """The player at the terminal (:class:`~..engine.command_line.Terminal`), as a game's
    own terminal command talks to them: :func:`say`, :func:`read_line`, :func:`flush_output`,
    and standard error (:func:`~.errors.tell`)."""

    def show(self, text: str = "", end: str = "\n") -> None:
        say(text, end)

    def warn(self, text: str) -> None:
        flush_output()  # what was shown first comes first
        tell(text)

    def read_line(self) -> str | None:
        return read_line()

    def flush(self) -> None:
        flush_output()


#: The standard streams as the terminal a game's own terminal command plays at.
STANDARD_TERMINAL: Final = _StandardTerminal()


__all__ = [
    "MAX_LINE",
    "STANDARD_STREAM",
    "STANDARD_TERMINAL",
    "check_output_file",
    "discard_output",
    "file_error",
    "flush_output",
    "read_game_argument",
    "read_line",
    "require_typing",
    "say",
    "write_output",
    "write_output_file",
]
