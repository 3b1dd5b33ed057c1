"""The online game kept on disk (online/kept.py): it comes back as kept, a damaged file is set
aside under another name (never replaced) with the problem said, a new game never overwrites
an unfinished one, and the game kept for Continue is never touched."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from fireice_desktop.engine.games import find_game
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.files.storage import autosave_path, data_dir, save_autosave
from fireice_desktop.online.kept import (
    Keeper,
    KeptOnline,
    forget_online,
    keep_online,
    load_online,
    online_path,
)
from fireice_desktop.online.session import OnlineGame, new_game

FIRE_AND_ICE = find_game("fire-and-ice")
ICEBREAKER = find_game("icebreaker")


def random_moves(record: GameRecord, count: int, seed: int = 1) -> GameRecord:
    rng = random.Random(seed)
    position, moves = record.start(), []
    while len(moves) < count and not position.is_over:
        move = rng.choice(sorted(position.legal_moves(), key=str))
        moves.append(move)
        position = position.play(move)
    return replace(record, moves=tuple(moves))


def a_game(count: int = 7, record: GameRecord | None = None, **fields: object) -> OnlineGame:
    record = record or GameRecord(FIRE_AND_ICE.name)
    game = new_game(record, record.start().to_move.other)
    game = replace(game, record=random_moves(game.record, count), friend="Bruno", acked=count)
    return replace(game, **fields)  # type: ignore[arg-type]


def finished_game() -> OnlineGame:
    return a_game(3, resigned="fire")


@pytest.fixture
def autosave() -> bytes:
    """A game kept for Continue, whose bytes every test checks are untouched."""
    assert save_autosave(random_moves(GameRecord(FIRE_AND_ICE.name), 5, seed=9))
    return autosave_path().read_bytes()


def files() -> set[str]:
    return {path.name for path in data_dir().iterdir()}


@pytest.mark.parametrize(
    "game",
    [
        a_game(0),
        a_game(7),
        a_game(12, acked=11, resigned="ice"),
        a_game(30, GameRecord(ICEBREAKER.name, setup=ICEBREAKER.setup_from_numbers([7]))),
        a_game(
            9,
            GameRecord(
                FIRE_AND_ICE.name,
                setup=FIRE_AND_ICE.setup_from_json(
                    {"handicap": {"side": "fire", "holes": ["A3", "B6"]}}
                ),
            ),
        ),
    ],
    ids=["new", "moves", "resigned", "icebreaker 7", "handicap"],
)
def test_a_kept_game_comes_back_as_kept(game: OnlineGame, autosave: bytes) -> None:
    keep_online(game)
    assert online_path() == data_dir() / "online.json"
    assert load_online() == KeptOnline(game)
    assert files() == {"online.json", "autosave.fireice"}
    assert autosave_path().read_bytes() == autosave


def test_no_file_is_no_game_and_no_problem() -> None:
    assert load_online() == KeptOnline()
    assert not data_dir().exists() or files() == set()


def test_keeping_again_replaces_the_same_game_and_forgetting_removes_it(autosave: bytes) -> None:
    game = a_game(4)
    keep_online(game)
    longer = replace(game, record=random_moves(game.record, 6))
    keep_online(longer)
    assert load_online().online == longer
    forget_online()
    assert load_online() == KeptOnline()
    forget_online()  # nothing there: no error
    assert autosave_path().read_bytes() == autosave


def damaged_files() -> list[tuple[str, bytes]]:
    good = json.dumps(a_game(6).to_json()).encode()
    data = json.loads(good)
    wrong_fields = {**data, "colour": "blue"}
    illegal = json.loads(good)
    illegal["game"]["moves"][3] = "A1-A1"
    bad_acked = {**data, "acked": 99}
    bad_side = {**data, "me": "red"}
    taken_back = json.loads(good)
    taken_back["game"]["undone"] = [taken_back["game"]["moves"].pop()]
    taken_back["acked"] = 0
    return [
        ("garbage", bytes(range(256)) * 4),
        ("truncated", good[: len(good) // 2]),
        ("empty", b""),
        ("not an object", b"[1, 2, 3]"),
        ("wrong fields", json.dumps(wrong_fields).encode()),
        ("missing fields", json.dumps({"id": data["id"]}).encode()),
        ("an illegal move", json.dumps(illegal).encode()),
        ("more moves confirmed than played", json.dumps(bad_acked).encode()),
        ("a side of another game", json.dumps(bad_side).encode()),
        ("moves taken back", json.dumps(taken_back).encode()),
        ("short id", json.dumps({**data, "id": "abc"}).encode()),
        ("deep nesting", b"[" * 100_000 + b"]" * 100_000),
        ("10 MB", b'{"id": "' + b"x" * 10_000_000 + b'"}'),
    ]


@pytest.mark.parametrize(
    ("content"), [c for _, c in damaged_files()], ids=[n for n, _ in damaged_files()]
)
def test_a_damaged_file_is_set_aside_and_the_problem_said(content: bytes, autosave: bytes) -> None:
    data_dir().mkdir(parents=True, exist_ok=True)
    online_path().write_bytes(content)
    kept = load_online()
    assert kept.online is None
    assert kept.problem  # says what was wrong
    assert len(kept.problem) < 400
    assert kept.set_aside_as == data_dir() / "online.unreadable.json"
    assert kept.set_aside_as.read_bytes() == content  # the bytes stay for the player
    assert not online_path().exists()
    assert autosave_path().read_bytes() == autosave
    # then a new game can be kept, and a second damaged file is set aside beside the first
    fresh = a_game(2)
    keep_online(fresh)
    assert load_online() == KeptOnline(fresh)
    online_path().write_bytes(b"garbage")
    second = load_online()
    assert second.set_aside_as is not None and second.set_aside_as.name.startswith("online.")
    assert second.set_aside_as != kept.set_aside_as
    assert kept.set_aside_as.read_bytes() == content
    assert autosave_path().read_bytes() == autosave


def test_a_folder_where_the_game_is_kept_is_left_alone() -> None:
    online_path().mkdir(parents=True)
    kept = load_online()
    assert kept.online is None and kept.problem and kept.set_aside_as is None
    assert online_path().is_dir()


def test_a_keeper_sets_an_unfinished_other_game_aside(autosave: bytes) -> None:
    old = a_game(5)
    keep_online(old)
    old_bytes = online_path().read_bytes()
    new = a_game(0)
    keeper = Keeper()
    keeper(new)
    assert keeper.set_aside_as == data_dir() / "online.replaced.json"
    assert keeper.set_aside_as.read_bytes() == old_bytes
    assert load_online().online == new
    # the same game kept again sets nothing more aside
    later = replace(new, record=random_moves(new.record, 2))
    keeper(later)
    assert files() == {"online.json", "online.replaced.json", "autosave.fireice"}
    assert load_online().online == later
    assert autosave_path().read_bytes() == autosave


def test_a_keeper_resuming_the_kept_game_sets_nothing_aside() -> None:
    game = a_game(5)
    keep_online(game)
    keeper = Keeper()
    keeper(replace(game, record=random_moves(game.record, 6)))
    assert keeper.set_aside_as is None
    assert files() == {"online.json"}


def test_a_keeper_replaces_a_finished_game(autosave: bytes) -> None:
    keep_online(finished_game())
    keeper = Keeper()
    new = a_game(1)
    keeper(new)
    assert keeper.set_aside_as is None
    assert files() == {"online.json", "autosave.fireice"}
    assert load_online().online == new
    assert autosave_path().read_bytes() == autosave


def test_a_keeper_sets_a_second_unfinished_game_aside_under_a_new_name() -> None:
    first, second, third = a_game(3), a_game(4), a_game(5)
    Keeper()(first)
    Keeper()(second)
    keeper = Keeper()
    keeper(third)
    assert keeper.set_aside_as is not None
    assert keeper.set_aside_as.name.startswith("online.replaced-")
    aside = sorted(p.name for p in data_dir().iterdir() if "replaced" in p.name)
    assert len(aside) == 2
    ids = {json.loads((data_dir() / name).read_text())["id"] for name in aside}
    assert ids == {first.id, second.id}


def test_a_keeper_with_a_damaged_file_there_sets_it_aside_first() -> None:
    data_dir().mkdir(parents=True)
    online_path().write_bytes(b"not json")
    keeper = Keeper()
    keeper(a_game(1))
    assert (data_dir() / "online.unreadable.json").read_bytes() == b"not json"
    assert load_online().online is not None


def test_a_game_that_cannot_be_kept_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fireice_desktop.files.storage import SaveFileError

    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("FIREICE_DATA_DIR", str(blocker / "data"))
    with pytest.raises(SaveFileError) as error:
        keep_online(a_game(1))
    assert str(blocker) in str(error.value)
