"""The Text window: a game in pbmserv notation, to copy into a message, or pasted from
one to play; a long text is read off the UI thread."""

from __future__ import annotations

import html
from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.core.utility import clipboard_copy, clipboard_paste

from ....engine.errors import words_of
from ....engine.records.game import GameRecord
from ....files.storage import MAX_RECORD_BYTES
from ...frame.scene import button
from ...toolkit.jobs import JOB_DONE, Job
from ...toolkit.language import number, tr
from ...toolkit.scaling import px
from ...toolkit.text import SafeTextEntryBox, shown

#: The most text the Text window's box lays out: pygame-gui takes about 15 ms to lay out
#: a thousand characters, and a game of Fire & Ice is a few hundred.
BOX_CHARS = 1000
#: Texts longer than this are read and checked off the UI thread: no game is as long, and
#: checking a crafted text of the largest size allowed may take longer than a frame.
READ_AWAY_BYTES = 16 * 1024


class TextWindow:
    """The game in pbmserv notation: copy it into a message, or paste one in and play it.

    The window holds :attr:`text`, what Copy copies and Play it reads; the box shows it
    when it is short enough to lay out at once (:data:`BOX_CHARS`, far more than any game
    takes), else its start, and a text pasted is refused over the size of a saved game.
    """

    def __init__(
        self,
        manager: pygame_gui.UIManager,
        text: str,
        play: Callable[[GameRecord], None],
    ) -> None:
        self.manager = manager
        self.play = play
        width, height = manager.window_resolution
        rect = pygame.Rect(0, 0, min(px(460), width - px(40)), min(px(520), height - px(40)))
        rect.center = (width // 2, height // 2)
        self.window = pygame_gui.elements.UIWindow(
            rect, manager, window_display_title=tr("saving.text_title"), always_on_top=True
        )
        self.window.set_blocking(True)
        inner = self.window.get_container().get_rect()
        w, h = inner.width, inner.height
        pygame_gui.elements.UILabel(
            pygame.Rect(px(10), px(6), w - px(20), px(22)),
            tr("saving.text_help"),
            manager,
            container=self.window,
            object_id="#keys",
        )
        # Three lines for what the window says (a refused text's reason is long), two on
        # the smallest window.
        said = px(72) if h >= px(400) else px(50)
        self.box = SafeTextEntryBox(
            pygame.Rect(px(10), px(32), w - px(20), h - px(32) - px(50) - said),
            "",
            manager,
            container=self.window,
        )
        self.box.paste_limit = BOX_CHARS
        self.box.large_paste = self.paste
        self.status = pygame_gui.elements.UITextBox(
            "",
            pygame.Rect(px(6), h - px(48) - said, w - px(12), said),
            manager,
            container=self.window,
        )
        third = (w - px(36)) // 3
        y = h - px(46)
        self.copy_button = button(
            manager,
            pygame.Rect(px(10), y, third, px(36)),
            tr("saving.copy"),
            tr("saving.copy_tip"),
            container=self.window,
        )
        self.paste_button = button(
            manager,
            pygame.Rect(px(18) + third, y, third, px(36)),
            tr("saving.paste"),
            tr("saving.paste_tip"),
            container=self.window,
        )
        self.play_button = button(
            manager,
            pygame.Rect(px(26) + px(2) * third, y, w - px(20) - px(2) * third - px(16), px(36)),
            tr("saving.play"),
            tr("saving.play_tip"),
            container=self.window,
        )
        self.text = ""
        self._preview: str | None = None  # the start of a long text, as the box shows it
        self.reading: Job[GameRecord] | None = None  # a long text being read
        self.hold(text)
        #: The keys go to the text (Ctrl+V pastes, Ctrl+A selects it all) from the first
        #: event after the one that opened the window, whose letter (T) is not the text's.
        self._focus_box = True

    @property
    def is_open(self) -> bool:
        """Whether the window is still on screen."""
        return self.window.alive()

    def close(self) -> None:
        """Close the window."""
        self.window.kill()

    def hold(self, text: str) -> bool:
        """Hold ``text`` and show it (its start, when long, and as the box can lay it
        out: :func:`~.text.shown`); whether it was long."""
        self.text = text
        display = shown(text)
        long = len(display) > BOX_CHARS
        if long:
            cut = display.rfind("\n", 0, BOX_CHARS)
            if cut < BOX_CHARS // 2:  # a long line: show its start rather than nothing of it
                cut = BOX_CHARS
            display = display[:cut] + "\n\u2026"
        self._preview = display if display != text else None
        self.box.set_text(display)
        return long

    def current_text(self) -> str:
        """The text Copy and Play it take: the box's, or the whole long text it shows the
        start of (until the player edits it)."""
        shown = self.box.get_text()
        if self._preview is not None and shown == self._preview:
            return self.text
        return shown

    def paste(self) -> None:
        """Put the text copied elsewhere in the window (Paste, or Ctrl+V of a long text)."""
        pasted = clipboard_paste() or ""
        if not pasted.strip():
            self._say(tr("saving.nothing_to_paste"))
        elif len(pasted.encode("utf-8", "surrogatepass")) > MAX_RECORD_BYTES:
            self._say(tr("saving.paste_too_large", kb=MAX_RECORD_BYTES // 1024))
        elif self.hold(pasted):
            self._say(tr("saving.pasted_long", chars=number(len(pasted))))
        else:
            self._say(tr("saving.pasted"))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The window's buttons; ``True`` while the window takes the event."""
        if not self.is_open:
            return False
        if self._focus_box and event.type not in (pygame.KEYDOWN, pygame.TEXTINPUT):
            self._focus_box = False
            self.manager.set_focus_set(self.box)
        if event.type == JOB_DONE and self.reading is not None and self.reading.done:
            self._read()
            return False  # other parts of the screen may wait for their own work too
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.copy_button:
                clipboard_copy(self.current_text())
                self._say(tr("saving.copied"))
                return True
            if event.ui_element is self.paste_button:
                self.paste()
                return True
            if event.ui_element is self.play_button:
                self.play_text()
                return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            return True  # the keys are the text box's while the window is open
        return False

    def play_text(self) -> None:
        """Read the text in the box; play it, or say what is wrong with it."""
        text = self.current_text()
        if len(text.encode("utf-8", "surrogatepass")) > MAX_RECORD_BYTES:
            self._say(tr("saving.paste_too_large", kb=MAX_RECORD_BYTES // 1024))
            return
        if len(text) > READ_AWAY_BYTES:
            if self.reading is not None:
                self.reading.cancel()
            self.reading = Job(lambda stop: GameRecord.parse(text))
            self._say(tr("saving.reading"))
            return
        try:
            record = GameRecord.parse(text)
        except ValueError as error:
            self._say(tr("saving.not_a_game", error=words_of(error)))
            return
        self.close()
        self.play(record)

    def _read(self) -> None:
        """A long text has been read: play its game, or say what is wrong with it."""
        job, self.reading = self.reading, None
        assert job is not None
        if isinstance(job.error, ValueError):
            self._say(tr("saving.not_a_game", error=words_of(job.error)))
        elif job.error is not None:
            raise job.error
        elif job.result is not None:
            self.close()
            self.play(job.result)

    def _say(self, text: str) -> None:
        self.status.set_text(html.escape(shown(text)))


__all__ = ["BOX_CHARS", "READ_AWAY_BYTES", "TextWindow"]
