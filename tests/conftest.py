"""Fixtures every test shares: no test touches the player's own folders.

The long checks, marked ``slow``, are put first: when the tests run in parallel they are then
not left for the end, where one of them would keep a worker busy after the others are done.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked ``slow`` first; otherwise the order stays as collected."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(autouse=True)
def _private_user_folders(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No test reads or writes the real player's settings or autosave."""
    folder = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("FIREICE_CONFIG_DIR", str(folder / "config"))
    monkeypatch.setenv("FIREICE_DATA_DIR", str(folder / "data"))


@pytest.fixture
def italian() -> Iterator[None]:
    """Words said in Italian for the test, in English again after it."""
    from fireice_desktop.ui import language

    language.use("it")
    try:
        yield
    finally:
        language.use("en")
