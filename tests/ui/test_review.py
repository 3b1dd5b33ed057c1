"""The computer's review and the tutor on the game screen, driven by real events."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from fireice_desktop.engine.analysis import assess
from fireice_desktop.engine.games.fireice.rules import Color
from fireice_desktop.engine.record import GameRecord
from tests.support.monkey import quick_reviews
from tests.support.ui import Driver, open_ui, plain_text, pygame

CTRL = pygame.KMOD_LCTRL

#: Two players' moves from the start; then Ice's B3-B2 lets Fire win with G-D-B at once.
LINE = [
    "D4-D6",
    "D4-D1",
    "D4-A4",
    "D1-B1",
    "D6-F6",
    "D6-G6",
    "A4-E4",
    "G6-G2",
    "D6-C6",
    "D6-D7",
    "D1-D3",
    "D4-F4",
    "D3-C3",
    "D1-G1",
    "C3-C5",
    "G2-G4",
    "G6-G5",
    "G1-C1",
    "C5-C4",
    "B1-B3",
    "F6-F5",
    "D3-A3",
    "F5-F7",
]
BLUNDER = "B3-B2"
WARNING = "B3-B2 lets Fire win with G-D-B on the next move. Play it anyway?"
#: A short finished game: Fire wins (the review of a whole game takes a few seconds).
SHORT = ("D4-C4", "D4-A4", "C4-C1", "A4-A1", "C1-C7")


@pytest.fixture
def ui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    with open_ui(tmp_path / "config", monkeypatch) as driver:
        yield driver


def pump_until(ui: Driver, done: object, limit: float = 60.0) -> None:
    """Pump frames as the real loop would until ``done()`` holds."""
    deadline = time.monotonic() + limit
    while not done():  # type: ignore[operator]
        assert time.monotonic() < deadline, "waited too long"
        ui.pump(1, dt=0.05)
        time.sleep(0.01)
    ui.pump(2)


def open_game(ui: Driver, moves: tuple[str, ...] | list[str], **computer: str) -> None:
    record = GameRecord(
        moves=tuple(moves),  # type: ignore[arg-type]
        computer=tuple((Color.parse(side), level) for side, level in computer.items()),
    )
    ui.app.open_record(GameRecord.parse(record.to_json()))
    ui.pump(2)


# --- the review ------------------------------------------------------------------------------


@pytest.mark.slow
def test_analyse_reviews_the_game_with_progress_marks_graph_and_summary(ui: Driver) -> None:
    open_game(ui, list(SHORT[:4]))
    game = ui.game
    ui.key(pygame.K_PAGEUP)  # into review: Analyse is offered
    assert ui.panel.analyse_button.visible
    ui.click_element(ui.panel.analyse_button)
    assert game.work.analysis.running
    assert ui.panel.analyse_button.text == "Cancel"
    assert ui.panel.progress_bar.visible
    pump_until(ui, lambda: not game.work.analysis.running)
    reviewed = game.work.analysis.result
    assert reviewed is not None and len(reviewed.moves) == 4
    assert not ui.panel.progress_bar.visible
    assert ui.panel.graph_rect is not None
    labels = [item["text"] for item in ui.panel.move_list.item_list]
    assert labels == [
        f"  {i + 1}. {side} {move}{m.verdict.symbol}"
        for i, (side, move, m) in enumerate(
            zip(("Fire", "Ice", "Fire", "Ice"), SHORT, reviewed.moves, strict=False)
        )
    ]
    summaries = reviewed.summaries()
    assert ui.message == f"{summaries[0].brief()}. {summaries[1].brief()}."


@pytest.mark.slow
def test_clicking_the_graph_shows_that_position_and_judges_its_move(ui: Driver) -> None:
    open_game(ui, list(SHORT[:4]))
    game = ui.game
    ui.key(pygame.K_a, CTRL)
    pump_until(ui, lambda: game.work.analysis.result is not None)
    graph = ui.panel.graph_rect
    assert graph is not None
    # The second of five points: the position after move 1, where Ice chose D4-A4.
    inner = graph.inflate(-10, -10)
    ui.click((inner.x + round(inner.width / 4), graph.centery))
    assert game.controller.review == 1
    assert plain_text(ui.message).startswith("Move 2, Ice: D4-A4")
    picture = ui.picture()
    assert picture.played is not None


def test_an_analysis_can_be_cancelled_with_esc(ui: Driver) -> None:
    open_game(ui, list(LINE))
    game = ui.game
    ui.key(pygame.K_a, CTRL)
    assert game.work.analysis.running
    ui.key(pygame.K_ESCAPE)
    assert not game.work.analysis.running and game.work.analysis.result is None
    assert ui.message == "The analysis was stopped."
    assert ui.panel.analyse_button.text == "Analyse"
    assert ui.played == LINE  # nothing else changed


@pytest.mark.slow
def test_a_new_move_drops_the_review_of_the_old_line(ui: Driver) -> None:
    open_game(ui, list(SHORT[:4]))
    game = ui.game
    ui.key(pygame.K_a, CTRL)
    pump_until(ui, lambda: game.work.analysis.result is not None)
    ui.key(pygame.K_END)
    ui.play(SHORT[4])
    ui.settle()
    assert game.work.analysis.result is None
    assert ui.panel.graph_rect is None


# --- the tutor --------------------------------------------------------------------------


def turn_tutor(ui: Driver, on: bool) -> None:
    ui.app.settings.tutor = on


@pytest.mark.slow
def test_the_tutor_asks_before_a_blunder_and_esc_takes_it_back(ui: Driver) -> None:
    turn_tutor(ui, True)
    open_game(ui, LINE)
    ui.play(BLUNDER)
    pump_until(ui, lambda: ui.dialog is not None)
    assert WARNING in plain_text(ui.dialog.confirmation_text.html_text)  # type: ignore[union-attr]
    assert ui.dialog.cancel_button.text == "Take it back"  # type: ignore[union-attr]
    ui.key(pygame.K_ESCAPE)
    assert ui.dialog is None
    assert ui.played == LINE
    assert ui.message == "Taken back: choose another move."


@pytest.mark.slow
def test_the_tutors_question_takes_no_key_typed_before_it_and_enter_takes_it_back(
    ui: Driver,
) -> None:
    turn_tutor(ui, True)
    open_game(ui, LINE)
    ui.play(BLUNDER)
    pump_until(ui, lambda: ui.dialog is not None)
    # The player goes on typing the next move as the question opens: nothing is answered.
    ui.type_keys("E2")
    ui.key(pygame.K_RETURN)
    assert ui.dialog is not None and ui.dialog.alive()
    assert ui.played == [*LINE, BLUNDER]
    ui.pump(1, dt=0.6)  # the question has been read
    assert "Enter takes it back" in plain_text(ui.dialog.confirmation_text.html_text)
    ui.key(pygame.K_RETURN)  # the safe answer
    assert ui.dialog is None
    assert ui.played == LINE
    assert ui.message == "Taken back: choose another move."


@pytest.mark.slow
def test_the_tutor_lets_the_player_play_it_anyway(ui: Driver) -> None:
    turn_tutor(ui, True)
    open_game(ui, LINE)
    ui.play(BLUNDER)
    pump_until(ui, lambda: ui.dialog is not None)
    ui.answer(confirm=True)
    ui.pump(2)
    assert ui.played == [*LINE, BLUNDER]
    assert ui.dialog is None


@pytest.mark.slow
def test_the_tutor_says_nothing_about_a_sound_move_or_when_off(ui: Driver) -> None:
    turn_tutor(ui, True)
    open_game(ui, LINE)
    sound = str(assess(ui.game.controller.history.position).position.best)
    ui.play(sound)
    pump_until(ui, lambda: not ui.game.work.tutor.checking)
    assert ui.dialog is None and ui.played == [*LINE, sound]
    turn_tutor(ui, False)
    open_game(ui, LINE)
    ui.play(BLUNDER)
    ui.pump(5)
    assert not ui.game.work.tutor.checking and ui.dialog is None
    assert ui.played == [*LINE, BLUNDER]


@pytest.mark.slow
def test_against_the_computer_it_waits_for_the_answer(ui: Driver) -> None:
    turn_tutor(ui, True)
    open_game(ui, LINE, fire="beginner")
    ui.play(BLUNDER)
    pump_until(ui, lambda: ui.dialog is not None)
    for _ in range(30):  # the computer would have answered long since
        ui.pump(1, dt=0.1)
    assert ui.played == [*LINE, BLUNDER]
    ui.answer(confirm=False)  # Take it back
    ui.pump(2)
    assert ui.played == LINE
    assert ui.game.controller.history.position.to_move is Color.ICE


# --- stepping through the moves ----------------------------------------------------------------


def selected_moves(ui: Driver) -> list[int]:
    return [i for i, item in enumerate(ui.panel.move_list.item_list) if item["selected"]]


def test_the_step_buttons_walk_through_the_game_and_mark_the_move_shown(ui: Driver) -> None:
    open_game(ui, LINE[:6])
    controller = ui.game.controller
    start, back, on, present = ui.panel.step_buttons
    assert [b.text for b in ui.panel.step_buttons] == ["«", "\u2039", "\u203a", "»"]
    assert back.is_enabled and not on.is_enabled  # at the present: nothing further on
    ui.click_element(back)
    assert controller.review == 5  # the position before the last move
    assert selected_moves(ui) == [4]  # the move that led to it, marked
    ui.click_element(start)
    assert controller.review == 0 and selected_moves(ui) == []
    assert not start.is_enabled and not back.is_enabled and on.is_enabled
    ui.click_element(on)
    ui.click_element(on)
    assert controller.review == 2 and selected_moves(ui) == [1]
    ui.click_element(present)
    assert controller.review is None and selected_moves(ui) == []
    assert not on.is_enabled and not present.is_enabled


@pytest.mark.slow  # a review of 24 moves
def test_a_finished_review_opens_at_the_first_mistake(ui: Driver) -> None:
    # The whole line, then the blunder that hands Fire the win: the review marks it (a
    # small search a position is enough to see a win on the next move).
    open_game(ui, [*LINE, BLUNDER])
    game = ui.game
    with quick_reviews(3000):
        ui.key(pygame.K_a, CTRL)
        pump_until(ui, lambda: game.work.analysis.result is not None)
    reviewed = game.work.analysis.result
    errors = [i for i, m in enumerate(reviewed.moves) if m.verdict.symbol in ("?", "??")]
    assert errors, "the blunder is marked"
    assert game.controller.review == errors[0]  # the position the mistake was played in
    assert selected_moves(ui) == [errors[0]]
    summaries = reviewed.summaries()
    assert ui.message == f"{summaries[0].brief()}. {summaries[1].brief()}."
