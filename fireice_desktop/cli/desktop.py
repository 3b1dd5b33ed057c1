"""``fireice`` with no command: the desktop game, or one of its screens drawn to a PNG
(``--screenshot``).

The desktop game (pygame-ce and pygame-gui) is imported only here and only when it
starts, so that the terminal commands start fast and run where there is no display.
"""

from __future__ import annotations

import argparse
import os
import sys

from ..files.storage import SaveFileError
from .desktop_options import shot_options, split_sizes
from .errors import EXIT_FAILURE, CommandError
from .streams import check_output_file, file_error, read_game_argument, say


def launch_desktop(args: argparse.Namespace) -> int:
    """Open the desktop game's window, or draw ``--screenshot``; the exit status."""
    record = read_game_argument(args.open) if args.open is not None else None
    if args.screenshot:
        try:
            window, board_size = split_sizes(args.size or [], args.scene)
        except ValueError as error:
            raise CommandError(str(error), usage=True) from None
        # A picture that cannot be written is refused before it is drawn.
        check_output_file(args.screenshot)
        # Off-screen rendering: no display or sound device is needed.
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    else:
        _check_window_can_open(args)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # The one deliberate import inside a function: the UI loads pygame, which only the
    # desktop game may do (the terminal commands must start without it).
    try:
        from ..ui.app import ScreenshotRequest, run, screenshot
    except ModuleNotFoundError as error:
        if error.name and error.name.startswith("fireice_desktop.ui"):
            raise CommandError(
                "the desktop game is not part of this build; play in the terminal with "
                "'fireice text'",
                status=EXIT_FAILURE,
            ) from None
        raise CommandError(
            f"the desktop game needs {error.name}, which is not installed", status=EXIT_FAILURE
        ) from None
    if not args.screenshot:
        return run(record)
    request = ScreenshotRequest(
        args.screenshot,
        scene=args.scene,
        moves=args.shot_moves or "",
        deal=getattr(args, "shot_deal", None),
        page=args.shot_page,
        hint=bool(args.shot_hint),
        analyse=bool(args.shot_analyse),
        language=args.shot_language or "en",
        window=window,
        board_size=board_size,
        record=record,
    )
    try:
        said = screenshot(request)
    except SaveFileError as error:  # the picture was drawn but could not be written
        raise file_error(error) from None
    except ValueError as error:
        raise CommandError(str(error), usage=True) from None
    say(said)
    return 0


def _check_window_can_open(args: argparse.Namespace) -> None:
    """Refuse screenshot flags without ``--screenshot``, and a window with no display."""
    for flag, dest in shot_options():
        if getattr(args, dest) is not None:
            raise CommandError(f"--{flag} only applies with --screenshot PATH", usage=True)
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY")
        or os.environ.get("WAYLAND_DISPLAY")
        or os.environ.get("SDL_VIDEODRIVER")
    ):
        raise CommandError(
            "no display found (DISPLAY is not set), so the desktop game cannot open a window; "
            "play in the terminal with 'fireice text'",
            status=EXIT_FAILURE,
        )


__all__ = ["launch_desktop"]
