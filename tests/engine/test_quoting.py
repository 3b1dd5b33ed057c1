"""A message quotes at most a readable piece of outside text.

A crafted saved game (well under the file size limit) can hold a 200 kB string in any
field; the message refusing it must stay one short line, in English and in Italian,
and still say which field, header, line or move is wrong.  Short text is quoted
exactly as it always was.
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fireice_desktop.engine.errors import NotationError, words_of
from fireice_desktop.engine.games.fireice import textboard
from fireice_desktop.engine.games.fireice.board import parse_hole
from fireice_desktop.engine.games.fireice.rules import Color, Move, Position
from fireice_desktop.engine.games.fireice.solitaire import check_deal, parse_deal
from fireice_desktop.engine.games.icebreaker.board import Side, Step, check_size
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.engine.registry import find_game
from fireice_desktop.engine.search import search
from fireice_desktop.engine.words import (
    NAME_LIMIT,
    QUOTE_LIMIT,
    VALUE_LIMIT,
    Words,
    named,
    quoted,
    say,
    spoken,
)
from fireice_desktop.files.storage import (
    SaveFileError,
    check_target,
    decode_text,
    read_game,
    write_atomic,
)

#: How long a crafted string is: far beyond any real move or name, well inside a file.
LONG = 200_000
X = "x" * LONG
#: The longest message any of them may give.
SHORT = 300


def _record(**fields: Any) -> str:
    data: dict[str, Any] = {"format": "fireice-record", "version": 1, "game": "fire-and-ice"}
    data.update(fields)
    return json.dumps(data)


def _solitaire(**fields: Any) -> str:
    return _record(game="solitaire", deal=1, **fields)


def _icebreaker(**fields: Any) -> str:
    return _record(game="icebreaker", size=5, **fields)


#: name -> (the record's text, what the message must still say).
CRAFTED: dict[str, tuple[str, list[str]]] = {
    # Fire & Ice, as a record
    "game": (_record(game=X), ["unknown game", "(200,000 characters)"]),
    "version": (_record(version=X), ["version", "is not supported"]),
    "version, a long list": (_record(version=[1] * 60_000), ["version", "is not supported"]),
    "move": (_record(moves=["D4-C4" + X]), ["move 1", "'D4-C4", "(200,005 characters)"]),
    "second move": (_record(moves=["D4-C4", X]), ["move 2", "is not a move"]),
    "undone move": (_record(moves=["D4-C4"], undone=[X]), ["move 2", "is not a move"]),
    "computer level": (_record(computer={"ice": X}), ["is not a computer level"]),
    "computer side": (_record(computer={X: "expert"}), ["is not a side"]),
    "handicap side": (_record(handicap={"side": X, "holes": ["A3"]}), ["is not a side"]),
    "handicap hole": (_record(handicap={"side": "fire", "holes": [X]}), ["is not a hole"]),
    # the solitaire
    "deal": (_record(game="solitaire", deal=X), ["solitaire record: deal", "not a number"]),
    "deal, a long list": (
        _record(game="solitaire", deal=["x"] * 40_000),
        ["solitaire record: deal", "not a number"],
    ),
    "deal, a long number": (
        '{"format": "fireice-record", "version": 1, "game": "solitaire", "deal": '
        + "1" * 4000
        + "}",
        ["solitaire record: deal 111", "does not exist"],
    ),
    "solitaire move": (_solitaire(moves=[X]), ["move 1", "is not a move"]),
    # Icebreaker
    "size": (_record(game="icebreaker", size=X), ["icebreaker record: size", "not a number"]),
    "size, a long number": (
        '{"format": "fireice-record", "version": 1, "game": "icebreaker", "size": '
        + "1" * 4000
        + "}",
        ["icebreaker record", "side 4 to 8"],
    ),
    "icebreaker move": (_icebreaker(moves=["a1-b2" + X]), ["move 1", "is not a move"]),
    "icebreaker side": (_icebreaker(computer={X: "expert"}), ["is not an Icebreaker side"]),
    "icebreaker level": (_icebreaker(computer={"black": X}), ["is not a computer level"]),
    # the plain text form: every header and a line of moves
    "a line": (X, ["line 1", "is not a move"]),
    "a line after moves": ("D4-C4\n" + X, ["line 2", "is not a move"]),
    "a numbered move": ("1. " + "D4-C4" + X, ["line 1", "is not a move"]),
    "Game header": ("Game: " + X, ["Game:", "is not a game"]),
    "Handicap header": ("Handicap: " + X, ["Handicap:", "should name the side"]),
    "Handicap header's side": ("Handicap: " + X + " A3", ["is not a side"]),
    "Handicap header's hole": ("Handicap: Fire A3 " + X, ["is not a hole"]),
    "Computer header": ("Computer: " + "Ice expert, " * 20_000, ["Computer:", "side and a level"]),
    "Computer header's side": ("Computer: " + X + " expert", ["is not a side"]),
    "Computer header's level": ("Computer: Ice " + X, ["is not a computer level"]),
    "Deal header": ("Game: Fire & Ice solitaire\nDeal: " + X, ["Deal:", "is not a deal"]),
    "Size header": ("Game: Icebreaker\nSize: " + X, ["Size:", "is not a board size"]),
    "Icebreaker line": ("Game: Icebreaker\n\n" + X, ["line 3", "is not a move"]),
    "unknown header": ("X" * LONG + ": 1", ["line 1", "unknown header", "known: Game"]),
    "header after the moves": ("D4-C4\n" + "X" * LONG + ": 1", ["line 2", "must come before"]),
}


def refusal(call: Callable[[], object]) -> ValueError:
    """The error ``call`` raises (it must raise one)."""
    with pytest.raises(ValueError) as caught:
        call()
    return caught.value


def assert_short(error: BaseException, *needles: str) -> None:
    """``error`` says what it must in a short line, in English and in Italian."""
    english = str(error)
    assert len(english) < SHORT, english[: 2 * SHORT]
    assert "\n" not in english
    for needle in needles:
        assert needle in english, (needle, english)
    italian = spoken(words_of(error), "it")
    assert len(italian) < SHORT, italian[: 2 * SHORT]


@pytest.mark.parametrize("case", list(CRAFTED))
def test_a_crafted_record_gets_a_short_message_naming_the_field(case: str) -> None:
    text, needles = CRAFTED[case]
    assert len(text) < 256 * 1024  # under the file size limit: a file could hold it
    assert_short(refusal(lambda: GameRecord.parse(text)), *needles)


def test_a_long_move_says_its_start_and_its_length() -> None:
    error = refusal(lambda: GameRecord.parse(_record(moves=["D4-C4" + X])))
    piece = "'D4-C4" + "x" * (QUOTE_LIMIT - 8) + "…'"
    assert str(error) == (
        f"move 1: {piece} (200,005 characters) is not a move: write FROM-TO with two holes, "
        "like F6-C6"
    )
    assert spoken(words_of(error), "it").startswith(f"mossa 1: {piece} (200.005 caratteri) ")


#: Outside text the engine's parsers meet directly (a command line's arguments, a board).
PARSERS: dict[str, tuple[Callable[[], object], list[str]]] = {
    "a hole": (lambda: parse_hole(X), ["is not a hole"]),
    "a move": (lambda: Move.parse(X), ["is not a move"]),
    "a side": (lambda: Color.parse(X), ["is not a side"]),
    "a deal": (lambda: parse_deal(X), ["is not a deal number"]),
    "a deal number": (lambda: check_deal(int("9" * 4000)), ["does not exist"]),
    "an Icebreaker side": (lambda: Side.parse(X), ["is not an Icebreaker side"]),
    "an Icebreaker move": (lambda: Step.parse(X), ["is not a move"]),
    "an Icebreaker size": (lambda: check_size(int("9" * 4000)), ["side 4 to 8"]),
    "a game's name": (lambda: find_game(X), ["is not a game"]),
    "a level": (lambda: search(Position.start(), X), ["unknown level"]),
    "a text board's line": (
        lambda: textboard.parse(textboard.render(Position.start()).replace("\n", "\n" + X, 3)),
        ["board line"],
    ),
}


@pytest.mark.parametrize("case", list(PARSERS))
def test_a_parser_quotes_a_piece_of_long_text(case: str) -> None:
    call, needles = PARSERS[case]
    assert_short(refusal(call), *needles)


# --- short text is quoted as it always was ----------------------------------------------------


#: Short crafted records and the very message they always gave.
AS_EVER: dict[str, tuple[str, str]] = {
    "game": (_record(game="chess"), "game record: unknown game 'chess'"),
    "version": (
        _record(version="1"),
        "game record version '1' is not supported (this program reads 1)",
    ),
    "move": (
        _record(moves=["Z9-A1"]),
        "move 1: 'Z9-A1' is not a move: write FROM-TO with two holes, like F6-C6",
    ),
    "a move of escapes": (
        _record(moves=["D4\x1b\n"]),
        "move 1: 'D4\\x1b\\n' is not a move: write FROM-TO with two holes, like F6-C6",
    ),
    "a quote mark": (
        _record(moves=["it's"]),
        'move 1: "it\'s" is not a move: write FROM-TO with two holes, like F6-C6',
    ),
    "50 characters": (
        _record(moves=["y" * (QUOTE_LIMIT - 2)]),
        f"move 1: '{'y' * (QUOTE_LIMIT - 2)}' is not a move: write FROM-TO with two holes, "
        "like F6-C6",
    ),
    "level": (
        _record(computer={"ice": "genius"}),
        "'genius' is not a computer level (beginner, casual, strong, expert)",
    ),
    "side": (_record(computer={"water": "expert"}), "'water' is not a side: say fire or ice"),
    "deal": (_record(game="solitaire", deal="42"), "solitaire record: deal '42' is not a number"),
    "deal number": (
        _record(game="solitaire", deal=0),
        "solitaire record: deal 0 does not exist: deals run from 1 to 1,000,000",
    ),
    "size": (_record(game="icebreaker", size=None), "icebreaker record: size None is not a number"),
    "Game header": (
        "Game: Chess",
        "Game: 'Chess' is not a game this program plays "
        "(Fire & Ice or Fire & Ice solitaire or Icebreaker)",
    ),
    "Computer header": (
        "Computer: Ice",
        "Computer: 'Ice' should name a side and a level, like 'Ice expert'",
    ),
    "Deal header": (
        "Game: Fire & Ice solitaire\nDeal: lots",
        "Deal: 'lots' is not a deal number (1 to 1,000,000)",
    ),
    "unknown header": (
        "Colour: red",
        "line 1: unknown header 'Colour' (known: Game, Handicap, Deal, Size, Computer)",
    ),
    "header after the moves": (
        "D4-C4\nGame: Fire & Ice",
        "line 2: the header (Game:) must come before the moves",
    ),
}


@pytest.mark.parametrize("case", list(AS_EVER))
def test_short_text_is_quoted_as_it_always_was(case: str) -> None:
    text, message = AS_EVER[case]
    assert str(refusal(lambda: GameRecord.parse(text))) == message


# --- the helpers --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    ["D4-C4", "", "it's", 'say "hi"', "\x00\n\u2028é", "y" * (QUOTE_LIMIT - 2), 42, None, [1, "a"]],
)
def test_quoted_is_repr_while_it_is_short(value: object) -> None:
    assert quoted(value) == repr(value)
    assert type(quoted(value)) is str


def test_quoted_gives_the_start_of_long_text_and_its_length() -> None:
    said = quoted("D4-C4" + X)
    assert isinstance(said, Words)
    assert said == "'D4-C4" + "x" * (QUOTE_LIMIT - 8) + "…' (200,005 characters)"
    assert spoken(said, "it") == "'D4-C4" + "x" * (QUOTE_LIMIT - 8) + "…' (200.005 caratteri)"
    assert quoted("y" * (QUOTE_LIMIT - 1)).endswith("…' (49 characters)")
    assert quoted("z" * 1_234_567).endswith("…' (1,234,567 characters)")
    assert spoken(quoted("z" * 1_234_567), "it").endswith("…' (1.234.567 caratteri)")


def test_quoted_escapes_what_repr_escapes_and_never_cuts_an_escape() -> None:
    piece = str(quoted("\x00" * LONG)).partition(" (")[0]
    assert piece == "'" + "\\x00" * ((QUOTE_LIMIT - 3) // 4) + "…'"
    piece = str(quoted("it's " + "\n\u2028" * LONG)).partition(" (")[0]
    assert piece.startswith("\"it's \\n\\u2028\\n")
    assert piece.isprintable() and len(piece) <= QUOTE_LIMIT
    assert str(quoted([1] * LONG)).startswith("[1, 1, 1")
    assert len(str(quoted([1] * LONG))) < 2 * QUOTE_LIMIT


def test_named_keeps_a_short_name_and_the_end_of_a_long_one() -> None:
    assert named("/home/me/games/game.fireice") == "/home/me/games/game.fireice"
    assert named(Path("odd\nname.txt")) == "odd\nname.txt"  # short: as it always was
    path = "/home/" + "folder/" * LONG + "game\n.fireice"
    shown = named(path)
    assert len(shown) <= NAME_LIMIT
    assert shown.startswith("/home/folder/")
    assert shown.endswith("/folder/game\\n.fireice")
    assert "…" in shown


def test_a_long_plain_value_is_cut_in_the_middle_whatever_says_it() -> None:
    words = say("parse.at_move", number=7, error="'" + "y" * LONG + "z'")
    assert len(words) < SHORT + 20
    assert words.startswith("move 7: 'yyy") and words.endswith("yz'")
    assert len(spoken(words, "it")) < SHORT + 20
    # The values kept are cut too: the desktop game says them through its own translator.
    assert len(words.values["error"]) == VALUE_LIMIT
    # Numbers and words are never cut; a plain value up to the limit is as it is.
    assert say("parse.at_move", number=10**400, error="e").startswith("move 1000")
    exact = "v" * VALUE_LIMIT
    assert say("parse.at_move", number=1, error=exact) == f"move 1: {exact}"


# --- file names in the storage's messages --------------------------------------------------------


def test_a_long_path_is_named_by_its_start_and_end(tmp_path: Path) -> None:
    deep = Path("/no/such/" + "folder/" * (LONG // 7) + "game.fireice")
    for call in (lambda: read_game(deep), lambda: check_target(deep)):
        error = refusal(call)
        assert isinstance(error, SaveFileError)
        assert_short(error, "game.fireice", "/no/such/")


@pytest.mark.parametrize("data", [b"\0", b"\xff", b"x" * (256 * 1024 + 1)])
def test_a_long_name_is_named_by_its_start_and_end(data: bytes) -> None:
    error = refusal(lambda: decode_text(data, "n" * LONG + ".fireice"))
    assert_short(error, "nnn…nnn", ".fireice is ", "saved game")


def test_a_long_move_in_a_saved_game_is_named_with_the_file(tmp_path: Path) -> None:
    path = tmp_path / "crafted.fireice"
    path.write_text(_record(moves=["D4-C4", "D4-" + X]), encoding="utf-8")
    assert_short(refusal(lambda: read_game(path)), "crafted.fireice: move 2: 'D4-xxx")


def test_a_folder_that_cannot_be_written_into_is_named_short(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / ("f" * 200)

    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENAMETOOLONG, os.strerror(errno.ENAMETOOLONG))

    folder.mkdir()
    monkeypatch.setattr("tempfile.mkstemp", refuse)
    error = refusal(lambda: write_atomic(folder / "game.fireice", "{}"))
    assert_short(error, "cannot write into", "fff")
    assert len(str(error)) < NAME_LIMIT + 40


def test_short_paths_are_named_as_they_always_were(tmp_path: Path) -> None:
    path = tmp_path / "missing.fireice"
    assert str(refusal(lambda: read_game(path))) == f"{path} does not exist"
    assert str(refusal(lambda: decode_text(b"\0", "game.txt"))) == (
        "game.txt is not a saved game: it is not a text file"
    )
    assert isinstance(refusal(lambda: parse_hole("Q9")), NotationError)
