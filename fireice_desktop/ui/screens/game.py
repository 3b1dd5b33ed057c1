"""The playing screen, one for every game: the board on the left, the panel on the right.

What differs from game to game comes from the game's view (:mod:`..views`); who plays
each side from the table of players (:mod:`..game.players`).  The screen itself is
input, the windows over it (files, text, questions), hints and the autosave.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from ...engine.analysis import Verdict
from ...engine.record import GameRecord
from ...engine.words import Words, named
from ...storage import SaveFileError
from ..game.analysis import GameAnalysis, draw_cursor, graph_index_at
from ..game.controller import BoardController
from ..game.hints import Hints
from ..game.keys import GameKeys
from ..game.motion import MOVE_SECONDS
from ..game.panel import AnalysisState, GamePanel
from ..game.players import Session, Table
from ..game.question import Question
from ..game.scorekeeper import Scorekeeper
from ..game.tutor import Tutor
from ..game.view import GameView, HitLayout, Moment
from ..installed import view_for
from ..language import say, side_name, tr
from ..navigation import Context
from ..saving import FileDialogs, TextWindow, error_text
from ..scene import BoardScene, backdrop

DRAG_THRESHOLD = 6


def autosave_reason(problem: SaveFileError) -> str:
    """Why the game could not be kept, in short: the system's own words where it gave
    some ("No space left on device"), the whole message otherwise."""
    words = problem.words
    reason = words.values.get("error") if isinstance(words, Words) else None
    return (say(reason) if reason is not None else error_text(problem)).rstrip(".")


class GameScreen(BoardScene):
    """Playing one game of ``session``, from its start or from a saved history."""

    def __init__(self, ctx: Context, session: Session, record: GameRecord | None = None) -> None:
        super().__init__(ctx)
        self.session = session
        self.table = Table(session.computer)
        self.controller: BoardController[Any] = BoardController(session.start())
        self.view: GameView = view_for(session.game, self)
        self.hit: HitLayout | None = None
        self.panel: GamePanel | None = None
        self.press_pos: tuple[int, int] | None = None
        self.drag_pos: tuple[int, int] | None = None
        self._over_dismissed = False
        self.hints = Hints()
        self.analysis = GameAnalysis()
        #: The position shown when the analysis ended: there, the summary is the message.
        self._summary_at: object = None
        self.tutor = Tutor()
        self._progress_shown: tuple[int, int] | None = None
        self.question = Question(ctx.manager)
        self.files = self._file_dialogs()
        self.text_window: TextWindow | None = None
        self._autosaved: object = None  # what the autosave holds: (history, changes)
        #: Why the newest moves could not be kept ("" while the autosave holds them).
        self.autosave_problem = ""
        self.scorekeeper = Scorekeeper(ctx.files)  # counts the games in the statistics
        self.keys = GameKeys(self)  # the board's cursor, typed moves, the panel's ring
        if record is not None:
            self.controller.history = record.history()
            if self.controller.history.position.is_over:
                # Looking through a finished game keeps the game in progress for Continue;
                # a change (an undo, say) makes it the game being played.
                self.mark_autosaved()
                self.review_from_start()

    @property
    def title(self) -> str:  # type: ignore[override]
        return self.view.title()

    @property
    def autosave_failed(self) -> bool:
        """Whether the newest moves are not in the autosave (a full disk, say)."""
        return bool(self.autosave_problem)

    # --- building ------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        x, inner = self.build_board(size)
        self.panel = GamePanel(self.manager, self.view, x, inner, size[1])
        self.question = Question(self.manager)  # the manager was cleared
        self.files = self._file_dialogs()  # the manager was cleared
        self.text_window = None
        self.refresh()

    def build_board(self, size: tuple[int, int]) -> tuple[int, int]:
        board, x, inner = self.split(size)
        self.hit = self.view.build_board(board)
        self.layout = self.hit
        return x, inner

    def _file_dialogs(self) -> FileDialogs:
        """Save and Open, starting where the app's last dialog ended."""
        remembered = self.ctx.choices.setdefault("files", {})
        return FileDialogs(self.manager, self.open_record, self._saved, remembered)

    # --- keeping the panel in step ---------------------------------------------------

    def thinking(self) -> Any:
        """The side the computer is choosing a move for now (``None``: nobody thinks)."""
        controller = self.controller
        side = self.table.computer_to_move(controller)
        return side if controller.review is None else None

    def turn_text(self) -> tuple[str, Any]:
        """The turn line and the side beside it ("Ice is thinking..." on its turn)."""
        controller = self.controller
        side = self.thinking()
        if side is not None:
            name = side_name(side, controller.history.position.game)
            return self.table.thinking_text(side, name), side
        return self.view.turn_text(controller.shown)

    def refresh(self) -> None:
        """Bring the panel in line with the controller."""
        controller = self.controller
        if not controller.history.position.is_over:
            self._over_dismissed = False  # undone: the next ending gets its card again
        show_over = (
            controller.review is None
            and controller.animation is None
            and controller.history.position.is_over
            and not self._over_dismissed
        )
        if self.panel is not None:
            self.panel.refresh(
                controller,
                self.turn_text()[0],
                show_over,
                self.analysis_state(),
                thinking=self.thinking() is not None,
                warning=self.autosave_warning(),
            )
        controller.changed = False

    def autosave_warning(self) -> str:
        """The line the panel keeps above its messages while the game cannot be kept."""
        return tr("keeping.not_kept", error=self.autosave_problem) if self.autosave_problem else ""

    def analysis_state(self) -> AnalysisState:
        """What the panel shows of the computer's review of this game."""
        analysis = self.analysis
        if analysis.running:
            done, total = analysis.progress
            return AnalysisState(
                progress=(done, total),
                message=tr("game.analysing"),
            )
        reviewed = analysis.review
        if reviewed is None:
            return AnalysisState()
        marks = tuple(move.verdict.symbol for move in reviewed.moves)
        review = self.controller.review
        return AnalysisState(graph=True, marks=marks, message=self.analysis_words(), focus=review)

    def analysis_words(self) -> str:
        """The message box in an analysed game: the summary where the analysis ended, or
        the move played from the position shown."""
        controller = self.controller
        reviewed = self.analysis.review
        if reviewed is not None and controller.review == self._summary_at:
            return " ".join(f"{say(summary.brief())}." for summary in reviewed.summaries())
        if controller.review is None:
            return ""  # the game as it stands: its own messages
        move = self.analysis.move(controller.review)
        if move is None:
            return ""
        return self.view.judged_move_words(move, controller.history.positions[move.ply])

    # --- input ------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self._windows_event(event) or self.view.handle_event(event):
            return
        controller = self.controller
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            picked = self.graph_index_at(event.pos)
            if picked is not None:
                self.show_position(picked)
                return
            if self.on_board(event.pos):
                if self.board_locked():
                    return
                self.press_pos = event.pos
                self.drag_pos = None
                controller.press(self._hole_at(event.pos))
        elif event.type == pygame.MOUSEMOTION and self.press_pos is not None:
            if controller.selected is not None:
                dx = event.pos[0] - self.press_pos[0]
                dy = event.pos[1] - self.press_pos[1]
                if self.drag_pos is not None or dx * dx + dy * dy > DRAG_THRESHOLD**2:
                    self.drag_pos = event.pos
                    controller.changed = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.press_pos is not None:
                dragged = self.drag_pos is not None
                self.press_pos = self.drag_pos = None
                controller.release(self._hole_at(event.pos), dragged)
                controller.changed = True
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)
        elif (
            event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION
            and self.panel is not None
            and event.ui_element is self.panel.move_list
        ):
            index = self.panel.selected_index()
            if index is not None:
                if self.analysis.review is not None:
                    # An analysed game shows where the move was chosen, and what was better.
                    self.show_position(index)
                else:
                    controller.show_move(index)

    def board_locked(self) -> bool:
        """Whether the board takes no move now (the tutor is judging the last one, or the
        computer is to move); if so, the panel says why."""
        controller = self.controller
        if self.tutor.checking:
            controller.say(tr("game.tutor_looking"))
            return True
        side = self.table.computer_to_move(controller)
        if side is not None and controller.review is None:
            name = side_name(side, controller.history.position.game)
            controller.say(tr("game.computer_side", side=name))
            return True
        return False

    def person_to_move(self) -> bool:
        """Whether a person may move now, in the game itself (not a review of it)."""
        controller = self.controller
        return (
            controller.review is None
            and not controller.history.position.is_over
            and not self.tutor.checking
            and self.table.computer_to_move(controller) is None
        )

    def windows_open(self) -> bool:
        """Whether a window is open over the board: a question, a file dialog, the text."""
        text = self.text_window
        return self.question.is_open or self.files.is_open or (text is not None and text.is_open)

    def handle_keyboard(self, event: pygame.event.Event) -> bool:
        return self.keys.handle_event(event)

    def draw_focus(self, surface: pygame.Surface) -> None:
        self.keys.draw(surface)

    def _key(self, event: pygame.event.Event) -> None:
        controller = self.controller
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if event.key == pygame.K_ESCAPE:
            if self.analysis.running:
                self.toggle_analysis()
            elif controller.selected is not None:
                controller.put_back()
            elif controller.review is not None:
                controller.leave_review()
            else:
                self.to_menu()
        elif ctrl and event.key == pygame.K_s:
            self.ask_save()
        elif ctrl and event.key == pygame.K_o:
            self.files.ask_open()
        elif event.key == pygame.K_t:  # T, or Ctrl+T where T would start a typed move
            self.show_text()
        elif ctrl and event.key == pygame.K_z:
            if event.mod & pygame.KMOD_SHIFT:
                self.redo()
            else:
                self.undo()
        elif ctrl and event.key == pygame.K_y:
            self.redo()
        elif event.key == pygame.K_h:  # the letters that may start a typed move (the
            self.request_hint()  # islands, Icebreaker's rows) reach here only with Ctrl
        elif event.key == pygame.K_n:
            self.ask_new()
        elif event.key == pygame.K_a:
            self.toggle_analysis()
        elif event.key == pygame.K_PAGEUP:  # the arrow keys are the board cursor's
            if controller.review is None:
                controller.show_move(controller.history.cursor - 2)
            elif controller.review > 0:
                controller.show_move(controller.review - 2)
        elif event.key == pygame.K_PAGEDOWN and controller.review is not None:
            controller.show_move(controller.review)
        elif event.key == pygame.K_HOME and controller.history.cursor > 0:
            controller.show_start()
        elif event.key == pygame.K_END:
            controller.leave_review()

    def _button(self, element: object) -> None:
        panel = self.panel
        if panel is None:
            return
        actions: dict[object, Callable[[], None]] = {
            panel.undo_button: self.undo,
            panel.redo_button: self.redo,
            panel.new_button: self.ask_new,
            panel.over_new: self.ask_new,
            panel.menu_button: self.to_menu,
            panel.save_button: self.ask_save,
            panel.open_file_button: self.files.ask_open,
            panel.text_button: self.show_text,
            panel.present_button: self.controller.leave_review,
            panel.hint_button: self.request_hint,
            panel.over_rematch: self.rematch,
            panel.over_review: self.review_from_start,
            panel.analyse_button: self.toggle_analysis,
            panel.over_analyse: self.toggle_analysis,
        }
        action = actions.get(element) if element is not None else None
        if action is not None:
            action()

    def ask_new(self) -> None:
        """New game (N): first asking if a game in progress would be lost."""
        self.confirm_leave(self.start_new, tr("game.ask_new"), tr(self.view.new_label[0]))

    def confirm_leave(self, action: Callable[[], None], question: str, verb: str) -> None:
        """Do ``action``, first asking the player if it would throw away a game in progress."""
        history = self.controller.history
        if history.cursor == 0 or history.position.is_over:
            action()
            return
        board = self.hit.rect if self.hit is not None else (0, 0, *self.window_size)
        centre = (board[0] + board[2] // 2, board[1] + board[3] // 2)
        self.question.ask(centre, question, verb, action)

    def to_menu(self) -> None:
        """Esc or Menu: the game stays in the autosave, for the menu's Continue."""
        if self.autosave_failed:
            self.confirm_leave(self.nav.show_menu, tr("game.ask_leave"), tr("game.leave"))
        else:
            self.nav.show_menu()

    def _windows_event(self, event: pygame.event.Event) -> bool:
        """Events for the open windows: the file dialogs, the text window, a question."""
        if self.files.handle_event(event):
            return True
        if self.text_window is not None and self.text_window.handle_event(event):
            return True
        return self.question.handle_event(event)

    # --- undo, redo, new games --------------------------------------------------------

    def undo(self) -> None:
        """Ctrl+Z or Undo: take back a move; against the computer, its reply too."""
        self.table.step(self.controller, back=True)

    def redo(self) -> None:
        """Ctrl+Y or Redo: play undone moves again, up to the player's next turn."""
        self.table.step(self.controller, back=False)

    def start_new(self) -> None:
        """A new game: the view's own (a new deal), the set-up it came from, or a rematch."""
        if self.view.start_new():
            return
        if self.session.new_game is not None:
            route, options = self.session.new_game
            self.nav.go(route, **options)
        else:
            self.rematch()

    def rematch(self) -> None:
        """The same set-up again."""
        self.restart(self.session)

    def restart(self, session: Session) -> None:
        """Play ``session`` from its start on this screen."""
        self.table.cancel()
        self.hints.cancel()
        self.analysis.forget()
        self.tutor.cancel()
        self.session = session
        self.controller = BoardController(session.start())
        self._over_dismissed = False
        if self.panel is not None:
            self.panel.forget_moves()
        self.view.started()
        self.controller.changed = True

    def review_from_start(self) -> None:
        """Show a finished game from its first position, to step through it."""
        self._over_dismissed = True
        self.controller.show_start()

    # --- the computer's review -----------------------------------------------------------

    def toggle_analysis(self) -> None:
        """A or Analyse: the computer reviews every move, off the UI thread; A or Cancel
        again stops it."""
        controller = self.controller
        if self.analysis.running:
            self.analysis.cancel()
            controller.say(tr("game.analysis_stopped"))
            return
        if not controller.history.moves:
            controller.say(tr("game.nothing_to_analyse"))
            return
        if self.analysis.review is not None:
            controller.say(tr("game.analysed"))
            return
        self._over_dismissed = True  # the card would hide the graph
        self.analysis.start(controller.history)
        controller.changed = True

    def show_first_error(self) -> None:
        """Show where the analysed game's first mistake or blunder was made, if it has one."""
        reviewed = self.analysis.review
        serious = (Verdict.MISTAKE, Verdict.BLUNDER)
        first = (
            next((m for m in reviewed.moves if m.verdict in serious), None) if reviewed else None
        )
        if first is not None:
            self.show_position(first.ply)

    def graph_index_at(self, pos: tuple[int, int]) -> int | None:
        """The position a click on the evaluation graph picks, if it is on the graph."""
        reviewed = self.analysis.review
        if reviewed is None or self.panel is None or self.panel.graph_rect is None:
            return None
        return graph_index_at(self.panel.graph_rect, pos, len(reviewed.chances))

    def show_position(self, index: int) -> None:
        """Show position ``index`` of the game (0: the start) to review it."""
        controller = self.controller
        if index >= controller.history.cursor:
            controller.leave_review()
        elif index == 0:
            controller.show_start()
        else:
            controller.show_move(index - 1)

    # --- the tutor ----------------------------------------------------------------------

    def watch_moves(self) -> None:
        """With the Tutor setting on, judge each move a person has just played; ask about
        a blunder before the game goes on."""
        controller = self.controller
        played, controller.just_played = controller.just_played, None
        if played is not None and self.settings.tutor:
            before, move = played
            if self.tutor_applies(before):
                self.tutor.check(controller, before, move)
        warning = self.tutor.poll(controller)
        if warning is not None:
            board = self.hit.rect if self.hit is not None else (0, 0, *self.window_size)
            self.question.ask(
                (board[0] + board[2] // 2, board[1] + board[3] // 2),
                say(warning),
                tr("game.play_it"),
                lambda: controller.say(tr("game.played_as_chosen")),
                detail=tr("game.play_anyway"),
                on_no=self.take_back,
                title=tr("settings.tutor"),
                no_label=tr("game.take_back"),
            )

    def tutor_applies(self, before: Any) -> bool:
        """Whether the tutor judges a move played from ``before``: a person's move in a
        two-player game the computer can review."""
        kind = self.session.kind
        return (
            not kind.solo
            and kind.analysis is not None
            and not before.is_over
            and not self.table.player(before.to_move).is_computer
        )

    def take_back(self) -> None:
        """The tutor's "Take it back" (or Esc): the move is undone, to choose again."""
        self.controller.undo()
        self.controller.say(tr("game.taken_back"))

    # --- saving and opening -----------------------------------------------------------

    def record(self) -> GameRecord:
        """The game so far (undone moves too), as it is saved."""
        return GameRecord.of_history(
            self.controller.history, self.session.setup, self.table.computer.items()
        )

    def ask_save(self) -> None:
        """Ctrl+S or Save: choose a file and save the game there."""
        self.files.ask_save(self.record())

    def _saved(self, path: Path) -> None:
        self.controller.say(tr("game.saved", path=named(path)))

    def show_text(self) -> None:
        """T or Text: the game as text to copy, or a pasted game to play."""
        if self.text_window is not None:
            self.text_window.close()
        self.text_window = TextWindow(self.manager, self.record().to_text(), self.play_record)

    def open_record(self, record: GameRecord, path: object = None) -> None:
        """Replace this game by ``record`` (asking first if a game is in progress)."""
        name = getattr(path, "name", None)
        question = tr("game.ask_open", name=name) if name else tr("game.ask_play_pasted")
        self.confirm_leave(lambda: self.nav.open_record(record), question, tr("game.open"))

    def offer_record(self, record: GameRecord) -> None:
        self.open_record(record)

    def play_record(self, record: GameRecord) -> None:
        """Play on from a game pasted as text."""
        if record == replace(self.record(), undone=()):
            self.controller.say(tr("game.same_game"))
            return
        self.open_record(record)

    def _autosave_state(self) -> object:
        history = self.controller.history
        return (id(history), history.changes)

    def autosave(self) -> None:
        """Keep the game in the autosave whenever it has changed and has moves."""
        state = self._autosave_state()
        if state == self._autosaved or not self.controller.history.moves:
            return
        self._autosaved = state
        problem = self.ctx.files.keep_game(self.record())
        before = self.autosave_problem
        self.autosave_problem = "" if problem is None else autosave_reason(problem)
        if before != self.autosave_problem:
            if before and not self.autosave_problem:
                self.controller.say(tr("keeping.kept_again"))
            self.controller.changed = True  # the panel says so at once

    def may_close(self) -> bool:
        """Whether the window may close now; if the newest moves could not be kept, the
        player is asked first (after one more try to keep them)."""
        if not self.autosave_problem or self.question.is_open:
            return True  # a second close while asked: the player insists
        self.keep_now()
        if not self.autosave_problem:
            return True
        self.files.close()
        if self.text_window is not None:
            self.text_window.close()
        board = self.hit.rect if self.hit is not None else (0, 0, *self.window_size)
        centre = (board[0] + board[2] // 2, board[1] + board[3] // 2)
        self.question.ask(
            centre,
            tr("keeping.quit_text", error=self.autosave_problem),
            tr("keeping.quit_anyway"),
            self.nav.quit,
            detail="",
            title=tr("keeping.quit_title"),
            no_label=tr("keeping.stay"),
        )
        return False

    def keep_now(self) -> None:
        """Keep the game as it stands, whatever happened (the app met an error)."""
        self._autosaved = None
        self.autosave()

    def keep(self) -> None:
        """Keep the game as it stands: in the autosave, and in the statistics once it ends
        (a move the tutor is judging, or asking about, may yet be taken back)."""
        if not (self.tutor.checking or self.question.is_open):
            self.scorekeeper.update(self.controller.history, self.view.played)
        self.autosave()

    def mark_autosaved(self) -> None:
        """Take the game as it stands for saved: only a change will write the autosave."""
        self._autosaved = self._autosave_state()

    # --- hints ------------------------------------------------------------------------

    def request_hint(self) -> None:
        """H or the Hint button: start looking for the best move (off the UI thread)."""
        controller = self.controller
        if self.table.computer_to_move(controller) is not None:
            controller.say(tr("game.hint_computer_to_move"))
            return
        if controller.review is not None:
            controller.leave_review()  # a hint is for the game being played
        if controller.history.position.is_over:
            controller.say(tr("game.hint_over"))
        else:
            self.hints.request(controller, self.view.hint_work(), tr(self.view.looking_for_hint))

    @property
    def hint(self) -> Any:
        """The hinted move, once found."""
        return self.hints.move

    # --- time and drawing ------------------------------------------------------------

    def _hole_at(self, pos: tuple[int, int]) -> int | None:
        return self.hit.hole_at(pos) if self.hit is not None else None

    def busy(self) -> bool:
        """Whether the board is not free for the computer's move."""
        controller = self.controller
        return (
            controller.review is not None
            or controller.animation is not None
            or controller.selected is not None
            or self.question.is_open
            or self.files.is_open
            or self.tutor.checking
        )

    def update(self, dt: float) -> bool:
        controller = self.controller
        self.hints.poll(controller)
        said = self.analysis.poll(controller.history)
        if said is not None:
            self._summary_at = controller.review
            controller.say(said)
        progress = self.analysis.progress if self.analysis.running else None
        if progress != self._progress_shown:
            self._progress_shown = progress
            controller.changed = True
        self.view.update(dt)
        controller.animation_time = MOVE_SECONDS * self.settings.animation_factor
        moving = controller.update(dt)
        self.watch_moves()
        moving = self.table.update(dt, controller, self.busy()) or moving
        for sound in controller.sounds:
            self.sounds.play(sound)
        controller.sounds.clear()
        if controller.changed:
            self.refresh()
        self.keep()
        return moving

    def moment(self) -> Moment:
        """The player's hand and the hint, as the board shows them now."""
        controller = self.controller
        shown_hint = (
            self.hint is not None
            and controller.review is None
            and controller.selected is None
            and controller.animation is None
        )
        played = better = None
        judged = self.analysis.move(controller.review) if controller.review is not None else None
        if judged is not None and controller.animation is None:
            played = (judged.move.src, judged.move.dst)
            if judged.better is not None:
                better = (judged.better.src, judged.better.dst)
        return Moment(
            drag_pos=self.drag_pos if controller.selected is not None else None,
            hint=better or ((self.hint.src, self.hint.dst) if shown_hint else None),
            show_targets=self.settings.show_legal_moves,
            played=played,
            cursor=self.keys.cursor_cell,
        )

    def draw(self, surface: pygame.Surface) -> None:
        if self.hit is None or self.panel is None:
            return
        surface.blit(backdrop(surface.get_size()), (0, 0))
        self.view.draw_board(surface, self.moment())
        self.draw_panel_backing(surface)
        self.view.draw_panel(surface, self.panel.turn_rect, self.turn_text()[1])
        reviewed, graph = self.analysis.review, self.panel.graph_rect
        if reviewed is not None and graph is not None:
            picture = self.analysis.picture(
                graph.size, self.view.graph_colours, self.panel.graph_summary
            )
            if picture is not None:
                surface.blit(picture, graph.topleft)
            controller = self.controller
            shown = (
                controller.review if controller.review is not None else controller.history.cursor
            )
            draw_cursor(surface, graph, len(reviewed.chances), shown)

    def leave(self) -> None:
        self.table.cancel()
        self.hints.cancel()
        self.analysis.cancel()
        self.tutor.cancel()
        self.view.leave()
        self.keep()

    def settle(self, timeout: float) -> None:
        self.hints.settle(timeout)
        self.analysis.settle(timeout)
        self.tutor.settle(timeout)
        self.view.settle(timeout)


__all__ = ["GameScreen"]
