"""Glicko-2, checked against Glickman's worked example and what a puzzle does."""

from __future__ import annotations

import math

import pytest

from fireice_desktop.engine.teaching.rating import (
    NEWCOMER,
    Rating,
    after_puzzle,
    expected_score,
    update,
)


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


def test_the_expected_score_is_glickos() -> None:
    # E = 1 / (1 + exp(-g(phi_j) (mu - mu_j))), g(phi) = 1 / sqrt(1 + 3 phi^2 / pi^2).
    player = Rating(1700, 100, 0.06)
    phi = 80 / 173.7178
    g = 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))
    expected = 1 / (1 + math.exp(-g * (1700 - 1500) / 173.7178))
    assert expected_score(player, 1500) == pytest.approx(expected)
    assert expected_score(player, 1700) == pytest.approx(0.5)


def test_a_newcomer_starts_where_the_easiest_puzzles_are_two_in_three() -> None:
    # The wins in 1 are rated 757 to 760 on the puzzles' scale.
    assert expected_score(NEWCOMER, 760) == pytest.approx(2 / 3, abs=0.03)
    assert NEWCOMER.provisional
    # A first miss at such a puzzle costs far less than the 189 points a miss cost at
    # the old start (1500, deviation 350, against the 1472 every player met first).
    old = Rating(1500, 350, 0.06)
    assert old.rating - after_puzzle(old, 1472, False).rating == pytest.approx(189, abs=1)
    assert NEWCOMER.rating - after_puzzle(NEWCOMER, 760, False).rating < 130
