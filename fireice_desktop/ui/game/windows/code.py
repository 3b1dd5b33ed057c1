"""The game code window of a game by code: the code to send, with Copy, and a box to paste
the friend's code into, with Paste and OK.

The code is in a box of its own, where it can be selected too; what the friend's code says
is read by the window's owner (``receive``), which answers with a message or closes it.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.core.utility import clipboard_copy, clipboard_paste

from ....engine.correspondence import MOST_CHARACTERS
from ...frame.scene import button
from ...toolkit.language import tr
from ...toolkit.scaling import px
from ...toolkit.text import SafeTextEntryBox, SafeTextEntryLine, shown


class CodeWindow:
    """The code to send (``code``, with ``heading`` above it), and the friend's code to
    paste; OK hands the pasted text to ``receive``, which returns what to say (``""``:
    taken, and the window closes)."""

    def __init__(
        self,
        manager: pygame_gui.UIManager,
        heading: str,
        code: str,
        receive: Callable[[str], str],
    ) -> None:
        self.manager = manager
        self.code = code
        self.receive = receive
        width, height = manager.window_resolution
        rect = pygame.Rect(0, 0, min(px(500), width - px(40)), min(px(430), height - px(40)))
        rect.center = (width // 2, height // 2)
        self.window = pygame_gui.elements.UIWindow(
            rect, manager, window_display_title=tr("code.window_title"), always_on_top=True
        )
        inner = self.window.get_container().get_rect()
        w, h = inner.width, inner.height
        self.heading = pygame_gui.elements.UITextBox(
            html.escape(heading),
            pygame.Rect(px(6), px(4), w - px(12), px(76)),
            manager,
            container=self.window,
        )
        self.code_box = SafeTextEntryBox(
            pygame.Rect(px(10), px(82), w - px(20), px(58)), code, manager, container=self.window
        )
        self.copy_button = button(
            manager,
            pygame.Rect(px(10), px(146), w - px(20), px(36)),
            tr("code.copy"),
            tr("code.copy_tip"),
            container=self.window,
        )
        pygame_gui.elements.UILabel(
            pygame.Rect(px(10), px(190), w - px(20), px(24)),
            tr("code.paste_label"),
            manager,
            container=self.window,
        )
        self.entry = SafeTextEntryLine(
            pygame.Rect(px(10), px(216), w - px(20), px(36)), manager, container=self.window
        )
        self.entry.set_text_length_limit(MOST_CHARACTERS)
        half = (w - px(28)) // 2
        self.paste_button = button(
            manager,
            pygame.Rect(px(10), px(258), half, px(36)),
            tr("code.paste"),
            tr("code.paste_tip"),
            container=self.window,
        )
        self.ok_button = button(
            manager,
            pygame.Rect(px(18) + half, px(258), w - px(28) - half, px(36)),
            tr("code.ok"),
            tr("code.ok_tip"),
            container=self.window,
        )
        self.status = pygame_gui.elements.UITextBox(
            "",
            pygame.Rect(px(6), px(300), w - px(12), max(px(40), h - px(306))),
            manager,
            container=self.window,
        )

    @property
    def is_open(self) -> bool:
        """Whether the window is on screen."""
        return self.window.alive()

    def close(self) -> None:
        """Close the window."""
        self.window.kill()

    def say(self, text: str) -> None:
        """Say ``text`` (plain text, whatever it quotes) under the buttons."""
        self.status.set_text(html.escape(shown(text)))

    def paste(self) -> None:
        """Put the text copied elsewhere in the paste box (what is too long is refused)."""
        pasted = clipboard_paste() or ""
        if not pasted.strip():
            self.say(tr("code.nothing_to_paste"))
        elif len(pasted) > MOST_CHARACTERS:
            self.say(tr("code.paste_too_long", most=MOST_CHARACTERS))
        else:
            self.entry.set_text(shown(pasted).replace("\n", " "))
            self.say(tr("code.pasted"))

    def take(self) -> None:
        """OK: the friend's code goes to the game; the window closes if it was taken."""
        text = self.entry.get_text()
        if not text.strip():
            self.say(tr("code.paste_first"))
            return
        said = self.receive(text)
        if said:
            self.say(said)
        else:
            self.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The window's buttons and keys; ``True`` while the window takes the event."""
        if not self.is_open:
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.copy_button:
                clipboard_copy(self.code)
                self.say(tr("code.copied"))
                return True
            if event.ui_element is self.paste_button:
                self.paste()
                return True
            if event.ui_element is self.ok_button:
                self.take()
                return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.take()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            return True  # the keys are the boxes' while the window is open
        return False


__all__ = ["CodeWindow"]
