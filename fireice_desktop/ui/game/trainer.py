"""The screen a player learns on: a position on a game's board, a task, and each move
judged off the UI thread; the lessons, the puzzles and the practice are its kinds.

The player moves as in a game (click, drag, the keys or a typed move).  The move is
judged by the exercise (an object with ``position``, ``play(move)`` returning a
:class:`~...engine.interface.Step`, ``punishment(move)`` and ``stop``, which cancels the
search): if right, the other side's answer is shown; if wrong, the reply that shows
why; if neither (a puzzle's slower win: :meth:`TrainerScene.retry_words`), the move is
taken back once it has landed and the player tries again.  The board is drawn by the
game's own view (given as ``make_view``).  A subclass says what the exercise is, what the
panel says and what its buttons do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from ...engine.interface import Step
from ...engine.registry import find_game
from ..frame.navigation import Context
from ..frame.scene import BoardScene, button_row
from ..toolkit.jobs import JOB_DONE, Job
from ..toolkit.language import side_name, tr
from ..toolkit.motion import MOVE_SECONDS
from ..toolkit.scaling import px
from .controller import BoardController
from .keys import GameKeys
from .mouse import BoardMouse
from .panel_widgets import fit_label
from .players import Session
from .view import GameView, Host, Moment, Stage

#: How a trainer gets its board's view: the game's name and the view's host.
MakeView = Callable[[str, Host], GameView]

#: What the screen is doing: waiting for the player's move, judging it, done (solved or
#: failed), or showing the solution.
PLAYING, JUDGING, SOLVED, FAILED, SHOWING = "playing", "judging", "solved", "failed", "showing"
#: In the queue of moves to show: take the player's move back (it was not wrong, only
#: not what is asked: the player tries again).
TAKE_BACK = "take back"


class TrainerScene(BoardScene):
    """An exercise on the board, its panel on the right (see the module's doc)."""

    #: The buttons' rows, by name: their words are ``<words>.<name>`` and ``..._tip``.
    rows: tuple[tuple[str, ...], ...] = ()
    words = ""
    #: The lines of the panel under the task, by name.
    info_lines: tuple[str, ...] = ()
    #: The title's letters: the theme's usual ones, and smaller ones for a long title.
    title_fits: tuple[str, str] = ("#turn", "#message")

    def __init__(self, ctx: Context, start: Any, make_view: MakeView) -> None:
        super().__init__(ctx)
        self.mouse = BoardMouse()
        self.job: Job[tuple[Step, Any]] | None = None
        self.queue: list[Any] = []  # moves to show, one after the other (a reply, the solution)
        self.hit: Any = None
        self.task_rect = pygame.Rect(0, 0, 0, 0)
        self.widgets: dict[str, Any] = {}
        self.message = ""
        self.marks: tuple[int, ...] = ()  # cells the words about a wrong move point at
        self.redraw_frames = 0  # frames still to draw after the panel's words changed
        self.state = PLAYING
        self.stage = Stage(
            Session(start.game),
            BoardController(start),
            self.settings,
            lambda action, question, verb: action(),
            lambda session: None,
        )
        self.view = make_view(start.game, self.stage)
        self.keys = GameKeys(self, self.focus)

    # --- what a subclass says -----------------------------------------------------------

    @property
    def exercise(self) -> Any:
        """The exercise being tried (``position``, ``play``, ``punishment``, ``stop``)."""
        raise NotImplementedError

    @property
    def learner(self) -> Any:
        """The side the player moves (``None`` in a game played alone)."""
        raise NotImplementedError

    def panel_texts(self) -> dict[str, str]:
        """The panel's title, task and info lines, by name."""
        raise NotImplementedError

    def actions(self) -> dict[str, Callable[[], None]]:
        """What each button does, by name."""
        raise NotImplementedError

    def done(self, solved: bool) -> str:
        """The exercise is over (solved or failed): count it; words to add to the message."""
        return ""

    def retry_words(self, step: Step) -> str | None:
        """For a move that is not right but not wrong either (a puzzle's slower win), what
        the message box says as the move is taken back and the player tries again;
        ``None`` for a wrong move."""
        return None

    def right_words(self, reply: Any) -> str:
        """What the message box says after a right move and the other side's reply (in a
        game played alone, ``None``: the player moves again)."""
        if reply is None:
            return tr("lesson.right_go_on")
        return tr("puzzle.right", side=side_name(self.learner.other), reply=reply)

    # --- starting -----------------------------------------------------------------------

    def restart_board(self, start: Any, message: str) -> None:
        """Show ``start`` afresh, ready for the player's move."""
        self._cancel()
        self.state = PLAYING
        self.queue = []
        self.marks = ()
        self.stage.controller = BoardController(start)
        self.say(message)
        self.refresh()

    @property
    def controller(self) -> BoardController[Any]:
        return self.stage.controller

    @property
    def message_box(self) -> pygame_gui.elements.UITextBox | None:
        """The panel's message box, once built."""
        return self.widgets.get("message")

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
        exercise = self.exercise
        position = self.controller.history.positions[-2]

        def work(stop: Callable[[], bool]) -> tuple[Step, Any]:
            exercise.stop = stop
            try:
                if exercise.position != position:
                    raise RuntimeError("the exercise moved on")
                step = exercise.play(move)
                return step, None if step.right else exercise.punishment(move)
            finally:
                exercise.stop = None

        self.state = JUDGING
        self.say(tr("puzzle.checking"))
        self.job = Job(work)

    def _judged(self) -> None:
        job = self.job
        if job is None or not job.done:
            return
        self.job = None
        if job.error is not None or job.result is None:
            self.state = PLAYING
            self.say(tr("puzzle.not_judged"))
            return
        step, punishment = job.result
        if step.right and step.solved and step.reply is None:
            self.state = SOLVED
            self.say(self.solved_words() + self.done(True))
        elif step.right:
            if step.reply is not None:
                self.queue.append(step.reply)
            if step.solved:  # the other side's every reply hands over the win
                self.state = SOLVED
                other = side_name(self.learner.other)
                words = tr("puzzle.solved_by_reply", side=other, reply=step.reply)
                self.say(words + self.done(True))
            else:
                self.state = PLAYING
                self.say(self.right_words(step.reply))
        elif (again := self.retry_words(step)) is not None:
            self.state = PLAYING
            self.queue.append(TAKE_BACK)
            self.say(again)
        else:
            self.state = FAILED
            self.say(self.wrong_words(step.move, punishment) + self.done(False))
        self.refresh()

    def solved_words(self) -> str:
        return tr("puzzle.solved")

    def winner(self, position: Any) -> Any:
        """The side that has won ``position`` (``None`` while play goes on, or alone)."""
        return find_game(position.game).winner(position)

    def wrong_words(self, move: Any, punishment: Any) -> str:
        """Why ``move`` was wrong, with the reply that shows it (now queued to be shown)."""
        other = self.learner.other
        after = self.exercise.position.play(move)
        if self.winner(after) == other:
            return tr("puzzle.wrong_hands", move=move, side=side_name(other))
        if punishment is None:
            return tr("puzzle.wrong", move=move)
        self.queue.append(punishment)
        wins = self.winner(after.play(punishment)) == other
        key = "puzzle.wrong_wins" if wins else "puzzle.wrong_escapes"
        return tr(key, move=move, side=side_name(other), reply=punishment)

    def _show_queued(self) -> None:
        """Play the next queued move once the board is at rest."""
        controller = self.controller
        if not self.queue or controller.animation is not None or controller.selected is not None:
            return
        move = self.queue.pop(0)
        if move == TAKE_BACK:
            message = self.message
            controller.undo()  # the board as it was before the move
            self.say(message)
        else:
            controller.play(move, MOVE_SECONDS * self.settings.animation_factor)
        controller.just_played = None
        if not self.queue:
            self.refresh()

    # --- what the keys and the mouse ask (the board's host) -----------------------------

    def why_locked(self) -> str:
        if self.state == JUDGING:
            return tr("puzzle.checking")
        if self.state != PLAYING or self.queue:
            return tr(f"{self.words}.done_here")
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
        for name in self.info_lines:
            w[name] = label(pygame.Rect(x, y, width, px(24)), "", m, object_id="#difficulty")
            y += px(26)
        y = self.view.build_extra(m, x, y, width)  # the game's own: Icebreaker's scores
        y += px(6)
        # The message box takes what the buttons leave, so the coach's words need no scroll.
        buttons = len(self.rows) * px(44)
        message_height = max(px(150), min(px(300), size[1] - y - buttons - px(24)))
        w["message"] = pygame_gui.elements.UITextBox(
            "", pygame.Rect(x, y, width, message_height), m, object_id="#message_box"
        )
        y += message_height + px(10)
        for row in self.rows:
            texts = [(tr(f"{self.words}.{n}"), tr(f"{self.words}.{n}_tip")) for n in row]
            w.update(zip(row, button_row(m, x, y, width, texts), strict=True))
            y += px(44)
        self.widgets = w
        self.keys.focus.ring.area = self.panel_rect
        self.refresh()

    def say(self, text: str) -> None:
        self.message = text
        self.controller.message = text
        box = self.widgets.get("message")
        if box is not None:
            box.set_text(text)

    def refresh(self) -> None:
        """Bring the panel's words in line with the exercise."""
        # pygame-gui makes a label's new picture in its next update: the window is drawn
        # for a few more frames, so that the new words are shown, not the old.
        self.redraw_frames = 3
        if not self.widgets:
            return
        fits = {"title": self.title_fits, "task": ("#message", "#message_small")}
        for name, text in self.panel_texts().items():
            if name in fits:  # smaller letters where the words are too long
                fit_label(self.widgets[name], text, *fits[name])
            else:
                self.widgets[name].set_text(text)
        box = self.widgets["message"]
        if self.message and box.html_text != self.message:
            box.set_text(self.message)

    def offer_try_again(self) -> None:
        """Try again is offered once the player has moved, or the exercise is over."""
        button = self.widgets.get("try_again")
        if button is not None:
            if self.state in (PLAYING, JUDGING) and not self.exercise.played:
                button.disable()
            else:
                button.enable()

    def task_words(self) -> str:
        """The task line in the states that end an exercise: who won, solved, not solved."""
        winner = self.winner(self.controller.history.position)
        if self.state == SHOWING and winner is not None:
            return tr("view.wins", side=side_name(winner))
        if self.state == SOLVED:
            return tr(f"{self.words}.solved_short")
        return tr(f"{self.words}.failed_short")

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == JOB_DONE:
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, action in self.actions().items():
                if event.ui_element is self.widgets.get(name):
                    action()
                    return
        if self.mouse.handle_event(event, self.controller, self.hit, self.why_locked):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.controller.selected is not None:  # Esc puts the peg back, as in a game
                self.controller.put_back()
            else:
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
                self.say(controller.message)  # a refused move's reason, a typed move
            controller.changed = False
        redraw = self.redraw_frames > 0
        self.redraw_frames = max(0, self.redraw_frames - 1)
        return moving or redraw or self.job is not None or bool(self.queue)

    def draw(self, surface: pygame.Surface) -> None:
        if self.hit is None:
            return
        moment = Moment(
            drag_pos=self.mouse.carried(self.controller),
            hint=None,
            show_targets=self.settings.show_legal_moves,
            coordinates=self.settings.coordinates,
            cursor=self.keys.cursor_cell,
            # Once the moves that show a wrong move's reason are played.
            marks=self.marks if not self.queue and self.controller.animation is None else (),
        )
        self.draw_board_and_backing(surface, self.view, moment)
        # The side the player moves beside the task (and what the game's view adds there:
        # Icebreaker's scores), while the exercise goes on and after it.
        side = self.learner if self.learner is not None else self.controller.shown.to_move
        self.view.draw_panel(surface, self.task_rect, side)

    def _cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def leave(self) -> None:
        self._cancel()

    def settle(self, timeout: float) -> None:
        if self.job is not None:
            self.job.wait(timeout)


__all__ = ["FAILED", "JUDGING", "PLAYING", "SHOWING", "SOLVED", "TAKE_BACK", "TrainerScene"]
