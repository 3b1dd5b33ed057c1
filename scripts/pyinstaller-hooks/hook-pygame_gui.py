"""pygame-gui's data for the standalone build: only what this game shows.

pygame-gui's own hook bundles every font it ships (41 MB of Arabic, Georgian, Hebrew,
Japanese, Korean and Chinese faces among them) and every translation.  This hook, found
first through ``--additional-hooks-dir``, takes its place: the theme, the Latin Noto
Sans faces the game's languages are drawn in, Fira Code (pygame-gui's default theme
names it for text entry), and the game's languages' translations.
"""

from __future__ import annotations

from pathlib import Path

import pygame_gui

DATA = Path(pygame_gui.__file__).parent / "data"

#: The game's languages (pygame-gui's translation files are ``pygame-gui.<code>.json``).
LANGUAGES = ("en", "it")
FONTS = (
    "NotoSans-Regular.ttf",
    "NotoSans-Bold.ttf",
    "NotoSans-Italic.ttf",
    "NotoSans-BoldItalic.ttf",
    "FiraCode-Regular.ttf",
)

datas = [(str(DATA / name), "pygame_gui/data") for name in ("__init__.py", "default_theme.json")]
datas += [(str(DATA / name), "pygame_gui/data") for name in FONTS]
datas += [
    (str(DATA / "translations" / name), "pygame_gui/data/translations")
    for name in ("__init__.py", *(f"pygame-gui.{code}.json" for code in LANGUAGES))
]
