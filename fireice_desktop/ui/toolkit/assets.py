"""One way to find the game's files, from a source checkout, an installed wheel or a
PyInstaller bundle alike."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[2]


@cache
def assets_dir() -> Path:
    """The folder that holds ``images/``, ``sounds/`` and ``theme.json``."""
    candidates = [
        _PACKAGE / "assets",  # an installed wheel carries them inside the package
        _PACKAGE.parent / "assets",  # a source checkout keeps them at the top
    ]
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        candidates.insert(0, Path(bundle) / "fireice_desktop" / "assets")
    for folder in candidates:
        if (folder / "images").is_dir():
            return folder
    raise FileNotFoundError(
        "the game's assets folder is missing (looked in "
        + ", ".join(str(c) for c in candidates)
        + ")"
    )


def asset_path(*parts: str) -> Path:
    """The path of one asset, such as ``asset_path("images", "wood_board.jpg")``."""
    return assets_dir().joinpath(*parts)
