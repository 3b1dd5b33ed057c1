"""A crafted game file, or a crafted argument, gets one short error line: the command
line never repeats a 200 kB string back at the player."""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fireice_desktop.cli.desktop_options import shot_options
from fireice_desktop.cli.errors import LINE_LIMIT
from fireice_desktop.cli.parser import build_parser
from fireice_desktop.engine.words import NAME_LIMIT, QUOTE_LIMIT
from tests.support.cli import assert_flag_error, assert_one_line_error, no_traceback, run

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


# --- every value the command line checks, from the parser itself ----------------------------

#: A value of thousands of characters: a paste gone wrong, a crafted script.
LONG = "x" * 5000

#: A value that passes for each required option or argument, so that the one under test is
#: the one refused: a choice takes its first choice, the others are named here.
VALID = {
    "fire": "random",
    "ice": "random",
    "red": "random",
    "black": "random",
    "deal": "1",
    "puzzle": "1",
    "id": "1",
    "file": "{game}",  # a saved game written for the test
    "code": "7-guitarist-revenge",  # an invite code (fireice online join)
}


def _commands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every command's parser under ``parser`` (``fireice`` first), with the words naming it."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            seen: set[int] = set()
            for name, command in action.choices.items():
                if id(command) not in seen:  # an alias (analyze) names the same parser
                    seen.add(id(command))
                    yield from _commands(command, (*path, name))


def _valid(action: argparse.Action) -> list[str]:
    """``action`` given a value that passes."""
    value = action.choices[0] if isinstance(action.choices, (list, tuple)) else VALID[action.dest]
    return [action.option_strings[-1], str(value)] if action.option_strings else [str(value)]


def _long_value_cases() -> Iterator[Any]:
    """Each option and argument of each command given :data:`LONG`, as the command's words;
    and each command given an unknown flag of that length, and each switch a value."""
    shots = {dest for _, dest in shot_options()}
    for path, parser in _commands(build_parser()):
        actions = [a for a in parser._actions if not isinstance(a, argparse._HelpAction)]
        others: dict[int, list[str]] = {}
        for action in actions:
            required = action.required and action.nargs not in ("*", "?")
            if required and not isinstance(action, argparse._SubParsersAction):
                others[id(action)] = _valid(action)
        base = [word for words in others.values() for word in words]
        name = " ".join(("fireice", *path))
        for action in actions:
            flag = action.option_strings[-1] if action.option_strings else str(action.metavar)
            rest = [w for key, words in others.items() if key != id(action) for w in words]
            if action.nargs == 0:  # a switch: argparse refuses a value written with =
                words = [*rest, f"{flag}={LONG}"]
            elif action.option_strings:
                words = [*rest, action.option_strings[-1], LONG]
            else:
                words = [*rest, LONG]
            marks = []
            if action.dest in shots:  # checked only with --screenshot: a drawing process
                scene = [] if action.dest == "scene" else ["--scene", "game"]
                words = ["--screenshot", "{picture}", *scene, *words]
                marks = [pytest.mark.slow]
            yield pytest.param((*path, *words), id=f"{name} {flag}", marks=marks)
        yield pytest.param((*path, *base, "--" + LONG), id=f"{name} --unknown")


@pytest.mark.parametrize("words", list(_long_value_cases()))
def test_every_value_the_command_line_checks_is_quoted_short(
    words: tuple[str, ...], tmp_path: Path
) -> None:
    """Each gets its short message (the usage first when the mistake is in a flag), status
    2, and quotes at most about 50 characters of the value: it used to repeat all 5 kB."""
    game = tmp_path / "game.fireice"
    game.write_text("D4-C4\n", encoding="utf-8")
    places = {"{game}": str(game), "{picture}": str(tmp_path / "picture.png")}
    proc = run(*(places.get(word, word) for word in words))
    no_traceback(proc)
    assert proc.returncode == 2, (proc.returncode, proc.stdout[:SHORT], proc.stderr[:SHORT])
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    while lines and (lines[0].startswith("usage: ") or lines[0].startswith(" ")):
        lines.pop(0)  # the command's usage, the same whatever was typed
    message = "\n".join(lines)
    assert 0 < len(message.encode()) < SHORT, proc.stderr[: 2 * SHORT]
    # A value is quoted by its start and its length; a path, by its start and its end.
    for quote, run_of_x in re.findall(r"(['\"]?)(x{2,})", message):
        assert len(run_of_x) <= (QUOTE_LIMIT if quote else NAME_LIMIT), message


def test_argparse_s_own_messages_quote_a_long_value_as_every_message_does() -> None:
    proc = run("match", "--fire", "random", "--ice", "random", "--games", LONG)
    line = assert_flag_error(proc)
    assert line == (
        "fireice match: error: argument --games: invalid int value: "
        f"'{'x' * (QUOTE_LIMIT - 3)}…' (5,000 characters)"
    )
    proc = run("show", "--side", "purple")  # short: as argparse always said it
    assert assert_flag_error(proc) == (
        "fireice show: error: argument --side: invalid choice: 'purple' (choose from 'fire', 'ice')"
    )


def test_thousands_of_unknown_words_give_one_line_of_their_start_and_end() -> None:
    words = [f"w{number}" for number in range(3000)]
    line = assert_flag_error(run("match", "--fire", "random", "--ice", "random", *words))
    assert line.startswith("fireice: error: unrecognized arguments: w0 w1 w2 "), line
    assert line.endswith(" w2998 w2999") and "…" in line, line
    assert len(line) <= len("fireice: error: ") + LINE_LIMIT


@pytest.mark.parametrize("program", ["cmd:" + LONG, "cmd:/" + LONG, "cmd:/no/" + LONG + " --ms 5"])
def test_a_long_program_is_quoted_by_its_start_and_its_length(program: str) -> None:
    line = assert_flag_error(run("match", "--fire", "random", "--ice", program))
    assert line.startswith(f"fireice match: --ice '{program[: QUOTE_LIMIT - 3]}…' ("), line
    assert len(line) < SHORT, line[: 2 * SHORT]
