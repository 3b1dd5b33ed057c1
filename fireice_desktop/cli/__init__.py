"""The ``fireice`` command: the desktop game, terminal play and scripting commands.

- ``errors``: :class:`CommandError` and how a mistake is reported (usage, one line,
  exit status);
- ``streams``: every file and standard stream a command reads or writes, and what
  each problem with one is called and exits with;
- ``options``: a game's flags (:class:`~..engine.command_line.Option`) as the parser's;
- ``commands``: the handlers of every game's ``show`` and ``ai-move``, of a game's own
  commands (reports on a position, play at the terminal) and of ``game show`` and ``game import``;
- ``match``: ``match``, two players (levels or outside programs) over many games of
  any game, and their summary;
- ``analyse``: ``game analyse`` and ``game export``;
- ``desktop_options``: ``--open`` and the screenshot flags, ``--size`` for screenshots;
- ``game_parsers``: each registered game's commands in the parser, built from what the
  game says of itself (:attr:`~..engine.registry.Game.command_line`);
- ``parser``: the argument parser;
- ``desktop``: ``fireice`` with no command, the window or ``--screenshot``.

No module names a game: each asks the registry (:mod:`..engine.games`).  Each module
imports only those listed above it, the engine and :mod:`..files.storage`.  Only
``desktop`` imports the desktop game (:mod:`..ui`), inside its launcher, so the
terminal commands never load pygame and run where there is no display.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from .desktop import launch_desktop
from .errors import EXIT_FAILURE, CommandError, fail, tell
from .parser import build_parser, check_combinations
from .streams import discard_output, flush_output


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``fireice`` command; returns the exit status."""
    parser = build_parser()
    args: argparse.Namespace | None = None
    try:
        try:
            args = parser.parse_args(argv)
        except SystemExit:  # --help printed (deliver it), or a flag's mistake reported
            flush_output()
            raise
        check_combinations(parser, args)
        handler = getattr(args, "handler", launch_desktop)
        status = int(handler(args))
        flush_output()
        return status
    except CommandError as error:
        if args is None:  # --help's text could not be written
            tell(f"fireice: {error}")
            raise SystemExit(error.status) from None
        fail(args, parser, error)
    except KeyboardInterrupt:
        tell("")
        return 130
    except BrokenPipeError:
        # The reader went away (``fireice show | head``): stop quietly.  Not all of the
        # output was delivered, so the status is not 0.
        discard_output()
        return EXIT_FAILURE


__all__ = ["main"]
