"""Saving and opening games in the desktop app.

The Open and Save dialogs are pygame-gui's file dialog (:mod:`.file_dialog`); the Text
window (:mod:`.windows.text`) shows a game in pbmserv notation to copy into a message, or
takes one pasted from a message; what went wrong is said in a message window
(:mod:`.notices`).  Reading and writing files is :mod:`fireice_desktop.files.storage`'s job;
this module and those only ask the player and show what happened.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from ...engine.records.game import GameRecord
from ...files.storage import (
    SAVE_SUFFIX,
    TEXT_SUFFIX,
    SaveFileError,
    games_dir,
    read_game,
    system_words,
    write_game,
)
from ..game.windows.text import BOX_CHARS, READ_AWAY_BYTES, TextWindow
from ..games.installed import VIEWS
from ..toolkit.file_dialog import (
    MAX_PATH_CHARS,
    SafeFileDialog,
    locale_the_system_has,
    shown_name,
    usable_path,
)
from ..toolkit.jobs import JOB_DONE, Job
from ..toolkit.language import say, tr
from ..toolkit.notices import Notice, error_text, show_error
from ..toolkit.scaling import px, scale_window
from ..toolkit.text import file_name_html


def record_summary(record: GameRecord) -> str:
    """One line about a saved game, for the menu's Continue button."""
    return VIEWS[record.game].summary(record)


def default_name(record: GameRecord) -> str:
    """A file name for a new save: the kind of game and the date and time."""
    stamp = time.strftime("%Y-%m-%d %H.%M")
    return f"{VIEWS[record.game].file_stem(record)} {stamp}{SAVE_SUFFIX}"


#: The side of the file window's icon buttons (home, up, refresh) at scale 1.
ICON = 26


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
        keep_folder: Callable[[Path], None] | None = None,
    ) -> None:
        self.manager = manager
        #: Told the folder a dialog ended in, to remember it for the next runs too.
        self.keep_folder = keep_folder
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
        rect = pygame.Rect(0, 0, min(px(560), width - 40), min(px(460), height - 40))
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
        dialog.delete_button.kill()
        # Home, up and refresh, a little larger than pygame-gui makes them (20 pixels).
        icons = (dialog.home_button, dialog.parent_directory_button, dialog.refresh_button)
        for index, icon in enumerate(icons):
            icon.set_dimensions((ICON, ICON))
            icon.set_relative_position((10 + index * (ICON + 4), 40 - ICON - 6))
        scale_window(dialog)
        # The list of files just under the name box (pygame-gui leaves room for a box of
        # its own size, which the theme's larger letters fill).
        entry, files = dialog.file_path_text_line, dialog.file_selection_list
        top = entry.relative_rect.bottom + px(8)
        bottom = files.relative_rect.bottom
        files.set_dimensions((files.relative_rect.width, bottom - top))
        files.set_relative_position((files.relative_rect.x, top))
        if not existing_only:  # the name to save under chosen, to type over (pygame-gui's
            dialog._highlight_file_name_for_editing()  # own, lost when the box is rebuilt)
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
        if self.keep_folder is not None:
            self.keep_folder(path.parent)
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
            rect = pygame.Rect(0, 0, min(px(400), width - 40), px(180))
            rect.center = (width // 2, height // 2)
            self.replace_dialog = pygame_gui.windows.UIConfirmationDialog(
                rect,
                tr("saving.replace_text", name=file_name_html(path.name)),
                self.manager,
                window_title=tr("saving.replace_title"),
                action_short_name=tr("saving.replace"),
                blocking=True,
                always_on_top=True,
            )
            scale_window(self.replace_dialog)
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


__all__ = [
    "BOX_CHARS",
    "READ_AWAY_BYTES",
    "FileDialogs",
    "Notice",
    "TextWindow",
    "error_text",
    "record_summary",
    "show_error",
]
