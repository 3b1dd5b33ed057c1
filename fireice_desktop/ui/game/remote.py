"""The friend at the table in an online game: a player like the computer, whose moves come
from the connection (:class:`~...online.table.Table`) instead of a search.

:class:`OnlinePlay` is the game under way (the table, and the servers this computer runs for
a LAN game); :class:`FriendTable` is the game screen's table of players for it: it pumps the
connection each frame (never waiting), sends the player's moves, animates the friend's, keeps
the board in step with the online game the session keeps (never in the autosave), and puts
the online game's buttons in the panel: Resign, Take-back and Rematch (offered to the
friend), Leave.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from ...engine.errors import IllegalMoveError, NotationError
from ...files.storage import SaveFileError
from ...online.session import (
    Answered,
    FriendPaused,
    Moved,
    Offered,
    Over,
    Started,
    TakenBack,
    shown_name,
)
from ...online.table import Connection, Failed, Happening, Table
from ..frame.scene import button
from ..toolkit.language import say, side_name, tr
from ..toolkit.notices import Notice
from ..toolkit.scaling import px
from .controller import BoardController
from .players import Table as PlayersTable

#: Seconds the friend is given to hear that this side leaves, after the screen has gone.
LEAVING_PATIENCE = 4.0


class OnlinePlay:
    """An online game under way: ``table`` (the session over its link), what arrived
    before the game screen took over (``backlog``), and the LAN servers, if any."""

    def __init__(
        self,
        table: Table,
        backlog: list[Happening] | None = None,
        lan: Any = None,
        intro: str = "",
    ) -> None:
        self.table = table
        self.backlog = list(backlog or [])
        self.lan = lan
        self.intro = intro  # what the game screen says first (who, the set-up, the side)

    @property
    def session(self) -> Any:
        return self.table.session

    @property
    def friend(self) -> str:
        """The friend's name as it may be shown (plain text, cut short)."""
        return shown_name(self.session.friend_name) or tr("online.your_friend")

    def pump(self) -> list[Happening]:
        """What happened since the last frame (no waiting)."""
        happened, self.backlog = self.backlog, []
        return happened + self.table.pump(0)

    def leave(self) -> None:
        """Say goodbye to the friend (both keep the game) and close, off the UI thread."""
        table = self.table
        if not table.over:
            table.pause()

        def finish() -> None:
            deadline = time.monotonic() + LEAVING_PATIENCE
            while not table.over and time.monotonic() < deadline:
                table.pump(0.1)
            table.close()
            if self.lan is not None:
                self.lan.stop()

        threading.Thread(target=finish, name="leaving", daemon=True).start()

    def seat(self) -> FriendTable:
        return FriendTable(self)


class Friend:
    """The friend's side: moves come from the connection, so it never thinks here."""

    is_computer = True
    phase = 0

    def update(self, dt: float, controller: BoardController[Any], busy: bool) -> bool:
        return False

    def cancel(self) -> None:
        """Nothing runs here for the friend."""


class FriendTable(PlayersTable):
    """The table of an online game (see the module's description)."""

    online = True

    def __init__(self, play: OnlinePlay) -> None:
        super().__init__({})
        self.play = play
        self.friend = Friend()
        self.screen: Any = None
        self.panel: Any = None
        self.lost = False  # the connection dropped: the banner says so
        self.ended = ""  # why online play stopped ("": it goes on)
        self.left = False  # this side left the game (kept, to resume)
        self.buttons: dict[object, tuple[str, Callable[[], None]]] = {}
        self.notice: Notice | None = None
        self.banner: pygame_gui.elements.UIPanel | None = None
        self.route_label: pygame_gui.elements.UILabel | None = None
        self._shown_state: tuple[object, ...] | None = None  # what the buttons show

    # --- who plays which side ----------------------------------------------------------

    @property
    def me(self) -> Any:
        return self.play.session.online.me

    def player(self, side: Any) -> Any:
        return self.human if side == self.me else self.friend

    @property
    def computer(self) -> dict[Any, str]:
        return {}

    def thinking(self, controller: BoardController[Any]) -> Any:
        return None

    def why_locked(self, controller: BoardController[Any], judging: bool) -> str:
        if self.ended or self.left:
            return self.ended or tr("online.stopped")
        if self.computer_to_move(controller) is not None:
            return tr("online.waiting_for", name=self.play.friend)
        return ""

    def person_to_move(self, controller: BoardController[Any], judging: bool) -> bool:
        return not (self.ended or self.left) and super().person_to_move(controller, judging)

    def step(self, controller: BoardController[Any], back: bool) -> None:
        controller.say(tr("online.no_undo"))

    def turn_text(
        self, controller: BoardController[Any], shown: Callable[[Any], tuple[str, Any]]
    ) -> tuple[str, Any]:
        position = controller.history.position
        if controller.review is not None or controller.animation:
            return super().turn_text(controller, shown)
        game = self.play.session.online
        if game is not None and game.over:  # by the rules, or resigned
            winner = game.winner()
            if winner == self.me:
                return tr("online.turn_you_win"), winner
            return tr("online.turn_friend_wins", name=self.play.friend), winner
        if position.is_over:
            return super().turn_text(controller, shown)
        side = position.to_move
        if self.ended or self.left:
            return tr("online.paused"), side
        if side == self.me:
            return tr("online.your_turn"), side  # the side's peg is drawn beside it
        return tr("online.friend_turn", name=self.play.friend), side

    # --- the panel's buttons and the banner -----------------------------------------------

    def build(self, manager: pygame_gui.UIManager, panel: Any, screen: Any) -> None:
        """Put the online game's buttons where the panel's game buttons were."""
        self.screen = screen
        self.panel = panel
        for element in (*panel.game_rows, panel.new_button, panel.menu_button):
            element.hide()
        panel.title_label.set_text(tr("online.playing", name=self.play.friend))
        first, second = panel.undo_button.relative_rect, panel.new_button.relative_rect
        x, width = first.x, panel.hint_button.relative_rect.right - first.x
        half = (width - px(8)) // 2
        rows = (
            (first.y, (("resign", self.ask_resign), ("takeback", self.offer_takeback))),
            (second.y, (("rematch", self.offer_rematch), ("leave", self.leave))),
        )
        self.buttons = {}
        for y, pair in rows:
            for index, (name, action) in enumerate(pair):
                rect = pygame.Rect(x + index * (half + px(8)), y, half, px(36))
                element = button(manager, rect, tr(f"online.{name}"), tr(f"online.{name}_tip"))
                self.buttons[element] = (name, action)
        below = panel.save_button.relative_rect
        self.route_label = pygame_gui.elements.UILabel(
            pygame.Rect(x, below.y, width, px(28)), "", manager, object_id="#keys"
        )
        board = screen.hit.rect if screen.hit is not None else (0, 0, 400, 300)
        rect = pygame.Rect(0, 0, min(px(520), board[2] - px(20)), px(52))
        rect.midtop = (board[0] + board[2] // 2, board[1] + board[3] // 5)  # under the trays
        self.banner = pygame_gui.elements.UIPanel(rect, manager=manager, object_id="#banner")
        pygame_gui.elements.UILabel(
            pygame.Rect(0, 0, rect.width - px(8), rect.height - px(8)),
            tr("online.lost"),
            manager,
            container=self.banner,
            object_id="#banner_text",
        )
        self.notice = Notice(manager)
        self._shown_state = None  # new widgets: show the state on them
        if self.play.intro:
            screen.controller.say(self.play.intro)
            self.play.intro = ""
        if self.ended:
            self.notice.show(tr("online.stopped_title"), self.ended)
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        """The buttons, the line under them and the banner as the game and the connection
        are now (worked out again only when something changed)."""
        analyse = getattr(self.panel, "analyse_button", None)
        if analyse is not None and analyse.visible:
            analyse.hide()  # no computer in an online game: no review by it either
        session = self.play.session
        game = session.online
        route = getattr(self.play.table.link, "route", "") or ""
        state = (game, session.offered, self.ended, self.left, self.lost, route, len(self.buttons))
        if state == self._shown_state:
            return
        self._shown_state = state
        live = not (self.ended or self.left) and game is not None
        over = game is not None and game.over
        wanted = {
            "resign": live and not over,
            "takeback": live
            and not over
            and not session.offered
            and session.takeback_point() is not None,
            "rematch": live and over and not session.offered,
            "leave": True,
        }
        for element, (name, _) in self.buttons.items():
            element.enable() if wanted[name] else element.disable()
        if self.ended or self.left:
            said = tr("online.stopped")
        elif self.lost:
            said = tr("online.reconnecting")
        elif route:
            said = tr("online.via_relay") if "relay" in route else tr("online.direct")
        else:
            said = ""
        if self.route_label is not None and self.route_label.text != said:
            self.route_label.set_text(said)
        if self.banner is not None:
            shown = self.lost and not (self.ended or self.left)
            self.banner.show() if shown else self.banner.hide()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The online buttons, and the keys that have no place online (undo, hint, new
        game, analysis, open): ``True`` when the event was taken."""
        if self.notice is not None and self.notice.handle_event(event):
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.buttons[event.ui_element][1]()
            return True
        if event.type == pygame.KEYDOWN:
            ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
            blocked = (pygame.K_h, pygame.K_n, pygame.K_a, pygame.K_t)
            if event.key in blocked or (ctrl and event.key in (pygame.K_z, pygame.K_y, pygame.K_o)):
                self.screen.controller.say(tr("online.not_online"))
                return True
            if event.key == pygame.K_ESCAPE and self.screen.controller.at_rest():
                self.leave()
                return True
        return False

    # --- this side's actions ------------------------------------------------------------

    def _act(self, action: str, *args: Any) -> list[Happening]:
        try:
            return self.play.table.act(action, *args)
        except SaveFileError as error:
            self.fail(tr("online.error.cannot_keep", error=say(error.words)))
            return []

    def ask_resign(self) -> None:
        windows = self.screen.windows
        windows.question.ask(
            windows.centre,
            tr("online.resign_question"),
            tr("online.resign"),
            self.resign,
            detail=tr("online.resign_detail", name=self.play.friend),
            safe=True,
        )

    def resign(self) -> None:
        self.handle(self._act("resign"))

    def offer_takeback(self) -> None:
        if self.play.session.offer_takeback():
            self.play.table.flush()
            self.say(tr("online.takeback_offered", name=self.play.friend))
        self.refresh_buttons()

    def offer_rematch(self) -> None:
        if self.play.session.offer_rematch():
            self.play.table.flush()
            self.say(tr("online.rematch_offered", name=self.play.friend))
        self.refresh_buttons()

    def leave(self) -> None:
        """Leave: the game stays kept on both sides, to resume later; back to the menu."""
        if not self.left:
            self.left = True
            self.play.leave()
        self.screen.nav.show_menu()

    def fail(self, text: str) -> None:
        """Online play stopped on an error: say it over the menu (the game is kept)."""
        self.ended = text
        self.play.table.close()
        if self.play.lan is not None:
            self.play.lan.stop()
        self.screen.nav.go("menu", notice=(tr("online.stopped_title"), text))

    def say(self, text: str) -> None:
        self.screen.controller.say(text)

    def cancel(self) -> None:
        """The screen goes: a game still connected is left (kept on both sides)."""
        if not self.left:
            self.left = True
            self.play.leave()

    # --- each frame ------------------------------------------------------------------------

    def update(self, dt: float, controller: BoardController[Any], busy: bool) -> bool:
        if self.screen is None:
            return False
        if not (self.ended or self.left):
            self.handle(self.play.pump())
        controller = self.screen.controller
        moving = self.keep_in_step(controller, busy)
        self.refresh_buttons()
        if not controller.message and controller.at_rest():
            reason = self.why_locked(controller, False)
            if reason:
                controller.say(reason)  # the friend's turn: waiting for their move
        return moving

    def handle(self, happened: list[Happening]) -> None:
        friend = self.play.friend
        for event in happened:
            if isinstance(event, Connection):
                if event.state == "lost":
                    self.lost = True
                elif event.state in ("back", "connected"):
                    self.lost = False
                elif event.state == "closed" and not self.ended:
                    self.ended = tr("online.closed", name=friend)
                    self.show_notice()
            elif isinstance(event, Failed):
                self.fail(say(event.words))
                return
            elif isinstance(event, FriendPaused):
                self.ended = tr("online.friend_left", name=friend)
                self.show_notice()
            elif isinstance(event, Moved) and event.by_friend:
                position = self.screen.controller.history.position
                side = side_name(event.side, position.game)
                self.say(tr("online.friend_moved", name=friend, side=side, move=str(event.move)))
            elif isinstance(event, Over):
                self.say(self.result_text(event))
            elif isinstance(event, Offered):
                self.answer_offer(event.what)
            elif isinstance(event, Answered):
                key = "accepted" if event.yes else "declined"
                self.say(tr(f"online.{event.what}_{key}", name=friend))
            elif isinstance(event, TakenBack):
                self.rebuild(self.screen.controller)
                if not any(isinstance(other, Answered) for other in happened):
                    self.say(tr("online.taken_back"))  # (else: the friend accepted, said)
            elif isinstance(event, Started):
                self.screen.restart_online(self.play)
                game = event.game
                side = side_name(game.me, game.record.game)
                self.say(tr("online.new_game", name=friend, side=side))

    def show_notice(self) -> None:
        if self.notice is not None:
            self.notice.show(tr("online.stopped_title"), self.ended)

    def result_text(self, over: Over) -> str:
        game = self.play.session.online
        friend = self.play.friend
        if over.resigned:
            if over.winner == game.me:
                return tr("online.friend_resigned", name=friend)
            return tr("online.you_resigned", name=friend)
        if over.winner == game.me:
            return tr("online.you_won", name=friend)
        return tr("online.friend_won", name=friend)

    def answer_offer(self, what: str) -> None:
        windows = self.screen.windows
        question = tr(f"online.{what}_question", name=self.play.friend)
        windows.question.ask(
            windows.centre,
            question,
            tr("online.accept"),
            lambda: self.handle(self._act("answer", True)),
            detail=tr(f"online.{what}_detail"),
            title=tr(f"online.{what}_title"),
            on_no=lambda: self.handle(self._act("answer", False)),
            no_label=tr("online.decline"),
        )

    def keep_in_step(self, controller: BoardController[Any], busy: bool) -> bool:
        """Bring the board in line with the online game: send the player's new move,
        show the friend's moves one by one (animated), follow a take-back."""
        game = self.play.session.online
        if game is None:
            return False
        history = controller.history
        mine = [str(move) for move in history.moves[: history.cursor]]
        kept = [str(move) for move in game.record.moves]
        if mine == kept:
            return False
        if len(mine) == len(kept) + 1 and mine[:-1] == kept and not (self.ended or self.left):
            move = history.moves[history.cursor - 1]
            try:
                events = self.play.table.act("play", move)
            except (IllegalMoveError, NotationError) as error:
                history.undo()
                controller.say(str(error))
                return True
            except SaveFileError as error:
                history.undo()
                self.fail(tr("online.error.cannot_keep", error=say(error.words)))
                return True
            self.handle(events)
            return True
        if len(kept) > len(mine) and kept[: len(mine)] == mine:
            if controller.animation is None and not busy:
                said = controller.message
                controller.play(game.record.moves[len(mine)], controller.animation_time)
                controller.say(said)
            return True
        self.rebuild(controller)
        return True

    def rebuild(self, controller: BoardController[Any]) -> None:
        """The board as the online game has it (after a take-back)."""
        game = self.play.session.online
        controller.history = game.record.history()
        controller.review = None
        controller.selected = None
        controller.animation = None
        controller.changed = True


__all__ = ["FriendTable", "OnlinePlay"]
