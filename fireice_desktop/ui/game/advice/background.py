"""The game screen's work off the UI thread, and what comes of it: the hint, the
computer's review of the game (the analysis: its progress, its graph, its words in the
message box) and the tutor's check of a move a person has just played.

:class:`BackgroundWork` starts the work when the player asks, takes its results once a
frame (:meth:`BackgroundWork.poll`) and says what the panel and the board show of them.
It is handed the board controller, and the view for the game's words, at each call: it
knows nothing of the screen.  (The computer's own moves are the table's,
:class:`~.players.Table`.)
"""

from __future__ import annotations

from typing import Any

import pygame

from ....engine.analysis.review import Review, Verdict
from ....engine.teaching.practice import Mistake, mistakes
from ...toolkit.language import current, say, tr
from ..controller import BoardController
from ..panel import AnalysisState, GamePanel
from ..players import Session, Table
from ..view import GameView
from .hints import Hints
from .review import GameAnalysis, draw_cursor, graph_index_at
from .tutor import Tutor

#: A move as the board marks it: the cells it goes from and to.
Cells = tuple[int, int]
#: No position: where the summary is said when a review opens at a mistake (it is said
#: only at the end of a finished game).
NOWHERE = object()


def tutor_applies(session: Session, table: Table, before: Any) -> bool:
    """Whether the tutor judges a move played from ``before``: a person's move in a
    two-player game the computer can review."""
    kind = session.kind
    return (
        not kind.solo
        and kind.analysis is not None
        and not before.is_over
        and not table.player(before.to_move).is_computer
    )


class BackgroundWork:
    """The hint, the analysis and the tutor of one game screen."""

    def __init__(self) -> None:
        self.hints = Hints()
        self.analysis = GameAnalysis()
        self.tutor = Tutor()
        #: The position shown when an analysis that found no mistake ended: there, until
        #: the board shows another, the summary is the message.
        self.summary_at: object = NOWHERE
        self.progress_shown: tuple[int, int] | None = None
        self.said_at_end = ""  # what the panel was told when the analysis ended
        #: The review's words, made once per review and language (:meth:`review_texts`).
        self._texts: tuple[object, str, tuple[str, ...]] | None = None

    # --- starting and stopping -----------------------------------------------------------

    def request_hint(self, controller: BoardController[Any], view: GameView, table: Table) -> None:
        """Start looking for the best move for the game as it stands (once per position);
        not while the computer is to move (at the ``table``), nor once the game is over."""
        if table.computer_to_move(controller) is not None:
            controller.say(tr("game.hint_computer_to_move"))
            return
        if table.away is not None:
            controller.say(tr("code.no_hints"))
            return
        if controller.review is not None:
            controller.leave_review()  # a hint is for the game being played
        if controller.history.position.is_over:
            controller.say(tr("game.hint_over"))
        else:
            self.hints.request(controller, view.hint_work(), tr(view.looking_for_hint))

    def toggle_analysis(self, controller: BoardController[Any]) -> bool:
        """Start the computer's review of every move, or stop the one under way; ``True``
        if one starts.  Otherwise the panel says why not."""
        analysis = self.analysis
        if analysis.running:
            analysis.cancel()
            controller.say(tr("game.analysis_stopped"))
            return False
        if not controller.history.moves:
            controller.say(tr("game.nothing_to_analyse"))
            return False
        if analysis.result is not None:
            controller.say(tr("game.analysed"))
            return False
        analysis.start(controller.history)
        controller.changed = True
        return True

    def watch(
        self, controller: BoardController[Any], tutoring: bool, session: Session, table: Table
    ) -> str | None:
        """With the tutor on (``tutoring``), judge the move a person has just played; the
        tutor's warning, once a move is judged a blunder."""
        played, controller.just_played = controller.just_played, None
        if played is not None and tutoring:
            before, move = played
            if tutor_applies(session, table, before):
                self.tutor.check(controller, before, move)
        return self.tutor.poll(controller)

    def poll(self, controller: BoardController[Any]) -> None:
        """Take what the hint and the analysis have found (once a frame)."""
        self.hints.poll(controller)
        said = self.analysis.poll(controller.history)
        if said is not None:
            # A finished review opens where it matters most: the first mistake or
            # blunder, marked in the list and explained (the summary is under the
            # graph); without one, the summary is said where the board is.
            first = self.first_error()
            if first is not None:
                controller.show_position(first)
                self.summary_at = NOWHERE
            else:
                self.summary_at = controller.review
            controller.say(said)
            self.said_at_end = said
        progress = self.analysis.progress if self.analysis.running else None
        if progress != self.progress_shown:
            self.progress_shown = progress
            controller.changed = True

    def keep_review(self, reviewed: Review, controller: BoardController[Any]) -> None:
        """Take up ``reviewed``, the review of this game made earlier (before Practise),
        as if its analysis had just ended, without running it again."""
        self.analysis.keep(reviewed, controller.history)
        self.summary_at = NOWHERE

    def restart(self) -> None:
        """A new game on the screen: stop everything, and drop the review of the old one."""
        self.hints.cancel()
        self.analysis.forget()
        self.tutor.cancel()

    def cancel(self) -> None:
        """The screen is left: stop everything (a finished review is kept)."""
        self.hints.cancel()
        self.analysis.cancel()
        self.tutor.cancel()

    def settle(self, timeout: float) -> None:
        """Wait up to ``timeout`` s for each piece of work (screenshots, tests)."""
        self.hints.settle(timeout)
        self.analysis.settle(timeout)
        self.tutor.settle(timeout)

    # --- what the panel and the board show ------------------------------------------------

    def analysis_state(self, controller: BoardController[Any], view: GameView) -> AnalysisState:
        """What the panel shows of the computer's review of this game."""
        analysis = self.analysis
        if analysis.running:
            done, total = analysis.progress
            return AnalysisState(progress=(done, total), message=tr("game.analysing"))
        reviewed = analysis.result
        if reviewed is None:
            return AnalysisState()
        if self.summary_at is not NOWHERE and controller.review != self.summary_at:
            self.summary_at = NOWHERE  # the board moved on: from now on, each move's words
        marks = tuple(move.verdict.symbol for move in reviewed.moves)
        words = self.analysis_words(controller, view)
        practice = bool(view.practice_route) and bool(self.mistakes(view))
        return AnalysisState(
            graph=True,
            marks=marks,
            message=words,
            focus=controller.review,
            practice=practice,
            texts=self.review_texts(controller, view),
        )

    def picked(self) -> None:
        """The player picked a move in the list (perhaps the one shown): its words, not the
        summary."""
        self.summary_at = NOWHERE

    def review_texts(self, controller: BoardController[Any], view: GameView) -> tuple[str, ...]:
        """Every message the review says while stepping through the game: each move's
        words and the summary (made once per review and language)."""
        reviewed = self.analysis.result
        if reviewed is None:
            return ()
        made = self._texts
        if made is None or made[0] is not reviewed or made[1] != current():
            positions = controller.history.positions
            texts = [view.judged_move_words(m, positions[m.ply]) for m in reviewed.moves]
            made = (reviewed, current(), (*texts, self.summary_words()))
            self._texts = made
        return made[2]

    def summary_words(self) -> str:
        """Each side's accuracy and errors, in a sentence each."""
        reviewed = self.analysis.result
        summaries = reviewed.summaries() if reviewed is not None else []
        return " ".join(f"{say(summary.brief())}." for summary in summaries)

    def mistakes(self, view: GameView) -> list[Mistake]:
        """The analysed game's mistakes and blunders a person played (against the computer,
        only the person's; the computer's own games have none to practise)."""
        reviewed = self.analysis.result
        if reviewed is None:
            return []
        computer = view.host.session.computer
        persons = [m.mover for m in reviewed.moves if m.mover not in computer]
        return mistakes(reviewed, persons)

    def analysis_words(self, controller: BoardController[Any], view: GameView) -> str:
        """The message box in an analysed game: the summary where an analysis that found
        no mistake ended, and at the end of a finished game; else the move played from
        the position shown."""
        reviewed = self.analysis.result
        if reviewed is not None and controller.review == self.summary_at:
            return self.summary_words()
        if controller.review is None:
            # The game as it stands: its own messages, or once it is over (and nothing
            # else is said) the summary.
            said = controller.message
            if reviewed is not None and controller.history.position.is_over:
                return said if said and said != self.said_at_end else self.summary_words()
            return ""
        move = self.analysis.move(controller.review)
        if move is None:
            return ""
        return view.judged_move_words(move, controller.history.positions[move.ply])

    def first_error(self) -> int | None:
        """The position where the analysed game's first mistake or blunder was made."""
        reviewed = self.analysis.result
        serious = (Verdict.MISTAKE, Verdict.BLUNDER)
        first = (
            next((m for m in reviewed.moves if m.verdict in serious), None) if reviewed else None
        )
        return first.ply if first is not None else None

    def graph_index_at(self, panel: GamePanel | None, pos: tuple[int, int]) -> int | None:
        """The position a click on the evaluation graph picks, if it is on the graph."""
        reviewed = self.analysis.result
        if reviewed is None or panel is None or panel.graph_rect is None:
            return None
        return graph_index_at(panel.graph_rect, pos, len(reviewed.chances))

    def marks(self, controller: BoardController[Any]) -> tuple[Cells | None, Cells | None]:
        """The moves the board marks, by their cells: in an analysed game the move played
        from the position shown; and the better move there, else the hint found."""
        shown_hint = (
            self.hints.move is not None
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
        hint = self.hints.move
        return played, better or ((hint.src, hint.dst) if shown_hint else None)

    def draw_graph(
        self,
        surface: pygame.Surface,
        panel: GamePanel,
        view: GameView,
        controller: BoardController[Any],
    ) -> None:
        """The evaluation graph in the panel, and on it the position on the board."""
        reviewed, graph = self.analysis.result, panel.graph_rect
        if reviewed is None or graph is None:
            return
        picture = self.analysis.picture(graph.size, view.graph_colours, panel.graph_summary)
        if picture is not None:
            surface.blit(picture, graph.topleft)
        shown = controller.review if controller.review is not None else controller.history.cursor
        draw_cursor(surface, graph, len(reviewed.chances), shown)


__all__ = ["BackgroundWork", "tutor_applies"]
