"""The two-player game screen, played with real mouse and keyboard events."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from fireice_desktop.engine.games.fireice.board import ISLANDS, hole_name, parse_hole
from fireice_desktop.engine.games.fireice.rules import Color, Position
from fireice_desktop.engine.search import search
from fireice_desktop.ui.screens.menu import MenuScene
from tests.support.ui import (
    WINNING_SEEDS,
    Driver,
    is_game,
    open_ui,
    over_panel_texts,
    peg_colour_at,
    pygame,
    targets_of,
    winning_moves,
)

CTRL = pygame.KMOD_LCTRL
SHIFT = pygame.KMOD_LSHIFT
OPENING = ["D4-C4", "D4-A4", "C4-C1"]


@pytest.fixture
def ui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """A fresh app in a two-player game, opened from the menu."""
    with open_ui(tmp_path / "config", monkeypatch) as driver:
        driver.click_button("Two players")
        yield driver


@pytest.fixture
def animated_ui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """The same, with moves animated at normal speed."""
    with open_ui(tmp_path / "config", monkeypatch, animation_speed="normal") as driver:
        driver.click_button("Two players")
        yield driver


def play_all(ui: Driver, moves: list[str]) -> None:
    """Play ``moves`` by clicking each source and destination."""
    for move in moves:
        ui.play(move)
    assert ui.played == moves


def bit(name: str) -> int:
    """The bitboard of one hole."""
    return 1 << parse_hole(name)


def over_panel_button(ui: Driver, text: str) -> object:
    """The button saying ``text`` on the game-over panel."""
    panel = ui.panel.over_panel
    assert panel is not None, "no game-over panel"
    return ui.find(text, within=panel)


def move_list_texts(ui: Driver) -> list[str]:
    """The entries of the move list as shown."""
    return [item["text"].strip() for item in ui.panel.move_list.item_list]


def list_item(ui: Driver, index: int) -> object:
    """The button of entry ``index`` (0-based) in the move list."""
    return ui.panel.move_list.item_list[index]["button_element"]


# --- picking up and moving ----------------------------------------------------------------


def test_the_game_starts_with_fire_on_d4_and_fire_to_move(ui: Driver) -> None:
    assert ui.game.title == "Two players"
    assert ui.position == Position.start()
    assert ui.panel.turn_label.text == "Fire to move"
    assert ui.message == "Click one of your pegs to pick it up."
    assert ui.panel.move_list.item_list == []
    assert peg_colour_at(ui, "D4") is Color.FIRE


def test_clicking_an_own_peg_picks_it_up_and_marks_its_targets(ui: Driver) -> None:
    ui.board_click("D4")
    picture = ui.picture()
    assert ui.game.controller.selected == parse_hole("D4")
    assert picture.selected == parse_hole("D4")
    assert picture.targets == targets_of(Position.start(), parse_hole("D4"))
    assert picture.targets.bit_count() == 12
    assert ui.message == "Click a marked hole, or drag the peg there. Esc puts it back."
    assert ui.played == []


def test_clicking_source_then_destination_plays_the_move_and_marks_it(ui: Driver) -> None:
    ui.play("D4-C4")
    position = ui.position
    assert isinstance(position, Position)
    assert ui.played == ["D4-C4"]
    assert position.fire == bit("C4") and position.ice == bit("D4")
    assert position.to_move is Color.ICE
    assert ui.game.controller.selected is None
    assert ui.picture().last_move == (parse_hole("D4"), parse_hole("C4"))
    assert ui.panel.turn_label.text == "Ice to move"
    assert move_list_texts(ui) == ["1. Fire D4-C4"]
    assert peg_colour_at(ui, "C4") is Color.FIRE
    assert peg_colour_at(ui, "D4") is Color.ICE


def test_a_short_opening_by_clicks_fills_the_move_list(ui: Driver) -> None:
    play_all(ui, OPENING)
    assert move_list_texts(ui) == [
        "1. Fire D4-C4",
        "2. Ice D4-A4",
        "3. Fire C4-C1",
    ]
    assert ui.picture().last_move == (parse_hole("C4"), parse_hole("C1"))
    assert ui.panel.turn_label.text == "Ice to move"


def test_clicking_another_own_peg_picks_that_one_up_instead(ui: Driver) -> None:
    play_all(ui, ["D4-C4", "D4-A4"])  # Fire now has C4 and D4
    ui.board_click("C4")
    ui.board_click("D4")
    assert ui.game.controller.selected == parse_hole("D4")
    assert ui.played == ["D4-C4", "D4-A4"]


@pytest.mark.parametrize(
    ("setup", "clicks", "message", "still_selected"),
    [
        pytest.param(
            [], ["A1"], "A1 holds no peg: pick up one of your pegs first.", None, id="empty-hole"
        ),
        pytest.param(
            ["D4-C4"],
            ["C4"],
            "C4 holds a Fire peg: Ice moves now.",
            None,
            id="opponents-peg",
        ),
        pytest.param(["D4-C4"], ["D4", "C4"], "D4-C4: C4 is taken", "D4", id="occupied-hole"),
        pytest.param(
            [],
            ["D4", "A1"],
            "D4-A1: pegs move within their island or to the same hole number on another island",
            "D4",
            id="other-island-other-number",
        ),
        pytest.param(
            ["D4-C4"],
            ["D4", "C1"],
            "D4-C1: pegs move within their island or to the same hole number on another island",
            "D4",
            id="ice-to-other-number",
        ),
    ],
)
def test_an_illegal_click_explains_itself_and_changes_nothing(
    ui: Driver, setup: list[str], clicks: list[str], message: str, still_selected: str | None
) -> None:
    play_all(ui, setup)
    before = ui.position
    for name in clicks:
        ui.board_click(name)
    assert ui.message == message
    assert ui.played == setup
    assert ui.position == before
    expected = None if still_selected is None else parse_hole(still_selected)
    assert ui.game.controller.selected == expected


def test_a_marked_hole_on_another_island_with_the_same_number_is_a_legal_move(ui: Driver) -> None:
    ui.play("D4-G4")
    assert ui.played == ["D4-G4"]


@pytest.mark.parametrize("how", ["escape", "click-wood", "click-same-peg"])
def test_a_picked_up_peg_can_be_put_back(ui: Driver, how: str) -> None:
    ui.board_click("D4")
    assert ui.game.controller.selected is not None
    if how == "escape":
        ui.key(pygame.K_ESCAPE)
    elif how == "click-wood":
        ui.click(ui.wood_pos())
    else:
        ui.board_click("D4")
    assert ui.game.controller.selected is None
    assert ui.picture().targets == 0
    assert ui.message == "Click one of your pegs to pick it up."
    assert is_game(ui.scene, "fire-and-ice"), "Esc with a peg in hand must not leave the game"
    assert ui.played == []


def test_clicking_wood_with_nothing_picked_up_does_nothing(ui: Driver) -> None:
    ui.click(ui.wood_pos())
    assert ui.game.controller.selected is None
    assert ui.message == "Click one of your pegs to pick it up."


def test_dragging_a_peg_carries_it_and_dropping_it_plays_the_move(ui: Driver) -> None:
    start, end = ui.hole_pos("D4"), ui.hole_pos("D1")
    ui.mouse_down(start)
    ui.move_mouse(start, end)
    picture = ui.picture()
    assert picture.hidden == bit("D4"), "the peg is lifted out of its hole while dragged"
    assert [(color, pos) for color, pos, _ in picture.floating] == [(Color.FIRE, end)]
    ui.mouse_up(end)
    assert ui.played == ["D4-D1"]
    assert ui.picture().floating == ()
    assert peg_colour_at(ui, "D1") is Color.FIRE


def test_dropping_a_dragged_peg_on_an_illegal_hole_explains_and_keeps_it_in_hand(
    ui: Driver,
) -> None:
    ui.drag("D4", "A1")
    assert ui.played == []
    assert ui.message.startswith("D4-A1: pegs move within their island")
    assert ui.game.controller.selected == parse_hole("D4")


def test_a_tiny_mouse_movement_is_a_click_not_a_drag(ui: Driver) -> None:
    x, y = ui.hole_pos("D4")
    ui.mouse_down((x, y))
    ui.move_mouse((x, y), (x + 3, y + 2), steps=1)
    ui.mouse_up((x + 3, y + 2))
    assert ui.game.controller.selected == parse_hole("D4")
    assert ui.played == []


def test_a_clicked_peg_can_then_be_dragged_as_the_hint_says(ui: Driver) -> None:
    ui.board_click("D4")
    assert "drag the peg there" in ui.message
    ui.drag("D4", "D1")
    assert ui.played == ["D4-D1"]


# --- undo, redo, review ----------------------------------------------------------------------


def test_undo_and_redo_buttons(ui: Driver) -> None:
    game = ui.panel
    assert not game.undo_button.is_enabled and not game.redo_button.is_enabled
    play_all(ui, OPENING)
    assert game.undo_button.is_enabled and not game.redo_button.is_enabled
    ui.click_button("Undo")
    ui.click_button("Undo")
    assert ui.played == OPENING[:1]
    assert game.redo_button.is_enabled
    assert move_list_texts(ui) == ["1. Fire D4-C4"]
    ui.click_button("Redo")
    assert ui.played == OPENING[:2]
    assert ui.position == Position.start().play(OPENING[0]).play(OPENING[1])


def test_a_disabled_undo_button_does_nothing(ui: Driver) -> None:
    ui.click_button("Undo")
    assert ui.played == []
    assert ui.position == Position.start()


@pytest.mark.parametrize(
    ("undo_mod", "redo_key", "redo_mod"),
    [
        pytest.param(CTRL, pygame.K_y, CTRL, id="ctrl-z-ctrl-y"),
        pytest.param(CTRL, pygame.K_z, CTRL | SHIFT, id="ctrl-z-ctrl-shift-z"),
        pytest.param(pygame.KMOD_RCTRL, pygame.K_y, pygame.KMOD_RCTRL, id="right-ctrl"),
        pytest.param(pygame.KMOD_LMETA, pygame.K_z, pygame.KMOD_LMETA | SHIFT, id="cmd-keys"),
    ],
)
def test_undo_and_redo_shortcuts(ui: Driver, undo_mod: int, redo_key: int, redo_mod: int) -> None:
    play_all(ui, OPENING)
    ui.key(pygame.K_z, undo_mod)
    ui.key(pygame.K_z, undo_mod)
    assert ui.played == OPENING[:1]
    ui.key(redo_key, redo_mod)
    assert ui.played == OPENING[:2]
    ui.key(redo_key, redo_mod)
    assert ui.played == OPENING


def test_undo_and_redo_with_nothing_to_take_back_say_so(ui: Driver) -> None:
    ui.key(pygame.K_z, CTRL)
    assert ui.message == "Nothing to undo."
    ui.key(pygame.K_y, CTRL)
    assert ui.message == "Nothing to redo."


def test_a_plain_z_is_not_undo(ui: Driver) -> None:
    play_all(ui, OPENING)
    ui.key(pygame.K_z, text="z")
    assert ui.played == OPENING


def test_a_new_move_after_undo_drops_the_undone_moves(ui: Driver) -> None:
    play_all(ui, OPENING)
    ui.key(pygame.K_z, CTRL)
    ui.play("C4-C7")
    assert ui.played == ["D4-C4", "D4-A4", "C4-C7"]
    assert not ui.panel.redo_button.is_enabled
    ui.key(pygame.K_y, CTRL)
    assert ui.message == "Nothing to redo."
    assert move_list_texts(ui)[2] == "3. Fire C4-C7"


def test_undo_while_a_peg_is_picked_up_puts_it_back_and_takes_back_a_move(ui: Driver) -> None:
    play_all(ui, OPENING[:2])
    ui.board_click("C4")
    ui.key(pygame.K_z, CTRL)
    assert ui.game.controller.selected is None
    assert ui.played == OPENING[:1]


def test_clicking_a_move_in_the_list_reviews_that_position(ui: Driver) -> None:
    play_all(ui, OPENING)
    game = ui.game
    history = game.controller.history
    ui.click_element(list_item(ui, 0))
    assert game.controller.review == 1
    assert ui.message == "Reviewing: position after move 1 of 3. Return to the game to play on."
    picture = ui.picture()
    assert (picture.fire, picture.ice) == (history.positions[1].fire, history.positions[1].ice)
    assert picture.last_move == (parse_hole("D4"), parse_hole("C4"))
    assert ui.has_button("Back to the game")
    assert peg_colour_at(ui, "C1") is None and peg_colour_at(ui, "C4") is Color.FIRE

    # No move is accepted while reviewing: neither clicks nor drags.
    ui.play("D4-D1")
    ui.drag("A4", "A1")
    assert ui.played == OPENING
    assert game.controller.review == 1

    ui.click_button("Back to the game")
    assert game.controller.review is None
    assert not ui.has_button("Back to the game")
    assert ui.picture().fire == history.position.fire
    ui.play("A4-A1")
    assert ui.played == [*OPENING, "A4-A1"]


def test_clicking_the_last_move_in_the_list_shows_the_present_position(ui: Driver) -> None:
    play_all(ui, OPENING)
    ui.click_element(list_item(ui, 2))
    assert ui.game.controller.review is None
    assert not ui.has_button("Back to the game")


def test_back_to_the_game_clears_the_review_message(ui: Driver) -> None:
    play_all(ui, OPENING)
    ui.click_element(list_item(ui, 0))
    ui.board_click("A4")
    ui.click_button("Back to the game")
    assert "earlier position" not in ui.message
    assert ui.message == "Click one of your pegs to pick it up."


def test_the_same_move_can_be_reviewed_twice(ui: Driver) -> None:
    play_all(ui, OPENING)
    ui.click_element(list_item(ui, 0))
    assert ui.game.controller.review == 1
    ui.pump(1, dt=1.0)  # a player's pause: no double click
    ui.click_button("Back to the game")
    ui.pump(1, dt=1.0)
    ui.click_element(list_item(ui, 0))
    assert ui.game.controller.review == 1


def test_undo_and_redo_in_review_step_through_the_game(ui: Driver) -> None:
    play_all(ui, OPENING)
    ui.click_element(list_item(ui, 1))
    assert ui.game.controller.review == 2
    ui.key(pygame.K_z, CTRL)
    assert ui.game.controller.review == 1
    ui.key(pygame.K_y, CTRL)
    ui.key(pygame.K_y, CTRL)
    assert ui.game.controller.review is None
    assert ui.played == OPENING, "stepping through a review takes nothing back"


def test_page_keys_step_through_the_game_and_end_returns(ui: Driver) -> None:
    play_all(ui, OPENING)
    ui.key(pygame.K_PAGEUP)
    assert ui.game.controller.review == 2
    ui.key(pygame.K_PAGEUP)
    ui.key(pygame.K_PAGEUP)
    ui.key(pygame.K_PAGEUP)
    assert ui.game.controller.review == 0
    assert ui.message == "Reviewing the start position. Return to the game to play on."
    ui.key(pygame.K_PAGEDOWN)
    assert ui.game.controller.review == 1
    ui.key(pygame.K_END)
    assert ui.game.controller.review is None
    assert ui.played == OPENING


def test_page_up_before_the_first_move_leaves_the_board_playable(ui: Driver) -> None:
    ui.key(pygame.K_PAGEUP)
    assert ui.game.controller.review is None, "the start is the game itself, not a review"
    ui.play("D4-C4")
    assert ui.played == ["D4-C4"]


def test_escape_leaves_review_first_and_then_the_game(ui: Driver) -> None:
    play_all(ui, OPENING)
    ui.key(pygame.K_PAGEUP)
    ui.key(pygame.K_ESCAPE)
    assert is_game(ui.scene, "fire-and-ice")
    assert ui.game.controller.review is None
    assert ui.dialog is None
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.scene, MenuScene)
    assert ui.has_button("Continue")


# --- new game, menu ------------------------------------------------------------------------


def press_new_game(ui: Driver, how: str) -> None:
    """Ask for a new game with the N key or the New game button."""
    if how == "key-n":
        ui.key(pygame.K_n, text="n")
    else:
        ui.click_button("New game", within=ui.app.manager.get_root_container())


def check_fresh_game(ui: Driver) -> None:
    assert ui.played == []
    assert ui.position == Position.start()
    assert ui.panel.move_list.item_list == []
    assert ui.panel.turn_label.text == "Fire to move"
    assert not ui.panel.undo_button.is_enabled


@pytest.mark.parametrize("how", ["key-n", "button"])
def test_a_new_game_before_any_move_needs_no_confirmation(ui: Driver, how: str) -> None:
    scene = ui.game
    ui.board_click("D4")
    press_new_game(ui, how)
    assert ui.dialog is None
    assert ui.game is scene
    check_fresh_game(ui)


@pytest.mark.parametrize(
    ("how", "answer"),
    [
        ("key-n", "enter"),
        ("button", "enter"),
        ("key-n", "confirm-button"),
        ("button", "confirm-button"),
    ],
)
def test_a_new_game_in_progress_asks_first_and_then_starts_again(
    ui: Driver, how: str, answer: str
) -> None:
    play_all(ui, OPENING)
    press_new_game(ui, how)
    dialog = ui.dialog
    assert dialog is not None
    assert ui.played == OPENING, "nothing is thrown away before the answer"
    assert dialog.confirm_button.text == "New game"
    if answer == "enter":
        ui.read_question()
        ui.key(pygame.K_RETURN)
    else:
        ui.answer(confirm=True)
    assert ui.dialog is None
    check_fresh_game(ui)


@pytest.mark.parametrize("answer", ["escape", "cancel-button"])
def test_a_cancelled_new_game_keeps_the_game(ui: Driver, answer: str) -> None:
    play_all(ui, OPENING)
    ui.key(pygame.K_n, text="n")
    assert ui.dialog is not None
    if answer == "escape":
        ui.key(pygame.K_ESCAPE)
    else:
        ui.answer(confirm=False)
    assert ui.dialog is None
    assert is_game(ui.scene, "fire-and-ice")
    assert ui.played == OPENING
    ui.play("A4-A1")
    assert ui.played == [*OPENING, "A4-A1"]


def test_no_shortcut_or_board_click_acts_while_the_question_is_open(ui: Driver) -> None:
    play_all(ui, OPENING)
    ui.key(pygame.K_n, text="n")
    ui.key(pygame.K_z, CTRL)
    assert ui.played == OPENING
    ui.play("A4-A1")
    assert ui.played == OPENING
    assert ui.dialog is not None


@pytest.mark.parametrize("how", ["escape", "button"])
def test_the_menu_is_one_key_or_click_away_before_the_first_move(ui: Driver, how: str) -> None:
    if how == "escape":
        ui.key(pygame.K_ESCAPE)
    else:
        ui.click_button("Menu")
    assert isinstance(ui.scene, MenuScene)
    assert ui.has_button("Two players")


@pytest.mark.parametrize("how", ["escape", "button"])
def test_leaving_a_game_for_the_menu_keeps_it_for_continue(ui: Driver, how: str) -> None:
    play_all(ui, OPENING)
    ui.click_button("Undo")
    if how == "escape":
        ui.key(pygame.K_ESCAPE)
    else:
        ui.click_button("Menu")
    assert isinstance(ui.scene, MenuScene), "nothing is lost, so nothing is asked"
    ui.click_button("Continue")
    assert ui.played == OPENING[:-1]
    assert ui.game.controller.history.can_redo, "the undone move can still be redone"
    ui.click_button("Redo")
    assert ui.played == OPENING


def test_leaving_asks_first_when_the_game_cannot_be_kept(
    ui: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("FIREICE_DATA_DIR", str(blocker / "data"))
    play_all(ui, OPENING)
    ui.click_button("Menu")
    dialog = ui.dialog
    assert dialog is not None
    assert dialog.confirm_button.text == "Leave"
    assert is_game(ui.scene, "fire-and-ice")
    ui.answer(confirm=True)
    assert isinstance(ui.scene, MenuScene)
    assert not ui.has_button("Continue")


# --- animation -------------------------------------------------------------------------------


def test_a_move_animates_and_the_pegs_end_up_in_place(animated_ui: Driver) -> None:
    ui = animated_ui
    d4, c4 = ui.hole_pos("D4"), ui.hole_pos("C4")
    ui.board_click("D4")
    ui.board_click("C4")
    assert ui.played == ["D4-C4"], "the move is made at once; only the picture lags behind"
    assert ui.pump(1, dt=0.05), "the move animates"
    picture = ui.picture()
    assert picture.hidden == bit("D4")
    [(color, (x, _), _)] = picture.floating
    assert color is Color.FIRE
    assert min(d4[0], c4[0]) < x < max(d4[0], c4[0]), "the peg travels between the holes"
    frames = ui.settle(dt=0.05)
    assert 5 <= frames <= 12, "about 0.45 s at 0.05 s a frame"
    assert not ui.pump(1, dt=0.05)
    picture = ui.picture()
    assert picture.floating == () and picture.hidden == 0
    assert (picture.fire, picture.ice) == (bit("C4"), bit("D4"))
    assert peg_colour_at(ui, "C4") is Color.FIRE
    assert peg_colour_at(ui, "D4") is Color.ICE


def test_a_click_during_an_animation_finishes_it(animated_ui: Driver) -> None:
    ui = animated_ui
    ui.board_click("D4")
    ui.board_click("C4")
    ui.board_click("D4")  # Ice picks up the peg that just dropped in
    assert ui.game.controller.animation is None
    assert ui.game.controller.selected == parse_hole("D4")


# --- the end of a game ----------------------------------------------------------------------


def win_by_clicks(ui: Driver, seed: int) -> Color:
    """Replay the playout of ``seed`` by clicks; returns the expected winner."""
    moves = [str(move) for move in winning_moves(seed)]
    for move in moves[:-1]:
        ui.play(move)
        assert ui.panel.over_panel is None
    ui.play(moves[-1])
    assert ui.played == moves
    return WINNING_SEEDS[seed]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("seed", "button"),
    [
        pytest.param(1745, "Rematch", id="fire-wins-then-rematch"),
        pytest.param(1986, "New game", id="ice-is-handed-the-win-then-new-game"),
    ],
)
def test_a_win_played_by_clicks_shows_the_game_over_panel(
    ui: Driver, seed: int, button: str
) -> None:
    winner = win_by_clicks(ui, seed)
    position = ui.position
    assert isinstance(position, Position)
    assert position.winner is winner
    won = position.winning_line()
    assert won is not None
    islands = [ISLANDS[i] for i in won[1]]
    headline, detail = over_panel_texts(ui)
    assert headline == f"{winner.title} wins!"
    assert detail == f"Three islands in a line: {islands[0]}, {islands[1]} and {islands[2]}."
    assert ui.panel.turn_label.text == f"{winner.title} wins!"
    picture = ui.picture()
    assert picture.winner is winner and picture.winning_islands == won[1]
    for text in ("New game", "Rematch", "Review", "Analyse"):
        over_panel_button(ui, text)
    panel = ui.panel.over_panel
    assert panel is not None
    assert ui.game.panel_rect.contains(panel.rect), "the card lies in the side panel"
    last_entry = ui.panel.move_list.item_list[-1]
    assert last_entry["button_element"] is not None, "the move list shows the latest move"

    # Moves are refused once the game is over.
    mine = position.pegs(position.to_move)
    ui.board_click(hole_name(next(h for h in range(49) if mine >> h & 1)))
    assert ui.message == "The game is over: start a new game, or undo to go back."
    assert ui.played == [str(move) for move in winning_moves(seed)]

    # Undoing the last move takes the panel away; redoing it brings it back.
    ui.key(pygame.K_z, CTRL)
    assert ui.panel.over_panel is None
    assert ui.panel.turn_label.text == f"{position.to_move.other.title} to move"
    ui.key(pygame.K_y, CTRL)
    assert over_panel_texts(ui) == [headline, detail]

    # New game and Rematch on the panel both start again, without asking: the game is over.
    ui.click_element(over_panel_button(ui, button))
    assert ui.dialog is None
    assert ui.panel.over_panel is None
    assert ui.played == []
    assert ui.position == Position.start()
    assert ui.panel.turn_label.text == "Fire to move"
    ui.play("D4-C4")
    assert ui.played == ["D4-C4"]


@pytest.mark.slow
def test_review_on_the_game_over_panel_shows_the_start_and_steps_through(ui: Driver) -> None:
    win_by_clicks(ui, 1986)
    moves = ui.played
    ui.click_element(over_panel_button(ui, "Review"))
    assert ui.panel.over_panel is None
    assert ui.game.controller.review == 0
    assert ui.message == "Reviewing the start position. Return to the game to play on."
    assert ui.picture().fire == Position.start().fire
    ui.key(pygame.K_PAGEDOWN)
    assert ui.game.controller.review == 1
    ui.click_button("Back to the game")
    assert ui.game.controller.review is None
    assert ui.panel.over_panel is None, "the panel stays dismissed after the review"
    assert ui.played == moves


# --- hints ---------------------------------------------------------------------------


def wait_for_hint(ui: Driver) -> None:
    """Let the background search finish and the panel take its answer."""
    job = ui.game.work.hints.job
    if job is not None:
        assert job.wait(30)
    ui.pump(2)
    assert ui.game.work.hints.job is None


@pytest.mark.slow
@pytest.mark.parametrize("how", ["key-h", "button"])
def test_a_hint_names_the_strongest_levels_move_and_draws_it(ui: Driver, how: str) -> None:
    play_all(ui, OPENING)
    position = ui.game.controller.history.position
    if how == "key-h":
        ui.key(pygame.K_h, text="h")
    else:
        ui.click_button("Hint")
    # The search runs on its own thread: it may already have answered.
    assert ui.message == "Looking for the best move..." or ui.message.startswith("Hint: ")
    wait_for_hint(ui)
    expected = search(position, "expert", 0).move
    assert ui.message.startswith(f"Hint: {expected}")
    assert ui.picture().hint == (expected.src, expected.dst)


@pytest.mark.slow
def test_a_hint_says_when_the_move_wins(ui: Driver) -> None:
    moves = [str(m) for m in winning_moves(1745)]
    play_all(ui, moves[:-1])
    ui.key(pygame.K_h, text="h")
    wait_for_hint(ui)
    assert ui.message.endswith(", which wins at once.")


@pytest.mark.slow
def test_the_hint_goes_when_a_move_is_played(ui: Driver) -> None:
    ui.key(pygame.K_h, text="h")
    wait_for_hint(ui)
    assert ui.picture().hint is not None
    ui.play("D4-C4")
    assert ui.picture().hint is None
    assert not ui.message.startswith("Hint")


@pytest.mark.slow
def test_a_hint_asked_in_review_returns_to_the_game(ui: Driver) -> None:
    play_all(ui, OPENING)
    ui.click_element(list_item(ui, 0))
    ui.key(pygame.K_h, text="h")
    assert ui.game.controller.review is None
    wait_for_hint(ui)
    assert ui.message.startswith("Hint: ")
