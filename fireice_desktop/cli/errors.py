"""The command line's mistakes: :class:`CommandError` and how one is reported.

A mistake is reported in one line on standard error, after the command's usage when
it is in a flag's value, and the command exits with status 2 (1 for what the user
cannot fix by retyping, such as a missing display or a full disk).
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn, TextIO

#: The user's mistake: the command as typed cannot work, typed another way it will.
EXIT_USAGE = 2
#: The system's failure: a full disk, a failing device, no display to open a window on.
EXIT_FAILURE = 1


class CommandError(Exception):
    """A user's mistake on the command line: reported in one line, exit status 2 by default.

    ``usage``: the mistake is in a flag's value, so the command's usage is printed first.
    """

    def __init__(self, message: str, status: int = EXIT_USAGE, usage: bool = False) -> None:
        super().__init__(message)
        self.status = status
        self.usage = usage


def write_text(stream: TextIO, text: str) -> None:
    """Write ``text`` to ``stream``; characters its encoding lacks (a file name's stray
    bytes, say) are written as backslash escapes instead of failing."""
    try:
        stream.write(text)
    except UnicodeEncodeError:
        encoding = stream.encoding or "utf-8"
        stream.write(text.encode(encoding, "backslashreplace").decode(encoding))


def tell(text: str) -> None:
    """``text`` and a newline on standard error, at once.  Dropped if standard error is
    closed or fails: there is nowhere left to say it."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        write_text(stream, text + "\n")
        stream.flush()
    except (OSError, ValueError):
        pass


def command_name(args: argparse.Namespace) -> str:
    """The command as typed: ``fireice``, ``fireice show``, ``fireice game export``
    (a command under a group has its name in ``subcommand``, see :mod:`.parser`)."""
    name = "fireice" + (f" {args.command}" if args.command else "")
    if getattr(args, "subcommand", None):
        name += f" {args.subcommand}"
    return name


def fail(
    args: argparse.Namespace, parser: argparse.ArgumentParser, error: CommandError
) -> NoReturn:
    """Report ``error`` (the usage of the command it is about first, if asked) and exit."""
    if error.usage:
        tell(getattr(args, "subparser", parser).format_usage().rstrip("\n"))
    tell(f"{command_name(args)}: {error}")
    raise SystemExit(error.status)


__all__ = [
    "EXIT_FAILURE",
    "EXIT_USAGE",
    "CommandError",
    "command_name",
    "fail",
    "tell",
    "write_text",
]
