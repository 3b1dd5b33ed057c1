"""pygame-gui's file dialog, made safe for any name a player types and any locale the
environment names; what the Open and Save dialogs (:mod:`.saving`) are built on."""

from __future__ import annotations

import contextlib
import locale
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pygame_gui

from .text import SafeTextEntryLine


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

    def _create_list_of_directories_and_files_on_current_path(self) -> None:
        """The folders and the saved games of the folder shown, without the hidden ones
        (``.cache``, ``.config``: names starting with a dot), which a player never saves to."""
        super()._create_list_of_directories_and_files_on_current_path()
        self.current_file_list = [
            entry
            for entry in self.current_file_list
            if not (entry[0] if isinstance(entry, tuple) else entry).startswith(".")
        ]

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


__all__ = [
    "MAX_PATH_CHARS",
    "SafeFileDialog",
    "locale_the_system_has",
    "shown_name",
    "usable_path",
]
