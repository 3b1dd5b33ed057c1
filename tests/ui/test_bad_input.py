"""What a player types, pastes or opens in the desktop game's windows never crashes or
freezes it: names too long for the system, huge or mangled pasted text, crafted files."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from fireice_desktop.files.storage import MAX_RECORD_BYTES
from fireice_desktop.ui.screens import saving
from tests.support.ui import (
    Driver,
    file_dialog,
    open_ui,
    plain_text,
    pygame,
    pygame_gui,
    wait_for_reading,
    windows,
)

CTRL = pygame.KMOD_LCTRL


@pytest.fixture
def ui(sandbox: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    with open_ui(sandbox / "config", monkeypatch) as driver:
        driver.click_button("Two players")
        driver.play("D4-C4")
        yield driver


def error_windows(ui: Driver) -> list[pygame_gui.windows.UIMessageWindow]:
    return windows(ui, pygame_gui.windows.UIMessageWindow)


def enter_name(ui: Driver, name: str) -> None:
    """Put ``name`` in the open file dialog's name box and press Enter there (and wait
    while a large file is read off the UI thread)."""
    entry = file_dialog(ui).file_path_text_line
    ui.click_element(entry)
    entry.set_text(name)
    ui.key(pygame.K_RETURN)
    wait_for_reading(ui)


# --- names the system refuses ---------------------------------------------------------------

LONG_NAMES = {
    "a name of 300 characters": lambda folder: str(folder / ("x" * 300 + ".fireice")),
    "a folder of 300 characters": lambda folder: str(folder / ("y" * 300) / "game.fireice"),
}


@pytest.mark.slow
@pytest.mark.parametrize("purpose", ["save", "open"])
@pytest.mark.parametrize("make", LONG_NAMES.values(), ids=LONG_NAMES.keys())
def test_a_name_too_long_for_the_system_is_refused_with_a_message(
    ui: Driver, sandbox: Path, purpose: str, make: object
) -> None:
    name = make(sandbox)  # type: ignore[operator]
    ui.key(pygame.K_s if purpose == "save" else pygame.K_o, mod=CTRL)
    enter_name(ui, name)
    [window] = error_windows(ui)
    text = plain_text(window.text_block.html_text)
    assert "File name too long" in text
    assert len(text) < 200, "the message repeats the whole name"
    assert name[-12:] in text or "game.fireice" in text, "the message does not name the file"
    dialog = file_dialog(ui)
    assert not dialog.ok_button.is_enabled, "OK would take the refused name"
    ui.key(pygame.K_RETURN)  # closes the message
    assert not error_windows(ui)
    # The dialog still works: a good name saves (or opens) as ever.
    good = sandbox / "good.fireice"
    if purpose == "open":
        good.write_text(ui.game.record().to_json())
    enter_name(ui, str(good))  # Enter on a file's name is OK
    ui.pump(2)
    assert not windows(ui, pygame_gui.windows.UIFileDialog)
    assert not error_windows(ui)
    assert good.exists()
    assert ui.played == ["D4-C4"]


@pytest.mark.slow
def test_typing_a_long_name_key_by_key_shows_nothing_until_enter(ui: Driver, sandbox: Path) -> None:
    ui.key(pygame.K_s, mod=CTRL)
    entry = file_dialog(ui).file_path_text_line
    ui.click_element(entry)
    entry.set_text(str(sandbox) + "/")
    ui.type_text("z" * 260)
    assert not error_windows(ui), "a message came while the name was still being typed"
    ui.key(pygame.K_RETURN)
    assert len(error_windows(ui)) == 1


def test_a_paste_longer_than_any_path_is_not_taken_by_the_name_box(ui: Driver) -> None:
    ui.key(pygame.K_o, mod=CTRL)
    entry = file_dialog(ui).file_path_text_line
    ui.click_element(entry)
    before = entry.get_text()
    pygame.scrap.put_text("/" + "a/" * 100_000)
    ui.key(pygame.K_v, mod=CTRL)
    assert entry.get_text() == before
    pygame.scrap.put_text("/tmp/a.fireice")
    ui.key(pygame.K_v, mod=CTRL)
    assert "/tmp/a.fireice" in entry.get_text(), "a paste of a path is taken"


def test_a_refused_folder_does_not_break_the_next_dialog(ui: Driver, sandbox: Path) -> None:
    dialogs = ui.game.windows.files
    dialogs.remembered["folder"] = sandbox / ("q" * 300)
    ui.key(pygame.K_s, mod=CTRL)
    assert file_dialog(ui).alive()


# --- pasted text ----------------------------------------------------------------------------


def text_window(ui: Driver) -> saving.TextWindow:
    window = ui.game.windows.text_window
    assert window is not None and window.is_open
    return window


def status(ui: Driver) -> str:
    return plain_text(text_window(ui).status.html_text)


def test_pasted_text_larger_than_a_saved_game_may_be_is_refused(ui: Driver) -> None:
    ui.key(pygame.K_t, text="t")
    window = text_window(ui)
    before = window.box.get_text()
    pygame.scrap.put_text("D4-C4 " * (MAX_RECORD_BYTES // 6 + 10))
    ui.click_element(window.paste_button)
    assert status(ui).startswith("The text copied is too large to be a game (over 256 kB")
    assert window.box.get_text() == before
    assert window.current_text() == before


@pytest.mark.parametrize("how", ["Paste", "Ctrl+V"])
def test_a_long_pasted_text_is_held_whole_and_the_box_shows_its_start(ui: Driver, how: str) -> None:
    ui.key(pygame.K_t, text="t")
    window = text_window(ui)
    pasted = "Game: Fire & Ice\n\n" + "# a comment to make it long\n" * 4000 + "D4-C4\nD4-A4\n"
    pygame.scrap.put_text(pasted)
    if how == "Paste":
        ui.click_element(window.paste_button)
    else:
        ui.click_element(window.box)
        ui.key(pygame.K_v, mod=CTRL)
    assert len(window.box.get_text()) <= saving.BOX_CHARS + 2
    assert window.current_text() == pasted
    assert status(ui).startswith("Pasted a long text")
    pygame.scrap.put_text("")
    ui.click_element(window.copy_button)
    assert pygame.scrap.get_text() == pasted, "Copy took only the start"
    ui.click_element(window.play_button)
    wait_for_reading(ui)
    assert ui.dialog is not None, "the long game was not offered"
    ui.answer(True)
    assert ui.played == ["D4-C4", "D4-A4"]


#: Pasted texts that are not games, each long: what the status must still name.
MANGLED = {
    "one long line": "x" * 200_000,
    "a long header": "Game: " + "x" * 100_000,
    "a long move": "D4-C4 D4-" + "A" * 150_000,
    "many computers": "Computer: " + "Ice expert, " * 15_000,
    "a record with a long field": json.dumps(
        {"format": "fireice-record", "version": 1, "game": "g" * 200_000, "moves": []}
    ),
    "control characters": "\x1b[2J\x07" * 20_000,
}


@pytest.mark.parametrize("pasted", MANGLED.values(), ids=MANGLED.keys())
def test_mangled_pasted_text_is_refused_in_a_short_message(ui: Driver, pasted: str) -> None:
    ui.key(pygame.K_t, text="t")
    window = text_window(ui)
    pygame.scrap.put_text(pasted)
    ui.click_element(window.paste_button)
    ui.click_element(window.play_button)
    wait_for_reading(ui)
    said = status(ui)
    assert said.startswith("Not a game"), said
    assert len(said) < 300, f"the message is {len(said)} characters long"
    assert ui.played == ["D4-C4"]


# --- crafted files --------------------------------------------------------------------------

#: Saved games under the size limit, crafted to be as hard as possible to read.
CRAFTED = {
    "a 200 kB move": {"moves": ["D4-C4" + "x" * 200_000]},
    "a 200 kB game name": {"game": "g" * 200_000},
    "a 200 kB level": {"computer": {"ice": "e" * 200_000}},
    "a 200 kB side": {"computer": {"i" * 200_000: "expert"}},
    "a 200 kB handicap side": {"handicap": {"side": "f" * 200_000, "holes": []}},
    "28,000 moves": {"moves": ["D4-C4"] * 28_000},
}


@pytest.mark.slow
@pytest.mark.parametrize("fields", CRAFTED.values(), ids=CRAFTED.keys())
def test_a_crafted_file_is_refused_in_a_short_message(
    ui: Driver, sandbox: Path, fields: dict[str, object]
) -> None:
    record = {"format": "fireice-record", "version": 1, "game": "fire-and-ice", "moves": []}
    record.update(fields)
    path = sandbox / "crafted.fireice"
    path.write_text(json.dumps(record))
    assert path.stat().st_size <= MAX_RECORD_BYTES
    ui.key(pygame.K_o, mod=CTRL)
    enter_name(ui, str(path))
    [window] = error_windows(ui)
    text = plain_text(window.text_block.html_text)
    assert text.startswith("crafted.fireice"), text[:100]
    assert len(text) < 300, f"the message is {len(text)} characters long"
    assert ui.played == ["D4-C4"]


def test_the_text_window_takes_the_keys_as_soon_as_it_opens(ui: Driver) -> None:
    """T opens it (and its letter is not typed into the text); Ctrl+V pastes at once."""
    pygame.scrap.put_text("D4-A4\n")
    ui.key(pygame.K_t, text="t")
    window = text_window(ui)
    assert window.box.get_text() == "Game: Fire & Ice\n\nD4-C4\n"
    ui.key(pygame.K_v, mod=CTRL)
    assert "D4-A4" in window.box.get_text()


def test_a_long_line_pasted_shows_its_start_in_the_box(ui: Driver) -> None:
    ui.key(pygame.K_t, text="t")
    window = text_window(ui)
    pygame.scrap.put_text("Game: Fire & Ice\n\n" + "D4-C4 " * 40_000)
    ui.click_element(window.paste_button)
    shown = window.box.get_text()
    assert shown.startswith("Game: Fire & Ice\n\nD4-C4 D4-C4") and len(shown) > 500


@pytest.mark.parametrize("key", [pygame.K_DELETE, pygame.K_BACKSPACE])
def test_a_key_after_the_dialog_replaced_a_selected_name_edits_the_new_one(
    ui: Driver, key: int
) -> None:
    """The dialog puts a new name in its box (after Enter, say) while the old one was
    selected: pygame-gui kept the selection, and Delete or Backspace then raised."""
    ui.key(pygame.K_o, mod=CTRL)
    entry = file_dialog(ui).file_path_text_line
    ui.click_element(entry)
    ui.key(pygame.K_a, mod=CTRL)
    entry.set_text("/tmp")
    ui.key(key)
    assert entry.get_text() in ("/tmp", "/tm")
    ui.type_text("x")
    assert entry.get_text().endswith("x")
