"""The engine's words on the desktop: pygame-gui's translator (python-i18n) says them as
the engine's own renderer does, and the board controller's news (the engine's Words,
said where the message box shows them) come out in the player's language."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from fireice_desktop.engine.games.fireice.board import parse_hole
from fireice_desktop.engine.games.fireice.rules import Move, Position
from fireice_desktop.engine.games.icebreaker.rules import IcebreakerPosition
from fireice_desktop.engine.words import spoken
from fireice_desktop.ui.game.controller import BoardController
from fireice_desktop.ui.toolkit import language
from tests.engine.test_words import CASE_IDS, CASES, english_left_in
from tests.support.ui import Driver, open_ui, wait_for_computer


@pytest.mark.parametrize(("name", "make", "english", "italian_text"), CASES, ids=CASE_IDS)
def test_the_translator_says_the_engines_words_as_the_engine_does(
    italian: None, name: str, make: Callable[[], Any], english: str, italian_text: str
) -> None:
    said = make()
    assert language.say(said) == spoken(said, "it") == italian_text


@pytest.mark.parametrize(("name", "make", "english", "italian_text"), CASES, ids=CASE_IDS)
def test_in_english_the_translator_says_the_english(
    name: str, make: Callable[[], Any], english: str, italian_text: str
) -> None:
    language.use("en")
    assert language.say(make()) == english


def test_an_illegal_drop_is_explained_in_italian(italian: None) -> None:
    controller = BoardController(Position.start())
    controller.press(parse_hole("D4"))
    assert controller.selected is not None
    controller.release(parse_hole("A1"), dragged=True)  # not a move the rules allow
    said = language.say(controller.message)
    assert said.startswith("D4-A1: le pedine si spostano")
    assert not english_left_in(said)


def test_a_walled_in_ship_is_explained_in_italian(italian: None) -> None:
    # Red's ship on a1 of the side-4 board, walled in by ships all around it.
    start = IcebreakerPosition.start(4)
    board = start.board
    a1 = board.parse_cell("a1")
    around = board.neighbours[a1]
    walled = start._replace(black=start.black | around, icebergs=start.icebergs & ~around)
    controller = BoardController(walled)
    controller.press(a1)
    said = language.say(controller.message)
    assert said.startswith("La nave in a1 non può raggiungere alcun iceberg: ")
    assert said.endswith("altre navi le sbarrano la strada.")


def test_an_illegal_move_played_as_text_is_explained_in_italian(italian: None) -> None:
    controller = BoardController(Position.start())
    assert not controller.play(Move.parse("D4-A1"))
    assert language.say(controller.message) == (
        "D4-A1: le pedine si spostano all'interno della propria isola o nel foro con lo "
        "stesso numero su un'altra isola"
    )


@pytest.fixture
def italian_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """The desktop game in Italian, on its menu."""
    with open_ui(tmp_path, monkeypatch, language="it") as driver:
        yield driver


@pytest.fixture
def italian_ui(italian_app: Driver) -> Driver:
    """The desktop game in Italian, in a two-player game."""
    italian_app.click_button(language.tr("menu.two_players"))
    return italian_app


def test_the_message_box_explains_an_illegal_click_in_italian(italian_ui: Driver) -> None:
    italian_ui.board_click("D4")
    italian_ui.board_click("A1")
    assert italian_ui.message == (
        "D4-A1: le pedine si spostano all'interno della propria isola o nel foro con lo "
        "stesso numero su un'altra isola"
    )


def test_the_computers_side_is_named_in_italian_while_it_thinks(italian_app: Driver) -> None:
    italian_app.click_button(language.tr("menu.computer"))
    italian_app.click_button(language.tr("setup.start"))
    italian_app.play("D4-C4")
    assert italian_app.panel.turn_label.text.startswith("Ghiaccio pensa.")
    wait_for_computer(italian_app)


def test_a_typed_move_that_is_no_move_is_explained_in_italian(italian: None) -> None:
    controller = BoardController(Position.start())
    assert not controller.play("Z9-A1")
    assert language.say(controller.message) == (
        "'Z9-A1' non è una mossa: scrivi partenza-arrivo con due fori, come F6-C6"
    )
