"""Shared test helpers: the ``fireice`` command run as a person runs it, and what its
output must look like.

:func:`run` calls the program's entry point (:func:`fireice_desktop.cli.main`) in this
process, with standard streams, environment and folder made as a fresh
``python -m fireice_desktop`` would have them, and hands back what that process would:
its exit status and, as text, what it wrote on standard output and standard error.
Starting an interpreter for each of the hundreds of command lines tested cost most of
their time.  :func:`run_process` starts the real program; the tests that prove the
installed entry point, real pipes, the streams' encodings and the exit statuses use it,
and so does every command that draws with pygame (``--screenshot``), which would leave
pygame running in the test's process.
"""

from __future__ import annotations

import contextlib
import io
import locale
import os
import subprocess
import sys
import traceback
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from fireice_desktop import cli

REPO = Path(__file__).resolve().parents[2]

#: The start of a command line that runs the rest with Ctrl+C as a terminal gives it to
#: a program, neither ignored nor blocked, whatever this process would pass on: a
#: pytest-xdist worker was seen to pass SIGINT on so, and the program never saw Ctrl+C.
AS_A_TERMINAL_STARTS_IT = (
    sys.executable,
    "-c",
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT}); "
    "os.execv(sys.argv[1], sys.argv[1:])",
)

#: The options after which the command draws with pygame.
_DRAWING = ("--screenshot",)

#: Python's own warning filters (``python -W`` and ``PYTHONWARNINGS`` aside): those of a
#: fresh interpreter, not the test run's.
_DEFAULT_FILTERS: tuple[tuple[str, type[Warning], str], ...] = (
    ("default", DeprecationWarning, "__main__"),
    ("ignore", DeprecationWarning, ""),
    ("ignore", PendingDeprecationWarning, ""),
    ("ignore", ImportWarning, ""),
    ("ignore", ResourceWarning, ""),
)


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m fireice_desktop ARGS`` with ``stdin`` as its input: its status and output.

    Run here by the program's ``main``; a command that draws (``--screenshot``) is run
    as a process of its own (:func:`run_process`).
    """
    if any(word in _DRAWING for word in args):
        return run_process(*args, stdin=stdin)
    return run_in_process(*args, stdin=stdin)


def run_process(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``python -m fireice_desktop ARGS`` in a fresh process with ``stdin`` as its input."""
    return subprocess.run(
        [sys.executable, "-m", "fireice_desktop", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=REPO,
        env=_env(),
        timeout=60,
    )


def run_in_process(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """What :func:`run_process` gives, from ``main`` called in this process.

    As in the process: standard input is a stream of ``stdin``'s bytes (its end is the
    end of input), standard output and standard error are byte streams with the
    interpreter's encodings and error handlers, the environment is :func:`_env`'s, the
    folder is the repository, and warnings follow Python's default filters and are
    written to standard error.  The status is the one the interpreter would exit with:
    ``main``'s return value, or its ``SystemExit``'s, or 1 after an uncaught exception's
    traceback.  The text is decoded and its line ends translated as ``subprocess`` does.
    """
    encoding = locale.getpreferredencoding(False)
    out, err = io.BytesIO(), io.BytesIO()
    given_in = _stream(io.BytesIO(stdin.encode(encoding)), sys.__stdin__, "strict")
    given_out = _stream(out, sys.__stdout__, "strict")
    given_err = _stream(err, sys.__stderr__, "backslashreplace")
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = given_in, given_out, given_err
    try:
        with _program_surroundings(), warnings.catch_warnings(record=True) as caught:
            warnings.resetwarnings()
            for action, category, module in _DEFAULT_FILTERS:
                warnings.filterwarnings(action, category=category, module=module, append=True)
            try:
                status = _exit_status(cli.main(list(args)))
            except SystemExit as done:
                status = _exit_status(done.code)
            except Exception:
                traceback.print_exc(file=given_err)
                status = 1
            for warning in caught:
                given_err.write(
                    warnings.formatwarning(
                        warning.message,
                        warning.category,
                        warning.filename,
                        warning.lineno,
                        warning.line,
                    )
                )
        for stream in (given_out, given_err):
            with contextlib.suppress(ValueError):  # closed by the command
                stream.flush()
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return subprocess.CompletedProcess(
        [sys.executable, "-m", "fireice_desktop", *args],
        status,
        _text(out.getvalue(), encoding),
        _text(err.getvalue(), encoding),
    )


def _stream(raw: io.BytesIO, like: TextIO | None, errors: str) -> io.TextIOWrapper:
    """A text stream over ``raw`` with the encoding and error handler of ``like`` (one of
    this interpreter's own standard streams, as the program's would be)."""
    return io.TextIOWrapper(
        raw,
        encoding=getattr(like, "encoding", None) or "utf-8",
        errors=getattr(like, "errors", None) or errors,
        write_through=True,
    )


def _exit_status(code: object) -> int:
    """The status the interpreter exits with for ``SystemExit(code)``; a message is
    written to standard error as the interpreter writes it."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def _text(data: bytes, encoding: str) -> str:
    """``data`` as ``subprocess.run(text=True)`` gives a stream's bytes."""
    return data.decode(encoding).replace("\r\n", "\n").replace("\r", "\n")


@contextlib.contextmanager
def _program_surroundings() -> Iterator[None]:
    """The environment and the folder of :func:`run_process`'s program, then this
    process's again."""
    environment = dict(os.environ)
    folder = Path.cwd()
    for name in set(os.environ) - set(_env()):
        del os.environ[name]
    # A process whose output is a pipe lays out its help for 80 columns.
    os.environ.setdefault("COLUMNS", "80")
    os.chdir(REPO)
    try:
        yield
    finally:
        os.chdir(folder)
        if os.environ != environment:  # changed above, or by the command
            os.environ.clear()
            os.environ.update(environment)


def no_traceback(proc: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in proc.stdout
    assert "Traceback" not in proc.stderr


def assert_one_line_error(proc: subprocess.CompletedProcess[str], *needles: str) -> str:
    """Exit status 2, nothing on stdout, one line on stderr that contains every needle."""
    no_traceback(proc)
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stdout == ""
    assert proc.stderr.endswith("\n"), repr(proc.stderr)
    assert proc.stderr.count("\n") == 1, repr(proc.stderr)
    line = proc.stderr.strip()
    for needle in needles:
        assert needle.lower() in line.lower(), (needle, line)
    return line


def assert_flag_error(proc: subprocess.CompletedProcess[str], *needles: str) -> str:
    """A bad flag value: exit status 2, the usage, then one line that contains every needle."""
    assert_usage_error(proc)
    assert proc.stderr.startswith("usage: "), proc.stderr
    line = proc.stderr.strip().splitlines()[-1]
    for needle in needles:
        assert needle.lower() in line.lower(), (needle, line)
    return line


def assert_usage_error(proc: subprocess.CompletedProcess[str]) -> None:
    no_traceback(proc)
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stdout == ""
    assert "usage" in proc.stderr.lower()


def _env() -> dict[str, str]:
    """The environment of a terminal with no display at all."""
    env = dict(os.environ)
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        env.pop(name, None)
    return env


__all__ = [
    "AS_A_TERMINAL_STARTS_IT",
    "REPO",
    "assert_flag_error",
    "assert_one_line_error",
    "assert_usage_error",
    "no_traceback",
    "run",
    "run_in_process",
    "run_process",
]
