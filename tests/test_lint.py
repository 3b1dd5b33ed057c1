"""The code passes the project's linters: ``ruff`` everywhere, ``mypy --strict`` on the engine,
the command line, online play, the storage and the statistics."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def _tool(name: str) -> str:
    path = BIN / name
    if path.exists():
        return str(path)
    found = shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed next to {sys.executable} nor on PATH")
    return found


@pytest.mark.parametrize(
    "command",
    [
        ("ruff", "check", "."),
        ("ruff", "format", "--check", "."),
        ("mypy", "--strict", "fireice_desktop/engine"),
        (
            "mypy",
            "--strict",
            "fireice_desktop/cli",
            "fireice_desktop/online",
            "fireice_desktop/files/storage.py",
            "fireice_desktop/files/errors.py",
            "fireice_desktop/files/disk.py",
            "fireice_desktop/files/statistics/store.py",
            "fireice_desktop/files/statistics/checks.py",
            "fireice_desktop/files/statistics/counts.py",
            "fireice_desktop/files/statistics/played.py",
        ),
    ],
    ids=["ruff-check", "ruff-format", "mypy-strict-engine", "mypy-strict-cli-online-and-storage"],
)
def test_linter_passes(command: tuple[str, ...]) -> None:
    result = subprocess.run(
        [_tool(command[0]), *command[1:]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert result.returncode == 0, (
        f"`{' '.join(command)}` failed ({result.returncode}):\n{result.stdout}{result.stderr}"
    )
