"""Keeping the game on the game screen: in the autosave whenever it changes (for the
menu's Continue), and in the player's statistics, once for each game
(:class:`~.scorekeeper.Scorekeeper`).

While the newest moves cannot be kept (a full disk, say), the panel says so above its
messages, and the window asks before it closes; the first autosave that works again
says so too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.interface import History
from ...engine.records.game import GameRecord
from ...engine.words import Words
from ...files.statistics.store import Played
from ...files.storage import SaveFileError
from ..frame.player_files import PlayerFiles
from ..toolkit.language import say, tr
from ..toolkit.notices import error_text
from .controller import BoardController
from .scorekeeper import Scorekeeper
from .windows.board import BoardWindows


def autosave_reason(problem: SaveFileError) -> str:
    """Why the game could not be kept, in short: the system's own words where it gave
    some ("No space left on device"), the whole message otherwise."""
    words = problem.words
    reason = words.values.get("error") if isinstance(words, Words) else None
    return (say(reason) if reason is not None else error_text(problem)).rstrip(".")


class Keeper:
    """The autosave and the statistics of one game screen."""

    def __init__(self, files: PlayerFiles) -> None:
        self.files = files
        self.scorekeeper = Scorekeeper(files)  # counts the games in the statistics
        self.kept: object = None  # what the autosave holds: (history, changes)
        #: Why the newest moves could not be kept ("" while the autosave holds them).
        self.problem = ""

    @property
    def failed(self) -> bool:
        """Whether the newest moves are not in the autosave (a full disk, say)."""
        return bool(self.problem)

    def warning(self) -> str:
        """The line the panel keeps above its messages while the game cannot be kept."""
        return tr("keeping.not_kept", error=self.problem) if self.problem else ""

    def autosave(self, controller: BoardController[Any], record: Callable[[], GameRecord]) -> None:
        """Keep the game, as ``record`` makes it, whenever it has changed and has moves."""
        state = _state(controller.history)
        if state == self.kept or not controller.history.moves:
            return
        self.kept = state
        problem = self.write(record())
        before = self.problem
        self.problem = "" if problem is None else autosave_reason(problem)
        if before != self.problem:
            if before and not self.problem:
                controller.say(tr("keeping.kept_again"))
            controller.changed = True  # the panel says so at once

    def write(self, record: GameRecord) -> SaveFileError | None:
        """Write ``record`` where this keeper keeps games: the autosave."""
        return self.files.keep_game(record)

    def keep_now(self, controller: BoardController[Any], record: Callable[[], GameRecord]) -> None:
        """Keep the game as it stands, whatever happened (the app met an error)."""
        self.kept = None
        self.autosave(controller, record)

    def keep(
        self,
        controller: BoardController[Any],
        record: Callable[[], GameRecord],
        played: Callable[[Any], Played],
        count: bool,
    ) -> None:
        """Keep the game as it stands: in the autosave, and with ``count`` in the
        statistics once it ends (``played`` says what a position is to them)."""
        if count:
            self.scorekeeper.update(controller.history, played)
        self.autosave(controller, record)

    def may_close(
        self,
        controller: BoardController[Any],
        record: Callable[[], GameRecord],
        windows: BoardWindows,
        quit: Callable[[], None],
    ) -> bool:
        """Whether the window may close now.  If the newest moves could not be kept, one
        more try; if that fails too, the player is asked, over the ``windows``, whether to
        ``quit`` anyway.  A second close while asked: the player insists."""
        if not self.problem or windows.question.is_open:
            return True
        self.keep_now(controller, record)
        if not self.problem:
            return True
        windows.ask_to_quit(self.problem, quit)
        return False

    def mark_kept(self, history: History[Any]) -> None:
        """Take the game as it stands for kept: only a change will write the autosave."""
        self.kept = _state(history)


def _state(history: History[Any]) -> object:
    """What the autosave is compared by: the history, and its changes so far."""
    return (id(history), history.changes)


__all__ = ["Keeper", "autosave_reason"]
