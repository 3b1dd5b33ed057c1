"""A move the board does not take now: while an earlier position is shown, while the
computer is to move, and while the tutor judges the last move.

Asking whether the board takes a move (``reviewing``, ``why_locked``, ``person_to_move``)
says nothing; each way a player tries a move (a click, Enter on the keyboard's cursor, a
typed move), driven by real pygame events, is refused with the reason in the panel.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from fireice_desktop.engine.games.fireice.board import parse_hole
from fireice_desktop.ui.game import players
from fireice_desktop.ui.game.advice import tutor
from fireice_desktop.ui.screens.game import GameScreen
from tests.support.ui import Driver, open_ui, pygame

REVIEWING = "You are looking at an earlier position: return to the game to move."
COMPUTER = "Fire is the computer's side: wait for its move."
TUTOR = "The tutor is looking at that move..."


@pytest.fixture
def ui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    with open_ui(tmp_path / "config", monkeypatch) as driver:
        yield driver


def quiet(ui: Driver) -> GameScreen:
    """The game on screen, its message box emptied: what is said next is new."""
    game = ui.game
    game.controller.say("")
    ui.pump(1)
    return game


def said_without_a_word(game: GameScreen, question: Callable[[], object]) -> object:
    """``question()``'s answer, checking that asking it said nothing in the panel."""
    controller = game.controller
    before = (controller.message, controller.changed)
    answer = question()
    assert (controller.message, controller.changed) == before, "a question said something"
    return answer


def try_every_way(ui: Driver, cell: str, typed: str, reason: str, shown: bool = True) -> None:
    """Try a move by a click on ``cell``, by Enter with the cursor on it, and by typing
    ``typed``: each is refused with ``reason`` (in the message box too, if ``shown``),
    and nothing is picked up or played."""
    played = ui.played
    for attempt in ("click", "enter", "typed"):
        game = quiet(ui)
        assert game.controller.message == "" and ui.message != reason
        if attempt == "click":
            ui.board_click(cell)
        elif attempt == "enter":
            ui.cursor_to(parse_hole(cell))
            ui.press(pygame.K_RETURN)
        else:
            ui.type_keys(typed)
            ui.press(pygame.K_RETURN)
        assert game.controller.message == reason, attempt
        assert ui.message == reason if shown else ui.message != reason, attempt
        assert game.controller.selected is None and ui.played == played, attempt


def test_looking_back_the_board_takes_no_move_and_says_why(ui: Driver) -> None:
    ui.click_button("Two players")
    ui.type_keys("D4-C4")
    ui.press(pygame.K_RETURN)
    ui.press(pygame.K_PAGEUP)  # the start, where Fire's pegs stand
    game = quiet(ui)
    assert game.controller.review == 0
    assert said_without_a_word(game, game.controller.reviewing) is True
    assert said_without_a_word(game, game.why_locked) == ""
    # The message box keeps saying which position is shown; the controller says why.
    try_every_way(ui, "D4", "D4-D6", REVIEWING, shown=False)
    assert ui.message == "Reviewing the start position. Return to the game to play on."
    ui.press(pygame.K_END)
    assert said_without_a_word(ui.game, ui.game.controller.reviewing) is False


def test_on_the_computers_turn_the_board_takes_no_move_and_says_why(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(players, "THINKING_PAUSE", 1e9)  # the computer never gets to move
    ui.click_button("Against the computer")
    ui.click_button("Ice")
    ui.click_button("Start")
    game = quiet(ui)
    assert said_without_a_word(game, game.why_locked) == COMPUTER
    assert said_without_a_word(game, game.person_to_move) is False
    try_every_way(ui, "D4", "D4-C4", COMPUTER)
    assert ui.played == []


def test_while_the_tutor_judges_a_move_the_board_takes_none_and_says_why(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    judged = threading.Event()

    def slow_warning(before: object, move: object, stop: Callable[[], bool]) -> str | None:
        while not (judged.is_set() or stop()):
            time.sleep(0.005)
        return None  # a sound move: no question

    monkeypatch.setattr(tutor, "tutor_warning", slow_warning)
    ui.app.settings.tutor = True
    ui.click_button("Two players")
    ui.play("D4-C4")
    ui.pump(2)
    game = quiet(ui)
    assert game.work.tutor.checking
    assert said_without_a_word(game, game.why_locked) == TUTOR
    try_every_way(ui, "D4", "D4-A4", TUTOR)
    judged.set()
    deadline = time.monotonic() + 30
    while game.work.tutor.checking:
        assert time.monotonic() < deadline, "the tutor never finished"
        ui.pump(1)
    assert said_without_a_word(game, game.why_locked) == ""
    ui.play("D4-A4")
    assert ui.played == ["D4-C4", "D4-A4"] and ui.dialog is None
