"""Glicko-2, checked against Glickman's worked example and what a puzzle does."""

from __future__ import annotations

import pytest

from fireice_desktop.engine.rating import Rating, after_puzzle, update


def test_glickmans_example() -> None:
    # "Example of the Glicko-2 system", section 3: 1500/200/0.06 beats 1400/30, loses to
    # 1550/100 and 1700/300.
    player = Rating(1500, 200, 0.06)
    after = update(player, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)], min_deviation=0)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_solved_puzzle_raises_and_a_failed_one_lowers() -> None:
    player = Rating()
    won = after_puzzle(player, 1500, solved=True)
    lost = after_puzzle(player, 1500, solved=False)
    assert won.rating > 1600 and lost.rating < 1400
    assert won.rating - 1500 == pytest.approx(1500 - lost.rating)
    assert won.deviation < player.deviation
    # A hard puzzle solved gains more than an easy one.
    assert after_puzzle(player, 2000, True).rating > after_puzzle(player, 1000, True).rating


def test_the_deviation_settles_and_never_vanishes() -> None:
    player = Rating()
    for index in range(200):
        player = after_puzzle(player, 1500, solved=index % 2 == 0)
    assert 45 <= player.deviation < 70
    assert not player.provisional
    assert Rating().provisional
    assert 1400 < player.rating < 1600
