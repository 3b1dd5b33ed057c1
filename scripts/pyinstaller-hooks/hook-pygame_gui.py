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

#: The game's languages, those it has translation files for (pygame-gui's own files are
#: ``pygame-gui.<code>.json``).
GAME_TRANSLATIONS = Path(__file__).resolve().parents[2] / "fireice_desktop" / "translations"
LANGUAGES = sorted(path.name.split(".")[1] for path in GAME_TRANSLATIONS.glob("fireice.*.json"))
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
