"""An outside program asked for one move of a match, and what it printed read as a move.

An outside program speaks the protocol of ``fireice ai-move``: it is run once per
move with its own words, the game's set-up flags (:meth:`Game.setup_arguments`) and
the moves played so far as arguments, and prints one move.  A program that fails
(a non-zero exit status, no answer within the time limit, or anything but one legal
move) loses that game at once, and the fault is recorded.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from typing import IO, Any

from ..interface import GameState

#: Printed text and error lines are cut to this many characters in a fault's reason.
_QUOTE_LIMIT = 80

#: A move is a few characters: a program that prints more than this many bytes for one is
#: not giving a move, and is stopped before its output can fill the memory.
OUTPUT_LIMIT = 64 * 1024

#: How much of a program's error output is kept: its end, where the reason for a failure is.
_ERROR_TAIL = 4 * 1024


def _quote(text: str) -> str:
    """``text`` in double quotes, control characters escaped, cut if long."""
    if len(text) > _QUOTE_LIMIT:
        text = text[: _QUOTE_LIMIT - 1] + "…"
    return json.dumps(text, ensure_ascii=False)


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return ""
    line = lines[-1]
    return line if len(line) <= _QUOTE_LIMIT else line[: _QUOTE_LIMIT - 1] + "…"


class _Ended:
    """Tells the readers of a program's pipes that the program has ended (a pipe of its
    own that becomes readable then), so that they stop at the end of what it printed
    rather than wait for the pipes to close: something the program started and that left
    its session may hold them open for ever.

    Each reader and the caller :meth:`use` it and :meth:`leave` it; the last to leave
    closes it.  Where pipes cannot be polled (Windows), :attr:`fd` is ``None`` and the
    readers read to the pipes' end.
    """

    def __init__(self) -> None:
        self.fd: int | None = None
        self._ring: int | None = None
        if hasattr(select, "poll"):
            self.fd, self._ring = os.pipe()
        self._users = 1
        self._lock = threading.Lock()

    def use(self) -> int | None:
        with self._lock:
            self._users += 1
        return self.fd

    def ring(self) -> None:
        """The program has ended: everything it printed is in its pipes."""
        if self._ring is not None:
            with contextlib.suppress(OSError):
                os.write(self._ring, b"!")

    def leave(self) -> None:
        with self._lock:
            self._users -= 1
            if self._users or self.fd is None or self._ring is None:
                return
            for fd in (self.fd, self._ring):
                with contextlib.suppress(OSError):
                    os.close(fd)


class _Capture(threading.Thread):
    """One of a program's output pipes, read on a thread of its own until the pipe ends
    or, once the program has ended (``ended`` rings), until all it printed is read,
    keeping at most ``limit`` bytes: the first ones (``keep="start"``: more is an
    ``overflow``, and ``on_overflow`` is called and the reading stops) or the last ones
    (``keep="end"``)."""

    def __init__(
        self,
        stream: IO[bytes],
        limit: int,
        ended: _Ended,
        keep: str = "start",
        on_overflow: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(daemon=True)  # a pipe a runaway child keeps open must not hold us
        self.stream = stream
        self.limit = limit
        self.ended = ended
        self.wake = ended.use()
        self.keep = keep
        self.on_overflow = on_overflow
        self.data = bytearray()
        self.overflow = False
        self.closed = False  # the pipe ended: nothing holds it any more

    def run(self) -> None:
        try:
            with contextlib.suppress(OSError, ValueError):
                self._read(self.stream.fileno())
        finally:
            self.ended.leave()

    def _read(self, fd: int) -> None:
        poller = None
        if self.wake is not None:
            poller = select.poll()
            poller.register(fd, select.POLLIN)
            poller.register(self.wake, select.POLLIN)
        stop_at: float | None = None  # once the program has ended: a guard against a flood
        while True:
            if poller is not None:
                ready = {ready_fd for ready_fd, _ in poller.poll()}
                if self.wake in ready:
                    if fd not in ready:  # it has ended, and all it printed has been read
                        return
                    stop_at = stop_at or time.monotonic() + _DRAIN_SECONDS
                    if time.monotonic() > stop_at:  # something it left keeps printing
                        return
            chunk = os.read(fd, 64 * 1024)
            if not chunk:
                self.closed = True
                return
            if not self._keep(chunk):
                return

    def _keep(self, chunk: bytes) -> bool:
        """Keep ``chunk`` (as much of it as is kept); whether to read on."""
        self.data += chunk
        if len(self.data) <= self.limit:
            return True
        if self.keep == "end":
            del self.data[: -self.limit]
            return True
        del self.data[self.limit :]
        self.overflow = True
        if self.on_overflow is not None:
            self.on_overflow()
        return False


#: How long the pipes of a program that has ended (or was killed) may take to deliver what
#: is left in them where they cannot be polled, or while something it left keeps printing
#: into them.  Something it started and that left its session can keep them open for
#: ever: the match does not wait for that.
_DRAIN_SECONDS = 0.5

#: How a program is started: in a process group (a session) of its own, so that it can be
#: ended with everything it started, and so that a Ctrl+C typed at the match's terminal
#: is the match's to handle, not the program's.
_OWN_GROUP: dict[str, Any] = (
    {"start_new_session": True}
    if os.name == "posix"
    else {"creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)}
)

#: The program this process is running for a move, if any: a pool's process that is told
#: to stop ends it first (:func:`~.match.pool.start_worker`).
_running: subprocess.Popen[bytes] | None = None


def _signal_group(process: subprocess.Popen[bytes]) -> None:
    """Kill ``process`` and everything it started (its own process group)."""
    try:
        if hasattr(os, "killpg"):
            os.killpg(process.pid, signal.SIGKILL)
        else:  # pragma: no cover - Windows has no process groups to kill
            process.kill()
    except (ProcessLookupError, PermissionError):
        pass


def end_running_program() -> None:
    """End the program this process is running for a move, if any, with everything it
    started (its own process group)."""
    program = _running
    if program is not None:
        _signal_group(program)


def _drain(process: subprocess.Popen[bytes], ended: _Ended, readers: Sequence[_Capture]) -> None:
    """``process`` has ended: let the readers of its pipes take what it printed and
    finish, for at most :data:`_DRAIN_SECONDS` in all; and if something it started still
    holds them, end what is left of its session (:func:`_end_session`)."""
    ended.ring()
    deadline = time.monotonic() + _DRAIN_SECONDS
    for reader in readers:
        reader.join(timeout=max(0.0, deadline - time.monotonic()))
    if not all(reader.closed for reader in readers):
        _end_session(process.pid)


def _end_session(leader: int) -> None:
    """Kill every process left in the session ``leader`` (a program) started: those that
    left its process group but not its session (a shell's background job, a child given a
    group of its own).  One that started a session of its own is out of reach.  Where
    the system lists its processes (``/proc``); elsewhere this does nothing."""
    try:
        entries = os.listdir("/proc")
    except OSError:
        return
    for entry in entries:
        if not entry.isdigit():
            continue
        with contextlib.suppress(OSError):
            # A session's id is its leader's process id, never reused while it has a process.
            if os.getsid(int(entry)) == leader:
                os.kill(int(entry), signal.SIGKILL)


def _kill(process: subprocess.Popen[bytes], ended: _Ended, readers: Sequence[_Capture]) -> None:
    """Kill ``process`` with its group, reap it and let its pipes' readers finish."""
    _signal_group(process)
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL is not refused
        process.kill()
        process.wait()
    _drain(process, ended, readers)


def run_program(argv: Sequence[str], timeout: float) -> tuple[str | None, str]:
    """Run ``argv`` for one move: ``(what it printed, "")``, or ``(None, what went wrong)``
    when it could not start, timed out (it and its children are killed), printed more
    than a move could be (:data:`OUTPUT_LIMIT`; it is killed at once) or failed.

    Its output is read as it comes and only so much is kept, so no program can fill
    the memory.  The program's answer is what it printed until it ended: whatever it
    started and left running is killed then, so nothing it leaves behind holds the match
    (nor outlives the move), and what it printed is taken as soon as it has ended, even
    while something that left its session still holds its pipes; the whole run takes at
    most ``timeout`` seconds and a moment to collect the pipes.
    """
    global _running
    try:
        process = subprocess.Popen(
            list(argv),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            **_OWN_GROUP,
        )
    except (OSError, ValueError) as error:  # ValueError: a NUL in a word
        return None, f"could not be started: {getattr(error, 'strerror', None) or error}"
    _running = process
    assert process.stdout is not None and process.stderr is not None
    ended = _Ended()
    output = _Capture(
        process.stdout, OUTPUT_LIMIT, ended, on_overflow=lambda: _signal_group(process)
    )
    errors = _Capture(process.stderr, _ERROR_TAIL, ended, keep="end")
    readers = (output, errors)
    for reader in readers:
        reader.start()
    try:
        process.wait(timeout=timeout)
        _signal_group(process)  # what it left running: its pipes then end at once
        _drain(process, ended, readers)
    except subprocess.TimeoutExpired:
        _kill(process, ended, readers)
        return None, f"timed out after {timeout:g} s"
    except BaseException:
        _kill(process, ended, readers)
        raise
    finally:
        _running = None
        ended.leave()
        for reader in readers:
            if not reader.is_alive():
                reader.stream.close()
    # A reader still running is held by something that escaped the group and keeps
    # printing: what the program itself printed is all there, as it has ended.
    printed, complaint = bytes(output.data), bytes(errors.data)
    if output.overflow:
        return None, f"printed more than {OUTPUT_LIMIT // 1024} kB, which is not one move"
    status = process.returncode
    if status < 0:
        try:
            name = signal.Signals(-status).name
        except ValueError:
            name = str(-status)
        return None, f"was killed by signal {name}"
    if status != 0:
        last = _last_line(complaint.decode("utf-8", "replace"))
        return None, f"exited with status {status}" + (f": {last}" if last else "")
    return printed.decode("utf-8", "replace"), ""


def read_move(position: GameState, printed: str) -> tuple[Any, str]:
    """The legal move a program printed: ``(move, "")``, or ``(None, what is wrong)``."""
    words = printed.split()
    if not words:
        return None, "printed nothing"
    if len(words) > 1:
        return None, f"printed {_quote(printed.strip())}, which is {len(words)} words, not one move"
    text = words[0]
    try:
        move = position.parse_move(text)
    except ValueError:  # NotationError, or a move's own check
        return None, f"printed {_quote(text)}, which is not a move"
    if move not in position.legal_moves():
        try:
            reason = position.illegal_reason(move)
        except ValueError:
            reason = None
        return None, f"printed {_quote(text)}, which is not a legal move" + (
            f" ({reason})" if reason else ""
        )
    return move, ""


__all__ = ["OUTPUT_LIMIT", "end_running_program", "read_move", "run_program"]
