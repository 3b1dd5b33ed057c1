"""Hosting a game online: the game, its set-up and the side the host plays on a card, then
the invite code, large, with a Copy button, while the friend joins.

"Resume the online game" opens the same card on the kept game, straight to a new code.  The
connection is started here (:mod:`..frame.connecting`) and handed to the game screen with
the game once the friend has joined (route ``online_play``).  Nothing here waits: the
connection is read each frame.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core.utility import clipboard_copy

from ...engine.games import find_game
from ...engine.records.game import GameRecord
from ...online.addresses import Servers
from ...online.kept import Keeper, load_online
from ...online.session import OnlineGame, Session, Started, new_game, shown_name
from ...online.table import Connection, Failed, Shown, Table
from ..frame import connecting
from ..frame.cards import CardScreen
from ..frame.navigation import Context
from ..frame.registry import OnlineShown
from ..frame.scene import button, choice_row
from ..game.remote import OnlinePlay
from ..games.installed import ONLINE, ONLINE_GAMES, main_backdrop, online_words
from ..toolkit.jobs import Job
from ..toolkit.language import say, side_name, tr
from ..toolkit.notices import Notice
from ..toolkit.scaling import px


def setup_words(game: OnlineGame) -> str:
    """The game's set-up and this side, in words: "Fire & Ice, handicap 2 for Ice; you
    play Fire"."""
    side = side_name(game.me, game.record.game)
    setup = online_words(game.record.game, game.record.setup)
    return tr("online.setup_and_side", setup=setup, side=side)


def _start_lan(stopped: Callable[[], bool]) -> Any:
    """The servers on this computer, started (stopped again if no longer wanted)."""
    lan = connecting.start_lan_servers()
    if stopped():
        lan.stop()
        return None
    return lan


def intro(started: Started, resumed: bool = False) -> str:
    """What the game screen says first: who joined or hosts, the set-up, the side played
    here; or where a resumed game goes on."""
    game = started.game
    name = shown_name(game.friend) or tr("online.your_friend")
    if resumed or started.resumed or game.count:
        return tr("online.resumed", name=name, move=game.count + 1)
    return tr("online.with", name=name, words=setup_words(game))


class HostScene(CardScreen):
    """The host's card: the set-up first, then the code (``resume``: the kept game's)."""

    title = "Host online"

    def __init__(self, ctx: Context, setup: Any = None, resume: bool = False) -> None:
        super().__init__(ctx, main_backdrop())
        self.resuming = resume  # the kept game, taken up with a new code
        first = ONLINE[0]
        self.store = ctx.choices.setdefault(
            "online_host", {"game": first.game, "side": 0, "setups": {}, "lan": False}
        )
        if setup is not None:
            self.store["setups"][self.store["game"]] = setup
        self.table: Table | None = None
        self.lan: Any = None
        self.code = ""
        self.status = ""
        self.online: OnlineGame | None = None
        self.choices: dict[object, tuple[str, Any]] = {}
        self.notice_text: tuple[str, str] | None = None
        self.built = False
        self.back_on_close = False
        self.lan_job: Job[Any] | None = None
        kept = load_online().online
        #: An unfinished online game kept here, which a new game would set aside.
        self.kept = kept if kept is not None and not kept.over else None
        if resume:
            if kept is None or kept.over:
                self.notice_text = (tr("online.resume_title"), tr("online.nothing_to_resume"))
            else:
                self.start(kept, resumed=True)

    @property
    def shown(self) -> OnlineShown:
        return ONLINE_GAMES[self.store["game"]]

    def setup(self) -> Any:
        shown = self.shown
        setup = self.store["setups"].get(shown.game)
        return setup if setup is not None else find_game(shown.game).default_setup()

    # --- building --------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        super().build(size)
        self.built = True
        width, height = size
        forming = self.table is None and self.online is None
        content = self._form_height() if forming else self._waiting_height()
        card = pygame.Rect(0, 0, min(px(760), width - 40), min(height - px(20), content))
        card.center = (width // 2, height // 2)
        self.panel_rect = card
        m = self.manager
        resuming = self.online is not None and self.online.count > 0
        heading = tr("online.resume_title") if resuming else tr("online.host_title")
        pygame_gui.elements.UILabel(
            pygame.Rect(card.x, card.y + px(12), card.width, px(64)), heading, m, object_id="#title"
        )
        self.notice = Notice(m)
        self.choices = {}
        if forming:
            self._build_form(card)
        else:
            self._build_waiting(card)
        if self.notice_text is not None:
            self.notice.show(*self.notice_text)

    def _form_height(self) -> int:
        shown = self.shown
        rows = 4 if shown.sizes is not None else 3
        setup = px(48) if shown.setup_route is not None else 0
        kept = px(72) if self.kept is not None else 0
        return px(96) + rows * px(52) + px(40) + setup + kept + px(44) + px(80)

    def _waiting_height(self) -> int:
        return px(96) + px(34 + 78 + 56 + 36 + 36) + (px(36) if self.lan else 0) + px(86)

    def _build_form(self, card: pygame.Rect) -> None:
        m = self.manager
        shown = self.shown
        y = card.y + px(90)
        label = px(200)
        rows: list[tuple[str, list[tuple[str, Any]]]] = [
            ("game", [(tr(f"online.game_name.{item.game}"), item.game) for item in ONLINE]),
            ("side", [(side_name(side, shown.game), i) for i, side in enumerate(shown.sides)]),
        ]
        if shown.sizes is not None:
            smallest, largest = shown.sizes
            rows.append(("size", [(str(n), n) for n in range(smallest, largest + 1)]))
        rows.append(("lan", [(tr("common.on"), True), (tr("common.off"), False)]))
        for name, options in rows:
            row = choice_row(m, card, y, tr(f"online.row_{name}"), label, options, lambda _: None)
            for element, value in row:
                self.choices[element] = (name, value)
            y += px(52)
        self.setup_label = pygame_gui.elements.UILabel(
            pygame.Rect(card.x + px(30), y, card.width - px(60), px(36)), "", m
        )
        y += px(40)
        self.setup_button = button(
            m,
            pygame.Rect(card.centerx - px(130), y, px(260), px(38)),
            tr("online.change_setup"),
            tr("online.change_setup_tip"),
        )
        if shown.setup_route is None:
            self.setup_button.hide()
        else:
            y += px(48)
        if self.kept is not None:
            name = shown_name(self.kept.friend) or tr("online.your_friend")
            pygame_gui.elements.UITextBox(
                html.escape(tr("online.sets_aside", name=name, move=self.kept.count + 1)),
                pygame.Rect(card.x + px(24), y, card.width - px(48), px(68)),
                m,
                object_id="#keys",
            )
            y += px(72)
        self.lan_label = pygame_gui.elements.UILabel(
            pygame.Rect(card.x + px(20), y, card.width - px(40), px(30)),
            tr("online.lan_tip"),
            m,
            object_id="#keys",
        )
        self.host_button = button(
            m,
            pygame.Rect(card.centerx - px(230), card.bottom - px(66), px(220), px(48)),
            tr("online.host"),
            tr("online.host_tip"),
            object_id="#menu_button",
        )
        self.back_button = button(
            m,
            pygame.Rect(card.centerx + px(10), card.bottom - px(66), px(220), px(48)),
            tr("common.back"),
        )
        self.refresh()

    def _build_waiting(self, card: pygame.Rect) -> None:
        m = self.manager
        y = card.y + px(92)
        pygame_gui.elements.UILabel(
            pygame.Rect(card.x, y, card.width, px(30)), tr("online.your_code"), m
        )
        y += px(34)
        self.code_label = pygame_gui.elements.UILabel(
            pygame.Rect(card.x, y, card.width, px(70)), self.code or "…", m, object_id="#title"
        )
        y += px(78)
        self.copy_button = button(
            m,
            pygame.Rect(card.centerx - px(110), y, px(220), px(42)),
            tr("online.copy"),
            tr("online.copy_tip"),
        )
        y += px(56)
        words = setup_words(self.online) if self.online is not None else ""
        if self.online is not None and self.online.count:
            words = tr("online.at_move", words=words, move=self.online.count + 1)
        pygame_gui.elements.UILabel(pygame.Rect(card.x, y, card.width, px(30)), words, m)
        y += px(36)
        self.status_label = pygame_gui.elements.UILabel(
            pygame.Rect(card.x, y, card.width, px(30)), self.status, m
        )
        y += px(36)
        lan = tr("online.lan_address", address=self.lan.mailbox) if self.lan else ""
        self.lan_label = pygame_gui.elements.UILabel(
            pygame.Rect(card.x + px(10), y, card.width - px(20), px(30)), lan, m
        )
        self.cancel_button = button(
            m,
            pygame.Rect(card.centerx - px(110), card.bottom - px(66), px(220), px(48)),
            tr("online.cancel"),
        )
        self.show_code()

    def refresh(self) -> None:
        """The rows' chosen values, and the set-up in words."""
        values = {
            "game": self.store["game"],
            "side": self.store["side"],
            "lan": self.store["lan"],
            "size": getattr(self.setup(), "size", None),
        }
        for element, (name, value) in self.choices.items():
            element.select() if values.get(name) == value else element.unselect()
        self.setup_label.set_text(self.shown.words(self.setup()))

    def show_code(self) -> None:
        if self.table is None:
            return
        self.code_label.set_text(self.code or "…")
        self.copy_button.enable() if self.code else self.copy_button.disable()
        self.status_label.set_text(self.status)

    # --- input -----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.notice.handle_event(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            element = event.ui_element
            if element in self.choices:
                self.choose(*self.choices[element])
            elif self.table is None and element is self.host_button:
                self.host()
            elif self.table is None and element is self.back_button:
                self.nav.go(connecting.FRIEND_ROUTE)
            elif self.table is None and element is self.setup_button:
                route = self.shown.setup_route
                if route is not None:
                    self.nav.go(route, online=True)
            elif self.table is not None and element is self.copy_button and self.code:
                clipboard_copy(self.code)
                self.status = tr("online.copied")
                self.show_code()
            elif self.table is not None and element is self.cancel_button:
                self.cancel()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()

    def choose(self, name: str, value: Any) -> None:
        if name == "game":
            self.store["game"] = value
            self.nav.go("online_host")  # the rows of that game
            return
        if name == "size":
            shown = self.shown
            assert shown.sized is not None
            self.store["setups"][shown.game] = shown.sized(value)
        else:
            self.store[name] = value
        self.refresh()

    def host(self) -> None:
        """Start a new game with the set-up chosen, and ask for its code."""
        shown = self.shown
        me = shown.sides[self.store["side"]]
        self.start(new_game(GameRecord(shown.game, (), self.setup()), me), resumed=False)

    def start(self, game: OnlineGame, resumed: bool) -> None:
        """Ask the mailbox server for a code for ``game`` (with no internet, once the
        servers on this computer have started, off the UI thread)."""
        self.online = game
        if self.store["lan"] and not resumed:
            self.lan_job = Job(_start_lan)
            self.status = tr("online.starting_servers")
            self.rebuild()
            return
        self.connect(game, resumed, self.settings.servers())

    def lan_started(self, job: Job[Any]) -> None:
        """The servers on this computer started (or could not): ask them for a code."""
        self.lan_job = None
        game = self.online
        if job.error is not None or job.result is None or game is None:
            self.failed(tr("online.lan_failed", error=job.error or "?"))
            return
        self.lan = job.result
        direct = self.settings.direct_connections
        self.connect(game, False, Servers(self.lan.mailbox, self.lan.relay, direct))

    def connect(self, game: OnlineGame, resumed: bool, servers: Servers) -> None:
        """Ask the mailbox server at ``servers`` for a code for ``game``."""
        settings = self.settings
        keeper = Keeper()
        if resumed:
            keeper.id = game.id
        name = connecting.player_name(settings)
        session = Session("host", game, name, keeper, connecting.version())
        link = connecting.open_link(servers)
        self.table = Table(session, link)
        self.online = game
        self.status = tr("online.asking_code")
        link.host()  # type: ignore[attr-defined]
        if resumed and game.friend:
            self.status = tr("online.resume_waiting", name=shown_name(game.friend))
        self.rebuild()

    def rebuild(self) -> None:
        """The card again, for what it shows now (once it has been built)."""
        if self.built:
            self.manager.clear_and_reset()
            self.build(self.window_size)

    def cancel(self) -> None:
        """Stop hosting: back to where online play is chosen."""
        self.stop()
        self.nav.go(connecting.FRIEND_ROUTE)

    def stop(self) -> None:
        job, self.lan_job = self.lan_job, None
        if job is not None:
            job.cancel()  # servers that start now are stopped at once
            if job.done and job.result is not None:
                job.result.stop()
        if self.table is not None:
            self.table.close()
            self.table = None
        if self.lan is not None:
            self.lan.stop()
            self.lan = None

    # --- each frame -------------------------------------------------------------------

    def update(self, dt: float) -> bool:
        if self.back_on_close and not self.notice.is_open:
            self.nav.go(connecting.FRIEND_ROUTE)
            return True
        if self.lan_job is not None:
            if self.lan_job.done:
                self.lan_started(self.lan_job)
            return True
        table = self.table
        if table is None:
            return super().update(dt)
        happened = table.pump(0)
        for index, event in enumerate(happened):
            if isinstance(event, Shown):
                self.code = event.code
                friend = shown_name(self.online.friend) if self.online is not None else ""
                resumed = self.online is not None and self.online.count > 0 and friend
                waiting = tr("online.resume_waiting", name=friend) if resumed else ""
                self.status = waiting or tr("online.waiting")
            elif isinstance(event, Connection) and event.state in ("paired", "connected"):
                self.status = tr("online.connecting")
            elif isinstance(event, Connection) and event.state == "closed":
                self.failed(tr("online.closed_early"))
                return True
            elif isinstance(event, Failed):
                self.failed(say(event.words))
                return True
            elif isinstance(event, Started):
                play = OnlinePlay(
                    table, happened[index + 1 :], self.lan, intro(event, self.resuming)
                )
                self.table = self.lan = None  # handed over to the game screen
                self.nav.go("online_play", play=play)
                return True
        if happened:
            self.show_code()
        return True

    def failed(self, text: str) -> None:
        self.stop()
        self.online = None
        self.code = ""
        self.notice_text = (tr("online.stopped_title"), text)
        self.back_on_close = True  # back to Play a friend once the window is read
        self.rebuild()

    def leave(self) -> None:
        self.stop()


__all__ = ["HostScene", "setup_words"]
