"""The computer's review and the tutor on the game screen, driven by real events."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from fireice_desktop.engine.analysis.review import Verdict, assess
from fireice_desktop.engine.games.fireice.rules import Color
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.ui.game.advice.review import VERDICT_RGB
from fireice_desktop.ui.toolkit.language import say
from fireice_desktop.ui.toolkit.scaling import px
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
    # The mistake is explained there; the summary is under the graph.
    assert ui.message == judged_words(ui, errors[0])
    assert ui.panel.graph_summary


# --- keeping the thread of a review ------------------------------------------------------------

#: The line and its blunder, then Fire's win with G-D-B: a finished game of 25 moves.
FINISHED = [*LINE, BLUNDER, "F7-B7"]


def judged_words(ui: Driver, index: int) -> str:
    """What the message box says of move ``index`` of the analysed game on screen."""
    game = ui.game
    reviewed = game.work.analysis.result
    assert reviewed is not None
    move = reviewed.moves[index]
    return game.view.judged_move_words(move, reviewed.positions[move.ply])


def summary_words(ui: Driver) -> str:
    reviewed = ui.game.work.analysis.result
    assert reviewed is not None
    return " ".join(f"{say(summary.brief())}." for summary in reviewed.summaries())


def analyse(ui: Driver, moves: list[str]) -> None:
    """Open the game of ``moves`` and analyse it (a small search a position)."""
    open_game(ui, moves)
    game = ui.game
    with quick_reviews(3000):
        ui.key(pygame.K_a, CTRL)
        pump_until(ui, lambda: game.work.analysis.result is not None)


def in_sight(ui: Driver, index: int) -> bool:
    """Whether line ``index`` of the move list is shown whole."""
    moves = ui.panel.move_list
    button = moves.item_list[index]["button_element"]
    box = moves.item_list_container
    return button is not None and box is not None and box.rect.contains(button.rect)


def looks_picked(ui: Driver, index: int) -> bool:
    """Whether line ``index`` of the move list is drawn as the one picked."""
    button = ui.panel.move_list.item_list[index]["button_element"]
    return button is not None and button.drawable_shape.active_state.state_id == "selected"


def click_line(ui: Driver, index: int) -> None:
    """Click line ``index`` of the move list (in sight)."""
    button = ui.panel.move_list.item_list[index]["button_element"]
    assert button is not None, f"line {index} is not in sight"
    ui.click(button.rect.center)
    ui.pump(2)


@pytest.mark.slow  # a review of 25 moves
def test_clicking_the_move_shown_keeps_it_picked_and_explained(ui: Driver) -> None:
    analyse(ui, FINISHED)
    game = ui.game
    first = game.controller.review
    assert first is not None and selected_moves(ui) == [first]
    click_line(ui, first)
    assert game.controller.review == first
    assert selected_moves(ui) == [first] and looks_picked(ui, first)
    assert ui.message == judged_words(ui, first)
    # Another move, then the same one again, and once more.
    click_line(ui, first + 1)
    assert selected_moves(ui) == [first + 1] and ui.message == judged_words(ui, first + 1)
    for _ in range(2):
        click_line(ui, first + 1)
        assert game.controller.review == first + 1
        assert selected_moves(ui) == [first + 1] and looks_picked(ui, first + 1)
        assert ui.message == judged_words(ui, first + 1)


@pytest.mark.slow  # a review of 24 moves
def test_a_review_without_mistakes_says_its_summary_until_a_move_is_picked(ui: Driver) -> None:
    open_game(ui, list(SHORT[:4]))
    game = ui.game
    ui.key(pygame.K_PAGEUP)  # the position before the last move
    with quick_reviews(3000):
        ui.key(pygame.K_a, CTRL)
        pump_until(ui, lambda: game.work.analysis.result is not None)
    reviewed = game.work.analysis.result
    assert not [m for m in reviewed.moves if m.verdict.symbol in ("?", "??")]
    assert game.controller.review == 3 and selected_moves(ui) == [3]
    assert ui.message == summary_words(ui)
    click_line(ui, 3)  # the move shown, picked: its words now
    assert selected_moves(ui) == [3] and ui.message == judged_words(ui, 3)


@pytest.mark.slow  # a review of 25 moves
@pytest.mark.parametrize("size", [(860, 600), (1280, 800)])
def test_stepping_to_the_end_keeps_the_list_at_the_end_and_explains(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    with open_ui(tmp_path / "config", monkeypatch, size=size) as ui:
        analyse(ui, FINISHED)
        game, panel = ui.game, ui.panel
        last = len(FINISHED) - 1
        on = panel.step_buttons[2]
        while game.controller.review is not None and game.controller.review < last:
            ui.click_element(on)
            index = game.controller.review
            assert selected_moves(ui) == [index]
            assert in_sight(ui, index), f"move {index + 1} is out of sight"
            assert ui.message == judged_words(ui, index)
        assert game.controller.review == last
        # One more step: the end of the game, its last move still in sight, and the summary.
        ui.click_element(on)
        assert game.controller.review is None
        assert in_sight(ui, last)
        assert ui.message == summary_words(ui)
        # » there, and from the start: the same.
        ui.click_element(panel.step_buttons[0])
        ui.click_element(panel.step_buttons[3])
        assert in_sight(ui, last)
        assert ui.message == summary_words(ui)


@pytest.mark.slow  # a review of 24 moves
def test_back_at_an_unfinished_game_its_latest_moves_are_in_sight(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # In the smallest window the game's own panel keeps two lines of the moves under the
    # graph: pygame-gui's scroll bar has too little room to show the foot of the list.
    with open_ui(tmp_path / "config", monkeypatch, size=(860, 600)) as ui:
        analyse(ui, [*LINE, BLUNDER])
        panel = ui.panel
        ui.click_element(panel.step_buttons[3])  # », to the game as it stands
        assert ui.game.controller.review is None
        assert panel.undo_button.visible and panel.save_button.visible  # the game's rows
        assert in_sight(ui, len(LINE))
        ui.click_element(panel.step_buttons[1])  # one back: the last move, judged
        assert selected_moves(ui) == [len(LINE)] and in_sight(ui, len(LINE))
        ui.click_element(panel.step_buttons[3])
        assert in_sight(ui, len(LINE))


@pytest.mark.slow  # a review of 25 moves, in each language
@pytest.mark.parametrize("language", ["en", "it"])
def test_the_review_at_860x600_shows_the_move_and_its_words_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    with open_ui(tmp_path / "config", monkeypatch, size=(860, 600), language=language) as ui:
        analyse(ui, FINISHED)
        game, panel = ui.game, ui.panel
        moves = panel.move_list
        # Five lines of the moves at least, beside the graph and its summary lines.
        assert moves.rect.height >= 5 * moves.list_item_height
        assert panel.graph_summary
        start = game.controller.review
        assert start is not None
        # Every move of the review: marked, in sight, its words whole with no scroll bar.
        ui.click_element(panel.step_buttons[0])
        for index in range(len(FINISHED)):
            if index:
                ui.click_element(panel.step_buttons[2])
            assert game.controller.review == index and selected_moves(ui) == [index]
            assert in_sight(ui, index), f"move {index + 1} is out of sight"
            assert ui.message == judged_words(ui, index)
            assert panel.message_box.scroll_bar is None, f"move {index + 1}: {ui.message}"
        ui.click_element(panel.step_buttons[2])  # the end: the summary, whole
        assert ui.message == summary_words(ui) and panel.message_box.scroll_bar is None
        # Every widget shown stays in the window, none over another.
        window = pygame.Rect((0, 0), (860, 600))
        kept = [panel.new_button, panel.menu_button, panel.analyse_button]
        shown = [e.rect for e in [panel.message_box, moves, *panel.step_buttons, *kept]]
        assert all(window.contains(rect) for rect in shown)
        assert not any(a.colliderect(b) for i, a in enumerate(shown) for b in shown[i + 1 :])
        assert panel.graph_rect is not None
        assert not any(panel.graph_rect.colliderect(rect) for rect in shown)


def ink_height(picture: pygame.Surface, top: int) -> int:
    """The height of what is drawn on ``picture`` from row ``top`` down."""
    rows = [
        y
        for y in range(top, picture.get_height())
        if any(picture.get_at((x, y)).a for x in range(picture.get_width()))
    ]
    return rows[-1] - rows[0] + 1 if rows else 0


def dot_pixels(picture: pygame.Surface) -> int:
    """The pixels of the blunders' marks on the graph."""
    colour = pygame.Color(*VERDICT_RGB[Verdict.BLUNDER])
    width, height = picture.get_size()
    return sum(
        1 for x in range(width) for y in range(height) if picture.get_at((x, y))[:3] == colour[:3]
    )


@pytest.mark.slow  # a review of 25 moves, drawn in two windows
def test_the_graphs_summary_lines_and_marks_grow_with_the_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: dict[tuple[int, int], tuple[int, int, float]] = {}
    for size in [(1280, 800), (3840, 2160)]:
        with open_ui(tmp_path / f"config{size[0]}", monkeypatch, size=size) as ui:
            analyse(ui, FINISHED)
            game, panel = ui.game, ui.panel
            graph = panel.graph_rect
            assert graph is not None and panel.graph_summary
            picture = game.work.analysis.picture(graph.size, game.view.graph_colours, True)
            assert picture is not None
            summary = ink_height(picture, graph.height)
            drawn[size] = (summary, dot_pixels(picture), px(1000) / 1000)
    (summary_1280, dots_1280, _), (summary_4k, dots_4k, scale) = drawn.values()
    assert scale > 2.5
    assert summary_4k >= 0.85 * scale * summary_1280  # the letters and the gap between
    assert dots_4k >= 0.7 * scale**2 * dots_1280  # each mark's area
