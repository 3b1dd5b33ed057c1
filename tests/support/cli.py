"""Shared test helpers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``python -m fireice_desktop ARGS`` with ``stdin`` as its input."""
    return subprocess.run(
        [sys.executable, "-m", "fireice_desktop", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=REPO,
        env=_env(),
        timeout=60,
    )


def no_traceback(proc: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in proc.stdout
    assert "Traceback" not in proc.stderr


def assert_one_line_error(proc: subprocess.CompletedProcess[str], *needles: str) -> str:
    """Exit status 2, nothing on stdout, one line on stderr that contains every needle."""
    no_traceback(proc)
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stdout == ""
    assert proc.stderr.endswith("\n"), repr(proc.stderr)
    assert proc.stderr.count("\n") == 1, repr(proc.stderr)
    line = proc.stderr.strip()
    for needle in needles:
        assert needle.lower() in line.lower(), (needle, line)
    return line


def assert_flag_error(proc: subprocess.CompletedProcess[str], *needles: str) -> str:
    """A bad flag value: exit status 2, the usage, then one line that contains every needle."""
    assert_usage_error(proc)
    assert proc.stderr.startswith("usage: "), proc.stderr
    line = proc.stderr.strip().splitlines()[-1]
    for needle in needles:
        assert needle.lower() in line.lower(), (needle, line)
    return line


def assert_usage_error(proc: subprocess.CompletedProcess[str]) -> None:
    no_traceback(proc)
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stdout == ""
    assert "usage" in proc.stderr.lower()


def _env() -> dict[str, str]:
    """The environment of a terminal with no display at all."""
    env = dict(os.environ)
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        env.pop(name, None)
    return env
