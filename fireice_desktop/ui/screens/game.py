"""The playing screen, one for every game: the board on the left, the panel on the right.

What differs from game to game comes from the game's view (:mod:`..game.view`), which is
given the game on the board (a :class:`~..game.view.Stage`), not the screen; who plays
each side from the table of players (:mod:`..game.players`).  The screen puts its parts
together and keeps the panel in step: the mouse (:mod:`..game.mouse`), the keys
(:mod:`..game.keys`, :mod:`..game.shortcuts`), the windows over the board
(:mod:`..game.windows.board`), the work off the UI thread (:mod:`..game.advice.background`) and the
autosave (:mod:`..game.keeping`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from ...engine.analysis.review import Review
from ...engine.records.game import GameRecord
from ...engine.words import named
from ..frame.navigation import Context
from ..frame.scene import BoardScene
from ..game.advice.background import BackgroundWork
from ..game.by_code import CodePlay
from ..game.controller import BoardController
from ..game.finale import Finale
from ..game.keeping import Keeper
from ..game.keys import GameKeys
from ..game.mouse import BoardMouse
from ..game.panel import GamePanel
from ..game.players import Session, Table
from ..game.shortcuts import panel_event, press_key
from ..game.view import GameView, HitLayout, Moment, Stage
from ..game.windows.board import BoardWindows
from ..games.installed import view_for
from ..toolkit.language import tr
from ..toolkit.motion import MOVE_SECONDS
from .saving import FileDialogs


class GameScreen(BoardScene):
    """Playing one game of ``session``, from its start or from a saved history; with
    ``review``, the computer's review of that history made earlier (before Practise),
    shown from position ``shown``."""

    def __init__(
        self,
        ctx: Context,
        session: Session,
        record: GameRecord | None = None,
        review: Review | None = None,
        shown: int = 0,
        by_code: CodePlay | None = None,
    ) -> None:
        super().__init__(ctx)
        controller: BoardController[Any] = BoardController(session.start())
        #: The game on the board, as the view is given it: the screen's own is here too.
        self.stage = Stage(session, controller, self.settings, self.confirm_leave, self.restart)
        online = session.online
        self.table: Table = (
            online.seat() if online is not None else Table(session.computer, session.away)
        )
        self.by_code = by_code  # a game by code: one side here, the friend's in codes
        self.view: GameView = view_for(session.game, self.stage)
        self.hit: HitLayout | None = None
        self.panel: GamePanel | None = None
        self._over_dismissed = False
        self.mouse = BoardMouse()
        self.finale = Finale()  # the winning line lit up, before the game-over card
        self.work = BackgroundWork()  # the hint, the computer's review, the tutor
        self.windows = self._windows()
        # The autosave (a game by code's own file), and the games in the statistics.
        self.keeper = Keeper(ctx.files) if by_code is None else by_code.keeper
        self.keys = GameKeys(self, self.focus)  # the board's cursor, typed moves, the ring
        if record is not None:
            controller.history = record.history()
            if controller.history.position.is_over:
                # Looking through a finished game keeps the game in progress for Continue;
                # a change (an undo, say) makes it the game being played.
                self.keeper.mark_kept(controller.history)
                self.review_from_start()
            if review is not None:
                # Back from practice: the review as it was, no analysis again.
                self.work.keep_review(review, controller)
                self._over_dismissed = True  # the card would hide the graph
                controller.show_position(shown)

    @property
    def title(self) -> str:  # type: ignore[override]
        return self.view.title()

    @property
    def session(self) -> Session:
        """The game being played: which, from which set-up, and who plays each side."""
        return self.stage.session

    @property
    def controller(self) -> BoardController[Any]:
        """The board as the player handles it."""
        return self.stage.controller

    # --- building ------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        board, x, inner = self.split(size)
        self.hit = self.layout = self.view.build_board(board)
        self.panel = GamePanel(self.manager, self.view, x, inner, size[1])
        self.windows = self._windows()  # the manager was cleared
        self.table.build(self.manager, self.panel, self)
        self.keys.focus.ring.area = self.panel_rect
        if self.by_code is not None:
            self.by_code.build(self.manager, self.controller)
        self.refresh()

    def _windows(self) -> BoardWindows:
        """No window over the board yet; Save and Open start where the app's last ended."""
        files = FileDialogs(
            self.manager,
            self.open_record,
            self._saved,
            self.ctx.folders(),
            keep_folder=self.ctx.keep_folder,
        )
        x, y, width, height = self.hit.rect if self.hit is not None else (0, 0, *self.window_size)
        return BoardWindows(self.manager, files, (x + width // 2, y + height // 2))

    # --- keeping the panel in step ---------------------------------------------------

    def refresh(self) -> None:
        """Bring the panel in line with the controller."""
        controller = self.controller
        if not controller.history.position.is_over:
            self._over_dismissed = False  # undone: the next ending gets its card again
        show_over = (
            controller.review is None
            and controller.animation is None
            and not self.finale.playing
            and controller.history.position.is_over
            and not self._over_dismissed
            and not self.table.online  # the panel says the result; a rematch is offered
        )
        if self.panel is not None:
            self.panel.refresh(
                controller,
                self.table.turn_text(controller, self.view.turn_text)[0],
                show_over,
                self.work.analysis_state(controller, self.view),
                thinking=self.table.thinking(controller) is not None,
                warning=self.keeper.warning(),
            )
            if self.by_code is not None:
                self.by_code.dress(self.panel)
        controller.changed = False

    # --- input ------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.by_code is not None and self.by_code.handle_event(event):
            return
        if self.windows.handle_event(event) or self.table.handle_event(event):
            return
        if self.view.handle_event(event):
            return
        controller, work = self.controller, self.work
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            picked = work.graph_index_at(self.panel, event.pos)
            if picked is not None:
                controller.show_position(picked)
                return
        if self.mouse.handle_event(event, controller, self.hit, self.why_locked):
            return
        if event.type == pygame.KEYDOWN:
            press_key(event, controller, self, work.analysis.running)
        elif self.panel is not None:
            if (
                event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION
                and event.ui_element is self.panel.move_list
            ):
                work.picked()  # the move's own words, even where the summary was said
            panel_event(event, self.panel, self, controller, work.analysis.result is not None)

    def why_locked(self) -> str:
        """Why the board takes no move now, in the panel's words: the tutor is judging the
        last one, or the computer is to move ("" while it takes one)."""
        return self.table.why_locked(self.controller, self.work.tutor.checking)

    def person_to_move(self) -> bool:
        """Whether a person may move now, in the game itself (not a review of it)."""
        return self.table.person_to_move(self.controller, self.work.tutor.checking)

    def windows_open(self) -> bool:
        """Whether a window is open over the board: a question, a file dialog, the text."""
        return self.windows.is_open or (self.by_code is not None and self.by_code.is_open)

    def handle_keyboard(self, event: pygame.event.Event) -> bool:
        return self.keys.handle_event(event)

    def draw_focus(self, surface: pygame.Surface) -> None:
        self.keys.draw(surface)

    # --- what the shortcuts and the buttons do ------------------------------------------

    def ask_new(self) -> None:
        """New game (N): first asking if a game in progress would be lost."""
        self.confirm_leave(self.start_new, tr("game.ask_new"), tr(self.view.new_label[0]))

    def confirm_leave(self, action: Callable[[], None], question: str, verb: str) -> None:
        """Do ``action``, first asking the player if it would throw away a game in progress."""
        history = self.controller.history
        if history.cursor == 0 or history.position.is_over:
            action()
            return
        self.windows.ask(question, verb, action)

    def to_menu(self) -> None:
        """Esc or Menu: the game stays in the autosave, for the menu's Continue."""
        if self.keeper.failed:
            self.confirm_leave(self.nav.show_menu, tr("game.ask_leave"), tr("game.leave"))
        else:
            self.nav.show_menu()

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

    def restart_online(self, play: Any) -> None:
        """The friend and this side agreed to a rematch: its board, from the start."""
        record = play.session.online.record
        self.restart(Session(record.game, record.setup, {}, online=play), same_table=True)

    def restart(self, session: Session, same_table: bool = False) -> None:
        """Play ``session`` from its start on this screen (``same_table``: the same
        players, such as the friend online)."""
        if not same_table:
            self.table.cancel()
        self.work.restart()
        self.stage.session = session
        self.stage.controller = BoardController(session.start())
        self._over_dismissed = False
        if self.panel is not None:
            self.panel.forget_moves()
        self.view.started()
        self.controller.changed = True

    def review_from_start(self) -> None:
        """Show a finished game from its first position, to step through it."""
        self._over_dismissed = True
        self.controller.show_start()

    def request_hint(self) -> None:
        """H or the Hint button: start looking for the best move (off the UI thread)."""
        self.work.request_hint(self.controller, self.view, self.table)

    def toggle_analysis(self) -> None:
        """A or Analyse: the computer reviews every move, off the UI thread; A or Cancel
        again stops it.  Once the game is reviewed, the same button (Practise)
        offers the mistakes a person played, where the game has a screen for it."""
        if self.by_code is not None and not self.controller.history.position.is_over:
            self.controller.say(tr("code.no_hints"))
            return
        route = self.view.practice_route
        found = self.work.mistakes(self.view) if route else []
        if route and found:
            # Practice's Back returns to this review (see __init__), not a new analysis.
            back = {"session": self.session, "review": self.work.analysis.result}
            self.nav.go(route, mistakes=found, record=self.record(), back=back)
            return
        if self.work.toggle_analysis(self.controller):
            self._over_dismissed = True  # the card would hide the graph

    def show_first_error(self) -> None:
        """Show where the analysed game's first mistake or blunder was made, if it has one."""
        ply = self.work.first_error()
        if ply is not None:
            self.controller.show_position(ply)

    # --- the tutor ----------------------------------------------------------------------

    def watch_moves(self) -> None:
        """With the Tutor setting on, judge each move a person has just played; ask about
        a blunder before the game goes on."""
        if self.table.online:
            return  # no tutor against a friend online: a move sent cannot be taken back alone
        controller = self.controller
        tutor = self.settings.tutor and self.by_code is None  # no help in a game by code
        warning = self.work.watch(controller, tutor, self.session, self.table)
        if warning is not None:
            self.windows.ask_about_blunder(warning, controller)

    # --- saving, opening and keeping ------------------------------------------------------

    def record(self) -> GameRecord:
        """The game so far (undone moves too), as it is saved."""
        return GameRecord.of_history(
            self.controller.history, self.session.setup, self.table.computer.items()
        )

    def ask_save(self) -> None:
        """Ctrl+S or Save: choose a file and save the game there."""
        self.windows.files.ask_save(self.record())

    def ask_open(self) -> None:
        """Ctrl+O or Open: choose a saved game to play instead."""
        self.windows.files.ask_open()

    def _saved(self, path: Path) -> None:
        name = named(path.name)
        self.controller.tell(tr("game.saved", name=name), name)

    def show_text(self) -> None:
        """T or Text: the game as text to copy, or a pasted game to play; in a game by
        code, the code window."""
        if self.by_code is not None:
            self.by_code.show(self.controller)
            return
        self.windows.show_text(self.record().to_text(), self.play_record)

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

    def may_close(self) -> bool:
        """Whether the window may close now; if the newest moves could not be kept, the
        player is asked first (after one more try to keep them)."""
        return self.keeper.may_close(self.controller, self.record, self.windows, self.nav.quit)

    def keep_now(self) -> None:
        """Keep the game as it stands, whatever happened (the app met an error)."""
        if self.table.online:
            return  # the online game's session keeps it, before every move
        self.keeper.keep_now(self.controller, self.record)

    def keep(self) -> None:
        """Keep the game as it stands: in the autosave, and in the statistics once it ends
        (a move the tutor is judging, or asking about, may yet be taken back)."""
        if self.table.online:
            return  # the online game is kept apart, by its session (online.json)
        count = not (self.work.tutor.checking or self.windows.question.is_open)
        self.keeper.keep(self.controller, self.record, self.view.played, count)

    # --- time and drawing ------------------------------------------------------------

    def busy(self) -> bool:
        """Whether the board is not free for the computer's move: the player is at it, a
        window waits for an answer, or the tutor judges the last move."""
        return not self.controller.at_rest() or self.windows.waiting or self.work.tutor.checking

    def update(self, dt: float) -> bool:
        controller = self.controller
        self.work.poll(controller)
        self.windows.update(dt)
        self.view.update(dt)
        controller.animation_time = MOVE_SECONDS * self.settings.animation_factor
        moving = controller.update(dt)
        moving = self.finale.update(dt, controller, self.settings.animation_factor) or moving
        self.watch_moves()
        moving = self.table.update(dt, controller, self.busy()) or moving
        for sound in controller.sounds:
            self.sounds.play(sound)
        controller.sounds.clear()
        if controller.changed:
            self.refresh()
        self.keep()
        if self.by_code is not None:
            self.by_code.update(self.controller)
        return moving

    def moment(self) -> Moment:
        """The player's hand and the marks on the board, as the board shows them now."""
        controller = self.controller
        played, hint = self.work.marks(controller)
        return Moment(
            drag_pos=self.mouse.carried(controller),
            hint=hint,
            show_targets=self.settings.show_legal_moves,
            coordinates=self.settings.coordinates,
            finale=self.finale.progress,
            played=played,
            cursor=self.keys.cursor_cell,
        )

    def draw(self, surface: pygame.Surface) -> None:
        if self.hit is None or self.panel is None:
            return
        self.draw_board_and_backing(surface, self.view, self.moment())
        side = self.table.turn_text(self.controller, self.view.turn_text)[1]
        self.view.draw_panel(surface, self.panel.turn_rect, side)
        self.work.draw_graph(surface, self.panel, self.view, self.controller)

    def leave(self) -> None:
        self.table.cancel()
        self.work.cancel()
        self.view.leave()
        self.keep()

    def settle(self, timeout: float) -> None:
        self.work.settle(timeout)
        self.view.settle(timeout)


__all__ = ["GameScreen"]
