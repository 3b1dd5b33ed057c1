"""The Statistics screen and the counts behind it, after real games played by clicks: against
the computer, between two players, Icebreaker, solitaire deals won and left, and the reset
that asks first."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from fireice_desktop.engine.games.fireice import solver
from fireice_desktop.engine.games.fireice.rules import Color
from fireice_desktop.engine.games.fireice.solitaire import SolitairePosition
from fireice_desktop.engine.games.icebreaker.board import Side
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.engine.search import search
from fireice_desktop.files.statistics.store import (
    DASH,
    FILE_NAME,
    DealStatistics,
    DuelStatistics,
    Statistics,
    Tally,
)
from fireice_desktop.files.storage import data_dir
from fireice_desktop.ui.app import MIN_SIZE
from fireice_desktop.ui.games.fireice.solitaire import SolitaireView
from fireice_desktop.ui.screens.game import GameScreen
from fireice_desktop.ui.screens.menu import MenuScene
from fireice_desktop.ui.screens.statistics import StatisticsScene
from tests.support.ui import (
    Driver,
    is_game,
    open_ui,
    pygame,
    pygame_gui,
    text_overflows,
    wait_for_computer,
    winning_moves,
)

CTRL = pygame.KMOD_LCTRL


@pytest.fixture
def ui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """A fresh app on its menu, with files of its own."""
    with open_ui(tmp_path / "config", monkeypatch) as driver:
        yield driver


def counted(ui: Driver) -> Statistics:
    """The statistics as the player's files hold them now."""
    return ui.app.files.statistics()


def open_statistics(ui: Driver) -> StatisticsScene:
    """From a game or the menu, the Statistics screen by its menu entry."""
    if not isinstance(ui.scene, MenuScene):
        ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.scene, MenuScene)
    ui.click_button("Statistics")
    scene = ui.scene
    assert isinstance(scene, StatisticsScene)
    return scene


def game(ui: Driver) -> GameScreen:
    scene = ui.scene
    assert isinstance(scene, GameScreen), f"not a game: {scene!r}"
    return scene


def play_to_the_end(ui: Driver, brain: str) -> None:
    """Play the person's side by clicks, each move the one the ``brain`` level chooses,
    while the computer plays its own, until the game ends."""
    scene = game(ui)
    for _ in range(400):
        position = scene.controller.history.position
        if position.is_over:
            return
        if scene.table.computer_to_move(scene.controller) is not None:
            wait_for_computer(ui)
        else:
            ui.play_cells(search(position, brain, len(ui.played)).move)
    raise AssertionError("the game did not end")


# --- the screen -----------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["back", "escape"])
def test_the_menu_entry_opens_the_screen_and_back_returns(ui: Driver, how: str) -> None:
    scene = open_statistics(ui)
    assert scene.cells[("fire-and-ice", "beginner", "fire")] == DASH
    assert scene.cells[("icebreaker", "all", "all")] == DASH
    assert scene.figures == {
        "deals played": "0",
        "deals won": "0",
        "current streak": "0",
        "best streak": "0",
    }
    assert "Two players: no game finished yet" in scene.texts
    assert "Deals won: none yet" in scene.texts
    if how == "back":
        ui.click_button("Back")
    else:
        ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.scene, MenuScene)
    assert not (data_dir() / FILE_NAME).exists(), "looking writes nothing"


def test_the_menu_with_continue_and_statistics_fits_the_smallest_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path / "config", monkeypatch, size=MIN_SIZE) as ui:
        ui.click_button("Two players")
        ui.play("D4-C4")
        ui.key(pygame.K_ESCAPE)
        menu = ui.scene
        assert isinstance(menu, MenuScene)
        assert ui.has_button("Continue") and ui.has_button("Statistics")
        window = pygame.Rect((0, 0), MIN_SIZE)
        assert window.contains(menu.panel_rect)
        for element in ui.elements():
            assert window.contains(element.rect)  # type: ignore[attr-defined]
            assert not text_overflows(element)
        buttons = [e for e in ui.elements() if isinstance(e, pygame_gui.elements.UIButton)]
        # Continue and every entry, Learn, Puzzles and Play a friend among them
        assert len(buttons) == 14
        assert all(menu.panel_rect.contains(element.rect) for element in buttons)


@pytest.mark.slow
@pytest.mark.parametrize("size", [(860, 600), (1280, 800)])
def test_the_card_fits_the_window_with_every_count_in_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    busy = Statistics()
    duel = busy.duels.setdefault("fire-and-ice", DuelStatistics())
    for level in ("beginner", "casual", "strong", "expert"):
        duel.computer[level] = {"fire": Tally(1234, 567), "ice": Tally(1234, 567)}
    deals = busy.deals.setdefault("solitaire", DealStatistics())
    deals.deals_won = set(range(1, 400_000, 7))
    deals.played = deals.won = len(deals.deals_won)
    with open_ui(tmp_path / "config", monkeypatch, size=size) as ui:
        data_dir().mkdir(parents=True)
        (data_dir() / FILE_NAME).write_text(busy.to_text())
        scene = open_statistics(ui)
        window = pygame.Rect((0, 0), size)
        assert window.contains(scene.panel_rect)
        for element in ui.elements():
            assert scene.panel_rect.contains(element.rect)  # type: ignore[attr-defined]
        assert scene.cells[("fire-and-ice", "all", "all")] == f"9872{DASH}4536"
        deals = [text for text in scene.texts if "Deals won" in text or "more" in text]
        assert deals[-1].endswith(" more"), "what does not fit is counted, not cut off"


# --- games between two sides -----------------------------------------------------------------


@pytest.mark.slow
def test_a_two_player_game_counts_once_when_it_ends(ui: Driver) -> None:
    ui.click_button("Two players")
    moves = winning_moves(1745)  # Fire wins
    for move in moves[:-1]:
        ui.play(move)
    assert counted(ui) == Statistics(), "nothing counts before the end"
    ui.play(moves[-1])
    assert counted(ui).duel("fire-and-ice").two_players == {"fire": 1}
    ui.key(pygame.K_z, CTRL)
    ui.key(pygame.K_y, CTRL)  # finished again
    ui.key(pygame.K_PAGEUP)  # looking back through it
    ui.key(pygame.K_END)
    assert counted(ui).duel("fire-and-ice").two_players == {"fire": 1}
    ui.click_button("Rematch")
    for move in moves:
        ui.play(move)
    scene = open_statistics(ui)
    assert counted(ui).duel("fire-and-ice").two_players == {"fire": 2}
    assert "Two players: 2 games (Fire won 2, Ice won 0)" in scene.texts
    assert scene.cells[("fire-and-ice", "all", "all")] == DASH, "none against the computer"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("side", "level", "brain", "won"),
    [
        pytest.param("Fire", "Beginner", "strong", True, id="won-as-fire-at-beginner"),
        pytest.param("Ice", "Strong", "beginner", False, id="lost-as-ice-at-strong"),
    ],
)
def test_a_game_against_the_computer_counts_by_level_and_colour(
    ui: Driver, side: str, level: str, brain: str, won: bool
) -> None:
    ui.click_button("Against the computer")
    ui.click_button(side)
    ui.click_button(level)
    ui.click_button("Start")
    play_to_the_end(ui, brain)
    winner = game(ui).controller.history.position.winner
    assert (winner is Color.parse(side)) == won
    key = (level.lower(), side.lower())
    expected = Tally(1, 0) if won else Tally(0, 1)
    duel = counted(ui).duel("fire-and-ice")
    assert duel.computer == {key[0]: {key[1]: expected}}
    assert duel.handicap == Tally() and duel.two_players == {}
    scene = open_statistics(ui)
    cell = f"1{DASH}0" if won else f"0{DASH}1"
    assert scene.cells[("fire-and-ice", *key)] == cell
    assert scene.cells[("fire-and-ice", key[0], "all")] == cell
    assert scene.cells[("fire-and-ice", "all", key[1])] == cell
    other = "ice" if key[1] == "fire" else "fire"
    assert scene.cells[("fire-and-ice", key[0], other)] == DASH


@pytest.mark.slow
def test_a_handicap_game_against_the_computer_counts_at_its_level_and_apart(ui: Driver) -> None:
    ui.click_button("Against the computer")
    ui.click_button("Beginner")
    ui.click_button("Handicap...")
    ui.click_button("1")
    ui.board_click("A1")
    ui.click_button("Start the game")
    play_to_the_end(ui, "strong")
    assert game(ui).controller.history.position.winner is Color.FIRE
    duel = counted(ui).duel("fire-and-ice")
    assert duel.computer == {"beginner": {"fire": Tally(1, 0)}}
    assert duel.handicap == Tally(1, 0)
    scene = open_statistics(ui)
    assert "With a handicap against the computer: won 1, lost 0" in scene.texts


def test_a_game_the_computer_plays_against_itself_does_not_count(ui: Driver) -> None:
    # The computer plays both sides from a game left just before its end, as Continue
    # would bring it back.
    moves = tuple(winning_moves(1745)[:-1])
    record = GameRecord(moves=moves, computer=((Color.FIRE, "beginner"), (Color.ICE, "beginner")))
    ui.app.open_record(record)
    for _ in range(60):
        if game(ui).controller.history.position.is_over:
            break
        wait_for_computer(ui)
    assert game(ui).controller.history.position.is_over
    assert counted(ui) == Statistics()


def test_a_finished_game_opened_again_does_not_count_even_redone(ui: Driver) -> None:
    record = GameRecord(moves=tuple(winning_moves(1986)), computer=((Color.FIRE, "casual"),))
    ui.app.open_record(record)
    ui.pump(2)
    assert game(ui).controller.review == 0, "it opens at its start, to look through"
    ui.key(pygame.K_END)
    ui.key(pygame.K_z, CTRL)  # the person's last move and the computer's reply
    ui.key(pygame.K_y, CTRL)
    assert game(ui).controller.history.position.is_over
    assert counted(ui) == Statistics()


@pytest.mark.slow
def test_a_game_finished_after_continue_counts(ui: Driver) -> None:
    ui.click_button("Two players")
    moves = winning_moves(1986)  # Fire's last move hands Ice the win
    for move in moves[:-1]:
        ui.play(move)
    ui.key(pygame.K_ESCAPE)
    ui.click_button("Continue")
    ui.play(moves[-1])
    assert counted(ui).duel("fire-and-ice").two_players == {"ice": 1}


@pytest.mark.slow
def test_a_losing_move_the_tutor_takes_back_is_not_counted(ui: Driver) -> None:
    ui.app.settings.tutor = True
    moves = winning_moves(1986)  # Fire's last move hands Ice the win at once
    ui.app.open_record(GameRecord(moves=tuple(moves[:-1])))
    ui.pump(2)
    for answer in (False, True):  # "Take it back", then "Play it"
        ui.play(moves[-1])
        assert game(ui).controller.history.position.is_over
        assert counted(ui) == Statistics(), "nothing counts while the tutor judges the move"
        game(ui).work.tutor.settle(60.0)
        ui.pump(2)
        assert ui.dialog is not None, "the tutor asks about the losing move"
        assert counted(ui) == Statistics(), "nothing counts while the move may be taken back"
        ui.answer(answer)
        ui.pump(2)
    assert game(ui).controller.history.position.is_over
    assert counted(ui).duel("fire-and-ice").two_players == {"ice": 1}


# --- Icebreaker -----------------------------------------------------------------------------


@pytest.mark.slow
def test_icebreaker_games_count_against_the_computer_and_between_two(ui: Driver) -> None:
    ui.click_button("Icebreaker")
    ui.click_button("4")
    ui.click_button("Computer")
    ui.click_button("Red")
    ui.click_button("Beginner")
    ui.click_button("Start")
    play_to_the_end(ui, "strong")
    assert game(ui).controller.history.position.winner is Side.RED
    ui.key(pygame.K_n, text="n")  # New game: the set-up card again
    ui.click_button("A friend")
    ui.click_button("Start")
    assert is_game(ui.scene, "icebreaker", computer=False)
    play_to_the_end(ui, "beginner")
    winner = game(ui).controller.history.position.winner
    assert winner is not None
    duel = counted(ui).duel("icebreaker")
    assert duel.computer == {"beginner": {"red": Tally(1, 0)}}
    assert duel.two_players == {winner.key: 1}
    assert "fire-and-ice" not in counted(ui).duels
    scene = open_statistics(ui)
    assert scene.cells[("icebreaker", "beginner", "red")] == f"1{DASH}0"
    assert scene.cells[("icebreaker", "beginner", "black")] == DASH
    wins = {Side.RED: 0, Side.BLACK: 0, winner: 1}
    assert (
        f"Two players: 1 game (Red won {wins[Side.RED]}, Black won {wins[Side.BLACK]})"
        in scene.texts
    )


# --- the solitaire --------------------------------------------------------------------------


def open_deal(ui: Driver, deal: int) -> None:
    """Type ``deal`` into the solitaire's deal box and press Enter (answering yes if asked)."""
    view = game(ui).view
    assert isinstance(view, SolitaireView)
    ui.clear_entry(view.deal_entry)
    ui.type_text(str(deal))
    ui.key(pygame.K_RETURN)
    if ui.dialog is not None:
        ui.answer(True)
    assert game(ui).view.deal == deal  # type: ignore[attr-defined]


def winning_line(deal: int) -> list[str]:
    line = solver.solve(SolitairePosition.deal(deal)).line
    assert line is not None
    return [str(move) for move in line]


@pytest.mark.slow
def test_solitaire_deals_played_won_and_the_streak(ui: Driver) -> None:
    ui.click_button("Solitaire")
    open_deal(ui, 5)
    line = winning_line(5)
    ui.play(line[0])
    solitaire = counted(ui).deals_of("solitaire")
    assert (solitaire.played, solitaire.won, solitaire.open_deal) == (1, 0, 5)
    ui.click_button("Restart")
    ui.answer(True)
    for move in line:
        ui.play(move)
    assert game(ui).controller.history.position.result == "won"
    solitaire = counted(ui).deals_of("solitaire")
    assert (solitaire.played, solitaire.won, solitaire.streak, solitaire.best_streak) == (
        1,
        1,
        1,
        1,
    ), "restarting the same deal is the same deal played"
    assert solitaire.deals_won == {5}
    ui.key(pygame.K_z, CTRL)
    ui.play(line[-1])  # won again after taking the last move back: counted once
    assert counted(ui).deals_of("solitaire").won == 1

    open_deal(ui, 64)  # played and left without a win...
    ui.play(SolitairePosition.deal(64).legal_moves()[0])
    assert counted(ui).deals_of("solitaire").streak == 1
    open_deal(ui, 7)
    ui.play(SolitairePosition.deal(7).legal_moves()[0])  # ...which ends the streak here
    solitaire = counted(ui).deals_of("solitaire")
    assert (solitaire.played, solitaire.won, solitaire.streak, solitaire.best_streak) == (
        3,
        1,
        0,
        1,
    )
    open_deal(ui, 10)  # a deal opened without a move is not played
    assert counted(ui).deals_of("solitaire").played == 3

    scene = open_statistics(ui)
    assert scene.figures == {
        "deals played": "3",
        "deals won": "1",
        "current streak": "0",
        "best streak": "1",
    }
    assert "Deals won: 5" in scene.texts


# --- reset and a damaged file --------------------------------------------------------------


@pytest.mark.slow
def test_reset_asks_first_and_cancel_keeps_every_count(ui: Driver) -> None:
    ui.click_button("Two players")
    for move in winning_moves(1745):
        ui.play(move)
    scene = open_statistics(ui)
    before = (data_dir() / FILE_NAME).read_text()
    ui.click_button("Reset statistics...")
    dialog = ui.dialog
    assert dialog is not None
    assert dialog.window_display_title == "Reset the statistics"
    assert dialog.confirm_button.text == "Reset"
    ui.answer(False)
    assert ui.dialog is None and ui.scene is scene
    assert (data_dir() / FILE_NAME).read_text() == before
    assert "Two players: 1 game (Fire won 1, Ice won 0)" in scene.texts
    ui.click_button("Reset statistics...")
    ui.key(pygame.K_ESCAPE)  # closes the question, not the screen
    assert ui.dialog is None and ui.scene is scene
    assert counted(ui).duel("fire-and-ice").two_players == {"fire": 1}

    ui.click_button("Reset statistics...")
    ui.answer(True)
    assert counted(ui) == Statistics()
    assert json.loads((data_dir() / FILE_NAME).read_text()) == Statistics().to_json()
    assert "Two players: no game finished yet" in scene.texts
    assert "The statistics were reset: counting starts afresh." in scene.texts


@pytest.mark.slow
def test_a_damaged_file_is_set_aside_and_the_screen_says_so(ui: Driver) -> None:
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / FILE_NAME).write_text('{"format": "fireice-statistics", "version": 1, "solitai')
    scene = open_statistics(ui)
    assert (
        f"The statistics file is cut short: it was kept as {FILE_NAME}.damaged, "
        "and counting starts afresh." in " ".join(scene.texts)
    )
    assert (folder / f"{FILE_NAME}.damaged").read_text().endswith('"solitai')
    ui.click_button("Back")
    ui.click_button("Two players")
    for move in winning_moves(1745):
        ui.play(move)
    assert counted(ui).duel("fire-and-ice").two_players == {"fire": 1}


@pytest.mark.slow
def test_a_damaged_file_found_while_playing_does_not_stop_the_game(ui: Driver) -> None:
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / FILE_NAME).mkdir()  # a folder where the file should be
    ui.click_button("Two players")
    for move in winning_moves(1745):
        ui.play(move)
    assert game(ui).panel is not None and game(ui).panel.over_panel is not None
    assert counted(ui).duel("fire-and-ice").two_players == {"fire": 1}
    assert (folder / f"{FILE_NAME}.damaged").is_dir()
    scene = open_statistics(ui)
    assert any(text.startswith("The statistics file is a folder") for text in scene.texts)
