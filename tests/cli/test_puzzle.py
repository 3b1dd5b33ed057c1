"""``fireice puzzle list`` and ``fireice puzzle show``: a contract for scripts.

``list --json`` prints one JSON array, each puzzle exactly ``{"id", "game", "moves",
"to_move", "win_in", "solution", "rating"}``; ``show ID --json`` prints one of those;
``show ID`` prints it with the pbmserv board.  A bad id gets the usage and status 2.
"""

from __future__ import annotations

import json

import pytest

from fireice_desktop.engine.games.fireice import textboard
from fireice_desktop.engine.games.fireice.rules import Position
from tests.support.cli import assert_flag_error, assert_usage_error, run

KEYS = ["id", "game", "moves", "to_move", "win_in", "solution", "rating"]


def listed() -> list[dict]:
    proc = run("puzzle", "list", "--json")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == "" and proc.stdout.count("\n") == 1
    return json.loads(proc.stdout)


def test_list_json_is_the_contract() -> None:
    puzzles = listed()
    assert len(puzzles) >= 1
    for item in puzzles:
        assert list(item) == KEYS
        assert item["game"] == "fire-and-ice"
        assert item["to_move"] in ("fire", "ice")
        assert isinstance(item["rating"], (int, float))
        position = Position.start()
        for move in item["moves"]:
            position = position.play(move)
        assert position.to_move.key == item["to_move"]
        assert len(item["solution"]) in (2 * item["win_in"] - 1, 2 * item["win_in"])
        for move in item["solution"]:
            position = position.play(move)
        assert position.winner is not None and position.winner.key == item["to_move"]


def test_show_json_is_the_listed_puzzle() -> None:
    first = listed()[0]
    proc = run("puzzle", "show", str(first["id"]), "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == first


def test_show_prints_the_board() -> None:
    first = listed()[-1]
    proc = run("puzzle", "show", str(first["id"]))
    assert proc.returncode == 0 and proc.stderr == ""
    position = Position.start()
    for move in first["moves"]:
        position = position.play(move)
    assert textboard.render(position) in proc.stdout
    side = first["to_move"].capitalize()
    assert proc.stdout.startswith(f"Puzzle {first['id']}: {side} to play and win in")
    assert "Solution: " + " ".join(first["solution"]) in proc.stdout


def test_list_text_has_a_line_each() -> None:
    proc = run("puzzle", "list")
    assert proc.returncode == 0
    assert len(proc.stdout.splitlines()) == len(listed()) + 1


@pytest.mark.parametrize("bad", ["0", "-1", "x", "", "1.5", "99999999", "9" * 5000, "1\x00"])
def test_bad_ids_get_the_usage(bad: str) -> None:
    proc = run("puzzle", "show", bad)
    assert_flag_error(proc, "puzzle")


def test_missing_id_and_command() -> None:
    assert_usage_error(run("puzzle", "show"))
    assert_usage_error(run("puzzle"))
    assert_usage_error(run("puzzle", "solve"))
