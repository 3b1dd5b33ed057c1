"""The side panel's move list in a game longer than the list is high: the latest move in
sight in every frame, the same lines as a list made anew, a move's new line its only new
button."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from fireice_desktop.ui.game.panel_widgets import MoveList
from tests.support.ui import Driver, open_ui, pygame, winning_moves

#: The smallest window: the list holds about six lines, the game below has many more.
SIZE = (860, 600)
MOVES = [str(move) for move in winning_moves(1745)]
CTRL = pygame.KMOD_LCTRL


@pytest.fixture
def ui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """A two-player game in the smallest window."""
    with open_ui(tmp_path / "config", monkeypatch, size=SIZE) as driver:
        driver.click_button("Two players")
        yield driver


def lines_in_sight(move_list: MoveList) -> list[tuple[str, tuple[int, int, int, int]]]:
    """The lines whose buttons show in the list, with where they are."""
    container = move_list.item_list_container
    assert container is not None
    return [
        (item["text"], tuple(item["button_element"].rect))
        for item in move_list.item_list
        if item["button_element"] is not None
        and item["button_element"].alive()
        and container.rect.colliderect(item["button_element"].rect)
    ]


def assert_latest_in_sight(ui: Driver) -> None:
    """The lines in sight are moves one after another, down to the latest."""
    lines = lines_in_sight(ui.panel.move_list)
    numbers = [int(text.split(". ", 1)[0]) for text, _ in lines]
    assert numbers, "no line in sight"
    assert numbers == list(range(numbers[0], len(ui.played) + 1)), (lines, ui.played)


def frames_checked(ui: Driver, frames: int) -> None:
    """Run ``frames`` frames, the latest move in sight after each one."""
    for _ in range(frames):
        ui.pump(1)
        assert_latest_in_sight(ui)


@pytest.mark.parametrize("speed", ["off", "normal"])
def test_every_frame_after_a_move_or_an_undo_shows_the_latest_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, speed: str
) -> None:
    with open_ui(tmp_path / "config", monkeypatch, size=SIZE, animation_speed=speed) as ui:
        ui.click_button("Two players")
        play_and_take_back(ui)


def play_and_take_back(ui: Driver) -> None:
    """Fifteen moves, then the sixteenth, an undo and a redo, each frame checked."""
    for move in MOVES[:15]:
        ui.play(move)
    assert ui.panel.move_list.scroll_bar is not None, "the list is not longer than its room"
    source, target = MOVES[15].split("-")
    ui.board_click(source)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=ui.hole_pos(target), button=1))
    frames_checked(ui, 1)  # the frame in which the move is played
    assert len(ui.played) == 16
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=ui.hole_pos(target), button=1))
    frames_checked(ui, 20)  # and while the peg lands
    for mod in (CTRL, CTRL | pygame.KMOD_LSHIFT):  # undo, then redo
        before = len(ui.played)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=mod))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_z, mod=mod))
        frames_checked(ui, 20)
        assert len(ui.played) != before


@pytest.mark.parametrize("seed", [1, 2])
def test_the_list_shows_the_lines_a_list_made_anew_shows(ui: Driver, seed: int) -> None:
    """Moves played, undone and redone at random: after each, the list in the panel
    shows the lines, at the places, that a new list of the same moves shows."""
    rng = random.Random(seed)
    panel = ui.panel
    for _ in range(60):
        history = ui.game.controller.history
        choice = rng.random()
        if choice < 0.2 and history.can_undo:
            ui.key(pygame.K_z, mod=CTRL)
        elif choice < 0.3 and history.can_redo:
            ui.key(pygame.K_y, mod=CTRL)
        elif len(ui.played) < len(MOVES) and not history.can_redo:
            ui.play(MOVES[len(ui.played)])
        else:
            continue
        names = [item["text"] for item in panel.move_list.item_list]
        assert len(names) == len(ui.played)
        fresh = MoveList(panel.move_list.relative_rect.copy(), [], ui.app.manager)
        try:
            fresh.show_latest(names)
            assert lines_in_sight(panel.move_list) == lines_in_sight(fresh)
            bar, fresh_bar = panel.move_list.scroll_bar, fresh.scroll_bar
            assert (bar is None) == (fresh_bar is None)
            if bar is not None and fresh_bar is not None:
                assert bar.start_percentage == fresh_bar.start_percentage
                assert bar.sliding_button.rect == fresh_bar.sliding_button.rect
        finally:
            fresh.kill()


def test_a_move_makes_a_button_for_its_own_line_only(ui: Driver) -> None:
    for move in MOVES[:20]:
        ui.play(move)
    move_list = ui.panel.move_list

    def buttons() -> set[int]:
        return {id(i["button_element"]) for i in move_list.item_list if i["button_element"]}

    before = buttons()
    ui.play(MOVES[20])
    made = buttons() - before
    assert len(made) == 1, f"{len(made)} new buttons for one new line"
    ui.key(pygame.K_z, mod=CTRL)  # the line undone goes, the one scrolled back into sight comes
    assert len(buttons() - before) <= 1
