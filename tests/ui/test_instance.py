"""Two starts of the game never lose each other's game, settings or counts: the second
brings the first forward (handing it a saved game) and ends, touching nothing.

The first copy is the real program (``python -m fireice_desktop``, the dummy video
driver) running its own loop; the second is started the same way beside it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.files.lock import Requests, SingleInstance
from fireice_desktop.files.storage import read_game

REPO = Path(__file__).resolve().parents[2]
KEPT = GameRecord.parse("D4-C4\nD4-A4\nC4-C1\n")
OTHER = GameRecord.parse("D4-C4\nD4-D5\n")

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def env_for(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("FIREICE_")}
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        FIREICE_CONFIG_DIR=str(folder / "config"),
        FIREICE_DATA_DIR=str(folder / "data"),
        FIREICE_FIRST_FRAME="1",  # the first copy says when its window is up
    )
    return env


def start(folder: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "fireice_desktop", *args],
        cwd=REPO,
        env=env_for(folder),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.fixture
def first(tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    """The first copy, its window up, with a kept game, settings and statistics."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "autosave.fireice").write_text(KEPT.to_json())
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text('{"sound": false, "tutor": true}')
    process = start(tmp_path)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line == "first frame\n", f"the first copy did not start: {process.stderr.read()}"
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.communicate(timeout=30)


def files_of(folder: Path) -> dict[str, bytes]:
    """Every player file's bytes (the lock and the request folder aside)."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and path.name != "running.lock"
    }


@pytest.mark.slow
def test_a_second_start_brings_the_first_forward_and_touches_nothing(
    first: subprocess.Popen[str], tmp_path: Path
) -> None:
    before = files_of(tmp_path)
    second = start(tmp_path)
    out, err = second.communicate(timeout=60)
    assert second.returncode == 0, err
    assert out == "Fire & Ice is already open: its window was brought forward.\n", err
    assert files_of(tmp_path) == before, "the second start changed the player's files"
    assert first.poll() is None, "the first copy stopped"
    assert not list((tmp_path / "data" / "requests").iterdir()), "the request was not taken"


@pytest.mark.slow
def test_a_second_start_with_a_saved_game_hands_it_to_the_first(
    first: subprocess.Popen[str], tmp_path: Path
) -> None:
    saved = tmp_path / "other.fireice"
    saved.write_text(OTHER.to_json())
    before = files_of(tmp_path)
    second = start(tmp_path, "--open", str(saved))
    out, err = second.communicate(timeout=60)
    assert second.returncode == 0, err
    said = "Fire & Ice is already open: its window was brought forward to open the game.\n"
    assert out == said, err
    # The first copy plays the game it was handed (from its menu, at once), so it keeps
    # that game now, as Open would; nothing else of the player's changes.
    autosave = tmp_path / "data" / "autosave.fireice"
    deadline = time.monotonic() + 30
    while read_game(autosave) != OTHER:
        assert time.monotonic() < deadline, "the first copy did not play the game handed over"
        time.sleep(0.05)
    after = files_of(tmp_path)
    assert after.pop("data/autosave.fireice") == OTHER.to_json().encode()
    before.pop("data/autosave.fireice")
    assert after == before
    assert first.poll() is None


@pytest.mark.slow
def test_the_next_start_plays_once_the_first_has_closed_or_was_killed(
    first: subprocess.Popen[str], tmp_path: Path
) -> None:
    first.send_signal(signal.SIGTERM)  # SDL makes it a window close
    first.communicate(timeout=30)
    assert first.returncode == 0
    for how in ("closed", "killed"):
        again = start(tmp_path)
        assert again.stdout is not None
        assert again.stdout.readline() == "first frame\n", f"no start after the first {how}"
        again.kill()  # the operating system lets the lock go with the process
        again.communicate(timeout=30)


def test_requests_are_taken_once_and_damaged_ones_still_bring_the_window_forward(
    tmp_path: Path,
) -> None:
    instance = SingleInstance(tmp_path)
    assert instance.acquire()
    try:
        assert not SingleInstance(tmp_path).acquire(), "a second lock was granted"
        requests = instance.requests
        assert isinstance(requests, Requests)
        (requests.folder / "1-1.json").write_text('{"record": "not a game"}')
        (requests.folder / "2-1.json").write_text("not JSON")
        (requests.folder / "3-1.json").write_text(json.dumps({"record": OTHER.to_json()}))
        taken = requests.take(now=time.monotonic() + 10)
        assert [r.record for r in taken] == [None, None, OTHER]
        assert requests.take(now=time.monotonic() + 20) == []
    finally:
        instance.release()
    assert SingleInstance(tmp_path).acquire(), "the lock was not let go"


def test_a_start_that_gets_no_answer_says_so_and_leaves_no_request(tmp_path: Path) -> None:
    holder = SingleInstance(tmp_path)
    assert holder.acquire()
    try:
        second = SingleInstance(tmp_path)
        assert not second.acquire()
        assert second.hand_over(None, wait=0.3) == 1
        assert not list((tmp_path / "requests").iterdir())
    finally:
        holder.release()


def test_requests_left_for_a_copy_that_ended_are_forgotten(tmp_path: Path) -> None:
    (tmp_path / "requests").mkdir()
    (tmp_path / "requests" / "1-1.json").write_text('{"record": null}')
    instance = SingleInstance(tmp_path)
    assert instance.acquire()
    try:
        assert instance.requests is not None
        assert instance.requests.take(now=time.monotonic() + 10) == []
    finally:
        instance.release()
