"""The command line's mistakes: :class:`CommandError` and how one is reported.

A mistake is reported in one line on standard error, after the command's usage when
it is in a flag's value, and the command exits with status 2 (1 for what the user
cannot fix by retyping, such as a missing display or a full disk).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from typing import NoReturn, TextIO

from ..engine.words import NAME_LIMIT, QUOTE_LIMIT, quoted

#: The user's mistake: the command as typed cannot work, typed another way it will.
EXIT_USAGE = 2
#: The system's failure: a full disk, a failing device, no display to open a window on.
EXIT_FAILURE = 1

#: The longest line a mistake is told in: longer, it keeps its start and its end.  Only a
#: message holding many words of the command line reaches it (a value too long for a
#: message is cut well before, by :func:`shortened`).
LINE_LIMIT = 400


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


def _values(given: Sequence[str]) -> Iterator[str]:
    """The values in the words of a command line: each word, a flag's value written in the
    same word (``--size=VALUE``, ``-oVALUE``)."""
    for word in given:
        yield word
        if word.startswith("-"):
            _, equals, value = word.partition("=")
            if equals:
                yield value
            elif not word.startswith("--"):
                yield word[2:]


def shortened(message: str, given: Sequence[str], limit: int = QUOTE_LIMIT) -> str:
    """``message`` with each value of the command line's words ``given`` over ``limit``
    characters said as :func:`~..engine.words.quoted` says a long value, its start and
    its length (``'xxxx…' (5,000 characters)``), whether the message quoted it
    (``'xxxx'``, as argparse's own messages do) or wrote it as it is; a line still over
    :data:`LINE_LIMIT` characters then keeps its start and its end.

    ``limit``: argparse's messages quote no value that is better shown whole; the
    command's own show a path or a program's command whole up to
    :data:`~..engine.words.NAME_LIMIT` characters (and cut what they quote already).
    """
    long_values = {value for value in _values(given) if len(value) > limit}
    for value in sorted(long_values, key=len, reverse=True):
        short = str(quoted(value))
        message = message.replace(repr(value), short).replace(value, short)
    return "\n".join(_bounded_line(line) for line in message.split("\n"))


def _bounded_line(line: str) -> str:
    if len(line) <= LINE_LIMIT:
        return line
    half = (LINE_LIMIT - 1) // 2
    return f"{line[:half]}…{line[len(line) - (LINE_LIMIT - 1 - half) :]}"


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
    """Report ``error`` (the usage of the command it is about first, if asked) and exit.

    A value of the command line too long to quote is cut in the message
    (:func:`shortened`), whatever said it: ``parser`` keeps the words it parsed in
    ``given`` (:mod:`.parser`).
    """
    if error.usage:
        tell(getattr(args, "subparser", parser).format_usage().rstrip("\n"))
    given = getattr(parser, "given", ())
    tell(shortened(f"{command_name(args)}: {error}", given, NAME_LIMIT))
    raise SystemExit(error.status)


__all__ = [
    "EXIT_FAILURE",
    "EXIT_USAGE",
    "LINE_LIMIT",
    "CommandError",
    "command_name",
    "fail",
    "shortened",
    "tell",
    "write_text",
]
