"""The game by code kept in its own file: written whole, read back checked, a damaged one
set aside and never replaced."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fireice_desktop.engine.correspondence import encode
from fireice_desktop.engine.games.fireice.rules import Color
from fireice_desktop.engine.games.icebreaker.board import Side
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.files.code_game import (
    CODE_GAME_NAME,
    CodeGame,
    code_game_path,
    keep_code_game,
    load_code_game,
)
from fireice_desktop.files.storage import AUTOSAVE_NAME


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FIREICE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def a_game(moves: int = 3) -> GameRecord:
    record = GameRecord("fire-and-ice", ())
    for _ in range(moves):
        position = record.history().position
        move = sorted(position.legal_moves(), key=str)[0]
        record = GameRecord("fire-and-ice", (*record.moves, move))
    return record


def test_a_kept_game_comes_back_with_its_side(data: Path) -> None:
    game = CodeGame(a_game(), Color.ICE)
    assert keep_code_game(game) is None
    kept = load_code_game()
    assert kept.problem is None and kept.game == game
    assert not (data / AUTOSAVE_NAME).exists()  # Continue's game is another file
    icebreaker = CodeGame(GameRecord("icebreaker", ()), Side.BLACK)
    assert keep_code_game(icebreaker) is None
    assert load_code_game().game == icebreaker


def test_nothing_kept_is_no_game_and_no_problem(data: Path) -> None:
    kept = load_code_game()
    assert kept.game is None and kept.problem is None


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        '{"side": "fire"}',
        '{"side": "fire", "code": "FI1-0000"}',
        json.dumps({"side": "red", "code": encode(a_game(), Color.FIRE)}),
        json.dumps({"side": "ice", "code": encode(a_game(), Color.FIRE)}),  # not the sender
        "x" * 5000,
    ],
)
def test_a_damaged_file_is_set_aside_and_said(data: Path, text: str) -> None:
    data.mkdir()
    (data / CODE_GAME_NAME).write_text(text, encoding="utf-8")
    kept = load_code_game()
    assert kept.game is None and kept.problem is not None
    assert kept.set_aside_as == data / "game-by-code.unreadable.json"
    assert kept.set_aside_as.read_text(encoding="utf-8") == text  # nothing of it lost
    assert not code_game_path().exists()
    assert keep_code_game(CodeGame(a_game(), Color.FIRE)) is None  # a new game is kept


def test_a_folder_where_the_file_goes_is_left_alone(data: Path) -> None:
    (data / CODE_GAME_NAME).mkdir(parents=True)
    assert load_code_game().game is None
    assert (data / CODE_GAME_NAME).is_dir()
    problem = keep_code_game(CodeGame(a_game(), Color.FIRE))
    assert problem is not None and (data / CODE_GAME_NAME).is_dir()


def test_the_file_holds_the_side_and_the_code(data: Path) -> None:
    record = a_game(2)
    keep_code_game(CodeGame(record, Color.FIRE))
    saved = json.loads((data / CODE_GAME_NAME).read_text(encoding="utf-8"))
    assert saved == {"side": "fire", "code": encode(record, Color.FIRE)}
