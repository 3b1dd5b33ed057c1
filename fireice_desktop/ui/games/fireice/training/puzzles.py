"""The puzzle trainer: "Fire to play and win in N" on the wooden board.

Each move is judged by the exact search (:class:`~....engine.games.fireice.puzzles.
Attempt`): a move that keeps the win within the moves left is right, whichever it is,
and the defender answers with its best resistance; a move that wins too, only more
slowly, is said so and taken back, and the player tries again (not a failure: finding
the fast win then is solving at the first try); a wrong move is answered by the reply
that shows why, and the puzzle is failed.  What is said of each move is the engine's
(:class:`~.....engine.games.fireice.puzzles.Judgement`), the words ``fireice puzzle
play`` prints.  The first try at a puzzle is rated (Glicko-2); a failed puzzle comes
back later; the streak and the puzzle of the day are kept with the statistics.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Collection
from typing import Any

from .....engine.games.fireice.puzzles import (
    SLOWER,
    Attempt,
    Puzzle,
    all_puzzles,
    find_puzzle,
    puzzle_of_the_day,
)
from .....engine.games.fireice.rules import Color, Position
from .....engine.interface import Step
from .....files.statistics.store import Statistics
from ....frame.navigation import Context
from ....frame.statistics_words import provisional_tip, provisional_words
from ....game.panel_widgets import fit_label
from ....game.trainer import FAILED, JUDGING, PLAYING, SHOWING, SOLVED, TrainerScene
from ....toolkit.language import say, side_name, tr
from ....toolkit.scaling import px
from ..view import board_view

#: How wide the tool tip explaining a provisional rating is, at scale 1 (pygame-gui's
#: own tips are 170 pixels).
TIP_WIDTH = 240


def choose_next(
    statistics: Statistics, puzzles: tuple[Puzzle, ...], skipped: Collection[int] = ()
) -> Puzzle:
    """The next puzzle (:meth:`~.statistics.puzzles.PuzzleStatistics.next_puzzle`): a
    failed one whose time has come, else short wins for a new player, else one not tried
    yet that the player's rating predicts solving about two times in three; none of
    ``skipped`` (left this visit without a move) while there are others."""
    return statistics.puzzles.next_puzzle(puzzles, skipped)


class PuzzleScene(TrainerScene):
    """One puzzle at a time."""

    rows = (("try_again", "solution"), ("next", "daily"), ("menu",))
    words = "puzzle"
    info_lines = ("rating", "yours", "provisional", "streak")

    def __init__(self, ctx: Context, puzzle_id: int | None = None, daily: bool = False) -> None:
        #: The puzzles left this visit without a move: Next puzzle offers others first.
        self.skipped: set[int] = set()
        self.today = datetime.date.today()
        self.ctx = ctx
        puzzle = find_puzzle(puzzle_id) if puzzle_id is not None else None
        if puzzle is None:
            puzzle = puzzle_of_the_day(self.today) if daily else self._next()
        super().__init__(ctx, puzzle.position, board_view)
        self._load(puzzle)

    # --- the puzzle -------------------------------------------------------------------

    def _next(self) -> Puzzle:
        return choose_next(self.ctx.files.statistics(), all_puzzles(), self.skipped)

    def _load(self, puzzle: Puzzle, counted: bool = False) -> None:
        """Show ``puzzle`` from its start; ``counted``: this showing was already counted."""
        self.puzzle = puzzle
        self.attempt = Attempt(puzzle)
        self.counted = counted
        back = self.ctx.files.statistics().puzzles.again.get(puzzle.id) is not None
        self.restart_board(puzzle.position, tr("puzzle.again" if back else "puzzle.start"))

    @property
    def exercise(self) -> Any:
        return self.attempt

    @property
    def learner(self) -> Color:
        return self.puzzle.to_move

    def task(self) -> str:
        """ "Fire: win in 3 moves", for the moves left."""
        return tr("puzzle.task", side=side_name(self.puzzle.to_move), count=self.attempt.left)

    def right_words(self, reply: Any) -> str:
        judged = self.attempt.judged
        assert judged is not None
        return say(judged.said)

    def solved_words(self) -> str:
        return self.right_words(None)

    def retry_words(self, step: Step) -> str | None:
        judged = self.attempt.judged
        if judged is None or judged.kind != SLOWER:
            return None
        return say(judged.said)

    def wrong_words(self, move: Any, punishment: Any) -> str:
        judged = self.attempt.judged
        assert judged is not None
        if punishment is not None:
            self.queue.append(punishment)
        return say(judged.said)

    def done(self, solved: bool) -> str:
        """Count the try (once a showing) and say what it did to the rating."""
        if self.counted:
            return ""
        self.counted = True
        before = self.ctx.files.statistics().puzzles
        first = not before.seen(self.puzzle.id)
        day = self.today if self.puzzle == puzzle_of_the_day(self.today) else None

        def count(statistics: Statistics) -> None:
            statistics.puzzles.count(self.puzzle.id, self.puzzle.rating, solved, day)

        self.ctx.files.change_statistics(count)
        after = self.ctx.files.statistics().puzzles
        note = ""
        if first:
            change = after.rating.shown - before.rating.shown
            note = tr("puzzle.rating_change", rating=after.rating.shown, change=f"{change:+d}")
        if solved and after.streak > 1:
            note += tr("puzzle.streak_now", count=after.streak)
        return note

    # --- the buttons ------------------------------------------------------------------

    def actions(self) -> dict[str, Callable[[], None]]:
        return {
            "try_again": self.try_again,
            "solution": self.show_solution,
            "next": self.next_puzzle,
            "daily": self.daily,
            "menu": self.nav.show_menu,
        }

    def try_again(self) -> None:
        self._load(self.puzzle, counted=True)

    def show_solution(self) -> None:
        note = self.done(False) if self.state in (PLAYING, JUDGING) else ""
        puzzle = self.puzzle
        self._load(puzzle, counted=True)
        self.state = SHOWING
        self.queue = [Position.start().parse_move(text) for text in puzzle.solution]
        self.say(tr("puzzle.solution_line", line=" ".join(puzzle.solution)) + note)
        self.refresh()

    def next_puzzle(self) -> None:
        if self.state in (PLAYING, JUDGING) and self.attempt.played:
            self.done(False)  # left half-way: a try that did not solve it
        elif not self.counted:
            self.skipped.add(self.puzzle.id)
        self._load(self._next())

    def daily(self) -> None:
        self._load(puzzle_of_the_day(self.today))

    # --- the panel ----------------------------------------------------------------------

    def panel_texts(self) -> dict[str, str]:
        progress = self.ctx.files.statistics().puzzles
        title = tr("puzzle.title", id=self.puzzle.id)
        if self.puzzle == puzzle_of_the_day(self.today):
            title = tr("puzzle.daily_title", title=title)
        shown = f"{progress.rating.shown}{'?' if progress.rating.provisional else ''}"
        counts = {"streak": progress.streak, "solved": progress.solved, "tried": progress.tried}
        streak = tr("puzzle.streak", **counts)
        explained = provisional_words(progress, all_puzzles())
        return {
            "title": title,
            "task": self.task() if self.state in (PLAYING, JUDGING) else self.task_words(),
            "rating": tr("puzzle.puzzle_rating", rating=self.puzzle.rating),
            "yours": tr("puzzle.your_rating", rating=shown),
            # The "?" explained under the rating while it has one; then the streak moves
            # up, leaving no empty line between them.
            "provisional": explained or streak,
            "streak": streak if explained else "",
        }

    def refresh(self) -> None:
        super().refresh()
        self.offer_try_again()
        # The "?" explained: in smaller letters where the line would not hold it, and in
        # full in the tool tip of the rating and of the line.
        line = self.widgets.get("provisional")
        if line is not None:
            fit_label(line, line.text, "#difficulty", "#difficulty_small")
            progress = self.ctx.files.statistics().puzzles
            tip = provisional_tip(progress, all_puzzles()) or None
            for name in ("yours", "provisional"):
                if self.widgets[name].tool_tip_text != tip:
                    # A paragraph: wider than a button's tip, and at the window's scale.
                    self.widgets[name].set_tooltip(tip, wrap_width=px(TIP_WIDTH))


__all__ = ["FAILED", "PLAYING", "SOLVED", "PuzzleScene", "choose_next"]
