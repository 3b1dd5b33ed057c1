"""The two-player game (RULES.md §2): every rule and every [decision], table-driven."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fireice_desktop.engine.errors import IllegalMoveError, NotationError
from fireice_desktop.engine.games.fireice import textboard
from fireice_desktop.engine.games.fireice.board import LINES, hole_name, parse_hole
from fireice_desktop.engine.games.fireice.rules import (
    Color,
    Move,
    Position,
    check_handicap,
    random_handicap,
)
from tests.support.boards import (
    ALL_NAMES,
    FANO,
    HOLE_LINES,
    ISLAND_LETTERS,
    SAMPLE_BOARD,
    brute_control,
    brute_has_line,
    brute_moves,
    holes,
    island_line,
    make_position,
    names_of,
    random_game,
)

FIRST_MOVES = {"D1", "D2", "D3", "D5", "D6", "D7", "A4", "B4", "C4", "E4", "F4", "G4"}


def islands(mask: int) -> str:
    return "".join(ISLAND_LETTERS[i] for i in range(7) if mask >> i & 1)


# --- start ---------------------------------------------------------------------


def test_start_position_is_fire_on_d4_with_supplies_24_and_25_fire_to_move() -> None:
    start = Position.start()
    assert start == Position(1 << parse_hole("D4"), 0, 24, 25, Color.FIRE)
    assert start.color_at(parse_hole("D4")) is Color.FIRE
    assert [start.color_at(h) for h in range(49)].count(None) == 48
    assert (start.supply(Color.FIRE), start.supply(Color.ICE)) == (24, 25)
    assert start.to_move is Color.FIRE
    assert start.winner is None
    assert not start.is_over


def test_the_twelve_first_moves_from_d4() -> None:
    moves = Position.start().legal_moves()
    assert len(moves) == 12
    assert all(hole_name(m.src) == "D4" for m in moves)
    assert {hole_name(m.dst) for m in moves} == FIRST_MOVES


def test_legal_moves_are_listed_in_board_order_without_duplicates() -> None:
    _, positions = random_game(random.Random(7))
    for position in positions[:-1]:
        moves = position.legal_moves()
        assert moves == sorted(set(moves))
        assert set(moves) == brute_moves(position)


def test_pergioco_first_moves_d4_c4_then_d4_d5() -> None:
    after_fire = Position.start().play("d4-c4")
    assert after_fire.color_at(parse_hole("C4")) is Color.FIRE
    assert after_fire.color_at(parse_hole("D4")) is Color.ICE
    assert names_of(after_fire.fire) == ["C4"]
    assert names_of(after_fire.ice) == ["D4"]
    assert (after_fire.fire_supply, after_fire.ice_supply) == (24, 24)
    assert after_fire.to_move is Color.ICE

    after_ice = after_fire.play("d4-d5")
    assert after_ice.color_at(parse_hole("D5")) is Color.ICE
    assert after_ice.color_at(parse_hole("D4")) is Color.FIRE
    assert names_of(after_ice.fire) == ["C4", "D4"]
    assert names_of(after_ice.ice) == ["D5"]
    assert (after_ice.fire_supply, after_ice.ice_supply) == (23, 24)
    assert after_ice.to_move is Color.FIRE


def test_play_accepts_a_move_or_its_text() -> None:
    start = Position.start()
    assert start.play(Move.parse("D4-C4")) == start.play("D4-C4") == start.play(" d4-c4 ")


# --- notation ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "src", "dst"),
    [
        ("F6-C6", "F6", "C6"),
        ("f6-c6", "F6", "C6"),
        ("F6-c6", "F6", "C6"),
        ("  d4-C4  ", "D4", "C4"),
        ("\tA1-A7\n", "A1", "A7"),
        ("g7-a7", "G7", "A7"),
    ],
)
def test_move_parse_is_case_insensitive_and_ignores_surrounding_spaces(
    text: str, src: str, dst: str
) -> None:
    move = Move.parse(text)
    assert move == Move(parse_hole(src), parse_hole(dst))
    assert str(move) == f"{src}-{dst}"


def test_every_move_round_trips_through_its_text() -> None:
    for src, dst in itertools.product(range(49), repeat=2):
        move = Move(src, dst)
        text = str(move)
        assert text == f"{ALL_NAMES[src]}-{ALL_NAMES[dst]}"
        assert Move.parse(text) == move
        assert Move.parse(text.lower()) == move


@pytest.mark.parametrize(
    "text",
    [
        "F6C6",
        "F6-C8",
        "",
        "   ",
        "H1-A1",
        "F6-C6-D6",
        "F6",
        "F6-",
        "-C6",
        "F6 - C6",
        "F6--C6",
        "F6_C6",
        "F0-C6",
        "66-C6",
    ],
)
def test_malformed_moves_raise_notation_error_quoting_the_text(text: str) -> None:
    with pytest.raises(NotationError) as excinfo:
        Move.parse(text)
    assert repr(text) in str(excinfo.value)
    with pytest.raises(NotationError) as excinfo:
        Position.start().play(text)
    assert repr(text) in str(excinfo.value)


@pytest.mark.parametrize(
    ("text", "color"),
    [("fire", Color.FIRE), ("Fire", Color.FIRE), (" ICE ", Color.ICE), ("ice", Color.ICE)],
)
def test_color_parse(text: str, color: Color) -> None:
    assert Color.parse(text) is color
    assert Color.parse(color.key) is color


@pytest.mark.parametrize("text", ["", "red", "aqua", "fir", "f"])
def test_color_parse_rejects_other_words(text: str) -> None:
    with pytest.raises(NotationError) as excinfo:
        Color.parse(text)
    assert repr(text) in str(excinfo.value)


def test_colors_are_opposed_and_drawn_as_in_pbmserv() -> None:
    assert Color.FIRE.other is Color.ICE
    assert Color.ICE.other is Color.FIRE
    assert (Color.FIRE.symbol, Color.ICE.symbol) == ("#", "O")
    assert (Color.FIRE.title, Color.ICE.title) == ("Fire", "Ice")


# --- illegal moves -------------------------------------------------------------

AFTER_D4_C4 = Position.start().play("D4-C4")  # Fire C4, Ice D4, Ice to move
AFTER_D5 = AFTER_D4_C4.play("D4-D5")  # Fire C4 D4, Ice D5, Fire to move
SAMPLE = textboard.parse(SAMPLE_BOARD)  # Ice has won

ILLEGAL = {
    "no peg there": (AFTER_D4_C4, "A1-A2", ["no peg", "A1"]),
    "empty source on own turn": (AFTER_D5, "E1-E2", ["no peg", "E1"]),
    "not your peg": (AFTER_D4_C4, "C4-C1", ["C4", "Fire", "Ice's turn"]),
    "not your peg (ice's)": (AFTER_D5, "D5-D6", ["D5", "Ice", "Fire's turn"]),
    "destination holds opponent": (AFTER_D4_C4, "D4-C4", ["C4", "taken"]),
    "destination holds own peg": (AFTER_D5, "C4-D4", ["D4", "taken"]),
    "not same island or number": (AFTER_D4_C4, "D4-C1", ["island", "same hole number"]),
    "diagonal elsewhere": (AFTER_D5, "C4-A1", ["island", "same hole number"]),
    "same hole": (AFTER_D4_C4, "D4-D4", ["another hole"]),
    "game over": (SAMPLE, "C4-D7", ["game is over", "Ice has won"]),
    "game over, loser's legal-looking move": (SAMPLE, "F3-F5", ["game is over"]),
}


@pytest.mark.parametrize("case", list(ILLEGAL))
def test_illegal_moves_raise_naming_the_move_and_the_reason(case: str) -> None:
    position, text, fragments = ILLEGAL[case]
    before = Position(*position)
    legal_before = position.legal_moves()
    move = Move.parse(text)
    assert not position.is_legal(move)
    reason = position.illegal_reason(move)
    assert reason is not None
    with pytest.raises(IllegalMoveError) as excinfo:
        position.play(text)
    message = str(excinfo.value)
    assert message.startswith(f"{text}:")
    for fragment in fragments:
        assert fragment in message, (fragment, message)
        assert fragment in reason
    assert isinstance(excinfo.value, ValueError)
    # Positions are values: a refused move changes nothing.
    assert position == before
    assert position.legal_moves() == legal_before
    with pytest.raises(IllegalMoveError):
        position.play(move)
    assert position == before


@pytest.mark.slow
def test_every_legal_move_is_accepted_and_nothing_else() -> None:
    _, positions = random_game(random.Random(11))
    for position in positions[:-1]:
        legal = set(position.legal_moves())
        for src, dst in itertools.product(range(49), repeat=2):
            move = Move(src, dst)
            assert position.is_legal(move) is (move in legal)
            assert (position.illegal_reason(move) is None) is (move in legal)


# --- control -------------------------------------------------------------------


@pytest.mark.parametrize("color", list(Color), ids=lambda c: c.key)
@pytest.mark.parametrize("line", HOLE_LINES)
@pytest.mark.parametrize("island", ISLAND_LETTERS)
def test_three_pegs_on_a_line_control_the_island_whatever_the_other_holes(
    island: str, line: str, color: Color
) -> None:
    mine = island_line(island, line)
    others = [f"{island}{n}" for n in range(1, 8) if f"{island}{n}" not in mine]
    for rest in ([], others):  # the four other holes empty, or all the opponent's
        if color is Color.FIRE:
            position = make_position(fire=mine, ice=rest)
        else:
            position = make_position(fire=rest, ice=mine)
        index = ISLAND_LETTERS.index(island)
        assert position.control(color) == 1 << index
        assert position.control(color.other) == 0
        assert position.controller(index) is color
        assert all(position.controller(i) is None for i in range(7) if i != index)


def test_three_pegs_not_on_a_line_do_not_control() -> None:
    for island, triple in itertools.product(ISLAND_LETTERS, itertools.combinations(range(7), 3)):
        if frozenset(triple) in FANO:
            continue
        position = make_position(fire=[f"{island}{p + 1}" for p in triple])
        assert position.control(Color.FIRE) == 0, (island, triple)
        assert position.controller(ISLAND_LETTERS.index(island)) is None


@pytest.mark.parametrize(
    ("fire", "ice", "controller"),
    [
        ("1 2", "3 4", None),
        ("1 2 3", "4 5", None),
        ("1 2 3", "4 5 6", None),
        ("1 2 3 4", "5 6 7", Color.ICE),
        ("1 4 6", "2 3 5 7", Color.FIRE),
        ("2 3 6", "1 4 5 7", Color.FIRE),
        ("1 2 4", "3 5 6 7", Color.ICE),
        ("", "", None),
        ("1 2 5", "", Color.FIRE),
        ("", "7 4 2", Color.ICE),
    ],
)
def test_contested_and_held_islands(fire: str, ice: str, controller: Color | None) -> None:
    position = make_position(
        fire=[f"E{n}" for n in fire.split()], ice=[f"E{n}" for n in ice.split()]
    )
    assert position.controller(4) is controller
    expected = 0 if controller is None else 1 << 4
    assert position.control(Color.FIRE) == (expected if controller is Color.FIRE else 0)
    assert position.control(Color.ICE) == (expected if controller is Color.ICE else 0)


def test_at_most_one_controller_for_every_colouring_of_an_island() -> None:
    for colours in itertools.product((None, Color.FIRE, Color.ICE), repeat=7):
        fire = [f"C{p + 1}" for p, c in enumerate(colours) if c is Color.FIRE]
        ice = [f"C{p + 1}" for p, c in enumerate(colours) if c is Color.ICE]
        position = make_position(fire=fire, ice=ice)
        fire_has = brute_has_line({p for p, c in enumerate(colours) if c is Color.FIRE})
        ice_has = brute_has_line({p for p, c in enumerate(colours) if c is Color.ICE})
        assert not (fire_has and ice_has)
        assert bool(position.control(Color.FIRE)) is fire_has
        assert bool(position.control(Color.ICE)) is ice_has
        expected = Color.FIRE if fire_has else Color.ICE if ice_has else None
        assert position.controller(2) is expected


def test_control_is_reevaluated_after_a_turn() -> None:
    # Fire holds A with the edge A1-A2-A5.
    position = make_position(fire="A1 A2 A5 D4", ice="B1 B2", to_move=Color.FIRE)
    assert position.controller(0) is Color.FIRE
    # Moving A5 away: Ice's peg fills A5 and Fire loses A.
    after = position.play("A5-B5")
    assert after.controller(0) is None
    assert after.color_at(parse_hole("A5")) is Color.ICE
    # Moving within the island off the line (A1 A2 A7 is no line) loses it too.
    after = position.play("A5-A7")
    assert names_of(after.fire & 127) == ["A1", "A2", "A7"]
    assert after.controller(0) is None
    # Moving onto a line gains control, whatever the new Ice peg does.
    after = make_position(fire="A1 A3 A4 D4", ice="B1", to_move=Color.FIRE).play("A4-A7")
    assert after.color_at(parse_hole("A4")) is Color.ICE
    assert after.controller(0) is Color.FIRE  # edge A1-A3-A7


# --- winning -------------------------------------------------------------------


def _island_line_position(line: tuple[int, int, int], color: Color) -> Position:
    mine = [f"{ISLAND_LETTERS[i]}{n}" for i in line for n in (1, 4, 6)]
    spare = next(i for i in range(7) if i not in line)
    theirs = [f"{ISLAND_LETTERS[spare]}{n}" for n in (2, 3)]
    if color is Color.FIRE:
        return make_position(fire=mine, ice=theirs, to_move=Color.ICE)
    return make_position(fire=theirs, ice=mine, to_move=Color.FIRE)


@pytest.mark.parametrize("color", list(Color), ids=lambda c: c.key)
@pytest.mark.parametrize("index", range(7), ids=lambda i: "".join("ABCDEFG"[p] for p in LINES[i]))
def test_three_controlled_islands_on_a_line_win(index: int, color: Color) -> None:
    line = LINES[index]
    position = _island_line_position(line, color)
    assert position.control(color) == sum(1 << i for i in line)
    assert position.winner is color
    won = position.winning_line()
    assert won is not None
    assert won[0] is color
    assert set(won[1]) == set(line)
    assert position.is_over
    assert position.legal_moves() == []


@pytest.mark.parametrize("color", list(Color), ids=lambda c: c.key)
def test_summary_names_the_winner(color: Color) -> None:
    position = _island_line_position(LINES[0], color)
    assert position.summary().startswith(f"{color.title} has won")
    assert "to move" not in position.summary()
    assert Position.start().summary().startswith("Fire to move")


def test_three_controlled_islands_not_on_a_line_do_not_win() -> None:
    for triple in itertools.combinations(range(7), 3):
        if frozenset(triple) in FANO:
            continue
        position = make_position(
            fire=[f"{ISLAND_LETTERS[i]}{n}" for i in triple for n in (1, 2, 5)],
            to_move=Color.FIRE,
        )
        assert position.winner is None, islands(sum(1 << i for i in triple))
        assert position.winning_line() is None
        assert position.legal_moves()


def test_a_move_that_completes_the_movers_line_of_islands_wins() -> None:
    # Fire holds A and C; G5 G6 are Fire's, and D7-G7 completes G and the line A-C-G.
    position = make_position(fire="A1 A2 A5 C1 C2 C5 G5 G6 D7", ice="B1 B2 E1", to_move=Color.FIRE)
    assert position.winner is None
    after = position.play("D7-G7")
    assert after.winner is Color.FIRE
    assert after.winning_line() == (Color.FIRE, LINES[1])
    assert after.color_at(parse_hole("D7")) is Color.ICE


def _handing_position(mover: Color, opponent_supply: int | None = None) -> Position:
    # The opponent holds A and C and has two pegs of G's edge 5-6-7; the mover's
    # peg on G7 is the only thing between the opponent and the line A-C-G.
    opponent = "A1 A2 A5 C1 C2 C5 G5 G6"
    mover_pegs = "G7 B4 E3"
    if mover is Color.FIRE:
        return make_position(
            fire=mover_pegs, ice=opponent, to_move=Color.FIRE, ice_supply=opponent_supply
        )
    return make_position(
        fire=opponent, ice=mover_pegs, to_move=Color.ICE, fire_supply=opponent_supply
    )


@pytest.mark.parametrize("mover", list(Color), ids=lambda c: c.key)
def test_a_turn_can_hand_the_win_to_the_opponent(mover: Color) -> None:
    position = _handing_position(mover)
    assert position.winner is None
    assert position.control(mover.other) == 0b101  # A and C
    g7_moves = [m for m in position.legal_moves() if hole_name(m.src) == "G7"]
    assert len(g7_moves) == 10  # G1-G4 and A7-F7
    for move in g7_moves:
        after = position.play(move)
        assert after.color_at(parse_hole("G7")) is mover.other
        assert after.winner is mover.other, str(move)
        assert after.winning_line() == (mover.other, LINES[1])  # A-C-G
        assert after.control(mover) == 0
        assert after.legal_moves() == []
    # Moving another peg does not hand over anything.
    assert position.play("B4-B1").winner is None


@pytest.mark.parametrize("mover", list(Color), ids=lambda c: c.key)
def test_an_empty_opponent_supply_leaves_the_vacated_hole_empty(mover: Color) -> None:
    position = _handing_position(mover, opponent_supply=0)
    own_supply = position.supply(mover)
    after = position.play("G7-D7")
    assert after.color_at(parse_hole("G7")) is None
    assert after.color_at(parse_hole("D7")) is mover
    assert after.supply(mover.other) == 0
    assert after.supply(mover) == own_supply
    assert after.pegs(mover.other) == position.pegs(mover.other)
    assert after.to_move is mover.other
    assert after.winner is None  # no peg was put on G7, so no line of islands


@pytest.mark.parametrize("mover", list(Color), ids=lambda c: c.key)
def test_supply_of_one_is_used_then_empty(mover: Color) -> None:
    before = _handing_position(mover, opponent_supply=1)
    after = before.play("B4-B1")
    assert after.supply(mover) == before.supply(mover)
    assert after.supply(mover.other) == 0
    assert after.color_at(parse_hole("B4")) is mover.other
    # The opponent's next turn refills from the mover's supply as usual.
    again = after.play(next(m for m in after.legal_moves() if hole_name(m.src) == "A1"))
    assert again.supply(mover) == before.supply(mover) - 1
    # And the mover's next turn leaves the vacated hole empty.
    final = again.play("B1-B2")
    assert final.color_at(parse_hole("B1")) is None
    assert final.supply(mover.other) == 0


# --- no legal move --------------------------------------------------------------

BLOCKERS = "A2 A3 A4 A5 A6 A7 B1 C1 D1 E1 F1 G1"  # every hole a peg on A1 could reach


@pytest.mark.parametrize(
    ("position", "winner"),
    [
        (make_position(fire="A1", ice=BLOCKERS, to_move=Color.FIRE), Color.ICE),
        (make_position(fire=BLOCKERS, ice="A1", to_move=Color.ICE), Color.FIRE),
        (make_position(fire="", ice=BLOCKERS, to_move=Color.FIRE), Color.ICE),
        (make_position(fire="A1 D4", ice=BLOCKERS, to_move=Color.ICE), None),
    ],
    ids=["fire-blocked", "ice-blocked", "fire-has-no-pegs", "not-blocked"],
)
def test_a_side_to_move_without_a_legal_move_loses(
    position: Position, winner: Color | None
) -> None:
    assert position.winning_line() is None  # nobody has a line of islands
    assert position.winner is winner
    if winner is None:
        assert position.legal_moves()
        return
    assert position.is_over
    assert position.legal_moves() == []
    assert not position.has_legal_move()
    with pytest.raises(IllegalMoveError) as excinfo:
        position.play("A1-A2")
    assert "game is over" in str(excinfo.value)


def test_a_won_game_has_no_legal_moves_even_if_pegs_could_move() -> None:
    assert SAMPLE.winner is Color.ICE
    assert list(SAMPLE.pseudo_moves())  # Fire's pegs could still move by the movement rule
    assert SAMPLE.legal_moves() == []
    assert not any(SAMPLE.is_legal(m) for m in SAMPLE.pseudo_moves())


# --- handicap -------------------------------------------------------------------


@pytest.mark.parametrize("side", list(Color), ids=lambda c: c.key)
@pytest.mark.parametrize(
    "names", [("A3",), ("A3", "B5"), ("A1", "B2", "C3", "E5", "F6", "G7")], ids="-".join
)
def test_handicap_start_for_either_side(side: Color, names: tuple[str, ...]) -> None:
    position = Position.start(holes(*names), side)
    extra = sum(1 << h for h in holes(*names))
    d4 = 1 << parse_hole("D4")
    assert position.to_move is Color.FIRE  # Fire still moves first
    if side is Color.FIRE:
        assert position.fire == d4 | extra
        assert position.ice == 0
        assert (position.fire_supply, position.ice_supply) == (24 - len(names), 25)
    else:
        assert position.fire == d4
        assert position.ice == extra
        assert (position.fire_supply, position.ice_supply) == (24, 25 - len(names))


def test_default_handicap_side_is_fire() -> None:
    assert Position.start(holes("A3")) == Position.start(holes("A3"), Color.FIRE)
    assert Position.start(()) == Position.start()


@pytest.mark.parametrize("name", [n for n in ALL_NAMES if not n.startswith("D")])
def test_any_hole_of_islands_other_than_d_may_take_a_handicap_peg(name: str) -> None:
    assert check_handicap(holes(name)) == tuple(holes(name))
    assert Position.start(holes(name)).color_at(parse_hole(name)) is Color.FIRE


def test_check_handicap_returns_holes_in_board_order() -> None:
    assert check_handicap(holes("G2", "A7", "C1")) == tuple(holes("A7", "C1", "G2"))
    assert check_handicap(()) == ()


@pytest.mark.parametrize(
    ("names", "named"),
    [
        (("D1",), "D1"),
        (("A1", "D7"), "D7"),
        (("D4",), "D4"),
        (("A1", "A2"), "A2"),
        (("B7", "C1", "B3"), "B3"),
        (("A1", "A1"), "A1"),
        (("A1", "B1", "C1", "E1", "F1", "G1", "A2"), "A2"),
        (("A1", "B1", "C1", "E1", "F1", "G1", "G7"), "G7"),
    ],
    ids=[
        "island-D",
        "island-D-second",
        "D4",
        "two-on-A",
        "two-on-B",
        "same-hole-twice",
        "seven-pegs",
        "seven-pegs-G",
    ],
)
def test_bad_handicaps_are_rejected_naming_the_hole(names: tuple[str, ...], named: str) -> None:
    for attempt in (lambda: check_handicap(holes(*names)), lambda: Position.start(holes(*names))):
        with pytest.raises(IllegalMoveError) as excinfo:
            attempt()
        assert named in str(excinfo.value)
        assert "handicap" in str(excinfo.value)


@pytest.mark.parametrize("count", range(1, 7))
def test_random_handicap_is_deterministic_and_valid(count: int) -> None:
    results = set()
    for seed in range(60):
        chosen = random_handicap(count, seed)
        assert chosen == random_handicap(count, seed)
        assert len(chosen) == count
        assert len({h // 7 for h in chosen}) == count  # distinct islands
        assert all(h // 7 != 3 for h in chosen)  # never island D
        assert list(chosen) == sorted(chosen)
        assert check_handicap(chosen) == chosen
        results.add(chosen)
    assert len(results) > 1  # the seed matters
    assert random_handicap(count, "a text seed") == random_handicap(count, "a text seed")


@pytest.mark.parametrize("count", [0, 7, -1, 49])
def test_random_handicap_rejects_counts_outside_1_to_6(count: int) -> None:
    with pytest.raises(ValueError, match="1 to 6"):
        random_handicap(count, 1)


@pytest.mark.parametrize("side", list(Color), ids=lambda c: c.key)
def test_a_handicap_game_that_empties_a_supply_leaves_vacated_holes_empty(side: Color) -> None:
    """Find seeded random handicap games where a supply runs out, then check each such turn."""
    empty_turns = 0
    for seed in range(200):
        position = Position.start(random_handicap(6, seed), side)
        rng = random.Random(seed)
        while position.winner is None:
            move = rng.choice(position.legal_moves())
            after = position.play(move)
            mover = position.to_move
            if position.supply(mover.other) == 0:
                empty_turns += 1
                assert after.color_at(move.src) is None
                assert after.supply(mover.other) == 0
                assert after.pegs(mover.other) == position.pegs(mover.other)
            else:
                assert after.color_at(move.src) is mover.other
                assert after.supply(mover.other) == position.supply(mover.other) - 1
            position = after
        if empty_turns >= 3:
            break
    assert empty_turns >= 3


def test_supplies_never_run_out_before_the_end_without_handicap() -> None:
    rng = random.Random(3)
    for _ in range(100):
        _, positions = random_game(rng)
        for before, after in itertools.pairwise(positions):
            # Every turn puts a peg into the vacated hole.
            assert (after.fire | after.ice).bit_count() == (
                before.fire | before.ice
            ).bit_count() + 1


# --- the end of the game ----------------------------------------------------------


def test_games_without_handicap_end_within_48_turns_with_a_winner() -> None:
    rng = random.Random(2024)
    for _ in range(200):
        moves, positions = random_game(rng)
        final = positions[-1]
        assert final.winner in (Color.FIRE, Color.ICE)
        assert len(moves) <= 48
        assert all(p.winner is None for p in positions[:-1])


def test_there_is_no_draw_result() -> None:
    # Two sides, and a finished game always names one of them.
    assert list(Color) == [Color.FIRE, Color.ICE]
    assert not [name for name in dir(Position) if "draw" in name.lower()]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(list(Color)), min_size=49, max_size=49))
def test_a_full_board_always_has_a_winner(colours: list[Color]) -> None:
    fire = sum(1 << h for h, c in enumerate(colours) if c is Color.FIRE)
    ice = sum(1 << h for h, c in enumerate(colours) if c is Color.ICE)
    position = Position(fire, ice, 0, 0, Color.FIRE)
    # Every island has a controller, and seven 2-coloured islands give someone a line.
    assert position.control(Color.FIRE) | position.control(Color.ICE) == 127
    won = position.winning_line()
    assert won is not None
    assert set(brute_control(position.pegs(won[0]))) >= set(won[1])


def test_the_pbmserv_sample_game_is_won_by_ice_with_islands_a_c_g() -> None:
    position = textboard.parse(SAMPLE_BOARD)
    assert (position.fire_supply, position.ice_supply) == (4, 5)
    assert islands(position.control(Color.ICE)) == "ACDG"
    assert islands(position.control(Color.FIRE)) == "BEF"
    assert [position.controller(i) for i in range(7)] == [
        Color.ICE,
        Color.FIRE,
        Color.ICE,
        Color.ICE,
        Color.FIRE,
        Color.FIRE,
        Color.ICE,
    ]
    assert position.winner is Color.ICE
    won = position.winning_line()
    assert won is not None
    assert won[0] is Color.ICE
    assert {ISLAND_LETTERS[i] for i in won[1]} == {"A", "C", "G"}
    assert position.legal_moves() == []
    assert position.summary().startswith("Ice has won")
