"""Saving, opening, the autosave with Continue, and the Text window, driven by real events."""

from __future__ import annotations

import json
import locale
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from fireice_desktop.engine.games.fireice.rules import Color, Move, Position
from fireice_desktop.engine.games.fireice.solitaire import SolitairePosition
from fireice_desktop.engine.games.fireice.spec import Handicap
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.files.storage import (
    MAX_RECORD_BYTES,
    autosave_path,
    games_dir,
    load_autosave,
    read_game,
    save_autosave,
)
from fireice_desktop.ui.frame.settings import Settings
from fireice_desktop.ui.screens import saving
from fireice_desktop.ui.screens.menu import MenuScene
from fireice_desktop.ui.toolkit import language
from tests.support.files import deny_reading, deny_writing
from tests.support.ui import (
    Driver,
    autosaved,
    choose,
    file_dialog,
    is_game,
    open_ui,
    plain_text,
    pygame,
    pygame_gui,
    wait_for_computer,
    wait_for_reading,
    windows,
    winning_moves,
)

CTRL = pygame.KMOD_LCTRL
ROOT = os.geteuid() == 0
OPENING = ["D4-C4", "D4-A4", "C4-C1"]


# --- fixtures and helpers -------------------------------------------------------------------


@pytest.fixture
def menu(sandbox: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """A fresh app on its menu."""
    with open_ui(sandbox / "config", monkeypatch) as driver:
        yield driver


@pytest.fixture
def ui(menu: Driver) -> Iterator[Driver]:
    """A two-player game, opened from the menu."""
    menu.click_button("Two players")
    yield menu


def history_state(ui: Driver) -> tuple[object, ...]:
    """Everything about the game on screen that opening a bad file must leave alone."""
    scene = ui.game
    history = scene.controller.history
    return (scene, tuple(history.positions), tuple(history.moves), history.cursor)


def pick_directly(ui: Driver, path: Path) -> None:
    """What the dialog sends when ``path`` is picked, for paths it cannot show (a folder
    chosen as a file, a file deleted in the meantime)."""
    dialog = file_dialog(ui)
    dialog.kill()
    event = {"text": str(path), "ui_element": dialog, "ui_object_id": "#file_dialog"}
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, event))
    ui.pump(2)
    wait_for_reading(ui)


def error_window(ui: Driver) -> tuple[str, str]:
    """The title and the text of the one error window on screen."""
    found = windows(ui, pygame_gui.windows.UIMessageWindow)
    assert len(found) == 1, f"{len(found)} error windows"
    return found[0].window_display_title, plain_text(found[0].text_block.html_text)


def file_state(path: Path) -> tuple[object, ...]:
    """A file's kind, size, change time and bytes (the built-in open: fakes leave it alone)."""
    info = path.lstat()
    content = None
    if path.is_file() and info.st_size <= 2 * MAX_RECORD_BYTES:
        try:
            with open(path, "rb") as stream:
                content = stream.read()
        except PermissionError:
            pass
    return (info.st_mode, info.st_size, info.st_mtime_ns, content)


def play_all(ui: Driver, moves: list[str]) -> None:
    for move in moves:
        ui.play(move)
    assert ui.played == moves


def record_of(moves: list[str], **fields: Any) -> GameRecord:
    return GameRecord(moves=tuple(Move.parse(m) for m in moves), **fields)


def write_autosave(config: Path, data: bytes) -> Path:
    """Put ``data`` where the app of ``open_ui(config, ...)`` keeps its autosave."""
    path = config / "data" / "autosave.fireice"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def continue_button(ui: Driver) -> Any:
    assert isinstance(ui.scene, MenuScene)
    return ui.find("Continue")


# --- the autosave ---------------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_named_pipes_as_the_settings_and_the_autosave_are_passed_over(
    sandbox: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading a named pipe waits for a writer: the game must start with the default
    settings and no Continue instead of hanging, and must not replace the pipes."""
    config = sandbox / "config"
    (config / "data").mkdir(parents=True)
    os.mkfifo(config / "settings.json")
    os.mkfifo(config / "data" / "autosave.fireice")
    monkeypatch.setenv("FIREICE_CONFIG_DIR", str(config))
    monkeypatch.setenv("FIREICE_DATA_DIR", str(config / "data"))
    assert Settings.load() == Settings()
    assert load_autosave() is None
    assert save_autosave(record_of(OPENING)) is False
    Settings(sound=False).save()
    for pipe in (config / "settings.json", config / "data" / "autosave.fireice"):
        assert pipe.exists() and not pipe.is_file(), f"{pipe} is still a named pipe"
    with open_ui(config, monkeypatch) as menu:
        assert not menu.has_button("Continue")


def test_every_move_undo_and_redo_is_autosaved_at_once(ui: Driver) -> None:
    assert not autosave_path().exists(), "an empty game is not autosaved"
    for count, move in enumerate(OPENING, start=1):
        ui.play(move)
        assert [str(m) for m in autosaved().moves] == OPENING[:count]
    ui.key(pygame.K_z, mod=CTRL)
    assert [str(m) for m in autosaved().moves] == OPENING[:2]
    assert [str(m) for m in autosaved().undone] == OPENING[2:]
    ui.click_button("Undo")
    assert [str(m) for m in autosaved().moves] == OPENING[:1]
    assert [str(m) for m in autosaved().undone] == OPENING[1:]
    ui.key(pygame.K_y, mod=CTRL)
    assert [str(m) for m in autosaved().moves] == OPENING[:2]
    ui.click_button("Redo")
    assert autosaved() == record_of(OPENING)


def test_leaving_goes_straight_to_the_menu_because_the_game_is_kept(ui: Driver) -> None:
    play_all(ui, OPENING[:2])
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.scene, MenuScene)
    assert ui.dialog is None
    assert autosaved() == record_of(OPENING[:2])


def test_leaving_asks_first_when_the_autosave_could_not_be_written(
    ui: Driver, sandbox: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = sandbox / "not a folder"
    blocker.write_text("")
    monkeypatch.setenv("FIREICE_DATA_DIR", str(blocker / "data"))
    ui.play("D4-C4")
    assert ui.game.keeper.failed
    ui.click_button("Menu")
    dialog = ui.dialog
    assert dialog is not None, "no question before leaving an unsaved game"
    assert dialog.window_display_title == "Leave this game for the menu"
    assert "will be lost" in plain_text(dialog.confirmation_text.html_text)
    ui.answer(False)
    assert ui.played == ["D4-C4"]
    ui.key(pygame.K_ESCAPE)
    ui.answer(True)
    assert isinstance(ui.scene, MenuScene)


# --- Continue -------------------------------------------------------------------------------


def test_continue_restores_a_handicap_game_with_its_redo_line(menu: Driver) -> None:
    menu.click_button("Handicap game")
    menu.click_button("Ice")
    menu.click_button("3")
    for name in ("A1", "B2", "C3"):
        menu.board_click(name)
    menu.click_button("Start the game")
    title = menu.game.title
    play_all(menu, OPENING)
    menu.key(pygame.K_z, mod=CTRL)
    before = history_state(menu)[1:]
    menu.key(pygame.K_ESCAPE)
    button = continue_button(menu)
    assert button.tool_tip_text == "Handicap game: 2 moves, Fire to move"
    menu.click_element(button)
    assert is_game(menu.scene, "fire-and-ice", computer=False)
    assert menu.game.title == title == "Handicap: 3 extra Ice pegs"
    assert history_state(menu)[1:] == before
    start = menu.game.controller.history.positions[0]
    assert isinstance(start, Position) and start.ice.bit_count() == 3
    menu.click_button("Redo")
    assert menu.played == OPENING


@pytest.mark.slow
def test_continue_restores_a_game_against_the_computer_with_its_levels(menu: Driver) -> None:
    menu.click_button("Against the computer")
    menu.click_button("Fire")
    menu.click_button("Beginner")
    menu.click_button("Start")
    scene = menu.scene
    assert is_game(scene, "fire-and-ice", computer=True)
    for _ in range(3):  # three rounds of a move of Fire's and the computer's reply
        position = menu.position
        assert isinstance(position, Position)
        menu.play(position.legal_moves()[0])
        wait_for_computer(menu)
    assert len(menu.played) == 6
    menu.click_button("Undo")  # the player's move and the computer's reply
    assert len(menu.played) == 4
    before = history_state(menu)[1:]
    menu.key(pygame.K_ESCAPE)
    assert (
        continue_button(menu).tool_tip_text
        == "You against the beginner level: 4 moves, Fire to move"
    )
    menu.key(pygame.K_RETURN)
    restored = menu.scene
    assert is_game(restored, "fire-and-ice", computer=True) and restored is not scene
    assert menu.game.table.computer == {Color.ICE: "beginner"}
    assert menu.game.title == "You (Fire) vs beginner"
    assert history_state(menu)[1:] == before
    menu.pump(20, dt=0.1)
    assert len(menu.played) == 4, "Fire is the player's: the computer waits"
    menu.click_button("Redo")
    assert len(menu.played) == 6


@pytest.mark.slow
def test_continue_restores_a_solitaire_deal_and_its_pegs(menu: Driver) -> None:
    menu.click_button("Solitaire")
    scene = menu.game
    assert is_game(scene, "solitaire")
    for _ in range(3):
        position = menu.position
        assert isinstance(position, SolitairePosition)
        menu.play(position.legal_moves()[0])
    menu.key(pygame.K_z, mod=CTRL)
    deal, before = scene.view.deal, history_state(menu)[1:]  # type: ignore[attr-defined]
    pegs = menu.position.pegs_left  # type: ignore[attr-defined]
    menu.click_button("Menu")
    assert continue_button(menu).tool_tip_text == (
        f"Solitaire, deal {deal:,}: 2 moves, {pegs} pegs left"
    )
    menu.click_button("Continue")
    restored = menu.game
    assert is_game(restored, "solitaire")
    assert restored.view.deal == deal  # type: ignore[attr-defined]
    assert restored.view.deal_entry.get_text() == str(deal)  # type: ignore[attr-defined]
    assert history_state(menu)[1:] == before
    menu.key(pygame.K_y, mod=CTRL)
    assert len(menu.played) == 3


def test_a_restarted_app_offers_continue_and_restores_the_game(
    sandbox: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(sandbox / "config", monkeypatch) as first:
        first.click_button("Two players")
        play_all(first, OPENING)
        first.click_button("Undo")
        before = history_state(first)[1:]
    with open_ui(sandbox / "config", monkeypatch) as second:
        assert continue_button(second).tool_tip_text == "Two players: 2 moves, Fire to move"
        second.key(pygame.K_RETURN)
        assert history_state(second)[1:] == before
        assert second.game.title == "Two players"
        second.key(pygame.K_y, mod=CTRL)
        assert second.played == OPENING


#: name: the autosave's bytes (``None``: there is none)
NO_CONTINUE: dict[str, bytes | None] = {
    "no autosave": None,
    "garbage": bytes(range(256)) * 4,
    "an empty file": b"",
    "a cut-off record": record_of(OPENING).to_json().encode()[:50],
    "version 2": json.dumps({"format": "fireice-record", "version": 2, "moves": []}).encode(),
    "an illegal move": record_of(["D4-C4", "D4-C4"]).to_json().encode(),
    "a finished game": GameRecord(moves=tuple(winning_moves(1745))).to_json().encode(),
}


@pytest.mark.slow
@pytest.mark.parametrize("case", list(NO_CONTINUE))
def test_the_menu_has_no_continue_without_a_game_to_go_on_with(
    case: str, sandbox: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = NO_CONTINUE[case]
    path = sandbox / "config" / "data" / "autosave.fireice"
    if data is not None:
        write_autosave(sandbox / "config", data)
        before = file_state(path)
    with open_ui(sandbox / "config", monkeypatch) as ui:
        assert not ui.has_button("Continue")
        assert ui.has_button("Two players")
        ui.key(pygame.K_RETURN)
        ui.pump(5)
        assert isinstance(ui.scene, MenuScene), "Enter with nothing to continue does nothing"
        ui.click_button("Rules")
        ui.key(pygame.K_ESCAPE)
        assert isinstance(ui.scene, MenuScene)
    if data is None:
        assert not path.exists()
    elif case == "a finished game":
        assert file_state(path) == before, "showing the menu changed the autosave"
    else:
        # The first move of a new game would replace it: it is set aside, bytes and all.
        assert not path.exists()
        kept = path.with_name("autosave.unreadable.fireice")
        assert file_state(kept) == before, "the unreadable autosave was not kept as it was"


# --- saving ---------------------------------------------------------------------------------


def test_ctrl_s_saves_the_game_to_the_chosen_file(ui: Driver, sandbox: Path) -> None:
    play_all(ui, OPENING[:2])
    ui.key(pygame.K_s, mod=CTRL)
    dialog = file_dialog(ui)
    assert dialog.window_display_title == "Save this game (.fireice, or .txt for text)"
    offered = Path(dialog.file_path_text_line.get_text())
    assert offered.parent == sandbox / "home" / "Documents"
    assert offered.name.startswith("Fire and Ice ") and offered.suffix == ".fireice"
    target = sandbox / "files" / "g.fireice"
    choose(ui, target)
    assert read_game(target) == record_of(OPENING[:2]) == ui.game.record()
    assert json.loads(target.read_text())["format"] == "fireice-record"
    assert ui.message == "Saved as g.fireice."
    assert windows(ui, pygame_gui.elements.UIWindow) == []


def test_saving_is_said_while_looking_back_through_the_moves_until_the_next_step(
    ui: Driver, sandbox: Path
) -> None:
    play_all(ui, OPENING)
    ui.key(pygame.K_PAGEUP)
    assert ui.message.startswith("Reviewing")
    ui.key(pygame.K_s, mod=CTRL)
    choose(ui, sandbox / "files" / "beginner.fireice")
    assert ui.message == "Saved as beginner.fireice."
    ui.key(pygame.K_PAGEUP)  # the board changes: the review's words again
    assert ui.message.startswith("Reviewing")


def test_saving_is_said_in_italian(sandbox: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_ui(sandbox / "config", monkeypatch, language="it") as ui:
        ui.click_button("Due giocatori")
        ui.play("D4-C4")
        ui.key(pygame.K_s, mod=CTRL)
        choose(ui, sandbox / "files" / "beginner.fireice")
        assert ui.message == "Salvata come beginner.fireice."


def test_the_save_button_keeps_undone_moves_in_the_file(ui: Driver, sandbox: Path) -> None:
    play_all(ui, OPENING)
    ui.click_button("Undo")
    ui.click_button("Save...")
    choose(ui, sandbox / "files" / "undone.fireice")
    saved = read_game(sandbox / "files" / "undone.fireice")
    assert [str(m) for m in saved.undone] == OPENING[2:]
    ui.key(pygame.K_s, mod=CTRL)
    assert Path(file_dialog(ui).current_directory_path) == sandbox / "files", "the last folder"
    ui.key(pygame.K_ESCAPE)
    assert windows(ui, pygame_gui.windows.UIFileDialog) == []


def test_a_name_without_a_suffix_gets_fireice(ui: Driver, sandbox: Path) -> None:
    ui.play("D4-C4")
    ui.key(pygame.K_s, mod=CTRL)
    choose(ui, sandbox / "files" / "my game")
    assert [p.name for p in (sandbox / "files").iterdir()] == ["my game.fireice"]
    assert read_game(sandbox / "files" / "my game.fireice") == record_of(["D4-C4"])


def test_a_txt_name_saves_plain_text(ui: Driver, sandbox: Path) -> None:
    play_all(ui, OPENING)
    ui.click_button("Undo")
    ui.key(pygame.K_s, mod=CTRL)
    choose(ui, sandbox / "files" / "game.txt")
    text = (sandbox / "files" / "game.txt").read_text()
    assert text == "Game: Fire & Ice\n\nD4-C4\nD4-A4\n"


@pytest.mark.parametrize("replace", [False, True], ids=["cancel", "replace"])
def test_saving_over_an_existing_file_asks_first(ui: Driver, sandbox: Path, replace: bool) -> None:
    target = sandbox / "files" / "g.fireice"
    target.write_bytes(b"precious bytes\r\n")
    before = file_state(target)
    ui.play("D4-C4")
    ui.key(pygame.K_s, mod=CTRL)
    choose(ui, target)
    dialog = ui.dialog
    assert dialog is not None, "no question before replacing a file"
    assert dialog.window_display_title == "Replace the file?"
    assert plain_text(dialog.confirmation_text.html_text) == (
        "g.fireice already exists. Replace it with this game?"
    )
    assert dialog.confirm_button.text == "Replace"
    assert file_state(target) == before, "written before the answer"
    ui.answer(replace)
    if replace:
        assert read_game(target) == record_of(["D4-C4"])
    else:
        assert file_state(target) == before
        assert "Saved" not in ui.message
    assert [p.name for p in (sandbox / "files").iterdir()] == ["g.fireice"]


def test_saving_into_a_folder_that_cannot_be_written_shows_an_error(
    ui: Driver, sandbox: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    locked = sandbox / "files" / "locked"
    locked.mkdir()
    deny_writing(locked, monkeypatch)
    ui.play("D4-C4")
    try:
        ui.key(pygame.K_s, mod=CTRL)
        choose(ui, locked / "g.fireice")
        title, text = error_window(ui)
        assert title == "Cannot save the game"
        assert text == f"this program may not write into {locked}"
        assert list(locked.iterdir()) == []
    finally:
        locked.chmod(0o755)
    assert ui.played == ["D4-C4"]


# --- opening --------------------------------------------------------------------------------

Maker = Callable[[Path, pytest.MonkeyPatch], object]


def write(data: str | bytes) -> Maker:
    raw = data.encode() if isinstance(data, str) else data
    return lambda path, monkeypatch: path.write_bytes(raw)


def make_sparse(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open(path, "wb") as stream:
        stream.truncate(10**9)


def make_unreadable(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path.write_text(record_of(OPENING).to_json())
    deny_reading(path, monkeypatch)


def record_json(**fields: Any) -> str:
    data = {"format": "fireice-record", "version": 1, "game": "fire-and-ice", **fields}
    return json.dumps(data)


#: name: (how the file is made, fragments the error window must show, picked how)
BAD_OPENS: dict[str, tuple[Maker, list[str], str]] = {
    "empty": (write(""), ["bad.fireice", "empty"], "dialog"),
    "truncated": (write(record_of(OPENING).to_json()[:60]), ["truncated"], "dialog"),
    "binary bytes": (write(bytes(range(256))), ["not a text file"], "dialog"),
    "an image": (write(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), ["not a text file"], "dialog"),
    "not JSON": (write("hello"), ["'hello' is not a move"], "dialog"),
    "wrong version": (write(record_json(version=2)), ["version 2", "not supported"], "dialog"),
    "an illegal move": (
        write(record_json(moves=["D4-C4", "D4-A4", "A4-A4"])),
        ["illegal move", "move 3", "A4-A4"],
        "dialog",
    ),
    "just too large": (write(" " * (MAX_RECORD_BYTES + 1)), ["too large"], "dialog"),
    "a sparse gigabyte": (make_sparse, ["too large"], "dialog"),
    "not UTF-8": (write("# caf\xe9\nD4-C4\n".encode("latin-1")), ["not UTF-8"], "dialog"),
    "deeply nested": (
        write('{"format": "fireice-record", "version": 1, "moves": ' + "[" * 50_000),
        ["nested too deeply"],
        "dialog",
    ),
    "Python code": (write("__import__('os').system('touch pwned')\n"), ["is not a move"], "dialog"),
    "a pickle": (write(b"cos\nsystem\n(S'touch pwned'\ntR.\n"), ["is not a move"], "dialog"),
    "no permission": (make_unreadable, ["may not read"], "dialog"),
    "a folder": (lambda path, monkeypatch: path.mkdir(), ["is a folder"], "event"),
    "a named pipe": (lambda path, monkeypatch: os.mkfifo(path), ["named pipe (FIFO)"], "event"),
    "a file deleted meanwhile": (lambda path, monkeypatch: None, ["does not exist"], "event"),
}


@pytest.mark.slow
@pytest.mark.parametrize("case", list(BAD_OPENS))
def test_a_bad_file_opened_in_a_game_shows_an_error_and_changes_nothing(
    case: str, ui: Driver, sandbox: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make, fragments, how = BAD_OPENS[case]
    play_all(ui, OPENING)
    ui.key(pygame.K_z, mod=CTRL)
    before = history_state(ui)
    saved_before = file_state(autosave_path())
    path = sandbox / "files" / "bad.fireice"
    make(path, monkeypatch)
    bad_before = file_state(path) if path.exists() else None
    ui.key(pygame.K_o, mod=CTRL)
    assert file_dialog(ui).window_display_title == "Open a saved game"
    if how == "dialog":
        choose(ui, path)
    else:
        pick_directly(ui, path)
    title, text = error_window(ui)
    assert title == "Cannot open this game"
    for fragment in fragments:
        assert fragment in text, (fragment, text)
    assert ui.dialog is None, "no question about leaving the game"
    assert history_state(ui) == before
    assert file_state(autosave_path()) == saved_before
    if bad_before is not None:
        assert file_state(path) == bad_before
    assert not (sandbox / "files" / "pwned").exists() and not Path("pwned").exists()


def test_the_open_dialog_cannot_pick_a_folder_or_a_missing_file(ui: Driver, sandbox: Path) -> None:
    ui.click_button("Open...")
    dialog = file_dialog(ui)
    for path in (sandbox / "files", sandbox / "files" / "missing.fireice"):
        ui.click_element(dialog.file_path_text_line)
        dialog.file_path_text_line.set_text(str(path))
        ui.key(pygame.K_RETURN)
        assert dialog.current_file_path is None, path
        assert not dialog.ok_button.is_enabled, path


def test_a_bad_file_opened_from_the_menu_shows_an_error_and_keeps_continue(
    sandbox: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_autosave(sandbox / "config", record_of(OPENING).to_json().encode())
    saved_before = file_state(sandbox / "config" / "data" / "autosave.fireice")
    bad = sandbox / "files" / "bad.fireice"
    bad.write_bytes(b"\x00\x01 not a game")
    with open_ui(sandbox / "config", monkeypatch) as ui:
        ui.click_button("Open a saved game")
        choose(ui, bad)
        assert error_window(ui) == (
            "Cannot open this game",
            "bad.fireice is not a saved game: it is not a text file",
        )
        assert isinstance(ui.scene, MenuScene)
        assert ui.has_button("Continue")
    assert bad.read_bytes() == b"\x00\x01 not a game"
    assert file_state(sandbox / "config" / "data" / "autosave.fireice") == saved_before


def test_a_damaged_file_is_refused_in_italian_with_a_close_button(
    ui: Driver, sandbox: Path
) -> None:
    play_all(ui, OPENING)
    before = history_state(ui)
    bad = sandbox / "files" / "rotto.fireice"
    bad.write_text(record_of(OPENING).to_json()[:60], encoding="utf-8")
    language.use("it", ui.app.manager)
    try:
        ui.key(pygame.K_o, mod=CTRL)
        choose(ui, bad)
        title, text = error_window(ui)
        assert title == "Impossibile aprire la partita"
        assert text == (
            "rotto.fireice: non è una registrazione di partita: finisce troppo presto, "
            "come se fosse stata troncata"
        )
        (window,) = windows(ui, pygame_gui.windows.UIMessageWindow)
        assert window.dismiss_button.text == "Chiudi"
        assert window.get_container().get_rect().contains(window.dismiss_button.rect)
        ui.click_element(window.dismiss_button)
        ui.pump(2)
        assert windows(ui, pygame_gui.windows.UIMessageWindow) == []
    finally:
        language.use("en", ui.app.manager)
    assert history_state(ui) == before


def test_the_dialogs_open_when_the_system_lacks_the_locale_its_environment_names(
    ui: Driver, sandbox: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pygame-gui's file dialog sets the locale from the environment; a ``LANG`` naming a
    locale that was never installed (common on Linux) must not stop it."""
    for name in [name for name in os.environ if name.startswith("LC_") or name == "LANGUAGE"]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("LANG", "it_XX.UTF-8")
    with pytest.raises(locale.Error):
        locale.setlocale(locale.LC_ALL, "")
    play_all(ui, OPENING[:2])
    ui.key(pygame.K_s, mod=CTRL)
    target = sandbox / "files" / "g.fireice"
    choose(ui, target)
    assert read_game(target) == record_of(OPENING[:2])
    ui.key(pygame.K_o, mod=CTRL)
    assert file_dialog(ui).window_display_title == "Open a saved game"
    assert "LC_ALL" not in os.environ and os.environ["LANG"] == "it_XX.UTF-8"
    assert language.system_language() == "it"


def test_the_error_windows_button_says_close_in_english(ui: Driver, sandbox: Path) -> None:
    ui.key(pygame.K_o, mod=CTRL)
    pick_directly(ui, sandbox / "files" / "gone.fireice")
    assert error_window(ui) == (
        "Cannot open this game",
        f"{sandbox}/files/gone.fireice does not exist",
    )
    (window,) = windows(ui, pygame_gui.windows.UIMessageWindow)
    assert window.dismiss_button.text == "Close"


def test_escape_closes_the_menus_open_dialog_without_quitting(
    sandbox: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_autosave(sandbox / "config", record_of(OPENING).to_json().encode())
    with open_ui(sandbox / "config", monkeypatch) as ui:
        ui.key(pygame.K_o, mod=CTRL)
        assert file_dialog(ui).window_display_title == "Open a saved game"
        ui.key(pygame.K_RETURN)
        assert isinstance(ui.scene, MenuScene), "Enter in the dialog is not Continue"
        ui.key(pygame.K_ESCAPE)
        assert windows(ui, pygame_gui.windows.UIFileDialog) == []
        assert ui.app.running, "Esc closed the dialog, not the app"
        ui.key(pygame.K_RETURN)
        assert ui.played == OPENING, "Enter is Continue again"


def test_reviewing_a_finished_game_from_the_menu_keeps_continue(
    sandbox: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_autosave(sandbox / "config", record_of(OPENING).to_json().encode())
    won = sandbox / "files" / "won.fireice"
    won.write_text(GameRecord(moves=tuple(winning_moves(1745))).to_json())
    with open_ui(sandbox / "config", monkeypatch) as ui:
        ui.click_button("Open a saved game")
        choose(ui, won)
        assert ui.game.controller.review == 0
        ui.key(pygame.K_PAGEDOWN)
        ui.click_button("Menu")
        assert ui.has_button("Continue"), "the game in progress is lost"
        ui.click_button("Continue")
        assert ui.played == OPENING


GOOD = record_of(
    ["D4-C4", "D4-D5"], setup=Handicap((2, 11), Color.FIRE), undone=(Move.parse("C4-C1"),)
)


@pytest.mark.parametrize("name", ["good.fireice", "good.txt"])
def test_a_good_file_opens_at_once_when_no_game_is_in_progress(
    name: str, ui: Driver, sandbox: Path
) -> None:
    path = sandbox / "files" / name
    path.write_text(GOOD.to_json() if name.endswith(".fireice") else GOOD.to_text())
    ui.key(pygame.K_o, mod=CTRL)
    choose(ui, path)
    assert ui.dialog is None
    assert ui.game.record() == (GOOD if name.endswith(".fireice") else read_game(path))
    assert ui.game.title == "Handicap: 2 extra Fire pegs"
    assert ui.played == ["D4-C4", "D4-D5"]
    assert autosaved() == ui.game.record()


@pytest.mark.parametrize("confirm", [False, True], ids=["cancel", "open"])
def test_opening_over_a_game_in_progress_asks_first(
    confirm: bool, ui: Driver, sandbox: Path
) -> None:
    play_all(ui, OPENING)
    before = history_state(ui)
    path = sandbox / "files" / "good.fireice"
    path.write_text(GOOD.to_json())
    ui.click_button("Open...")
    choose(ui, path)
    dialog = ui.dialog
    assert dialog is not None, "no question before throwing the game away"
    assert dialog.window_display_title == "Open good.fireice"
    assert plain_text(dialog.confirmation_text.html_text) == (
        "Open good.fireice? The moves played so far will be lost."
    )
    assert history_state(ui) == before
    ui.answer(confirm)
    if confirm:
        assert ui.game.record() == GOOD
        assert autosaved() == GOOD
    else:
        assert history_state(ui) == before
        assert autosaved() == record_of(OPENING)


def test_a_finished_game_opens_in_review_at_its_start(menu: Driver, sandbox: Path) -> None:
    moves = winning_moves(1745)
    path = sandbox / "files" / "won.fireice"
    path.write_text(GameRecord(moves=tuple(moves)).to_json())
    menu.key(pygame.K_o, mod=CTRL)
    choose(menu, path)
    controller = menu.game.controller
    assert controller.review == 0
    assert controller.shown == Position.start()
    assert menu.panel.over_panel is None
    assert menu.message == "Reviewing the start position. Return to the game to play on."
    for step in range(1, 4):
        menu.key(pygame.K_PAGEDOWN)
        assert controller.review == step
        assert controller.shown == controller.history.positions[step]
    assert menu.message.startswith(f"Reviewing: position after move 3 of {len(moves)}.")


# --- the Text window ------------------------------------------------------------------------


def text_window(ui: Driver) -> saving.TextWindow:
    window = ui.game.windows.text_window
    assert window is not None and window.is_open, "no Text window"
    return window


def status(ui: Driver) -> str:
    return plain_text(text_window(ui).status.html_text)


def test_t_shows_the_game_as_text_and_copy_puts_it_on_the_clipboard(ui: Driver) -> None:
    play_all(ui, OPENING)
    ui.click_button("Undo")
    ui.key(pygame.K_t, text="t")
    window = text_window(ui)
    assert window.window.window_display_title == "The game as text"
    assert window.box.get_text() == "Game: Fire & Ice\n\nD4-C4\nD4-A4\n"
    pygame.scrap.put_text("something else")
    ui.click_element(window.copy_button)
    assert pygame.scrap.get_text() == "Game: Fire & Ice\n\nD4-C4\nD4-A4\n"
    assert status(ui) == "Copied: paste it into a message."


def test_a_pasted_game_is_played_after_asking(ui: Driver) -> None:
    ui.play("D4-C4")
    pasted = "Game: Fire & Ice\r\nHandicap: Fire A3 B5\r\n\r\n1. D4-C4\r\n2. D4-D5\r\n"
    pygame.scrap.put_text(pasted)
    ui.click_button("Text...")
    window = text_window(ui)
    ui.click_element(window.paste_button)
    assert window.box.get_text().replace("\r", "") == pasted.replace("\r", "")
    assert status(ui) == "Pasted: press Play it to set it up."
    ui.click_element(window.play_button)
    assert not window.is_open
    assert ui.dialog is not None and ui.dialog.window_display_title == "Play the pasted game"
    ui.answer(True)
    assert ui.game.record() == record_of(["D4-C4", "D4-D5"], setup=Handicap((2, 11)))
    assert ui.game.title == "Handicap: 2 extra Fire pegs"


@pytest.mark.parametrize(
    ("pasted", "says"),
    [
        ("hello world", "Not a game: line 1: 'hello' is not a move"),
        ("D4-C4\nD4-C4\n", "Not a game: move 2: D4-C4: C4 is taken"),
        ('{"format": "fireice-record", "version": 2}', "Not a game: game record version 2"),
        ("Game: Chess\n\n1. e2-e4\n", "Not a game: Game: 'Chess' is not a game this program"),
    ],
    ids=["words", "illegal", "version 2", "chess"],
)
def test_pasted_garbage_is_refused_and_the_game_is_untouched(
    ui: Driver, pasted: str, says: str
) -> None:
    play_all(ui, OPENING[:2])
    before = history_state(ui)
    ui.key(pygame.K_t, text="t")
    window = text_window(ui)
    pygame.scrap.put_text(pasted)
    ui.click_element(window.paste_button)
    ui.click_element(window.play_button)
    assert status(ui).startswith(says), status(ui)
    assert window.is_open
    assert ui.dialog is None
    assert history_state(ui) == before


def test_paste_with_an_empty_clipboard_says_so_and_keeps_the_text(ui: Driver) -> None:
    ui.play("D4-C4")
    ui.key(pygame.K_t, text="t")
    window = text_window(ui)
    pygame.scrap.put_text("  \n")
    ui.click_element(window.paste_button)
    assert status(ui) == "There is no text to paste: copy a game first."
    assert window.box.get_text() == "Game: Fire & Ice\n\nD4-C4\n"


def test_a_pasted_game_with_a_byte_order_mark_is_played(ui: Driver) -> None:
    pygame.scrap.put_text("\ufeffGame: Fire & Ice\n\nD4-C4\n")
    ui.key(pygame.K_t, text="t")
    window = text_window(ui)
    ui.click_element(window.paste_button)
    ui.click_element(window.play_button)
    assert not window.is_open, status(ui)
    assert ui.played == ["D4-C4"]


def test_escape_closes_the_text_window_and_nothing_reaches_the_game_meanwhile(
    ui: Driver,
) -> None:
    ui.play("D4-C4")
    ui.key(pygame.K_t, text="t")
    window = text_window(ui)
    before, message = history_state(ui), ui.message
    ui.click(ui.hole_pos("E1"))  # beside the window
    ui.click(ui.hole_pos("D4"))  # under it
    for key, mod, text in [
        (pygame.K_z, CTRL, ""),
        (pygame.K_n, 0, "n"),
        (pygame.K_h, 0, "h"),
        (pygame.K_s, CTRL, ""),
    ]:
        ui.key(key, mod=mod, text=text)
    assert history_state(ui) == before
    assert ui.game.controller.selected is None and ui.message == message
    assert ui.dialog is None and windows(ui, pygame_gui.windows.UIFileDialog) == []
    assert window.is_open
    ui.key(pygame.K_ESCAPE)
    assert not window.is_open
    assert is_game(ui.scene, "fire-and-ice"), "Esc closed the window, not the game"
    ui.board_click("D4")
    assert ui.game.controller.selected is not None, "the board takes clicks again"


# --- no click goes through a dialog ---------------------------------------------------------


def open_save_dialog(ui: Driver, sandbox: Path) -> None:
    ui.key(pygame.K_s, mod=CTRL)


def open_open_dialog(ui: Driver, sandbox: Path) -> None:
    ui.click_button("Open...")


def open_replace_question(ui: Driver, sandbox: Path) -> None:
    (sandbox / "files" / "g.fireice").write_text("old")
    ui.key(pygame.K_s, mod=CTRL)
    choose(ui, sandbox / "files" / "g.fireice")
    assert ui.dialog is not None


def open_open_question(ui: Driver, sandbox: Path) -> None:
    (sandbox / "files" / "g.fireice").write_text(GOOD.to_json())
    ui.key(pygame.K_o, mod=CTRL)
    choose(ui, sandbox / "files" / "g.fireice")
    assert ui.dialog is not None


def open_text_window(ui: Driver, sandbox: Path) -> None:
    ui.key(pygame.K_t, text="t")


def open_error_window(ui: Driver, sandbox: Path) -> None:
    (sandbox / "files" / "g.fireice").write_text("hello")
    ui.key(pygame.K_o, mod=CTRL)
    choose(ui, sandbox / "files" / "g.fireice")
    error_window(ui)


DIALOGS: list[Any] = [
    pytest.param(open_save_dialog, id="save dialog"),
    pytest.param(open_open_dialog, id="open dialog"),
    pytest.param(open_replace_question, id="replace question"),
    pytest.param(open_open_question, id="open question"),
    pytest.param(open_text_window, id="text window"),
    pytest.param(open_error_window, id="error window"),
]


@pytest.mark.slow
@pytest.mark.parametrize("show", DIALOGS)
def test_no_click_or_shortcut_goes_through_a_dialog_to_the_board(
    show: Callable[[Driver, Path], None], ui: Driver, sandbox: Path
) -> None:
    ui.play("D4-C4")
    show(ui, sandbox)
    before, message = history_state(ui), ui.message
    for hole in ("E1", "G7", "A1", "B4", "C1"):  # beside the window, and under some
        ui.click(ui.hole_pos(hole))
    ui.key(pygame.K_z, mod=CTRL)
    ui.key(pygame.K_o, mod=CTRL)
    assert history_state(ui) == before
    assert ui.game.controller.selected is None
    assert ui.message == message
    assert len(windows(ui, pygame_gui.elements.UIWindow)) == 1, "one window, no more"


def _select_by_dragging(ui: Driver, box: Any) -> None:
    """Drag across the box's third line (a move) until some of it is selected."""
    for dy in range(56, 120, 4):
        start, end = (box.rect.x + 40, box.rect.y + dy), (box.rect.x + 80, box.rect.y + dy)
        ui.mouse_down(start)
        ui.move_mouse(start, end)
        ui.mouse_up(end)
        low, high = sorted(box.select_range)
        if high > low and box.get_text().count("\n", 0, low) >= 2:
            return
    raise AssertionError("could not select part of a move line")


def test_typing_over_part_of_a_line_in_the_text_window_never_crashes(ui: Driver) -> None:
    # pygame-gui 0.6.14 raises "Failed to insert text at index" here; the window keeps its text.
    ui.play("D4-C4")
    ui.key(pygame.K_t, text="t")
    box = ui.game.windows.text_window.box  # type: ignore[union-attr]
    _select_by_dragging(ui, box)
    before = box.get_text()
    low, high = sorted(box.select_range)
    ui.type_text("x")
    assert box.get_text() in (before, before[:low] + "x" + before[high:])
    assert ui.game.windows.text_window.is_open  # type: ignore[union-attr]


def test_a_key_after_select_all_and_paste_never_crashes(ui: Driver) -> None:
    # pygame-gui 0.6.14 raises "No selected rows" for a key after set_text with a selection.
    play_all(ui, OPENING)
    ui.key(pygame.K_t, text="t")
    window = ui.game.windows.text_window
    assert window is not None
    ui.click_element(window.box)
    ui.key(pygame.K_a, CTRL)
    pygame.scrap.put_text("Game: Fire & Ice\n\nD4-C4\nD4-A4\n")
    ui.click_element(window.paste_button)
    ui.key(pygame.K_DELETE)
    ui.type_text("x")
    assert window.is_open
    assert window.box.get_text().startswith("Game: Fire & Ice\n\nD4-C4\nD4-A4")
    assert ui.played == OPENING


def test_the_move_list_follows_an_undo_and_a_new_move_in_one_frame(ui: Driver) -> None:
    ui.play("D4-C4")
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=CTRL, unicode="", scancode=0)
    )
    for name in ("D4", "A4"):
        pos = ui.hole_pos(name)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    ui.pump(3)
    assert ui.played == ["D4-A4"]
    assert [item["text"].split() for item in ui.panel.move_list.item_list] == [
        ["1.", "Fire", "D4-A4"]
    ]


# --- the file window -----------------------------------------------------------------------------


def listed(ui: Driver) -> list[str]:
    """The names the open file window lists."""
    return [item["text"] for item in file_dialog(ui).file_selection_list.item_list]


def test_the_open_window_lists_folders_and_saved_games_but_nothing_hidden(
    sandbox: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = sandbox / "files"
    for name in ("Games", ".cache", ".config"):
        (folder / name).mkdir()
    for name in ("won.fireice", "notes.txt", ".secret.fireice", "photo.png"):
        (folder / name).write_text("D4-C4\n", encoding="utf-8")
    with open_ui(sandbox / "config", monkeypatch) as ui:
        ui.click_button("Open a saved game")
        dialog = file_dialog(ui)
        dialog.current_directory_path = str(folder)
        dialog.update_current_file_list()
        dialog.file_selection_list.set_item_list(dialog.current_file_list)
        assert listed(ui) == ["Games", "notes.txt", "won.fireice"]


def test_the_file_window_opens_where_the_last_one_ended_in_the_next_run_too(
    sandbox: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = sandbox / "files" / "kept games"
    folder.mkdir()
    game = folder / "won.fireice"
    game.write_text(GameRecord(moves=tuple(winning_moves(1745))).to_json(), encoding="utf-8")
    with open_ui(sandbox / "config", monkeypatch) as ui:
        ui.click_button("Open a saved game")
        choose(ui, game)
        assert is_game(ui.scene, "fire-and-ice")
    kept = Settings.load()  # as the next start of the game reads them
    assert kept.last_folder == str(folder)
    kept.sound = False
    with open_ui(sandbox / "config", monkeypatch, settings=kept) as ui:
        ui.click_button("Open a saved game")
        assert Path(file_dialog(ui).current_directory_path) == folder


@pytest.mark.parametrize(
    "folder",
    ["\x00", "x" * 100_000, "/no/such/folder", "FILE"],
    ids=["nul", "huge", "missing", "a-file"],
)
def test_a_damaged_last_folder_in_the_settings_opens_the_games_folder(
    sandbox: Path, monkeypatch: pytest.MonkeyPatch, folder: str
) -> None:
    if folder == "FILE":
        folder = str(sandbox / "files" / "not a folder.fireice")
        Path(folder).write_text("D4-C4\n", encoding="utf-8")
    settings = Settings(sound=False, animation_speed="off", last_folder=folder)
    with open_ui(sandbox / "config", monkeypatch, settings=settings) as ui:
        ui.click_button("Open a saved game")
        dialog = file_dialog(ui)
        assert Path(dialog.current_directory_path) == games_dir()
        ui.key(pygame.K_ESCAPE)
        assert ui.app.running
