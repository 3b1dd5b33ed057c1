"""Twisted and magic-wormhole are imported only when online play starts: the command line
(its parser built), the table, the session and the kept game import neither, so every other
command starts as fast as before."""

from __future__ import annotations

import subprocess
import sys

CHECK = """
import sys
import fireice_desktop.cli
from fireice_desktop.cli.parser import build_parser
from fireice_desktop.online import addresses, kept, messages, session, table
build_parser().parse_args(["online", "join", "7-guitarist-revenge"])
loaded = sorted(
    name for name in sys.modules
    if name.split(".")[0] in ("twisted", "wormhole", "autobahn", "txtorcon")
    or name == "fireice_desktop.online.link"
)
print(",".join(loaded) or "none")
"""


def test_the_command_line_and_online_play_s_pure_parts_import_no_networking() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "none"


def test_the_check_sees_networking_when_it_is_imported() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHECK.replace("import sys\n", "import sys\nimport wormhole\n", 1)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "wormhole" in done.stdout and "twisted" in done.stdout
