"""``fireice icebreaker show``, run as a subprocess as other programs run it.

The JSON object and the text under the board are a contract.  Every expected value
comes from the engine (or the rules text), never from the CLI's own helper functions.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from fireice_desktop.engine.games.icebreaker.board import Side
from fireice_desktop.engine.games.icebreaker.rules import IcebreakerPosition
from fireice_desktop.engine.games.icebreaker.textboard import render
from tests.support.cli import (
    assert_one_line_error,
    assert_usage_error,
    no_traceback,
    run,
)

JSON_KEYS = {"size", "to_move", "ships", "icebergs", "score", "legal_moves", "result"}
COMMAND = "fireice icebreaker show"
START_5_MOVES = ["a1-a2", "a1-b1", "a1-b2", "e9-d8", "e9-e8", "e9-f8", "i1-h1", "i1-h2", "i1-i2"]
# A side-4 game in which Black's g2 ends up with open water all round (see test_icebreaker).
OPEN_WATER_4 = ["g1-f1", "g4-g3", "f1-f2", "g3-g2", "f2-f3"]


def names(here: IcebreakerPosition, cells: int) -> list[str]:
    board = here.board
    return [board.name(cell) for cell in board.cells_of(cells)]


def random_game(size: int, seed: int) -> tuple[list[str], IcebreakerPosition]:
    """A whole uniformly random game: its moves and the final position."""
    rng = random.Random(seed)
    here = IcebreakerPosition.start(size)
    moves = []
    while not here.is_over:
        move = rng.choice(here.legal_moves())
        moves.append(str(move))
        here = here.play(move)
    return moves, here


def won_by(side: Side, size: int) -> tuple[list[str], IcebreakerPosition]:
    """The first seeded random game that ``side`` wins."""
    for seed in range(100):
        moves, final = random_game(size, seed)
        if final.winner is side:
            return moves, final
    raise AssertionError(f"no random game won by {side.title}")


def expected_json(here: IcebreakerPosition) -> dict[str, Any]:
    winner = here.winner
    return {
        "size": here.size,
        "to_move": None if winner is not None else here.to_move.key,
        "ships": {"red": names(here, here.red), "black": names(here, here.black)},
        "icebergs": names(here, here.icebergs),
        "score": {"red": here.red_score, "black": here.black_score},
        "legal_moves": sorted(str(m) for m in here.legal_moves()),
        "result": None if winner is None else winner.key,
    }


def show_json(*args: str) -> dict[str, Any]:
    proc = run("icebreaker", "show", "--json", *args)
    no_traceback(proc)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert proc.stdout.count("\n") == 1, "one JSON object on one line"
    data: dict[str, Any] = json.loads(proc.stdout)
    return data


def replayed(size: int, moves: list[str]) -> IcebreakerPosition:
    here = IcebreakerPosition.start(size)
    for move in moves:
        here = here.play(move)
    return here


# --- --json ----------------------------------------------------------------------------------


def test_json_start_exact() -> None:
    data = show_json()
    all_cells = [
        f"{row}{number}"
        for row, length in zip("abcdefghi", (5, 6, 7, 8, 9, 8, 7, 6, 5), strict=True)
        for number in range(1, length + 1)
    ]
    ships = ["a1", "e9", "i1", "a5", "e1", "i5"]
    assert data == {
        "size": 5,
        "to_move": "red",
        "ships": {"red": ["a1", "e9", "i1"], "black": ["a5", "e1", "i5"]},
        "icebergs": [cell for cell in all_cells if cell not in ships],
        "score": {"red": 0, "black": 0},
        "legal_moves": START_5_MOVES,
        "result": None,
    }
    assert set(data) == JSON_KEYS
    assert len(data["icebergs"]) == 55


@pytest.mark.parametrize("size", [4, 5, 6, 7, 8])
def test_json_start_of_every_size(size: int) -> None:
    data = show_json("--size", str(size))
    start = IcebreakerPosition.start(size)
    assert data == expected_json(start)
    assert set(data) == JSON_KEYS
    assert set(data["ships"]) == {"red", "black"}
    assert set(data["score"]) == {"red", "black"}
    assert len(data["icebergs"]) == start.board.iceberg_count


@pytest.mark.parametrize(
    ("size", "moves"),
    [
        (5, ["a1-b2"]),
        (5, ["a1-b2", "a5-a4", "b2-b3"]),
        (4, OPEN_WATER_4),
        (6, random_game(6, 1)[0][:30]),
        (8, random_game(8, 2)[0][:61]),
    ],
    ids=["one-move", "three-moves", "open-water", "side-6", "side-8"],
)
def test_json_after_moves_agrees_with_the_engine(size: int, moves: list[str]) -> None:
    here = replayed(size, moves)
    args = ("--size", str(size), *moves) if size != 5 else tuple(moves)
    data = show_json(*args)
    assert data == expected_json(here)
    assert data["legal_moves"] == sorted(data["legal_moves"])
    assert data["result"] is None
    assert data["to_move"] == here.to_move.key
    assert data["score"] == {"red": here.red_score, "black": here.black_score}


def test_json_moves_may_come_as_one_argument_in_any_case() -> None:
    assert show_json("A1-B2  a5-A4") == expected_json(replayed(5, ["a1-b2", "a5-a4"]))


@pytest.mark.parametrize(
    ("side", "size"), [(Side.RED, 5), (Side.BLACK, 5), (Side.RED, 4), (Side.BLACK, 4)]
)
def test_json_finished_game(side: Side, size: int) -> None:
    moves, final = won_by(side, size)
    data = show_json("--size", str(size), *moves)
    assert data["result"] == side.key
    assert data["to_move"] is None
    assert data["legal_moves"] == []
    assert data["score"] == {"red": final.red_score, "black": final.black_score}
    assert data["score"][side.key] == final.board.target
    assert data == expected_json(final)


def test_json_one_move_before_the_end_has_no_result() -> None:
    moves, _ = won_by(Side.RED, 5)
    data = show_json(*moves[:-1])
    assert data["result"] is None
    assert data["to_move"] == "red"
    assert moves[-1] in data["legal_moves"]


# --- the text board --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "moves"),
    [(5, []), (4, []), (5, ["a1-b2", "a5-a4"]), (4, OPEN_WATER_4), (7, ["a1-a2"])],
)
def test_text_board_and_report(size: int, moves: list[str]) -> None:
    here = replayed(size, moves)
    proc = run("icebreaker", "show", "--size", str(size), *moves)
    no_traceback(proc)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    board = render(here)
    assert proc.stdout.startswith(board + "\n")
    report = proc.stdout[len(board) + 1 :].splitlines()
    assert f"To move: {here.to_move.title}" in report
    score = next(line for line in report if line.startswith("Score:"))
    assert f"Red {here.red_score}" in score
    assert f"Black {here.black_score}" in score
    assert str(here.board.target) in score
    assert "Result: none yet" in report


def test_text_board_of_side_4() -> None:
    proc = run("icebreaker", "show", "--size", "4")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[:7] == [
        "a     R * * B",
        "b    * * * * *",
        "c   * * * * * *",
        "d  B * * * * * R",
        "e   * * * * * *",
        "f    * * * * *",
        "g     R * * B",
    ]
    assert "To move: Red" in lines
    assert "Score: Red 0, Black 0 (first to 16)" in lines


@pytest.mark.parametrize("side", [Side.RED, Side.BLACK])
def test_text_finished_game(side: Side) -> None:
    moves, final = won_by(side, 5)
    proc = run("icebreaker", "show", *moves)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(render(final) + "\n")
    report = proc.stdout.splitlines()
    result = next(line for line in report if line.startswith("Result:"))
    assert side.title in result
    assert side.other.title not in result
    to_move = next(line for line in report if line.startswith("To move:"))
    assert "Red" not in to_move and "Black" not in to_move
    assert "over" in to_move


# --- errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--size", "4", *OPEN_WATER_4, "g2-g1"],
            "move 6: g2-g1: g1 is not closer to the nearest iceberg",
        ),
        (
            ["a1-b2", "a5-a4", "b2-a1"],
            "move 3: b2-a1: b2 is next to an iceberg and must capture one",
        ),
        (["a1-a3"], "move 1: a1-a3: a3 is not next to a1: ships move one step"),
        (["a1-b2", "b2-b3"], "move 2: b2-b3: b2 holds a Red ship and it is Black's turn"),
        (["e5-e4"], "move 1: e5-e4: there is no ship on e5"),
        (["a1b2"], "move 1: 'a1b2' is not a move: write FROM-TO with two cells, like a1-b2"),
        (["a1-b2", "a1-"], "move 2: 'a1-' is not a move"),
        (
            ["a1-a6"],
            "move 1: 'a6' is not a cell of the side-5 board "
            "(rows a to i, cells numbered from the left)",
        ),
        (["--size", "4", "e9-e8"], "move 1: 'e9' is not a cell of the side-4 board (rows a to g"),
        (["--size", "6", "a1-b2", "f1-f2", "f11-f12"], "move 3: 'f12' is not a cell of the side-6"),
    ],
    ids=[
        "not-closer",
        "must-capture",
        "not-adjacent",
        "wrong-side",
        "no-ship",
        "no-dash",
        "cut-short",
        "off-board",
        "off-side-4-board",
        "off-side-6-board",
    ],
)
@pytest.mark.parametrize("json_flag", [False, True], ids=["text", "json"])
def test_bad_moves(args: list[str], message: str, json_flag: bool) -> None:
    proc = run("icebreaker", "show", *(["--json"] if json_flag else []), *args)
    line = assert_one_line_error(proc, message)
    assert line.startswith(f"{COMMAND}: {message}")


def test_the_not_closer_example_really_is_one() -> None:
    # The position the first bad move is played in: Black's g2 has open water all round.
    here = replayed(4, OPEN_WATER_4)
    assert here.to_move is Side.BLACK
    assert {str(m) for m in here.legal_moves() if str(m).startswith("g2")} == {"g2-g3", "g2-f2"}


def test_a_move_after_the_end_is_refused() -> None:
    moves, final = won_by(Side.BLACK, 4)
    extra = "a1-a2"
    proc = run("icebreaker", "show", "--size", "4", *moves, extra)
    line = assert_one_line_error(proc, f"move {len(moves) + 1}: {extra}", "the game is over")
    assert "Black has won" in line
    assert final.is_over


@pytest.mark.parametrize("size", ["3", "9", "x", "0", "-1", "5.0", ""])
def test_bad_board_sizes_print_the_usage_then_one_line(size: str) -> None:
    for extra in ((), ("--json", "a1-b2")):
        proc = run("icebreaker", "show", "--size", size, *extra)
        assert_usage_error(proc)
        lines = proc.stderr.strip().splitlines()
        assert lines[0].startswith(f"usage: {COMMAND}")
        last = lines[-1]
        assert last.startswith(f"{COMMAND}: error: argument --size")
        assert repr(size) in last
        assert "4 to 8" in last
        assert not any(line.startswith(COMMAND) for line in lines[1:-1])


@pytest.mark.parametrize(
    "args",
    [
        ("icebreaker",),
        ("icebreaker", "play"),
        ("icebreaker", "show", "--bogus"),
        ("icebreaker", "show", "--size"),
        ("icebreaker", "show", "--json=yes"),
    ],
)
def test_usage_errors(args: tuple[str, ...]) -> None:
    assert_usage_error(run(*args))


def test_help_exits_zero() -> None:
    proc = run("icebreaker", "show", "--help")
    no_traceback(proc)
    assert proc.returncode == 0
    assert "--size" in proc.stdout
    assert proc.stderr == ""


def test_a_board_size_for_another_scene_is_refused(tmp_path: Path) -> None:
    shot = tmp_path / "x.png"
    proc = run("--screenshot", str(shot), "--scene", "game", "--size", "5")
    no_traceback(proc)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert proc.stdout == ""
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("fireice: ")
    assert "--size 5" in last
    assert "a board size applies to --scene icebreaker" in last
    assert not shot.exists()
