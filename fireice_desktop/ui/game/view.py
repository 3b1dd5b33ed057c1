"""What the one game screen asks of a game's view, and what a view may ask of the screen
(a :class:`Host`: the game on the board and a few actions, never the screen itself).

The game screen (:mod:`..screens.game`) is written once: the panel, the move list,
undo and redo, review, saving, hints and the players.  A view supplies what differs
from game to game: the board's layout and art, the picture of the present moment,
the texts, any widgets of its own under the turn line, and how a hint is found.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import pygame
import pygame_gui

from ...engine.analysis.review import MoveReview, Verdict, describe_better
from ...engine.records.game import GameRecord
from ...engine.search import hint
from ...files.statistics.store import DuelPlayed, Played
from ..frame.cards import level_words
from ..frame.scene import HitLayout
from ..frame.settings import Settings
from ..toolkit.language import say, side_name, tr
from .controller import BoardController
from .players import Session

#: The background work behind a hint: given ``stop``, the move to mark and what to say.
HintWork = Callable[[Callable[[], bool]], tuple[Any, str]]


class Host(Protocol):
    """What a view is given of the screen that shows it: the game on the board, the
    player's settings, a way to say something, and the two things a view may start."""

    @property
    def session(self) -> Session:
        """The game being played: which, from which set-up, and who plays each side."""
        ...

    @property
    def controller(self) -> BoardController[Any]:
        """The board as the player handles it: the history, the position shown, the hand."""
        ...

    @property
    def settings(self) -> Settings:
        """The player's settings."""
        ...

    def say(self, text: str) -> None:
        """Show ``text`` in the panel's message box."""
        ...

    def confirm_leave(self, action: Callable[[], None], question: str, verb: str) -> None:
        """Do ``action``, first asking if it would throw away a game in progress."""
        ...

    def restart(self, session: Session) -> None:
        """Play ``session`` from its start on this screen."""
        ...


@dataclass(eq=False)
class Stage:
    """The game on the game screen, as its view is given it (a :class:`Host`).

    The screen keeps its game here, the session and the controller, and replaces them
    when it starts another; what the view may do besides comes in as two callables.
    """

    session: Session
    controller: BoardController[Any]
    settings: Settings
    confirm_leave: Callable[[Callable[[], None], str, str], None]
    restart: Callable[[Session], None]

    def say(self, text: str) -> None:
        """Show ``text`` in the panel's message box."""
        self.controller.say(text)


@dataclass(frozen=True)
class Moment:
    """What the board shows, besides the position: the player's hand and the hint."""

    drag_pos: tuple[int, int] | None  # where a carried piece is, while dragged
    hint: tuple[int, int] | None  # the hinted move's cells, when one is shown
    show_targets: bool  # the settings' marks for legal moves
    coordinates: bool = True  # the settings' letters and numbers on the board
    finale: float | None = None  # how far the finish of a game just won is shown, 0 to 1
    played: tuple[int, int] | None = None  # in an analysed game: the move played from here
    cursor: int | None = None  # the keyboard's cursor, once the keys have moved it
    #: Cells ringed for attention: what a lesson's reason for a wrong move points at.
    marks: tuple[int, ...] = ()
    #: Nothing but the board has drawn over the board's part of the window since its
    #: last frame: a view may then draw again only what changed.
    untouched: bool = False


def verdict_words(verdict: Verdict) -> str:
    """A verdict as the message box says it: "a mistake"."""
    return tr(f"verdict.{verdict.name.lower()}")


def percent(chance: float) -> str:
    """A chance as a player reads it: "41 %"."""
    return f"{round(100 * chance)} %"


def moves_text(record: GameRecord) -> str:
    """ "12 moves", for the summaries of saved games."""
    return tr("view.moves", count=len(record.moves))


def computer_title(levels: Mapping[Any, str]) -> str:
    """The panel's title against the computer (short enough for the narrowest panel)."""
    if len(levels) == 2:
        return tr("fireice.watching", level=level_words(next(iter(levels.values()))))
    (side, level), *_ = levels.items()
    return tr("fireice.you_vs", side=side_name(side.other), level=level_words(level))


def expert_hint(position: Any) -> HintWork:
    """The hint of a two-player game: the expert's move and why it is good."""

    def work(stop: Callable[[], bool]) -> tuple[Any, str]:
        return hint(position, stop)

    return work


class GameView:
    """A game's look and words on the game screen; the defaults suit a two-player game."""

    # The keys of the words the game screen says for this view's game.
    new_label = ("view.new_game", "view.new_game_tip")  # the button's text and tool tip
    rematch_label = ("view.rematch", "view.rematch_tip")
    hint_tip = "view.hint_tip"
    #: The screen that offers an analysed game's mistakes to practise (``None``: none).
    practice_route: str | None = None
    #: Whether the view draws all of its share of the window, the table under its board
    #: included (then the screen draws the table under the panel only).
    fills_its_board = False
    looking_for_hint = "view.looking_for_hint"
    keys_lines = ("view.keys_1", "view.keys_2")

    def __init__(self, host: Host) -> None:
        self.host = host

    # --- saved games ------------------------------------------------------------------

    @classmethod
    def summary(cls, record: GameRecord) -> str:
        """One line about a saved game of this view's game, for the menu's Continue."""
        raise NotImplementedError

    @classmethod
    def file_stem(cls, record: GameRecord) -> str:
        """The start of a new save's file name: "Fire and Ice"."""
        raise NotImplementedError

    @classmethod
    def new_game(cls, record: GameRecord) -> tuple[str, dict[str, Any]] | None:
        """The route New game opens for a game opened from ``record`` (the set-up card it
        would have come from); ``None`` plays the same set-up again."""
        return None

    # --- building -------------------------------------------------------------------

    def build_board(self, rect: tuple[int, int, int, int]) -> HitLayout:
        """Lay out and draw once the board in ``rect``; returns its layout."""
        raise NotImplementedError

    def build_extra(self, manager: pygame_gui.UIManager, x: int, y: int, width: int) -> int:
        """Widgets of the view's own under the turn line; returns the next free ``y``."""
        return y

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Events for the view's own widgets; ``True`` if taken."""
        return False

    def update(self, dt: float) -> None:
        """Advance the view's own work (a rating, say)."""

    def leave(self) -> None:
        """The screen is being left: stop the view's own work."""

    def settle(self, timeout: float) -> None:
        """Wait up to ``timeout`` s for the view's own background work (screenshots)."""

    # --- words ------------------------------------------------------------------------

    def title(self) -> str:
        """The panel's title."""
        return ""

    def turn_text(self, position: Any) -> tuple[str, Any]:
        """The turn line, and the side whose icon stands beside it."""
        winner = position.winner
        if winner is not None:
            return tr("view.wins", side=self.side_name(winner)), winner
        return tr("view.to_move", side=self.side_name(position.to_move)), position.to_move

    def result_text(self, position: Any) -> tuple[str, str]:
        """The headline and the detail of the game-over card."""
        winner = position.winner
        return tr("view.wins", side=self.side_name(winner)), ""

    #: The first and second side's colours on the evaluation graph.
    graph_colours: tuple[tuple[int, int, int], tuple[int, int, int]] = (
        (200, 60, 40),
        (70, 180, 190),
    )

    def judged_move_words(self, move: MoveReview, position: Any) -> str:
        """The message box for a move of an analysed game, shown from where it was chosen:
        "Move 13, Fire: D5-B5?, a mistake: Fire's chances from 55 % to 41 %. E5-B5
        would have taken control of G." """
        played = f"{move.move}{move.verdict.symbol}"
        verdict = verdict_words(move.verdict)
        if move.mover is None:
            head = tr("view.judged_solo", number=move.ply + 1, move=played, verdict=verdict)
            state = tr(
                "view.deal_winnable"
                if move.after.chance >= 1
                else "view.deal_lost"
                if move.after.chance <= 0
                else "view.deal_unknown"
            )
        else:
            name = self.side_name(move.mover)
            head = tr("view.judged", number=move.ply + 1, side=name, move=played, verdict=verdict)
            before, after = percent(move.before.chance), percent(move.after.chance)
            state = (
                tr("view.chances_from_to", side=name, before=before, after=after)
                if move.verdict.is_error
                else tr("view.chances", side=name, after=after)
            )
        better = say(describe_better(move) or "")
        return f"{head}: {state}." + (f" {better[0].upper()}{better[1:]}." if better else "")

    def side_name(self, side: Any) -> str:
        """A side's name in the game's words ("Fire", or in the solitaire "Red")."""
        return side_name(side, self.host.session.kind.name)

    def idle_hint(self, position: Any, selected: int | None) -> str:
        """What the message box says when nothing else is to be said."""
        if position.is_over:
            return ""
        if selected is not None:
            return tr("view.put_down")
        return tr("view.pick_up")

    def played(self, position: Any) -> Played:
        """The game standing at ``position``, as the statistics count it: who plays each
        side and, once the game is won, who won."""
        winner = position.winner
        computer = self.host.session.computer
        person = level = None
        if len(computer) == 1:
            ((side, level),) = computer.items()
            person = side.other.key
        return DuelPlayed(
            self.host.session.game,
            winner.key if winner is not None else None,
            person,
            level,
            handicap=self.handicapped(),
            watched=len(computer) > 1,
        )

    def handicapped(self) -> bool:
        """Whether the game was set up with a handicap."""
        return False

    # --- the board --------------------------------------------------------------------

    def hint_work(self) -> HintWork:
        """The background work behind a hint for the game as it stands."""
        raise NotImplementedError

    def started(self) -> None:
        """The screen has (re)started the game: a new deal, a rematch."""

    def start_new(self) -> bool:
        """New game, where the view starts it itself (a new deal); ``False`` otherwise."""
        return False

    def draw_board(self, surface: pygame.Surface, moment: Moment) -> None:
        """Paint the board as the controller's state and ``moment`` have it."""
        raise NotImplementedError

    def draw_panel(self, surface: pygame.Surface, turn_rect: pygame.Rect, side: Any) -> None:
        """Paint what the view draws on the panel: the icon of ``side`` by the turn line."""


__all__ = [
    "GameView",
    "HintWork",
    "HitLayout",
    "Host",
    "Moment",
    "Stage",
    "computer_title",
    "expert_hint",
    "moves_text",
]
