"""Invariants checked after every turn of thousands of random games, and the random playout."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fireice_desktop.engine.games.fireice import textboard
from fireice_desktop.engine.games.fireice.ai.playout import random_playout
from fireice_desktop.engine.games.fireice.rules import Color, Move, Position, random_handicap
from fireice_desktop.engine.games.fireice.solitaire import SolitairePosition
from fireice_desktop.engine.games.fireice.spec import Deal, Handicap
from fireice_desktop.engine.records.game import GameRecord
from tests.support.boards import FANO, brute_control, brute_moves, make_position

PLAIN_GAMES = 1600
CHUNK = 200
#: The first chunk of games runs in the quick ``-m "not slow"`` loop; all run in the full one.
CHUNKS = [
    pytest.param(first, marks=pytest.mark.slow) if first else first
    for first in range(0, PLAIN_GAMES, CHUNK)
]


def brute_line_of_islands(position: Position, color: Color) -> bool:
    controlled = brute_control(position.pegs(color))
    return any(line <= controlled for line in FANO)


def check_position(position: Position) -> None:
    """Invariants of every position of a game played from a start position."""
    assert not position.fire & position.ice, "a hole holds both colours"
    assert position.fire >> 49 == 0
    assert position.ice >> 49 == 0
    for color in Color:
        assert position.pegs(color).bit_count() + position.supply(color) == 25
        assert position.supply(color) >= 0
    fire_control = position.control(Color.FIRE)
    ice_control = position.control(Color.ICE)
    assert not fire_control & ice_control, "an island with two controllers"
    assert {i for i in range(7) if fire_control >> i & 1} == brute_control(position.fire)
    assert {i for i in range(7) if ice_control >> i & 1} == brute_control(position.ice)
    for island in range(7):
        expected = (
            Color.FIRE
            if fire_control >> island & 1
            else Color.ICE
            if ice_control >> island & 1
            else None
        )
        assert position.controller(island) is expected
    fire_wins = brute_line_of_islands(position, Color.FIRE)
    ice_wins = brute_line_of_islands(position, Color.ICE)
    assert not (fire_wins and ice_wins), "both sides have a line of islands"
    winner = position.winner
    if fire_wins or ice_wins:
        assert winner is (Color.FIRE if fire_wins else Color.ICE)
        assert position.legal_moves() == []
    elif winner is not None:
        # The only other way to win: the side to move has no legal move.
        assert winner is position.to_move.other
        assert not brute_moves(position)
    assert textboard.parse(textboard.render(position), position.to_move) == position


def check_turn(before: Position, move: Move, after: Position) -> None:
    """What one turn must do: the move, then an opponent peg into the vacated hole."""
    mover = before.to_move
    assert after.to_move is mover.other
    assert after.color_at(move.dst) is mover
    assert after.pegs(mover) == before.pegs(mover) ^ (1 << move.src) ^ (1 << move.dst)
    assert after.supply(mover) == before.supply(mover)
    if before.supply(mover.other):
        assert after.color_at(move.src) is mover.other
        assert after.supply(mover.other) == before.supply(mover.other) - 1
    else:
        assert after.color_at(move.src) is None
        assert after.supply(mover.other) == 0
        assert after.pegs(mover.other) == before.pegs(mover.other)


def play_checked_game(rng: random.Random, start: Position, limit: int) -> list[Move]:
    position = start
    check_position(position)
    moves: list[Move] = []
    while position.winner is None:
        assert len(moves) < limit, "the game did not end"
        legal = position.legal_moves()
        assert legal
        move = rng.choice(legal)
        after = position.play(move)
        check_turn(position, move, after)
        check_position(after)
        moves.append(move)
        position = after
    assert position.winner in (Color.FIRE, Color.ICE)
    # RULES.md §2: from a start position a game never ends for want of a move.
    assert position.winning_line() is not None
    assert position.winning_line()[0] is position.winner  # type: ignore[index]
    return moves


def check_record(
    start: Position, handicap: tuple[int, ...], side: Color, moves: list[Move]
) -> None:
    record = GameRecord(moves=tuple(moves), setup=Handicap(handicap, side))
    loaded = GameRecord.from_json(record.to_json())
    assert loaded == record
    positions = loaded.positions()
    assert positions[0] == start
    assert len(positions) == len(moves) + 1
    final = start
    for move in moves:
        final = final.play(move)
    assert positions[-1] == final


@pytest.mark.slow
@pytest.mark.parametrize("first_seed", CHUNKS)
def test_random_games_without_handicap(first_seed: int) -> None:
    for seed in range(first_seed, first_seed + CHUNK):
        rng = random.Random(seed)
        start = Position.start()
        moves = play_checked_game(rng, start, limit=48)
        assert len(moves) <= 48  # 24 moves per player at most
        if seed % 10 == 0:
            check_record(start, (), Color.FIRE, moves)


@pytest.mark.slow  # 150 whole games, every position checked
@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    count=st.integers(0, 6),
    side=st.sampled_from(list(Color)),
)
def test_random_games_with_or_without_handicap(seed: int, count: int, side: Color) -> None:
    handicap = random_handicap(count, seed) if count else ()
    if not handicap:
        side = Color.FIRE  # a record without handicap pegs does not keep a side
    start = Position.start(handicap, side)
    moves = play_checked_game(random.Random(seed), start, limit=48 if not count else 100)
    check_record(start, handicap, side, moves)


@pytest.mark.slow  # 100 whole games, every position checked against brute force
@settings(max_examples=100, deadline=None)
@given(st.data())
def test_games_chosen_move_by_move(data: st.DataObject) -> None:
    position = Position.start()
    moves = []
    while position.winner is None:
        legal = position.legal_moves()
        assert set(legal) == brute_moves(position)
        move = legal[data.draw(st.integers(0, len(legal) - 1))]
        after = position.play(move)
        check_turn(position, move, after)
        check_position(after)
        moves.append(move)
        position = after
    assert len(moves) <= 48
    check_record(Position.start(), (), Color.FIRE, moves)


# --- random_playout ----------------------------------------------------------------


def _playout_starts() -> list[Position]:
    rng = random.Random(99)
    starts = [Position.start()]
    for count in range(1, 7):
        for side in Color:
            starts.append(Position.start(random_handicap(count, f"{count}-{side.key}"), side))
    for _ in range(6):
        moves = []
        position = Position.start()
        while position.winner is None and len(moves) < rng.randrange(5, 40):
            move = rng.choice(position.legal_moves())
            moves.append(move)
            position = position.play(move)
        starts.append(position)
    return starts


@pytest.mark.parametrize("index", range(len(_playout_starts())))
def test_random_playout_replays_through_position_play(index: int) -> None:
    start = _playout_starts()[index]
    rng = random.Random(index)
    for _ in range(60):
        record: list[Move] = []
        winner = random_playout(start, rng, record)
        position = start
        for move in record:
            assert position.winner is None
            position = position.play(move)  # raises if the playout broke a rule
        assert position.winner is winner
        assert position.is_over


def test_random_playout_of_a_finished_game_returns_the_winner_and_plays_nothing() -> None:
    finished = Position.start()
    rng = random.Random(1)
    while finished.winner is None:
        finished = finished.play(rng.choice(finished.legal_moves()))
    record: list[Move] = []
    assert random_playout(finished, random.Random(2), record) is finished.winner
    assert record == []


BLOCKERS = "A2 A3 A4 A5 A6 A7 B1 C1 D1 E1 F1 G1"


@pytest.mark.parametrize(
    "position",
    [
        make_position(fire="A1", ice=BLOCKERS, to_move=Color.FIRE),
        make_position(fire=BLOCKERS, ice="A1", to_move=Color.ICE),
        make_position(fire="", ice=BLOCKERS, to_move=Color.FIRE),
        make_position(fire=BLOCKERS, ice="", to_move=Color.ICE),
    ],
    ids=["fire-blocked", "ice-blocked", "fire-without-pegs", "ice-without-pegs"],
)
def test_random_playout_agrees_that_a_side_without_moves_loses(position: Position) -> None:
    assert position.winner is position.to_move.other
    record: list[Move] = []
    assert random_playout(position, random.Random(3), record) is position.to_move.other
    assert record == []


def _first_move_counts(position: Position, samples: int, seed: int) -> Counter[Move]:
    rng = random.Random(seed)
    counts: Counter[Move] = Counter()
    for _ in range(samples):
        record: list[Move] = []
        random_playout(position, rng, record)
        counts[record[0]] += 1
    return counts


def _uniformity_positions() -> dict[str, Position]:
    rng = random.Random(4)
    game: list[Position] = [Position.start()]
    while game[-1].winner is None:
        game.append(game[-1].play(rng.choice(game[-1].legal_moves())))
    late = next(
        p
        for p in reversed(game[:-1])
        if len(p.legal_moves()) >= 6
        and p.pegs(p.to_move).bit_count() > 49 - (p.fire | p.ice).bit_count()
    )
    # Fire's two pegs A1 and B2 can each go to one hole only (A7, B7): rejection
    # sampling mostly fails here, so the fall-back enumeration is exercised too.
    cornered = make_position(
        fire="A1 B2",
        ice="A2 A3 A4 A5 A6 B1 C1 D1 E1 F1 G1 B3 B4 B5 B6 C2 D2 E2 F2 G2",
        to_move=Color.FIRE,
    )
    return {"start": Position.start(), "early": game[3], "late": late, "cornered": cornered}


@pytest.mark.parametrize("name", list(_uniformity_positions()))
def test_random_playout_chooses_each_legal_move_equally_often(name: str) -> None:
    position = _uniformity_positions()[name]
    assert position.winner is None
    legal = position.legal_moves()
    per_move = 150
    samples = per_move * len(legal)
    counts = _first_move_counts(position, samples, seed=len(legal))
    assert set(counts) == set(legal)  # every legal move appears, and nothing else
    expected = samples / len(legal)
    assert max(counts.values()) < 1.6 * expected
    assert min(counts.values()) > 0.5 * expected
    chi_square = sum((counts[m] - expected) ** 2 / expected for m in legal)
    freedom = len(legal) - 1
    assert chi_square < freedom + 6 * (2 * freedom) ** 0.5 + 10, chi_square


# --- solitaire -------------------------------------------------------------------------


def brute_captures(position: SolitairePosition) -> set[Move]:
    movers = (Color.FIRE, Color.ICE) if position.to_move is None else (position.to_move,)
    return {
        Move(src, dst)
        for color in movers
        for src in range(49)
        if position.pegs(color) >> src & 1
        for dst in range(49)
        if position.pegs(color.other) >> dst & 1 and (dst // 7 == src // 7 or dst % 7 == src % 7)
    }


@pytest.mark.slow  # 300 whole deals, every capture checked against brute force
@settings(max_examples=300, deadline=None)
@given(deal=st.integers(1, 1_000_000), seed=st.integers(0, 2**16))
def test_random_solitaire_games(deal: int, seed: int) -> None:
    rng = random.Random(seed)
    position = SolitairePosition.deal(deal)
    first: Color | None = None
    moves: list[Move] = []
    while True:
        legal = position.legal_moves()
        assert set(legal) == brute_captures(position)
        assert position.is_over is (not legal)
        if not legal:
            break
        assert position.result is None
        move = rng.choice(legal)
        mover = position.color_at(move.src)
        assert mover is not None
        if first is None:
            first = mover
        else:
            assert mover is (first if len(moves) % 2 == 0 else first.other)  # strict alternation
        after = position.play(move)
        assert after.pegs_left == position.pegs_left - 1
        assert after.color_at(move.dst) is mover
        assert after.color_at(move.src) is None
        assert after.to_move is mover.other
        moves.append(move)
        position = after
    assert len(moves) == 28 - position.pegs_left
    assert position.result == ("won" if position.pegs_left == 1 else "lost")
    if position.result == "won":
        assert first is not None
        assert position.pegs(first) != 0
    record = GameRecord("solitaire", moves=tuple(moves), setup=Deal(deal))
    loaded = GameRecord.from_json(record.to_json())
    assert loaded == record
    assert loaded.positions()[-1] == position
