"""Small outside programs for matches: each speaks (or breaks) the ``ai-move`` protocol.

Each is a Python script written into a test's folder and made executable; a match runs
it as ``cmd:PATH``.  The good ones read the game's name as their first argument, then
the set-up flags and the moves the match passes.
"""

from __future__ import annotations

import shlex
import stat
import sys
from pathlib import Path

#: Reads the game's name, its set-up flags and the moves, and replays them.
REPLAY = """
import sys
from fireice_desktop.engine.games import find_game
from fireice_desktop.engine.games.fireice.board import parse_holes
from fireice_desktop.engine.games.fireice.rules import Color
from fireice_desktop.engine.games.fireice.spec import Handicap
from fireice_desktop.engine.games.icebreaker.spec import Sea

args = sys.argv[1:]
game = find_game(args.pop(0))
setup = game.default_setup()
if args[:1] == ["--size"]:
    setup = Sea(int(args[1]))
    args = args[2:]
if args[:1] == ["--handicap-at"]:
    setup = Handicap(tuple(parse_holes(args[1])), Color.parse(args[3]))
    args = args[4:]
start = game.start(setup)
position = start
for text in args:
    position = position.play(text)
"""

#: Prints the first legal move, with spaces around it: a weak but honest player.
FIRST_MOVE = REPLAY + 'print("  " + str(position.legal_moves()[0]) + "  ")\n'

#: Plays the first legal move for the side that moves first, and crashes when asked to
#: move for the other.
CRASH_AS_SECOND = (
    REPLAY
    + """
if position.to_move is not start.to_move:
    sys.exit("not my colour")
print(position.legal_moves()[0])
"""
)

#: Writes its arguments, one a line, to the file named by its first argument; then
#: behaves as FIRST_MOVE for the game named by its second argument.
RECORD_ARGUMENTS = (
    """
import sys
from pathlib import Path
with Path(sys.argv[1]).open("a") as log:
    log.write(" ".join(sys.argv[2:]) + "\\n")
sys.argv.pop(1)
"""
    + FIRST_MOVE
)

CRASH = """
import sys
sys.stderr.write("thinking hard\\nout of memory\\n")
sys.exit(1)
"""

ILLEGAL = 'print("D4-D4")\n'
GARBAGE = 'print("hello")\n'
TWO_MOVES = 'print("D4-C4 D4-D5")\n'
SILENT = "pass\n"

#: Starts a child that would outlive it, then sleeps: the match must kill both.
HANG = """
import subprocess, sys, time
from pathlib import Path
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
if len(sys.argv) > 1 and sys.argv[1].startswith("/"):
    Path(sys.argv[1]).write_text(str(child.pid))
time.sleep(120)
"""


def write_program(folder: Path, name: str, body: str) -> Path:
    """An executable Python script ``folder/name`` that runs ``body``."""
    path = folder / name
    path.write_text(f"#!{sys.executable}\n{body}", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def side(path: Path, *words: str) -> str:
    """The match's name for the program at ``path`` run with ``words``: ``cmd:PATH WORDS``."""
    return "cmd:" + shlex.join([str(path), *words])


def ai_move(*words: str) -> str:
    """``fireice ai-move`` (or ``fireice icebreaker ai-move``) as a match's program."""
    return side(Path(sys.executable), "-I", "-m", "fireice_desktop", *words)


__all__ = [
    "CRASH",
    "CRASH_AS_SECOND",
    "FIRST_MOVE",
    "GARBAGE",
    "HANG",
    "ILLEGAL",
    "RECORD_ARGUMENTS",
    "REPLAY",
    "SILENT",
    "TWO_MOVES",
    "ai_move",
    "side",
    "write_program",
]
