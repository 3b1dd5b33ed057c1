"""Playing without a mouse: the board cursor, Tab between pieces, typed moves, the focus
ring over the menus, cards, panel and windows, and whole games won by keys alone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from fireice_desktop.engine.games.fireice.board import hole_name, island_of, parse_hole
from fireice_desktop.engine.games.fireice.rules import CENTRE_ISLAND, Color, Move, Position
from fireice_desktop.engine.games.fireice.solitaire import SolitairePosition
from fireice_desktop.engine.games.fireice.solver import solve
from fireice_desktop.engine.games.icebreaker.board import HexBoard
from fireice_desktop.engine.games.icebreaker.rules import IcebreakerPosition
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.ui.games.fireice.handicap import HandicapScene
from fireice_desktop.ui.games.fireice.layout import BoardLayout
from fireice_desktop.ui.games.fireice.training.puzzles import PuzzleScene
from fireice_desktop.ui.games.icebreaker.layout import HexLayout
from fireice_desktop.ui.keyboard.control import CONE, BoardCursor, centres_of, step_towards
from fireice_desktop.ui.screens.learn import LessonScene
from fireice_desktop.ui.screens.menu import MenuScene
from fireice_desktop.ui.screens.rules import RulesScene
from fireice_desktop.ui.screens.settings import SettingsScene
from fireice_desktop.ui.screens.statistics import StatisticsScene
from fireice_desktop.ui.toolkit import language
from tests.support.ui import (
    WINNING_SEEDS,
    Driver,
    is_game,
    open_ui,
    pygame,
    winning_moves,
)

CTRL = pygame.KMOD_LCTRL
SHIFT = pygame.KMOD_LSHIFT
ARROWS = {"L": (-1, 0), "R": (1, 0), "U": (0, -1), "D": (0, 1)}
KEYS = {"L": pygame.K_LEFT, "R": pygame.K_RIGHT, "U": pygame.K_UP, "D": pygame.K_DOWN}
#: A deal the solver wins, played by keys from its number typed into the deal box.
DEAL = 5


@pytest.fixture
def menu(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """A fresh app on the main menu (no game kept, so no Continue)."""
    with open_ui(tmp_path / "config", monkeypatch) as driver:
        yield driver


def choose(menu: Driver, text: str) -> object:
    """Tab to the button ``text`` and press Enter; the screen it leads to."""
    menu.tab_to(text)
    menu.press(pygame.K_RETURN)
    menu.pump(2)
    return menu.scene


@pytest.fixture
def ui(menu: Driver) -> Driver:
    """A two-player game, opened from the menu by keys."""
    choose(menu, "Two players")
    assert is_game(menu.scene, "fire-and-ice", computer=False)
    return menu


def name(ui: Driver, cell: int | None) -> str | None:
    """The name of ``cell`` in the game on screen."""
    return None if cell is None else ui.game.controller.history.position.cell_name(cell)


def history_state(ui: Driver) -> tuple[list[str], int | None]:
    return ui.played, ui.game.controller.selected


# --- the cursor follows the board's shape ---------------------------------------------------

FIRE_AND_ICE_ARROWS = [
    # Within an island: its seven holes as drawn (1 on top, 5 6 7 along the bottom).
    ("D6", "L", "D5"),
    ("D6", "R", "D7"),
    ("D6", "U", "D4"),
    ("D2", "R", "D4"),
    ("D2", "U", "D1"),
    ("A4", "D", "A6"),
    # Across to the next island.
    ("D1", "U", "A6"),
    ("A6", "D", "D1"),
    ("D3", "R", "C5"),
    ("C5", "L", "D3"),
    ("B7", "R", "D2"),
    ("D5", "L", "B6"),
    ("C7", "R", "G1"),
    ("G1", "U", "C7"),
    ("E7", "R", "F5"),
    ("F7", "R", "G5"),
    ("G5", "L", "F7"),
    ("D5", "D", "F1"),
    ("F1", "U", "D6"),
    # At the board's edge nothing lies that way: the cursor stays.
    ("A1", "U", None),
    ("G7", "R", None),
    ("E5", "L", None),
    ("F6", "D", None),
]


@pytest.mark.parametrize(("start", "arrow", "expected"), FIRE_AND_ICE_ARROWS)
def test_an_arrow_leads_to_the_hole_that_way_on_the_islands(
    start: str, arrow: str, expected: str | None
) -> None:
    centres = centres_of(BoardLayout.fit((0, 0, 940, 800)))
    found = step_towards(centres, parse_hole(start), ARROWS[arrow])
    assert (hole_name(found) if found is not None else None) == expected


ICEBREAKER_WALKS = [
    # Up and Down go up-left and up-right in turn, so a column stays a column.
    ("i3", "UUUUUUUU", ["h3", "g4", "f4", "e5", "d4", "c4", "b3", "a3"]),
    ("a3", "DDDDDDDD", ["b3", "c4", "d4", "e5", "f4", "g4", "h3", "i3"]),
    ("e5", "UUUU", ["d4", "c4", "b3", "a3"]),
    # Left and Right keep to the row, and stop at its end.
    ("e1", "RRRRRRRRR", ["e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9", "e9"]),
    ("e9", "LLLL", ["e8", "e7", "e6", "e5"]),
    ("a1", "UL", ["a1", "b1"]),
]


@pytest.mark.parametrize(("start", "arrows", "expected"), ICEBREAKER_WALKS)
def test_the_arrows_walk_icebreakers_hexagons(start: str, arrows: str, expected: list[str]) -> None:
    board = HexBoard.of(5)
    centres = centres_of(HexLayout.fit((0, 0, 940, 800), 5))
    cursor = BoardCursor()
    cursor.place(board.parse_cell(start))
    walked = []
    for arrow in arrows:
        cursor.arrow(ARROWS[arrow], centres)
        assert cursor.cell is not None
        walked.append(board.name(cursor.cell))
    assert walked == expected


@pytest.mark.parametrize("board", ["islands", "sea 4", "sea 8"])
def test_every_hole_can_be_reached_from_every_other_by_arrows(board: str) -> None:
    rect = (0, 0, 940, 800)
    if board == "islands":
        centres = centres_of(BoardLayout.fit(rect))
    else:
        centres = centres_of(HexLayout.fit(rect, int(board.split()[1])))
    start = next(iter(centres))
    seen, todo = {start}, [start]
    while todo:
        cell = todo.pop()
        for direction in ARROWS.values():
            found = step_towards(centres, cell, direction)
            if found is None:
                continue
            (x, y), (fx, fy) = centres[cell], centres[found]
            dot = (fx - x) * direction[0] + (fy - y) * direction[1]
            assert dot > 0, "an arrow went backwards"
            assert dot / (((fx - x) ** 2 + (fy - y) ** 2) ** 0.5) >= 0.499, CONE
            if found not in seen:
                seen.add(found)
                todo.append(found)
    assert seen == set(centres)


# --- the cursor on the game screen ----------------------------------------------------------


def test_the_cursor_shows_on_the_first_arrow_and_hides_on_a_click(ui: Driver) -> None:
    assert ui.picture().cursor is None
    ui.press(pygame.K_RIGHT)
    assert name(ui, ui.cursor) == "D4"  # the first arrow shows it, on Fire's one peg
    assert ui.picture().cursor == parse_hole("D4")
    ui.press(pygame.K_DOWN)
    assert name(ui, ui.cursor) == "D6"
    ui.click(ui.wood_pos())
    assert ui.cursor is None and ui.picture().cursor is None


def test_the_cursor_is_drawn_as_a_white_ring_on_pegs_and_holes(ui: Driver) -> None:
    layout = ui.game.hit
    assert layout is not None
    for hole in ("D4", "D6"):  # a Fire peg, an empty hole
        ui.cursor_to(parse_hole(hole))
        x, y = ui.hole_pos(hole)
        ring = round(layout.peg_radius * 1.6)  # type: ignore[attr-defined]
        for dx, dy in ((ring, 0), (-ring, 0), (0, ring), (0, -ring)):
            r, g, b, _ = ui.app.surface.get_at((x + dx, y + dy))
            assert min(r, g, b) > 200, (hole, dx, dy, (r, g, b))


def test_enter_and_space_pick_up_and_put_down_as_a_click_does(ui: Driver) -> None:
    ui.cursor_to(parse_hole("D4"))
    ui.press(pygame.K_RETURN)
    assert ui.game.controller.selected == parse_hole("D4")
    ui.press(pygame.K_SPACE)  # on the held peg: put back, as a click on it
    assert ui.game.controller.selected is None
    ui.press(pygame.K_SPACE)
    assert ui.game.controller.selected == parse_hole("D4")
    ui.cursor_to(parse_hole("A1"))  # not a move of D4's peg: the controller says why
    ui.press(pygame.K_RETURN)
    assert ui.played == [] and ui.message.startswith("D4-A1: ")
    ui.cursor_to(parse_hole("D2"))
    ui.press(pygame.K_RETURN)
    assert ui.played == ["D4-D2"]
    ui.cursor_to(parse_hole("C4"))  # an Ice peg, but Fire's is not Ice's turn... Ice moves now
    ui.press(pygame.K_RETURN)
    assert ui.game.controller.selected is None and "C4" in ui.message  # Ice has none there


def test_tab_visits_exactly_the_pieces_that_can_move(ui: Driver) -> None:
    for move in ("D4-C4", "D4-A4", "C4-C1"):
        ui.type_keys(move)
        ui.press(pygame.K_RETURN)
    position = ui.position
    assert isinstance(position, Position)
    movable = sorted({move.src for move in position.legal_moves()})
    visited = []
    for _ in range(len(movable)):
        ui.press(pygame.K_TAB)
        visited.append(ui.cursor)
    assert visited == movable
    ui.press(pygame.K_TAB)
    assert ui.cursor == movable[0]  # round again
    ui.press(pygame.K_TAB, SHIFT)
    assert ui.cursor == movable[-1]
    # Once a peg is picked up, Tab visits it and the holes it may move to.
    ui.press(pygame.K_RETURN)
    held = ui.game.controller.selected
    assert held == movable[-1]
    stops = []
    for _ in range(12):
        ui.press(pygame.K_TAB)
        stops.append(ui.cursor)
    targets = {move.dst for move in position.legal_moves() if move.src == held}
    assert set(stops) == targets | {held}


def test_tab_with_nothing_to_move_goes_to_the_panel(ui: Driver) -> None:
    ui.type_keys("D4-C4")
    ui.press(pygame.K_RETURN)
    ui.press(pygame.K_PAGEUP)  # looking back: nothing can be moved there
    assert ui.game.controller.review is not None
    ui.press(pygame.K_TAB)
    assert ui.focused_text is not None
    assert ui.cursor is None


# --- typed moves ----------------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["D4-C4", "d4-c4", "d4c4", "d4 c4", "D4 - C4"])
def test_a_typed_move_is_played_on_enter(ui: Driver, typed: str) -> None:
    ui.type_keys(typed)
    assert ui.played == []
    assert "Typed: " in ui.message
    ui.press(pygame.K_RETURN)
    assert ui.played == ["D4-C4"]


def test_what_is_typed_shows_and_can_be_edited(ui: Driver) -> None:
    ui.type_keys("d4-c")
    assert ui.message.startswith("Typed: D4-C")
    ui.press(pygame.K_BACKSPACE)
    ui.press(pygame.K_BACKSPACE)
    assert ui.message.startswith("Typed: D4 ")
    ui.type_keys("-d2")
    ui.press(pygame.K_RETURN)
    assert ui.played == ["D4-D2"]
    ui.type_keys("c4")
    ui.press(pygame.K_ESCAPE)  # clears what was typed, nothing else
    assert "Typed" not in ui.message
    assert is_game(ui.scene, "fire-and-ice")
    ui.press(pygame.K_RETURN)
    assert ui.played == ["D4-D2"]


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("c1-c4", "C1-C4: there is no peg on C1"),
        ("d4-a1", "D4-A1: pegs move within their island or to the same hole number"),
        ("d9-c4", "'D9-C4' is not a move"),
        ("d4-", "'D4-' is not a move"),
        ("a", "'A' is not a move"),
    ],
)
def test_a_wrong_typed_move_is_explained_and_changes_nothing(
    ui: Driver, typed: str, said: str
) -> None:
    ui.type_keys(typed)
    ui.press(pygame.K_RETURN)
    assert ui.played == []
    assert ui.message.startswith(said)
    assert "\n" not in ui.message.strip()


def test_shortcut_letters_and_move_letters(ui: Driver) -> None:
    # T is no island: it still opens the text window.
    ui.press(pygame.K_t)
    assert ui.game.windows.text_window is not None and ui.game.windows.text_window.is_open
    ui.press(pygame.K_ESCAPE)
    # A is an island: it starts a typed move; Ctrl+A is Analyse.
    ui.type_keys("D4-C4")
    ui.press(pygame.K_RETURN)
    ui.press(pygame.K_a)
    assert ui.message.startswith("Typed: A")
    ui.press(pygame.K_ESCAPE)
    ui.press(pygame.K_a, CTRL)
    assert ui.game.work.analysis.running or ui.game.work.analysis.result is not None
    if ui.game.work.analysis.running:  # a one-move game may be analysed already: Esc would leave
        ui.press(pygame.K_ESCAPE)  # stops it
    # H (no island) asks for a hint, as before; so does Ctrl+H.
    ui.press(pygame.K_h)
    hints = ui.game.work.hints  # looking for the hint, or found it (the summary may fill the box)
    assert hints.job is not None or hints.move is not None


def test_page_up_and_down_step_through_the_moves(ui: Driver) -> None:
    for move in ("D4-C4", "D4-A4", "C4-C1"):
        ui.type_keys(move)
        ui.press(pygame.K_RETURN)
    controller = ui.game.controller
    ui.press(pygame.K_PAGEUP)
    assert controller.review == 2
    ui.press(pygame.K_PAGEUP)
    assert controller.review == 1
    ui.press(pygame.K_PAGEDOWN)
    assert controller.review == 2
    ui.press(pygame.K_HOME)
    assert controller.review == 0
    ui.press(pygame.K_END)
    assert controller.review is None
    ui.press(pygame.K_LEFT)  # the arrows are the cursor's now
    assert controller.review is None and ui.cursor is not None


# --- the panel, the windows and the menus ------------------------------------------------


def test_f6_hands_the_keys_to_the_panel_and_back(ui: Driver) -> None:
    ui.type_keys("D4-C4")
    ui.press(pygame.K_RETURN)
    ui.press(pygame.K_F6)
    assert ui.focused_text == "«"  # the first of the panel's buttons: the review's steps
    assert ui.cursor is None
    ui.press(pygame.K_DOWN)
    assert ui.focused_text == "Undo"
    ui.press(pygame.K_RETURN)
    assert ui.played == []  # Undo pressed by Enter
    assert ui.focused_text == "New game"  # off Undo, which has nothing left to undo
    ui.press(pygame.K_RIGHT)
    assert ui.focused_text == "Menu"
    ui.press(pygame.K_F6)
    assert ui.focused_text is None and ui.cursor is not None
    ui.press(pygame.K_TAB, CTRL)
    assert ui.focused_text == "Menu"  # where it was
    ui.press(pygame.K_SPACE)
    assert isinstance(ui.scene, MenuScene)


def test_a_question_is_answered_by_keys(ui: Driver) -> None:
    ui.type_keys("D4-C4")
    ui.press(pygame.K_RETURN)
    ui.press(pygame.K_n)
    dialog = ui.dialog
    assert dialog is not None
    ui.press(pygame.K_TAB)
    assert ui.focused is dialog.confirm_button
    ui.press(pygame.K_RIGHT)
    assert ui.focused is dialog.cancel_button
    ui.press(pygame.K_RETURN)  # Cancel: the game goes on
    ui.pump(2)
    assert ui.dialog is None and ui.played == ["D4-C4"]
    ui.press(pygame.K_n)
    ui.press(pygame.K_TAB)
    ui.press(pygame.K_SPACE)  # the new game
    ui.pump(2)
    assert ui.dialog is None and ui.played == []
    ui.type_keys("D4-C4")
    ui.press(pygame.K_RETURN)
    ui.press(pygame.K_n)
    ui.press(pygame.K_ESCAPE)
    assert ui.dialog is None and ui.played == ["D4-C4"]


@pytest.mark.slow
def test_the_save_window_by_keys(ui: Driver, tmp_path: Path) -> None:
    ui.type_keys("D4-C4")
    ui.press(pygame.K_RETURN)
    ui.press(pygame.K_s, CTRL)
    dialog = ui.game.windows.files.dialog
    assert dialog is not None and dialog.alive()
    entry = dialog.file_path_text_line
    ui.press(pygame.K_TAB)
    assert ui.focused is not None and ui.focused is not entry
    for _ in range(6):
        ui.press(pygame.K_TAB)
        if ui.focused is entry:
            break
    assert ui.focused is entry and entry.is_focused  # the entry takes the typing
    entry.set_text("")
    target = tmp_path / "by keys.fireice"
    ui.type_text(str(target))  # h, a, n, t... are characters here, not shortcuts
    assert entry.get_text() == str(target)
    assert ui.played == ["D4-C4"] and ui.game.windows.text_window is None
    ui.press(pygame.K_TAB)  # Tab leaves the entry
    assert not entry.is_focused and ui.focused is not entry
    while ui.focused is not dialog.ok_button:
        ui.press(pygame.K_TAB)
    ui.press(pygame.K_RETURN)
    ui.pump(3)
    assert target.exists()


@pytest.mark.slow
def test_the_menu_by_keys(menu: Driver) -> None:
    assert menu.focused_text is None  # no ring before a key
    menu.press(pygame.K_DOWN)
    assert menu.focused_text == "Learn"  # a new player's first step
    menu.press(pygame.K_DOWN)
    assert menu.focused_text == "Two players"
    for screen, kind in (
        ("Learn", LessonScene),
        ("Puzzles", PuzzleScene),
        ("Rules", RulesScene),
        ("Statistics", StatisticsScene),
        ("Settings", SettingsScene),
        ("Handicap game", HandicapScene),
    ):
        menu.tab_to(screen)
        menu.press(pygame.K_RETURN)
        menu.pump(2)
        assert isinstance(menu.scene, kind), screen
        menu.press(pygame.K_ESCAPE)
        assert isinstance(menu.scene, MenuScene)
    menu.press(pygame.K_UP)
    assert menu.focused_text == "Quit"  # from the top, Up goes round to the foot
    menu.press(pygame.K_UP)
    assert menu.focused_text == "Settings"


def test_a_card_and_the_settings_by_keys(menu: Driver) -> None:
    menu.tab_to("Settings")
    menu.press(pygame.K_SPACE)
    menu.pump(2)
    settings = menu.app.settings
    assert settings.show_legal_moves
    scene = menu.scene
    assert isinstance(scene, SettingsScene)
    off = next(e for e, choice in scene.choices.items() if choice == ("show_legal_moves", False))
    for _ in range(40):
        menu.press(
            pygame.K_DOWN
            if menu.focused is None or menu.focused.rect.centery < off.rect.centery
            else pygame.K_RIGHT
        )
        if menu.focused is off:
            break
    assert menu.focused is off
    menu.press(pygame.K_RETURN)
    menu.pump(2)
    assert not settings.show_legal_moves
    menu.press(pygame.K_ESCAPE)
    choose(menu, "Against the computer")
    choose(menu, "Ice")
    choose(menu, "Start")
    assert is_game(menu.scene, "fire-and-ice", computer=True)
    assert list(menu.game.table.computer) == [Color.FIRE]


@pytest.mark.slow
def test_rules_page_down_scrolls_the_text_before_turning_the_page(menu: Driver) -> None:
    choose(menu, "Rules")
    rules = menu.scene
    assert isinstance(rules, RulesScene)
    for chapter in range(1, len(rules.chapter_buttons)):  # the first long chapter
        menu.press(pygame.K_RIGHT)
        assert rules.chapter == chapter
        if rules.text_box is not None and rules.text_box.scroll_bar is not None:
            break
    bar = rules.text_box.scroll_bar if rules.text_box is not None else None
    assert bar is not None, "no chapter is longer than its page"
    menu.press(pygame.K_PAGEDOWN)
    assert rules.chapter == chapter and bar.start_percentage > 0
    menu.press(pygame.K_PAGEUP)
    assert rules.chapter == chapter and bar.start_percentage == 0
    menu.press(pygame.K_PAGEUP)  # at the top, the page turns back
    assert rules.chapter == chapter - 1
    menu.press(pygame.K_RIGHT)
    bar = rules.text_box.scroll_bar  # type: ignore[union-attr]
    assert bar is not None
    for _ in range(30):
        at_foot = bar.start_percentage + bar.visible_percentage > 0.99
        menu.press(pygame.K_PAGEDOWN)
        if rules.chapter != chapter:
            break
    assert at_foot  # only at the foot of the text does Page Down turn the page
    assert rules.chapter == min(chapter + 1, len(rules.chapter_buttons) - 1)
    menu.press(pygame.K_DOWN)
    assert menu.focused_text is not None  # Up and Down: the ring over the chapters


def test_the_handicap_set_up_by_keys(menu: Driver) -> None:
    choose(menu, "Handicap game")
    scene = menu.scene
    assert isinstance(scene, HandicapScene)
    menu.press(pygame.K_RIGHT)  # the first arrow shows the cursor: on a hole that takes a peg
    first = menu.cursor
    assert first is not None and island_of(first) != CENTRE_ISLAND
    menu.press(pygame.K_RETURN)
    assert scene.setup.holes == [first]
    menu.press(pygame.K_SPACE)
    assert scene.setup.holes == []
    menu.cursor_to(parse_hole("A1"))
    menu.press(pygame.K_RETURN)
    menu.cursor_to(parse_hole("G7"))
    menu.press(pygame.K_SPACE)
    assert scene.setup.holes == [parse_hole("A1"), parse_hole("G7")]
    menu.tab_to("Start the game")
    assert menu.cursor is None
    menu.press(pygame.K_RETURN)
    menu.pump(2)
    assert is_game(menu.scene, "fire-and-ice")
    assert menu.game.session.setup.holes == (parse_hole("A1"), parse_hole("G7"))


# --- whole games by keys alone ------------------------------------------------------------


def play_by_cursor(ui: Driver, move: object) -> None:
    """Play ``move`` with the cursor: Tab or the arrows to its piece, Enter, then to where
    it goes, Space."""
    src, dst = move.src, move.dst  # type: ignore[attr-defined]
    ui.cursor_to(src)
    ui.press(pygame.K_RETURN)
    assert ui.game.controller.selected == src, ui.message
    for _ in range(12):  # Tab through the destinations
        if ui.cursor == dst:
            break
        ui.press(pygame.K_TAB)
    ui.press(pygame.K_SPACE)


def play_by_typing(ui: Driver, move: object) -> None:
    """Play ``move`` by typing it, without its dash, and Enter."""
    ui.type_keys(str(move).replace("-", ""))
    ui.press(pygame.K_RETURN)


@pytest.mark.slow
def test_a_two_player_game_won_by_keys_alone(menu: Driver) -> None:
    menu.press(pygame.K_TAB)
    assert menu.focused_text == "Learn"
    menu.press(pygame.K_TAB)
    assert menu.focused_text == "Two players"
    menu.press(pygame.K_RETURN)
    menu.pump(2)
    ui = menu
    assert is_game(ui.scene, "fire-and-ice", computer=False)
    seed = 1745
    moves = winning_moves(seed)
    for index, move in enumerate(moves):
        if index % 3 == 0:
            play_by_typing(ui, move)
        else:
            play_by_cursor(ui, move)
        assert ui.played == [str(m) for m in moves[: index + 1]], ui.message
    position = ui.position
    assert isinstance(position, Position) and position.winner is WINNING_SEEDS[seed]
    ui.settle()
    assert ui.panel.over_panel is not None
    ui.press(pygame.K_F6)
    ui.tab_to("Rematch")
    ui.press(pygame.K_RETURN)
    ui.pump(2)
    assert ui.played == []


@pytest.mark.slow
def test_a_solitaire_deal_won_by_keys_alone(menu: Driver) -> None:
    choose(menu, "Solitaire")
    ui = menu
    assert is_game(ui.scene, "solitaire")
    ui.press(pygame.K_F6)
    entry = ui.game.view.deal_entry  # type: ignore[attr-defined]
    while ui.focused is not entry:
        ui.press(pygame.K_TAB)
    ui.press(pygame.K_END)
    ui.press(pygame.K_BACKSPACE, times=8)
    ui.type_keys(str(DEAL))
    ui.press(pygame.K_RETURN)
    ui.pump(2)
    assert ui.game.session.setup.number == DEAL  # type: ignore[union-attr]
    ui.press(pygame.K_F6)
    start = ui.game.controller.history.position
    assert isinstance(start, SolitairePosition)
    line = solve(start).line
    assert line is not None
    for index, move in enumerate(line):
        if index % 2:
            play_by_typing(ui, move)
        else:
            play_by_cursor(ui, move)
        assert len(ui.played) == index + 1, ui.message
    assert ui.game.controller.history.position.result == "won"


@pytest.mark.slow
def test_an_icebreaker_game_played_to_its_end_by_keys_alone(menu: Driver) -> None:
    choose(menu, "Icebreaker")
    menu.tab_to("4")
    menu.press(pygame.K_SPACE)
    choose(menu, "Start")
    ui = menu
    assert is_game(ui.scene, "icebreaker", computer=False)
    position = ui.position
    assert isinstance(position, IcebreakerPosition) and position.size == 4
    count = 0
    while not position.is_over:
        # Each side takes the first capture it has, else its first move.
        moves = position.legal_moves()
        captures = [move for move in moves if position.icebergs >> move.dst & 1]
        move = (captures or moves)[0]
        if count % 2:
            play_by_typing(ui, move)
        else:
            play_by_cursor(ui, move)
        count += 1
        assert len(ui.played) == count, ui.message
        position = ui.position  # type: ignore[assignment]
        assert isinstance(position, IcebreakerPosition)
        assert count < 200
    assert position.winner is not None
    ui.settle()
    assert ui.panel.over_panel is not None


@pytest.mark.slow
def test_in_icebreaker_row_letters_type_moves_and_ctrl_gives_the_shortcut(menu: Driver) -> None:
    choose(menu, "Icebreaker")
    menu.press(pygame.K_RETURN)  # Enter on the card: Start, as before
    menu.pump(2)
    ui = menu
    assert is_game(ui.scene, "icebreaker")
    ui.press(pygame.K_h)  # row h of the side-5 board
    assert ui.message.startswith("Typed: h")
    ui.press(pygame.K_ESCAPE)
    ui.press(pygame.K_h, CTRL)
    assert "Typed" not in ui.message
    assert ui.game.work.hints.job is not None or ui.game.work.hints.move is not None
    ui.type_keys("e9-e8")
    ui.press(pygame.K_RETURN)
    assert ui.played == [] or ui.played == ["e9-e8"]
    position = ui.position
    assert isinstance(position, IcebreakerPosition)
    legal = str(position.legal_moves()[0]) if ui.played == [] else None
    if legal is not None:
        ui.type_keys(legal)
        ui.press(pygame.K_RETURN)
        assert ui.played == [legal]


def test_the_keys_words_are_said_in_italian(ui: Driver) -> None:
    try:
        language.use("it", ui.app.manager)
        ui.type_keys("d4c")
        assert ui.message.startswith("Digitata: D4C (Invio")
        ui.press(pygame.K_ESCAPE)
        ui.press(pygame.K_F6)
        assert ui.message.startswith("I pulsanti hanno il focus")
    finally:
        language.use("en", ui.app.manager)


@pytest.mark.slow
def test_a_saved_game_opened_through_folders_by_keys(menu: Driver, tmp_path: Path) -> None:
    folder = tmp_path / "games" / "kept"
    folder.mkdir(parents=True)
    (folder / "opening.fireice").write_text(
        GameRecord(moves=tuple(Move.parse(m) for m in ("D4-C4", "D4-A4"))).to_json()
    )
    choose(menu, "Open a saved game")
    dialog = menu.scene.files.dialog  # type: ignore[attr-defined]
    assert dialog is not None and dialog.alive()
    entry = dialog.file_path_text_line
    while menu.focused is not entry:
        menu.press(pygame.K_TAB)
    menu.press(pygame.K_END)
    menu.press(pygame.K_BACKSPACE, times=len(entry.get_text()))
    menu.type_text(str(tmp_path / "games"))
    menu.press(pygame.K_RETURN)  # the folder typed: the dialog goes there
    menu.pump(2)
    assert Path(dialog.current_directory_path) == tmp_path / "games"
    menu.tab_to("kept")
    menu.press(pygame.K_RETURN)  # picks the folder
    menu.pump(2)
    menu.press(pygame.K_RETURN)  # and again: opens it
    menu.pump(2)
    assert Path(dialog.current_directory_path) == folder
    menu.tab_to("opening.fireice")
    menu.press(pygame.K_SPACE)
    menu.pump(2)
    while menu.focused is not dialog.ok_button:
        menu.press(pygame.K_TAB)
    menu.press(pygame.K_RETURN)
    menu.pump(3)
    assert is_game(menu.scene, "fire-and-ice")
    assert menu.played == ["D4-C4", "D4-A4"]
