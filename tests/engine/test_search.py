"""The level driver's time budget: what a match uses to compare engines at equal time."""

from __future__ import annotations

import time

import pytest

from fireice_desktop.engine.games.fireice.rules import Position
from fireice_desktop.engine.games.icebreaker.rules import IcebreakerPosition
from fireice_desktop.engine.levels import Budget
from fireice_desktop.engine.search import search


def test_a_budget_is_spent_by_nodes_or_by_its_deadline() -> None:
    assert not Budget(10).spent(9)
    assert Budget(10).spent(10)
    assert Budget(10, time.perf_counter() - 1).spent(0)
    assert not Budget(10, time.perf_counter() + 60).spent(0)


@pytest.mark.slow
def test_a_time_budget_replaces_the_node_budget() -> None:
    position = Position.start().play_unchecked(Position.start().legal_moves()[0])
    by_nodes = search(position, "expert", 1)
    short = search(position, "expert", 1, seconds=0.05)
    assert short.nodes < by_nodes.nodes
    assert short.move in position.legal_moves()
    assert short.seconds < 1.0


def test_icebreaker_levels_take_a_time_budget_too() -> None:
    position = IcebreakerPosition.start()
    result = search(position, "expert", 1, seconds=0.05)
    assert result.move in position.legal_moves()
