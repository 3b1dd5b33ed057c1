"""Game records (save/load) and the undo/redo history."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from fireice_desktop.engine.errors import IllegalMoveError, NotationError
from fireice_desktop.engine.games.fireice.board import hole_name
from fireice_desktop.engine.games.fireice.rules import Color, Move, Position, random_handicap
from fireice_desktop.engine.games.fireice.solitaire import SolitairePosition
from fireice_desktop.engine.games.fireice.spec import Deal, Handicap
from fireice_desktop.engine.interface import History
from fireice_desktop.engine.records.game import GameRecord, replay
from tests.support.boards import holes, random_game


def _plain_record() -> GameRecord:
    moves, _ = random_game(random.Random(1))
    return GameRecord(moves=tuple(moves))


def _handicap_record(side: Color) -> GameRecord:
    handicap = random_handicap(3, 9)
    moves, _ = random_game(random.Random(2), Position.start(handicap, side))
    return GameRecord(moves=tuple(moves), setup=Handicap(handicap, side))


def _solitaire_record() -> GameRecord:
    position = SolitairePosition.deal(42)
    rng = random.Random(3)
    moves = []
    while position.legal_moves():
        move = rng.choice(position.legal_moves())
        moves.append(move)
        position = position.play(move)
    return GameRecord("solitaire", moves=tuple(moves), setup=Deal(42))


RECORDS = {
    "empty game": GameRecord(),
    "plain finished game": _plain_record(),
    "unfinished game": GameRecord(moves=(Move.parse("D4-C4"), Move.parse("D4-D5"))),
    "fire handicap": _handicap_record(Color.FIRE),
    "ice handicap": _handicap_record(Color.ICE),
    "six-peg ice handicap": GameRecord(setup=Handicap(random_handicap(6, 1), Color.ICE)),
    "solitaire": _solitaire_record(),
    "solitaire, no moves yet": GameRecord("solitaire", setup=Deal(1_000_000)),
}


@pytest.mark.parametrize("name", list(RECORDS))
def test_records_round_trip_through_json(name: str) -> None:
    record = RECORDS[name]
    text = record.to_json()
    loaded = GameRecord.from_json(text)
    assert loaded == record
    assert loaded.positions() == record.positions()
    assert loaded.to_json() == text


@pytest.mark.parametrize("name", list(RECORDS))
def test_saved_records_hold_the_setup_and_the_moves(name: str) -> None:
    record = RECORDS[name]
    data = json.loads(record.to_json())
    assert data["format"] == "fireice-record"
    assert data["version"] == 1
    assert data["game"] == record.game
    assert data["moves"] == [str(m) for m in record.moves]
    if record.game == "solitaire":
        assert data["deal"] == record.setup.number
    elif record.setup.holes:
        assert data["handicap"]["side"] == record.setup.side.key
        assert data["handicap"]["holes"] == [hole_name(h) for h in record.setup.holes]
    else:
        assert "handicap" not in data


def test_a_record_reproduces_the_game_move_for_move() -> None:
    moves, positions = random_game(random.Random(4), Position.start(holes("A3", "G5")))
    record = GameRecord(moves=tuple(moves), setup=Handicap(tuple(holes("A3", "G5"))))
    assert list(GameRecord.from_json(record.to_json()).positions()) == positions


def test_the_documented_example_loads() -> None:
    text = (
        '{"format": "fireice-record", "version": 1, "game": "fire-and-ice",'
        ' "handicap": {"side": "fire", "holes": ["A3", "B5"]}, "moves": ["D4-C4", "D4-D5"]}'
    )
    record = GameRecord.from_json(text)
    assert record.setup.holes == tuple(holes("A3", "B5"))
    assert record.setup.side is Color.FIRE
    assert [str(m) for m in record.moves] == ["D4-C4", "D4-D5"]
    final = record.positions()[-1]
    assert isinstance(final, Position)
    assert final == Position.start(holes("A3", "B5")).play("D4-C4").play("D4-D5")


def _record(**fields: Any) -> str:
    data: dict[str, Any] = {"format": "fireice-record", "version": 1, "game": "fire-and-ice"}
    data.update(fields)
    return json.dumps({k: v for k, v in data.items() if v is not ...})


CORRUPT: dict[str, tuple[str, type[ValueError], list[str]]] = {
    "not JSON": ("{not json", NotationError, ["not valid JSON"]),
    "empty text": ("", NotationError, ["empty"]),
    "truncated": (_record(moves=["D4-C4"])[:-9], NotationError, ["truncated"]),
    "deeply nested": ("[" * 100_000, NotationError, ["nested too deeply"]),
    "JSON list": ("[1, 2]", NotationError, ["format"]),
    "no format key": (_record(format=...), NotationError, ["format", "fireice-record"]),
    "wrong format key": (_record(format="chess-pgn"), NotationError, ["format"]),
    "wrong version": (_record(version=2), NotationError, ["version 2", "1"]),
    "version as text": (_record(version="1"), NotationError, ["version '1'"]),
    "version true": (_record(version=True), NotationError, ["version True"]),
    "no version": (_record(version=...), NotationError, ["version None"]),
    "unknown game": (_record(game="chess"), NotationError, ["unknown game 'chess'"]),
    "no game": (_record(game=...), NotationError, ["unknown game None"]),
    "moves not a list": (_record(moves="D4-C4"), NotationError, ['"moves"', "list"]),
    "moves not texts": (_record(moves=[1, 2]), NotationError, ['"moves"', "list"]),
    "malformed move": (
        _record(moves=["D4-C4", "D4D5"]),
        NotationError,
        ["move 2", "'D4D5'"],
    ),
    "malformed first move": (_record(moves=["Z9-A1"]), NotationError, ["move 1", "'Z9-A1'"]),
    "illegal move": (
        _record(moves=["D4-C4", "D4-C4"]),
        IllegalMoveError,
        ["move 2", "D4-C4", "C4 is taken"],
    ),
    "move by the wrong side": (
        _record(moves=["D4-C4", "C4-C1"]),
        IllegalMoveError,
        ["move 2", "C4-C1", "Ice's turn"],
    ),
    "move after the end": (
        _record(moves=[*(str(m) for m in RECORDS["plain finished game"].moves), "A1-A2"]),
        IllegalMoveError,
        [f"move {len(RECORDS['plain finished game'].moves) + 1}", "game is over"],
    ),
    "handicap on island D": (
        _record(handicap={"side": "fire", "holes": ["D1"]}),
        IllegalMoveError,
        ["D1", "island D"],
    ),
    "two handicap pegs on one island": (
        _record(handicap={"side": "ice", "holes": ["A1", "A2"]}),
        IllegalMoveError,
        ["A2", "island A"],
    ),
    "handicap hole malformed": (
        _record(handicap={"side": "fire", "holes": ["A9"]}),
        NotationError,
        ["'A9'"],
    ),
    "handicap side unknown": (
        _record(handicap={"side": "red", "holes": ["A1"]}),
        NotationError,
        ["'red'"],
    ),
    "handicap not an object": (_record(handicap=["A1"]), NotationError, ['"handicap"']),
    "handicap holes not a list": (
        _record(handicap={"side": "fire", "holes": "A1"}),
        NotationError,
        ['"handicap"'],
    ),
    "handicap pegs break the moves": (
        _record(handicap={"side": "ice", "holes": ["C4"]}, moves=["D4-C4"]),
        IllegalMoveError,
        ["move 1", "C4 is taken"],
    ),
    "solitaire deal 0": (_record(game="solitaire", deal=0), NotationError, ["deal 0"]),
    "solitaire deal too big": (
        _record(game="solitaire", deal=1_000_001),
        NotationError,
        ["deal 1000001", "1,000,000"],
    ),
    "solitaire deal as text": (_record(game="solitaire", deal="42"), NotationError, ["'42'"]),
    "solitaire deal true": (_record(game="solitaire", deal=True), NotationError, ["True"]),
    "solitaire without deal": (_record(game="solitaire"), NotationError, ["deal None"]),
    "solitaire move not a capture": (
        _record(game="solitaire", deal=1, moves=["A1-A1"]),
        IllegalMoveError,
        ["move 1", "A1-A1"],
    ),
}


@pytest.mark.parametrize("case", list(CORRUPT))
def test_corrupt_records_are_refused_with_a_clear_message(case: str) -> None:
    text, error, fragments = CORRUPT[case]
    with pytest.raises(ValueError) as excinfo:
        GameRecord.from_json(text)
    assert isinstance(excinfo.value, error)
    message = str(excinfo.value)
    for fragment in fragments:
        assert fragment in message, (fragment, message)


@pytest.mark.parametrize(
    ("moves", "number", "error"),
    [
        (["D4-C4", "D4-D5", "D5-D5"], 3, IllegalMoveError),
        (["D4-C4", "nonsense"], 2, NotationError),
        (["A1-A2"], 1, IllegalMoveError),
    ],
)
def test_replay_says_which_move_failed(
    moves: list[str], number: int, error: type[ValueError]
) -> None:
    with pytest.raises(error) as excinfo:
        replay(Position.start(), moves)
    assert str(excinfo.value).startswith(f"move {number}: ")


def test_replay_lists_every_position() -> None:
    positions = replay(Position.start(), ["D4-C4", "d4-d5"])
    assert positions == [
        Position.start(),
        Position.start().play("D4-C4"),
        Position.start().play("D4-C4").play("D4-D5"),
    ]


# --- History ---------------------------------------------------------------------


def _snapshot(history: History[Any]) -> tuple[list[Any], list[Move], int]:
    return list(history.positions), list(history.moves), history.cursor


def test_history_plays_undoes_and_redoes() -> None:
    start = Position.start()
    history = History(start)
    assert history.position == start
    assert not history.can_undo
    assert not history.can_redo
    assert history.undo() is False
    assert history.redo() is False

    first = history.play("D4-C4")
    second = history.play(Move.parse("D4-D5"))
    assert first == start.play("D4-C4")
    assert second == first.play("D4-D5")
    assert history.position == second
    assert [str(m) for m in history.played] == ["D4-C4", "D4-D5"]

    assert history.undo() is True
    assert history.position == first
    assert history.can_redo
    assert [str(m) for m in history.played] == ["D4-C4"]
    assert history.undo() is True
    assert history.position == start
    assert history.played == []
    assert not history.can_undo
    assert history.undo() is False

    assert history.redo() is True
    assert history.redo() is True
    assert history.position == second
    assert not history.can_redo
    assert history.redo() is False


def test_a_new_move_after_undo_drops_the_redo_line() -> None:
    history = History(Position.start())
    history.play("D4-C4")
    history.play("D4-D5")
    history.play("C4-C1")
    history.undo()
    history.undo()
    history.play("D4-D1")
    assert [str(m) for m in history.moves] == ["D4-C4", "D4-D1"]
    assert [str(m) for m in history.played] == ["D4-C4", "D4-D1"]
    assert len(history.positions) == 3
    assert not history.can_redo
    assert history.redo() is False
    assert history.position == Position.start().play("D4-C4").play("D4-D1")


@pytest.mark.parametrize(
    ("move", "error"),
    [("D4-C4", IllegalMoveError), ("C4-C1", IllegalMoveError), ("junk", NotationError)],
)
def test_an_illegal_move_leaves_the_history_unchanged(move: str, error: type[ValueError]) -> None:
    history = History(Position.start())
    history.play("D4-C4")
    history.play("D4-D5")
    history.undo()  # Ice to move after D4-C4, with D4-D5 on the redo line
    before = _snapshot(history)
    with pytest.raises(error):
        history.play(move)
    assert _snapshot(history) == before
    assert history.can_redo
    assert history.redo() is True
    assert history.position == Position.start().play("D4-C4").play("D4-D5")


def test_history_works_for_the_solitaire_too() -> None:
    start = SolitairePosition.deal(7)
    history = History(start)
    move = start.legal_moves()[0]
    after = history.play(move)
    assert after == start.play(move)
    assert history.undo() is True
    assert history.position == start
    with pytest.raises(IllegalMoveError):
        history.play(Move(move.src, move.src))
    assert history.can_redo
