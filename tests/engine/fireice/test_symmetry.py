"""The board's symmetries: a real group, positions that play the same, and root pruning."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fireice_desktop.engine.games.fireice.ai.computer import evaluate_position
from fireice_desktop.engine.games.fireice.ai.playout import random_playout
from fireice_desktop.engine.games.fireice.board import LINE_MASKS
from fireice_desktop.engine.games.fireice.rules import Move, Position
from fireice_desktop.engine.games.fireice.symmetry import (
    FANO_GROUP,
    distinct_moves,
    map_board,
    map_hole,
    stabilizer,
)
from fireice_desktop.engine.search import search

symmetries = st.tuples(st.integers(0, 167), st.integers(0, 167))


def image(symmetry: tuple[int, int], position: Position) -> Position:
    return position._replace(
        fire=map_board(symmetry, position.fire), ice=map_board(symmetry, position.ice)
    )


def position_after(seed: int) -> Position:
    """A position from the middle of a random game."""
    rng = random.Random(seed)
    moves: list[Move] = []
    random_playout(Position.start(), rng, moves)
    position = Position.start()
    for move in moves[: rng.randrange(len(moves))]:
        position = position.play_unchecked(move)
    return position


def test_the_fano_group_has_168_permutations_that_keep_the_lines() -> None:
    assert len(FANO_GROUP) == len(set(FANO_GROUP)) == 168
    for perm in FANO_GROUP:
        images = {sum(1 << perm[p] for p in range(7) if mask >> p & 1) for mask in LINE_MASKS}
        assert images == set(LINE_MASKS)


def test_the_start_is_kept_by_576_symmetries_and_has_two_kinds_of_move() -> None:
    start = Position.start()
    group = stabilizer(start.fire, start.ice)
    assert len(group) == 576
    assert all(image(symmetry, start) == start for symmetry in group)
    # D4 is the centre of the centre island: every symmetry keeping the start keeps it.
    assert all(map_hole(symmetry, 24) == 24 for symmetry in group)
    kept = distinct_moves(start)
    assert [str(m) for m in kept] == ["D4-A4", "D4-D1"]
    # A move within the centre island and a move to another island are never equal.
    legal = start.legal_moves()
    assert sum(m.src // 7 == m.dst // 7 for m in legal) == 6


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), symmetries)
def test_a_symmetric_image_plays_and_scores_the_same(seed: int, symmetry: tuple[int, int]) -> None:
    position = position_after(seed)
    mapped = image(symmetry, position)
    assert mapped.winner == position.winner
    assert bin(mapped.control(mapped.to_move)).count("1") == bin(
        position.control(position.to_move)
    ).count("1")
    moves = {(map_hole(symmetry, m.src), map_hole(symmetry, m.dst)) for m in position.legal_moves()}
    assert moves == {(m.src, m.dst) for m in mapped.legal_moves()}
    assert evaluate_position(mapped) == evaluate_position(position)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_the_stabilizer_is_exactly_the_symmetries_that_keep_the_position(seed: int) -> None:
    position = position_after(seed)
    group = set(stabilizer(position.fire, position.ice))
    assert FANO_GROUP[0] == tuple(range(7))
    assert (0, 0) in group  # the identity
    rng = random.Random(seed)
    for _ in range(30):
        symmetry = (rng.randrange(168), rng.randrange(168))
        assert (image(symmetry, position) == position) == (symmetry in group)
    for symmetry in group:
        assert image(symmetry, position) == position


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_distinct_moves_keep_one_of_every_class_in_order(seed: int) -> None:
    position = position_after(seed)
    legal = position.legal_moves()
    kept = distinct_moves(position, legal)
    group = stabilizer(position.fire, position.ice)
    classes = {frozenset((map_hole(g, m.src), map_hole(g, m.dst)) for g in group) for m in legal}
    assert len(kept) == len(classes)
    assert kept == [m for m in legal if m in kept]  # order kept
    if len(group) == 1:
        assert kept == legal


@pytest.mark.slow  # the expert's whole budget at the start, with and without symmetry
def test_the_search_with_symmetry_plays_a_legal_move_at_the_start() -> None:
    start = Position.start()
    for level in ("beginner", "expert"):
        result = search(start, level, seed=3)
        assert start.is_legal(result.move)
        plain = search(start, level, seed=3, use_symmetry=False)
        assert start.is_legal(plain.move)
