"""The player's game is never lost: an unforeseen error, an unreadable kept game, a full
disk and closing the window with moves that could not be kept, driven by real events."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.files.storage import autosave_path, data_dir, save_autosave
from fireice_desktop.ui.screens.game import GameScreen
from fireice_desktop.ui.screens.menu import MenuScene
from tests.support.ui import (
    Driver,
    autosaved,
    choose,
    open_ui,
    plain_text,
    pygame,
    pygame_gui,
    windows,
    winning_moves,
)

OPENING = ("D4-C4", "D4-A4", "C4-C1")


@pytest.fixture
def config(tmp_path: Path) -> Path:
    return tmp_path / "config"


@pytest.fixture
def menu(config: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    with open_ui(config, monkeypatch) as driver:
        yield driver


def message_windows(ui: Driver) -> list[pygame_gui.windows.UIMessageWindow]:
    return windows(ui, pygame_gui.windows.UIMessageWindow)


def window_text(window: pygame_gui.windows.UIMessageWindow) -> str:
    return plain_text(window.text_block.html_text)


def frames(ui: Driver, count: int = 3) -> None:
    """Frames through the app's own guarded loop (the tests' pump is unguarded)."""
    for _ in range(count):
        pygame.event.post(pygame.event.Event(pygame.USEREVENT))
        ui.app.guarded_frame()


# --- the last line of defence ---------------------------------------------------------------


def test_an_unforeseen_error_keeps_the_game_logs_it_and_goes_on_from_the_menu(
    menu: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    menu.click_button("Two players")
    for move in OPENING:
        menu.play(move)
    scene = menu.game

    def broken(event: pygame.event.Event) -> None:
        raise RuntimeError("a bug nobody has found yet")

    monkeypatch.setattr(scene, "handle_event", broken)
    frames(menu)
    assert menu.app.running, "the error ended the program"
    assert isinstance(menu.scene, MenuScene)
    [window] = message_windows(menu)
    assert window.window_display_title == "Something went wrong"
    log = data_dir() / "errors.log"
    text = window_text(window)
    assert "Your game is kept" in text and str(log) in text
    assert window.dismiss_button.text == "Go on"
    details = log.read_text()
    assert "RuntimeError: a bug nobody has found yet" in details
    assert "Traceback" in details
    assert autosaved() == GameRecord(moves=tuple(scene.record().moves))
    # Esc closes the window without leaving the menu (Esc on the bare menu quits).
    menu.key(pygame.K_ESCAPE)
    assert menu.app.running and not message_windows(menu)
    menu.click_button("Continue")
    assert [str(m) for m in menu.game.controller.history.moves] == list(OPENING)


def test_the_game_is_kept_even_when_the_error_came_before_the_autosave(
    menu: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    menu.click_button("Two players")
    menu.play("D4-C4")
    scene = menu.game
    monkeypatch.setattr(scene.keeper, "autosave", lambda *_: None)  # the move is not kept yet
    menu.play("D4-A4")
    monkeypatch.undo()

    def broken(dt: float) -> bool:
        raise KeyError("boom")

    monkeypatch.setattr(scene, "update", broken)
    frames(menu)
    assert isinstance(menu.scene, MenuScene)
    assert [str(m) for m in autosaved().moves] == ["D4-C4", "D4-A4"]


def test_errors_that_keep_coming_back_end_the_program_with_the_log_named(
    menu: Driver, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(self: MenuScene, event: pygame.event.Event) -> None:
        raise ValueError("the menu itself fails")

    monkeypatch.setattr(MenuScene, "handle_event", broken)
    for _ in range(10):
        if not menu.app.running:
            break
        frames(menu, 1)
    assert not menu.app.running and menu.app.failed
    assert f"the details are in {data_dir() / 'errors.log'}" in capsys.readouterr().err


def test_the_log_stays_small(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from fireice_desktop.files import errorlog

    monkeypatch.setenv("FIREICE_DATA_DIR", str(tmp_path))
    for number in range(400):
        errorlog.append_report(f"Traceback number {number}\n" + "x" * 2000)
    text = (tmp_path / "errors.log").read_text()
    assert len(text) <= errorlog.MAX_BYTES + 3000
    assert "Traceback number 399" in text and "Traceback number 0\n" not in text
    assert text.startswith("--- "), "the log starts at a report, not in the middle of one"


# --- a kept game that cannot be read ---------------------------------------------------------

GOOD = GameRecord(moves=())  # set below with moves

#: How the kept game is damaged -> its bytes.
UNREADABLE = {
    "damaged": b'{"format": "fireice-record", "version": 1, "game": "fire-and-ice", "mo',
    "newer version": json.dumps(
        {"format": "fireice-record", "version": 2, "game": "fire-and-ice", "moves": []}
    ).encode(),
    "other encoding": '{"format": "fireice-record", "version": 1, "game": "fire-and-ice", '
    '"moves": ["D4-C4"], "note": "\u00e9t\u00e9"}'.encode("latin-1"),
    "illegal move": json.dumps(
        {
            "format": "fireice-record",
            "version": 1,
            "game": "fire-and-ice",
            "moves": ["D4-C4", "D4-C4"],
        }
    ).encode(),
    "not a game": b"hello",
    "empty": b"",
}


@pytest.mark.parametrize("content", UNREADABLE.values(), ids=UNREADABLE.keys())
def test_an_unreadable_kept_game_is_set_aside_and_the_menu_says_so_once(
    content: bytes, config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = config / "data" / "autosave.fireice"
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    with open_ui(config, monkeypatch) as menu:
        assert not menu.has_button("Continue")
        [window] = message_windows(menu)
        assert window.window_display_title == "Your kept game could not be read"
        text = window_text(window)
        assert "autosave.unreadable.fireice" in text and "nothing of it is lost" in text
        assert (path.parent / "autosave.unreadable.fireice").read_bytes() == content
        assert not path.exists()
        menu.resize((900, 650))
        assert len(message_windows(menu)) == 1, "a new window size lost the notice"
        menu.key(pygame.K_RETURN)
        assert not message_windows(menu)
        assert isinstance(menu.scene, MenuScene), "Enter closed the notice, nothing else"
        # A new game is kept as usual, and the set-aside file stays as it was.
        menu.click_button("Two players")
        menu.play("D4-C4")
        assert [str(m) for m in autosaved().moves] == ["D4-C4"]
        assert (path.parent / "autosave.unreadable.fireice").read_bytes() == content
        menu.key(pygame.K_ESCAPE)
        assert isinstance(menu.scene, MenuScene)
        assert not message_windows(menu), "the notice came again"


def test_a_second_unreadable_kept_game_does_not_replace_the_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fireice_desktop.files.storage import load_kept_game

    monkeypatch.setenv("FIREICE_DATA_DIR", str(tmp_path))
    for content in (b"first", b"second"):
        (tmp_path / "autosave.fireice").write_bytes(content)
        kept = load_kept_game()
        assert kept.record is None and kept.problem is not None
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names[0] == "autosave.unreadable-" + names[0].split("-", 1)[1]
    assert (tmp_path / "autosave.unreadable.fireice").read_bytes() == b"first"
    assert len(names) == 2 and all(n.endswith(".fireice") for n in names)


def test_an_unreadable_kept_game_that_cannot_be_moved_is_never_replaced(
    config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    folder = config / "data"
    folder.mkdir(parents=True)
    (folder / "autosave.fireice").write_bytes(b"damaged")

    def refused(source: object, target: object) -> None:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(source))

    locked = pytest.MonkeyPatch()
    locked.setattr("fireice_desktop.files.storage.os.rename", refused)
    try:
        with open_ui(config, monkeypatch) as menu:
            [window] = message_windows(menu)
            text = window_text(window)
            assert "could not be moved out of the way (Permission denied)" in text
            assert str(folder / "autosave.fireice") in text
            menu.key(pygame.K_ESCAPE)
            menu.click_button("Two players")
            menu.play("D4-C4")
            assert menu.game.keeper.failed
            assert "keeping this one would replace it" in plain_text(
                menu.panel.message_box.html_text
            )
            assert (folder / "autosave.fireice").read_bytes() == b"damaged"
            locked.undo()
            # Once the file can be moved, the next move sets it aside and keeps the game.
            menu.play("D4-A4")
            assert not menu.game.keeper.failed
            assert (folder / "autosave.unreadable.fireice").read_bytes() == b"damaged"
            assert [str(m) for m in autosaved().moves] == ["D4-C4", "D4-A4"]
    finally:
        locked.undo()


# --- saving that fails, and closing the window ----------------------------------------------


def fill_the_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every write of the autosave fails as on a full disk."""
    import errno

    import fireice_desktop.files.storage as storage

    real = storage.write_atomic

    def full(path: Path, data: object) -> None:
        if Path(path).name == "autosave.fireice":
            error = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            raise storage.SaveFileError(
                storage.say(
                    "files.cannot_write", path=str(path), error=storage.system_words(error)
                ),
                True,
            )
        real(path, data)  # type: ignore[arg-type]

    monkeypatch.setattr(storage, "write_atomic", full)


def test_a_failing_autosave_says_so_in_the_panel_at_once_and_again_when_it_recovers(
    menu: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    menu.click_button("Two players")
    menu.play("D4-C4")
    with monkeypatch.context() as full:
        fill_the_disk(full)
        menu.play("D4-A4")
        assert menu.game.keeper.failed
        box = plain_text(menu.panel.message_box.html_text)
        assert box.startswith("Not kept: No space left on device. Save... writes")
        assert "No space left on device" in box and "Save... writes the game elsewhere" in box
        menu.play("C4-C1")
        assert "Not kept" in plain_text(menu.panel.message_box.html_text), "the warning went"
    menu.play("A4-A1")
    assert not menu.game.keeper.failed
    assert "Your game is kept again." in plain_text(menu.panel.message_box.html_text)
    assert len(autosaved().moves) == 4


def test_closing_the_window_with_moves_not_kept_asks_first(
    menu: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    menu.click_button("Two players")
    fill_the_disk(monkeypatch)
    menu.play("D4-C4")
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    menu.pump(2)
    assert menu.app.running, "closed without asking"
    dialog = menu.dialog
    assert dialog is not None
    assert dialog.window_display_title == "Close without your newest moves?"
    assert "No space left on device" in plain_text(dialog.confirmation_text.html_text)
    assert dialog.cancel_button.text == "Stay"
    menu.answer(False)
    assert menu.app.running and menu.played == ["D4-C4"]
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    menu.pump(2)
    menu.answer(True)
    assert not menu.app.running


def test_closing_the_window_asks_nothing_when_the_disk_has_room_again(
    menu: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    menu.click_button("Two players")
    with monkeypatch.context() as full:
        fill_the_disk(full)
        menu.play("D4-C4")
        assert menu.game.keeper.failed
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    menu.pump(2)
    assert not menu.app.running, "the moves could be kept now: no question needed"
    assert [str(m) for m in autosaved().moves] == ["D4-C4"]


def test_closing_a_kept_game_asks_nothing(menu: Driver) -> None:
    menu.click_button("Two players")
    menu.play("D4-C4")
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    menu.pump(2)
    assert not menu.app.running


def test_the_autosave_file_is_a_folder_the_game_says_it_is_not_kept(
    menu: Driver,
) -> None:
    autosave_path().mkdir(parents=True)
    menu.click_button("Two players")
    menu.play("D4-C4")
    assert menu.game.keeper.failed
    assert "Not kept" in plain_text(menu.panel.message_box.html_text)
    assert autosave_path().is_dir()


def test_a_record_handed_over_by_a_second_start_asks_before_replacing_a_game(
    menu: Driver,
) -> None:
    from fireice_desktop.files.lock import Request

    menu.click_button("Two players")
    menu.play("D4-C4")
    other = GameRecord.parse("D4-C4\nD4-A4\nC4-C1\n")
    menu.app.answer(Request(other))
    menu.pump(2)
    assert menu.dialog is not None, "the game in progress was replaced without asking"
    menu.answer(True)
    assert isinstance(menu.scene, GameScreen)
    assert [str(m) for m in menu.game.controller.history.moves] == list(OPENING)


def test_a_record_handed_over_to_the_menu_opens_at_once(menu: Driver) -> None:
    from fireice_desktop.files.lock import Request

    assert save_autosave(GameRecord.parse("D4-C4\n"))
    menu.app.answer(Request(GameRecord.parse("D4-C4\nD4-A4\n")))
    menu.pump(2)
    assert [str(m) for m in menu.game.controller.history.moves] == ["D4-C4", "D4-A4"]


# --- temporary files left by a killed write -------------------------------------------------


def test_temporary_settings_files_left_by_killed_writes_are_cleaned_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fireice_desktop.ui.frame.settings import Settings

    monkeypatch.setenv("FIREICE_CONFIG_DIR", str(tmp_path))
    old = [tmp_path / f".settings.json.{n}abc.tmp" for n in range(3)]
    for path in old:
        path.write_text('{"sound": fa')
        os.utime(path, (time.time() - 3600, time.time() - 3600))
    young = tmp_path / ".settings.json.young.tmp"  # another copy may be writing it now
    young.write_text("{")
    Settings(sound=False).save()
    assert Settings.load().sound is False
    assert not any(path.exists() for path in old)
    assert young.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [young.name, "settings.json"]


# --- an unfinished game is not replaced unasked ------------------------------------------------


def kept_unfinished(ui: Driver) -> None:
    """Play the opening in a two-player game and come back to the menu: it is kept."""
    ui.click_button("Two players")
    for move in OPENING:
        ui.play(move)
    ui.click_button("Menu")
    if ui.dialog is not None:  # "Leave this game for the menu?"
        ui.answer(confirm=True)
    assert isinstance(ui.scene, MenuScene) and ui.scene.unfinished is not None


@pytest.mark.parametrize("entry", ["Two players", "Solitaire", "Icebreaker"])
def test_starting_another_game_from_the_menu_asks_before_replacing_an_unfinished_one(
    menu: Driver, entry: str
) -> None:
    kept_unfinished(menu)
    menu.click_button(entry)
    assert menu.dialog is not None, "no question before the kept game is replaced"
    assert "Replace your unfinished game?" in plain_text(menu.dialog.confirmation_text.html_text)
    menu.answer(confirm=False)  # Keep it
    assert isinstance(menu.scene, MenuScene) and menu.dialog is None
    assert len(autosaved().moves) == len(OPENING)
    menu.find("Continue")  # still there to go on with
    menu.click_button(entry)
    menu.key(pygame.K_RETURN)  # at once: a key typed before the question was read
    assert menu.dialog is not None
    menu.read_question()
    menu.key(pygame.K_RETURN)  # Replace
    assert menu.dialog is None and not isinstance(menu.scene, MenuScene)
    assert len(autosaved().moves) == len(OPENING)  # replaced once the new game has a move


@pytest.mark.parametrize("over", [False, True], ids=["unfinished", "finished"])
def test_a_game_opened_from_a_file_asks_before_replacing_an_unfinished_one(
    menu: Driver, tmp_path: Path, over: bool
) -> None:
    kept_unfinished(menu)
    path = tmp_path / "opened.fireice"
    moves = winning_moves(1745) if over else ["D4-A4"]
    path.write_text(GameRecord(moves=tuple(moves)).to_json(), encoding="utf-8")
    menu.key(pygame.K_o, pygame.KMOD_CTRL)
    choose(menu, path)
    if over:  # only reviewed: the kept game stays for Continue, unasked
        assert menu.dialog is None and not isinstance(menu.scene, MenuScene)
        return
    assert menu.dialog is not None and isinstance(menu.scene, MenuScene)
    menu.answer(confirm=True)
    assert menu.played == ["D4-A4"]
    assert list(autosaved().moves) == [menu.game.controller.history.moves[0]]


def test_no_question_without_an_unfinished_game(menu: Driver) -> None:
    menu.click_button("Two players")
    assert isinstance(menu.scene, GameScreen) and menu.dialog is None
