"""Joining a friend's game online: the invite code typed or pasted, and, on a LAN with no
internet, the address of the mailbox server the host's computer runs.

An unfinished online game kept here is offered with the code, so that a friend who resumes
it with a new code goes on from where it was.  What the code or the address cannot be, or
why the friend cannot be reached, is said in a message window; the card stays for another
try.  A code nobody hosts yet is waited for, saying so, until the player cancels.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.core.utility import clipboard_paste

from ...online.addresses import AddressError, Servers, check_code, check_mailbox
from ...online.kept import Keeper, load_online
from ...online.session import Session, Started, shown_name
from ...online.table import Connection, Failed, Table
from ..frame import connecting
from ..frame.cards import CardScreen
from ..frame.navigation import Context
from ..frame.scene import button
from ..game.remote import OnlinePlay
from ..games.installed import main_backdrop, online_words
from ..toolkit.language import say, side_name, tr
from ..toolkit.notices import Notice
from ..toolkit.scaling import px
from ..toolkit.text import SafeTextEntryLine

#: Seconds without the host before the card says nobody hosts the code (yet).
NOBODY_YET = 15.0
#: The most characters of a code the card reads (a paste of more is refused).
MOST_CODE = 200


def printable(text: str) -> str:
    """``text`` with what a line of text cannot show (a NUL, a line's end) made a space."""
    return "".join(char if char.isprintable() else " " for char in text)


class CodeEntry(SafeTextEntryLine):
    """The code's box: a paste is made printable, and one too long to be a code is
    refused (``too_long`` says so) instead of filling the box."""

    too_long: Callable[[], None] = staticmethod(lambda: None)

    def set_text(self, text: str) -> None:
        super().set_text(printable(text))

    def _do_paste(self) -> None:
        pasted = printable(clipboard_paste() or "")
        if len(pasted) + len(self.get_text()) > MOST_CODE:
            self.too_long()
            return
        start, end = sorted(self.select_range) if self.select_range != [0, 0] else (0, 0)
        text = self.get_text()
        if start == end:
            start = end = self.edit_position
        self.set_text(text[:start] + pasted + text[end:])
        self.edit_position = start + len(pasted)
        self.cursor_has_moved_recently = True


def intro(started: Started) -> str:
    """What the game screen says first: "Anna hosts: Fire & Ice, handicap 2 for Ice; you
    play Ice", or where a resumed game goes on."""
    game = started.game
    name = shown_name(game.friend) or tr("online.your_friend")
    if started.resumed or game.count:
        return tr("online.resumed", name=name, move=game.count + 1)
    setup = online_words(game.record.game, game.record.setup)
    side = side_name(game.me, game.record.game)
    return tr("online.hosts", name=name, setup=setup, side=side)


class JoinScene(CardScreen):
    """The joiner's card."""

    title = "Join online"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, main_backdrop())
        self.table: Table | None = None
        self.waited = 0.0
        self.paired = False
        self.status = ""
        self.notice_text: tuple[str, str] | None = None
        self.typed = ("", "")  # the code and the mailbox, kept over a new window size
        self.back_on_close = False  # a failure said: back to Play a friend once read
        self.kept = load_online().online
        if self.kept is not None and self.kept.over:
            self.kept = None

    def build(self, size: tuple[int, int]) -> None:
        super().build(size)
        width, height = size
        content = px(90 + 32 + 58 + 32 + 44 + 34 + 34 + 34 + 86)
        card = pygame.Rect(0, 0, min(px(760), width - 40), min(height - px(20), content))
        card.center = (width // 2, height // 2)
        self.panel_rect = card
        m = self.manager
        pygame_gui.elements.UILabel(
            pygame.Rect(card.x, card.y + px(12), card.width, px(64)),
            tr("online.join_title"),
            m,
            object_id="#title",
        )
        x, inner = card.x + px(30), card.width - px(60)
        y = card.y + px(90)
        pygame_gui.elements.UILabel(pygame.Rect(x, y, inner, px(28)), tr("online.code_label"), m)
        y += px(32)
        self.code_entry = CodeEntry(pygame.Rect(x, y, inner, px(44)), m)
        self.code_entry.too_long = lambda: self.tell(tr("online.code_too_long", most=MOST_CODE))
        self.code_entry.set_text(self.typed[0])
        self.code_entry.set_text_length_limit(MOST_CODE)
        y += px(58)
        pygame_gui.elements.UILabel(pygame.Rect(x, y, inner, px(28)), tr("online.servers_label"), m)
        y += px(32)
        self.mailbox_entry = SafeTextEntryLine(pygame.Rect(x, y, inner, px(40)), m)
        self.mailbox_entry.set_text(self.typed[1])
        y += px(44)
        pygame_gui.elements.UILabel(
            pygame.Rect(x, y, inner, px(24)),
            tr("online.servers_tip", address=self.settings.mailbox),
            m,
            object_id="#keys",
        )
        y += px(34)
        kept = ""
        if self.kept is not None:
            friend = shown_name(self.kept.friend) or tr("online.your_friend")
            kept = tr("online.kept_offered", name=friend, move=self.kept.count + 1)
        self.kept_label = pygame_gui.elements.UILabel(pygame.Rect(x, y, inner, px(28)), kept, m)
        y += px(34)
        self.status_label = pygame_gui.elements.UILabel(
            pygame.Rect(x, y, inner, px(28)), self.status, m
        )
        self.join_button = button(
            m,
            pygame.Rect(card.centerx - px(230), card.bottom - px(66), px(220), px(48)),
            tr("online.join"),
            tr("online.join_tip"),
            object_id="#menu_button",
        )
        self.back_button = button(
            m,
            pygame.Rect(card.centerx + px(10), card.bottom - px(66), px(220), px(48)),
            tr("common.back"),
        )
        self.notice = Notice(m)
        if self.notice_text is not None:
            self.notice.show(*self.notice_text)
        self.refresh()

    def refresh(self) -> None:
        joining = self.table is not None
        self.status_label.set_text(self.status)
        self.back_button.set_text(tr("online.cancel") if joining else tr("common.back"))
        if joining:
            self.join_button.disable()
            self.code_entry.disable()
            self.mailbox_entry.disable()
        else:
            self.join_button.enable()
            self.code_entry.enable()
            self.mailbox_entry.enable()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.notice.handle_event(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.join_button:
                self.join()
            elif event.ui_element is self.back_button:
                self.back()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.table is None:
            self.join()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def back(self) -> None:
        """Cancel joining, or back to where online play is chosen."""
        if self.table is not None:
            self.stop()
            self.status = tr("online.join_cancelled")
            self.refresh()
            return
        self.nav.go(connecting.FRIEND_ROUTE)

    def tell(self, text: str) -> None:
        """A message window over the card (kept over a new window size)."""
        self.notice_text = (tr("online.join_title"), text)
        self.notice.show(*self.notice_text)

    def join(self) -> None:
        """Check the code and the address, then look for the host."""
        text = self.code_entry.get_text()
        mailbox = self.mailbox_entry.get_text().strip()
        self.typed = (text, mailbox)
        if len(text) > MOST_CODE:
            self.tell(tr("online.code_too_long", most=MOST_CODE))
            return
        try:
            code = check_code(text)
            if mailbox:
                mailbox = check_mailbox(mailbox)
        except AddressError as error:
            self.tell(say(error.words))
            return
        settings = self.settings
        servers = Servers(mailbox or settings.mailbox, settings.relay, settings.direct_connections)
        keeper = Keeper()
        if self.kept is not None:
            keeper.id = self.kept.id
        name = connecting.player_name(settings)
        session = Session("guest", self.kept, name, keeper, connecting.version())
        link = connecting.open_link(servers)
        self.table = Table(session, link)
        self.code_entry.set_text(code)
        link.join(code)  # type: ignore[attr-defined]
        self.waited = 0.0
        self.paired = False
        self.status = tr("online.joining", code=code)
        self.refresh()

    def stop(self) -> None:
        if self.table is not None:
            self.table.close()
            self.table = None

    def update(self, dt: float) -> bool:
        if self.back_on_close and not self.notice.is_open:
            self.nav.go(connecting.FRIEND_ROUTE)
            return True
        table = self.table
        if table is None:
            return super().update(dt)
        self.waited += dt
        happened = table.pump(0)
        for index, event in enumerate(happened):
            if isinstance(event, Connection) and event.state in ("paired", "connected"):
                self.paired = True
                self.status = tr("online.connecting")
            elif isinstance(event, Connection) and event.state == "closed":
                self.failed(tr("online.closed_early"))
                return True
            elif isinstance(event, Failed):
                self.failed(say(event.words))
                return True
            elif isinstance(event, Started):
                self.table = None  # handed over to the game screen
                rest = happened[index + 1 :]
                self.nav.go("online_play", play=OnlinePlay(table, rest, intro=intro(event)))
                return True
        if not self.paired and self.waited > NOBODY_YET:
            self.status = tr("online.nobody_yet", code=self.typed[0].strip())
        if self.status != self.status_label.text:
            self.status_label.set_text(self.status)
        return True

    def failed(self, text: str) -> None:
        """Joining failed (a wrong code, no mailbox, another version): say why, then back
        to where online play is chosen once the window is closed."""
        self.stop()
        self.status = ""
        self.refresh()
        self.tell(text)
        self.back_on_close = True

    def leave(self) -> None:
        self.stop()


__all__ = ["JoinScene"]
