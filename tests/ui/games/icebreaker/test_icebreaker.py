"""Icebreaker in the desktop game: the set-up card and the sea, driven by real pygame events."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from fireice_desktop.engine.games.icebreaker.board import (
    DEFAULT_SIZE,
    MAX_SIZE,
    MIN_SIZE,
    HexBoard,
    Side,
    Step,
)
from fireice_desktop.engine.games.icebreaker.rules import IcebreakerPosition
from fireice_desktop.engine.games.icebreaker.spec import Sea
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.engine.search import search
from fireice_desktop.files.storage import read_game
from fireice_desktop.ui.app import MIN_SIZE as MIN_WINDOW
from fireice_desktop.ui.frame.scene import panel_width
from fireice_desktop.ui.game.controller import BoardController
from fireice_desktop.ui.games.icebreaker.setup import IcebreakerSetupScene
from fireice_desktop.ui.games.icebreaker.view import IcebreakerView
from fireice_desktop.ui.screens.game import GameScreen
from fireice_desktop.ui.screens.menu import MenuScene
from fireice_desktop.ui.screens.rules import CHAPTERS, RulesScene
from tests.support.ui import (
    Driver,
    autosaved,
    choose,
    is_game,
    open_ui,
    over_panel_texts,
    pygame,
    pygame_gui,
    wait_for_computer,
)

CTRL = pygame.KMOD_LCTRL
SHIFT = pygame.KMOD_LSHIFT
#: The buttons of the set-up card's rows that matter only against the computer.
COMPUTER_ROWS = ("Red", "Black", "Watch", "Beginner", "Casual", "Strong", "Expert")
#: An opening on side 4: Red and Black each capture, then Red again.
OPENING = ["a1-b2", "a4-a3", "g1-f1"]
#: Seeds of random.Random whose uniformly random game on side 4 (see random_game) ends
#: in a win for the side named.
WHOLE_GAMES = {0: Side.RED, 6: Side.BLACK}
#: On side 4 after these 15 moves Black's ship on a3 is three steps from the nearest
#: iceberg: it may step to a2 or b4, not to the open water of a4.
FAR_FROM_ICE = [
    "g1-f1", "a4-b5", "d7-c6", "d1-c1", "c6-c5", "c1-b1", "a1-b2", "b5-b4",
    "c5-c4", "g4-g3", "b2-a2", "g3-f3", "f1-e2", "b4-a3", "a2-b3",
]  # fmt: skip


# --- fixtures and helpers -------------------------------------------------------------------


#: The set-up card's choices as a fresh app first opens it.
FIRST_CHOICES = {"size": DEFAULT_SIZE, "opponent": "friend", "side": "red", "level": "casual"}


@pytest.fixture
def menu(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """A fresh app on its menu; the file dialogs start in a documents folder of its own."""
    documents = tmp_path / "home" / "Documents"
    documents.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DOCUMENTS_DIR", str(documents))
    with open_ui(tmp_path / "config", monkeypatch) as driver:
        yield driver


@pytest.fixture
def card(menu: Driver) -> Driver:
    """The Icebreaker set-up card, opened from the menu (with its first choices)."""
    menu.click_button("Icebreaker")
    assert isinstance(menu.scene, IcebreakerSetupScene)
    assert choices(menu) == FIRST_CHOICES
    return menu


def choices(ui: Driver) -> dict[str, object]:
    """The set-up card's choices, as the app keeps them while it runs."""
    return ui.app.context.choices["icebreaker"]


@pytest.fixture
def ui(card: Driver) -> Driver:
    """A game between two people on the side-4 sea."""
    start(card, 4)
    return card


@pytest.fixture
def animated_ui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """The same with moves animated at normal speed."""
    with open_ui(tmp_path / "config", monkeypatch, animation_speed="normal") as driver:
        driver.click_button("Icebreaker")
        start(driver, 4)
        yield driver


def start(ui: Driver, size: int, *buttons: str) -> GameScreen:
    """On the set-up card: the side ``size``, then the buttons ``buttons``, then Start."""
    ui.click_button(str(size))
    for text in buttons:
        ui.click_button(text)
    ui.click_button("Start")
    return sea(ui)


def sea(ui: Driver) -> GameScreen:
    """The Icebreaker game on screen."""
    scene = ui.scene
    assert is_game(scene, "icebreaker"), f"expected Icebreaker, the scene is {scene!r}"
    assert isinstance(scene, GameScreen)
    return scene


def view(ui: Driver) -> IcebreakerView:
    """The view of the Icebreaker game on screen: the sea, the scores, the target line."""
    shown = sea(ui).view
    assert isinstance(shown, IcebreakerView)
    return shown


def now(ui: Driver) -> IcebreakerPosition:
    """The present position of the Icebreaker game on screen."""
    position = ui.position
    assert isinstance(position, IcebreakerPosition)
    return position


def cells(position: IcebreakerPosition, mask: int) -> list[str]:
    """The names of a set of cells, in board order."""
    return [position.cell_name(cell) for cell in position.board.cells_of(mask)]


def play_all(ui: Driver, moves: list[str]) -> None:
    """Play ``moves`` by clicking each ship and the cell it goes to."""
    before = ui.played
    for move in moves:
        ui.play_cells(move)
    assert ui.played == before + moves


def sea_at(ui: Driver, name: str) -> str:
    """What the last frame shows on cell ``name``: "red", "black", "iceberg" or "water".

    The pixel a quarter of a cell below the centre is on a ship's hull, on the white
    of an iceberg, or on the blue of the cell.
    """
    layout = sea(ui).layout
    assert layout is not None
    x, y = layout.holes[ui.cell(name)]
    r, g, b, _ = ui.app.surface.get_at((round(x), round(y + 0.25 * layout.radius)))
    if r > 2 * g and r > 2 * b:
        return "red"
    if max(r, g, b) < 80 and max(r, g, b) - min(r, g, b) < 20:
        return "black"
    if r > 140 and g > 180 and b > 200:
        return "iceberg"
    if r < 90 and b > 120:
        return "water"
    raise AssertionError(f"{name} shows {(r, g, b)}")


def drawn_sea(ui: Driver) -> dict[str, str]:
    """What every cell shows, by name."""
    position = now(ui)
    return {name: sea_at(ui, name) for name in cells(position, position.board.all_cells)}


def expected_sea(position: IcebreakerPosition) -> dict[str, str]:
    """What every cell of ``position`` should show, by name."""
    shown = {}
    for cell in position.board.cells:
        side = position.color_at(cell)
        kind = side.key if side else "iceberg" if position.has_iceberg(cell) else "water"
        shown[position.cell_name(cell)] = kind
    return shown


def score_bar(ui: Driver, side: Side) -> int:
    """How many pixels of ``side``'s score bar the last frame fills with its colour."""
    rect = view(ui).score_rect
    row = rect.height // 2
    y = rect.y + (0 if side is Side.RED else row) + row // 2
    left, right = rect.x + 92, rect.right - 40
    filled = 0
    for x in range(left + 1, right - 1):
        r, g, b, _ = ui.app.surface.get_at((x, y))
        if (side is Side.RED and r > 150 and g < 100) or (
            side is Side.BLACK and 60 < r < 90 and 60 < g < 90 and 70 < b < 100
        ):
            filled += 1
    return filled


def move_list_texts(ui: Driver) -> list[str]:
    """The entries of the move list as shown."""
    return [item["text"].strip() for item in ui.panel.move_list.item_list]


def button(ui: Driver, text: str) -> pygame_gui.elements.UIButton:
    """The one visible button that says ``text``."""
    element = ui.find(text)
    assert isinstance(element, pygame_gui.elements.UIButton)
    return element


def random_game(seed: int, size: int = 4) -> list[str]:
    """A uniformly random game on side ``size`` from ``random.Random(seed)``, to its end."""
    rng = random.Random(seed)
    position = IcebreakerPosition.start(size)
    moves = []
    while not position.is_over:
        move = rng.choice(position.legal_moves())
        moves.append(str(move))
        position = position.play(move)
    return moves


def replay(moves: list[str], size: int = 4) -> IcebreakerPosition:
    """The position after ``moves`` from the start of the side-``size`` sea."""
    position = IcebreakerPosition.start(size)
    for move in moves:
        position = position.play(move)
    return position


# --- the set-up card ------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("size", range(MIN_SIZE, MAX_SIZE + 1))
def test_a_game_between_friends_starts_on_the_chosen_side(card: Driver, size: int) -> None:
    scene = start(card, size, "A friend")
    assert is_game(scene, "icebreaker", computer=False)
    assert scene.title == "Icebreaker"
    board = HexBoard.of(size)
    assert now(card) == IcebreakerPosition.start(size)
    assert scene.layout is not None and len(scene.layout.holes) == board.cell_count
    assert view(card).target_label.text == (
        f"First to {board.target} of {board.iceberg_count} icebergs wins"
    )
    assert card.panel.turn_label.text == "Red to move"
    assert card.message == "Click one of your ships: it must step closer to its nearest iceberg."
    assert drawn_sea(card) == expected_sea(IcebreakerPosition.start(size))
    assert score_bar(card, Side.RED) == score_bar(card, Side.BLACK) == 0


@pytest.mark.slow
def test_the_side_and_level_rows_are_for_the_computer_only(card: Driver) -> None:
    assert button(card, "A friend").is_selected and button(card, "5").is_selected
    for text in COMPUTER_ROWS:
        assert not button(card, text).is_enabled, text
    card.click_button("Black")  # disabled: nothing happens
    assert choices(card)["side"] == "red"

    card.click_button("Computer")
    assert choices(card)["opponent"] == "computer"
    for text in COMPUTER_ROWS:
        assert button(card, text).is_enabled, text
    card.click_button("Black")
    card.click_button("Strong")
    assert (choices(card)["side"], choices(card)["level"]) == ("black", "strong")
    assert button(card, "Black").is_selected and not button(card, "Red").is_selected

    card.click_button("A friend")
    for text in COMPUTER_ROWS:
        assert not button(card, text).is_enabled, text
    friends = start(card, 6)
    assert is_game(friends, "icebreaker", computer=False), "a friend: the levels do not matter"


def drawn_state(element: pygame_gui.elements.UIButton) -> str:
    """How a button is drawn now: "normal", "selected", "disabled", "hovered"..."""
    return str(element.drawable_shape.active_state.state_id)  # type: ignore[union-attr]


def test_choosing_the_computer_shows_the_remembered_side_and_level_as_chosen(
    card: Driver,
) -> None:
    card.click_button("Computer")
    assert (choices(card)["side"], choices(card)["level"]) == ("red", "casual")
    assert button(card, "Red").is_selected and button(card, "Casual").is_selected
    assert drawn_state(button(card, "Computer")) == "selected"
    assert drawn_state(button(card, "Red")) == "selected"
    assert drawn_state(button(card, "Casual")) == "selected"


def test_the_rows_for_the_computer_look_disabled_against_a_friend(card: Driver) -> None:
    card.click_button("Computer")
    card.click_button("A friend")
    for text in COMPUTER_ROWS:
        element = button(card, text)
        assert not element.is_enabled, text
        assert drawn_state(element) == "disabled", text


@pytest.mark.parametrize("how", ["escape", "back"])
def test_escape_and_back_return_to_the_menu(card: Driver, how: str) -> None:
    if how == "escape":
        card.key(pygame.K_ESCAPE)
    else:
        card.click_button("Back")
    assert type(card.scene) is MenuScene
    assert card.app.running


@pytest.mark.slow
@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_KP_ENTER])
def test_enter_starts_the_chosen_game(card: Driver, key: int) -> None:
    card.click_button("7")
    card.key(key)
    assert now(card) == IcebreakerPosition.start(7)


def test_the_rules_button_opens_the_icebreaker_chapter(card: Driver) -> None:
    card.click_button("Rules")
    scene = card.scene
    assert isinstance(scene, RulesScene)
    assert CHAPTERS[scene.chapter].drawings == "icebreaker"
    assert button(card, "Icebreaker").is_selected


# --- picking up and moving ships -------------------------------------------------------------


@pytest.mark.slow
def test_a_clicked_ship_shows_its_steps_and_its_ways_to_the_ice(ui: Driver) -> None:
    play_all(ui, FAR_FROM_ICE)
    position = now(ui)
    assert position.to_move is Side.BLACK
    a3 = ui.cell("a3")
    ui.click_cell("a3")
    scene = sea(ui)
    assert scene.controller.selected == a3
    picture = ui.picture()
    assert picture.selected == a3
    assert picture.targets == position.steps(a3)
    assert cells(position, picture.targets) == ["a2", "b4"]
    assert picture.targets == sum(1 << m.dst for m in position.legal_moves() if m.src == a3)
    assert sorted(path[1] for path in picture.paths) == position.board.cells_of(picture.targets)
    for path in picture.paths:
        assert path[0] == a3, "each way starts at the ship"
        assert len(path) == position.distance(a3) + 1 == 4, "and is a shortest one"
        assert position.has_iceberg(path[-1]), "it ends on an iceberg"
        for here, there in itertools.pairwise(path):
            assert position.board.neighbours[here] >> there & 1, "step by step"
        for cell in path[1:-1]:
            assert position.color_at(cell) is None and not position.has_iceberg(cell)
    assert ui.message == "Click an orange dot, or drag the ship there. Esc puts it back."
    assert ui.played == FAR_FROM_ICE


@pytest.mark.slow
def test_clicking_a_marked_cell_sails_the_ship_there(animated_ui: Driver) -> None:
    ui = animated_ui
    sea(ui)  # an Icebreaker game is on screen
    before = now(ui)
    ui.click_cell("a1")
    ui.click_cell("b2")
    assert ui.played == ["a1-b2"], "the move is made at once; only the picture lags behind"
    assert move_list_texts(ui) == ["1. Red a1-b2"]
    assert ui.pump(1, dt=0.05), "the move animates"
    picture = ui.picture()
    assert picture.hidden == 1 << ui.cell("a1")
    [(side, (x, _))] = picture.floating
    a1, b2 = ui.cell_pos("a1"), ui.cell_pos("b2")
    assert side is Side.RED and min(a1[0], b2[0]) < x < max(a1[0], b2[0])
    assert picture.fading and picture.fading[0][0] == ui.cell("b2"), "the iceberg breaks up"
    frames = ui.settle(dt=0.05)
    assert 5 <= frames <= 12, "about 0.45 s at 0.05 s a frame"
    picture = ui.picture()
    assert picture.floating == () and picture.hidden == 0 and picture.fading == ()
    assert picture.last_move == (ui.cell("a1"), ui.cell("b2"))
    after = now(ui)
    assert after == before.play("a1-b2")
    assert (sea_at(ui, "a1"), sea_at(ui, "b2")) == ("water", "red")
    assert drawn_sea(ui) == expected_sea(after)
    assert ui.panel.turn_label.text == "Black to move"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("setup", "click", "message"),
    [
        pytest.param([], "a4", "a4 holds a Black ship: Red moves now.", id="opponents-ship"),
        pytest.param(
            [], "b1", "b1 holds no ship: pick up one of your ships first.", id="an-iceberg"
        ),
        pytest.param(
            OPENING[:2], "a1", "a1 holds no ship: pick up one of your ships first.", id="water"
        ),
    ],
)
def test_a_click_on_no_ship_of_the_side_to_move_explains_and_changes_nothing(
    ui: Driver, setup: list[str], click: str, message: str
) -> None:
    play_all(ui, setup)
    before = now(ui)
    ui.click_cell(click)
    assert ui.message == message
    assert sea(ui).controller.selected is None
    assert ui.picture().targets == 0
    assert now(ui) == before and ui.played == setup


@pytest.mark.slow
@pytest.mark.parametrize(
    ("setup", "move", "reason"),
    [
        pytest.param([], "a1-c1", "c1 is not next to a1: ships move one step", id="not-next"),
        pytest.param(
            OPENING[:2], "b2-a1", "b2 is next to an iceberg and must capture one", id="must-capture"
        ),
        pytest.param(
            FAR_FROM_ICE, "a3-a4", "a4 is not closer to the nearest iceberg", id="not-closer"
        ),
    ],
)
@pytest.mark.parametrize("how", ["click", "drag"])
def test_an_illegal_destination_gives_the_engines_reason(
    ui: Driver, setup: list[str], move: str, reason: str, how: str
) -> None:
    play_all(ui, setup)
    position = now(ui)
    source, target = move.split("-")
    assert position.illegal_reason(position.parse_move(move)) == reason
    if how == "click":
        ui.play_cells(move)
    else:
        ui.drag_cells(source, target)
    assert ui.message == f"{move}: {reason}"
    assert ui.played == setup and now(ui) == position
    assert sea(ui).controller.selected == ui.cell(source), "the ship stays picked up"


@pytest.mark.slow
def test_dragging_a_ship_to_a_marked_cell_plays_it(ui: Driver) -> None:
    start_pos, end = ui.cell_pos("d7"), ui.cell_pos("d6")
    ui.mouse_down(start_pos)
    ui.move_mouse(start_pos, end)
    picture = ui.picture()
    assert picture.hidden == 1 << ui.cell("d7"), "the ship is lifted out of its cell"
    assert picture.floating == ((Side.RED, end),)
    ui.mouse_up(end)
    assert ui.played == ["d7-d6"]
    assert ui.picture().floating == ()
    assert (sea_at(ui, "d7"), sea_at(ui, "d6")) == ("water", "red")


@pytest.mark.slow
def test_escape_puts_a_picked_up_ship_back_and_then_leaves(ui: Driver) -> None:
    ui.click_cell("g1")
    assert sea(ui).controller.selected == ui.cell("g1")
    ui.key(pygame.K_ESCAPE)
    scene = sea(ui)
    assert scene.controller.selected is None
    picture = ui.picture()
    assert picture.targets == 0 and picture.paths == ()
    assert ui.message == "Click one of your ships: it must step closer to its nearest iceberg."
    ui.key(pygame.K_ESCAPE)
    assert type(ui.scene) is MenuScene, "no move yet: nothing to keep, nothing asked"


# --- captures, undo, redo, review ------------------------------------------------------------


@pytest.mark.slow
def test_a_capture_raises_the_score_and_takes_the_iceberg_away(ui: Driver) -> None:
    board = HexBoard.of(4)
    ui.play_cells("a1-b2")
    position = now(ui)
    assert (position.red_score, position.black_score) == (1, 0)
    assert position.icebergs.bit_count() == board.iceberg_count - 1
    assert not position.has_iceberg(ui.cell("b2"))
    red = score_bar(ui, Side.RED)
    width = view(ui).score_rect.width - 92 - 40
    assert abs(red - width / board.target) <= 3, "one sixteenth of the bar is red"
    assert score_bar(ui, Side.BLACK) == 0
    ui.play_cells("a4-a3")
    position = now(ui)
    assert (position.red_score, position.black_score) == (1, 1)
    assert position.icebergs.bit_count() == board.iceberg_count - 2
    assert abs(score_bar(ui, Side.BLACK) - red) <= 2
    assert sea_at(ui, "a3") == "black" and sea_at(ui, "a4") == "water"


@pytest.mark.slow
def test_undo_and_redo_by_buttons_and_keys(ui: Driver) -> None:
    panel = ui.panel
    assert not panel.undo_button.is_enabled and not panel.redo_button.is_enabled
    play_all(ui, OPENING)
    ui.click_button("Undo")
    ui.click_button("Undo")
    assert ui.played == OPENING[:1]
    assert now(ui) == replay(OPENING[:1])
    assert move_list_texts(ui) == ["1. Red a1-b2"]
    assert drawn_sea(ui) == expected_sea(replay(OPENING[:1]))
    assert panel.redo_button.is_enabled
    ui.click_button("Redo")
    assert ui.played == OPENING[:2]
    ui.key(pygame.K_z, CTRL)
    ui.key(pygame.K_z, CTRL)
    assert ui.played == [] and now(ui) == IcebreakerPosition.start(4)
    assert not panel.undo_button.is_enabled
    ui.key(pygame.K_y, CTRL)
    ui.key(pygame.K_z, CTRL | SHIFT)
    ui.key(pygame.K_y, CTRL)
    assert ui.played == OPENING and now(ui) == replay(OPENING)
    assert (now(ui).red_score, now(ui).black_score) == (2, 1)
    ui.key(pygame.K_y, CTRL)
    assert ui.message == "Nothing to redo."


@pytest.mark.slow
def test_page_keys_and_the_move_list_show_earlier_positions(ui: Driver) -> None:
    play_all(ui, OPENING)
    scene = sea(ui)
    history = scene.controller.history
    ui.key(pygame.K_PAGEUP)
    assert scene.controller.review == 2
    ui.key(pygame.K_PAGEUP)
    ui.key(pygame.K_PAGEUP)
    assert scene.controller.review == 0
    assert drawn_sea(ui) == expected_sea(IcebreakerPosition.start(4))
    assert ui.message == "Reviewing the start position. Return to the game to play on."
    ui.key(pygame.K_PAGEDOWN)
    assert scene.controller.review == 1
    ui.key(pygame.K_END)
    assert scene.controller.review is None

    ui.click_element(ui.panel.move_list.item_list[0]["button_element"])
    assert scene.controller.review == 1
    assert ui.message == "Reviewing: position after move 1 of 3. Return to the game to play on."
    picture = ui.picture()
    shown = history.positions[1]
    assert (picture.red, picture.black, picture.icebergs) == (
        shown.red,
        shown.black,
        shown.icebergs,
    )
    assert picture.last_move == (ui.cell("a1"), ui.cell("b2"))
    assert drawn_sea(ui) == expected_sea(shown)
    ui.play_cells("b5-b4")  # Black's ship: looking back, no move is taken
    ui.drag_cells("b5", "b4")
    assert ui.played == OPENING
    assert scene.controller.review == 1 and scene.controller.selected is None
    assert ui.message.startswith("Reviewing: position after move 1 of 3.")
    ui.click_button("Back to the game")
    assert scene.controller.review is None
    assert drawn_sea(ui) == expected_sea(replay(OPENING))


# --- whole games -----------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("seed", "choice"),
    [
        pytest.param(0, "Rematch", id="red-wins-then-rematch"),
        pytest.param(6, "New game", id="black-wins-then-new-game"),
    ],
)
def test_a_whole_game_by_clicks_ends_with_the_game_over_card(
    ui: Driver, seed: int, choice: str
) -> None:
    moves = random_game(seed)
    for move in moves[:-1]:
        ui.play_cells(move)
        assert ui.panel.over_panel is None
    ui.play_cells(moves[-1])
    assert ui.played == moves
    position = now(ui)
    winner = position.winner
    assert winner is WHOLE_GAMES[seed]
    loser = winner.other
    assert position.score(winner) == HexBoard.of(4).target == 16
    headline, detail, *_ = over_panel_texts(ui)
    assert headline == f"{winner.title} wins!"
    assert (
        detail == f"{winner.title} took 16 of 31 icebergs; {loser.title} {position.score(loser)}."
    )
    assert ui.panel.turn_label.text == f"{winner.title} wins!"
    assert ui.picture().winner is winner
    assert ui.message == ""
    assert len(move_list_texts(ui)) == len(moves)
    assert move_list_texts(ui)[-1].endswith(moves[-1])
    assert score_bar(ui, winner) > score_bar(ui, loser)

    ship = cells(position, position.ships(winner))[0]
    ui.click_cell(ship)
    assert ui.message == "The game is over: start a new game, or undo to go back."
    assert ui.played == moves

    ui.click_element(ui.find(choice, within=ui.panel.over_panel))
    assert ui.dialog is None, "the game is over: nothing to lose, nothing asked"
    if choice == "New game":
        assert isinstance(ui.scene, IcebreakerSetupScene)
        assert button(ui, "4").is_selected, "the card keeps the last choices"
        ui.key(pygame.K_RETURN)
    assert ui.played == [] and now(ui) == IcebreakerPosition.start(4)
    assert ui.panel.over_panel is None
    ui.play_cells("a1-a2")
    assert ui.played == ["a1-a2"]


@pytest.mark.slow
@pytest.mark.parametrize("answer", [True, False], ids=["new-game", "cancel"])
def test_n_in_a_game_in_progress_asks_before_the_set_up_card(ui: Driver, answer: bool) -> None:
    play_all(ui, OPENING)
    ui.key(pygame.K_n, text="n")
    dialog = ui.dialog
    assert dialog is not None and dialog.window_display_title == "Start a new game"
    ui.answer(answer)
    if answer:
        assert isinstance(ui.scene, IcebreakerSetupScene)
        assert button(ui, "4").is_selected
    else:
        assert ui.played == OPENING


def test_a_side_with_no_move_passes(ui: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    # Passes are rare in play (none in thousands of random games), so the position is set
    # up by hand: one iceberg left on a1, walled in by Red's ships once b3 steps to a2.
    board = HexBoard.of(4)

    def ships(*names: str) -> int:
        return sum(1 << board.parse_cell(name) for name in names)

    position = IcebreakerPosition(
        4, ships("b1", "b2", "b3"), ships("a3", "d1", "g4"), ships("a1"), 15, 15, Side.RED
    )
    assert position.has_moves(Side.BLACK), "Black can still reach a1 through a2"
    scene = sea(ui)
    scene.stage.controller = BoardController(position)
    # The app saves only games from the start: this one stays out of the autosave.
    monkeypatch.setattr(scene.keeper, "autosave", lambda *_: None)
    ui.pump(2)
    ui.play_cells("b3-a2")
    assert ui.played == ["b3-a2"]
    after = now(ui)
    assert after.to_move is Side.RED and not after.is_over
    assert not after.has_moves(Side.BLACK)
    assert move_list_texts(ui) == ["1. Red b3-a2 (Black passes)"]
    assert ui.panel.turn_label.text == "Red to move"
    assert ui.message == (
        "Black has no legal move and passes: Red moves again. Click one of your ships."
    )
    ui.click_cell("a3")
    assert ui.message == "a3 holds a Black ship: Red moves now."
    ui.play_cells("a2-a1")
    assert now(ui).winner is Side.RED
    assert move_list_texts(ui) == ["1. Red b3-a2 (Black passes)", "2. Red a2-a1"]
    assert over_panel_texts(ui)[:2] == [
        "Red wins!",
        "Red took 16 of 31 icebergs; Black 15.",
    ]
    ui.key(pygame.K_z, CTRL)
    assert ui.message.startswith("Black has no legal move and passes")


# --- against the computer --------------------------------------------------------------------


@pytest.mark.slow
def test_the_computer_answers_the_players_move(card: Driver) -> None:
    scene = start(card, 4, "Computer", "Red", "Beginner")
    assert is_game(scene, "icebreaker", computer=True)
    assert scene.table.computer == {Side.BLACK: "beginner"}
    assert scene.title == "You (Red) vs beginner"
    card.play_cells("d7-d6")
    assert card.panel.turn_label.text.startswith("Black is thinking")
    wait_for_computer(card)
    after = IcebreakerPosition.start(4).play("d7-d6")
    assert card.played[1] == str(search(after, "beginner", 1).move)
    assert card.panel.turn_label.text == "Red to move"
    assert drawn_sea(card) == expected_sea(now(card))


@pytest.mark.slow
def test_clicks_on_the_computers_turn_say_to_wait(card: Driver) -> None:
    scene = start(card, 5, "Computer", "Black", "Beginner")
    assert scene.table.computer == {Side.RED: "beginner"}
    card.click_cell("a1")
    assert card.message == "Red is the computer's side: wait for its move."
    assert scene.controller.selected is None
    wait_for_computer(card)
    assert len(card.played) == 1
    assert card.played[0] == str(search(IcebreakerPosition.start(5), "beginner", 0).move)


@pytest.mark.slow
@pytest.mark.parametrize("how", ["ctrl-z", "button"])
def test_undo_takes_back_the_computers_reply_too(card: Driver, how: str) -> None:
    start(card, 4, "Computer", "Beginner")
    card.play_cells("a1-b2")
    wait_for_computer(card)
    first_round = card.played
    card.play_cells("g1-f1")
    wait_for_computer(card)
    assert len(card.played) == 4
    if how == "ctrl-z":
        card.key(pygame.K_z, CTRL)
    else:
        card.click_button("Undo")
    assert card.played == first_round
    assert now(card) == replay(first_round) and now(card).to_move is Side.RED
    card.key(pygame.K_y, CTRL)
    assert len(card.played) == 4, "redo plays the reply again too"


@pytest.mark.slow
def test_watching_the_computer_play_a_whole_game(card: Driver) -> None:
    scene = start(card, 4, "Computer", "Watch", "Beginner")
    assert scene.table.computer == {Side.RED: "beginner", Side.BLACK: "beginner"}
    assert scene.title == "Watching the beginner level"
    for _ in range(200):
        if now(card).is_over:
            break
        wait_for_computer(card)
    position = now(card)
    winner = position.winner
    assert winner is not None and position.score(winner) == 16
    assert over_panel_texts(card)[0] == f"{winner.title} wins!"
    assert replay(card.played) == position


# --- hints -----------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("how", ["key-h", "button"])
def test_a_hint_marks_a_legal_move(ui: Driver, how: str) -> None:
    play_all(ui, OPENING[:2])
    position = now(ui)
    if how == "key-h":
        ui.key(pygame.K_h, text="h")
    else:
        ui.click_button("Hint")
    job = sea(ui).work.hints.job
    if job is not None:
        assert job.wait(30)
    ui.pump(2)
    hint = ui.picture().hint
    assert hint is not None
    legal = {(move.src, move.dst): move for move in position.legal_moves()}
    assert hint in legal
    assert ui.message.startswith(f"Hint: {legal[hint]}")
    ui.play_cells(str(legal[hint]))
    assert ui.picture().hint is None


# --- saving and opening ----------------------------------------------------------------------


@pytest.mark.slow
def test_the_autosave_keeps_the_game_and_continue_restores_it(card: Driver) -> None:
    start(card, 6)
    moves = ["a1-b2", "f1-e1", "k1-j2"]
    play_all(card, moves)
    card.click_button("Undo")
    record = autosaved()
    assert (record.game, record.setup.size) == ("icebreaker", 6)
    assert [str(move) for move in record.moves] == moves[:2]
    assert [str(move) for move in record.undone] == moves[2:]
    before = tuple(sea(card).controller.history.positions)
    card.key(pygame.K_ESCAPE)
    assert isinstance(card.scene, MenuScene)
    assert card.find("Continue").tool_tip_text == "Icebreaker, side 6: 2 moves, Red 1, Black 1"
    card.click_button("Continue")
    scene = sea(card)
    assert is_game(scene, "icebreaker", computer=False)
    assert tuple(scene.controller.history.positions) == before
    assert card.played == moves[:2]
    assert now(card).size == 6 and scene.layout is not None and len(scene.layout.holes) == 91
    assert view(card).target_label.text == "First to 43 of 85 icebergs wins"
    assert drawn_sea(card) == expected_sea(replay(moves[:2], 6))
    card.click_button("Redo")
    assert card.played == moves


@pytest.mark.slow
def test_continue_restores_a_game_against_the_computer(card: Driver) -> None:
    start(card, 4, "Computer", "Beginner")
    card.play_cells("a1-b2")
    wait_for_computer(card)
    played = card.played
    card.click_button("Menu")
    assert card.find("Continue").tool_tip_text == (
        f"Icebreaker, side 4, against the beginner level: 2 moves, Red 1, "
        f"Black {replay(played).black_score}"
    )
    card.key(pygame.K_RETURN)
    scene = sea(card)
    assert is_game(scene, "icebreaker", computer=True)
    assert scene.table.computer == {Side.BLACK: "beginner"}
    assert card.played == played
    card.pump(20, dt=0.1)
    assert card.played == played, "Red is the player's: the computer waits"


@pytest.mark.slow
def test_the_text_window_holds_the_game_in_notation(ui: Driver) -> None:
    play_all(ui, OPENING)
    ui.click_button("Undo")
    ui.key(pygame.K_t, text="t")
    window = sea(ui).windows.text_window
    assert window is not None and window.is_open
    text = window.box.get_text()
    assert text.startswith("Game: Icebreaker\nSize: 4\n")
    assert text == "Game: Icebreaker\nSize: 4\n\na1-b2\na4-a3\n"


@pytest.mark.slow
def test_ctrl_s_saves_an_icebreaker_file(ui: Driver, tmp_path: Path) -> None:
    play_all(ui, OPENING)
    ui.key(pygame.K_s, CTRL)
    target = tmp_path / "ships.fireice"
    choose(ui, target)
    moves = tuple(Step.parse(move, 4) for move in OPENING)
    assert (
        read_game(target) == GameRecord("icebreaker", moves=moves, setup=Sea(4)) == sea(ui).record()
    )
    assert ui.message == "Saved as ships.fireice."


@pytest.mark.slow
def test_the_save_dialog_offers_a_name_that_says_icebreaker(ui: Driver) -> None:
    ui.play_cells("a1-b2")
    ui.key(pygame.K_s, CTRL)
    dialogs = [e for e in ui.elements() if isinstance(e, pygame_gui.windows.UIFileDialog)]
    assert len(dialogs) == 1
    offered = Path(dialogs[0].file_path_text_line.get_text()).name
    assert offered.startswith("Icebreaker "), offered


def test_a_finished_game_opens_in_review_at_its_start(menu: Driver, tmp_path: Path) -> None:
    moves = random_game(6)
    path = tmp_path / "won.fireice"
    record = GameRecord(
        "icebreaker", moves=tuple(Step.parse(move, 4) for move in moves), setup=Sea(4)
    )
    path.write_text(record.to_json())
    menu.key(pygame.K_o, CTRL)
    choose(menu, path)
    scene = sea(menu)
    assert scene.controller.review == 0
    assert menu.panel.over_panel is None
    assert drawn_sea(menu) == expected_sea(IcebreakerPosition.start(4))
    assert menu.message == "Reviewing the start position. Return to the game to play on."
    menu.key(pygame.K_PAGEDOWN)
    assert drawn_sea(menu) == expected_sea(replay(moves[:1]))
    assert menu.played == moves and now(menu).winner is Side.BLACK


def test_a_pasted_icebreaker_game_replaces_a_fire_and_ice_game(menu: Driver) -> None:
    menu.click_button("Two players")
    menu.play("D4-C4")
    pygame.scrap.put_text("Game: Icebreaker\r\nSize: 5\r\n\r\n1. a1-b2\r\n2. e1-d1\r\n")
    menu.key(pygame.K_t, text="t")
    window = menu.game.windows.text_window
    assert window is not None
    menu.click_element(window.paste_button)
    menu.click_element(window.play_button)
    assert menu.dialog is not None and menu.dialog.window_display_title == "Play the pasted game"
    menu.answer(True)
    assert is_game(sea(menu), "icebreaker", computer=False)
    assert menu.played == ["a1-b2", "e1-d1"]
    assert now(menu) == replay(["a1-b2", "e1-d1"], 5)
    assert drawn_sea(menu) == expected_sea(now(menu))


def test_an_icebreaker_file_opens_from_the_menu(menu: Driver, tmp_path: Path) -> None:
    moves = ("a1-b2", "g1-g2", "g13-g12")
    record = GameRecord(
        "icebreaker",
        moves=tuple(Step.parse(move, 7) for move in moves[:2]),
        computer=((Side.BLACK, "casual"),),
        undone=(Step.parse(moves[2], 7),),
        setup=Sea(7),
    )
    path = tmp_path / "sea.fireice"
    path.write_text(record.to_json())
    menu.click_button("Open a saved game")
    choose(menu, path)
    scene = sea(menu)
    assert is_game(scene, "icebreaker", computer=True)
    assert scene.table.computer == {Side.BLACK: "casual"}
    assert menu.played == list(moves[:2])
    assert now(menu) == replay(list(moves[:2]), 7)
    assert scene.layout is not None and len(scene.layout.holes) == HexBoard.of(7).cell_count
    assert scene.record() == record
    menu.click_button("Redo")
    assert menu.played == list(moves)


# --- the window ------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("window", [MIN_WINDOW, (1700, 1000), (2400, 700), (900, 1300)], ids=str)
@pytest.mark.parametrize("size", [MIN_SIZE, MAX_SIZE])
def test_a_resized_window_keeps_the_sea_inside_the_board(
    card: Driver, window: tuple[int, int], size: int
) -> None:
    scene = start(card, size)
    card.click_cell("a1")  # a ship held while the window changes
    card.resize(window)
    width, height = card.app.size
    assert (width, height) == window
    layout = scene.layout
    art = view(card).sea
    assert layout is not None and art is not None and art.layout is layout
    assert tuple(layout.rect) == (0, 0, width - panel_width(width), height)
    board = pygame.Rect(layout.rect)
    assert len(layout.holes) == HexBoard.of(size).cell_count
    for cell, (x, y) in layout.holes.items():
        hexagon = pygame.Rect(0, 0, 2 * layout.radius, 2 * layout.radius)
        hexagon.center = (round(x), round(y))
        assert board.contains(hexagon), f"{scene.controller.history.position.cell_name(cell)}"
        assert layout.hole_at((x, y)) == cell
    for x, y in layout.frame:
        assert board.collidepoint(x, y), "the rim stays on the board's side"
    assert not board.colliderect(scene.panel_rect)
    assert scene.controller.selected == card.cell("a1"), "the ship is still held"
    assert card.picture().targets == now(card).steps(card.cell("a1"))
    card.click_cell("b2")
    assert card.played == ["a1-b2"], "clicks land on the new cells"
    assert drawn_sea(card) == expected_sea(now(card))
