"""Esc on the screens a player learns on (the lessons, the puzzles, the practice share
them): with a peg in hand it puts the peg back, as in a game; with nothing in hand it
goes back."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from fireice_desktop.engine.games.fireice.board import parse_hole
from fireice_desktop.engine.games.fireice.puzzles import all_puzzles
from fireice_desktop.ui.game.trainer import PLAYING, TrainerScene
from fireice_desktop.ui.games.fireice.training.puzzles import PuzzleScene
from fireice_desktop.ui.screens.learn import LessonScene
from tests.support.ui import Driver, open_ui


def esc_puts_the_peg_back_then_leaves(ui: Driver, kind: type, peg: str) -> None:
    scene = ui.scene
    assert isinstance(scene, kind) and isinstance(scene, TrainerScene)
    ui.board_click(peg)
    assert scene.controller.selected == parse_hole(peg)
    ui.press(pygame.K_ESCAPE)
    assert ui.scene is scene, "Esc with a peg in hand left the screen"
    assert scene.controller.selected is None
    assert scene.state == PLAYING and scene.controller.history.moves == []
    ui.press(pygame.K_ESCAPE)  # nothing in hand: back, as before
    assert not isinstance(ui.scene, kind)
    assert ui.has_button("Learn")


def test_esc_in_a_lesson_puts_the_peg_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_ui(tmp_path / "config", monkeypatch) as ui:
        ui.click_button("Learn")
        assert "Click the red peg on D4" in ui.message
        esc_puts_the_peg_back_then_leaves(ui, LessonScene, "D4")


def test_esc_in_a_puzzle_puts_the_peg_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = next(p for p in all_puzzles() if p.win_in == 1)
    with open_ui(tmp_path / "config", monkeypatch) as ui:
        ui.app.go("puzzles", puzzle_id=puzzle.id)
        ui.pump(2)
        esc_puts_the_peg_back_then_leaves(ui, PuzzleScene, puzzle.solution[0].split("-")[0])
