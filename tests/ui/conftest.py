"""Fixtures the desktop's tests share."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Home and documents folders under ``tmp_path`` (where the file dialogs start), and
    a ``files`` folder for the files a test makes."""
    documents = tmp_path / "home" / "Documents"
    documents.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DOCUMENTS_DIR", str(documents))
    (tmp_path / "files").mkdir()
    return tmp_path
