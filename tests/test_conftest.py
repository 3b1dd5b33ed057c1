"""How the tests are dealt out among pytest-xdist's workers (``tests/conftest.py``): every
test once, the slow ones at the start of each worker's run, whatever the mix."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from tests.conftest import _dealt


def stand_ins(slow: int, quick: int) -> list[Any]:
    """Stand-ins for collected tests: ``slow`` marked slow, then ``quick`` others."""

    def item(name: str, marked: bool) -> Any:
        marker = SimpleNamespace(name="slow") if marked else None
        return SimpleNamespace(
            name=name, get_closest_marker=lambda wanted: marker if wanted == "slow" else None
        )

    return [item(f"s{i}", True) for i in range(slow)] + [item(f"q{i}", False) for i in range(quick)]


@pytest.mark.parametrize(
    ("slow", "quick", "workers"),
    [(5, 0, 2), (5, 1, 2), (3, 0, 3), (7, 2, 3), (2, 10, 2), (0, 9, 4), (4, 4, 2)],
)
def test_every_test_is_dealt_once_with_the_slow_ones_first_in_each_run(
    slow: int, quick: int, workers: int
) -> None:
    items = stand_ins(slow, quick)
    dealt = _dealt(items, workers)
    assert sorted(i.name for i in dealt) == sorted(i.name for i in items)
    # Each worker's first run (as worksteal divides the tests) starts with its slow share.
    start = 0
    remaining = len(dealt)
    for worker in range(workers):
        size = remaining // (workers - worker)
        remaining -= size
        share = len(items[:slow][worker::workers])
        run = dealt[start : start + max(size, share)]
        assert all(i.name.startswith("s") for i in run[:share]), (worker, [i.name for i in run])
        start += max(size, share)
