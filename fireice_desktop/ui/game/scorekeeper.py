"""Counting the game on the game screen in the player's statistics.

The screen hands its history over every frame; the view says what the game is to the
statistics (:class:`~...files.statistics.store.DuelPlayed` or
:class:`~...files.statistics.store.DealPlayed`).
The scorekeeper reports the first move made on the screen and the moment the game is
decided, each once for a game: undoing and finishing again, looking back through the
moves, or a game opened already finished (from a file or the autosave) count nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.interface import History
from ...files.statistics.store import Played
from ..frame.player_files import PlayerFiles


class Scorekeeper:
    """Reports one screen's games to the statistics, once each."""

    def __init__(self, files: PlayerFiles) -> None:
        self.files = files
        self.history: History[Any] | None = None
        self.changes = 0  # the history's changes when last looked at
        self.moved = False  # the first move on this screen was reported
        self.decided = False  # the game was decided: nothing more counts for it

    def update(self, history: History[Any], played: Callable[[Any], Played]) -> None:
        """Look at ``history`` (the game on the screen); ``played`` describes a position
        of it to the statistics."""
        if history is not self.history:
            self.take(history, played)
        if self.decided or history.changes == self.changes:
            return
        self.changes = history.changes
        if not self.moved and history.cursor > 0:
            self.moved = True
            first = played(history.position)
            self.files.change_statistics(lambda statistics: statistics.count_move(first))
        standing = played(history.position)
        if standing.decided:
            self.decided = True
            self.files.change_statistics(lambda statistics: statistics.count_end(standing))

    def take(self, history: History[Any], played: Callable[[Any], Played]) -> None:
        """Start watching a game new to the screen (a new game, a restart, a saved game).

        A game whose moves, with those taken back, already reach its end was decided
        before it came here, and counts no more.
        """
        self.history = history
        self.changes = history.changes
        self.moved = False
        self.decided = played(history.positions[-1]).decided


__all__ = ["Scorekeeper"]
