"""The player's own files, as the desktop game reads and writes them: the settings and
the game kept for Continue.

A running game keeps them (``PlayerFiles()``); a picture drawn off-screen
(``fireice --screenshot``) must neither read nor change them, and gets
``PlayerFiles(keep=False)``: default settings, no kept game, and nothing written.
"""

from __future__ import annotations

from ..engine.record import GameRecord
from ..storage import load_autosave, save_autosave
from .settings import Settings


class PlayerFiles:
    """Where the screens load and keep what belongs to the player."""

    def __init__(self, keep: bool = True, shown_game: GameRecord | None = None) -> None:
        self.keep = keep
        self.shown_game = shown_game  # with keep=False: the game a picture offers to continue

    def settings(self) -> Settings:
        """The saved settings (the defaults when the player's files are left alone)."""
        return Settings.load() if self.keep else Settings()

    def save_settings(self, settings: Settings) -> None:
        """Remember ``settings`` for the next run."""
        if self.keep:
            settings.save()

    def kept_game(self) -> GameRecord | None:
        """The game kept for Continue, if there is one."""
        return load_autosave() if self.keep else self.shown_game

    def keep_game(self, record: GameRecord) -> bool:
        """Keep ``record`` for Continue; ``False`` if it could not be written."""
        return save_autosave(record) if self.keep else True


__all__ = ["PlayerFiles"]
