"""Icebreaker (RULES.md §4 and Mark Steere's rule sheet): the board, the moves, passing,
winning and the notation, table-driven; random games checked against a model of the
rules written out again here from the rule sheet's words.

The model (``model_rows``, ``model_neighbours``, ``model_steps``) does not use the
engine's bit grid: it lays the hexagon out as the text board draws it, one row per
letter and two columns per cell, so that neighbours and distances are checked
independently of the code under test.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fireice_desktop.engine.errors import IllegalMoveError, NotationError
from fireice_desktop.engine.games.icebreaker.board import HexBoard, Side, Step
from fireice_desktop.engine.games.icebreaker.rules import IcebreakerPosition
from fireice_desktop.engine.games.icebreaker.textboard import render
from fireice_desktop.engine.interface import History
from tests.support.sea import BEFORE_PASS, SIZES, START, position

LETTERS = "abcdefghijklmno"

# --- a model of the board and the movement rule, from the rules' words ------------------


@cache
def model_rows(size: int) -> tuple[tuple[str, ...], ...]:
    """Cell names row by row: ``2N - 1`` rows, row ``r`` with ``N + min(r, 2N - 2 - r)`` cells."""
    rows = []
    for r in range(2 * size - 1):
        length = size + min(r, 2 * size - 2 - r)
        rows.append(tuple(f"{LETTERS[r]}{i + 1}" for i in range(length)))
    return tuple(rows)


@cache
def model_neighbours(size: int) -> dict[str, frozenset[str]]:
    """Neighbours by the text layout: a row is indented half a cell per step from the middle,
    so neighbours sit two columns apart in a row or one column apart in the next rows."""
    where = {}
    for r, row in enumerate(model_rows(size)):
        for i, name in enumerate(row):
            where[(r, 2 * i + abs(size - 1 - r))] = name
    around = ((0, -2), (0, 2), (-1, -1), (-1, 1), (1, -1), (1, 1))
    return {
        name: frozenset(where[(r + dr, x + dx)] for dr, dx in around if (r + dr, x + dx) in where)
        for (r, x), name in where.items()
    }


def names_of(position: IcebreakerPosition, cells: int) -> set[str]:
    board = position.board
    return {board.name(cell) for cell in board.cells_of(cells)}


def model_distances(size: int, ships: set[str], icebergs: set[str]) -> dict[str, int]:
    """Steps from every cell to its nearest iceberg along cells without ships."""
    neighbours = model_neighbours(size)
    distance = dict.fromkeys(icebergs, 0)
    queue = deque(icebergs)
    while queue:
        cell = queue.popleft()
        for other in neighbours[cell]:
            if other not in distance and other not in ships:
                distance[other] = distance[cell] + 1
                queue.append(other)
    return distance


def model_ship_distance(
    size: int, ship: str, ships: set[str], distances: dict[str, int]
) -> int | None:
    """How far the ship on ``ship`` is from its nearest iceberg (``None``: out of reach)."""
    reach = [
        distances[cell]
        for cell in model_neighbours(size)[ship]
        if cell not in ships and cell in distances
    ]
    return 1 + min(reach) if reach else None


def model_moves(position: IcebreakerPosition) -> set[str]:
    """The legal moves of the side to move, by the rule sheet's words."""
    size = position.size
    ships = names_of(position, position.all_ships)
    distances = model_distances(size, ships, names_of(position, position.icebergs))
    moves = set()
    for ship in names_of(position, position.ships(position.to_move)):
        distance = model_ship_distance(size, ship, ships, distances)
        if distance is None:
            continue
        for cell in model_neighbours(size)[ship]:
            if cell not in ships and distances.get(cell) == distance - 1:
                moves.add(f"{ship}-{cell}")
    return moves


# --- hand-built positions -----------------------------------------------------------------


def step(text: str, size: int = 5) -> Step:
    return Step.parse(text, size)


def steps_of(position: IcebreakerPosition, ship: str) -> set[str]:
    """The cells the legal moves take the ship on ``ship`` to."""
    return {
        str(move).split("-")[1]
        for move in position.legal_moves()
        if str(move).split("-")[0] == ship
    }


# --- the board and the start ----------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_start_position(size: int) -> None:
    count, bergs, target, red, black = START[size]
    board = HexBoard.of(size)
    start = IcebreakerPosition.start(size)
    assert board.cell_count == count == 3 * size * (size - 1) + 1
    assert board.iceberg_count == bergs == count - 6
    assert board.target == target
    assert bergs % 2 == 1, "an odd count: no ties"
    assert 2 * target > bergs > 2 * (target - 1), "more than half of the icebergs"
    assert names_of(start, start.red) == set(red.split())
    assert names_of(start, start.black) == set(black.split())
    everything = {name for row in model_rows(size) for name in row}
    assert names_of(start, start.icebergs) == everything - set(red.split()) - set(black.split())
    assert start.icebergs.bit_count() == bergs
    assert (start.red_score, start.black_score) == (0, 0)
    assert start.to_move is Side.RED
    assert start.winner is None
    assert not start.is_over
    assert start == IcebreakerPosition.start(size)


@pytest.mark.parametrize("size", SIZES)
def test_ships_start_on_the_first_and_last_cells_of_the_first_middle_and_last_rows(
    size: int,
) -> None:
    rows = model_rows(size)
    start = IcebreakerPosition.start(size)
    first, middle, last = rows[0], rows[size - 1], rows[-1]
    assert names_of(start, start.red) == {first[0], middle[-1], last[0]}
    assert names_of(start, start.black) == {first[-1], middle[0], last[-1]}


@pytest.mark.parametrize("size", SIZES)
def test_cells_are_named_by_row_letter_and_number_from_the_left(size: int) -> None:
    board = HexBoard.of(size)
    assert [board.name(cell) for cell in board.cells] == [
        name for row in model_rows(size) for name in row
    ]
    assert [[board.name(cell) for cell in row] for row in board.rows] == [
        list(row) for row in model_rows(size)
    ]
    for r, row in enumerate(model_rows(size)):
        for i, name in enumerate(row):
            cell = board.parse_cell(name)
            assert board.row_col(cell) == (r, i)
            assert board.parse_cell(name.upper()) == cell


@pytest.mark.parametrize("size", SIZES)
def test_every_cell_has_the_neighbours_of_a_hexagon(size: int) -> None:
    board = HexBoard.of(size)
    expected = model_neighbours(size)
    counts: dict[int, int] = {}
    for cell in board.cells:
        name = board.name(cell)
        got = {board.name(other) for other in board.cells_of(board.neighbours[cell])}
        assert got == expected[name], name
        assert board.spread(1 << cell) == board.neighbours[cell]
        counts[len(got)] = counts.get(len(got), 0) + 1
    # Six corners with three neighbours, the other edge cells four, the inside six.
    assert counts == {3: 6, 4: 6 * (size - 2), 6: board.cell_count - 6 * (size - 1)}


def test_the_first_moves_on_side_5() -> None:
    moves = IcebreakerPosition.start(5).legal_moves()
    assert [str(m) for m in moves] == [
        "a1-a2",
        "a1-b1",
        "a1-b2",
        "e9-d8",
        "e9-e8",
        "e9-f8",
        "i1-h1",
        "i1-h2",
        "i1-i2",
    ]


@pytest.mark.parametrize("size", SIZES)
def test_every_first_move_is_a_capture_next_to_a_red_corner(size: int) -> None:
    start = IcebreakerPosition.start(size)
    assert {str(m) for m in start.legal_moves()} == model_moves(start)
    assert len(start.legal_moves()) == 9
    for move in start.legal_moves():
        after = start.play(move)
        assert (after.red_score, after.black_score) == (1, 0)
        assert after.to_move is Side.BLACK


# --- the rules, table-driven -------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """A position, and for each move asked about ``None`` (legal) or a piece of the reason."""

    setup: dict[str, Any]
    asked: dict[str, str | None]
    ship: str = ""  # if set, the exact cells its legal moves reach
    reach: frozenset[str] = field(default_factory=frozenset)


CASES = {
    "start: steps onto neighbouring icebergs": Case(
        {},
        {
            "a1-a2": None,
            "a1-b2": None,
            "A1-B1": None,
            "e9-f8": None,
            "a1-a3": "a3 is not next to a1: ships move one step",
            "i1-g1": "g1 is not next to i1",
            "a5-a4": "a5 holds a Black ship and it is Red's turn",
            "e5-e4": "there is no ship on e5",
            "a1-a1": "a ship must move to another cell",
        },
        "a1",
        frozenset({"a2", "b1", "b2"}),
    ),
    "black to move: red ships are not black's": Case(
        {"to_move": Side.BLACK},
        {"a5-a4": None, "e1-e2": None, "a1-a2": "a1 holds a Red ship and it is Black's turn"},
        "e1",
        frozenset({"d1", "e2", "f1"}),
    ),
    "two nearest icebergs in opposite directions: either way": Case(
        {"red": "a1 e5 i1", "icebergs": "e2 e8"},
        {
            "e5-e4": None,
            "e5-e6": None,
            "e5-d4": "d4 is not closer to the nearest iceberg",
            "e5-d5": "d5 is not closer to the nearest iceberg",
            "e5-f4": "f4 is not closer to the nearest iceberg",
            "e5-f5": "f5 is not closer to the nearest iceberg",
        },
        "e5",
        frozenset({"e4", "e6"}),
    ),
    "one iceberg, two equally short paths: either path": Case(
        {"red": "a1 e5 i1", "icebergs": "c4"},
        {
            "e5-d4": None,
            "e5-d5": None,
            "e5-e4": "e4 is not closer to the nearest iceberg",
            "e5-e6": "e6 is not closer to the nearest iceberg",
            "e5-f5": "f5 is not closer",
        },
        "e5",
        frozenset({"d4", "d5"}),
    ),
    "ships block the straight way: the step goes around them": Case(
        # a1-a2-a3-a4 would be shortest, but Black's a3 and b3 close it: a1-b2-c3-c4-b4-a4.
        {"black": "a3 b3 i5", "icebergs": "a4"},
        {
            "a1-b2": None,
            "a1-a2": "a2 is not closer to the nearest iceberg",
            "a1-b1": "b1 is not closer to the nearest iceberg",
        },
        "a1",
        frozenset({"b2"}),
    ),
    "next to an iceberg: must capture, not step into open water": Case(
        {"red": "a1 e5 i1", "icebergs": "e6 c1 g3"},
        {
            "e5-e6": None,
            "e5-e4": "e5 is next to an iceberg and must capture one",
            "e5-d5": "e5 is next to an iceberg and must capture one",
            "e5-f4": "must capture",
        },
        "e5",
        frozenset({"e6"}),
    ),
    "next to two icebergs: either capture": Case(
        {"red": "a1 e5 i1", "icebergs": "e6 d4 a3"},
        {"e5-e6": None, "e5-d4": None, "e5-e4": "must capture"},
        "e5",
        frozenset({"e6", "d4"}),
    ),
    "onto a ship of either side, or too far": Case(
        {"red": "a1 e5 e6", "black": "d5 e1 i5"},
        {
            "e5-e4": None,
            "e5-e6": "e6 holds a ship",
            "e5-d5": "d5 holds a ship",
            "e5-e7": "e7 is not next to e5: ships move one step",
            "e5-c5": "c5 is not next to e5",
            "d5-d4": "d5 holds a Black ship and it is Red's turn",
            "c3-c4": "there is no ship on c3",
        },
        "e5",
        frozenset({"d4", "e4", "f4", "f5"}),
    ),
    "walled in by ships, away from every iceberg: cannot move": Case(
        # a1 and the open water on a2 are closed off by b1, b2, b3 and a3.
        {"red": "a1 a3 e9", "black": "b1 b2 b3", "water": "a2"},
        {
            "a1-a2": "the ship on a1 cannot reach any iceberg, so it cannot move",
            "a1-b1": "b1 holds a ship",
            "a3-a2": "a3 is next to an iceberg and must capture one",
            "a3-a4": None,
        },
        "a1",
        frozenset(),
    ),
    "open water around: one step nearer, not sideways or back": Case(
        # The side-4 game g1-f1 g4-g3 f1-f2 g3-g2 f2-f3: Black's g2 may go to g3 or f2.
        {
            "size": 4,
            "red": "a1 d7 f3",
            "black": "a4 d1 g2",
            "water": "g1 f1 f2 g3 g4",
            "red_score": 3,
            "black_score": 2,
            "to_move": Side.BLACK,
        },
        {
            "g2-g3": None,
            "g2-f2": None,
            "g2-g1": "g1 is not closer to the nearest iceberg",
            "g2-f3": "f3 holds a ship",
        },
        "g2",
        frozenset({"g3", "f2"}),
    ),
    "the game is over": Case(
        {"red_score": 28, "black_score": 10, "icebergs": "c3 c4 e5"},
        {"a1-a2": "the game is over: Red has won", "a5-a4": "the game is over"},
        "a1",
        frozenset(),
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_rules(name: str) -> None:
    case = CASES[name]
    here = position(**case.setup)
    assert {str(m) for m in here.legal_moves()} == (set() if here.is_over else model_moves(here))
    for text, reason in case.asked.items():
        move = step(text, here.size)
        found = here.illegal_reason(move)
        if reason is None:
            assert found is None, (text, found)
            assert here.is_legal(move)
            assert move in here.legal_moves()
            assert here.play(text) == here.play_unchecked(move)
        else:
            assert found is not None and reason in found, (text, found)
            assert not here.is_legal(move)
            assert move not in here.legal_moves()
            with pytest.raises(IllegalMoveError) as excinfo:
                here.play(text)
            assert str(excinfo.value) == f"{text.lower()}: {found}"
    if case.ship:
        assert steps_of(here, case.ship) == case.reach


def test_without_the_wall_the_straight_way_is_the_only_step() -> None:
    walled = position(black="a3 b3 i5", icebergs="a4")
    open_sea = position(black="i3 i4 i5", icebergs="a4")
    a1 = HexBoard.of(5).parse_cell("a1")
    assert steps_of(open_sea, "a1") == {"a2"}
    assert open_sea.distance(a1) == 3
    assert steps_of(walled, "a1") == {"b2"}
    assert walled.distance(a1) == 5


def test_a_walled_in_ship_is_explained() -> None:
    here = position(red="a1 a3 e9", black="b1 b2 b3", water="a2")
    a1 = HexBoard.of(5).parse_cell("a1")
    assert here.distance(a1) is None
    assert here.steps(a1) == 0
    assert "a1 cannot reach any iceberg" in here.stuck_reason(a1)
    assert here.legal_moves(), "Red's other ships still move"
    assert all(str(m)[:2] != "a1" for m in here.legal_moves())


def test_a_move_for_another_board_size_is_refused() -> None:
    start = IcebreakerPosition.start(5)
    reason = start.illegal_reason(Step.parse("a1-a2", 4))
    assert reason is not None
    assert "side-4 board" in reason and "side 5" in reason
    with pytest.raises(IllegalMoveError):
        start.play(Step.parse("a1-a2", 4))


# --- passing --------------------------------------------------------------------------------------


def test_a_side_with_no_legal_move_passes() -> None:
    before = position(**BEFORE_PASS)
    assert before.has_moves(Side.BLACK)
    after = before.play("c3-b2")
    assert not after.is_over
    assert (after.red_score, after.black_score) == (15, 15)
    assert after.to_move is Side.RED, "Black has no move, so Red moves again"
    assert not after.has_moves(Side.BLACK)
    assert model_moves(after._replace(to_move=Side.BLACK)) == set()
    assert {str(m) for m in after.legal_moves()} == {"a2-a1", "b1-a1", "b2-a1"}
    assert "Red's turn" in (after.illegal_reason(step("d1-c1", 4)) or "")
    final = after.play("b2-a1")
    assert final.winner is Side.RED
    assert final.red_score == 16


def test_no_pass_while_the_opponent_can_move() -> None:
    before = position(**BEFORE_PASS)
    after = before.play("a2-b2")  # a2 opens: Black's ships can reach a1 through it
    assert after.to_move is Side.BLACK
    assert after.has_moves(Side.BLACK)
    assert after.legal_moves()


def test_black_passes_too_and_play_unchecked_agrees() -> None:
    # The same corner with the colours swapped: Black closes it, Red passes.
    before = position(
        size=4,
        red="d1 d7 g4",
        black="a2 b1 c3",
        icebergs="a1 b2",
        red_score=15,
        black_score=14,
        to_move=Side.BLACK,
    )
    move = step("c3-b2", 4)
    after = before.play(move)
    assert after == before.play_unchecked(move)
    assert after.to_move is Side.BLACK
    assert not after.has_moves(Side.RED)


# --- winning -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mover", "capture", "score"),
    [(Side.RED, "e5-e6", (16, 14)), (Side.BLACK, "d4-c3", (14, 16))],
)
def test_the_capture_that_reaches_more_than_half_wins(
    mover: Side, capture: str, score: tuple[int, int]
) -> None:
    # Side 4: 31 icebergs, 16 to win; 15 + 14 taken and two left.
    red_score, black_score = (15, 14) if mover is Side.RED else (14, 15)
    before = position(
        size=4,
        red="a1 e5 g1",
        black="a4 d4 g4",
        icebergs="e6 c3",
        red_score=red_score,
        black_score=black_score,
        to_move=mover,
    )
    assert not before.is_over
    after = before.play(capture)
    assert (after.red_score, after.black_score) == score
    assert after.winner is mover
    assert after.is_over
    assert after.legal_moves() == []
    for text in ("a1-a2", "a4-a3", "e5-e4"):
        reason = after.illegal_reason(step(text, 4))
        assert reason == f"the game is over: {mover.title} has won"
    with pytest.raises(IllegalMoveError, match="the game is over"):
        after.play("a1-b1")


def test_one_iceberg_short_is_not_a_win() -> None:
    here = position(size=4, red_score=15, black_score=15, icebergs="c3")
    assert here.winner is None
    assert not here.is_over
    assert here.legal_moves()


# --- notation -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "size", "expected"),
    [
        ("a1-b2", 5, "a1-b2"),
        ("A1-B2", 5, "a1-b2"),
        ("  e9 - E8 ", 5, "e9-e8"),
        ("\ta1-a2\n", 4, "a1-a2"),
        ("F11-F10", 6, "f11-f10"),
        ("h15-g13", 8, "h15-g13"),
        ("o8-n9", 8, "o8-n9"),
    ],
)
def test_moves_parse_in_any_case_with_spaces(text: str, size: int, expected: str) -> None:
    move = Step.parse(text, size)
    assert str(move) == expected
    assert move.size == size
    board = HexBoard.of(size)
    src, dst = expected.split("-")
    assert (move.src, move.dst) == (board.parse_cell(src), board.parse_cell(dst))
    assert Step.parse_for(size)(text) == move
    assert IcebreakerPosition.start(size).parse_move(text) == move


@pytest.mark.parametrize("size", SIZES)
def test_every_cell_name_round_trips(size: int) -> None:
    board = HexBoard.of(size)
    neighbours = model_neighbours(size)
    for name in (name for row in model_rows(size) for name in row):
        cell = board.parse_cell(name)
        assert board.name(cell) == name
        for other in sorted(neighbours[name]):
            text = f"{name}-{other}"
            move = Step.parse(text, size)
            assert str(move) == text
            assert Step.parse(str(move), size) == move
            assert Step.parse(text.upper(), size) == move
            assert repr(move) == f"Step.parse({text!r}, {size})"
    two_digits = {name for row in model_rows(size) for name in row if len(name) == 3}
    assert bool(two_digits) == (size >= 6)


@pytest.mark.parametrize(
    "text",
    ["a1b2", "a1-", "-b2", "", "   ", "a1--b2", "a1-b2-c3", "1a-b2", "a-b", "a1 b2", "a100-b2"],
)
def test_malformed_moves_are_notation_errors_quoting_the_text(text: str) -> None:
    with pytest.raises(NotationError) as excinfo:
        Step.parse(text, 5)
    message = str(excinfo.value)
    assert repr(text.strip()) in message
    assert "is not a move" in message
    with pytest.raises(NotationError):
        IcebreakerPosition.start(5).play(text)


@pytest.mark.parametrize(
    ("text", "size", "bad", "rows"),
    [
        ("a6-a5", 5, "a6", "rows a to i"),
        ("a1-j1", 5, "j1", "rows a to i"),
        ("z9-a1", 5, "z9", "rows a to i"),
        ("a0-a1", 5, "a0", "rows a to i"),
        ("f10-f9", 5, "f10", "rows a to i"),
        ("e9-e8", 4, "e9", "rows a to g"),
        ("h1-g1", 4, "h1", "rows a to g"),
        ("f12-f11", 6, "f12", "rows a to k"),
        ("p1-o1", 8, "p1", "rows a to o"),
        ("A5-A6", 5, "A6", "rows a to i"),
    ],
)
def test_cells_off_the_board_name_the_board_size(text: str, size: int, bad: str, rows: str) -> None:
    with pytest.raises(NotationError) as excinfo:
        Step.parse(text, size)
    message = str(excinfo.value)
    assert repr(bad) in message
    assert f"side-{size} board" in message
    assert rows in message


def test_a_board_size_outside_4_to_8_is_refused() -> None:
    for size in (3, 9, 0, -5):
        with pytest.raises(ValueError, match="side 4 to 8"):
            HexBoard.of(size)
        with pytest.raises(ValueError, match="side 4 to 8"):
            IcebreakerPosition.start(size)


@pytest.mark.parametrize(
    ("text", "side"), [("red", Side.RED), (" Black ", Side.BLACK), ("RED", Side.RED)]
)
def test_sides_parse_and_name_themselves(text: str, side: Side) -> None:
    assert Side.parse(text) is side
    assert side.other.other is side
    assert side.other is not side
    assert Side.parse(side.key) is side
    assert side.title == side.key.capitalize()


@pytest.mark.parametrize("text", ["fire", "ice", "", "r"])
def test_unknown_sides_are_refused(text: str) -> None:
    with pytest.raises(NotationError, match=repr(text)):
        Side.parse(text)


# --- the text board ----------------------------------------------------------------------------

START_4 = (
    "a     R * * B\n"
    "b    * * * * *\n"
    "c   * * * * * *\n"
    "d  B * * * * * R\n"
    "e   * * * * * *\n"
    "f    * * * * *\n"
    "g     R * * B"
)


def test_render_the_side_4_start() -> None:
    assert render(IcebreakerPosition.start(4)) == START_4


def test_render_shows_open_water_and_moved_ships() -> None:
    after = IcebreakerPosition.start(4).play("a1-b2").play("d1-c1")
    assert render(after).splitlines() == [
        "a     . * * B",
        "b    * R * * *",
        "c   B * * * * *",
        "d  . * * * * * R",
        "e   * * * * * *",
        "f    * * * * *",
        "g     R * * B",
    ]


@pytest.mark.parametrize("size", SIZES)
def test_render_draws_every_cell_where_the_model_puts_it(size: int) -> None:
    rng = random.Random(size)
    here = IcebreakerPosition.start(size)
    for _ in range(3 * size):
        here = here.play(rng.choice(here.legal_moves()))
    lines = render(here).splitlines()
    assert len(lines) == 2 * size - 1
    red, black = names_of(here, here.red), names_of(here, here.black)
    bergs = names_of(here, here.icebergs)
    for r, row in enumerate(model_rows(size)):
        assert lines[r][0] == LETTERS[r]
        for i, name in enumerate(row):
            mark = lines[r][3 + 2 * i + abs(size - 1 - r)]
            expected = (
                "R" if name in red else "B" if name in black else "*" if name in bergs else "."
            )
            assert mark == expected, name


# --- random games, checked after every move -----------------------------------------------------


def check_position(here: IcebreakerPosition, start_icebergs: int) -> None:
    """What holds in every position of a game from the start."""
    size = here.size
    red, black = names_of(here, here.red), names_of(here, here.black)
    bergs = names_of(here, here.icebergs)
    assert len(red) == len(black) == 3
    assert not red & black, "two ships on one cell"
    assert not bergs & (red | black), "an iceberg under a ship"
    assert here.red_score + here.black_score + len(bergs) == start_icebergs
    board = here.board
    assert not (here.red | here.black | here.icebergs) & ~board.all_cells
    target = board.target
    assert not (here.red_score >= target and here.black_score >= target)
    if here.is_over:
        assert here.legal_moves() == []
        return
    legal = here.legal_moves()
    assert legal, "a side to move always has a move while the game goes on"
    assert {str(m) for m in legal} == model_moves(here)
    assert legal == sorted(set(legal), key=lambda m: (m.src, m.dst))
    ships = red | black
    distances = model_distances(size, ships, bergs)
    for move in legal:
        src, dst = board.name(move.src), board.name(move.dst)
        assert here.color_at(move.src) is here.to_move
        assert dst in model_neighbours(size)[src]
        assert dst not in ships
        before = model_ship_distance(size, src, ships, distances)
        assert before is not None
        assert here.distance(move.src) == before
        assert distances[dst] == before - 1, "one step nearer its nearest iceberg"
        assert (dst in bergs) == (before == 1)
        after = here.play(move)
        assert after == here.play_unchecked(move)
        if dst not in bergs:
            moved = (ships - {src}) | {dst}
            after_distances = model_distances(size, moved, bergs)
            assert model_ship_distance(size, dst, moved, after_distances) == before - 1


def play_random_game(
    size: int, seed: int, history: History[IcebreakerPosition]
) -> list[IcebreakerPosition]:
    rng = random.Random(seed)
    start = history.position
    positions = [start]
    bound = 3 * start.board.cell_count
    while not history.position.is_over:
        assert len(positions) <= bound, "the game did not end"
        here = history.position
        check_position(here, start.board.iceberg_count)
        move = rng.choice(here.legal_moves())
        mover = here.to_move
        after = history.play(str(move) if rng.random() < 0.5 else move)
        if after.to_move is mover and not after.is_over:
            assert not after.has_moves(mover.other), "a pass only when the opponent is stuck"
        elif not after.is_over:
            assert after.has_moves(after.to_move)
        gained = after.score(mover) - here.score(mover)
        assert gained == (1 if here.has_iceberg(move.dst) else 0)
        assert after.score(mover.other) == here.score(mover.other)
        positions.append(after)
    check_position(history.position, start.board.iceberg_count)
    return positions


@pytest.mark.slow  # 100 whole games, every rule checked after every move
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(size=st.sampled_from(SIZES), seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_every_rule(size: int, seed: int) -> None:
    history: History[IcebreakerPosition] = History(IcebreakerPosition.start(size))
    positions = play_random_game(size, seed, history)
    final = positions[-1]
    winner = final.winner
    assert winner is not None
    target = final.board.target
    assert final.score(winner) == target, "the winning capture is the target-th"
    assert final.score(winner.other) < target
    # The game's history undoes to the start and redoes to the end, position by position.
    assert history.positions == positions
    assert len(history.moves) == len(positions) - 1
    for index in range(len(positions) - 1, 0, -1):
        assert history.position == positions[index]
        assert history.undo()
    assert history.position == positions[0]
    assert not history.undo()
    for index in range(1, len(positions)):
        assert history.redo()
        assert history.position == positions[index]
    assert not history.redo()
    assert history.position.is_over


@settings(max_examples=25, deadline=None)
@given(size=st.sampled_from(SIZES), seed=st.integers(0, 2**16), cut=st.integers(1, 40))
def test_a_new_move_after_undo_replaces_the_redo_line(size: int, seed: int, cut: int) -> None:
    rng = random.Random(seed)
    history: History[IcebreakerPosition] = History(IcebreakerPosition.start(size))
    for _ in range(cut):
        if history.position.is_over:
            break
        history.play(rng.choice(history.position.legal_moves()))
    kept = list(history.positions[:-1])
    assert history.undo()
    other = [m for m in history.position.legal_moves() if m != history.moves[-1]]
    if not other:
        return
    history.play(other[0])
    assert history.positions[:-1] == kept
    assert history.position == kept[-1].play(other[0])
    assert not history.can_redo
