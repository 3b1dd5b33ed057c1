"""pygame-gui measures text with the font's own measure, and gets the sizes drawing it
would give."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame_gui
import pytest
from pygame_gui.core.gui_font_pygame import GUIFontPygame
from pygame_gui.core.utility import translate

from fireice_desktop.engine.words import TRANSLATIONS
from tests.support.ui import open_ui, pygame

FONTS = sorted((Path(pygame_gui.__file__).parent / "data").glob("NotoSans-*.ttf"))


def every_word_the_game_says() -> list[str]:
    texts: list[str] = []
    for path in sorted(TRANSLATIONS.glob("*.json")):
        stack: list[object] = [json.loads(path.read_text("utf-8"))]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                stack.extend(item.values())
            elif isinstance(item, str):
                texts += [item, *item.split()]
    return sorted(set(texts))


@pytest.mark.parametrize("path", FONTS, ids=[path.stem for path in FONTS])
def test_a_measured_text_has_the_size_drawing_it_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, path: Path
) -> None:
    with open_ui(tmp_path, monkeypatch):
        assert GUIFontPygame.get_rect.__module__ == "fireice_desktop.ui.toolkit.text"  # the app's
        texts = [*every_word_the_game_says(), "AVWAV To", " ", "  Hg  ", "é", "fi ffl \u2014\u2019"]
        for size in (14, 38):
            font = GUIFontPygame(str(path), size)
            internal = pygame.font.Font(str(path), size)
            for text in texts:
                drawn = internal.render(text, True, pygame.Color("white")).get_size()
                assert font.get_rect(text) == pygame.Rect((0, internal.get_ascent()), drawn)
        assert GUIFontPygame(str(path), 14).get_rect("") == pygame.Rect(0, 0, 0, 0)


def _theme_fonts(manager: pygame_gui.UIManager) -> list[object]:
    """The fonts a UI manager's theme loaded, in a fixed order."""
    loaded = manager.get_theme().get_font_dictionary().loaded_fonts
    return [loaded[name].loaded_font for name in sorted(loaded)]


def test_a_second_window_finds_the_fonts_the_first_loaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path / "first", monkeypatch) as ui:
        first = _theme_fonts(ui.app.manager)
    with open_ui(tmp_path / "second", monkeypatch) as ui:
        second = _theme_fonts(ui.app.manager)
        assert ui.has_button("Two players")
    assert first and all(a is b for a, b in zip(first, second, strict=True))


def test_a_text_that_is_no_key_is_looked_for_on_disk_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # pygame-gui passes every text it shows through python-i18n, which looks for a file
    # named after the text's "namespace" (what comes before its last full stop).
    text = "Fire moves. A text that is no key"
    listed: list[object] = []
    listdir = os.listdir

    def counted(path: str) -> list[str]:
        listed.append(path)
        return listdir(path)

    with open_ui(tmp_path, monkeypatch):
        monkeypatch.setattr(os, "listdir", counted)
        assert translate(text) == text
        searched = len(listed)
        assert searched >= 1  # it was looked for
        for _ in range(3):
            assert translate(text) == text
        assert len(listed) == searched


#: Fonts kept, pygame's font module closed and opened again, the same font asked for: it is
#: loaded again, and measures (run in a process of its own: a closed font module would
#: spoil the fonts the other tests' process keeps).
CLOSED_AND_OPENED = """
import sys
import pygame
from pygame_gui.core.utility import FontResource
from fireice_desktop.ui.toolkit.text import keep_fonts, measure_text_without_drawing
pygame.init()
measure_text_without_drawing()
keep_fonts()
style = {"bold": False, "italic": False, "antialiased": True}
resource = FontResource("noto_sans_14", 14, style, (sys.argv[1], False))
assert resource.load() is None
first = resource.loaded_font
assert resource.load() is None and resource.loaded_font is first
pygame.font.quit()
pygame.font.init()
assert resource.load() is None and resource.loaded_font is not first
print(resource.loaded_font.get_rect("Fire").size)
"""


def test_a_font_closed_with_pygames_font_module_is_loaded_again() -> None:
    # The benchmarks close pygame between the windows they measure.
    result = subprocess.run(
        [sys.executable, "-c", CLOSED_AND_OPENED, str(FONTS[0])],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
        check=False,
    )
    assert result.returncode == 0, result.stderr
    width, height = map(int, result.stdout.strip().splitlines()[-1].strip("()").split(","))
    assert width > 0 and height > 0
