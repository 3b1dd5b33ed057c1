"""Undo and Cancel never share a word: in Italian "Annulla" was both, the panel's Undo
beside the analysis' Cancel and the file window's.  Undo is "Ritira" (take back a move,
as the tutor's "Ritirala" and the button's tip say), and it fits its button in the
smallest window."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from pygame_gui.core.utility import translate

from fireice_desktop.ui.toolkit.language import tr
from tests.support.ui import file_dialog, open_ui, text_overflows


@pytest.mark.parametrize("language", ["en", "it"])
def test_undo_and_cancel_are_different_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    with open_ui(tmp_path / "config", monkeypatch, size=(860, 600), language=language) as ui:
        ui.app.go("game")
        ui.pump(2)
        ui.play("D4-C4")
        undo = ui.panel.undo_button
        assert undo.text == tr("panel.undo")
        assert not text_overflows(undo)
        ui.key(pygame.K_s, mod=pygame.KMOD_LCTRL)
        cancels = {translate(file_dialog(ui).cancel_button.text), tr("panel.cancel")}
        assert "Annulla" in cancels if language == "it" else "Cancel" in cancels
        assert undo.text.casefold() not in {word.casefold() for word in cancels}
        if language == "it":
            assert undo.text == "Ritira"
