"""Practise your mistakes, after Analyse: the button, the positions offered again, a
better move found, the same mistake refused, and the hint."""

from __future__ import annotations

from pathlib import Path

import pytest

from fireice_desktop.engine.analysis import Verdict
from fireice_desktop.ui.game.trainer import FAILED, SOLVED
from fireice_desktop.ui.games.fireice.practice_screen import PracticeScene
from fireice_desktop.ui.screens.game import GameScreen
from tests.support.monkey import quick_reviews
from tests.support.ui import Driver, judged, open_ui, pygame
from tests.ui.test_review import BLUNDER, LINE, open_game, pump_until


def wait(ui: Driver) -> PracticeScene:
    """Run frames until the move is judged and every reply shown."""
    scene: PracticeScene = judged(ui, PracticeScene)
    return scene


@pytest.mark.slow  # a review of 24 moves
def test_practise_offers_the_mistakes_and_judges_a_better_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path / "config", monkeypatch) as ui, quick_reviews(3000):
        open_game(ui, [*LINE, BLUNDER])
        game = ui.game
        ui.key(pygame.K_a, pygame.KMOD_LCTRL)
        pump_until(ui, lambda: game.work.analysis.result is not None)
        reviewed = game.work.analysis.result
        serious = [m for m in reviewed.moves if m.verdict in (Verdict.MISTAKE, Verdict.BLUNDER)]
        assert serious
        ui.click_button("Practise")
        scene = ui.scene
        assert isinstance(scene, PracticeScene)
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
