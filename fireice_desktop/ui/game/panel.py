"""The game screen's side panel: title, whose turn, messages, the moves, the buttons and
the game-over card, kept in step with the board controller.

Stepping through an analysed game (to its end, once it is over), the panel is laid out
for the review: the message box as high as the longest of the review's words needs, the
graph with its summary lines, and the moves with a few lines in sight at least; where the
window is too low for all that beside the game's buttons, the rows the review does
without (Undo, Redo, Hint; Save, Open, Text; the keys' lines: their shortcuts still
work) give it their room.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from ..frame.scene import button, button_row
from ..toolkit.language import side_name, tr
from ..toolkit.scaling import px
from ..toolkit.text import file_name_html, shown
from .controller import BoardController
from .over_card import build_over_card
from .panel_widgets import MoveList, ProgressBar, fit_label, text_height
from .view import GameView

KEYS_HEIGHT = 36
#: The review's step buttons under the moves: (the mark on it, its name), and their row.
STEPS = (("«", "to_start"), ("\u2039", "step_back"), ("\u203a", "step_on"), ("»", "to_present"))
STEPS_HEIGHT = 28
#: The room the evaluation graph and its summary lines take above the moves.
GRAPH_HEIGHT = 118
SUMMARY_HEIGHT = 44  # the two summary lines under the graph, and the gaps
LIST_KEPT = 100  # the height the moves keep beside the graph and its summary
#: The room of a lower graph and its summary lines, in a review where the panel is short.
GRAPH_LOW = 92
#: The moves a review keeps in sight at least (with the list's edges).
REVIEW_LINES = 5
#: The colour of a warning in the message box (the game not being kept): a warm orange
#: that reads on the panel's dark wood.
WARNING_COLOUR = "#FFA060"
LIST_LEAST = 54  # the least they keep (two moves) beside the graph alone, in a crowded panel


@dataclass(frozen=True)
class AnalysisState:
    """What the panel shows of the computer's review."""

    progress: tuple[int, int] | None = None  # positions done and in all, while it runs
    graph: bool = False  # a review is there: the graph takes the top of the moves' room
    marks: tuple[str, ...] = ()  # each move's mark: "", "?!", "?", "??"
    message: str = ""  # what the message box says of the review, if anything
    focus: int | None = None  # the move the message is about: marked and scrolled to
    practice: bool = False  # the review found mistakes a person may practise
    #: Every message the review may show while stepping through it (the message box is
    #: made high enough for the longest).
    texts: tuple[str, ...] = ()


class GamePanel:
    """The widgets of the panel at ``x`` (``width`` wide), built once per window size."""

    def __init__(
        self, manager: pygame_gui.UIManager, view: GameView, x: int, width: int, height: int
    ) -> None:
        m = self.manager = manager
        self.view = view
        y = px(14)
        self.title_label = pygame_gui.elements.UILabel(
            pygame.Rect(x, y, width, px(30)), "", m, object_id="#message"
        )
        self._fit_title(view.title())
        y += px(32)
        self.turn_rect = pygame.Rect(x, y, width, px(40))
        self.turn_label = pygame_gui.elements.UILabel(
            pygame.Rect(x + px(40), y, width - px(40), px(40)), "", m, object_id="#turn"
        )
        y += px(44)
        y = view.build_extra(m, x, y, width)
        # Three lines, or four when narrow.
        message_height = px(84) if width >= px(290) else px(108)
        self._x, self._width, self._height = x, width, height
        self._message_top, self._message_height = y, message_height
        self.message_box = pygame_gui.elements.UITextBox(
            "", pygame.Rect(x, y, width, message_height), m, object_id="#message_box"
        )
        y += message_height + px(6)
        buttons_height = px(4 * 40 + 12 + KEYS_HEIGHT + STEPS_HEIGHT)
        # The list keeps two lines at least (the solitaire's panel in the smallest window).
        list_height = max(px(52), height - y - buttons_height - px(14))
        self.list_rect = pygame.Rect(x, y, width, list_height)
        self.move_list = MoveList(self.list_rect.copy(), [], m)
        # While an analysis runs: its progress, over the foot of the message box.
        self.progress_bar = ProgressBar(
            pygame.Rect(x + px(6), y - px(30), width - px(12), px(20)),
            m,
            object_id="#analysis_progress",
        )
        self.progress_bar.hide()
        self.graph_rect: pygame.Rect | None = None  # the evaluation graph, when shown
        self.graph_summary = False  # whether the summary lines fit under it
        y += list_height + px(4)
        # Review's steps through the moves: the start, one back, one on, the present.
        self.step_buttons = button_row(
            m,
            x,
            y,
            width,
            [(mark, tr(f"panel.{name}_tip")) for mark, name in STEPS],
            height=px(STEPS_HEIGHT - 4),
        )
        y += px(STEPS_HEIGHT + 4)
        self.undo_button, self.redo_button, self.hint_button = button_row(
            m,
            x,
            y,
            width,
            (
                (tr("panel.undo"), tr("panel.undo_tip")),
                (tr("panel.redo"), tr("panel.redo_tip")),
                (tr("panel.hint"), tr(view.hint_tip)),
            ),
        )
        y += px(42)
        self.new_button, self.menu_button = button_row(
            m,
            x,
            y,
            width,
            (
                (tr(view.new_label[0]), tr(view.new_label[1])),
                (tr("panel.menu"), tr("settings.back_tip")),
            ),
        )
        y += px(42)
        self.save_button, self.open_file_button, self.text_button = button_row(
            m,
            x,
            y,
            width,
            (
                (tr("panel.save"), tr("panel.save_tip")),
                (tr("panel.open"), tr("panel.open_tip")),
                (tr("panel.text"), tr("panel.text_tip")),
            ),
        )
        y += px(42)
        left = width * 2 // 5
        self.analyse_button = button(
            m,
            pygame.Rect(x, y, left - px(4), px(36)),
            tr("panel.analyse"),
            tr("panel.analyse_tip"),
        )
        self.present_button = button(
            m,
            pygame.Rect(x + left + px(4), y, width - left - px(4), px(36)),
            tr("panel.back_to_game"),
            tr("panel.back_to_game_tip"),
        )
        y += px(40)
        keys = [
            pygame_gui.elements.UILabel(
                pygame.Rect(x - px(8), y + px(17) * index, width + px(16), px(18)),
                tr(line),
                m,
                object_id="#keys",
            )
            for index, line in enumerate(view.keys_lines)
        ]
        #: The rows a review in a low window does without, and those it keeps (moved down).
        self.game_rows: list[Any] = [
            self.undo_button,
            self.redo_button,
            self.hint_button,
            self.save_button,
            self.open_file_button,
            self.text_button,
            *keys,
        ]
        self._kept_rows: list[tuple[list[Any], int]] = [
            (self.step_buttons, px(STEPS_HEIGHT + 4)),
            ([self.new_button, self.menu_button], px(42)),
            ([self.analyse_button, self.present_button], px(40)),
        ]
        self._rows_y = [int(row[0].relative_rect.y) for row, _ in self._kept_rows]
        self._full_list = self.list_rect.copy()
        #: How the panel is laid out: for a review or not, its rows folded or not, and the
        #: message box's height.
        self._laid_out: tuple[bool, bool, int] = (False, False, message_height)
        self._needs: tuple[tuple[str, ...], int] = ((), 0)  # the texts measured, and the height
        self._graph_for: tuple[object, ...] | None = None
        self.over_panel: pygame_gui.elements.UIPanel | None = None
        self.over_new: object = None
        self.over_rematch: object = None
        self.over_review: object = None
        self.over_analyse: object = None
        self._shown_moves: object = None  # what the move list shows: (history, changes, marks)
        self._shown_message: tuple[str, str] | None = None  # (warning, message)
        self._shown_title = view.title()
        #: The move marked in the list, or "start" or None: none, the first or the latest
        #: moves in sight.
        self._focus: int | str | None = None

    # --- keeping in step ---------------------------------------------------------------

    def message(self, controller: BoardController[Any], thinking: bool = False) -> str:
        """What the message box says now: the review, the controller's news, or a tip
        (none that asks for a click while the computer is ``thinking``)."""
        if controller.review is not None:
            if controller.review:
                return tr(
                    "panel.reviewing", move=controller.review, total=controller.history.cursor
                )
            return tr("panel.reviewing_start")
        if controller.message:
            return controller.message
        if thinking:
            return tr("panel.computer_moving")
        return self.view.idle_hint(controller.history.position, controller.selected)

    def _fit_turn(self, text: str) -> None:
        """Say whose turn it is, in smaller letters when the words are too long for the
        panel in the usual ones (Italian's "Muove Ghiaccio" on the narrowest)."""
        fit_label(self.turn_label, text, "#turn", "#turn_small")

    def _fit_title(self, text: str) -> None:
        """The game's title, in smaller letters when it is too long for the panel in the
        usual ones (Italian's "Handicap: 1 pedina in più al Ghiaccio" on the narrowest)."""
        fit_label(self.title_label, text, "#message", "#message_small")

    def refresh(
        self,
        controller: BoardController[Any],
        turn_text: str,
        show_over: bool,
        analysis: AnalysisState | None = None,
        thinking: bool = False,
        warning: str = "",
    ) -> None:
        """Bring labels, the move list, the buttons and the game-over card in line
        (``thinking``: the computer is choosing a move; ``warning``: a line kept above
        the messages, such as the game not being kept)."""
        analysis = analysis or AnalysisState()
        # The layout first: it may resize the message box and rebuild the list.  A review
        # goes on to the end of a finished game; an unfinished one is played on there.
        history = controller.history
        reviewing = (
            analysis.graph
            and (controller.review is not None or history.position.is_over)
            and not show_over
        )
        self.lay_out(reviewing, analysis.texts)
        self.set_graph(analysis.graph)
        notice = controller.notice
        message = notice or analysis.message or self.message(controller, thinking)
        title = self.view.title()
        if title != self._shown_title:
            self._fit_title(title)
            self._shown_title = title
        if turn_text != self.turn_label.text:
            self._fit_turn(turn_text)
        if (warning, message) != self._shown_message:
            text = html.escape(shown(message))
            name = controller.notice_name if notice else ""
            if name:  # a file's name, written as file names are
                text = text.replace(html.escape(shown(name)), file_name_html(name), 1)
            if warning:
                warned = f"<b>{html.escape(shown(warning))}</b>"
                text = f"<font color={WARNING_COLOUR}>{warned}</font><br>{text}"
            self.message_box.set_text(text)
            self._shown_message = (warning, message)
        # Not the number of moves: an undo and a new move may come in the same frame.
        listed = (id(history), history.changes, analysis.marks)
        if listed != self._shown_moves:
            names = [
                self.move_label(controller, i, move, analysis.marks)
                for i, move in enumerate(history.played)
            ]
            self.move_list.show_latest(names)
            self._shown_moves = listed
            self._focus = None  # the new list has no move marked, its latest in sight
        self.undo_button.enable() if history.can_undo else self.undo_button.disable()
        self.redo_button.enable() if history.can_redo else self.redo_button.disable()
        if controller.review is None:
            self.present_button.hide()
            self.clear_list_selection()
        else:
            self.present_button.show()
        self._show_steps(controller, show_over)
        self._show_analysis(controller, analysis, show_over)
        # The move the board is about: in an analysed game the one judged (played from the
        # position shown), else the one that led to it; marked and kept in sight.
        # None marked: at the start its first moves are in sight, else its latest.
        focus: int | str | None = analysis.focus
        if focus is None and controller.review is not None:
            focus = controller.review - 1 if controller.review else "start"
        if focus != self._focus:
            if isinstance(focus, int):
                self.focus_move(focus)
            else:
                self.clear_list_selection()
                self.move_list.scroll_to(0 if focus else len(self.move_list.item_list) - 1)
        self._focus = focus
        self.show_over_card(controller, show_over)

    def _show_steps(self, controller: BoardController[Any], over_card: bool) -> None:
        """The step buttons, each enabled where it leads somewhere (hidden under the
        game-over card, which offers Review)."""
        shown = controller.review if controller.review is not None else controller.history.cursor
        back = shown > 0
        on = controller.review is not None
        for button_, enabled in zip(self.step_buttons, (back, back, on, on), strict=True):
            button_.enable() if enabled else button_.disable()
            button_.hide() if over_card else button_.show()

    def focus_move(self, index: int) -> None:
        """Mark move ``index`` in the list and scroll it into sight."""
        items = self.move_list.item_list
        if not 0 <= index < len(items):
            return
        self.clear_list_selection()
        items[index]["selected"] = True
        if items[index]["button_element"] is not None:
            items[index]["button_element"].select()
        self.move_list.scroll_to(index)
        if items[index]["button_element"] is not None:
            items[index]["button_element"].select()

    def _show_analysis(
        self, controller: BoardController[Any], analysis: AnalysisState, over_card: bool
    ) -> None:
        """The Analyse (or Cancel) button, and the progress bar."""
        button_ = self.analyse_button
        offered = (
            bool(controller.history.moves)
            and not over_card  # the card has its own
            and (controller.review is not None or controller.history.position.is_over)
        )
        if analysis.progress is not None:
            button_.set_text(tr("panel.cancel"))
            button_.show()
            done, total = analysis.progress
            self.progress_bar.show()
            self.progress_bar.show_counts(done, total)
        elif analysis.graph and analysis.practice:
            # Reviewed: the same button offers the mistakes to practise.
            button_.set_text(tr("panel.practise"))
            button_.set_tooltip(tr("panel.practise_tip"))
            button_.show() if offered else button_.hide()
            self.progress_bar.hide()
        else:
            button_.set_text(tr("panel.analyse"))
            button_.set_tooltip(tr("panel.analyse_tip"))
            button_.show() if offered and not analysis.graph else button_.hide()
            self.progress_bar.hide()

    def set_graph(self, shown: bool) -> None:
        """Make room for the evaluation graph above the moves, or give it back to them."""
        rect = self.list_rect
        reviewing = self._laid_out[0]
        wanted = (shown, reviewing, (rect.x, rect.y, rect.width, rect.height))
        if wanted == self._graph_for:
            return
        self._graph_for = wanted
        if shown:
            # The graph, and its summary lines when there is room for both and the moves;
            # in a review, a lower graph keeps them beside a few moves.
            lines = self._review_lines()
            room = min(px(80), rect.height - px(LIST_LEAST))
            self.graph_summary = True
            if rect.height >= px(GRAPH_HEIGHT) + (lines if reviewing else px(LIST_KEPT)):
                room = px(GRAPH_HEIGHT)
            elif reviewing and rect.height >= px(GRAPH_LOW) + lines:
                room = px(GRAPH_LOW)
            else:
                self.graph_summary = False
            graph = room - (px(SUMMARY_HEIGHT) if self.graph_summary else px(8))
            self.graph_rect = pygame.Rect(rect.x, rect.y, rect.width, max(px(36), graph))
            self.move_list.set_relative_position((rect.x, rect.y + room))
            self.move_list.set_dimensions((rect.width, rect.height - room))
        else:
            self.graph_rect = None
            self.move_list.set_relative_position(rect.topleft)
            self.move_list.set_dimensions(rect.size)
        self._shown_moves = None  # the list was rebuilt: fill it again
        self._focus = None  # and its move marked again

    def _review_lines(self) -> int:
        """The height of the moves a review keeps in sight at least."""
        return REVIEW_LINES * int(self.move_list.list_item_height) + px(4)

    # --- the review's layout ------------------------------------------------------------

    def lay_out(self, reviewing: bool, texts: tuple[str, ...]) -> None:
        """The panel laid out for stepping through an analysed game (``reviewing``), or for
        playing: in a review the message box holds the longest of ``texts`` whole, and
        where the moves would then have too few lines in sight beside the graph, the rows
        the review does without are folded away and their room given to the moves."""
        message = self._message_height
        folded = False
        if reviewing:
            message = max(message, self._needed(texts))
            beside = self._full_list.bottom - (self._message_top + message + px(6))
            if beside < px(GRAPH_LOW) + self._review_lines():
                folded = True
                # The message takes what the graph and the moves leave it, at most.
                room = self._folded_list_bottom() - self._message_top - px(6)
                most = room - px(GRAPH_LOW) - self._review_lines()
                message = max(self._message_height, min(message, most))
        laid_out = (reviewing, folded, message)
        if laid_out == self._laid_out:
            return
        if message != self._laid_out[2]:
            self.message_box.set_dimensions((self._width, message))
            self._shown_message = None  # the box was rebuilt: its words set again
        if folded != self._laid_out[1]:
            for element in self.game_rows:
                element.hide() if folded else element.show()
            y = self._folded_list_bottom() + px(4)
            for (row, step), full in zip(self._kept_rows, self._rows_y, strict=True):
                for element in row:
                    element.set_relative_position((element.relative_rect.x, y if folded else full))
                y += step
        self._laid_out = laid_out
        bottom = self._folded_list_bottom() if folded else self._full_list.bottom
        list_top = self._message_top + message + px(6)
        self.list_rect = pygame.Rect(self._x, list_top, self._width, bottom - list_top)

    def _folded_list_bottom(self) -> int:
        """Where the moves end with the review's rows only at the foot of the panel: the
        steps, New game and Menu, Practise and Back to the game."""
        rows = sum(step for _, step in self._kept_rows) - px(4)  # the last row's gap
        return self._height - px(14) - rows - px(4)

    def _needed(self, texts: tuple[str, ...]) -> int:
        """The height the message box needs for the longest of ``texts`` (measured once
        for each set of them)."""
        if self._needs[0] != texts:
            box = self.message_box
            height = max((text_height(box, html.escape(shown(t))) for t in texts), default=0)
            self._needs = (texts, height)
        return self._needs[1]

    def forget_moves(self) -> None:
        """Rebuild the move list at the next refresh (a new game on the screen)."""
        self._shown_moves = None

    @staticmethod
    def move_label(
        controller: BoardController[Any], index: int, move: Any, marks: tuple[str, ...] = ()
    ) -> str:
        """A line of the move list: "12. Fire D4-C4", with a pass said where one came and
        the analysis' mark ("?!", "?", "??") once the game has been analysed."""
        positions = controller.history.positions
        position, after = positions[index], positions[index + 1]
        mover = position.color_at(move.src)
        game = position.game
        name = side_name(mover, game) if mover is not None else ""
        mark = marks[index] if index < len(marks) else ""
        label = f"  {index + 1}. {name} {move}{mark}"  # a little room from the list's edge
        if mover is not None and after.to_move == mover and not after.is_over:
            label += " " + tr("panel.passes", side=side_name(mover.other, game))
        return label

    def clear_list_selection(self) -> None:
        """Unmark the move list's entry, so the same move can be clicked again later."""
        for item in self.move_list.item_list:
            if item["selected"]:
                item["selected"] = False
                if item["button_element"] is not None:
                    item["button_element"].unselect()

    def selected_index(self) -> int | None:
        """The move picked in the list, if one is."""
        for index, item in enumerate(self.move_list.item_list):
            if item["selected"]:
                return index
        return None

    # --- the game-over card ------------------------------------------------------------

    def show_over_card(self, controller: BoardController[Any], show: bool) -> None:
        """The card over the message and the list when the game has ended
        (:mod:`.over_card`)."""
        if not show:
            if self.over_panel is not None:
                self.over_panel.kill()
                self.over_panel = None
            return
        if self.over_panel is not None:
            return
        card = build_over_card(
            self.manager, self.view, self.message_box.relative_rect, controller.history.position
        )
        self.over_new = card.new
        self.over_rematch = card.rematch
        self.over_review = card.review
        self.over_analyse = card.analyse
        self.over_panel = card.panel


__all__ = ["GRAPH_HEIGHT", "AnalysisState", "GamePanel"]
