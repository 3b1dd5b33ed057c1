"""Practise your mistakes, after Analyse: the button, the positions offered again, a
better move found and what it does, the same mistake refused, the hint, and Back to the
review."""

from __future__ import annotations

from pathlib import Path

import pytest

from fireice_desktop.engine.analysis.review import Review, Verdict
from fireice_desktop.engine.games.fireice.rules import Position
from fireice_desktop.engine.teaching.practice import Mistake
from fireice_desktop.ui.game.trainer import FAILED, SOLVED
from fireice_desktop.ui.games.fireice.training.practice import PracticeScene
from fireice_desktop.ui.screens.game import GameScreen
from tests.support.monkey import quick_reviews
from tests.support.ui import Driver, judged, open_ui, pygame
from tests.ui.game.advice.test_review import BLUNDER, LINE, open_game, pump_until


def wait(ui: Driver) -> PracticeScene:
    """Run frames until the move is judged and every reply shown."""
    scene: PracticeScene = judged(ui, PracticeScene)
    return scene


def analysed(ui: Driver) -> Review:
    """The test game (its line and Ice's blunder) opened and analysed with Ctrl+A."""
    open_game(ui, [*LINE, BLUNDER])
    game = ui.game
    ui.key(pygame.K_a, pygame.KMOD_LCTRL)
    pump_until(ui, lambda: game.work.analysis.result is not None)
    reviewed: Review = game.work.analysis.result
    return reviewed


def practise(ui: Driver) -> PracticeScene:
    """Press Practise: the practice screen."""
    ui.click_button("Practise")
    scene = ui.scene
    assert isinstance(scene, PracticeScene)
    return scene


@pytest.mark.slow  # a review of 24 moves
def test_practise_offers_the_mistakes_and_judges_a_better_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path / "config", monkeypatch) as ui, quick_reviews(3000):
        reviewed = analysed(ui)
        serious = [m for m in reviewed.moves if m.verdict in (Verdict.MISTAKE, Verdict.BLUNDER)]
        assert serious
        scene = practise(ui)
        assert [m.ply for m in scene.mistakes] == [m.ply for m in serious]
        last = len(scene.mistakes) - 1
        while scene.mistake.ply != len(LINE):  # the blunder B3-B2, Ice's 12th move
            ui.click_button("Next mistake")
            assert scene.index <= last
        assert scene.controller.history.position == reviewed.positions[len(LINE)]
        # The same blunder again is refused.
        ui.play(BLUNDER)
        scene = wait(ui)
        assert scene.state == FAILED and "blunder too" in ui.message
        # A hint names where the better move starts.
        ui.click_button("Try again")
        ui.click_button("Hint")
        better = reviewed.moves[len(LINE)].better
        assert f"peg on {str(better).split('-')[0]}" in ui.message
        ui.play(str(better))
        scene = wait(ui)
        assert scene.state == SOLVED and "Well found" in ui.message
        # Back to the game it came from.
        ui.click_button("Back")
        assert isinstance(ui.scene, GameScreen)
        assert [str(m) for m in ui.game.controller.history.moves] == [*LINE, BLUNDER]


@pytest.mark.slow  # a review of 24 moves
def test_back_from_practice_keeps_the_review(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path / "config", monkeypatch) as ui, quick_reviews(3000):
        reviewed = analysed(ui)
        game = ui.game
        marks = [item["text"] for item in ui.panel.move_list.item_list]
        scene = practise(ui)
        ui.click_button("Next mistake")
        practised = scene.mistake.ply
        ui.click_button("Back")
        back = ui.game
        assert back is not game
        # The same review: no analysis again, the marks and the graph as they were.
        analysis = back.work.analysis
        assert analysis.result is reviewed and not analysis.running
        assert ui.panel.graph_rect is not None
        assert [item["text"] for item in ui.panel.move_list.item_list] == marks
        assert ui.panel.analyse_button.text == "Practise"
        # The mistake just practised, shown, marked and explained.
        assert back.controller.review == practised
        assert ui.panel.selected_index() == practised
        move = reviewed.moves[practised]
        assert ui.message == back.view.judged_move_words(move, reviewed.positions[practised])
        # And on from there as before: the next move, explained.
        ui.click_element(ui.panel.step_buttons[2])
        move = reviewed.moves[practised + 1]
        assert ui.message == back.view.judged_move_words(move, reviewed.positions[practised + 1])
        assert not analysis.running


def after(moves: str) -> Position:
    """The position after ``moves`` from the start."""
    position = Position.start()
    for move in moves.split():
        position = position.play(move)
    return position


#: A position of a random game (seed 0, after 27 moves) where Ice's D6-G6 takes control
#: of G and hands Fire island D, and the review (with 3,000 nodes a position) calls it good.
TRADE = (
    "D4-F4 D4-E4 F4-F7 E4-E3 D4-D5 F4-C4 F4-B4 C4-C1 E4-E1 D4-G4 D4-D3 F4-A4 D5-G5 D4-D1 "
    "E1-A1 E1-F1 E1-B1 D5-B5 G5-A5 G5-G2 D3-C3 G2-G1 D5-D6 B5-C5 F7-C7 D3-D7 D6-D2"
)


@pytest.mark.slow
def test_a_move_found_in_practice_is_said_with_what_it_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    position = after(TRADE)
    played = position.parse_move("G4-G7")
    named = position.parse_move("D7-A7")  # the review's better move, as it might have been
    mistake = Mistake(
        len(TRADE.split()), position, played, position.to_move, Verdict.MISTAKE, named
    )
    with open_ui(tmp_path / "config", monkeypatch) as ui, quick_reviews(3000):
        ui.app.go("practice", mistakes=[mistake])
        ui.play("D6-G6")
        scene = wait(ui)
        assert scene.state == SOLVED
        # What the move does, in the words of a hint, and the island it gives away.
        assert ui.message.startswith(
            "D6-G6, which takes control of G: a good move. Well found. "
            "Note that it hands Fire island D."
        )


#: Fire to move and win at once with E7-D7 (the position of puzzle 1); A2-A5 does not
#: win at once, but the exact search shows that Fire still wins by force after it.
WON = (
    "D4-A4 D4-E4 A4-A3 A4-C4 A3-F3 C4-C3 D4-D1 E4-E3 F3-F4 D4-D2 D4-D3 E3-E1 E4-E2 F3-F6 "
    "F3-F7 E1-C1 E2-B2 F6-A6 B2-G2 B2-B1 A4-G4 A3-B3 F6-F2 C3-C5 C3-C7 C5-G5 C7-E7 A6-G6 "
    "B2-A2 C1-A1"
)


@pytest.mark.slow
def test_a_move_that_keeps_a_proved_win_is_right_in_practice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    position = after(WON)
    best = position.parse_move("E7-D7")
    played = position.parse_move("A2-C2")
    mistake = Mistake(len(WON.split()), position, played, position.to_move, Verdict.MISTAKE, best)
    with open_ui(tmp_path / "config", monkeypatch) as ui, quick_reviews(3000):
        ui.app.go("practice", mistakes=[mistake])
        ui.play("A2-A5")
        scene = wait(ui)
        # As the review judges it: good, never "a mistake too".
        assert scene.state == SOLVED
        assert "A2-A5" in ui.message and "mistake" not in ui.message
        assert "The exact search shows that it keeps the forced win." in ui.message


@pytest.mark.slow  # a review of 24 moves
def test_the_better_move_the_review_names_is_right_in_practice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # With 3,000 nodes a position the review finds D3-F3 better than Ice's B1-B3 (move
    # 20); practice's own search of D3-F3 alone calls it an inaccuracy.
    with open_ui(tmp_path / "config", monkeypatch) as ui, quick_reviews(3000):
        analysed(ui)
        scene = practise(ui)
        while scene.mistake.ply != 19:
            ui.click_button("Next mistake")
        better = scene.mistake.better
        assert str(better) == "D3-F3"
        ui.click_button("Hint")
        assert "peg on D3" in ui.message
        ui.play(better)
        scene = wait(ui)
        assert scene.state == SOLVED
        assert ui.message.startswith("D3-F3: the best move. Well found.")
