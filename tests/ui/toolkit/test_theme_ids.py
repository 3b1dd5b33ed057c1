"""The themes' id lookups come from a table of their own (``ui/toolkit/theme_ids.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme

from fireice_desktop.ui.toolkit import theme_ids
from tests.support.ui import Driver, file_dialog, open_ui, pygame, pygame_gui, windows

#: Id hierarchies as pygame-gui asks them: (element base ids, element ids, class ids,
#: object ids), the outermost container first.
QUESTIONS: list[tuple[Any, Any, Any, Any]] = [
    ([None], ["button"], [None], ["#undo"]),
    ([None, None], ["panel", "button"], [None, "@step"], ["#panel", "#undo"]),
    (
        ["window", None, None],
        ["file_dialog", "text_entry_line", "button"],
        ["@dialog", None, None],
        ["#file_dialog", None, "#ok_button"],
    ),
    (None, None, None, None),
]


@pytest.fixture
def ui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """A fresh app on the main menu."""
    with open_ui(tmp_path / "config", monkeypatch) as driver:
        yield driver


def test_the_app_answers_the_themes_lookups_from_its_table(ui: Driver) -> None:
    lookup = UIAppearanceTheme.build_all_combined_ids
    assert lookup is not theme_ids._pygame_gui_ids


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_answers_are_pygame_guis_own(ui: Driver, question: tuple[Any, Any, Any, Any]) -> None:
    theme = ui.app.manager.get_theme()
    fresh = ui.app.manager.create_new_theme()  # its own table, empty
    assert theme.build_all_combined_ids(*question) == theme_ids._pygame_gui_ids(fresh, *question)


def test_each_question_goes_to_pygame_gui_once(ui: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[Any, ...]] = []
    original = theme_ids._pygame_gui_ids

    def counted(theme: UIAppearanceTheme, *ids: Any) -> list[str]:
        asked.append(ids)
        return original(theme, *ids)

    monkeypatch.setattr(theme_ids, "_pygame_gui_ids", counted)
    theme = ui.app.manager.get_theme()
    theme.__dict__.pop("_quick_ids_table", None)  # a fresh table: nothing asked yet
    for question in QUESTIONS + QUESTIONS:
        first = theme.build_all_combined_ids(*question)
        # The same list each time, built once (the lists are copied as they are asked).
        copied = tuple(None if ids is None else list(ids) for ids in question)
        assert theme.build_all_combined_ids(*copied) is first
    assert asked == QUESTIONS


def test_a_window_full_of_widgets_still_opens_and_closes(sandbox: Path, ui: Driver) -> None:
    """A file dialog (its buttons' ids are the longest) builds, draws and goes; it opens
    in the sandbox's home folder, not the player's."""
    ui.click_button("Two players")
    ui.key(pygame.K_o, mod=pygame.KMOD_LCTRL)  # the Open window
    dialog = file_dialog(ui)
    ui.pump(3)
    ui.key(pygame.K_ESCAPE)
    ui.pump(2)
    assert not dialog.alive()
    assert not windows(ui, pygame_gui.windows.UIFileDialog)
