"""Long monkey runs: random events thrown at the desktop app, invariants checked after each.

    python -m tests.support.long_monkey --events 200000 --seed 1 [--size WxH]

Prints progress every ``--every`` events and a summary at the end.  Exit status 0 when
all went well; 1 with the seed, the event number and the traceback or broken invariant
when not.  The app runs under SDL's dummy video and audio drivers, and everything it
writes (settings, the autosave, any file a dialog offers) goes to a temporary folder
that is removed afterwards.  ``--trace-from N`` prints every action from event N on, to
see what led to a failure; with the default ``--sync`` a seed replays exactly.
"""

from __future__ import annotations

import os
import sys

# Before pygame is imported (by the test helpers below): no display, no sound device, and
# no file of the real user's touched.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

from tests.support.sandbox import new_sandbox

SANDBOX = new_sandbox()  # the tests' kind, so that a seed's run here is theirs
for _name, _path in {
    "FIREICE_CONFIG_DIR": SANDBOX / "config",
    "FIREICE_DATA_DIR": SANDBOX / "config" / "data",
    "HOME": SANDBOX / "home",
    "XDG_CONFIG_HOME": SANDBOX / "home" / ".config",
    "XDG_DATA_HOME": SANDBOX / "home" / ".local" / "share",
    "XDG_DOCUMENTS_DIR": SANDBOX / "home" / "Documents",
}.items():
    os.environ[_name] = str(_path)

import argparse  # noqa: E402
import shutil  # noqa: E402
import time  # noqa: E402
import traceback  # noqa: E402

import pytest  # noqa: E402

from fireice_desktop.cli.desktop_options import parse_size  # noqa: E402
from tests.support.monkey import (  # noqa: E402
    DEFAULT_SIZES,
    Monkey,
    MonkeyFailure,
    MonkeyStats,
    sandbox_environment,
)
from tests.support.ui import open_ui, screen_kind  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Run the monkey as the command line asks; the exit status."""
    try:
        return run(argv)
    finally:
        shutil.rmtree(SANDBOX, ignore_errors=True)


def run(argv: list[str] | None) -> int:
    """Parse the command line, run the monkey in the sandbox, print what it did."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=10_000, help="actions to throw")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", default="1280x800", help="the window's size at the start")
    parser.add_argument(
        "--keep-size",
        action="store_true",
        help="resize only to the starting size or smaller (the window keeps its minimum)",
    )
    parser.add_argument("--every", type=int, default=5000, help="progress every N events")
    parser.add_argument(
        "--animation",
        choices=("slow", "normal", "fast", "off"),
        default="normal",
        help="the animation speed the app starts with",
    )
    parser.add_argument(
        "--race",
        dest="sync",
        action="store_false",
        help="let the background jobs race the frames, as in the real app "
        "(the default waits for them, so that a seed replays exactly)",
    )
    parser.add_argument(
        "--trace-from", type=int, default=None, metavar="N", help="print each action from N on"
    )
    args = parser.parse_args(argv)
    try:
        size = parse_size(args.size)
    except ValueError as error:
        parser.error(str(error))
    sizes = (size, size) if args.keep_size else DEFAULT_SIZES
    begin = time.perf_counter()

    def progress(stats: MonkeyStats) -> None:
        scene = screen_kind(monkey.app.scene)
        print(
            f"event {stats.events:,}/{args.events:,}  {time.perf_counter() - begin:7.1f} s  "
            f"moves {stats.moves:,}  games {stats.games_finished:,}  "
            f"undone {stats.undone:,}  on {scene}",
            flush=True,
        )

    def trace(line: str) -> None:
        if int(line.split(":")[0]) >= args.trace_from:
            print(line, flush=True)

    with pytest.MonkeyPatch.context() as patch:
        for name, value in sandbox_environment(SANDBOX).items():
            patch.setenv(name, value)
        with open_ui(SANDBOX / "config", patch, size, args.animation) as driver:
            monkey = Monkey(driver, args.seed, sizes=sizes, sync=args.sync, sandbox=SANDBOX)
            if args.trace_from is not None:
                monkey.trace = trace
            try:
                with monkey:
                    monkey.run(args.events, progress, max(1, args.every))
            except MonkeyFailure as failure:
                print(monkey.stats.summary())
                print(f"\nFAILED: {failure}", file=sys.stderr)
                if failure.__cause__ is not None:
                    print("".join(traceback.format_exception(failure.__cause__)), file=sys.stderr)
                return 1
            print(monkey.stats.summary())
            return 0


if __name__ == "__main__":
    sys.exit(main())
