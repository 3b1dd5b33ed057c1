"""The exact search behind the puzzles: does the side to move win within ``n`` moves?

It is checked against the plainest possible search (every move, every reply, the rules'
own ``Position``), on positions of random games, and on cases built by hand: a win
completed by the defender's own dropped peg (RULES.md §2), a reply that wins for the
defender, and an empty supply.
"""

from __future__ import annotations

import random

import pytest

from fireice_desktop.engine.games.fireice.proof import Prover
from fireice_desktop.engine.games.fireice.rules import Color, Move, Position


def plain_wins(position: Position, n: int) -> bool:
    """Win within ``n`` by brute force over the rules' own positions."""
    if n <= 0:
        return False
    me = position.to_move
    for move in position.legal_moves():
        after = position.play_unchecked(move)
        if after.winner is me:
            return True
        if after.winner is not None or n == 1:
            continue
        if all(
            reply_after.winner is me
            or (reply_after.winner is None and plain_wins(reply_after, n - 1))
            for reply_after in (after.play_unchecked(r) for r in after.legal_moves())
        ):
            return True
    return False


def random_positions(seed: int, games: int) -> list[Position]:
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        position = Position.start()
        while not position.is_over:
            found.append(position)
            position = position.play_unchecked(rng.choice(position.legal_moves()))
    return found


def test_win_within_two_agrees_with_brute_force() -> None:
    positions = random_positions(1, 3)[::3]
    answers = set()
    for position in positions:
        prover = Prover()
        for n in (1, 2):
            expected = plain_wins(position, n)
            assert prover.wins_within(position, n) is expected, (position, n)
            answers.add((n, expected))
    assert answers == {(1, True), (1, False), (2, True), (2, False)}  # both answers met


@pytest.mark.slow
def test_win_within_three_agrees_with_brute_force() -> None:
    late = [p for p in random_positions(7, 12) if len(p.legal_moves()) < 22]
    answers = set()
    for position in late[:30]:
        expected = plain_wins(position, 3)
        assert Prover().wins_within(position, 3) is expected, position
        answers.add(expected)
    assert answers == {True, False}


def test_winning_moves_are_those_that_keep_the_win() -> None:
    for position in random_positions(3, 2)[20:40]:
        prover = Prover()
        winning = prover.winning_moves(position, 2)
        for move in position.legal_moves():
            after = position.play_unchecked(move)
            keeps = after.winner is position.to_move or (
                after.winner is None
                and all(
                    a.winner is position.to_move or (a.winner is None and plain_wins(a, 1))
                    for a in (after.play_unchecked(r) for r in after.legal_moves())
                )
            )
            assert (move in winning) is keeps, (position, move)


def test_winning_move_is_one_of_the_winning_moves() -> None:
    # The move a proof names (the defender's winning reply the puzzle trainer shows).
    seen = set()
    for position in random_positions(3, 2)[20:40]:
        prover = Prover()
        for n in (1, 2):
            found = prover.winning_move(position, n)
            winning = Prover().winning_moves(position, n)
            assert (found is None) is (not winning), (position, n)
            assert found is None or found in winning, (position, n)
            seen.add(found is None)
    assert seen == {True, False}


def test_distance_is_the_fewest_moves() -> None:
    position = Position.start()
    prover = Prover()
    assert prover.distance(position, 3) == 0  # no forced win from the start


def test_a_finished_game_is_not_a_win_to_prove() -> None:
    # Fire's line of islands A-B-E: each island's edge 1-2-5.
    fire = sum(1 << (island * 7 + point) for island in (0, 1, 4) for point in (0, 1, 4))
    position = Position(fire, 1 << 30, 10, 10, Color.ICE)
    assert position.winner is Color.FIRE
    assert not Prover().wins_within(position, 3)


def test_a_win_handed_over_by_the_dropped_peg_counts() -> None:
    # Fire controls A and B; on E it has E1, E2, and Ice stands on E5 with nowhere to go
    # but away: every Ice move drops a Fire peg where it left.  Ice has only the peg on E5
    # (every other hole it could reach is full), so its move drops Fire onto E5, completing
    # edge 1-2-5 of E, and the line A-B-E.
    fire = sum(1 << (island * 7 + point) for island in (0, 1) for point in (0, 1, 4))
    fire |= (1 << (4 * 7 + 0)) | (1 << (4 * 7 + 1))
    ice = 1 << (4 * 7 + 4)
    position = Position(fire, ice, 5, 5, Color.ICE)
    assert position.winner is None
    for reply in position.legal_moves():
        assert position.play_unchecked(reply).winner is Color.FIRE
    # So Fire, to move one turn earlier, wins with any waiting move that keeps its pegs.
    before = Position(fire, ice, 5, 5, Color.FIRE)
    prover = Prover()
    assert prover.wins_within(before, 1) is plain_wins(before, 1)
    assert prover.wins_within(before, 2) is plain_wins(before, 2)


def test_an_empty_supply_drops_nothing() -> None:
    positions = [p for p in random_positions(5, 2) if p.ice_supply > 0][20:26]
    for position in positions:
        empty = position._replace(fire_supply=0, ice_supply=0)
        if empty.is_over:
            continue
        assert Prover().wins_within(empty, 2) is plain_wins(empty, 2)


def test_resistance_names_each_reply() -> None:
    position = random_positions(4, 1)[-3]
    prover = Prover()
    answer = prover.resistance(position, 2)
    assert set(answer) == set(position.legal_moves())
    for move, left in answer.items():
        assert isinstance(move, Move)
        assert left is None or 0 <= left <= 2
