"""The monkey: thousands of random events thrown at the running app, invariants checked after each.

These are the short runs; ``python -m tests.support.long_monkey`` makes long ones.  A
failing seed names the event number and the action (see ``tests/support/monkey.py``); with
``sync`` on, the script replays it exactly:
``python -m tests.support.long_monkey --seed S --events N --trace-from N-20``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import pygame_gui
import pytest

from fireice_desktop.engine.games.fireice.rules import Move
from fireice_desktop.engine.games.icebreaker.board import HexBoard, Side
from fireice_desktop.engine.games.icebreaker.rules import IcebreakerPosition
from fireice_desktop.engine.registry import registered_games
from fireice_desktop.ui.app import MIN_SIZE
from fireice_desktop.ui.game import jobs
from fireice_desktop.ui.screens.game import GameScreen
from fireice_desktop.ui.screens.menu import MenuScene
from tests.support.monkey import (
    DEFAULT_SIZES,
    Monkey,
    MonkeyFailure,
    MonkeyStats,
    check_sea,
    check_start,
    passed,
    sandbox_environment,
)
from tests.support.shared import made_once
from tests.support.ui import Driver, is_game, open_ui, pygame

#: Events of each short run: the four runs take a minute or two together.
EVENTS = 1000
MIN_SIZE_EVENTS = 700
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
    """The default-size run of one of :data:`SEEDS`, made by the first of pytest-xdist's
    workers to need it and read by the others."""
    if seed not in _runs:
        _runs[seed] = made_once(
            factory,
            f"monkey-{seed}",
            lambda: run_monkey(
                seed, factory.mktemp(f"monkey-{seed}"), (1280, 800), SEEDS[seed], EVENTS
            ),
        )
    return _runs[seed]


@pytest.mark.slow
@pytest.mark.parametrize("seed", list(SEEDS))
def test_the_app_survives_the_monkey(seed: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    stats, failure = seed_run(seed, tmp_path_factory)
    if failure is not None:
        raise failure
    assert stats.events == EVENTS


@pytest.mark.slow
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
    assert {"MenuScene", "fire-and-ice", "solitaire", "fire-and-ice vs computer"} <= scenes
    assert {"IcebreakerSetupScene", "icebreaker", "icebreaker vs computer"} <= scenes
    assert sum(stats.sea_moves for stats in runs) >= 40, [stats.summary() for stats in runs]


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
        assert isinstance(scene, GameScreen)
        history = scene.controller.history
        history.moves[0] = Move.parse("D4-A4")  # not the move that made positions[1]
        monkey.run(1)
    assert caught.value.seed == 7 and caught.value.event == 4
    assert str(caught.value).startswith("monkey seed 7, event 4 (")
    assert "move 1 (D4-A4)" in str(caught.value)


def test_in_sync_every_background_job_lands_in_the_next_frame_however_slow(
    ui: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hints and reviews, like the computer's moves, land when they would on any machine,
    so a seed replays the same run: here every job first sleeps, as on a slow, busy one."""
    original = jobs.Job.__init__

    def slow(job: jobs.Job[object], work: Callable[..., object]) -> None:
        def late(stop: Callable[[], bool]) -> object:
            time.sleep(0.3)
            return work(stop)

        original(job, late)

    monkeypatch.setattr(jobs.Job, "__init__", slow)
    ui.click_button("Two players")
    ui.play("D4-C4")
    scene = ui.app.scene
    assert isinstance(scene, GameScreen)
    levels = [game.analysis for game in registered_games()]
    with Monkey(ui, seed=1, sandbox=tmp_path) as monkey:
        monkey.post_key(pygame.K_h, text="h")
        monkey.pump(2)
        assert scene.hint is not None
        monkey.post_key(pygame.K_a, mod=pygame.KMOD_LCTRL)
        monkey.pump(2)
        assert scene.analysis.review is not None
        assert monkey.watch.started == 2
    assert [game.analysis for game in registered_games()] == levels  # reviews searched again


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


# --- Icebreaker -----------------------------------------------------------------------------


@pytest.fixture
def sea(ui: Driver) -> Driver:
    """A side-8 Icebreaker game between two people, opened by its set-up card."""
    ui.click_button("Icebreaker")
    ui.click_button("8")
    ui.click_button("A friend")
    ui.click_button("Start")
    scene = ui.app.scene
    assert is_game(scene, "icebreaker", computer=False)
    assert isinstance(scene, GameScreen) and scene.controller.history.positions[0].size == 8
    return ui


def test_the_monkey_clicks_and_drags_the_ships_on_the_sea(sea: Driver, tmp_path: Path) -> None:
    scene = sea.app.scene
    assert is_game(scene, "icebreaker")
    assert isinstance(scene, GameScreen)
    with Monkey(sea, seed=5, sandbox=tmp_path) as monkey:
        for action in [monkey.click_hole, monkey.drag_peg] * 15 + [monkey.play_moves] * 10:
            assert action()
            monkey.check()
        assert sea.app.scene is scene
        history = scene.controller.history
        assert len(history.played) >= 10
        assert monkey.stats.sea_moves == monkey.stats.moves >= 10


def test_the_monkey_starts_icebreaker_games_on_the_card(ui: Driver, tmp_path: Path) -> None:
    seen = set()
    with Monkey(ui, seed=2, sandbox=tmp_path) as monkey:
        for _ in range(8):
            monkey.start_icebreaker()
            monkey.check()
            scene = ui.app.scene
            assert is_game(scene, "icebreaker")
            assert isinstance(scene, GameScreen)
            chosen = ui.app.context.choices["icebreaker"]
            size = scene.controller.history.positions[0].size
            assert size == chosen["size"]
            computer = bool(scene.table.computer)
            assert computer == (chosen["opponent"] == "computer")
            seen.add((size, computer))
    assert len(seen) >= 4, seen


def test_a_broken_icebreaker_history_fails_with_the_move(sea: Driver, tmp_path: Path) -> None:
    sea.play_cells("a1-b2")
    with pytest.raises(MonkeyFailure) as caught, Monkey(sea, seed=7, sandbox=tmp_path) as monkey:
        monkey.run(2)
        scene = sea.app.scene
        assert is_game(scene, "icebreaker")
        assert isinstance(scene, GameScreen)
        positions = scene.controller.history.positions
        positions[1] = positions[1]._replace(red_score=0)  # the capture not counted
        monkey.run(1)
    assert caught.value.event == 3
    assert "move 1 (a1-b2) led to" in str(caught.value)


def cell(name: str, size: int = 8) -> int:
    """The bit of cell ``name`` on the side-``size`` sea."""
    return 1 << HexBoard.of(size).parse_cell(name)


#: A broken side-8 position made from the start, and what the monkey must say about it.
BROKEN_SEAS: dict[str, tuple[Callable[[IcebreakerPosition], IcebreakerPosition], str]] = {
    "an iceberg from nowhere": (lambda p: p._replace(black_score=1), "1 captured + 163 afloat"),
    "a lost ship": (lambda p: p._replace(red=p.red & ~cell("o1")), "Red has 2 ships"),
    "two on one cell": (lambda p: p._replace(black=p.black | cell("a1")), "two ships on one"),
    "off the sea": (lambda p: p._replace(red=p.red | 1), "off the sea"),
    "a ship on ice": (lambda p: p._replace(icebergs=p.icebergs | p.red), "a ship on an iceberg"),
}


@pytest.mark.parametrize("case", list(BROKEN_SEAS))
def test_a_broken_sea_is_caught(case: str) -> None:
    start = IcebreakerPosition.start(8)
    check_sea(start)
    check_start(start)
    change, complaint = BROKEN_SEAS[case]
    with pytest.raises(AssertionError, match=re.escape(complaint)):
        check_sea(change(start))


def test_a_pass_is_told_apart_from_a_move() -> None:
    board = HexBoard.of(4)

    def ships(*names: str) -> int:
        return sum(1 << board.parse_cell(name) for name in names)

    walled = IcebreakerPosition(
        4, ships("b1", "b2", "b3"), ships("a3", "d1", "g4"), ships("a1"), 15, 15, Side.RED
    )
    assert passed(walled, walled.play("b3-a2")) is Side.BLACK
    assert passed(walled, walled.play("b1-a1")) is None  # Red has won
    start = IcebreakerPosition.start(4)
    assert passed(start, start.play("a1-b2")) is None


def test_the_monkey_opens_icebreaker_games_near_their_end(ui: Driver, tmp_path: Path) -> None:
    with Monkey(ui, seed=3, sandbox=tmp_path) as monkey:
        for size in (4, 8):
            scene = monkey.sea_near_its_end(size, None)
            ui.app.switch(scene)
            assert is_game(scene, "icebreaker", computer=False)
            monkey.pump()
            monkey.check()
            history = scene.controller.history
            assert not history.position.is_over
            assert len(history.played) > 20
            for _ in range(12):  # the rest of the game, by clicks or by redo
                if history.position.is_over:
                    break
                if history.can_redo:
                    monkey.post_key(pygame.K_y, pygame.KMOD_LCTRL)
                    monkey.pump(2)
                else:
                    assert monkey.play_moves()
                monkey.check()
            assert history.position.is_over
            monkey.pump(2)
            assert scene.panel is not None and scene.panel.over_panel is not None
        assert monkey.stats.sea_games_finished == 2
