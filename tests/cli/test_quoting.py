"""A crafted game file, or a crafted argument, gets one short error line: the command
line never repeats a 200 kB string back at the player."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.cli import assert_flag_error, assert_one_line_error, run

#: A field of 200 kB: far beyond any real move or name, well inside the file size limit.
X = "x" * 200_000
#: The longest error line any of these may give.
SHORT = 300

RECORD = {"format": "fireice-record", "version": 1, "game": "fire-and-ice"}

#: name -> (the file's text, what the line must still say).
FILES: dict[str, tuple[str, list[str]]] = {
    "a move": (
        json.dumps({**RECORD, "moves": ["D4-C4" + X]}),
        ["move 1: 'D4-C4xxx", "(200,005 characters) is not a move"],
    ),
    "the game's name": (json.dumps({**RECORD, "game": X}), ["unknown game 'xxx"]),
    "a computer level": (
        json.dumps({**RECORD, "computer": {"ice": X}}),
        ["is not a computer level"],
    ),
    "the solitaire's deal": (
        json.dumps({**RECORD, "game": "solitaire", "deal": X}),
        ["solitaire record: deal 'xxx"],
    ),
    "a plain-text line": ("D4-C4\n" + X + "\n", ["line 2: 'xxx", "is not a move"]),
    "a plain-text header": ("Game: " + X + "\n", ["Game: 'xxx", "is not a game"]),
}


@pytest.mark.parametrize("case", list(FILES))
@pytest.mark.parametrize("command", [("game", "show"), ("game", "export")])
def test_a_crafted_file_gets_one_short_line(
    case: str, command: tuple[str, ...], tmp_path: Path
) -> None:
    text, needles = FILES[case]
    path = tmp_path / "crafted.fireice"
    path.write_text(text, encoding="utf-8")
    proc = run(*command, str(path))
    line = assert_one_line_error(proc, f"fireice {' '.join(command)}: crafted.fireice", *needles)
    assert len(line) < SHORT, line[: 2 * SHORT]


def test_a_crafted_game_on_standard_input_gets_one_short_line() -> None:
    proc = run("game", "show", "-", stdin=json.dumps({**RECORD, "moves": ["D4-C4", X]}))
    line = assert_one_line_error(proc, "standard input: move 2: 'xxx", "is not a move")
    assert len(line) < SHORT, line[: 2 * SHORT]


def test_a_long_move_argument_gets_one_short_line() -> None:
    # (an argument may hold at most 128 kB on Linux)
    proc = run("show", "D4-C4", "D4-" + "x" * 100_000)
    line = assert_one_line_error(proc, "fireice show: move 2: 'D4-xxx", "(100,003 characters)")
    assert len(line) < SHORT, line[: 2 * SHORT]


def test_a_long_handicap_argument_gets_one_short_line() -> None:
    proc = run("show", "--handicap-at", "A3," + "x" * 100_000)
    line = assert_flag_error(proc, "--handicap-at 'A3,xxx", "(100,003 characters)")
    assert len(line) < SHORT, line[: 2 * SHORT]
    assert len(proc.stderr) < 2 * SHORT  # the usage, then the one line


def test_a_long_path_gets_one_short_line(tmp_path: Path) -> None:
    path = str(tmp_path) + "/folder" * 10_000 + "/game.fireice"
    proc = run("game", "show", path)
    line = assert_one_line_error(proc, "fireice game show: ", "/folder/game.fireice")
    assert len(line) < SHORT, line[: 2 * SHORT]


def test_short_input_is_quoted_as_it_always_was(tmp_path: Path) -> None:
    path = tmp_path / "game.fireice"
    path.write_text(json.dumps({**RECORD, "moves": ["Z9-A1"]}), encoding="utf-8")
    assert run("game", "show", str(path)).stderr == (
        "fireice game show: game.fireice: move 1: 'Z9-A1' is not a move: write FROM-TO with "
        "two holes, like F6-C6\n"
    )
    proc = run("show", "--handicap-at", "A3,Q9")
    assert proc.stderr.splitlines()[-1] == (
        "fireice show: --handicap-at 'A3,Q9': 'Q9' is not a hole: holes are an island A-G "
        "and a number 1-7, like D4"
    )
