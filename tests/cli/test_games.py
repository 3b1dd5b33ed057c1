"""``fireice game show/export/import`` and ``fireice --open``: saved games on the command line,
and the parser refusing every bad flag and value with its usage."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from fireice_desktop import cli
from fireice_desktop.engine.games.fireice.rules import Color, Move
from fireice_desktop.engine.games.fireice.spec import Deal, Handicap
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.files.storage import MAX_RECORD_BYTES
from tests.support.cli import REPO, assert_flag_error, assert_usage_error, no_traceback, run
from tests.support.files import deny_reading

HANDICAP_GAME = GameRecord(
    moves=tuple(Move.parse(m) for m in ("D4-C4", "D4-D5", "C4-C1")),
    computer=((Color.ICE, "strong"),),
    undone=(Move.parse("D5-D6"),),
    setup=Handicap((2, 12), Color.ICE),
)
SOLITAIRE_GAME = GameRecord("solitaire", setup=Deal(5))


def saved(tmp_path: Path, record: GameRecord, name: str = "game.fireice") -> Path:
    path = tmp_path / name
    path.write_text(record.to_json(), encoding="utf-8")
    return path


def test_show_prints_the_set_up_the_moves_and_the_board(tmp_path: Path) -> None:
    proc = run("game", "show", str(saved(tmp_path, HANDICAP_GAME)))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(
        "Game: Fire & Ice\nHandicap: Ice A3 B6\nComputer: Ice strong\n\nD4-C4\nD4-D5\nC4-C1\n"
    )
    assert "To move: Ice" in proc.stdout
    assert proc.stdout.rstrip().endswith("Undone: D5-D6")


def test_show_json_holds_the_record_and_the_position_reached(tmp_path: Path) -> None:
    proc = run("game", "show", "--json", str(saved(tmp_path, HANDICAP_GAME)))
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["record"] == json.loads(HANDICAP_GAME.to_json())
    assert data["position"]["to_move"] == "ice"
    assert data["position"]["board"]["C1"] == "fire"
    assert "D6" not in data["position"]["board"], "undone moves are not played"


def test_show_a_solitaire(tmp_path: Path) -> None:
    proc = run("game", "show", "--json", str(saved(tmp_path, SOLITAIRE_GAME)))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["position"]["deal"] == 5


def test_export_then_import_gives_the_game_back(tmp_path: Path) -> None:
    text = run("game", "export", str(saved(tmp_path, HANDICAP_GAME))).stdout
    assert text == HANDICAP_GAME.to_text()
    (tmp_path / "game.txt").write_text(text)
    proc = run("game", "import", str(tmp_path / "game.txt"))
    assert proc.returncode == 0, proc.stderr
    played = GameRecord(
        moves=HANDICAP_GAME.moves,
        computer=HANDICAP_GAME.computer,
        setup=Handicap(HANDICAP_GAME.setup.holes, Color.ICE),
    )
    assert GameRecord.from_json(proc.stdout) == played


def test_import_reads_standard_input() -> None:
    proc = run("game", "import", "-", stdin="1. D4-C4\n2. D4-D5\n")
    assert proc.returncode == 0, proc.stderr
    assert [str(m) for m in GameRecord.from_json(proc.stdout).moves] == ["D4-C4", "D4-D5"]


def test_output_never_replaces_a_file_without_force(tmp_path: Path) -> None:
    source = saved(tmp_path, HANDICAP_GAME)
    target = tmp_path / "out.txt"
    target.write_text("keep me")
    proc = run("game", "export", str(source), "-o", str(target))
    assert proc.returncode == 2
    assert "--force" in proc.stderr
    assert target.read_text() == "keep me"
    proc = run("game", "export", str(source), "-o", str(target), "--force")
    assert proc.returncode == 0, proc.stderr
    assert target.read_text() == HANDICAP_GAME.to_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.fireice", "out.txt"]


def test_a_bad_game_writes_no_output_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("D4-C4\nD4-C4\n")
    proc = run("game", "import", str(bad), "-o", str(tmp_path / "out.fireice"))
    assert proc.returncode == 2
    assert not (tmp_path / "out.fireice").exists()


def _bad_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    good = HANDICAP_GAME.to_json()
    files = {
        "empty": ("", "empty"),
        "truncated": (good[: len(good) // 2], "truncated"),
        "not JSON": ("{this is not json}", "not valid JSON"),
        "wrong version": (good.replace('"version": 1', '"version": 7'), "version 7"),
        "illegal move": (good.replace("C4-C1", "C4-D5"), "move 3"),
        "binary": ("\x89PNG\r\n\x1a\n\0\0\0", "not a text file"),
    }
    paths = {}
    for name, (text, needle) in files.items():
        path = tmp_path / f"{name.replace(' ', '-')}.fireice"
        path.write_text(text, encoding="latin-1")
        paths[name] = (path, needle)
    huge = tmp_path / "huge.fireice"
    with huge.open("wb") as stream:
        stream.truncate(MAX_RECORD_BYTES * 4)
    paths["huge"] = (huge, "too large")
    folder = tmp_path / "folder.fireice"
    folder.mkdir()
    paths["a directory"] = (folder, "folder")
    paths["missing"] = (tmp_path / "missing.fireice", "does not exist")
    return paths


BAD_FILE_CASES = [
    "empty",
    "truncated",
    "not JSON",
    "wrong version",
    "illegal move",
    "binary",
    "huge",
    "a directory",
    "missing",
]


@pytest.mark.parametrize("case", BAD_FILE_CASES)
@pytest.mark.parametrize("command", [("game", "show"), ("game", "export"), ("--open",)])
def test_bad_files_get_one_clear_line(tmp_path: Path, case: str, command: tuple[str, ...]) -> None:
    path, needle = _bad_files(tmp_path)[case]
    before = sorted(os.listdir(tmp_path))
    proc = run(*command, str(path))
    no_traceback(proc)
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1, proc.stderr
    assert needle.lower() in proc.stderr.lower(), proc.stderr
    assert sorted(os.listdir(tmp_path)) == before, "nothing written"


def test_an_unreadable_file_gets_one_clear_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(tmp_path, HANDICAP_GAME)
    deny_reading(path, monkeypatch)  # root reads anything: then the refusal is simulated
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["game", "show", str(path)])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err == f"fireice game show: this program may not read {path}\n"


# --- every bad flag and value: the usage and exit status 2 -----------------------------------

BAD_ARGUMENTS = [
    ("--bogus",),
    ("--open",),
    ("--screenshot",),
    ("--screenshot", "x.png", "--scene", "nowhere"),
    ("--screenshot", "x.png", "--size", "big"),
    ("--screenshot", "x.png", "--size", "100x100"),
    ("--screenshot", "x.png", "--size", "860x"),
    ("--screenshot", "x.png", "--deal", "0"),
    ("--screenshot", "x.png", "--deal", "x"),
    ("--screenshot", "x.png", "--scene", "rules", "--page", "99"),
    ("--screenshot", "x.png", "--scene", "rules", "--page", "one"),
    ("--screenshot", "x.png", "--scene", "menu", "--hint"),
    ("--screenshot", "x.png", "--scene", "game", "--moves", "D4-C4 D4-C4"),
    ("--screenshot", "x.png", "--scene", "game", "--moves", "nonsense"),
    ("--scene", "game"),
    ("--size", "1024x640"),
    ("--hint",),
    ("text", "--handicap", "9"),
    ("text", "--side", "water"),
    ("show", "--handicap-at", "Q1"),
    ("show", "--side", "both"),
    ("show", "--json", "--json=no"),
    ("ai-move", "--level", "godlike"),
    ("ai-move", "--seed", "x"),
    ("ai-move", "--handicap-at", "A1,A2"),
    ("match", "--fire", "beginner"),
    ("match", "--fire", "beginner", "--ice", "casual", "--games", "0"),
    ("match", "--fire", "beginner", "--ice", "casual", "--games", "ten"),
    ("match", "--fire", "beginner", "--ice", "casual", "--jobs", "-1"),
    ("solitaire",),
    ("solitaire", "play"),
    ("solitaire", "show"),
    ("solitaire", "show", "--deal", "1000001"),
    ("solitaire", "solve", "--deal", "-1"),
    ("solitaire", "solve", "--deal", "1", "--depth", "3"),
    ("game",),
    ("game", "show"),
    ("game", "load", "x"),
    ("game", "show", "a", "b"),
    ("game", "export", "x", "-o"),
    ("game", "import", "x", "--force=yes"),
    ("game", "show", "x", "--open", "y"),
    ("show", "--open", "x"),
]


@pytest.mark.slow
@pytest.mark.parametrize("args", BAD_ARGUMENTS, ids=" ".join)
def test_every_bad_flag_or_value_prints_the_usage(args: tuple[str, ...]) -> None:
    proc = run(*args)
    assert_usage_error(proc)
    assert proc.stderr.startswith("usage: "), proc.stderr
    assert not (REPO / "x.png").exists(), "no picture for a refused command"


@pytest.mark.slow
def test_a_bad_value_names_itself_after_the_usage() -> None:
    line = assert_flag_error(run("--screenshot", "x.png", "--size", "10x10"), "--size", "10x10")
    assert line.startswith("fireice: ")
