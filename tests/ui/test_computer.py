"""Playing against the computer in the desktop game, driven by real pygame events."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from fireice_desktop.engine.games.fireice.rules import Color, Position
from fireice_desktop.engine.games.fireice.spec import FireAndIce
from fireice_desktop.engine.search import search
from fireice_desktop.ui.games.fireice.computer_setup import ComputerSetupScene
from fireice_desktop.ui.screens.game import GameScreen
from fireice_desktop.ui.toolkit.language import say
from tests.support.ui import Driver, is_game, open_ui, pygame, wait_for_computer


@pytest.fixture
def ui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """A fresh app on the computer set-up card (its first choices: Fire, casual)."""
    with open_ui(tmp_path / "config", monkeypatch) as driver:
        driver.click_button("Against the computer")
        assert isinstance(driver.scene, ComputerSetupScene)
        assert driver.app.context.choices["computer"] == {"side": "fire", "level": "casual"}
        yield driver


def computer_game(ui: Driver) -> GameScreen:
    """The game against the computer on screen."""
    scene = ui.scene
    assert is_game(scene, "fire-and-ice", computer=True), f"not against the computer: {scene!r}"
    assert isinstance(scene, GameScreen)
    return scene


def test_the_computer_answers_the_players_move(ui: Driver) -> None:
    ui.click_button("Start")
    scene = computer_game(ui)
    assert scene.table.computer == {Color.ICE: "casual"}
    ui.play("D4-C4")
    assert ui.panel.turn_label.text.startswith("Ice is thinking")
    assert ui.message == "The computer is choosing its move."  # no "Click one of your pegs"
    wait_for_computer(ui)
    after = Position.start().play("D4-C4")
    assert ui.played[1] == str(search(after, "casual", 1).move)
    assert ui.panel.turn_label.text == "Fire to move"
    # The computer's move is said, with what it did where that is plain.
    reply = ui.played[1]
    reason = FireAndIce().explain(after, after.parse_move(reply))
    said = f"Ice played {reply}, which {say(reason)}." if reason else f"Ice played {reply}."
    assert ui.message == said
    # It stays said until the player does something, here picking up a peg.
    ui.board_click("D2")
    assert ui.message != said


def test_the_turn_passes_when_the_peg_has_landed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path / "config", monkeypatch, animation_speed="normal") as ui:
        ui.click_button("Against the computer")
        ui.click_button("Start")
        computer_game(ui)
        ui.play("D4-C4")
        ui.pump(1, dt=0.01)
        assert ui.scene.controller.animation is not None  # Fire's peg on its way
        assert ui.panel.turn_label.text == "Fire to move"
        deadline = time.monotonic() + 20
        while len(ui.played) < 2:  # Fire's peg lands, then the computer thinks and plays
            assert time.monotonic() < deadline, "the computer never moved"
            ui.pump(1, dt=0.02)
            time.sleep(0.005)
        assert ui.scene.controller.animation is not None  # Ice's peg on its way
        assert ui.panel.turn_label.text == "Ice to move"
        assert ui.message.startswith(f"Ice played {ui.played[1]}")
        ui.pump(40, dt=0.05)
        assert ui.scene.controller.animation is None
        assert ui.panel.turn_label.text == "Fire to move"


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
    scene = computer_game(ui)
    ui.pump(1)
    thinker = scene.table.players[Color.FIRE]
    assert scene.table.computer_to_move(scene.controller) is Color.FIRE
    job = thinker.job
    assert job is not None and not job.done
    begin = time.perf_counter()
    ui.key(pygame.K_RIGHT)  # any input is handled at once
    assert time.perf_counter() - begin < 0.5
    ui.key(pygame.K_ESCAPE)
    assert ui.scene is not scene, "no moves yet, so Esc leaves without asking"
    assert thinker.job is None  # leaving cancelled the search


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
    scene = computer_game(ui)
    assert scene.table.computer == {Color.ICE: "casual"}
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
    scene = computer_game(ui)
    ui.play("D4-C4")
    ui.key(pygame.K_PAGEUP)  # the computer waits while the player looks back
    assert scene.controller.review == 0
    ui.key(pygame.K_z, pygame.KMOD_LCTRL)  # used to loop for ever: undo moved only the review
    assert scene.controller.review == 0
    assert ui.played == ["D4-C4"], "looking back takes no move back"
    ui.key(pygame.K_END)
    wait_for_computer(ui)
    assert len(ui.played) == 2
