"""The finish of a game: the winning line lights up island by island, and the game-over
card comes once it has (at once when animations are off)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.ui import open_ui, winning_moves


@pytest.mark.slow  # a whole game played
def test_the_winning_islands_light_up_in_turn_before_the_game_over_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path / "config", monkeypatch) as ui:
        ui.click_button("Two players")
        *moves, last = winning_moves(1745)
        for move in moves:
            ui.play(move)
        ui.app.settings.animation_speed = "normal"  # for the winning move
        ui.play(last)
        ui.pump(12, dt=0.05)  # its peg lands
        game = ui.game
        assert game.controller.history.position.is_over
        assert game.controller.animation is None
        lit = []
        while game.finale.playing:
            assert ui.panel.over_panel is None, "the card waits for the finale"
            lit.append(ui.picture().lit)
            ui.pump(1, dt=0.05)
        assert lit[0] < 3 and sorted(lit) == lit and lit[-1] == 3, lit
        assert set(lit) >= {1, 2, 3}  # one island, two, then the three and their line
        ui.pump(2)
        assert ui.panel.over_panel is not None
        assert ui.picture().lit == 3


@pytest.mark.slow  # a whole game played
def test_without_animations_the_card_comes_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path / "config", monkeypatch, animation_speed="off") as ui:
        ui.click_button("Two players")
        for move in winning_moves(1745):
            ui.play(move)
        assert not ui.game.finale.playing
        assert ui.panel.over_panel is not None
