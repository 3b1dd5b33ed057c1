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
from ..storage import SAVE_SUFFIX, TEXT_SUFFIX, SaveFileError, games_dir, read_game, write_game
from .language import say, tr
from .scene import button
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
    manager: pygame_gui.UIManager, title: str, text: str
) -> pygame_gui.windows.UIMessageWindow:
    """A small window with ``text`` that the player closes with its button (or Esc)."""
    width, height = manager.window_resolution
    rect = pygame.Rect(0, 0, min(460, width - 40), 230)
    rect.center = (width // 2, height // 2)
    window = pygame_gui.windows.UIMessageWindow(
        rect,
        html.escape(text),
        manager,
        window_title=title,
        always_on_top=True,
    )
    # pygame-gui's own word for the button ("Dismiss", in Italian "Congedare") is not one
    # for an error: the game's "Close", without pygame-gui's English tip.
    if window.dismiss_button is not None:
        window.dismiss_button.set_text(tr("common.close"))
        window.dismiss_button.set_tooltip(None)
    window.set_blocking(True)
    return window


def error_text(error: BaseException) -> str:
    """What ``error`` says (a file that cannot be opened or saved, a game that cannot be
    read), in the player's language where it was given in words the game translates."""
    return say(words_of(error))


def default_name(record: GameRecord) -> str:
    """A file name for a new save: the kind of game and the date and time."""
    stamp = time.strftime("%Y-%m-%d %H.%M")
    return f"{VIEWS[record.game].file_stem(record)} {stamp}{SAVE_SUFFIX}"


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

    def start_folder(self) -> Path:
        """Where a dialog opens: where the last one ended, or the games folder."""
        folder = self.remembered.get("folder")
        return folder if isinstance(folder, Path) and folder.is_dir() else games_dir()

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
            dialog = pygame_gui.windows.UIFileDialog(
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
        self.dialog = dialog

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

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to the dialogs' answers; ``True`` if the event was theirs."""
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
            if path is not None and not path.is_dir() and dialog._validate_file_path(path):
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
            if event.key == pygame.K_ESCAPE or (enter and self.error_window is not None):
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
        """Read the game in ``path``; a bad file gets a message and changes nothing."""
        try:
            record = read_game(path)
        except SaveFileError as error:
            self._error(tr("saving.cannot_open"), error_text(error))
            return
        self.opened(record, path)

    def _save_to(self, path: Path) -> None:
        if path.suffix.lower() not in (SAVE_SUFFIX, TEXT_SUFFIX):
            path = path.with_name(path.name + SAVE_SUFFIX)
        if path.exists() and not path.is_dir():
            self.target = path
            width, height = self.manager.window_resolution
            rect = pygame.Rect(0, 0, min(400, width - 40), 180)
            rect.center = (width // 2, height // 2)
            self.replace_dialog = pygame_gui.windows.UIConfirmationDialog(
                rect,
                tr("saving.replace_text", name=html.escape(path.name)),
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


class SafeTextEntryBox(pygame_gui.elements.UITextEntryBox):
    """pygame-gui's multi-line entry box, kept from crashing on its own selection bugs.

    In pygame-gui 0.6.14 typing over some selections (a part of a line that does not
    start it) raises ``RuntimeError``, and a key after ``set_text`` with a selection
    open raises ``IndexError``.  Here ``set_text`` drops the selection, and an edit that
    trips either bug is undone instead of closing the program.
    """

    def set_text(self, html_text: str, *, text_kwargs: dict[str, str] | None = None) -> None:
        self.select_range = [0, 0]
        super().set_text(html_text, text_kwargs=text_kwargs)

    def process_event(self, event: pygame.event.Event) -> bool:
        before = self.get_text()
        try:
            return bool(super().process_event(event))
        except (RuntimeError, IndexError):
            self.set_text(before)  # the box's own layout broke: keep the text as it was
            return True


class TextWindow:
    """The game in pbmserv notation: copy it into a message, or paste one in and play it."""

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
        self.box = SafeTextEntryBox(
            pygame.Rect(10, 32, w - 20, h - 32 - 96), text, manager, container=self.window
        )
        self.status = pygame_gui.elements.UITextBox(
            "", pygame.Rect(6, h - 94, w - 12, 46), manager, container=self.window
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

    @property
    def is_open(self) -> bool:
        """Whether the window is still on screen."""
        return self.window.alive()

    def close(self) -> None:
        """Close the window."""
        self.window.kill()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The window's buttons; ``True`` while the window takes the event."""
        if not self.is_open:
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.copy_button:
                clipboard_copy(self.box.get_text())
                self._say(tr("saving.copied"))
                return True
            if event.ui_element is self.paste_button:
                pasted = clipboard_paste() or ""
                if not pasted.strip():
                    self._say(tr("saving.nothing_to_paste"))
                else:
                    self.box.set_text(pasted)
                    self._say(tr("saving.pasted"))
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
        try:
            record = GameRecord.parse(self.box.get_text())
        except ValueError as error:
            self._say(tr("saving.not_a_game", error=words_of(error)))
            return
        self.close()
        self.play(record)

    def _say(self, text: str) -> None:
        self.status.set_text(html.escape(text))


__all__ = ["FileDialogs", "TextWindow", "error_text", "record_summary", "show_error"]
