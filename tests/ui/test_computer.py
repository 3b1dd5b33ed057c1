"""Playing against the computer in the desktop game, driven by real pygame events."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from fireice_desktop.engine.games.fireice.rules import Color, Position
from fireice_desktop.engine.search import search
from fireice_desktop.ui.computer_scene import CHOICES, ComputerGameScene, ComputerSetupScene
from tests.support.ui import Driver, open_ui, pygame, wait_for_computer


@pytest.fixture
def ui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """A fresh app on the computer set-up card."""
    CHOICES.update(side="fire", level="casual")
    with open_ui(tmp_path / "config", monkeypatch) as driver:
        driver.click_button("Against the computer")
        assert isinstance(driver.scene, ComputerSetupScene)
        yield driver


def test_the_computer_answers_the_players_move(ui: Driver) -> None:
    ui.click_button("Start")
    scene = ui.scene
    assert isinstance(scene, ComputerGameScene)
    assert scene.levels == {Color.ICE: "casual"}
    ui.play("D4-C4")
    assert scene.turn_label.text.startswith("Ice is thinking")
    wait_for_computer(ui)
    after = Position.start().play("D4-C4")
    assert ui.played[1] == str(search(after, "casual", 1).move)
    assert scene.turn_label.text == "Fire to move"


def test_the_computer_moves_first_when_the_player_takes_ice(ui: Driver) -> None:
    ui.click_button("Ice")
    ui.click_button("Beginner")
    ui.click_button("Start")
    wait_for_computer(ui)
    assert len(ui.played) == 1
    assert ui.played[0] == str(search(Position.start(), "beginner", 0).move)


def test_clicks_on_the_computers_turn_are_explained_not_played(ui: Driver) -> None:
    ui.click_button("Ice")
    ui.click_button("Start")
    ui.board_click("D4")
    assert ui.message == "Fire is the computer's side: wait for its move."
    assert ui.game.controller.selected is None


def test_the_window_answers_while_the_computer_thinks(ui: Driver) -> None:
    ui.click_button("Ice")
    ui.click_button("Expert")
    ui.click_button("Start")
    scene = ui.scene
    assert isinstance(scene, ComputerGameScene)
    ui.pump(1)
    assert scene.think_job is not None and not scene.think_job.done
    begin = time.perf_counter()
    ui.key(pygame.K_RIGHT)  # any input is handled at once
    assert time.perf_counter() - begin < 0.5
    ui.key(pygame.K_ESCAPE)
    assert ui.scene is not scene, "no moves yet, so Esc leaves without asking"
    job = scene.think_job
    assert job is None  # leaving cancelled the search


def test_undo_takes_back_the_computers_reply_too(ui: Driver) -> None:
    ui.click_button("Start")
    ui.play("D4-C4")
    wait_for_computer(ui)
    ui.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert ui.played == []
    assert ui.position == Position.start()
    ui.key(pygame.K_y, pygame.KMOD_LCTRL)
    assert len(ui.played) == 2


def test_a_handicap_game_against_the_computer(ui: Driver) -> None:
    ui.click_button("Handicap...")
    ui.click_button("1")
    ui.board_click("A1")
    ui.click_button("Start the game")
    scene = ui.scene
    assert isinstance(scene, ComputerGameScene)
    assert scene.controller.history.positions[0] == Position.start([0], Color.FIRE)
    assert scene.title == "You (Fire) vs casual"


def test_watching_the_computer_play_itself(ui: Driver) -> None:
    ui.click_button("Watch")
    ui.click_button("Beginner")
    ui.click_button("Start")
    wait_for_computer(ui)
    wait_for_computer(ui)
    assert len(ui.played) >= 2


@pytest.mark.timeout(60)
def test_undo_while_looking_back_on_the_computers_turn_steps_back_through_the_moves(
    ui: Driver,
) -> None:
    ui.click_button("Start")
    scene = ui.scene
    assert isinstance(scene, ComputerGameScene)
    ui.play("D4-C4")
    ui.key(pygame.K_LEFT)  # the computer waits while the player looks back
    assert scene.controller.review == 0
    ui.key(pygame.K_z, pygame.KMOD_LCTRL)  # used to loop for ever: undo moved only the review
    assert scene.controller.review == 0
    assert ui.played == ["D4-C4"], "looking back takes no move back"
    ui.key(pygame.K_END)
    wait_for_computer(ui)
    assert len(ui.played) == 2
