"""The monkey: thousands of random events thrown at the running app, invariants checked after each.

These are the short runs; ``python -m tests.support.long_monkey`` makes long ones.  A
failing seed names the event number and the action (see ``tests/support/monkey.py``); with
``sync`` on, the script replays it exactly:
``python -m tests.support.long_monkey --seed S --events N --trace-from N-20`` (with
``--animation fast`` for seed 5, ``--animation off`` for seed 7, ``--size 860x600
--keep-size`` for the run at the smallest size).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame_gui
import pytest

from fireice_desktop.engine.games.fireice.rules import Move
from fireice_desktop.engine.games.icebreaker.board import HexBoard, Side
from fireice_desktop.engine.games.icebreaker.rules import IcebreakerPosition
from fireice_desktop.engine.registry import registered_games
from fireice_desktop.files.storage import MAX_RECORD_BYTES, data_dir
from fireice_desktop.ui.app import MIN_SIZE
from fireice_desktop.ui.screens.game import GameScreen
from fireice_desktop.ui.screens.menu import MenuScene
from fireice_desktop.ui.screens.saving import show_error
from fireice_desktop.ui.toolkit import jobs
from fireice_desktop.ui.toolkit.language import tr
from tests.support.monkey import (
    CRAFTED_FOLDER,
    DEFAULT_SIZES,
    MESSAGE_LIMIT,
    Monkey,
    MonkeyFailure,
    MonkeyStats,
    check_sea,
    check_start,
    crafted_files,
    passed,
    sandbox_environment,
    sandbox_folder,
)
from tests.support.shared import made_once
from tests.support.ui import Driver, file_dialog, is_game, open_ui, plain_text, pygame

#: Events of each short run: the four runs take a minute or two together, so every test
#: that makes or reads them is marked ``slow`` (left out of the quick ``-m "not slow"``
#: loop, still run by the full suite).
EVENTS = 1000
MIN_SIZE_EVENTS = 700
#: The seeds of the short runs, and the animation speed each starts with.
#: Seeds are picked for what their runs do together (the thresholds below): a change to
#: the app changes every run, and a set that falls short of a threshold is replaced.
SEEDS = {8: "normal", 5: "fast", 7: "off"}
MIN_SIZE_SEED = 4

#: Each run is made once per pytest run: the activity test reads the runs the seed tests made.
_runs: dict[int, tuple[MonkeyStats, MonkeyFailure | None]] = {}


def run_monkey(
    seed: int, size: tuple[int, int], speed: str, events: int
) -> tuple[MonkeyStats, MonkeyFailure | None]:
    """The monkey's run for ``seed`` (made on first use): its stats, and its failure if any.

    Its sandbox is made as ``long_monkey``'s is (see ``sandbox_folder``): the script then
    replays this very run.
    """
    if seed not in _runs:
        sizes = (size, size) if size == MIN_SIZE else DEFAULT_SIZES
        failure = None
        with sandbox_folder() as root, pytest.MonkeyPatch.context() as patch:
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
            lambda: run_monkey(seed, (1280, 800), SEEDS[seed], EVENTS),
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
def test_the_app_survives_the_monkey_at_the_minimum_size() -> None:
    stats, failure = run_monkey(MIN_SIZE_SEED, MIN_SIZE, "normal", MIN_SIZE_EVENTS)
    if failure is not None:
        raise failure
    assert stats.events == MIN_SIZE_EVENTS


@pytest.mark.slow  # it reads the seed runs: made here if the slow tests above were left out
@pytest.mark.last  # when the seed runs are made, not while another worker makes one
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
    assert {"LessonScene", "PuzzleScene"} <= scenes
    assert sum(stats.sea_moves for stats in runs) >= 40, [stats.summary() for stats in runs]


#: What the short runs together do at least of what comes from outside the app.
OUTSIDE_THRESHOLDS = {
    "long_names": 8,  # names of 250 to 5,000 characters in the Open and Save windows
    "odd_names": 10,  # NUL, control characters, emoji, separators, .., through a file
    "name_pastes": 2,  # huge pastes into the name box
    "text_pastes": 15,  # texts pasted into the Text window
    "texts_played": 10,  # of which played
    "crafted_opened": 10,  # crafted files taken by the Open window
    "kept_set_aside": 2,  # damaged kept games set aside (and said so)
}


@pytest.mark.slow  # as above: it reads the seed runs
@pytest.mark.last
def test_the_monkey_types_pastes_opens_and_damages_what_a_player_might(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    runs = [seed_run(seed, tmp_path_factory)[0] for seed in SEEDS]
    summaries = "\n".join(stats.summary() for stats in runs)
    for name, least in OUTSIDE_THRESHOLDS.items():
        done = sum(getattr(stats, name) for stats in runs)
        assert done >= least, f"{name}: {done}, at least {least}\n{summaries}"
    for stats in runs:  # each run, not only one of them
        assert stats.long_names + stats.odd_names + stats.name_pastes >= 4, summaries
        assert stats.text_pastes >= 3 and stats.crafted_opened >= 2, summaries


# --- the monkey itself --------------------------------------------------------------------


@pytest.fixture
def ui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Driver:
    """A fresh app on the main menu, its files in a sandbox."""
    for name, value in sandbox_environment(tmp_path).items():
        monkeypatch.setenv(name, value)
    with open_ui(tmp_path / "config", monkeypatch) as driver:
        yield driver  # type: ignore[misc]


@pytest.mark.slow
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
    with pytest.raises(MonkeyFailure) as caught, Monkey(ui, seed=1, sandbox=tmp_path) as monkey:
        monkey.run(3)
        scene = ui.app.scene
        assert isinstance(scene, GameScreen)
        history = scene.controller.history
        history.moves[0] = Move.parse("D4-A4")  # not the move that made positions[1]
        monkey.run(1)
    assert caught.value.seed == 1 and caught.value.event == 4
    assert str(caught.value).startswith("monkey seed 1, event 4 (")
    assert "move 1 (D4-A4)" in str(caught.value)


@pytest.mark.slow
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
        assert scene.work.hints.move is not None
        monkey.post_key(pygame.K_a, mod=pygame.KMOD_LCTRL)
        monkey.pump(2)
        assert scene.work.analysis.result is not None
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


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
def test_a_broken_icebreaker_history_fails_with_the_move(sea: Driver, tmp_path: Path) -> None:
    sea.play_cells("a1-b2")
    with pytest.raises(MonkeyFailure) as caught, Monkey(sea, seed=1, sandbox=tmp_path) as monkey:
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


@pytest.mark.slow
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


# --- what comes from outside the app ---------------------------------------------------------


@pytest.fixture
def game(ui: Driver) -> Driver:
    """A game of two players with a move played (and kept)."""
    ui.click_button("Two players")
    ui.play("D4-C4")
    return ui


@pytest.fixture
def sandboxed(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Driver, Path]]:
    """A game of two players with a move played, in a sandbox made as the short runs'
    are: the paths on screen are as long and as wide, so the run is the same each time."""
    with sandbox_folder() as root:
        for name, value in sandbox_environment(root).items():
            monkeypatch.setenv(name, value)
        with open_ui(root / "config", monkeypatch) as driver:
            driver.click_button("Two players")
            driver.play("D4-C4")
            yield driver, root


def test_the_crafted_files_are_written_into_the_sandbox(ui: Driver, tmp_path: Path) -> None:
    with Monkey(ui, seed=1, sandbox=tmp_path) as monkey:
        folder = tmp_path / CRAFTED_FOLDER
        assert monkey.crafted_folder == folder
        for name, content in crafted_files().items():
            path = folder / name
            assert path.is_dir() if content is None else path.read_bytes() == content
        sizes = {name: len(content or b"") for name, content in crafted_files().items()}
        assert sizes["too large.fireice"] > 256 * 1024 >= sizes["28000 moves.fireice"]


@pytest.mark.slow
def test_the_monkey_types_pastes_and_opens_without_breaking_the_game(
    sandboxed: tuple[Driver, Path],
) -> None:
    game, root = sandboxed
    # Seed 11 saves a game under an emoji name, which pygame-gui could not lay out in the
    # panel's message box (the last tests of this file).
    with Monkey(game, seed=11, sandbox=root) as monkey:
        actions = [monkey.name_box, monkey.paste_text, monkey.open_crafted] * 8
        for number, action in enumerate(actions, start=1):
            for _ in range(6):  # the windows of the last action, mostly closed
                if monkey.top_window() is None or not monkey.answer_window():
                    break
                monkey.check()
            if monkey.game() is None:
                game.app.go("game")
                monkey.pump(2)
            action()
            monkey.check()
            assert monkey.app.running, f"action {number} ({action.__name__}) ended the app"
        stats = monkey.stats
        assert stats.long_names + stats.odd_names + stats.name_pastes >= 4, stats.summary()
        assert stats.text_pastes >= 4 and stats.crafted_opened >= 2, stats.summary()


def test_a_paste_larger_than_any_game_must_leave_the_text_window_as_it_was(
    game: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    huge = "D4-C4\n" * (MAX_RECORD_BYTES // 6 + 10)
    with Monkey(game, seed=1, sandbox=tmp_path) as monkey:
        monkeypatch.setattr(monkey, "pasted_text", lambda scene: ("over the limit", huge))
        for _ in range(4):  # by its Paste button and by Ctrl+V in its box
            assert monkey.paste_text()
            monkey.check()
        window = game.game.windows.text_window
        assert window is not None and window.reading is None
        assert window.current_text() != huge
        assert monkey.stats.text_pastes == 4


def test_a_damaged_kept_game_is_set_aside_with_its_bytes_and_watched_after(
    game: Driver, tmp_path: Path
) -> None:
    with Monkey(game, seed=3, sandbox=tmp_path) as monkey:
        for _ in range(12):
            assert monkey.damage_kept_game()
            monkey.check()
            if monkey.stats.kept_set_aside:
                break
        assert monkey.stats.kept_set_aside == 1, monkey.stats.summary()
        [aside] = monkey.unreadable_files()
        menu = game.app.scene
        assert isinstance(menu, MenuScene) and menu.notice.is_open
        game.resize((1000, 700))
        monkey.check()  # the same menu, laid out again, may say it again
        game.key(pygame.K_RETURN)
        game.app.go("menu")
        game.pump(2)
        monkey.check()
        # The set-aside bytes must never change, nor go.
        kept = aside.read_bytes()
        aside.write_bytes(kept + b" ")
        with pytest.raises(AssertionError, match="changed after it was set aside"):
            monkey.check()
        aside.unlink()
        with pytest.raises(AssertionError, match="is gone"):
            monkey.check()
        aside.write_bytes(kept)
        monkey.check()
        # A game the app kept itself is never set aside.
        (data_dir() / "autosave.unreadable-2.fireice").write_bytes(b"the app's own game")
        with pytest.raises(AssertionError, match="never damaged a kept game into its bytes"):
            monkey.check()


def test_a_notice_of_a_set_aside_game_on_another_menu_fails_the_run(
    ui: Driver, tmp_path: Path
) -> None:
    with Monkey(ui, seed=1, sandbox=tmp_path) as monkey:
        monkey.check()
        menu = ui.app.scene
        assert isinstance(menu, MenuScene)
        menu.notify(tr("keeping.unreadable_title"), "Your kept game could not be read")
        with pytest.raises(AssertionError, match="said again"):
            monkey.check()
        menu.notice.close()


@pytest.mark.parametrize(
    ("said", "complaint"),
    [
        ("n" * (MESSAGE_LIMIT + 1), f"says {MESSAGE_LIMIT + 1} characters"),
        ("Could not open it: ValueError: bad", "says 'ValueError'"),
        ("Traceback (most recent call last):", "says 'Traceback'"),
    ],
    ids=["too long", "an exception", "a traceback"],
)
def test_a_window_that_says_too_much_fails_the_run(
    ui: Driver, tmp_path: Path, said: str, complaint: str
) -> None:
    with Monkey(ui, seed=1, sandbox=tmp_path) as monkey:
        monkey.check()
        window = show_error(ui.app.manager, "A title", said)
        with pytest.raises(AssertionError, match=re.escape(complaint)):
            monkey.check()
        window.kill()


def test_the_error_path_fails_the_run(ui: Driver, tmp_path: Path) -> None:
    with Monkey(ui, seed=1, sandbox=tmp_path) as monkey:
        ui.app.recover("Traceback (most recent call last):\nRuntimeError: a bug")
        with pytest.raises(AssertionError, match="Something went wrong"):
            monkey.check_messages()
        with pytest.raises(AssertionError, match="an error was logged"):
            monkey.check_kept_files()
        for window in ui.app.manager.get_window_stack().get_full_stack():
            window.kill()
        (data_dir() / "errors.log").unlink()


def test_a_frame_that_works_too_long_fails_as_a_frozen_window(
    ui: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def busy(dt: float) -> bool:
        begin = time.thread_time()
        while time.thread_time() - begin < 0.1:
            pass
        return False

    monkey = Monkey(ui, seed=1, sandbox=tmp_path, frozen_limit=0.05)
    with pytest.raises(MonkeyFailure, match="the window froze: a frame worked"), monkey:
        monkeypatch.setattr(ui.app.scene, "update", busy)
        monkey.run(3)


def test_a_name_the_system_refuses_is_judged_by_its_words(ui: Driver, tmp_path: Path) -> None:
    monkey = Monkey(ui, seed=1, sandbox=tmp_path)
    assert monkey.in_sandbox(f"{tmp_path}/home/a\0b.fireice")
    assert not monkey.in_sandbox(f"{tmp_path}/../a\0b.fireice")
    assert monkey.in_sandbox(f"{tmp_path}/home/{'x' * 5000}.fireice")


@pytest.mark.slow  # two runs of the monkey, side by side
def test_a_seed_replays_its_names_texts_and_files_event_for_event(tmp_path: Path) -> None:
    """The reading of files and texts lands in the same frame on every run: the same
    seed makes the same run, the sandbox's path aside."""

    def trace(root: Path) -> list[str]:
        lines: list[str] = []
        with pytest.MonkeyPatch.context() as patch:
            for name, value in sandbox_environment(root).items():
                patch.setenv(name, value)
            with open_ui(root / "config", patch) as driver:
                driver.click_button("Two players")
                driver.play("D4-C4")
                monkey = Monkey(driver, seed=5, sandbox=root)
                outside = {"name_box", "paste_text", "open_crafted", "damage_kept_game"}
                monkey.actions = [
                    (weight, action)
                    for weight, action in monkey.actions
                    if action.__name__ in outside or action.__name__ in ("idle", "click_widget")
                ]
                # The two runs' sandboxes differ by name only: a widget showing a path in
                # one shows the same path in the other.
                monkey.trace = lambda line: lines.append(line.replace(str(root), "ROOT"))
                with monkey:
                    monkey.run(50)
                summary = monkey.stats.summary().splitlines()[1:]
                lines += [line for line in summary if "slowest frame" not in line]  # times
        return lines

    first, second = trace(tmp_path / "a"), trace(tmp_path / "b")
    assert first == second


# --- what the monkey found ---------------------------------------------------------------------
#
# Inputs that broke the app: pygame-gui could not lay them out, or a message quoted them
# whole.


def paste_into_the_text_window(game: Driver, text: str) -> Any:
    """Paste ``text`` into the Text window with its Paste button; the window."""
    game.key(pygame.K_t, text="t")
    window = game.game.windows.text_window
    assert window is not None and window.is_open
    pygame.scrap.put_text(text)
    game.click_element(window.paste_button)
    return window


@pytest.mark.parametrize("text", ["\ufeff", "\u200b", "\u200b\ufeff\u200b"])
def test_a_pasted_text_of_zero_width_is_said_not_to_be_a_game(game: Driver, text: str) -> None:
    window = paste_into_the_text_window(game, text)
    game.click_element(window.play_button)
    assert plain_text(window.status.html_text).startswith("Not a game")


#: Texts that pygame-gui 0.6.14 cannot lay out in the Text window's box: 400 letters e,
#: each with a combining acute accent (as a decomposed "é" is written); and 55
#: characters, wide ones among them, found by the monkey's "binary" pastes and cut down.
UNLAYABLE_ACCENTS = "e\u0301" * 400
UNLAYABLE = (
    "\u00ca\u2566\u4e0c\u4e0e\u4e15I\U0001f31f\u253f\u4e31\u00dd\u2522\x1e\u00c3\u4e4d\u2570"
    "9\u4e5a\u255e\u4e36\u2528\x11\U0001f307\U0001f324\u4e6a\u00f6\x8c\u4e00\u2546\u4e29"
    "\u4e64\x8d/\U0001f332\u4e7e2\t\u251f\ue032\u4e51z\u00f2\x91\u2553\u4e3d+\u4e26\ue015"
    "\u255d\u4e09\U0001f308\u00e4\u00b5\ue031\ufff0`"
)


@pytest.mark.parametrize("text", [UNLAYABLE_ACCENTS, UNLAYABLE], ids=["accents", "found"])
def test_a_pasted_text_pygame_gui_cannot_lay_out_leaves_the_text_window_working(
    game: Driver, text: str
) -> None:
    window = paste_into_the_text_window(game, text)
    assert window.current_text() == text
    game.click_element(window.play_button)
    assert plain_text(window.status.html_text).startswith("Not a game")


def save_as(game: Driver, path: str) -> None:
    """Ctrl+S, ``path`` in the name box, Enter."""
    game.key(pygame.K_s, mod=pygame.KMOD_LCTRL)
    entry = file_dialog(game).file_path_text_line
    game.click_element(entry)
    entry.set_text(path)
    game.key(pygame.K_RETURN)
    game.pump(2)


def test_a_game_saved_under_a_name_with_accents_apart_is_said_saved(
    game: Driver, tmp_path: Path
) -> None:
    path = tmp_path / "home" / "Documents" / ("e\u0301" * 30 + ".fireice")  # as macOS writes
    save_as(game, str(path))
    assert path.exists()
    assert game.message.startswith("Saved as")


def test_a_game_saved_under_a_long_path_is_said_in_short(game: Driver, tmp_path: Path) -> None:
    documents = tmp_path / "home" / "Documents"
    save_as(game, f"{documents}{'/../Documents' * 60}/long way.fireice")
    assert (documents / "long way.fireice").exists()
    message = game.message
    assert message == "Saved as long way.fireice."
    assert len(message) <= MESSAGE_LIMIT, f"{len(message)} characters"
