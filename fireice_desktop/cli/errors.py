"""The command line's mistakes: :class:`CommandError` and how one is reported.

A mistake is reported in one line on standard error, after the command's usage when
it is in a flag's value, and the command exits with status 2 (1 for what the user
cannot fix by retyping, such as a missing display).
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

EXIT_USAGE = 2

#: The sub-command groups whose chosen command is part of a command's name.
_GROUPS = ("solitaire_command", "game_command", "icebreaker_command")


class CommandError(Exception):
    """A user's mistake on the command line: reported in one line, exit status 2 by default.

    ``usage``: the mistake is in a flag's value, so the command's usage is printed first.
    """

    def __init__(self, message: str, status: int = EXIT_USAGE, usage: bool = False) -> None:
        super().__init__(message)
        self.status = status
        self.usage = usage


def command_name(args: argparse.Namespace) -> str:
    """The command as typed: ``fireice``, ``fireice show``, ``fireice game export``."""
    name = "fireice" + (f" {args.command}" if args.command else "")
    for group in _GROUPS:
        if getattr(args, group, None):
            name += f" {getattr(args, group)}"
    return name


def fail(
    args: argparse.Namespace, parser: argparse.ArgumentParser, error: CommandError
) -> NoReturn:
    """Report ``error`` (the usage of the command it is about first, if asked) and exit."""
    if error.usage:
        print(getattr(args, "subparser", parser).format_usage(), end="", file=sys.stderr)
    print(f"{command_name(args)}: {error}", file=sys.stderr)
    raise SystemExit(error.status)


__all__ = ["EXIT_USAGE", "CommandError", "command_name", "fail"]
