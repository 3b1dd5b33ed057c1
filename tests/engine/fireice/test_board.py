"""Board geometry (RULES.md §1): hole names, the seven Fano lines, movement reach."""

from __future__ import annotations

import itertools

import pytest

from fireice_desktop.engine.errors import NotationError
from fireice_desktop.engine.games.fireice.board import (
    HAS_LINE,
    HOLE_NAMES,
    ISLANDS,
    LINES,
    REACH,
    REACH_LIST,
    can_move,
    controlled_islands,
    has_line,
    hole_name,
    holes_of,
    island_points,
    parse_hole,
    parse_holes,
)
from tests.support.boards import (
    ALL_NAMES,
    FANO,
    HOLE_LINES,
    ISLAND_LINE_NAMES,
    brute_has_line,
    brute_reach,
)


def test_there_are_49_holes_named_a1_to_g7_in_board_order() -> None:
    assert len(HOLE_NAMES) == 49
    assert HOLE_NAMES == ALL_NAMES
    assert ISLANDS == "ABCDEFG"


@pytest.mark.parametrize(("index", "name"), list(enumerate(ALL_NAMES)))
def test_hole_names_round_trip(index: int, name: str) -> None:
    assert hole_name(index) == name
    assert parse_hole(name) == index
    assert parse_hole(name.lower()) == index
    assert hole_name(parse_hole(name)) == name


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("d4", "D4"),
        ("D4", "D4"),
        (" D4 ", "D4"),
        ("\td4\n", "D4"),
        ("a1", "A1"),
        ("  g7", "G7"),
        ("f6  ", "F6"),
    ],
)
def test_parse_hole_is_case_insensitive_and_ignores_surrounding_spaces(
    text: str, name: str
) -> None:
    assert hole_name(parse_hole(text)) == name


@pytest.mark.parametrize(
    "text",
    ["", " ", "H1", "A0", "A8", "D", "4", "D44", "DD4", "4D", "D 4", "D-4", "D4,", "Ä4", "d4x"],
)
def test_bad_hole_names_raise_notation_error_quoting_the_text(text: str) -> None:
    with pytest.raises(NotationError) as excinfo:
        parse_hole(text)
    assert repr(text) in str(excinfo.value)
    assert isinstance(excinfo.value, ValueError)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", []),
        ("   ", []),
        ("A3", ["A3"]),
        ("A3,B5", ["A3", "B5"]),
        (" a3 , b5 ,G7", ["A3", "B5", "G7"]),
    ],
)
def test_parse_holes_reads_comma_separated_lists(text: str, expected: list[str]) -> None:
    assert [hole_name(h) for h in parse_holes(text)] == expected


@pytest.mark.parametrize(("text", "bad"), [("A3,,B5", ""), ("A3,X9", "X9"), ("A3;B5", "A3;B5")])
def test_parse_holes_rejects_bad_items(text: str, bad: str) -> None:
    with pytest.raises(NotationError) as excinfo:
        parse_holes(text)
    assert repr(bad) in str(excinfo.value)


def _as_digits(line: tuple[int, int, int]) -> frozenset[str]:
    return frozenset(str(point + 1) for point in line)


def _as_islands(line: tuple[int, int, int]) -> frozenset[str]:
    return frozenset(ISLANDS[point] for point in line)


def test_the_seven_lines_are_exactly_those_of_rules_section_1() -> None:
    assert len(LINES) == 7
    assert len(set(map(frozenset, LINES))) == 7
    assert {_as_digits(line) for line in LINES} == {
        frozenset(text.split("-")) for text in HOLE_LINES
    }


def test_the_island_lines_are_exactly_those_of_rules_section_1() -> None:
    assert {_as_islands(line) for line in LINES} == {
        frozenset(text.split("-")) for text in ISLAND_LINE_NAMES
    }


@pytest.mark.parametrize(
    ("holes_line", "islands_line"), list(zip(HOLE_LINES, ISLAND_LINE_NAMES, strict=True))
)
def test_each_hole_line_is_the_matching_island_line(holes_line: str, islands_line: str) -> None:
    # A=1, B=2, ... G=7: the same triple serves inside an island and between islands.
    digits = frozenset(holes_line.split("-"))
    letters = frozenset(islands_line.split("-"))
    assert {ISLANDS[int(d) - 1] for d in digits} == letters
    assert any(_as_digits(line) == digits for line in LINES)


@pytest.mark.parametrize(("first", "second"), list(itertools.combinations(range(7), 2)))
def test_any_two_lines_meet_in_exactly_one_point(first: int, second: int) -> None:
    assert len(set(LINES[first]) & set(LINES[second])) == 1


@pytest.mark.parametrize("point", range(7))
def test_every_point_lies_on_exactly_three_lines(point: int) -> None:
    assert sum(point in line for line in LINES) == 3


def test_has_line_agrees_with_brute_force_for_all_128_sets() -> None:
    assert len(HAS_LINE) == 128
    for points in range(128):
        members = {p for p in range(7) if points >> p & 1}
        expected = brute_has_line(members)
        assert HAS_LINE[points] is expected, sorted(members)
        assert has_line(points) is expected, sorted(members)


def test_exactly_the_seven_lines_are_three_point_sets_with_a_line() -> None:
    with_line = [
        frozenset(triple)
        for triple in itertools.combinations(range(7), 3)
        if has_line(sum(1 << p for p in triple))
    ]
    assert set(with_line) == set(FANO)


def test_the_complement_of_a_line_holds_no_line() -> None:
    # Why two players can never both control one island.
    for line in FANO:
        rest = sum(1 << p for p in range(7) if p not in line)
        assert not has_line(rest)


@pytest.mark.parametrize("src", range(49), ids=ALL_NAMES)
def test_reach_is_six_holes_of_the_island_and_the_same_number_on_six_islands(src: int) -> None:
    reach = {dst for dst in range(49) if REACH[src] >> dst & 1}
    assert len(reach) == 12
    assert src not in reach
    same_island = {dst for dst in reach if dst // 7 == src // 7}
    same_number = {dst for dst in reach if dst % 7 == src % 7}
    assert len(same_island) == 6
    assert len(same_number) == 6
    assert same_island | same_number == reach
    assert reach == brute_reach(src)
    assert set(REACH_LIST[src]) == reach
    assert len(REACH_LIST[src]) == 12


def test_can_move_follows_the_movement_rule_and_is_symmetric() -> None:
    for src, dst in itertools.product(range(49), repeat=2):
        assert can_move(src, dst) is (dst in brute_reach(src)), (ALL_NAMES[src], ALL_NAMES[dst])
        assert can_move(src, dst) is can_move(dst, src)


@pytest.mark.parametrize(
    ("move", "allowed"),
    [
        (("F6", "C6"), True),
        (("D4", "D1"), True),
        (("D4", "G4"), True),
        (("A1", "A7"), True),
        (("A1", "G1"), True),
        (("A1", "B2"), False),
        (("D4", "C1"), False),
        (("D4", "D4"), False),
    ],
)
def test_can_move_examples(move: tuple[str, str], allowed: bool) -> None:
    assert can_move(parse_hole(move[0]), parse_hole(move[1])) is allowed


def test_holes_of_and_island_points() -> None:
    board = sum(1 << parse_hole(name) for name in ("G7", "A1", "C3", "C5"))
    assert [hole_name(h) for h in holes_of(board)] == ["A1", "C3", "C5", "G7"]
    assert island_points(board, 2) == 0b0010100
    assert island_points(board, 6) == 0b1000000
    assert island_points(board, 3) == 0


def test_controlled_islands_agrees_with_brute_force_per_island() -> None:
    for island, points in itertools.product(range(7), range(128)):
        board = points << (7 * island)
        expected = 1 << island if brute_has_line({p for p in range(7) if points >> p & 1}) else 0
        assert controlled_islands(board) == expected
