"""Saving, opening and sharing games in the desktop app.

The Open and Save dialogs are pygame-gui's file dialog; the Text window shows a game
in pbmserv notation to copy into a message, or takes one pasted from a message.
Reading and writing files is :mod:`fireice_desktop.storage`'s job; this module only
asks the player and shows what happened.
"""

from __future__ import annotations

import contextlib
import html
import locale
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core.utility import clipboard_copy, clipboard_paste

from ..engine.errors import words_of
from ..engine.record import GameRecord
from ..storage import (
    MAX_RECORD_BYTES,
    SAVE_SUFFIX,
    TEXT_SUFFIX,
    SaveFileError,
    games_dir,
    read_game,
    system_words,
    write_game,
)
from .game.jobs import JOB_DONE, Job
from .language import number, say, tr
from .scene import button
from .text import SafeTextEntryBox, SafeTextEntryLine, shown
from .views import VIEWS


@contextlib.contextmanager
def locale_the_system_has() -> Iterator[None]:
    """While active, an environment naming a locale the system lacks reads as "C".

    pygame-gui's file dialog sets the locale from the environment (to sort the names it
    lists), and a ``LANG`` naming a locale that was never installed makes that raise; the
    environment is as it was afterwards (the game's language is chosen from it)."""
    try:
        locale.setlocale(locale.LC_ALL, "")
    except locale.Error:
        saved = os.environ.get("LC_ALL")
        os.environ["LC_ALL"] = "C"
        try:
            yield
        finally:
            if saved is None:
                del os.environ["LC_ALL"]
            else:
                os.environ["LC_ALL"] = saved
    else:
        yield


def record_summary(record: GameRecord) -> str:
    """One line about a saved game, for the menu's Continue button."""
    return VIEWS[record.game].summary(record)


def show_error(
    manager: pygame_gui.UIManager, title: str, text: str, button_text: str | None = None
) -> pygame_gui.windows.UIMessageWindow:
    """A small window with ``text`` that the player closes with its button (or Esc);
    the button says ``button_text`` ("Close" when not given)."""
    width, height = manager.window_resolution
    rect = pygame.Rect(0, 0, min(460, width - 40), 230 if len(text) < 240 else 300)
    rect.center = (width // 2, height // 2)
    window = pygame_gui.windows.UIMessageWindow(
        rect,
        html.escape(shown(text)),
        manager,
        window_title=title,
        always_on_top=True,
    )
    # pygame-gui's own word for the button ("Dismiss", in Italian "Congedare") is not one
    # for an error: the game's "Close", without pygame-gui's English tip.
    if window.dismiss_button is not None:
        window.dismiss_button.set_text(button_text or tr("common.close"))
        window.dismiss_button.set_tooltip(None)
    window.set_blocking(True)
    return window


class Notice:
    """At most one message window of a screen, such as "Your kept game could not be
    read"; Esc, Enter or its button closes it, and no key reaches the screen meanwhile."""

    def __init__(self, manager: pygame_gui.UIManager) -> None:
        self.manager = manager
        self.window: pygame_gui.windows.UIMessageWindow | None = None

    @property
    def is_open(self) -> bool:
        """Whether the window is on screen."""
        return self.window is not None and self.window.alive()

    def show(self, title: str, text: str, button_text: str | None = None) -> None:
        """Show ``text`` under ``title`` (replacing a notice already shown)."""
        self.close()
        self.window = show_error(self.manager, title, text, button_text)

    def close(self) -> None:
        """Close the window."""
        if self.window is not None and self.window.alive():
            self.window.kill()
        self.window = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """``True`` while the window takes the event (every key does)."""
        if not self.is_open:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.close()
            return True
        return False


def error_text(error: BaseException) -> str:
    """What ``error`` says (a file that cannot be opened or saved, a game that cannot be
    read), in the player's language where it was given in words the game translates."""
    return say(words_of(error))


def default_name(record: GameRecord) -> str:
    """A file name for a new save: the kind of game and the date and time."""
    stamp = time.strftime("%Y-%m-%d %H.%M")
    return f"{VIEWS[record.game].file_stem(record)} {stamp}{SAVE_SUFFIX}"


#: The longest path the file name box takes (the longest a system allows, PATH_MAX on
#: Linux): a paste of a whole document into it is refused, not laid out.
MAX_PATH_CHARS = 4096


def shown_name(text: str, limit: int = 60) -> str:
    """A name as a message shows it: whole when short, else its start and its end (the
    end tells which file) around an ellipsis."""
    if len(text) <= limit:
        return text
    half = (limit - 1) // 2
    return f"{text[:half]}\u2026{text[-half:]}"


def usable_path(path: Path, test: Callable[[Path], bool]) -> bool:
    """``test(path)``, false when the system refuses to look at ``path`` at all (a name
    too long for it, a NUL in it)."""
    try:
        return test(path)
    except (OSError, ValueError):
        return False


class SafeFileDialog(pygame_gui.windows.UIFileDialog):
    """pygame-gui's file dialog, kept from crashing on names the system refuses.

    pygame-gui asks the system about every name typed (``Path.is_file``, ``exists``), and
    the system answers a name longer than it allows with an error, which pygame-gui 0.6.14
    passes up.  Here such a name leaves the dialog as it was before it (no file chosen,
    OK disabled); ``refused`` is told when the player pressed Enter on it.
    """

    refused: Callable[[str, OSError], None] = staticmethod(lambda name, error: None)

    def _setup_ui_elements(self) -> None:
        super()._setup_ui_elements()
        # The name box the dialog made, with the guard above (its class is pygame-gui's
        # own with two methods more, so the box is otherwise the same).
        self.file_path_text_line.__class__ = SafeTextEntryLine

    def process_event(self, event: pygame.event.Event) -> bool:
        try:
            return bool(super().process_event(event))
        except OSError as error:
            name = self.file_path_text_line.get_text()
            self.current_directory_path = self.last_valid_directory_path
            self._set_no_file_selected_state()
            if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
                self.refused(name, error)
            return True


class FileDialogs:
    """The Open and Save dialogs of one scene, and what comes of the player's choice.

    The scene passes every event to :meth:`handle_event` first.
    """

    def __init__(
        self,
        manager: pygame_gui.UIManager,
        opened: Callable[[GameRecord, Path], None],
        saved: Callable[[Path], None] = lambda path: None,
        remembered: dict[str, Any] | None = None,
    ) -> None:
        self.manager = manager
        #: Where the last dialog ended, kept by the app while it runs (the context's choices).
        self.remembered: dict[str, Any] = remembered if remembered is not None else {}
        self.opened = opened
        self.saved = saved
        self.dialog: pygame_gui.windows.UIFileDialog | None = None
        self.replace_dialog: pygame_gui.windows.UIConfirmationDialog | None = None
        self.error_window: pygame_gui.windows.UIMessageWindow | None = None
        self.purpose = ""
        self.record: GameRecord | None = None
        self.target: Path | None = None
        #: A large file being read off the UI thread, and its path.
        self.reading: Job[GameRecord] | None = None
        self.reading_path: Path | None = None

    def start_folder(self) -> Path:
        """Where a dialog opens: where the last one ended, or the games folder."""
        folder = self.remembered.get("folder")
        if isinstance(folder, Path) and usable_path(folder, Path.is_dir):
            return folder
        return games_dir()

    @property
    def is_open(self) -> bool:
        """Whether a dialog of this scene is on screen."""
        return any(window is not None and window.alive() for window in self._windows)

    @property
    def _windows(self) -> tuple[pygame_gui.elements.UIWindow | None, ...]:
        return (self.dialog, self.replace_dialog, self.error_window)

    def _dialog(self, title: str, initial: Path, existing_only: bool) -> None:
        self.close()
        width, height = self.manager.window_resolution
        rect = pygame.Rect(0, 0, min(560, width - 40), min(460, height - 40))
        rect.center = (width // 2, height // 2)
        with locale_the_system_has():
            dialog = SafeFileDialog(
                rect,
                self.manager,
                window_title=title,
                initial_file_path=str(initial),
                allow_existing_files_only=existing_only,
                allowed_suffixes={SAVE_SUFFIX, TEXT_SUFFIX},
                always_on_top=True,
            )
        # The dialog can delete files; a game has no business doing that.
        gap = dialog.parent_directory_button.relative_rect.x - dialog.delete_button.relative_rect.x
        dialog.delete_button.kill()
        for icon in (dialog.parent_directory_button, dialog.refresh_button):
            icon.set_relative_position((icon.relative_rect.x - gap, icon.relative_rect.y))
        dialog.set_blocking(True)
        dialog.file_path_text_line.set_text_length_limit(MAX_PATH_CHARS)
        dialog.refused = self._refused
        self.dialog = dialog

    def _refused(self, name: str, error: OSError) -> None:
        """The system would not look at the name typed: say why, over the dialog."""
        why = say(system_words(error))
        title = tr("saving.cannot_open" if self.purpose == "open" else "saving.cannot_save")
        self._error(title, tr("saving.bad_name", name=shown_name(name), error=why))

    def ask_open(self) -> None:
        """Show the Open dialog (saved games and plain text games)."""
        self.purpose = "open"
        self._dialog(tr("menu.open"), self.start_folder(), existing_only=True)

    def ask_save(self, record: GameRecord) -> None:
        """Show the Save dialog for ``record`` (``.txt`` saves plain text)."""
        self.purpose = "save"
        self.record = record
        self._dialog(
            tr("saving.save_title", game=SAVE_SUFFIX, text=TEXT_SUFFIX),
            self.start_folder() / default_name(record),
            existing_only=False,
        )

    def close(self) -> None:
        """Close any dialog of this scene."""
        for window in self._windows:
            if window is not None and window.alive():
                window.kill()
        self.dialog = self.replace_dialog = self.error_window = None

    def _error(self, title: str, text: str) -> None:
        self.error_window = show_error(self.manager, title, text)
        # The keys go to the message now, not to a name box behind it (Enter closes it).
        self.manager.set_focus_set(self.error_window)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to the dialogs' answers; ``True`` if the event was theirs."""
        if event.type == JOB_DONE and self.reading is not None and self.reading.done:
            self._read()
        dialog = self.dialog
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is dialog:
            self._picked(Path(event.text))
            return True
        if (
            event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED
            and dialog is not None
            and dialog.alive()
            and event.ui_element is dialog.file_path_text_line
        ):
            # Enter in the file name box: the same as OK, once the name is a file's.
            path = dialog.current_file_path
            if (
                path is not None
                and not usable_path(path, Path.is_dir)
                and usable_path(path, dialog._validate_file_path)
            ):
                dialog.kill()
                self._picked(path)
            return True
        replace = self.replace_dialog
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if (
            event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED
            and event.ui_element is replace
        ) or (enter and replace is not None and replace.alive()):
            replace.kill()  # type: ignore[union-attr]
            self.replace_dialog = None
            if self.target is not None:
                self.save(self.target)
            return True
        if self.is_open and event.type == pygame.KEYDOWN:
            error = self.error_window
            if error is not None and error.alive() and (enter or event.key == pygame.K_ESCAPE):
                error.kill()  # back to the dialog, if the message was about a name typed there
                self.error_window = None
            elif event.key == pygame.K_ESCAPE:
                self.close()
            return True  # typing a file name, not a shortcut
        return False

    def _picked(self, path: Path) -> None:
        self.dialog = None
        self.remembered["folder"] = path.parent
        if self.purpose == "open":
            self.open(path)
        else:
            self._save_to(path)

    def open(self, path: Path) -> None:
        """Read the game in ``path``; a bad file gets a message and changes nothing.

        A large file (no game is) is read on a background thread, and its game opened or
        its message shown when the reading ends.
        """
        try:
            large = os.stat(path).st_size > READ_AWAY_BYTES
        except (OSError, ValueError):
            large = False  # read_game says what is wrong with it
        if large:
            if self.reading is not None:
                self.reading.cancel()
            self.reading = Job(lambda stop: read_game(path))
            self.reading_path = path
            return
        try:
            record = read_game(path)
        except SaveFileError as error:
            self._error(tr("saving.cannot_open"), error_text(error))
            return
        self.opened(record, path)

    def _read(self) -> None:
        """A large file has been read: open its game, or say what is wrong with it."""
        job, path = self.reading, self.reading_path
        self.reading = self.reading_path = None
        assert job is not None and path is not None
        if isinstance(job.error, SaveFileError):
            self._error(tr("saving.cannot_open"), error_text(job.error))
        elif job.error is not None:
            raise job.error
        elif job.result is not None:
            self.opened(job.result, path)

    def _save_to(self, path: Path) -> None:
        if path.suffix.lower() not in (SAVE_SUFFIX, TEXT_SUFFIX):
            path = path.with_name(path.name + SAVE_SUFFIX)
        if usable_path(path, Path.exists) and not usable_path(path, Path.is_dir):
            self.target = path
            width, height = self.manager.window_resolution
            rect = pygame.Rect(0, 0, min(400, width - 40), 180)
            rect.center = (width // 2, height // 2)
            self.replace_dialog = pygame_gui.windows.UIConfirmationDialog(
                rect,
                tr("saving.replace_text", name=html.escape(shown(path.name))),
                self.manager,
                window_title=tr("saving.replace_title"),
                action_short_name=tr("saving.replace"),
                blocking=True,
                always_on_top=True,
            )
            return
        self.save(path)

    def save(self, path: Path) -> None:
        """Write the game to ``path``; a failure gets a message and leaves the file as it was."""
        assert self.record is not None
        try:
            write_game(path, self.record)
        except SaveFileError as error:
            self._error(tr("saving.cannot_save"), error_text(error))
            return
        self.saved(path)


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
        rect = pygame.Rect(0, 0, min(460, width - 40), min(520, height - 40))
        rect.center = (width // 2, height // 2)
        self.window = pygame_gui.elements.UIWindow(
            rect, manager, window_display_title=tr("saving.text_title"), always_on_top=True
        )
        self.window.set_blocking(True)
        inner = self.window.get_container().get_rect()
        w, h = inner.width, inner.height
        pygame_gui.elements.UILabel(
            pygame.Rect(10, 6, w - 20, 22),
            tr("saving.text_help"),
            manager,
            container=self.window,
            object_id="#keys",
        )
        # Three lines for what the window says (a refused text's reason is long), two on
        # the smallest window.
        said = 72 if h >= 400 else 50
        self.box = SafeTextEntryBox(
            pygame.Rect(10, 32, w - 20, h - 32 - 50 - said), "", manager, container=self.window
        )
        self.box.paste_limit = BOX_CHARS
        self.box.large_paste = self.paste
        self.status = pygame_gui.elements.UITextBox(
            "", pygame.Rect(6, h - 48 - said, w - 12, said), manager, container=self.window
        )
        third = (w - 20 - 16) // 3
        y = h - 46
        self.copy_button = button(
            manager,
            pygame.Rect(10, y, third, 36),
            tr("saving.copy"),
            tr("saving.copy_tip"),
            container=self.window,
        )
        self.paste_button = button(
            manager,
            pygame.Rect(18 + third, y, third, 36),
            tr("saving.paste"),
            tr("saving.paste_tip"),
            container=self.window,
        )
        self.play_button = button(
            manager,
            pygame.Rect(26 + 2 * third, y, w - 20 - 2 * third - 16, 36),
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


__all__ = ["FileDialogs", "Notice", "TextWindow", "error_text", "record_summary", "show_error"]
