"""Shared test helpers: refusing reads and writes as a read-only disk or a locked file would."""

from __future__ import annotations

import errno
import os
import pathlib
import tempfile
from pathlib import Path
from typing import Any

import pytest

#: Running as root, permissions are not enforced: refusals are simulated instead.
ROOT = os.geteuid() == 0


def deny_reading(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``path`` unreadable: a real ``chmod`` where that works, else a faked refusal
    of ``os.open``, which the program's reads go through."""
    if not ROOT:
        path.chmod(0)
        return
    real_open = os.open

    def refusing_open(name: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if pathlib.Path(os.fsdecode(name)) == path:
            raise PermissionError(errno.EACCES, "Permission denied", str(name))
        return real_open(name, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing_open)


def deny_writing(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``folder`` refuse new files: a real ``chmod`` where that works, else faked."""
    if not ROOT:
        folder.chmod(0o555)
        return
    real_mkstemp = tempfile.mkstemp

    def refusing_mkstemp(*args: Any, **kwargs: Any) -> Any:
        if Path(kwargs.get("dir") or tempfile.gettempdir()) == folder:
            raise PermissionError(errno.EACCES, "Permission denied", str(folder))
        return real_mkstemp(*args, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", refusing_mkstemp)
