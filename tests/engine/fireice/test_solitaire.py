"""The one-player solitaire (RULES.md §3): deals, captures, alternation, the end."""

from __future__ import annotations

import random

import pytest

from fireice_desktop.engine.errors import IllegalMoveError, NotationError
from fireice_desktop.engine.games.fireice.board import parse_hole
from fireice_desktop.engine.games.fireice.rules import Color, Move
from fireice_desktop.engine.games.fireice.solitaire import SolitairePosition, check_deal, parse_deal
from tests.support.boards import ALL_NAMES, bits, brute_reach, names_of


def solitaire(fire: str, ice: str, to_move: Color | None = None) -> SolitairePosition:
    return SolitairePosition(bits(fire), bits(ice), to_move)


def brute_captures(position: SolitairePosition, color: Color) -> set[Move]:
    mine, prey = position.pegs(color), position.pegs(color.other)
    return {
        Move(src, dst)
        for src in range(49)
        if mine >> src & 1
        for dst in brute_reach(src)
        if prey >> dst & 1
    }


# --- deals ---------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 2, 42, 999, 123_456, 999_999, 1_000_000])
def test_deal_n_is_random_random_n_sample_of_the_holes(number: int) -> None:
    picked = random.Random(number).sample(list(ALL_NAMES), 28)
    position = SolitairePosition.deal(number)
    assert position.fire == bits(picked[:14])  # red
    assert position.ice == bits(picked[14:])  # aqua
    assert position.to_move is None
    assert position.fire.bit_count() == position.ice.bit_count() == 14
    assert not position.fire & position.ice
    assert position.pegs_left == 28
    assert position == SolitairePosition.deal(number)


def test_different_deals_differ() -> None:
    assert len({SolitairePosition.deal(n) for n in range(1, 51)}) == 50


@pytest.mark.parametrize("number", [0, -1, 1_000_001, 10**9])
def test_deal_numbers_outside_1_to_1_000_000_are_rejected(number: int) -> None:
    with pytest.raises(ValueError, match="1 to 1,000,000"):
        SolitairePosition.deal(number)
    with pytest.raises(ValueError, match=str(number)):
        check_deal(number)


@pytest.mark.parametrize(
    ("text", "number"),
    [("42", 42), (" 7 ", 7), ("1,000,000", 1_000_000), ("1_000", 1000), ("1", 1)],
)
def test_parse_deal(text: str, number: int) -> None:
    assert parse_deal(text) == number


@pytest.mark.parametrize("text", ["", "abc", "4.2", "deal 4", "0", "1000001", "-5"])
def test_parse_deal_rejects_bad_text(text: str) -> None:
    with pytest.raises(NotationError) as excinfo:
        parse_deal(text)
    message = str(excinfo.value)
    assert "1 to 1,000,000" in message
    assert repr(text) in message or text.strip() in message


# --- moves ---------------------------------------------------------------------

# Red A1 A4 G3, aqua A2 B1 G5; either colour may begin.
BOARD = solitaire(fire="A1 A4 G3", ice="A2 B1 G5")


def test_at_the_start_either_colour_may_move() -> None:
    position = SolitairePosition.deal(1)
    assert position.to_move is None
    moves = position.legal_moves()
    movers = {position.color_at(m.src) for m in moves}
    assert movers == {Color.FIRE, Color.ICE}
    expected = brute_captures(position, Color.FIRE) | brute_captures(position, Color.ICE)
    assert set(moves) == expected
    assert moves == sorted(expected)
    assert set(position.captures(Color.FIRE)) == brute_captures(position, Color.FIRE)
    assert set(position.captures(Color.ICE)) == brute_captures(position, Color.ICE)


def test_small_board_legal_moves() -> None:
    assert {str(m) for m in BOARD.legal_moves()} == {
        "A1-A2",
        "A1-B1",
        "A4-A2",
        "G3-G5",
        "A2-A1",
        "A2-A4",
        "B1-A1",
        "G5-G3",
    }


@pytest.mark.parametrize(
    ("move", "mover"),
    [("A1-A2", Color.FIRE), ("G3-G5", Color.FIRE), ("B1-A1", Color.ICE), ("G5-G3", Color.ICE)],
)
def test_a_capture_removes_the_captured_peg_and_passes_the_turn(move: str, mover: Color) -> None:
    src, dst = (parse_hole(h) for h in move.split("-"))
    after = BOARD.play(move)
    assert after.pegs_left == BOARD.pegs_left - 1
    assert after.color_at(src) is None
    assert after.color_at(dst) is mover
    assert after.to_move is mover.other
    assert all(after.color_at(m.src) is mover.other for m in after.legal_moves())
    assert set(after.legal_moves()) == brute_captures(after, mover.other)


def test_colours_alternate_strictly() -> None:
    after_red = BOARD.play("A1-B1")  # red now on A4 B1 G3, aqua on A2 G5
    assert after_red.to_move is Color.ICE
    with pytest.raises(IllegalMoveError) as excinfo:
        after_red.play("G3-G5")
    assert "aqua moves now" in str(excinfo.value)
    assert "G3-G5" in str(excinfo.value)
    after_aqua = after_red.play("A2-A4")  # red on B1 G3, aqua on A4 G5
    assert after_aqua.to_move is Color.FIRE
    with pytest.raises(IllegalMoveError) as excinfo:
        after_aqua.play("G5-G3")
    assert "red moves now" in str(excinfo.value)


ILLEGAL = [
    (BOARD, "A1-A3", ["A3 is empty", "capture"]),
    (BOARD, "A1-A7", ["A7 is empty"]),
    (BOARD, "A1-A4", ["A4 holds red too"]),
    (solitaire("A1", "A2 A3"), "A2-A3", ["A3 holds aqua too"]),
    (BOARD, "A1-G5", ["island", "same hole number"]),
    (solitaire("A1", "C3 A2"), "A1-C3", ["island", "same hole number"]),
    (BOARD, "A5-A1", ["no peg on A5"]),
    (BOARD, "A1-A1", ["another hole"]),
    (BOARD.play("A1-A2"), "A4-A2", ["aqua moves now", "A4"]),
    (solitaire("A1", "G7"), "A1-G1", ["game is over"]),
]


@pytest.mark.parametrize(("position", "move", "fragments"), ILLEGAL, ids=[m for _, m, _ in ILLEGAL])
def test_illegal_captures_are_refused_with_a_reason(
    position: SolitairePosition, move: str, fragments: list[str]
) -> None:
    before = SolitairePosition(*position)
    with pytest.raises(IllegalMoveError) as excinfo:
        position.play(move)
    message = str(excinfo.value)
    assert message.startswith(f"{move}:")
    for fragment in fragments:
        assert fragment in message
    assert position == before
    assert position.illegal_reason(Move.parse(move)) is not None


def test_malformed_move_text_is_a_notation_error() -> None:
    with pytest.raises(NotationError, match="'A1A2'"):
        BOARD.play("A1A2")


# --- the end -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("position", "result"),
    [
        (solitaire("A1", "G7"), "lost"),
        (solitaire("A1", "G7", Color.FIRE), "lost"),
        (solitaire("A1 C3", "G7 E2", Color.ICE), "lost"),
        (solitaire("A1", ""), "won"),
        (solitaire("", "D4", Color.FIRE), "won"),
        (solitaire("A1", "A2"), None),
        (solitaire("A1", "A2", Color.ICE), None),
        (BOARD, None),
    ],
)
def test_the_game_ends_when_the_colour_to_move_has_no_capture(
    position: SolitairePosition, result: str | None
) -> None:
    assert position.result == result
    assert position.is_over is (result is not None)
    assert (position.legal_moves() == []) is position.is_over


@pytest.mark.parametrize("first", ["A1-A2", "A2-A1"])
def test_two_pegs_make_a_one_move_win_for_the_first_mover(first: str) -> None:
    position = solitaire("A1", "A2")
    after = position.play(first)
    assert after.pegs_left == 1
    assert after.result == "won"
    assert after.is_over
    assert after.legal_moves() == []
    mover = position.color_at(parse_hole(first[:2]))
    assert after.pegs(mover) != 0


def _solve(
    position: SolitairePosition, seen: set[SolitairePosition], budget: list[int]
) -> list[Move] | None:
    """Depth-first search for a capture sequence leaving one peg."""
    if position.pegs_left == 1:
        return []
    if position in seen or budget[0] <= 0:
        return None
    seen.add(position)
    budget[0] -= 1
    for move in position.legal_moves():
        rest = _solve(position.play_unchecked(move), seen, budget)
        if rest is not None:
            return [move, *rest]
    return None


@pytest.mark.parametrize("number", [1, 5, 11])
def test_a_won_deal_takes_27_moves_and_ends_on_the_first_movers_colour(number: int) -> None:
    start = SolitairePosition.deal(number)
    solution = _solve(start, set(), [50_000])
    assert solution is not None, f"no win found for deal {number}"
    assert len(solution) == 27
    first_colour = start.color_at(solution[0].src)
    assert first_colour is not None
    position = start
    for index, move in enumerate(solution):
        mover = position.color_at(move.src)
        assert mover is (first_colour if index % 2 == 0 else first_colour.other)
        assert position.result is None
        after = position.play(str(move))
        assert after.pegs_left == position.pegs_left - 1
        position = after
    assert position.result == "won"
    assert position.pegs_left == 1
    assert names_of(position.pegs(first_colour))  # the last peg is the first mover's colour
    assert position.pegs(first_colour.other) == 0
