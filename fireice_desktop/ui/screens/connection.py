"""The settings of online play: the name the friend sees, the mailbox server and the transit
relay (magic-wormhole's public ones by default), and whether a direct connection is tried.

An address that cannot be one is refused with a message and not saved; Default puts back
magic-wormhole's public servers.
"""

from __future__ import annotations

import pygame
import pygame_gui

from ...online.addresses import (
    PUBLIC_MAILBOX,
    PUBLIC_RELAY,
    AddressError,
    check_mailbox,
    check_relay,
)
from ..frame.cards import CardScreen
from ..frame.navigation import Context
from ..frame.scene import button, choice_row
from ..frame.settings import MOST_NAME
from ..games.installed import main_backdrop
from ..toolkit.language import say, tr
from ..toolkit.notices import Notice
from ..toolkit.scaling import px
from ..toolkit.text import SafeTextEntryLine


class OnlineSettingsScene(CardScreen):
    """The online settings on a card, saved with Save."""

    title = "Online settings"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, main_backdrop())
        settings = ctx.settings
        self.direct = settings.direct_connections
        self.texts = (settings.player_name, settings.mailbox, settings.relay)

    def build(self, size: tuple[int, int]) -> None:
        super().build(size)
        width, height = size
        content = px(96) + 3 * px(54) + px(50) + px(34) + px(86)
        card = pygame.Rect(0, 0, min(px(760), width - 40), min(height - px(20), content))
        card.center = (width // 2, height // 2)
        self.panel_rect = card
        m = self.manager
        pygame_gui.elements.UILabel(
            pygame.Rect(card.x, card.y + px(12), card.width, px(64)),
            tr("online.settings_title"),
            m,
            object_id="#title",
        )
        x, label = card.x + px(30), px(220)
        entry_x, entry_width = x + label, card.right - px(30) - x - label
        y = card.y + px(96)
        self.entries = []
        for key, text in zip(("name", "mailbox", "relay"), self.texts, strict=True):
            pygame_gui.elements.UILabel(
                pygame.Rect(x, y, label, px(40)),
                tr(f"online.setting_{key}"),
                m,
                object_id="#setting_label",
            )
            entry = SafeTextEntryLine(pygame.Rect(entry_x, y, entry_width, px(40)), m)
            entry.set_text(text)
            if key == "name":
                entry.set_text_length_limit(MOST_NAME)
            self.entries.append(entry)
            y += px(54)
        options = [(tr("common.on"), True), (tr("common.off"), False)]
        row = choice_row(m, card, y, tr("online.setting_direct"), label, options, lambda _: None)
        self.direct_buttons = dict(row)
        y += px(50)
        pygame_gui.elements.UILabel(
            pygame.Rect(x, y, card.width - px(60), px(24)),
            tr("online.setting_direct_tip"),
            m,
            object_id="#keys",
        )
        third = (card.width - px(60) - px(16)) // 3
        bottom = card.bottom - px(66)
        self.save_button, self.default_button, self.back_button = (
            button(
                m,
                pygame.Rect(x + i * (third + px(8)), bottom, third, px(48)),
                tr(key),
                tr(f"{key}_tip") if key != "common.back" else None,
            )
            for i, key in enumerate(("online.save", "online.default", "common.back"))
        )
        self.notice = Notice(m)
        self.refresh()

    def refresh(self) -> None:
        for element, value in self.direct_buttons.items():
            element.select() if value == self.direct else element.unselect()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.notice.handle_event(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            element = event.ui_element
            if element in self.direct_buttons:
                self.direct = self.direct_buttons[element]
                self.refresh()
            elif element is self.default_button:
                self.entries[1].set_text(PUBLIC_MAILBOX)
                self.entries[2].set_text(PUBLIC_RELAY)
            elif element is self.save_button:
                self.save()
            elif element is self.back_button:
                self.nav.go("settings")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.nav.go("settings")

    def save(self) -> bool:
        """Check the addresses and save; a bad one is said and nothing is saved."""
        name, mailbox, relay = (entry.get_text() for entry in self.entries)
        self.texts = (name, mailbox, relay)
        try:
            mailbox = check_mailbox(mailbox)
            relay = check_relay(relay)
        except AddressError as error:
            self.notice.show(tr("online.settings_title"), say(error.words))
            return False
        settings = self.settings
        settings.player_name = " ".join(name.split())[:MOST_NAME]
        settings.mailbox, settings.relay = mailbox, relay
        settings.direct_connections = self.direct
        self.ctx.files.save_settings(settings)
        self.notice.show(tr("online.settings_title"), tr("online.saved"))
        return True


__all__ = ["OnlineSettingsScene"]
