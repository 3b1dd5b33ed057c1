"""Fixtures every test shares: no test touches the player's own folders.

The long checks, marked ``slow``, are put first: when the tests run in parallel they are then
not left for the end, where one of them would keep a worker busy after the others are done.
The few marked ``last`` read what slow tests made, and are put at the very end: by then it
is made, and no worker sits waiting while another makes it.
``python -m pytest -n auto -m "not slow"`` leaves them out: the quick loop while editing.

With ``-n auto`` pytest-xdist starts one worker more than the machine has cores: the tests
wait a part of the time for the programs they start (the game, a match's programs, an
install), and a third worker on two cores kept both busy (a whole run about 6 % shorter,
measured alternately).

The package's bytecode is written once before the tests start: the tests run the game
and small programs built on its engine as processes of their own, several hundred of
them, and where Python is told not to write bytecode (``PYTHONDONTWRITEBYTECODE``, as on
the project's build machines) each of them would compile every module it imports again.
"""

from __future__ import annotations

import compileall
import itertools
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import fireice_desktop
from fireice_desktop.ui.toolkit import scaling


def pytest_configure(config: pytest.Config) -> None:
    """Write the package's bytecode, once: in the process that starts pytest-xdist's
    workers (or the only one), not in each worker."""
    if not hasattr(config, "workerinput"):
        compileall.compile_dir(Path(fireice_desktop.__file__).parent, quiet=1)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto``: one worker more than pytest-xdist would start (the number of cores),
    unless ``PYTEST_XDIST_AUTO_NUM_WORKERS`` says how many."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # pytest-xdist's own answer: that number
    # Imported here: a function named like a hook at the module's top would be taken
    # for this conftest's own.
    from xdist.plugin import pytest_xdist_auto_num_workers as cores

    return cores(config) + 1


@pytest.hookimpl(trylast=True)  # after ``-m`` and ``-k`` have left tests out
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tests marked ``slow`` first, those marked ``last`` last; otherwise the order
    stays as collected.

    With pytest-xdist's ``worksteal`` (the project's ``--dist``), each worker is first
    handed an equal run of consecutive tests, and takes from the others' only when its own
    are done: the slow tests are dealt out in turn to the start of each worker's run, so
    that every worker starts on its share of them at once (with all of them at the start,
    one worker would play them one after the other).
    """
    items.sort(key=_rank)
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
    if workers > 1:
        items[:] = _dealt(items, workers)


def _rank(item: pytest.Item) -> int:
    """0 for a slow test, 2 for one marked ``last``, 1 for the others."""
    if item.get_closest_marker("last") is not None:
        return 2
    return 0 if item.get_closest_marker("slow") is not None else 1


def _dealt(items: list[pytest.Item], workers: int) -> list[pytest.Item]:
    """``items`` (the slow ones first) in the order that puts the slow ones at the start
    of each of the ``workers`` runs that ``worksteal`` first hands out (those marked
    ``last`` stay at the end of the last run)."""
    slow = [item for item in items if _rank(item) == 0]
    rest = iter(items[len(slow) :])
    dealt: list[pytest.Item] = []
    remaining = len(items)
    for worker in range(workers):
        size = remaining // (workers - worker)  # as worksteal divides the tests
        remaining -= size
        share = slow[worker::workers]
        dealt += share
        # A run that its slow share fills already takes none of the others (a file of
        # slow tests alone, run with -n: the runs then hold more than worksteal's share).
        dealt += itertools.islice(rest, max(0, size - len(share)))
    return dealt + list(rest)  # none left, unless nearly every test is slow


@pytest.fixture(autouse=True)
def _private_user_folders(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No test reads or writes the real player's settings or autosave."""
    folder = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("FIREICE_CONFIG_DIR", str(folder / "config"))
    monkeypatch.setenv("FIREICE_DATA_DIR", str(folder / "data"))
    # The layouts under test are the same on a developer's HiDPI desktop.
    for name in scaling.SCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def italian() -> Iterator[None]:
    """Words said in Italian for the test, in English again after it."""
    from fireice_desktop.ui.toolkit import language

    language.use("it")
    try:
        yield
    finally:
        language.use("en")
