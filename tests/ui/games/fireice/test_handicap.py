"""The handicap set-up screen: side, count, placing pegs by hand or at random, starting."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from fireice_desktop.engine.games.fireice.board import parse_hole
from fireice_desktop.engine.games.fireice.rules import Color, Position, random_handicap
from fireice_desktop.ui.games.fireice.handicap import HandicapScene
from fireice_desktop.ui.screens.menu import MenuScene
from tests.support.ui import Driver, is_game, open_ui, peg_colour_at, pygame, pygame_gui


@pytest.fixture
def ui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """A fresh app on the handicap screen, opened from the menu."""
    with open_ui(tmp_path / "config", monkeypatch) as driver:
        driver.click_button("Handicap game")
        yield driver


def setup_screen(ui: Driver) -> HandicapScene:
    """The handicap screen on show."""
    scene = ui.scene
    assert isinstance(scene, HandicapScene), f"expected the handicap screen, not {scene!r}"
    return scene


def placed(ui: Driver) -> list[str]:
    """The handicap holes placed so far, in board order."""
    return [f"{'ABCDEFG'[h // 7]}{h % 7 + 1}" for h in sorted(setup_screen(ui).setup.holes)]


def status(ui: Driver) -> str:
    """The first (bold) line of the message box."""
    return ui.message.split("\n")[0]


def choose(ui: Driver, side: str, count: int) -> None:
    """Click the side's button and the count's button."""
    ui.click_button(side)
    ui.click_button(str(count))


def type_seed(ui: Driver, seed: str) -> None:
    """Replace the seed box's text with ``seed``."""
    ui.clear_entry(setup_screen(ui).seed_entry)
    ui.type_text(seed)


def test_the_screen_opens_with_fire_two_pegs_and_start_disabled(ui: Driver) -> None:
    scene = setup_screen(ui)
    assert scene.setup.side is Color.FIRE and scene.setup.count == 2
    assert status(ui) == "0 of 2 Fire pegs placed."
    assert not scene.start_button.is_enabled
    assert ui.find("Fire").is_selected  # type: ignore[attr-defined]
    assert not ui.find("Ice").is_selected  # type: ignore[attr-defined]
    assert ui.find("2").is_selected  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("side", "holes"),
    [
        pytest.param("Fire", ["A1", "E5"], id="fire-2"),
        pytest.param("Ice", ["B2", "C7", "G4"], id="ice-3"),
        pytest.param("Fire", ["A1", "B2", "C3", "E5", "F6", "G7"], id="fire-6"),
    ],
)
def test_pegs_placed_by_clicks_start_a_game_with_those_pegs(
    ui: Driver, side: str, holes: list[str]
) -> None:
    color = Color.FIRE if side == "Fire" else Color.ICE
    choose(ui, side, len(holes))
    for name in holes:
        ui.board_click(name)
        assert peg_colour_at(ui, name) is color
    assert placed(ui) == holes
    assert status(ui) == f"{len(holes)} of {len(holes)} {side} pegs placed."
    assert setup_screen(ui).start_button.is_enabled
    ui.click_button("Start the game")

    game = ui.game
    start = Position.start([parse_hole(name) for name in holes], color)
    assert game.controller.history.positions[0] == start
    plural = "s" if len(holes) != 1 else ""
    assert game.title == f"Handicap: {len(holes)} extra {side} peg{plural}"
    assert ui.panel.turn_label.text == "Fire to move", "Fire still moves first"
    for name in holes:
        assert peg_colour_at(ui, name) is color
    ui.play("D4-D1")
    assert ui.played == ["D4-D1"]


@pytest.mark.parametrize(
    ("count", "clicks", "refused", "message"),
    [
        pytest.param(
            2,
            [],
            "D1",
            "Island D takes no handicap pegs: Fire's first peg stands on D4.",
            id="island-d",
        ),
        pytest.param(
            2,
            [],
            "D4",
            "Island D takes no handicap pegs: Fire's first peg stands on D4.",
            id="occupied-d4",
        ),
        pytest.param(
            3,
            ["A1"],
            "A5",
            "Island A already has a handicap peg on A1: at most one per island.",
            id="second-on-island",
        ),
        pytest.param(
            2,
            ["A1", "B1"],
            "C1",
            "All 2 handicap pegs are placed: click one to take it off, or choose a larger number.",
            id="more-than-count",
        ),
    ],
)
def test_a_refused_placement_explains_itself_and_places_nothing(
    ui: Driver, count: int, clicks: list[str], refused: str, message: str
) -> None:
    ui.click_button(str(count))
    for name in clicks:
        ui.board_click(name)
    ui.board_click(refused)
    assert placed(ui) == clicks
    assert ui.message.split("\n")[1] == message
    assert status(ui) == f"{len(clicks)} of {count} Fire pegs placed."
    if refused != "D4":
        assert peg_colour_at(ui, refused) is None


def test_a_click_on_bare_wood_explains_where_to_click(ui: Driver) -> None:
    ui.click(ui.wood_pos())
    assert placed(ui) == []
    assert ui.message.split("\n")[1] == "Click a hole on one of the islands A, B, C, E, F or G."


def test_clicking_a_placed_peg_takes_it_off(ui: Driver) -> None:
    ui.board_click("A1")
    ui.board_click("B2")
    ui.board_click("A1")
    assert placed(ui) == ["B2"]
    assert ui.message.split("\n")[1] == "Took the peg off A1."
    assert peg_colour_at(ui, "A1") is None
    assert not setup_screen(ui).start_button.is_enabled


def test_a_smaller_count_keeps_the_first_pegs(ui: Driver) -> None:
    ui.click_button("3")
    for name in ("G7", "A1", "C3"):
        ui.board_click(name)
    ui.click_button("2")
    assert setup_screen(ui).setup.holes == [parse_hole("G7"), parse_hole("A1")]
    assert ui.message.split("\n")[1] == "Kept the first 2 pegs."
    assert status(ui) == "2 of 2 Fire pegs placed."


def test_choosing_ice_says_fire_still_moves_first(ui: Driver) -> None:
    ui.click_button("Ice")
    assert setup_screen(ui).setup.side is Color.ICE
    assert ui.find("Ice").is_selected  # type: ignore[attr-defined]
    assert ui.message.split("\n")[1] == "Ice gets the extra pegs; Fire still moves first."


@pytest.mark.parametrize(("count", "seed"), [(1, 7), (4, 2024), (6, 123456789)])
def test_at_random_from_a_typed_seed_is_shown_and_repeatable(
    ui: Driver, count: int, seed: int
) -> None:
    scene = setup_screen(ui)
    ui.click_button(str(count))
    type_seed(ui, str(seed))
    ui.click_button("At random")
    expected = list(random_handicap(count, seed))
    assert sorted(scene.setup.holes) == expected
    assert len(scene.setup.holes) == count
    assert status(ui) == f"{count} of {count} Fire pegs placed at random from seed {seed}."
    assert scene.seed_entry.get_text() == str(seed)
    assert parse_hole("D1") // 7 not in {h // 7 for h in expected}

    ui.click_button("Clear the pegs")
    assert scene.setup.holes == []
    assert scene.seed_entry.get_text() == ""
    type_seed(ui, str(seed))
    ui.click_button("At random")
    assert sorted(scene.setup.holes) == expected, "the same seed gives the same set-up"

    ui.click_button("Start the game")
    assert ui.game.controller.history.positions[0] == Position.start(expected, Color.FIRE)


def test_at_random_with_an_empty_seed_box_shows_the_seed_it_drew(ui: Driver) -> None:
    scene = setup_screen(ui)
    ui.click_button("3")
    ui.click_button("At random")
    seed_text = scene.seed_entry.get_text()
    assert seed_text.isdigit()
    assert sorted(scene.setup.holes) == list(random_handicap(3, int(seed_text)))
    assert f"at random from seed {seed_text}." in status(ui)
    assert f"Drawn from seed {seed_text}" in ui.message


def test_placing_a_peg_by_hand_after_a_random_draw_forgets_the_seed(ui: Driver) -> None:
    scene = setup_screen(ui)
    ui.click_button("3")
    type_seed(ui, "99")
    ui.click_button("At random")
    ui.board_click(placed(ui)[0])  # take one off by hand
    assert scene.setup.seed is None
    assert "seed" not in status(ui)
    assert scene.seed_entry.get_text() == ""


def test_the_seed_box_takes_digits_only(ui: Driver) -> None:
    type_seed(ui, "4x2-")
    assert setup_screen(ui).seed_entry.get_text() == "42"


def test_start_stays_disabled_until_every_peg_is_placed(ui: Driver) -> None:
    ui.board_click("A1")
    ui.click_button("Start the game")
    assert isinstance(ui.scene, HandicapScene)
    ui.key(pygame.K_RETURN)
    assert isinstance(ui.scene, HandicapScene)
    assert ui.message.split("\n")[1] == "Place 1 more peg first."


def test_enter_starts_the_game_when_the_pegs_are_placed(ui: Driver) -> None:
    ui.board_click("A1")
    ui.board_click("G7")
    ui.key(pygame.K_RETURN)
    assert is_game(ui.scene, "fire-and-ice", computer=False)
    assert ui.game.controller.history.positions[0] == Position.start(
        [parse_hole("A1"), parse_hole("G7")]
    )


@pytest.mark.parametrize("how", ["back-button", "escape"])
def test_back_and_escape_return_to_the_menu(ui: Driver, how: str) -> None:
    if how == "back-button":
        ui.click_button("Back")
    else:
        ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.scene, MenuScene)


def test_new_game_in_a_handicap_game_returns_to_the_set_up(ui: Driver) -> None:
    choose(ui, "Ice", 2)
    ui.board_click("B2")
    ui.board_click("F6")
    ui.click_button("Start the game")
    ui.play("D4-C4")
    ui.key(pygame.K_n, text="n")
    assert ui.dialog is not None
    ui.read_question()
    ui.key(pygame.K_RETURN)
    scene = setup_screen(ui)
    assert placed(ui) == ["B2", "F6"], "the set-up is kept for the next game"
    assert scene.setup.side is Color.ICE
    ui.click_button("Start the game")
    assert ui.played == []
    assert ui.position == Position.start([parse_hole("B2"), parse_hole("F6")], Color.ICE)


def test_the_placement_message_reads_an_ice_peg(ui: Driver) -> None:
    ui.click_button("Ice")
    ui.board_click("A1")
    assert ui.message.split("\n")[1] == "Placed an Ice peg on A1."


def test_the_refusal_for_a_single_peg_reads_well(ui: Driver) -> None:
    ui.click_button("1")
    ui.board_click("A1")
    ui.board_click("B1")
    assert placed(ui) == ["A1"]
    assert "1 pegs" not in ui.message


def test_the_seed_box_has_its_label(ui: Driver) -> None:
    box = setup_screen(ui).seed_entry
    label = ui.find("Seed", kind=pygame_gui.elements.UILabel)
    assert label.rect.right <= box.rect.left and label.rect.centery == box.rect.centery  # type: ignore[attr-defined]


def test_the_computer_can_be_the_opponent_of_a_handicap_game(ui: Driver) -> None:
    scene = setup_screen(ui)
    assert ui.find("A friend").is_selected  # type: ignore[attr-defined]
    ui.click_button("The computer")  # as the computer's card was last set: Fire, casual
    assert scene.computer == {Color.ICE: "casual"}
    assert ui.find("The computer").is_selected  # type: ignore[attr-defined]
    assert "You play Fire against the computer at the Casual level." in ui.message
    type_seed(ui, "42")
    ui.click_button("At random")
    ui.click_button("Start the game")
    assert is_game(ui.scene, "fire-and-ice", computer=True)
    assert ui.game.table.computer == {Color.ICE: "casual"}
    assert ui.game.controller.history.position == Position.start(random_handicap(2, 42))
    ui.click_button("New game")  # back to this set-up, the computer still chosen
    if ui.dialog is not None:
        ui.answer(confirm=True)
    assert setup_screen(ui).computer == {Color.ICE: "casual"}
    ui.click_button("A friend")
    assert setup_screen(ui).computer == {}
