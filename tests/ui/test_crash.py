"""Killing the game at any instant never loses more than the move being made.

A real game runs in a child process (the dummy video driver, real pygame events);
it is killed with SIGKILL, and a new app's Continue must bring back the exact game.
A second child writes the autosave as fast as it can while it is killed again and
again: the file must always be a whole game, never half of one.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fireice_desktop.engine.games.fireice.rules import Color
from fireice_desktop.engine.games.fireice.solitaire import SolitairePosition
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.files.storage import AUTOSAVE_NAME
from tests.support.ui import is_game, open_ui

REPO = Path(__file__).resolve().parents[2]

#: The child: opens the app, starts a game from the menu, plays moves by clicking,
#: prints each move once it is on screen, then keeps running until it is killed.
PLAYER = """
from tests.support.ui import Driver, FRAME
from fireice_desktop.ui.app import App
from fireice_desktop.ui.frame.settings import Settings
app = App((1024, 700), settings=Settings(sound=False, animation_speed="fast"), window=True)
ui = Driver(app)
ui.pump(2)
ui.click_button({entry!r})
{setup}
for move in {moves!r}:
    ui.play(move)
    ui.pump(3)
    print("played", move, flush=True)
{after}
print("ready", flush=True)
while True:
    ui.pump(1)  # the app keeps running (and animating) until the kill
"""


def _child_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("FIREICE_")}
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        FIREICE_CONFIG_DIR=str(tmp_path / "config"),
        FIREICE_DATA_DIR=str(tmp_path / "config" / "data"),
    )
    return env


def _play_and_kill(
    tmp_path: Path, entry: str, moves: list[str], setup: str = "", after: str = ""
) -> None:
    script = PLAYER.format(entry=entry, moves=moves, setup=setup, after=after)
    child = subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
        env=_child_env(tmp_path),
    )
    try:
        assert child.stdout is not None
        for line in child.stdout:
            if line.strip() == "ready":
                break
        else:
            raise AssertionError(f"the child stopped early: {child.stderr.read()}")  # type: ignore[union-attr]
        time.sleep(0.2)  # mid-animation and mid-frame
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == -signal.SIGKILL


@pytest.mark.slow
def test_a_killed_two_player_game_continues_exactly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    moves = ["D4-C4", "D4-A4", "C4-C1", "A4-A2", "C1-B1"]
    # The last move is made and then taken back, so the redo line must survive too.
    _play_and_kill(
        tmp_path, "Two players", moves, after="ui.click_button('Undo')\nui.play('D4-D1')"
    )
    with open_ui(tmp_path / "config", monkeypatch) as ui:
        ui.click_button("Continue")
        assert ui.played == [*moves[:-1], "D4-D1"]
        assert not ui.game.controller.history.can_redo, "a new move replaced the undone one"


@pytest.mark.slow
def test_a_killed_game_keeps_its_undone_moves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    moves = ["D4-C4", "D4-A4", "C4-C1"]
    _play_and_kill(tmp_path, "Two players", moves, after="ui.click_button('Undo')")
    with open_ui(tmp_path / "config", monkeypatch) as ui:
        ui.click_button("Continue")
        assert ui.played == moves[:-1]
        ui.click_button("Redo")
        assert ui.played == moves


@pytest.mark.slow
def test_a_killed_solitaire_continues_with_its_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    setup = "ui.game.view.switch_deal(5)\nui.pump(2)"
    position = SolitairePosition.deal(5)
    expected = []
    for _ in range(4):
        move = position.legal_moves()[0]
        position = position.play(move)
        expected.append(str(move))
    _play_and_kill(tmp_path, "Solitaire", expected, setup=setup)
    with open_ui(tmp_path / "config", monkeypatch) as ui:
        ui.click_button("Continue")
        assert is_game(ui.scene, "solitaire")
        assert ui.game.view.deal == 5  # type: ignore[attr-defined]
        assert ui.played == expected


@pytest.mark.slow
def test_a_killed_game_against_the_computer_continues_against_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    setup = "ui.click_button('Beginner')\nui.click_button('Start')\nui.pump(2)"
    after = (
        "import time\n"
        "for _ in range(600):\n"
        "    ui.pump(1, dt=0.05)\n"
        "    if len(ui.played) == 2:\n"
        "        break\n"
        "    time.sleep(0.01)\n"
    )
    _play_and_kill(tmp_path, "Against the computer", ["D4-C4"], setup=setup, after=after)
    with open_ui(tmp_path / "config", monkeypatch) as ui:
        ui.click_button("Continue")
        assert is_game(ui.scene, "fire-and-ice", computer=True)
        assert ui.game.table.computer == {Color.ICE: "beginner"}
        assert ui.played[0] == "D4-C4" and len(ui.played) == 2


#: The child: rewrites the autosave with ever longer games, as fast as it can.
WRITER = """
import random, sys
from fireice_desktop.engine.games.fireice.rules import Position
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.files.storage import save_autosave
rng = random.Random(int(sys.argv[1]))
print("writing", flush=True)
while True:
    position, moves = Position.start(), []
    while not position.is_over:
        move = rng.choice(position.legal_moves())
        position = position.play(move)
        moves.append(move)
        assert save_autosave(GameRecord(moves=tuple(moves)))
"""


@pytest.mark.slow
def test_killing_the_program_mid_write_never_damages_the_autosave(tmp_path: Path) -> None:
    env = _child_env(tmp_path)
    autosave = tmp_path / "config" / "data" / AUTOSAVE_NAME
    rng = random.Random(2026)
    loaded = 0
    for round_number in range(25):
        child = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(round_number)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=REPO,
            env=env,
        )
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "writing", child.stderr.read()  # type: ignore[union-attr]
        time.sleep(rng.uniform(0.01, 0.3))
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        if autosave.exists():
            record = GameRecord.from_json(autosave.read_text(encoding="utf-8"))
            assert record.moves, "a whole game with its moves"
            loaded += 1
        leftovers = [p.name for p in autosave.parent.iterdir() if p.name != AUTOSAVE_NAME]
        for name in leftovers:  # a temporary file may be left by the kill, never the autosave
            assert name.startswith(f".{AUTOSAVE_NAME}.") and name.endswith(".tmp"), name
    assert loaded >= 20
