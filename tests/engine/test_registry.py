"""The game registry: every game found by its name, title or alias, and described whole."""

from __future__ import annotations

import pytest

from fireice_desktop.engine.errors import NotationError
from fireice_desktop.engine.games import find_game, registered_games
from fireice_desktop.engine.games.fireice.rules import Color, Position
from fireice_desktop.engine.games.fireice.solitaire import SolitairePosition
from fireice_desktop.engine.games.fireice.spec import Deal, Handicap
from fireice_desktop.engine.games.icebreaker.rules import IcebreakerPosition
from fireice_desktop.engine.games.icebreaker.spec import Sea
from fireice_desktop.engine.levels import Budget
from fireice_desktop.engine.records.game import GameRecord, text_headers
from fireice_desktop.engine.registry import register_game

NAMES = {
    "fire-and-ice": "fire-and-ice",
    "Fire & Ice": "fire-and-ice",
    "  fire   &  ICE ": "fire-and-ice",
    "fireice": "fire-and-ice",
    "solitaire": "solitaire",
    "Fire & Ice solitaire": "solitaire",
    "icebreaker": "icebreaker",
    "ICEBREAKER": "icebreaker",
}


@pytest.mark.parametrize("name", list(NAMES))
def test_a_game_is_found_by_its_name_title_or_alias(name: str) -> None:
    assert find_game(name).name == NAMES[name]


def test_an_unknown_game_is_refused_naming_the_games_there_are() -> None:
    with pytest.raises(NotationError) as error:
        find_game("chess")
    message = str(error.value)
    assert "'chess'" in message
    for game in registered_games():
        assert game.title in message


def test_the_games_are_registered_once_each_in_order() -> None:
    assert [game.name for game in registered_games()] == [
        "fire-and-ice",
        "solitaire",
        "icebreaker",
    ]


def test_a_second_game_of_the_same_name_is_refused() -> None:
    impostor = type(find_game("icebreaker"))()
    with pytest.raises(ValueError, match="two games"):
        register_game(impostor)


START = {
    "fire-and-ice": (Handicap(), Position.start()),
    "solitaire": (Deal(7), SolitairePosition.deal(7)),
    "icebreaker": (Sea(6), IcebreakerPosition.start(6)),
}


@pytest.mark.parametrize("name", list(START))
def test_a_game_starts_from_its_set_up_and_its_positions_name_it(name: str) -> None:
    game = find_game(name)
    setup, start = START[name]
    assert game.start(setup) == start
    assert start.game == name
    assert find_game(name).start(game.default_setup()).game == name


@pytest.mark.parametrize("name", list(START))
def test_a_games_set_up_round_trips_through_json_and_text(name: str) -> None:
    game = find_game(name)
    setup, _ = START[name]
    assert game.setup_from_json(game.setup_to_json(setup)) == setup
    headers = dict(line.split(": ", 1) for line in game.setup_to_text(setup))
    assert game.setup_from_text(headers) == setup
    assert set(headers) <= set(text_headers())


def test_a_handicap_without_pegs_is_the_usual_start_whatever_the_side() -> None:
    assert Handicap((), Color.ICE) == Handicap()
    assert GameRecord(setup=Handicap((), Color.ICE)) == GameRecord()


def test_the_computer_plays_the_two_player_games_only() -> None:
    levels = {game.name: tuple(game.levels) for game in registered_games()}
    assert levels == {
        "fire-and-ice": ("beginner", "casual", "strong", "expert"),
        "solitaire": (),
        "icebreaker": ("beginner", "casual", "strong", "expert"),
    }
    with pytest.raises(ValueError, match="does not play"):
        find_game("solitaire").searcher(Budget(1000), None)


@pytest.mark.parametrize(
    ("name", "setup", "flags"),
    [
        ("fire-and-ice", Handicap(), []),
        ("fire-and-ice", Handicap((2, 11), Color.ICE), ["--handicap-at", "A3,B5", "--side", "ice"]),
        ("fire-and-ice", Handicap((0,), Color.FIRE), ["--handicap-at", "A1", "--side", "fire"]),
        ("icebreaker", Sea(), ["--size", "5"]),
        ("icebreaker", Sea(7), ["--size", "7"]),
        ("solitaire", Deal(5), []),
    ],
)
def test_a_set_up_is_given_to_ai_move_as_its_flags(
    name: str, setup: object, flags: list[str]
) -> None:
    assert find_game(name).setup_arguments(setup) == flags


@pytest.mark.parametrize("name", ["fire-and-ice", "icebreaker"])
def test_each_side_knows_the_other(name: str) -> None:
    first = find_game(name).start(find_game(name).default_setup()).to_move
    assert first.other.other is first
    assert (first.value, first.other.value) == (0, 1)
    assert first.title != first.other.title
