"""``fireice game show/export/import`` on Icebreaker files: the text form, the record and
the sea reached, and one clear line for a file that is not a legal game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fireice_desktop.engine.games.icebreaker.board import Side, Step
from fireice_desktop.engine.games.icebreaker.rules import IcebreakerPosition
from fireice_desktop.engine.games.icebreaker.textboard import render
from fireice_desktop.engine.records.game import GameRecord
from tests.support.cli import assert_one_line_error, no_traceback, run
from tests.support.sea import SIZES, icebreaker, random_moves

SAVED = icebreaker(
    4,
    tuple(Step.parse(m, 4) for m in ("a1-b2", "d1-c1", "b2-b3")),
    computer=((Side.BLACK, "strong"),),
    undone=(Step.parse("c1-c2", 4),),
)
SAVED_TEXT = "Game: Icebreaker\nSize: 4\nComputer: Black strong\n\na1-b2\nd1-c1\nb2-b3\n"


def saved(tmp_path: Path, record: GameRecord = SAVED, name: str = "game.fireice") -> Path:
    path = tmp_path / name
    path.write_text(record.to_json(), encoding="utf-8")
    return path


def test_export_writes_the_game_as_text(tmp_path: Path) -> None:
    proc = run("game", "export", str(saved(tmp_path)))
    no_traceback(proc)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == SAVED_TEXT


def test_import_turns_the_text_into_a_record(tmp_path: Path) -> None:
    source = tmp_path / "game.txt"
    source.write_text(SAVED_TEXT)
    target = tmp_path / "game.fireice"
    proc = run("game", "import", str(source), "-o", str(target))
    no_traceback(proc)
    assert proc.returncode == 0, proc.stderr
    assert GameRecord.from_json(target.read_text()) == icebreaker(
        4, SAVED.moves, computer=SAVED.computer
    )


def test_import_reads_standard_input() -> None:
    proc = run("game", "import", "-", stdin="Game: Icebreaker\nSize: 6\n\n1. f11-f10\n")
    assert proc.returncode == 0, proc.stderr
    record = GameRecord.from_json(proc.stdout)
    assert record == icebreaker(6, (Step.parse("f11-f10", 6),))


def test_export_then_import_of_every_size(tmp_path: Path) -> None:
    for size in SIZES:
        record = icebreaker(
            size, random_moves(size, 10 + size, 12), computer=((Side.BLACK, "strong"),)
        )
        text = run("game", "export", str(saved(tmp_path, record, f"{size}.fireice"))).stdout
        assert text == record.to_text()
        proc = run("game", "import", "-", stdin=text)
        assert proc.returncode == 0, proc.stderr
        assert GameRecord.from_json(proc.stdout) == record


def test_a_bad_icebreaker_file_gets_one_clear_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("Game: Icebreaker\nSize: 4\n\na1-b2\nd1-d2\nb2-a1\n")
    for command in ("show", "export", "import"):
        proc = run("game", command, str(bad))
        line = assert_one_line_error(proc, "bad.txt", "move 3", "must capture")
        assert line.startswith(f"fireice game {command}: ")


def reached(record: GameRecord) -> IcebreakerPosition:
    here = record.positions()[len(record.moves)]
    assert isinstance(here, IcebreakerPosition)
    return here


def test_show_prints_the_set_up_the_moves_and_the_board(tmp_path: Path) -> None:
    proc = run("game", "show", str(saved(tmp_path)))
    no_traceback(proc)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    here = reached(SAVED)
    assert proc.stdout.startswith(SAVED_TEXT + "\n" + render(here) + "\n")
    report = proc.stdout[len(SAVED_TEXT) + len(render(here)) + 2 :].splitlines()
    assert report == [
        "To move: Black",
        "Score: Red 2, Black 1 (first to 16)",
        f"Icebergs left: {here.icebergs.bit_count()}",
        "Result: none yet",
        "Undone: c1-c2",
    ]
    assert "Fire" not in proc.stdout
    assert "Ice " not in proc.stdout


def test_show_json_holds_the_record_and_the_position_reached(tmp_path: Path) -> None:
    proc = run("game", "show", "--json", str(saved(tmp_path)))
    no_traceback(proc)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert set(data) == {"record", "position"}
    assert data["record"] == json.loads(SAVED.to_json())
    here = reached(SAVED)
    board = here.board
    assert data["position"] == {
        "size": 4,
        "to_move": "black",
        "ships": {
            "red": [board.name(c) for c in board.cells_of(here.red)],
            "black": [board.name(c) for c in board.cells_of(here.black)],
        },
        "icebergs": [board.name(c) for c in board.cells_of(here.icebergs)],
        "score": {"red": 2, "black": 1},
        "legal_moves": sorted(str(m) for m in here.legal_moves()),
        "result": None,
    }
    assert "c2" in data["position"]["icebergs"], "undone moves are not played"
    assert data["position"]["ships"]["black"] == ["a4", "c1", "g4"]


@pytest.mark.parametrize("winner", [Side.RED, Side.BLACK])
def test_show_a_finished_game(tmp_path: Path, winner: Side) -> None:
    record = next(
        record
        for size in SIZES
        for record in (icebreaker(size, random_moves(size, seed)) for seed in range(20))
        if reached(record).winner is winner
    )
    path = saved(tmp_path, record)
    data = json.loads(run("game", "show", "--json", str(path)).stdout)
    assert data["position"]["result"] == winner.key
    assert data["position"]["to_move"] is None
    assert data["position"]["legal_moves"] == []
    text = run("game", "show", str(path)).stdout
    result = next(line for line in text.splitlines() if line.startswith("Result:"))
    assert winner.title in result and winner.other.title not in result
