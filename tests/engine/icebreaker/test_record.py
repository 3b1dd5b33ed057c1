"""Icebreaker game records: saved as JSON or text and loaded back move for move, the
undo/redo history and records that must be refused (``fireice game`` on Icebreaker files is
tested in tests/cli/test_games_icebreaker.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from fireice_desktop.engine.errors import IllegalMoveError, NotationError
from fireice_desktop.engine.games.fireice.rules import Color
from fireice_desktop.engine.games.icebreaker.board import Side, Step
from fireice_desktop.engine.games.icebreaker.rules import IcebreakerPosition
from fireice_desktop.engine.games.icebreaker.spec import Sea
from fireice_desktop.engine.interface import History
from fireice_desktop.engine.records.game import GameRecord
from tests.support.sea import icebreaker, random_moves

SIZES = (4, 5, 6, 7, 8)


def _with_undone(size: int, seed: int, played: int, undone: int) -> GameRecord:
    moves = random_moves(size, seed, played + undone)
    return icebreaker(size, moves[:played], undone=moves[played:])


RECORDS: dict[str, GameRecord] = {
    **{f"finished game, side {size}": icebreaker(size, random_moves(size, size)) for size in SIZES},
    **{
        f"computer plays Black, side {size}": icebreaker(
            size, random_moves(size, 10 + size, 12), computer=((Side.BLACK, "strong"),)
        )
        for size in SIZES
    },
    **{f"undone moves, side {size}": _with_undone(size, 20 + size, 9, 4) for size in SIZES},
    "no moves yet": icebreaker(5),
    "no moves yet, side 8, computer plays Red": icebreaker(8, computer=((Side.RED, "expert"),)),
    "computer plays both": icebreaker(
        4, random_moves(4, 3, 6), computer=((Side.BLACK, "casual"), (Side.RED, "beginner"))
    ),
    "everything undone": _with_undone(6, 4, 0, 5),
}


def expected_positions(record: GameRecord) -> list[IcebreakerPosition]:
    positions = [IcebreakerPosition.start(record.setup.size)]
    for move in record.moves + record.undone:
        positions.append(positions[-1].play(move))
    return positions


@pytest.mark.parametrize("name", list(RECORDS))
def test_records_round_trip_through_json(name: str) -> None:
    record = RECORDS[name]
    text = record.to_json()
    loaded = GameRecord.from_json(text)
    assert loaded == record
    assert GameRecord.parse(text) == record
    assert loaded.to_json() == text
    assert list(loaded.positions()) == expected_positions(record)
    assert all(move.size == record.setup.size for move in loaded.moves + loaded.undone)


@pytest.mark.parametrize("name", list(RECORDS))
def test_saved_records_hold_the_size_the_computer_and_the_moves(name: str) -> None:
    record = RECORDS[name]
    data = json.loads(record.to_json())
    assert data["format"] == "fireice-record"
    assert data["version"] == 1
    assert data["game"] == "icebreaker"
    assert data["size"] == record.setup.size
    assert data["moves"] == [str(m) for m in record.moves]
    assert data.get("undone", []) == [str(m) for m in record.undone]
    assert data.get("computer", {}) == {side.key: level for side, level in record.computer}
    assert "handicap" not in data
    assert "deal" not in data


@pytest.mark.parametrize("name", list(RECORDS))
def test_records_round_trip_through_text(name: str) -> None:
    record = RECORDS[name]
    text = record.to_text()
    lines = text.splitlines()
    assert lines[0] == "Game: Icebreaker"
    assert lines[1] == f"Size: {record.setup.size}"
    if record.computer:
        assert lines[2] == "Computer: " + ", ".join(
            f"{side.title} {level}" for side, level in record.computer
        )
    assert [line for line in lines if "-" in line and ":" not in line] == [
        str(m) for m in record.moves
    ]
    played = GameRecord(
        "icebreaker", moves=record.moves, computer=record.computer, setup=Sea(record.setup.size)
    )
    assert GameRecord.from_text(text) == played, "the text is the game as played: no undone moves"
    assert GameRecord.parse(text) == played


def test_the_json_example_in_the_record_module_loads() -> None:
    text = (
        '{"format": "fireice-record", "version": 1, "game": "icebreaker", "size": 5,'
        ' "computer": {"black": "casual"}, "moves": ["a1-b2"]}'
    )
    record = GameRecord.from_json(text)
    assert record.game == "icebreaker"
    assert record.setup.size == 5
    assert record.computer == ((Side.BLACK, "casual"),)
    assert record.positions()[-1] == IcebreakerPosition.start(5).play("a1-b2")


def test_a_record_without_a_size_is_side_5() -> None:
    record = GameRecord.from_json(
        '{"format": "fireice-record", "version": 1, "game": "icebreaker", "moves": ["e9-e8"]}'
    )
    assert record.setup.size == 5
    assert GameRecord.from_text("Game: Icebreaker\n\ne9-e8\n") == record


def test_text_as_a_player_writes_it() -> None:
    text = (
        "# a game on the small board\n"
        "game: ICEBREAKER\n"
        "size: 4\n"
        "computer: black Strong\n"
        "\n"
        "1. A1-B2  2. d1-c1   # both capture\n"
        "3) b2-b3\n"
        "\n"
        "G4-g3\n"
    )
    record = GameRecord.parse(text)
    assert record == icebreaker(
        4,
        tuple(Step.parse(m, 4) for m in ("a1-b2", "d1-c1", "b2-b3", "g4-g3")),
        computer=((Side.BLACK, "strong"),),
    )


# --- the undo/redo history --------------------------------------------------------------------


@pytest.mark.parametrize("name", list(RECORDS))
def test_of_history_is_the_inverse_of_history(name: str) -> None:
    record = RECORDS[name]
    history = record.history()
    assert history.position == expected_positions(record)[len(record.moves)]
    assert history.cursor == len(record.moves)
    assert history.moves == list(record.moves + record.undone)
    assert history.can_redo == bool(record.undone)
    assert GameRecord.of_history(history, computer=record.computer) == record


@pytest.mark.parametrize("size", SIZES)
def test_a_history_played_undone_and_saved_comes_back(size: int) -> None:
    history: History[IcebreakerPosition] = History(IcebreakerPosition.start(size))
    moves = random_moves(size, size * 7, 10)
    for move in moves:
        history.play(str(move))
    for _ in range(3):
        assert history.undo()
    record = GameRecord.of_history(history, computer=[(Side.BLACK, "casual")])
    assert record.moves == moves[:7]
    assert record.undone == moves[7:]
    assert record.setup.size == size
    assert record.computer == ((Side.BLACK, "casual"),)
    loaded = GameRecord.from_json(record.to_json()).history()
    assert loaded.positions == history.positions
    assert loaded.moves == history.moves
    assert loaded.cursor == history.cursor
    assert loaded.redo() and loaded.position == history.positions[8]


def test_of_history_refuses_a_game_not_from_the_start() -> None:
    start = IcebreakerPosition.start(5)
    history: History[IcebreakerPosition] = History(start._replace(red_score=3))
    with pytest.raises(ValueError, match="start position"):
        GameRecord.of_history(history)


# --- records that must be refused ----------------------------------------------------------------


def _record(**fields: Any) -> str:
    data: dict[str, Any] = {"format": "fireice-record", "version": 1, "game": "icebreaker"}
    data.update(fields)
    return json.dumps({k: v for k, v in data.items() if v is not ...})


FINISHED_5 = [str(m) for m in RECORDS["finished game, side 5"].moves]

BAD_JSON: dict[str, tuple[str, type[ValueError], list[str]]] = {
    "size 3": (_record(size=3), NotationError, ["icebreaker record", "side 4 to 8", "not 3"]),
    "size 9": (_record(size=9), NotationError, ["side 4 to 8", "not 9"]),
    "size as text": (_record(size="5"), NotationError, ["size '5' is not a number"]),
    "size true": (_record(size=True), NotationError, ["size True is not a number"]),
    "size 4.0": (_record(size=4.0), NotationError, ["size 4.0 is not a number"]),
    "size null": (_record(size=None), NotationError, ["size None is not a number"]),
    "a Fire & Ice move": (
        _record(moves=["D4-C4"]),
        IllegalMoveError,
        ["move 1", "d4-c4", "there is no ship on d4"],
    ),
    "a Fire & Ice hole off the small board": (
        _record(size=4, moves=["a1-b2", "G7-A7"]),
        NotationError,
        ["move 2", "'G7'", "side-4 board"],
    ),
    "a cell of a bigger board": (
        _record(size=5, moves=["e9-e10"]),
        NotationError,
        ["move 1", "'e10'", "side-5 board"],
    ),
    "computer plays Ice": (
        _record(computer={"ice": "expert"}),
        NotationError,
        ["'ice'", "red or black"],
    ),
    "computer plays Fire": (
        _record(computer={"black": "strong", "fire": "casual"}),
        NotationError,
        ["'fire'", "red or black"],
    ),
    "computer level unknown": (
        _record(computer={"black": "random"}),
        NotationError,
        ["'random'", "computer level"],
    ),
    "computer twice for one side": (
        _record(computer={"black": "strong", "BLACK": "casual"}),
        NotationError,
        ["given twice"],
    ),
    "not closer": (
        _record(size=4, moves=["g1-f1", "g4-g3", "f1-f2", "g3-g2", "f2-f3", "g2-g1"]),
        IllegalMoveError,
        ["move 6", "g2-g1", "g1 is not closer to the nearest iceberg"],
    ),
    "must capture": (
        _record(moves=["a1-b2", "a5-a4", "b2-a1"]),
        IllegalMoveError,
        ["move 3", "b2-a1", "must capture"],
    ),
    "wrong side": (
        _record(moves=["a1-b2", "b2-b3"]),
        IllegalMoveError,
        ["move 2", "b2-b3", "Black's turn"],
    ),
    "a bad undone move counts on from the moves": (
        _record(moves=["a1-b2", "a5-a4"], undone=["b2-b3", "a4-a6"]),
        NotationError,
        ["move 4", "'a6'"],
    ),
    "an illegal undone move": (
        _record(moves=["a1-b2"], undone=["a5-a4", "a5-b5"]),
        IllegalMoveError,
        ["move 3", "a5-b5", "no ship on a5"],
    ),
    "a move after the end": (
        _record(moves=[*FINISHED_5, "a1-a2"]),
        IllegalMoveError,
        [f"move {len(FINISHED_5) + 1}", "the game is over"],
    ),
    "malformed move": (_record(moves=["a1-b2", "a5a4"]), NotationError, ["move 2", "'a5a4'"]),
    "moves not a list": (_record(moves="a1-b2"), NotationError, ['like "a1-b2"']),
    "a handicap": (
        _record(handicap={"side": "fire", "holes": ["A3"]}),
        NotationError,
        ['only Fire & Ice has a handicap ("handicap")'],
    ),
    "a deal": (_record(deal=4), NotationError, ["only Fire & Ice solitaire has deal numbers"]),
    "a size in a Fire & Ice record": (
        json.dumps({"format": "fireice-record", "version": 1, "game": "fire-and-ice", "size": 5}),
        NotationError,
        ['only Icebreaker has a board size ("size")'],
    ),
}


@pytest.mark.parametrize("case", list(BAD_JSON))
def test_bad_json_records_are_refused_with_a_clear_message(case: str) -> None:
    text, error, fragments = BAD_JSON[case]
    with pytest.raises(ValueError) as excinfo:
        GameRecord.from_json(text)
    assert type(excinfo.value) is error
    message = str(excinfo.value)
    for fragment in fragments:
        assert fragment in message, (fragment, message)


BAD_TEXT: dict[str, tuple[str, type[ValueError], list[str]]] = {
    "handicap in Icebreaker": (
        "Game: Icebreaker\nHandicap: Fire A3\n\na1-b2\n",
        NotationError,
        ["Handicap: only Fire & Ice has a handicap"],
    ),
    "deal in Icebreaker": (
        "Game: Icebreaker\nDeal: 7\n",
        NotationError,
        ["Deal: only Fire & Ice solitaire has deal numbers"],
    ),
    "size in Fire & Ice": (
        "Game: Fire & Ice\nSize: 5\n\nD4-C4\n",
        NotationError,
        ["Size: only Icebreaker has a board size"],
    ),
    "size in Fire & Ice by default": (
        "Size: 5\n\nD4-C4\n",
        NotationError,
        ["only Icebreaker has a board size"],
    ),
    "size in the solitaire": (
        "Game: Fire & Ice solitaire\nDeal: 3\nSize: 5\n",
        NotationError,
        ["only Icebreaker has a board size"],
    ),
    "size not a number": ("Game: Icebreaker\nSize: x\n", NotationError, ["Size: 'x'", "4 to 8"]),
    "size 9": ("Game: Icebreaker\nSize: 9\n", NotationError, ["side 4 to 8", "not 9"]),
    "size 3": ("Game: Icebreaker\nSize: 3\n", NotationError, ["side 4 to 8", "not 3"]),
    "computer plays Ice": (
        "Game: Icebreaker\nComputer: Ice expert\n",
        NotationError,
        ["'Ice'", "red or black"],
    ),
    "Icebreaker computer in Fire & Ice": (
        "Game: Fire & Ice\nComputer: Black expert\n",
        NotationError,
        ["'Black'", "fire or ice"],
    ),
    "a Fire & Ice move": (
        "Game: Icebreaker\n\nF6-C6\n",
        IllegalMoveError,
        ["move 1", "there is no ship on f6"],
    ),
    "a cell off the board": (
        "Game: Icebreaker\nSize: 4\n\na1-b2\nh1-g1\n",
        NotationError,
        ["line 5", "'h1'", "side-4 board"],
    ),
    "an illegal move": (
        "Game: Icebreaker\n\n1. a1-b2 2. a5-a4 3. b2-a1\n",
        IllegalMoveError,
        ["move 3", "must capture"],
    ),
}


@pytest.mark.parametrize("case", list(BAD_TEXT))
def test_bad_texts_are_refused_with_a_clear_message(case: str) -> None:
    text, error, fragments = BAD_TEXT[case]
    with pytest.raises(ValueError) as excinfo:
        GameRecord.from_text(text)
    assert type(excinfo.value) is error
    message = str(excinfo.value)
    for fragment in fragments:
        assert fragment in message, (fragment, message)


def test_fire_and_ice_records_still_load_as_before() -> None:
    record = GameRecord.from_text("Game: Fire & Ice\nComputer: Ice expert\n\nD4-C4\n")
    assert record.game == "fire-and-ice"
    assert record.computer == ((Color.ICE, "expert"),)


# --- the text form of a saved game ------------------------------------------------------------

SAVED = icebreaker(
    4,
    tuple(Step.parse(m, 4) for m in ("a1-b2", "d1-c1", "b2-b3")),
    computer=((Side.BLACK, "strong"),),
    undone=(Step.parse("c1-c2", 4),),
)
SAVED_TEXT = "Game: Icebreaker\nSize: 4\nComputer: Black strong\n\na1-b2\nd1-c1\nb2-b3\n"


def test_the_text_form_is_as_documented() -> None:
    assert SAVED.to_text() == SAVED_TEXT
