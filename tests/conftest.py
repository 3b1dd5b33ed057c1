"""Fixtures every test shares: no test touches the player's own folders."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _private_user_folders(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No test reads or writes the real player's settings or autosave."""
    folder = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("FIREICE_CONFIG_DIR", str(folder / "config"))
    monkeypatch.setenv("FIREICE_DATA_DIR", str(folder / "data"))
