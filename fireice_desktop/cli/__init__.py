"""The ``fireice`` command: the desktop game, terminal play and scripting commands.

- ``errors``: :class:`CommandError` and how a mistake is reported (usage, one line,
  exit status);
- ``parser``: the argument parser, the types of flags' values, ``--size`` for
  screenshots;
- ``commands``: the scripting commands (``show``, ``ai-move``, ``solitaire``,
  ``icebreaker``, ``game``) but the matches;
- ``match``: ``match`` and ``icebreaker match``, two players (levels or outside
  programs) over many games, and their summary;
- ``text_game``: ``fireice text``, two players at one terminal;
- ``desktop``: ``fireice`` with no command, the window or ``--screenshot``.

Each module imports only those listed above it, the engine and :mod:`..storage`.
Only ``desktop`` imports the desktop game (:mod:`..ui`), inside its launcher, so the
terminal commands never load pygame and run where there is no display.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from .desktop import launch_desktop
from .errors import CommandError, fail
from .parser import build_parser, check_combinations


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``fireice`` command; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    check_combinations(parser, args)
    handler = getattr(args, "handler", launch_desktop)
    try:
        return int(handler(args))
    except CommandError as error:
        fail(args, parser, error)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``fireice show | head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


__all__ = ["main"]
