"""The monkey: thousands of random events thrown at the running app, invariants checked after each.

These are the short runs; ``scripts/monkey.py`` makes long ones.  A failing seed names the
event number and the action (see ``tests/monkey.py``); with ``sync`` on, the script replays
it exactly: ``python scripts/monkey.py --seed S --events N --trace-from N-20``.
"""

from __future__ import annotations

from pathlib import Path

import pygame_gui
import pytest
from monkey import DEFAULT_SIZES, Monkey, MonkeyFailure, MonkeyStats, sandbox_environment
from uihelpers import Driver, open_ui, pygame

from fireice_desktop.engine.game import Move
from fireice_desktop.ui.app import MIN_SIZE
from fireice_desktop.ui.game_scene import GameScene
from fireice_desktop.ui.menu import MenuScene

EVENTS = 1200
MIN_SIZE_EVENTS = 800
#: The seeds of the short runs, and the animation speed each starts with.
SEEDS = {1: "normal", 2: "fast", 3: "off"}
MIN_SIZE_SEED = 4

#: Each run is made once per pytest run: the activity test reads the runs the seed tests made.
_runs: dict[int, tuple[MonkeyStats, MonkeyFailure | None]] = {}


def run_monkey(
    seed: int, root: Path, size: tuple[int, int], speed: str, events: int
) -> tuple[MonkeyStats, MonkeyFailure | None]:
    """The monkey's run for ``seed`` (made on first use): its stats, and its failure if any."""
    if seed not in _runs:
        sizes = (size, size) if size == MIN_SIZE else DEFAULT_SIZES
        failure = None
        with pytest.MonkeyPatch.context() as patch:
            for name, value in sandbox_environment(root).items():
                patch.setenv(name, value)
            with open_ui(root / "config", patch, size=size, animation_speed=speed) as driver:
                monkey = Monkey(driver, seed, sizes=sizes, sandbox=root)
                try:
                    with monkey:
                        monkey.run(events)
                except MonkeyFailure as error:
                    failure = error
        _runs[seed] = (monkey.stats, failure)
    return _runs[seed]


def seed_run(
    seed: int, factory: pytest.TempPathFactory
) -> tuple[MonkeyStats, MonkeyFailure | None]:
    """The default-size run of one of :data:`SEEDS`."""
    return run_monkey(seed, factory.mktemp(f"monkey-{seed}"), (1280, 800), SEEDS[seed], EVENTS)


@pytest.mark.parametrize("seed", list(SEEDS))
def test_the_app_survives_the_monkey(seed: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    stats, failure = seed_run(seed, tmp_path_factory)
    if failure is not None:
        raise failure
    assert stats.events == EVENTS


@pytest.mark.filterwarnings("ignore:Label Rect is too small for text")
def test_the_app_survives_the_monkey_at_the_minimum_size(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    root = tmp_path_factory.mktemp("monkey-min")
    stats, failure = run_monkey(MIN_SIZE_SEED, root, MIN_SIZE, "normal", MIN_SIZE_EVENTS)
    if failure is not None:
        raise failure
    assert stats.events == MIN_SIZE_EVENTS


def test_the_monkey_plays_undoes_finishes_and_goes_everywhere(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    runs = [seed_run(seed, tmp_path_factory)[0] for seed in SEEDS]
    for stats in runs:
        assert stats.moves >= 40, stats.summary()
        assert stats.undone >= 10, stats.summary()
        assert len(stats.scenes) >= 4, stats.summary()
    assert sum(stats.games_finished for stats in runs) >= 1
    scenes = set().union(*(stats.scenes for stats in runs))
    assert {"MenuScene", "GameScene", "SolitaireScene", "ComputerGameScene"} <= scenes


# --- the monkey itself --------------------------------------------------------------------


@pytest.fixture
def ui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Driver:
    """A fresh app on the main menu, its files in a sandbox."""
    for name, value in sandbox_environment(tmp_path).items():
        monkeypatch.setenv(name, value)
    with open_ui(tmp_path / "config", monkeypatch) as driver:
        yield driver  # type: ignore[misc]


def test_a_quit_from_the_menu_restarts_the_app(ui: Driver, tmp_path: Path) -> None:
    with Monkey(ui, seed=1, sandbox=tmp_path) as monkey:
        first = ui.app
        monkey.post_key(pygame.K_ESCAPE)
        monkey.pump()
        assert not first.running
        monkey.check()
        assert ui.app is not first and ui.app.running
        assert isinstance(ui.app.scene, MenuScene)
        assert monkey.stats.restarts == 1
        monkey.run(20)


def test_a_broken_history_fails_with_the_seed_the_event_and_the_action(
    ui: Driver, tmp_path: Path
) -> None:
    ui.click_button("Two players")
    ui.play("D4-C4")
    with pytest.raises(MonkeyFailure) as caught, Monkey(ui, seed=7, sandbox=tmp_path) as monkey:
        monkey.run(3)
        scene = ui.app.scene
        assert isinstance(scene, GameScene)
        history = scene.controller.history
        history.moves[0] = Move.parse("D4-A4")  # not the move that made positions[1]
        monkey.run(1)
    assert caught.value.seed == 7 and caught.value.event == 4
    assert str(caught.value).startswith("monkey seed 7, event 4 (")
    assert "move 1 (D4-A4)" in str(caught.value)


def test_a_file_dialog_outside_the_sandbox_is_closed(ui: Driver, tmp_path: Path) -> None:
    with Monkey(ui, seed=1, sandbox=tmp_path) as monkey:
        inside = pygame_gui.windows.UIFileDialog(
            pygame.Rect(0, 0, 500, 400), ui.app.manager, initial_file_path=str(tmp_path)
        )
        monkey.pump()
        assert inside.alive()
        inside.kill()
        outside = pygame_gui.windows.UIFileDialog(
            pygame.Rect(0, 0, 500, 400), ui.app.manager, initial_file_path=str(tmp_path.parent)
        )
        monkey.pump()
        assert not outside.alive()
        assert monkey.stats.dialogs_closed == 1
