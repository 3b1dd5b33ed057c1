"""The playing screen: the board on the left, the turn, the moves and the buttons on the right.

One scene serves the two-player game (with or without handicap) and the solitaire;
what differs is read from the position type.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ..engine.games.fireice.ai import explain
from ..engine.games.fireice.board import ISLANDS
from ..engine.games.fireice.rules import Color, Move, Position
from ..engine.games.fireice.solitaire import COLOR_NAMES, PEGS_PER_COLOR, SolitairePosition
from ..engine.record import GameRecord
from ..engine.search import search
from ..storage import save_autosave
from .board_view import BoardPicture, pocket_slot
from .controller import BoardController
from .layout import Point
from .saving import FileDialogs, TextWindow, scene_for_record
from .scene import BoardScene, button, button_row
from .worker import Job

if TYPE_CHECKING:
    from .app import App

AnyPosition = Position | SolitairePosition
DRAG_THRESHOLD = 6


KEYS_HEIGHT = 36


def _ease(t: float) -> float:
    return t * t * (3 - 2 * t)


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def pocket_counts(position: AnyPosition) -> tuple[int, int]:
    """What lies in the two pockets: the supplies, or in the solitaire the captured pegs."""
    if isinstance(position, Position):
        return (position.fire_supply, position.ice_supply)
    return (
        PEGS_PER_COLOR - position.fire.bit_count(),
        PEGS_PER_COLOR - position.ice.bit_count(),
    )


class GameScene(BoardScene):
    """Playing one game; ``restart`` makes the start position again (rematch)."""

    new_label = ("New game", "Start again (N)")  # the button's text and tool tip
    looking_for_hint = "Looking for the best move..."
    keys_lines = ("Ctrl+Z undo · Ctrl+Y redo · H hint", "Ctrl+S save · Ctrl+O open · Esc menu")

    def __init__(
        self,
        app: App,
        restart: Callable[[], AnyPosition],
        title: str,
        new_game: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.restart = restart
        self.title = title
        self.new_game = new_game
        self.controller: BoardController[AnyPosition] = BoardController(restart())
        self._shown_moves: object = None  # what the move list shows: (history, changes)
        self.press_pos: tuple[int, int] | None = None
        self.drag_pos: tuple[int, int] | None = None
        self.over_panel: pygame_gui.elements.UIPanel | None = None
        self._shown_message: str | None = None
        self._over_dismissed = False
        self.hint_job: Job[tuple[Move | None, str]] | None = None
        self.hint_position: AnyPosition | None = None  # the position the hint is for
        self.hint: Move | None = None
        self.confirm_dialog: pygame_gui.windows.UIConfirmationDialog | None = None
        self.confirm_action: Callable[[], None] = self.start_new
        self.files = FileDialogs(app.manager, self.open_record, self._saved)
        self.text_window: TextWindow | None = None
        self._autosaved: object = None  # what the autosave holds: (history, changes)
        self.autosave_failed = False

    # --- building ------------------------------------------------------------------

    @property
    def is_solitaire(self) -> bool:
        return isinstance(self.controller.history.positions[0], SolitairePosition)

    def build(self, size: tuple[int, int]) -> None:
        height = size[1]
        x, inner = self.build_board(size)
        m = self.manager
        y = 14
        self.title_label = pygame_gui.elements.UILabel(
            pygame.Rect(x, y, inner, 30), self.title, m, object_id="#message"
        )
        y += 32
        self.turn_rect = pygame.Rect(x, y, inner, 40)
        self.turn_label = pygame_gui.elements.UILabel(
            pygame.Rect(x + 40, y, inner - 40, 40), "", m, object_id="#turn"
        )
        y += 44
        y = self.build_extra(x, y, inner)
        message_height = 84 if inner >= 290 else 108  # three lines, or four when narrow
        self.message_box = pygame_gui.elements.UITextBox(
            "", pygame.Rect(x, y, inner, message_height), m, object_id="#message_box"
        )
        y += message_height + 6
        buttons_height = 4 * 40 + 12 + KEYS_HEIGHT
        list_height = max(60, height - y - buttons_height - 14)
        self.move_list = pygame_gui.elements.UISelectionList(
            pygame.Rect(x, y, inner, list_height), [], m
        )
        y += list_height + 8
        self.undo_button, self.redo_button, self.hint_button = button_row(
            m,
            x,
            y,
            inner,
            (
                ("Undo", "Take back a move (Ctrl+Z)"),
                ("Redo", "Play an undone move again (Ctrl+Y)"),
                ("Hint", "Show the move the strongest computer level would play (H)"),
            ),
        )
        y += 42
        self.new_button, self.menu_button = button_row(
            m, x, y, inner, (self.new_label, ("Menu", "Back to the main menu (Esc)"))
        )
        y += 42
        self.save_button, self.open_file_button, self.text_button = button_row(
            m,
            x,
            y,
            inner,
            (
                ("Save...", "Save this game to a file; .txt saves it as text (Ctrl+S)"),
                ("Open...", "Open a saved game (Ctrl+O)"),
                ("Text...", "The game as text to copy into a message, or paste one to play (T)"),
            ),
        )
        y += 42
        self.present_button = button(
            m, pygame.Rect(x, y, inner, 36), "Back to the game", "Leave review (End)"
        )
        y += 40
        for index, line in enumerate(self.keys_lines):
            pygame_gui.elements.UILabel(
                pygame.Rect(x - 8, y + 17 * index, inner + 16, 18), line, m, object_id="#keys"
            )
        self.over_panel = None
        self.confirm_dialog = None  # the manager was cleared
        self.files = FileDialogs(self.manager, self.open_record, self._saved)
        self.text_window = None
        self._shown_moves = None
        self._shown_message = None
        self.refresh()

    def build_extra(self, x: int, y: int, width: int) -> int:
        """Widgets a variant adds under the turn line; returns the next free ``y``."""
        return y

    # --- keeping the panel in step ---------------------------------------------------

    def _turn_text(self) -> tuple[str, Color | None]:
        controller = self.controller
        position = controller.shown
        if isinstance(position, SolitairePosition):
            if position.is_over:
                return ("Solved!" if position.result == "won" else "No captures left"), None
            if position.to_move is None:
                return "Either colour", None
            return f"{COLOR_NAMES[position.to_move].capitalize()} to move", position.to_move
        winner = position.winner
        if winner is not None:
            return f"{winner.title} wins!", winner
        return f"{position.to_move.title} to move", position.to_move

    def refresh(self) -> None:
        """Bring labels, the move list and the buttons in line with the controller."""
        controller = self.controller
        text, _ = self._turn_text()
        self.turn_label.set_text(text)
        message = controller.message
        if controller.review is not None:
            message = (
                f"Reviewing: position after move {controller.review} of "
                f"{controller.history.cursor}. Return to the game to play on."
                if controller.review
                else "Reviewing the start position. Return to the game to play on."
            )
        elif not message:
            message = self._hint_text()
        if message != self._shown_message:
            self.message_box.set_text(html.escape(message))
            self._shown_message = message
        moves = controller.history.played
        # Not the number of moves: an undo and a new move may come in the same frame.
        shown = (id(controller.history), controller.history.changes)
        if shown != self._shown_moves:
            names = [self._move_label(i, move) for i, move in enumerate(moves)]
            self.move_list.set_item_list(names)
            self._shown_moves = shown
            if self.move_list.scroll_bar is not None:  # keep the latest move in sight
                self.move_list.scroll_bar.set_scroll_from_start_percentage(1.0)
        self.undo_button.enable() if controller.history.can_undo else self.undo_button.disable()
        self.redo_button.enable() if controller.history.can_redo else self.redo_button.disable()
        if controller.review is None:
            self.present_button.hide()
            self._clear_list_selection()
        else:
            self.present_button.show()
        self._update_over_panel()
        controller.changed = False

    def _clear_list_selection(self) -> None:
        """Unmark the move list's entry, so the same move can be clicked again later."""
        for item in self.move_list.item_list:
            if item["selected"]:
                item["selected"] = False
                if item["button_element"] is not None:
                    item["button_element"].unselect()

    def _move_label(self, index: int, move: Move) -> str:
        positions = self.controller.history.positions
        position, after = positions[index], positions[index + 1]
        mover = position.color_at(move.src)
        name = position.side_name(mover).capitalize() if mover is not None else ""
        label = f"  {index + 1}. {name} {move}"  # a little room from the list's edge
        if mover is not None and after.to_move == mover and not after.is_over:
            label += f" ({position.side_name(mover.other)} passes)"
        return label

    def _hint_text(self) -> str:
        position = self.controller.history.position
        if position.is_over:
            return ""
        if self.controller.selected is not None:
            return "Click a marked hole, or drag the peg there. Esc puts it back."
        if isinstance(position, SolitairePosition):
            return "Pick up a peg that can capture one of the other colour."
        return "Click one of your pegs to pick it up."

    def _update_over_panel(self) -> None:
        controller = self.controller
        if not controller.history.position.is_over:
            self._over_dismissed = False  # undone: the next ending gets its card again
        show = (
            controller.review is None
            and controller.animation is None
            and controller.history.position.is_over
            and not self._over_dismissed
        )
        if not show:
            if self.over_panel is not None:
                self.over_panel.kill()
                self.over_panel = None
            return
        if self.over_panel is not None or self.layout is None:
            return
        # In the side panel, over the message and the list: the board stays in full view.
        box = self.message_box.relative_rect
        rect = pygame.Rect(box.x - 4, box.bottom + 6, box.width + 8, 208)
        m = self.manager
        panel = pygame_gui.elements.UIPanel(rect, starting_height=5, manager=m, object_id="#panel")
        headline, detail = self._result_text()
        inner = rect.width - 24
        pygame_gui.elements.UILabel(
            pygame.Rect(10, 8, inner, 40), headline, m, container=panel, object_id="#turn"
        )
        pygame_gui.elements.UITextBox(
            html.escape(detail),
            pygame.Rect(6, 46, inner + 8, 60),
            m,
            container=panel,
            object_id="#over_detail",
        )
        half = (inner - 8) // 2
        self.over_new = button(m, pygame.Rect(10, 110, half, 38), *self.new_label, container=panel)
        self.over_rematch = button(
            m,
            pygame.Rect(18 + half, 110, half, 38),
            "Rematch" if not self.is_solitaire else "Restart",
            "The same set-up again",
            container=panel,
        )
        self.over_review = button(
            m,
            pygame.Rect(10, 154, inner, 38),
            "Review the game",
            "Step through the moves from the start",
            container=panel,
        )
        self.over_panel = panel

    def _result_text(self) -> tuple[str, str]:
        position = self.controller.history.position
        if isinstance(position, SolitairePosition):
            if position.result == "won":
                return "Solved!", "One peg left: a perfect clear."
            return (
                "No captures left",
                f"{position.pegs_left} pegs remain. Undo or restart to try again.",
            )
        won = position.winning_line()
        winner = position.winner
        assert winner is not None
        if won is None:
            return f"{winner.title} wins!", f"{position.to_move.title} has no legal move."
        islands = ", ".join(ISLANDS[i] for i in won[1][:2]) + f" and {ISLANDS[won[1][2]]}"
        return f"{winner.title} wins!", f"Three islands in a line: {islands}."

    # --- input ------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self._windows_event(event):
            return
        controller = self.controller
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.on_board(event.pos):
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
            and event.ui_element is self.move_list
        ):
            index = self._selected_index()
            if index is not None:
                controller.show_move(index)

    def _selected_index(self) -> int | None:
        for index, item in enumerate(self.move_list.item_list):
            if item["selected"]:
                return index
        return None

    def _key(self, event: pygame.event.Event) -> None:
        controller = self.controller
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if event.key == pygame.K_ESCAPE:
            if controller.selected is not None:
                controller.put_back()
            elif controller.review is not None:
                controller.leave_review()
            else:
                self.to_menu()
        elif ctrl and event.key == pygame.K_s:
            self.ask_save()
        elif ctrl and event.key == pygame.K_o:
            self.files.ask_open()
        elif event.key == pygame.K_t and not ctrl:
            self.show_text()
        elif ctrl and event.key == pygame.K_z:
            if event.mod & pygame.KMOD_SHIFT:
                self.redo()
            else:
                self.undo()
        elif ctrl and event.key == pygame.K_y:
            self.redo()
        elif event.key == pygame.K_h and not ctrl:
            self.request_hint()
        elif event.key == pygame.K_n and not ctrl:
            self.confirm_leave(self.start_new, "Start a new game?", self.new_label[0])
        elif event.key == pygame.K_LEFT:
            if controller.review is None:
                controller.show_move(controller.history.cursor - 2)
            elif controller.review > 0:
                controller.show_move(controller.review - 2)
        elif event.key == pygame.K_RIGHT and controller.review is not None:
            controller.show_move(controller.review)
        elif event.key == pygame.K_END:
            controller.leave_review()

    def _button(self, element: object) -> None:
        controller = self.controller
        if element is self.undo_button:
            self.undo()
        elif element is self.redo_button:
            self.redo()
        elif element is self.new_button or element is getattr(self, "over_new", None):
            self.confirm_leave(self.start_new, "Start a new game?", self.new_label[0])
        elif element is self.menu_button:
            self.to_menu()
        elif element is self.save_button:
            self.ask_save()
        elif element is self.open_file_button:
            self.files.ask_open()
        elif element is self.text_button:
            self.show_text()
        elif element is self.present_button:
            controller.leave_review()
        elif element is self.hint_button:
            self.request_hint()
        elif element is getattr(self, "over_rematch", None):
            self.rematch()
        elif element is getattr(self, "over_review", None):
            self.review_from_start()

    def confirm_leave(self, action: Callable[[], None], question: str, verb: str) -> None:
        """Do ``action``, first asking the player if it would throw away a game in progress."""
        history = self.controller.history
        if history.cursor == 0 or history.position.is_over:
            action()
            return
        if self.confirm_dialog is not None:
            self.confirm_dialog.kill()
        width = min(380, self.app.size[0] - 40)
        rect = pygame.Rect(0, 0, width, 170)
        board = self.layout.rect if self.layout is not None else (0, 0, *self.app.size)
        rect.center = (board[0] + board[2] // 2, board[1] + board[3] // 2)
        self.confirm_dialog = pygame_gui.windows.UIConfirmationDialog(
            rect,
            f"{html.escape(question)} The moves played so far will be lost.",
            self.manager,
            window_title=question.rstrip("?"),
            action_short_name=verb,
            blocking=True,
        )
        self.confirm_action = action

    def to_menu(self) -> None:
        """Esc or Menu: the game stays in the autosave, for the menu's Continue."""
        if self.autosave_failed:
            self.confirm_leave(self.app.show_menu, "Leave this game for the menu?", "Leave")
        else:
            self.app.show_menu()

    def _windows_event(self, event: pygame.event.Event) -> bool:
        """Events for the open windows: the file dialogs, the text window, a question."""
        if self.files.handle_event(event):
            return True
        if self.text_window is not None and self.text_window.handle_event(event):
            return True
        return self._dialog_event(event)

    def _dialog_event(self, event: pygame.event.Event) -> bool:
        """Answers to the open confirmation dialog (Enter confirms, Esc cancels)."""
        dialog = self.confirm_dialog
        if dialog is None:
            return False
        # The dialog closes itself as its confirm button is clicked, before its event comes,
        # so the reference is kept until the answer arrives.
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if (
            event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is dialog
        ) or (enter and dialog.alive()):
            dialog.kill()
            self.confirm_dialog = None
            self.confirm_action()
            return True
        if not dialog.alive():
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                dialog.kill()
            return True  # no shortcuts while the question is open
        return False

    def undo(self) -> None:
        """Ctrl+Z or Undo: take back a move."""
        self.controller.undo()

    def redo(self) -> None:
        """Ctrl+Y or Redo: play an undone move again."""
        self.controller.redo()

    # --- saving and opening -----------------------------------------------------------

    def record(self) -> GameRecord:
        """The game so far (undone moves too), as it is saved."""
        return GameRecord.of_history(self.controller.history)

    def ask_save(self) -> None:
        """Ctrl+S or Save: choose a file and save the game there."""
        self.files.ask_save(self.record())

    def _saved(self, path: object) -> None:
        self.controller.say(f"Saved to {path}.")

    def show_text(self) -> None:
        """T or Text: the game as text to copy, or a pasted game to play."""
        if self.text_window is not None:
            self.text_window.close()
        self.text_window = TextWindow(self.manager, self.record().to_text(), self.play_record)

    def open_record(self, record: GameRecord, path: object = None) -> None:
        """Replace this game by ``record`` (asking first if a game is in progress)."""
        name = getattr(path, "name", None)
        question = f"Open {name}?" if name else "Play the pasted game?"
        self.confirm_leave(
            lambda: self.app.switch(scene_for_record(self.app, record)), question, "Open"
        )

    def play_record(self, record: GameRecord) -> None:
        """Play on from a game pasted as text."""
        if record == replace(self.record(), undone=()):
            self.controller.say("That is the game on the board already.")
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
        self.autosave_failed = not save_autosave(self.record())

    def mark_autosaved(self) -> None:
        """Take the game as it stands for saved: only a change will write the autosave."""
        self._autosaved = self._autosave_state()

    def review_from_start(self) -> None:
        """Show a finished game from its first position, to step through it."""
        self._over_dismissed = True
        self.controller.show_start()

    # --- hints ------------------------------------------------------------------------

    def hint_work(self) -> Callable[[Callable[[], bool]], tuple[Move | None, str]]:
        """The background work behind a hint: the move to mark (if any) and what to say."""
        position = self.controller.history.position
        assert not isinstance(position, SolitairePosition)  # the solitaire asks its solver

        def work(stop: Callable[[], bool]) -> tuple[Move | None, str]:
            move = search(position, "expert", 0, stop).move
            reason = explain(position, move)
            return move, f"Hint: {move}" + (f", which {reason}." if reason else ".")

        return work

    def request_hint(self) -> None:
        """H or the Hint button: start looking for the best move (off the UI thread)."""
        if not self.hint_button.visible:
            return
        controller = self.controller
        position = controller.history.position
        if controller.review is not None:
            controller.leave_review()  # a hint is for the game being played
        if position.is_over:
            controller.say("The game is over: there is nothing left to hint at.")
        elif self.hint_job is None or self.hint_position != position:
            self.cancel_hint()
            self.hint_position = position
            self.hint_job = Job(self.hint_work())
            controller.say(self.looking_for_hint)

    def cancel_hint(self) -> None:
        """Forget the hint and stop any search for one."""
        if self.hint_job is not None:
            self.hint_job.cancel()
        self.hint_job = None
        self.hint = None

    def _poll_hint(self) -> None:
        job = self.hint_job
        current = self.controller.history.position
        if self.hint_position != current:
            if job is not None or self.hint is not None:
                self.cancel_hint()
            return
        if job is None or not job.done:
            return
        self.hint_job = None
        if job.error is not None:
            self.controller.say(f"No hint this time: {job.error}")
        elif job.result is not None:
            self.hint, text = job.result
            self.controller.say(text)

    def leave(self) -> None:
        self.cancel_hint()
        self.autosave()

    def settle(self, timeout: float) -> None:
        if self.hint_job is not None:
            self.hint_job.wait(timeout)

    def start_new(self) -> None:
        """A new game: the set-up screen for handicap games, else a fresh board."""
        if self.new_game is not None:
            self.new_game()
        else:
            self.rematch()

    def rematch(self) -> None:
        """The same set-up again."""
        self.controller = BoardController(self.restart())
        self._over_dismissed = False
        self._shown_moves = None
        self.controller.changed = True

    # --- geometry ---------------------------------------------------------------------

    def _hole_at(self, pos: tuple[int, int]) -> int | None:
        return self.layout.hole_at(pos) if self.layout is not None else None

    # --- time and drawing ------------------------------------------------------------

    def update(self, dt: float) -> bool:
        controller = self.controller
        self._poll_hint()
        controller.animation_time = 0.45 * self.app.settings.animation_factor
        moving = controller.update(dt)
        for sound in controller.sounds:
            self.app.sounds.play(sound)
        controller.sounds.clear()
        if controller.changed:
            self.refresh()
        self.autosave()
        return moving

    def picture(self) -> BoardPicture:
        """What the board shows now: a function of the controller's state."""
        controller = self.controller
        assert self.layout is not None
        position = controller.shown
        won = position.winning_line() if isinstance(position, Position) else None
        last = controller.last_move
        settings = self.app.settings
        picture = BoardPicture(
            fire=position.fire,
            ice=position.ice,
            supplies=pocket_counts(position),
            selected=controller.selected,
            targets=controller.targets if settings.show_legal_moves else 0,
            last_move=(last.src, last.dst) if last else None,
            winning_islands=won[1] if won else None,
            winner=won[0] if won else None,
            show_control=isinstance(position, Position),
            hint=(
                (self.hint.src, self.hint.dst)
                if self.hint is not None
                and controller.review is None
                and controller.selected is None
                and controller.animation is None
                else None
            ),
        )
        holes = self.layout.holes
        if controller.selected is not None and self.drag_pos is not None:
            color = position.color_at(controller.selected)
            assert color is not None
            return replace(
                picture, hidden=1 << controller.selected, floating=((color, self.drag_pos, True),)
            )
        animation = controller.animation
        if animation is None or controller.review is not None:
            return picture
        # The moving peg travels first; then, in the two-player game, the opponent's peg
        # drops from its pocket into the hole left behind, or in the solitaire the
        # captured peg goes to its colour's pocket.
        src, dst = animation.move
        before, after = animation.before, animation.after
        mover = before.color_at(src)
        assert mover is not None
        travel = 0.62
        p = animation.progress
        floating: tuple[tuple[Color, Point, bool], ...] = ()
        if p < travel:
            base = before
            hidden = 1 << src
            t = _ease(p / travel)
            floating = ((mover, _lerp(holes[src], holes[dst], t), True),)
        else:
            base = after
            t = _ease((p - travel) / (1 - travel))
            if isinstance(before, Position):
                hidden = 1 << src
                dropped = after.color_at(src)
                if dropped is not None:
                    slot = pocket_slot(self.layout, dropped, before.supply(dropped) - 1)
                    floating = ((dropped, _lerp(slot, holes[src], t), t < 0.85),)
            else:
                hidden = 0
                captured = mover.other
                counts = pocket_counts(before)
                assert counts is not None
                slot = pocket_slot(self.layout, captured, counts[captured.value])
                floating = ((captured, _lerp(holes[dst], slot, t), True),)
                return replace(
                    picture,
                    fire=after.fire,
                    ice=after.ice,
                    supplies=counts,
                    floating=floating,
                    targets=0,
                    selected=None,
                )
        return replace(
            picture,
            fire=base.fire,
            ice=base.ice,
            supplies=pocket_counts(base),
            hidden=hidden,
            floating=floating,
            targets=0,
            selected=None,
            winning_islands=None,
            winner=None,
        )

    def draw(self, surface: pygame.Surface) -> None:
        if self.layout is None:
            return
        self.draw_board_and_panel(surface, self.picture())
        self._draw_turn_icon(surface)

    def _draw_turn_icon(self, surface: pygame.Surface) -> None:
        _, color = self._turn_text()
        if color is not None and self.art is not None:
            sprite = self.art.pegs[color]
            icon = pygame.transform.smoothscale(sprite, (30, 30))
            surface.blit(icon, (self.turn_rect.x, self.turn_rect.y + 5))
        elif self.is_solitaire and self.art is not None:
            for k, c in enumerate(Color):
                icon = pygame.transform.smoothscale(self.art.pegs[c], (22, 22))
                surface.blit(icon, (self.turn_rect.x + k * 12, self.turn_rect.y + 9))
