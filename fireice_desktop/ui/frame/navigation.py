"""What a screen gets instead of the whole app: a navigator and the shared services.

A screen opens another by its route's name (``nav.go("solitaire", deal=7)``), so no
screen imports another; the one table of routes is :mod:`.routes`, and the
:class:`~.app.App` is the navigator that follows it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import pygame_gui

from ...engine.records.game import GameRecord
from ..toolkit.sound import Sounds
from .player_files import PlayerFiles
from .settings import Settings


class Navigator(Protocol):
    """How a screen moves the player on."""

    def go(self, route: str, **options: Any) -> None:
        """Replace the screen by the one ``route`` names, made with ``options``."""
        ...

    def show_menu(self) -> None:
        """Back to the main menu."""
        ...

    def open_record(self, record: GameRecord) -> None:
        """Play on from a saved game (a finished one opens at its start, to review)."""
        ...

    def toggle_fullscreen(self) -> None:
        """Full screen on or off (remembered in the settings)."""
        ...

    def redraw(self) -> None:
        """Draw the next frame even though nothing animates."""
        ...

    def quit(self) -> None:
        """Close the game at the end of this frame."""
        ...


@dataclass(frozen=True)
class Context:
    """What every screen is given: where to go, the widgets' manager, the player's
    settings and files, and the sounds."""

    nav: Navigator
    manager: pygame_gui.UIManager
    settings: Settings
    sounds: Sounds
    files: PlayerFiles
    has_window: bool = True  # False when drawing off-screen (screenshots, tests)
    #: The last choices on each set-up card, kept while the app runs: card -> row -> value.
    choices: dict[str, dict[str, Any]] = field(default_factory=dict)

    def folders(self) -> dict[str, Any]:
        """What the Open and Save windows remember while the app runs (the folder they
        last ended in), starting from the settings' last folder."""
        remembered = self.choices.get("files")
        if remembered is None:
            remembered = self.choices["files"] = {}
            if self.settings.last_folder:
                remembered["folder"] = Path(self.settings.last_folder)
        return remembered

    def keep_folder(self, folder: Path) -> None:
        """Remember ``folder`` as the last one, for this run and the next ones."""
        self.folders()["folder"] = folder
        if self.settings.last_folder != str(folder):
            self.settings.last_folder = str(folder)
            self.files.save_settings(self.settings)


__all__ = ["Context", "Navigator"]
