"""Text from outside the game (file names, pasted text, what a file held) as pygame-gui
can lay it out, and its entry boxes kept from crashing on their own bugs.

pygame-gui 0.6.14 fails on some text rather than drawing it: a word it must break that
holds combining marks (a decomposed "é", as macOS writes file names) or joined emoji
raises ``RuntimeError: Row longer than layout``, and a text of zero-width characters
only raises ``pygame.error: Text has zero width``.  Every box that shows such text
shows :func:`shown` of it instead: the same letters, composed, without the characters
that draw nothing.
"""

from __future__ import annotations

import html
import unicodedata
from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.core.gui_font_pygame import GUIFontPygame
from pygame_gui.core.utility import FontResource, clipboard_paste

#: Unicode categories dropped from text on screen: controls, format characters (zero-width
#: spaces and joiners, byte order marks), private-use, unassigned and surrogate code
#: points, and marks left over after composing (those with no composed letter).
_UNSHOWN = frozenset({"Cc", "Cf", "Co", "Cn", "Cs", "Mn", "Me"})


def shown(text: str) -> str:
    """``text`` as every pygame-gui box can lay it out: composed (NFC, so "e" and a
    combining accent are one "é"), tabs as spaces, and without the characters that
    draw nothing (see :data:`_UNSHOWN`); line breaks stay.  Text the game wrote
    itself comes back unchanged."""
    composed = unicodedata.normalize("NFC", text)
    if composed.isprintable() and not any(unicodedata.category(c) == "Mn" for c in composed):
        return composed  # the usual case, quickly
    kept = []
    for char in composed:
        if char == "\n":
            kept.append(char)
        elif char == "\t":
            kept.append(" ")
        elif unicodedata.category(char) not in _UNSHOWN:
            kept.append(char)
    return "".join(kept)


#: The theme's face for file names (``assets/theme.json``): Noto Sans laid out without
#: kerning, which tucks a dot after an r under the r's arm ("beginnerfireice").  A file
#: name is read a character at a time.
FILE_NAMES_FACE = "file_names"
#: The sizes at scale 1 that file names are written in: the boxes' text, the file window's.
FILE_NAMES_SIZES = (15, 16)


def file_name_html(name: str) -> str:
    """A file's name as a box's HTML writes it: :func:`shown`, escaped, in
    :data:`FILE_NAMES_FACE`."""
    return f'<font face="{FILE_NAMES_FACE}">{html.escape(shown(name))}</font>'


class SafeTextEntryLine(pygame_gui.elements.UITextEntryLine):
    """pygame-gui's one-line entry, kept from crashing on its own selection bug.

    In pygame-gui 0.6.14 ``set_text`` keeps the selection of the text it replaces, and
    Delete or Backspace then raises ``IndexError`` ("No selected rows") when the new
    text is shorter, as the file dialog's name box is after Enter.  Here ``set_text``
    drops the selection, and a key that trips a layout bug is undone.
    """

    def set_text(self, text: str) -> None:
        self.select_range = [0, 0]
        super().set_text(text)

    def process_event(self, event: pygame.event.Event) -> bool:
        before = self.get_text()
        try:
            return bool(super().process_event(event))
        except (RuntimeError, IndexError, pygame.error):
            self.set_text(before)
            return True


class SafeTextEntryBox(pygame_gui.elements.UITextEntryBox):
    """pygame-gui's multi-line entry box, kept from crashing on its own selection bugs.

    In pygame-gui 0.6.14 typing over some selections (a part of a line that does not
    start it) raises ``RuntimeError``, and a key after ``set_text`` with a selection
    open raises ``IndexError``.  Here ``set_text`` drops the selection, and an edit that
    trips either bug is undone instead of closing the program.
    """

    #: The longest text Ctrl+V puts in the box itself; a longer paste is handed to
    #: :attr:`large_paste` instead (the box would take long to lay it out).
    paste_limit = 1000
    #: Told instead when Ctrl+V would make the text longer than :attr:`paste_limit`.
    large_paste: Callable[[], None] = staticmethod(lambda: None)

    def set_text(self, html_text: str, *, text_kwargs: dict[str, str] | None = None) -> None:
        self.select_range = [0, 0]
        super().set_text(html_text, text_kwargs=text_kwargs)

    def _do_paste(self) -> None:
        pasted = clipboard_paste() or ""
        if len(pasted) + len(self.get_text()) > self.paste_limit:
            self.large_paste()
        else:
            super()._do_paste()

    def process_event(self, event: pygame.event.Event) -> bool:
        before = self.get_text()
        try:
            return bool(super().process_event(event))
        except (RuntimeError, IndexError, pygame.error):
            # The box's own layout broke (its selection bugs, or a letter it cannot lay
            # out, typed or pasted): keep the text as it was.
            try:
                self.set_text(before)
            except (RuntimeError, pygame.error):
                self.set_text(shown(before))
            return True


def measure_text_without_drawing() -> None:
    """Make pygame-gui measure a run of text with the font's own measure instead of
    drawing it and reading the picture's size: the same sizes (SDL_ttf lays the text out
    the same way for both, kerning included), for a fraction of the work.  pygame-gui
    measures every word of every label and text box each time one is laid out, a good
    part of opening a screen."""
    if getattr(GUIFontPygame, "_measured_by_size", False):
        return

    def get_rect(self: GUIFontPygame, text: str) -> pygame.Rect:
        if text == "":
            return pygame.Rect(0, 0, 0, 0)
        font = self._GUIFontPygame__internal_font  # type: ignore[attr-defined]
        return pygame.Rect((0, font.get_ascent()), font.size(text))

    GUIFontPygame.get_rect = get_rect  # type: ignore[method-assign]
    GUIFontPygame._measured_by_size = True  # type: ignore[attr-defined]


#: The fonts loaded so far, by where their file is, size and style: see :func:`keep_fonts`.
_FONTS: dict[tuple[str, ...], GUIFontPygame] = {}


def keep_fonts() -> None:
    """Load each font (file, size and style) once while the program runs, not once for
    each UI manager or theme built: a window resized to another scale and back, and a
    language or theme reloaded, find the fonts they had, with the letters each has
    already laid out (a font lays out its first words in milliseconds, then in
    microseconds).  Fonts are never changed once loaded; one that pygame's font module
    closed since (``pygame.quit()`` before a new window, as the benchmarks do) is loaded
    again."""
    if getattr(FontResource, "_kept", False):
        return
    load = FontResource.load

    def kept_load(self: FontResource) -> Exception | None:
        key = (
            repr(self.location),
            str(self.size),
            repr(sorted(self.style.items())),
            str(self.force_style),
            self.font_type_to_use,
        )
        font = _FONTS.get(key)
        if font is not None and _usable(font):
            self.loaded_font = font
            return None
        error = load(self)
        if error is None and isinstance(self.loaded_font, GUIFontPygame):
            _FONTS[key] = self.loaded_font
        return error

    FontResource.load = kept_load  # type: ignore[method-assign]
    FontResource._kept = True  # type: ignore[attr-defined]


def _usable(font: GUIFontPygame) -> bool:
    """Whether ``font`` still works: pygame's font module may have been closed since."""
    try:
        font.get_rect("x")
    except pygame.error:
        return False
    return True


__all__ = [
    "FILE_NAMES_FACE",
    "FILE_NAMES_SIZES",
    "SafeTextEntryBox",
    "SafeTextEntryLine",
    "file_name_html",
    "keep_fonts",
    "measure_text_without_drawing",
    "shown",
]
