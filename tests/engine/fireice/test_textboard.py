"""pbmserv's text board (RULES.md §2, Notation): rendering and parsing."""

from __future__ import annotations

import random
import textwrap
from collections.abc import Callable

import pytest

from fireice_desktop.engine.errors import NotationError
from fireice_desktop.engine.games.fireice import textboard
from fireice_desktop.engine.games.fireice.board import parse_hole
from fireice_desktop.engine.games.fireice.rules import Color, Position, random_handicap
from fireice_desktop.engine.games.fireice.textboard import parse, render
from tests.support.boards import (
    EMPTY_BOARD,
    EMPTY_BOARD_LINES,
    SAMPLE_BOARD,
    SAMPLE_BOARD_LINES,
    SEED_001,
    bits,
    make_position,
    random_game,
)

SAMPLE = Position(
    fire=bits("A4 A6 B1 B2 B3 B6 C1 C4 C5 C7 D2 E5 E6 E7 F1 F2 F3 F7 G2 G3 G4"),
    ice=bits("A1 A2 A3 A5 A7 B4 B5 C2 C3 C6 D3 D4 D5 E1 E2 F4 F6 G5 G6 G7"),
    fire_supply=4,
    ice_supply=5,
    to_move=Color.FIRE,
)


def test_render_of_the_start_is_pbmservs_empty_board() -> None:
    text = render(Position.start())
    assert text == EMPTY_BOARD
    assert text.splitlines()[0].startswith("     FIRE (#): 24")
    assert len(text.splitlines()) == 28
    assert not text.endswith("\n")


def test_the_sample_board_parses_to_the_sample_position() -> None:
    assert parse(SAMPLE_BOARD) == SAMPLE


def test_render_of_the_sample_is_the_sample_text() -> None:
    assert render(parse(SAMPLE_BOARD)) == SAMPLE_BOARD
    assert render(SAMPLE) == SAMPLE_BOARD


@pytest.mark.skipif(not SEED_001.exists(), reason="the rule sources are not on this machine")
def test_the_boards_here_are_verbatim_from_the_pbmserv_help_file() -> None:
    lines = SEED_001.read_text(encoding="utf-8").splitlines()
    for board in (EMPTY_BOARD_LINES, SAMPLE_BOARD_LINES):
        start = lines.index(board[0])
        assert tuple(lines[start : start + 28]) == board


@pytest.mark.skipif(not SEED_001.exists(), reason="the rule sources are not on this machine")
def test_parse_finds_the_first_board_in_the_whole_help_file() -> None:
    assert parse(SEED_001.read_text(encoding="utf-8")) == Position.start()


def _positions() -> list[Position]:
    rng = random.Random(5)
    _, plain = random_game(rng)
    _, handicapped = random_game(rng, Position.start(random_handicap(4, 5)))
    return [*plain[:: max(1, len(plain) // 6)], plain[-1], *handicapped[::8], SAMPLE]


@pytest.mark.parametrize("position", _positions())
def test_parse_of_render_gives_the_position_back(position: Position) -> None:
    assert parse(render(position), position.to_move) == position


def test_parse_works_out_whose_turn_it_is_in_a_game_without_handicap() -> None:
    _, positions = random_game(random.Random(8))
    for position in positions:
        assert parse(render(position)) == position


@pytest.mark.parametrize("to_move", list(Color), ids=lambda c: c.key)
def test_parse_takes_the_side_to_move_when_given(to_move: Color) -> None:
    assert parse(EMPTY_BOARD, to_move).to_move is to_move


def test_single_digit_supplies_are_right_aligned_as_in_pbmserv() -> None:
    position = make_position(fire="A1", ice="A2", fire_supply=4, ice_supply=5)
    header = render(position).splitlines()[0]
    assert header == SAMPLE_BOARD_LINES[0]
    position = make_position(fire="A1", ice="A2", fire_supply=0, ice_supply=24)
    header = render(position).splitlines()[0]
    assert header.startswith("     FIRE (#):  0")
    assert header.endswith("ICE (O): 24 ")


def _indent(text: str) -> str:
    return "\n".join("        " + line for line in text.splitlines())


def _rstrip(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.splitlines())


TOLERATED: dict[str, Callable[[str], str]] = {
    "as printed": lambda text: text,
    "leading text lines": lambda text: "Game 1234: Fire & Ice\nsomething else\n\n" + text,
    "trailing text": lambda text: text + "\n\nIt is Fire's turn.\n",
    "extra indentation": _indent,
    "stripped trailing spaces": _rstrip,
    "dedented": textwrap.dedent,
    "windows line ends": lambda text: text.replace("\n", "\r\n"),
    "final newline": lambda text: text + "\n",
    "all at once": lambda text: "> board follows\n" + _rstrip(_indent(text)) + "\n",
}


@pytest.mark.parametrize("variant", list(TOLERATED))
def test_parse_tolerates_surrounding_text_indentation_and_trailing_spaces(variant: str) -> None:
    assert parse(TOLERATED[variant](SAMPLE_BOARD)) == SAMPLE
    assert parse(TOLERATED[variant](EMPTY_BOARD)) == Position.start()


def _put(text: str, hole: str, char: str) -> str:
    row, col = textboard.CELLS[parse_hole(hole)]
    lines = text.splitlines()
    lines[row] = lines[row][:col] + char + lines[row][col + 1 :]
    return "\n".join(lines)


def _replace_line(text: str, number: int, new: str) -> str:
    lines = text.splitlines()
    lines[number - 1] = new
    return "\n".join(lines)


def test_cells_are_where_the_help_file_draws_the_holes() -> None:
    # On the help file's start board the one '#' is D4 and every other hole is '-'.
    assert len(set(textboard.CELLS)) == 49
    for index, (row, col) in enumerate(textboard.CELLS):
        expected = "#" if index == parse_hole("D4") else "-"
        assert EMPTY_BOARD_LINES[row][col] == expected
    # A1 is the top of the drawing, G7 the bottom-right hole.
    assert min(textboard.CELLS) == textboard.CELLS[parse_hole("A1")]
    assert max(textboard.CELLS) == textboard.CELLS[parse_hole("G7")]


MALFORMED: dict[str, tuple[str, list[str]]] = {
    "bad character on a hole": (_put(SAMPLE_BOARD, "D4", "X"), ["line 19", "'X'", "D4"]),
    "space on a hole": (_put(EMPTY_BOARD, "G7", " "), ["G7", "' '"]),
    "digit on a hole": (_put(EMPTY_BOARD, "A1", "1"), ["line 3", "A1", "'1'"]),
    "key letter changed": (
        _replace_line(EMPTY_BOARD, 5, EMPTY_BOARD_LINES[4].replace("A", "Z")),
        ["line 5", "does not fit"],
    ),
    "edge drawn differently": (
        _replace_line(EMPTY_BOARD, 12, EMPTY_BOARD_LINES[11].replace("/ \\", "| \\", 1)),
        ["line 12", "does not fit"],
    ),
    "character missing": (
        _replace_line(EMPTY_BOARD, 20, EMPTY_BOARD_LINES[19].replace("  ", " ", 1)),
        ["line 20", "does not fit"],
    ),
    "line missing": (
        "\n".join(EMPTY_BOARD_LINES[:10] + EMPTY_BOARD_LINES[11:]),
        ["line"],
    ),
    "cut short": ("\n".join(EMPTY_BOARD_LINES[:20]), ["cut short", "20", "28"]),
    "header only": (EMPTY_BOARD_LINES[0], ["cut short", "1 of"]),
    "fire count wrong": (
        EMPTY_BOARD.replace("FIRE (#): 24", "FIRE (#): 23"),
        ["1 Fire pegs", "supply of 23", "25"],
    ),
    "ice count wrong": (
        SAMPLE_BOARD.replace("ICE (O):  5", "ICE (O):  6"),
        ["20 Ice pegs", "supply of 6", "25"],
    ),
    "extra peg": (_put(EMPTY_BOARD, "A1", "#"), ["2 Fire pegs", "supply of 24", "25"]),
    "no header": ("\n".join(EMPTY_BOARD_LINES[1:]), ["no pbmserv board found", "FIRE (#)"]),
    "empty text": ("", ["no pbmserv board found"]),
    # Two Ice pegs and supplies 24/23 add up, but fit no turn of a game without handicap.
    "turn unknowable": (
        _put(_put(EMPTY_BOARD, "A1", "O"), "A2", "O").replace("ICE (O): 25", "ICE (O): 23"),
        ["whose turn", "24", "23"],
    ),
}


@pytest.mark.parametrize("case", list(MALFORMED))
def test_malformed_boards_raise_notation_error_with_a_helpful_message(case: str) -> None:
    text, fragments = MALFORMED[case]
    with pytest.raises(NotationError) as excinfo:
        parse(text)
    message = str(excinfo.value)
    for fragment in fragments:
        assert fragment in message, (fragment, message)
    assert isinstance(excinfo.value, ValueError)


def test_a_board_whose_turn_cannot_be_told_parses_when_the_side_is_given() -> None:
    text, _ = MALFORMED["turn unknowable"]
    position = parse(text, Color.FIRE)
    assert (position.fire_supply, position.ice_supply) == (24, 23)
    assert position.to_move is Color.FIRE
