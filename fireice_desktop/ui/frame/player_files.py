"""The player's own files, as the desktop game reads and writes them: the settings, the
game kept for Continue and the statistics.

A running game keeps them (``PlayerFiles()``); a picture drawn off-screen
(``fireice --screenshot``) must neither read nor change them, and gets
``PlayerFiles(keep=False)``: default settings, no kept game, empty statistics, and
nothing written.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine.records.game import GameRecord
from ...engine.words import named, say
from ...files.code_game import CodeGame, KeptCodeGame, keep_code_game, load_code_game
from ...files.statistics.store import Statistics, StatisticsFile
from ...files.storage import KeptGame, SaveFileError, autosave_path, keep_autosave, load_kept_game
from .settings import Settings


class PlayerFiles:
    """Where the screens load and keep what belongs to the player."""

    def __init__(self, keep: bool = True, shown_game: GameRecord | None = None) -> None:
        self.keep = keep
        self.shown_game = shown_game  # with keep=False: the game a picture offers to continue
        self._statistics = StatisticsFile()
        self._unreadable: KeptGame | None = None
        self._autosave_blocked = False

    def settings(self) -> Settings:
        """The saved settings (the defaults when the player's files are left alone)."""
        return Settings.load() if self.keep else Settings()

    def save_settings(self, settings: Settings) -> None:
        """Remember ``settings`` for the next run."""
        if self.keep:
            settings.save()

    def kept_game(self) -> GameRecord | None:
        """The game kept for Continue, if there is one.

        A kept file that cannot be read is set aside (see
        :func:`~...files.storage.load_kept_game`) and :meth:`take_kept_game_notice` has it, once.
        """
        if not self.keep:
            return self.shown_game
        kept = load_kept_game()
        if kept.problem is not None:
            self._unreadable = kept
            self._autosave_blocked = kept.blocks_autosave
        return kept.record

    def take_kept_game_notice(self) -> KeptGame | None:
        """The kept game that could not be read, once: the menu says so a single time."""
        unreadable, self._unreadable = self._unreadable, None
        return unreadable

    def keep_game(self, record: GameRecord) -> SaveFileError | None:
        """Keep ``record`` for Continue; what went wrong if it could not be written."""
        if not self.keep:
            return None
        if self._autosave_blocked:
            # The unreadable kept game could not be moved: keeping this one would destroy it.
            kept = load_kept_game()
            self._autosave_blocked = kept.blocks_autosave
            if kept.problem is not None and kept.set_aside_as is not None:
                self._unreadable = kept
            if self._autosave_blocked:
                return SaveFileError(say("keeping.blocked", path=named(autosave_path())))
        return keep_autosave(record)

    def code_game(self) -> KeptCodeGame:
        """The game by code kept apart from Continue's (a damaged file is set aside and
        the answer says so)."""
        return load_code_game() if self.keep else KeptCodeGame()

    def keep_code_game(self, game: CodeGame) -> SaveFileError | None:
        """Keep the game by code; what went wrong if it could not be written."""
        return keep_code_game(game) if self.keep else None

    def statistics(self) -> Statistics:
        """The player's statistics (empty when the player's files are left alone)."""
        return self._statistics.load() if self.keep else Statistics()

    def change_statistics(self, change: Callable[[Statistics], object]) -> None:
        """Count something: ``change`` is applied to the statistics, which are saved."""
        if self.keep:
            self._statistics.change(change)

    def reset_statistics(self) -> bool:
        """Start the statistics afresh; ``False`` if they could not be written."""
        return self._statistics.reset() if self.keep else True

    @property
    def statistics_notice(self) -> str:
        """A line for the player when the statistics file was damaged or cannot be written."""
        return self._statistics.notice if self.keep else ""


__all__ = ["PlayerFiles"]
