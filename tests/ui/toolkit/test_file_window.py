"""The Open and Save window (pygame-gui's file window) looks right at every size: its
icons and close cross, its name box and its list made larger with the rest, the list
starting at its top, rows in the game's colours, and file names with every character
apart (the dot of "beginner.fireice" is not tucked under the r)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest

from fireice_desktop.ui.toolkit import scaling
from tests.support.ui import Driver, choose, file_dialog, message_box_of, open_ui

CTRL = pygame.KMOD_LCTRL
SIZES = [
    pytest.param((1280, 800), id="1280x800"),
    pytest.param((2560, 1440), id="2560x1440", marks=pytest.mark.slow),
    pytest.param((3840, 2160), id="3840x2160", marks=pytest.mark.slow),
]
#: The rows of pygame-gui's own theme for the file window's list: a blue grey.
PYGAME_GUI_ROWS = pygame.Color("#21282d")


def open_window(ui: Driver, folder: Path) -> Any:
    """The Open window, showing ``folder``."""
    ui.click_button("Open a saved game")
    dialog = file_dialog(ui)
    dialog.current_directory_path = str(folder)
    dialog.update_current_file_list()
    dialog.file_selection_list.set_item_list(dialog.current_file_list)
    ui.pump(2)
    return dialog


def games_folder(sandbox: Path) -> Path:
    folder = sandbox / "files"
    (folder / "kept").mkdir()
    for name in ("beginner.fireice", "second-game.fireice"):
        (folder / name).write_text("D4-C4\n", encoding="utf-8")
    return folder


def glyph_height(button: pygame_gui.elements.UIButton) -> int:
    """The height of the glyph on ``button``, as its font draws it."""
    picture = button.font.render_premul(button.text, pygame.Color("white"))
    return int(picture.get_bounding_rect().height)


@pytest.mark.parametrize("size", SIZES)
def test_the_file_window_is_laid_out_at_every_size(
    sandbox: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    with open_ui(sandbox / "config", monkeypatch, size=size) as ui:
        dialog = open_window(ui, games_folder(sandbox))
        factor = scaling.scale()
        # The icons and the close cross grow with everything else.
        icons = [dialog.home_button, dialog.parent_directory_button, dialog.refresh_button]
        for icon in icons:
            assert icon.rect.height >= scaling.px(24), icon.text
            assert glyph_height(icon) >= 8 * factor, icon.text
        assert glyph_height(dialog.close_window_button) >= 6 * factor
        # The name box is as high as its letters need, and the list starts under it.
        entry = dialog.file_path_text_line
        assert entry.rect.height <= 2 * entry.font.size("Hg")[1]
        files = dialog.file_selection_list
        assert entry.rect.bottom <= files.rect.top <= entry.rect.bottom + scaling.px(12)
        # The rows start at the list's top, inside it, in the game's colours.
        rows = [item["button_element"] for item in files.item_list]
        assert [row.text for row in rows] == ["kept", "beginner.fireice", "second-game.fireice"]
        assert files.rect.top <= rows[0].rect.top <= files.rect.top + scaling.px(4)
        assert all(files.rect.contains(row.rect) for row in rows)
        for row in rows:
            assert row.colours["normal_bg"] != PYGAME_GUI_ROWS, row.text
            assert row.border_width["top"] == 0, row.text


@pytest.mark.parametrize("size", SIZES)
def test_file_names_are_drawn_without_kerning(
    sandbox: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    # Noto Sans kerns a dot after an r under the r's arm, where at the list's size it all
    # but vanishes: "beginnerfireice".  A file name is read a character at a time.
    with open_ui(sandbox / "config", monkeypatch, size=size) as ui:
        dialog = open_window(ui, games_folder(sandbox))
        parts = [dialog.file_path_text_line]
        parts += [item["button_element"] for item in dialog.file_selection_list.item_list]
        for part in parts:
            font = part.font
            whole = font.size("beginner.fireice")[0]
            pieces = font.size("beginner")[0] + font.size(".fireice")[0]
            assert whole >= pieces - 1, (type(part).__name__, whole, pieces)


@pytest.mark.slow  # a 2560x1440 window
def test_the_save_window_offers_the_name_to_type_over_at_every_scale(
    sandbox: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(sandbox / "config", monkeypatch, size=(2560, 1440)) as ui:
        ui.click_button("Two players")
        ui.key(pygame.K_s, CTRL)
        entry = file_dialog(ui).file_path_text_line
        name = Path(entry.get_text()).stem
        start, end = entry.select_range
        assert entry.get_text()[start:end] == name
        # ...and shows it chosen, on the selection's colour (lost when the box was rebuilt).
        ui.pump(2)
        chosen = pygame.mask.from_threshold(entry.image, entry.selected_bg_colour, (2, 2, 2, 255))
        assert chosen.count() >= entry.font.size(name)[0] * entry.font.size(name)[1] // 2
        ui.type_text("won")
        assert Path(entry.get_text()).name == "won.fireice"


def chunk_font(box: Any, text: str) -> Any:
    """The font a text box lays ``text`` out in (a piece of its words, as one run)."""
    for row in box.text_box_layout.layout_rows:
        for chunk in row.items:
            if getattr(chunk, "text", None) == text:
                return chunk.font
    raise AssertionError(f"{text!r} is not a run of {box.html_text!r}")


def unkerned(font: Any) -> bool:
    whole = font.size("beginner.fireice")[0]
    return bool(whole >= font.size("beginner")[0] + font.size(".fireice")[0] - 1)


def test_the_messages_write_a_file_name_without_kerning(
    sandbox: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = sandbox / "files" / "beginner.fireice"
    with open_ui(sandbox / "config", monkeypatch) as ui:
        ui.click_button("Two players")
        ui.play("D4-C4")
        ui.key(pygame.K_s, CTRL)
        choose(ui, target)
        assert ui.message == "Saved as beginner.fireice."
        assert unkerned(chunk_font(message_box_of(ui.scene), "beginner.fireice"))
        ui.key(pygame.K_s, CTRL)
        choose(ui, target)  # it is there now: replace it?
        question = ui.dialog
        assert question is not None
        assert unkerned(chunk_font(question.confirmation_text, "beginner.fireice"))
