"""The puzzle trainer: "Fire to play and win in N" on the wooden board.

The player moves as in a game (click, drag, the keys or a typed move).  Each move is
judged off the UI thread by the exact search (:class:`~....engine.games.fireice.puzzles.
Attempt`): a move that keeps the win within the moves left is right, whichever it is, and
the defender answers with its best resistance; a wrong move is answered by the reply
that shows why, and the puzzle is failed.  The first try at a puzzle is rated
(Glicko-2); a failed puzzle comes back later; the streak and the puzzle of the day are
kept with the statistics.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from ....engine.games.fireice.puzzles import (
    Attempt,
    Puzzle,
    Step,
    all_puzzles,
    find_puzzle,
    puzzle_of_the_day,
)
from ....engine.games.fireice.rules import Move, Position
from ....statistics import Statistics
from ...game.controller import BoardController
from ...game.jobs import JOB_DONE, Job
from ...game.keys import GameKeys
from ...game.motion import MOVE_SECONDS
from ...game.mouse import BoardMouse
from ...game.players import Session
from ...game.view import Moment, Stage
from ...language import side_name, tr
from ...navigation import Context
from ...scaling import px
from ...scene import BoardScene, backdrop, button_row
from .view import FireIceView

#: What the screen is doing: waiting for the player's move, judging it, showing the
#: defender's reply, or done (solved, failed, the solution shown).
PLAYING, JUDGING, SOLVED, FAILED, SHOWING = "playing", "judging", "solved", "failed", "showing"


def choose_next(statistics: Statistics, puzzles: tuple[Puzzle, ...], rng: random.Random) -> Puzzle:
    """The next puzzle: a failed one whose time has come, else one not tried yet near the
    player's rating (one of the ten nearest), else any near it."""
    progress = statistics.puzzles
    due = progress.due()
    if due is not None:
        found = find_puzzle(due)
        if found is not None:
            return found
    rating = progress.rating.rating
    fresh = [p for p in puzzles if not progress.seen(p.id)] or list(puzzles)
    fresh.sort(key=lambda p: abs(p.rating - rating))
    return rng.choice(fresh[:10])


class PuzzleScene(BoardScene):
    """One puzzle at a time, its panel on the right."""

    def __init__(self, ctx: Context, puzzle_id: int | None = None, daily: bool = False) -> None:
        super().__init__(ctx)
        self.rng = random.Random()
        self.today = datetime.date.today()
        self.mouse = BoardMouse()
        self.job: Job[tuple[Step, Move | None]] | None = None
        self.queue: list[Move] = []  # moves to show, one after the other (a reply, the solution)
        self.hit: Any = None
        self.task_rect = pygame.Rect(0, 0, 0, 0)
        self.widgets: dict[str, Any] = {}
        self.message = ""
        puzzle = find_puzzle(puzzle_id) if puzzle_id is not None else None
        if puzzle is None:
            puzzle = puzzle_of_the_day(self.today) if daily else self._next()
        self.stage = Stage(
            Session("fire-and-ice"),
            BoardController(puzzle.position),
            self.settings,
            lambda action, question, verb: action(),
            lambda session: None,
        )
        self.view = FireIceView(self.stage)
        self.keys = GameKeys(self, self.focus)
        self._load(puzzle)

    # --- the puzzle -------------------------------------------------------------------

    def _next(self) -> Puzzle:
        return choose_next(self.ctx.files.statistics(), all_puzzles(), self.rng)

    def _load(self, puzzle: Puzzle, counted: bool = False) -> None:
        """Show ``puzzle`` from its start; ``counted``: this showing was already counted."""
        self._cancel()
        self.puzzle = puzzle
        self.attempt = Attempt(puzzle)
        self.counted = counted
        self.state = PLAYING
        self.queue = []
        self.stage.controller = BoardController(puzzle.position)
        progress = self.ctx.files.statistics().puzzles
        back = progress.again.get(puzzle.id) is not None
        self._say(tr("puzzle.again" if back else "puzzle.start"))
        self._refresh()

    @property
    def controller(self) -> BoardController[Any]:
        return self.stage.controller

    @property
    def message_box(self) -> pygame_gui.elements.UITextBox | None:
        """The panel's message box, once built."""
        return self.widgets.get("message")

    def task(self) -> str:
        """ "Fire to play and win in 3 moves", for the moves left."""
        side = side_name(self.puzzle.to_move)
        return tr("puzzle.task", side=side, count=self.attempt.left)

    def _count(self, solved: bool) -> str:
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
        if not first:
            return ""
        after = self.ctx.files.statistics().puzzles.rating.shown
        change = after - before.rating.shown
        return tr("puzzle.rating_change", rating=after, change=f"{change:+d}")

    # --- moves ------------------------------------------------------------------------

    def _take_move(self) -> None:
        """The player has played a move on the board: judge it off the UI thread."""
        played = self.controller.just_played
        if played is None:
            return
        self.controller.just_played = None
        if self.state != PLAYING:
            return
        _, move = played
        attempt = self.attempt
        position = self.controller.history.positions[-2]

        def work(stop: Callable[[], bool]) -> tuple[Step, Move | None]:
            attempt.prover.stop = stop
            try:
                if attempt.position != position:
                    raise RuntimeError("the puzzle moved on")
                step = attempt.play(move)
                return step, None if step.right else attempt.punishment(move)
            finally:
                attempt.prover.stop = None

        self.state = JUDGING
        self._say(tr("puzzle.checking"))
        self.job = Job(work)

    def _judged(self) -> None:
        job = self.job
        if job is None or not job.done:
            return
        self.job = None
        if job.error is not None or job.result is None:
            self.state = PLAYING
            self._say(tr("puzzle.not_judged"))
            return
        step, punishment = job.result
        mover = side_name(self.puzzle.to_move.other)
        if step.right and step.solved and step.reply is None:
            self._solved()
        elif step.right:
            assert step.reply is not None
            self.queue.append(step.reply)
            if step.solved:  # the defender's reply hands over the win
                self.state = SOLVED
                note = self._count(True)
                self._say(tr("puzzle.solved_by_reply", side=mover, reply=step.reply) + note)
            else:
                self.state = PLAYING
                self._say(tr("puzzle.right", side=mover, reply=step.reply) + " " + self.task())
        else:
            self.state = FAILED
            note = self._count(False)
            if punishment is None:
                words = tr("puzzle.wrong", move=step.move)
            else:
                self.queue.append(punishment)
                after = self.attempt.position.play_unchecked(step.move)
                wins = after.play_unchecked(punishment).winner is not None
                key = "puzzle.wrong_wins" if wins else "puzzle.wrong_escapes"
                words = tr(key, move=step.move, side=mover, reply=punishment)
            self._say(words + note)
        self._refresh()

    def _solved(self) -> None:
        self.state = SOLVED
        note = self._count(True)
        progress = self.ctx.files.statistics().puzzles
        streak = tr("puzzle.streak_now", count=progress.streak) if progress.streak > 1 else ""
        self._say(tr("puzzle.solved") + note + streak)

    def _show_queued(self) -> None:
        """Play the next queued move once the board is at rest."""
        controller = self.controller
        if not self.queue or controller.animation is not None or controller.selected is not None:
            return
        move = self.queue.pop(0)
        controller.play(move, MOVE_SECONDS * self.settings.animation_factor)
        controller.just_played = None
        if self.state == SHOWING and not self.queue:
            self._refresh()

    # --- the buttons ------------------------------------------------------------------

    def try_again(self) -> None:
        self._load(self.puzzle, counted=True)

    def show_solution(self) -> None:
        note = self._count(False) if self.state in (PLAYING, JUDGING) else ""
        puzzle = self.puzzle
        self._load(puzzle, counted=True)
        self.state = SHOWING
        self.queue = [Position.start().parse_move(text) for text in puzzle.solution]
        self._say(tr("puzzle.solution_line", line=" ".join(puzzle.solution)) + note)
        self._refresh()

    def next_puzzle(self) -> None:
        if self.state in (PLAYING, JUDGING) and self.attempt.played:
            self._count(False)  # left half-way: a try that did not solve it
        self._load(self._next())

    def daily(self) -> None:
        self._load(puzzle_of_the_day(self.today))

    # --- what the keys and the mouse ask (the board's host) -----------------------------

    def why_locked(self) -> str:
        if self.state == JUDGING:
            return tr("puzzle.checking")
        if self.state != PLAYING or self.queue:
            return tr("puzzle.done_here")
        return ""

    def person_to_move(self) -> bool:
        return self.state == PLAYING and not self.queue and self.controller.animation is None

    def windows_open(self) -> bool:
        return False

    # --- building and drawing -----------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        board, x, width = self.split(size)
        self.hit = self.layout = self.view.build_board(board)
        m = self.manager
        y = px(14)
        label = pygame_gui.elements.UILabel
        w: dict[str, Any] = {}
        w["title"] = label(pygame.Rect(x, y, width, px(40)), "", m, object_id="#turn")
        y += px(42)
        self.task_rect = pygame.Rect(x, y, width, px(40))  # the side's peg, then the task
        w["task"] = label(
            pygame.Rect(x + px(40), y, width - px(40), px(40)), "", m, object_id="#message"
        )
        y += px(44)
        for name in ("rating", "yours", "streak"):
            w[name] = label(pygame.Rect(x, y, width, px(24)), "", m, object_id="#difficulty")
            y += px(26)
        y += px(6)
        message_height = px(132)
        w["message"] = pygame_gui.elements.UITextBox(
            "", pygame.Rect(x, y, width, message_height), m, object_id="#message_box"
        )
        y += message_height + px(10)
        rows = (
            ("try_again", "solution"),
            ("next", "daily"),
            ("menu",),
        )
        for row in rows:
            buttons = button_row(
                m, x, y, width, [(tr(f"puzzle.{n}"), tr(f"puzzle.{n}_tip")) for n in row]
            )
            w.update(zip(row, buttons, strict=True))
            y += px(44)
        self.widgets = w
        self.keys.focus.ring.area = self.panel_rect
        self._refresh()

    def _say(self, text: str) -> None:
        self.message = text
        self.controller.message = text
        box = self.widgets.get("message")
        if box is not None:
            box.set_text(text)

    def _refresh(self) -> None:
        w = self.widgets
        if not w:
            return
        progress = self.ctx.files.statistics().puzzles
        daily = self.puzzle == puzzle_of_the_day(self.today)
        title = tr("puzzle.title", id=self.puzzle.id)
        w["title"].set_text(tr("puzzle.daily_title", title=title) if daily else title)
        winner = self.controller.history.position.winner
        if self.state == SHOWING and winner is not None:
            task = tr("view.wins", side=side_name(winner))
        elif self.state == SOLVED:
            task = tr("puzzle.solved_short")
        elif self.state == FAILED:
            task = tr("puzzle.failed_short")
        else:
            task = self.task()
        w["task"].set_text(task)
        w["rating"].set_text(tr("puzzle.puzzle_rating", rating=self.puzzle.rating))
        shown = f"{progress.rating.shown}{'?' if progress.rating.provisional else ''}"
        w["yours"].set_text(tr("puzzle.your_rating", rating=shown))
        w["streak"].set_text(
            tr(
                "puzzle.streak",
                streak=progress.streak,
                solved=progress.solved,
                tried=progress.tried,
            )
        )
        if self.message and w["message"].html_text != self.message:
            w["message"].set_text(self.message)
        if self.state in (PLAYING, JUDGING) and not self.attempt.played:
            w["try_again"].disable()
        else:
            w["try_again"].enable()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == JOB_DONE:
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            actions = {
                "try_again": self.try_again,
                "solution": self.show_solution,
                "next": self.next_puzzle,
                "daily": self.daily,
                "menu": self.nav.show_menu,
            }
            for name, action in actions.items():
                if event.ui_element is self.widgets.get(name):
                    action()
                    return
        if self.mouse.handle_event(event, self.controller, self.hit, self.why_locked):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.nav.show_menu()

    def handle_keyboard(self, event: pygame.event.Event) -> bool:
        return self.keys.handle_event(event)

    def draw_focus(self, surface: pygame.Surface) -> None:
        self.keys.draw(surface)

    def update(self, dt: float) -> bool:
        controller = self.controller
        self._take_move()
        self._judged()
        controller.animation_time = MOVE_SECONDS * self.settings.animation_factor
        moving = controller.update(dt)
        self._show_queued()
        for sound in controller.sounds:
            self.sounds.play(sound)
        controller.sounds.clear()
        if controller.changed:
            if controller.message != self.message and controller.message:
                self._say(controller.message)  # a refused move's reason, a typed move
            controller.changed = False
        return moving or self.job is not None or bool(self.queue)

    def draw(self, surface: pygame.Surface) -> None:
        if self.hit is None:
            return
        table = backdrop(surface.get_size())
        self.view.draw_board(
            surface,
            Moment(
                drag_pos=self.mouse.carried(self.controller),
                hint=None,
                show_targets=self.settings.show_legal_moves,
                coordinates=self.settings.coordinates,
                cursor=self.keys.cursor_cell,
            ),
        )
        self.draw_panel_backing(surface, table)
        if self.state in (PLAYING, JUDGING):
            self.view.draw_panel(surface, self.task_rect, self.puzzle.to_move)

    def _cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def leave(self) -> None:
        self._cancel()

    def settle(self, timeout: float) -> None:
        if self.job is not None:
            self.job.wait(timeout)


__all__ = ["PuzzleScene", "choose_next"]
