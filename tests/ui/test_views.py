"""Every registered game has a view on the game screen, and every route opens a screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from fireice_desktop.engine.games import registered_games
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.ui.games.fireice.computer_setup import ComputerSetupScene
from fireice_desktop.ui.games.fireice.handicap import HandicapScene
from fireice_desktop.ui.games.fireice.training.practice import PracticeScene
from fireice_desktop.ui.games.fireice.training.puzzles import PuzzleScene
from fireice_desktop.ui.games.icebreaker.setup import IcebreakerSetupScene
from fireice_desktop.ui.games.installed import VIEWS
from fireice_desktop.ui.routes import GIVEN_GAME, ROUTES, screen_for_record
from fireice_desktop.ui.screens.connection import OnlineSettingsScene
from fireice_desktop.ui.screens.friend import FriendScene
from fireice_desktop.ui.screens.game import GameScreen
from fireice_desktop.ui.screens.hosting import HostScene
from fireice_desktop.ui.screens.joining import JoinScene
from fireice_desktop.ui.screens.learn import LessonScene
from fireice_desktop.ui.screens.menu import MenuScene
from fireice_desktop.ui.screens.rules import RulesScene
from fireice_desktop.ui.screens.settings import SettingsScene
from fireice_desktop.ui.screens.statistics import StatisticsScene
from tests.support.ui import open_ui, pygame


def test_every_registered_game_has_a_view() -> None:
    assert set(VIEWS) == {game.name for game in registered_games()}


@pytest.mark.parametrize("name", [game.name for game in registered_games()])
def test_a_record_of_every_game_opens_on_the_game_screen_with_its_view(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        screen = screen_for_record(ui.app.context, GameRecord(name))
        ui.app.switch(screen)
        ui.pump(2)
        assert isinstance(ui.app.scene, GameScreen)
        assert isinstance(ui.app.scene.view, VIEWS[name])
        assert ui.app.scene.record() == GameRecord(name)


#: What each route opens: the screen, and on the game screen the game.
OPENS: dict[str, tuple[type, str | None]] = {
    "menu": (MenuScene, None),
    "game": (GameScreen, "fire-and-ice"),
    "computer": (ComputerSetupScene, None),
    "handicap": (HandicapScene, None),
    "solitaire": (GameScreen, "solitaire"),
    "icebreaker-setup": (IcebreakerSetupScene, None),
    "icebreaker": (GameScreen, "icebreaker"),
    "rules": (RulesScene, None),
    "settings": (SettingsScene, None),
    "statistics": (StatisticsScene, None),
    "puzzles": (PuzzleScene, None),
    "learn": (LessonScene, None),
    "practice": (PracticeScene, None),
    "online_host": (HostScene, None),
    "online_join": (JoinScene, None),
    "online_resume": (HostScene, None),
    "online_settings": (OnlineSettingsScene, None),
    "friend": (FriendScene, None),
}


def test_the_route_table_is_the_one_list_of_screens() -> None:
    assert set(ROUTES) == {*OPENS, *GIVEN_GAME}


@pytest.mark.slow
@pytest.mark.parametrize("route", list(OPENS))
def test_every_route_opens_its_screen_and_leads_back_to_the_menu(
    route: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kind, game = OPENS[route]
    with open_ui(tmp_path, monkeypatch) as ui:
        ui.app.go(route)
        ui.pump(2)
        opened = ui.app.scene
        assert type(opened) is kind
        if game is not None:
            assert isinstance(opened, GameScreen) and opened.session.game == game
        if route != "menu":
            ui.app.show_menu()
            ui.pump(1)
        assert isinstance(ui.app.scene, MenuScene)


def test_a_view_is_given_the_game_on_the_board_not_the_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        ui.app.go("solitaire")
        ui.pump(2)
        scene = ui.game
        host = scene.view.host
        assert not isinstance(host, GameScreen)
        assert host.controller is scene.controller and host.session is scene.session
        first = scene.controller
        ui.press(pygame.K_n)  # a new deal, on the same screen: another game on the board
        assert scene.controller is not first and scene.view.host is host
        assert host.controller is scene.controller and host.session is scene.session
