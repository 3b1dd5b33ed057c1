"""One scale for everything on screen but the board (which fills its share of the window
by itself): the fonts, buttons, panels, cards and windows.

At 1280x800 and below the scale is 1; a larger window makes them larger in step, so
that 2560x1440 looks like 1280x800 made larger rather than a small card in a large room.
The theme's sizes (:func:`scaled_theme`) and the screens' layouts (:func:`px`) follow
the same scale, set by the main loop whenever the window's size changes.
"""

from __future__ import annotations

import copy
import math
import os
import sys
from collections.abc import Mapping
from typing import Any

from pygame_gui.elements import (
    UIHorizontalScrollBar,
    UITextEntryLine,
    UIVerticalScrollBar,
    UIWindow,
)

#: The window the layouts are drawn for at scale 1.
BASE_SIZE = (1280, 800)
#: The smallest window the layouts hold at scale 1.
SMALLEST = (860, 600)
#: The largest scale (a 4K screen is 2.7).
MAX_SCALE = 3.0
#: The scale moves in steps, so that fonts are made for a few sizes only.
STEP = 0.1

_scale = [1.0]

#: The theme's settings that are lengths, scaled with the fonts.
_LENGTHS = frozenset(
    {
        "shape_corner_radius",
        "border_width",
        "shadow_width",
        "list_item_height",
        "text_horiz_alignment_padding",
        "title_bar_height",
        "padding",
        "scroll_bar_width",
        "rect_width",  # a tool tip's, before its words wrap
    }
)


def scale_for(size: tuple[int, int], display: float = 1.0) -> float:
    """The scale for a window of ``size``: 1 up to 1280x800, then in step with the
    smaller of its two proportions, in steps of :data:`STEP`.  On a display the system
    scales (``display``, from :func:`display_scale`), at least the display's scale, as
    far as the window still holds the smallest layout (:data:`SMALLEST`) at it."""
    by_window = _steps(min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1]))
    room = _steps(min(size[0] / SMALLEST[0], size[1] / SMALLEST[1]))
    return max(1.0, min(MAX_SCALE, max(by_window, min(_steps(display), room))))


def _steps(ratio: float) -> float:
    """``ratio`` rounded down to a whole number of :data:`STEP`."""
    return round(int(ratio / STEP + 1e-9) * STEP, 2)


#: The environment variables Unix desktops scale programs by (GTK's, then Qt's).
SCALE_VARIABLES = ("GDK_SCALE", "QT_SCALE_FACTOR")


def display_scale(environ: Mapping[str, str] | None = None, platform: str = sys.platform) -> float:
    """The scale the system asks of programs on its display (a HiDPI screen), where it
    reports one; 1 where it reports none or a value that makes no sense.

    Windows says it as the display's dots per inch (96 at 100 %), once SDL has made the
    program aware of them (:data:`DPI_AWARENESS`); GTK and Qt desktops as
    :data:`SCALE_VARIABLES`.  macOS scales a program's window itself."""
    environ = os.environ if environ is None else environ
    if platform == "win32":
        return _sane(_windows_dpi() / 96)
    for name in SCALE_VARIABLES:
        try:
            value = float(environ.get(name, ""))
        except ValueError:
            continue
        if _sane(value) != 1.0:
            return value
    return 1.0


#: SDL's hint that the program draws for the display's own pixels on Windows (else
#: Windows stretches a smaller picture, blurred): set before the window is made.
DPI_AWARENESS = ("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")


def _windows_dpi() -> float:
    try:
        import ctypes

        return float(ctypes.windll.user32.GetDpiForSystem())  # type: ignore[attr-defined]
    except (AttributeError, OSError):  # not Windows, or before Windows 10
        return 96.0


def _sane(value: float) -> float:
    """``value`` as a display scale: between 1 and :data:`MAX_SCALE`, else 1."""
    return value if 1.0 <= value <= MAX_SCALE else 1.0


def default_window(display: float, desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window a start opens: 1280x800 times the display's scale, kept within nine
    tenths of the ``desktop`` (where it is known) and never under :data:`SMALLEST`."""
    width, height = (math.floor(length * display) for length in BASE_SIZE)
    if desktop is not None:
        fit = min(1.0, 0.9 * desktop[0] / width, 0.9 * desktop[1] / height)
        width, height = math.floor(width * fit), math.floor(height * fit)
    return max(SMALLEST[0], width), max(SMALLEST[1], height)


def scale() -> float:
    """The scale of the present layout."""
    return _scale[0]


def set_scale(value: float) -> None:
    """Lay out at ``value`` from now on (the main loop, on a new window size)."""
    _scale[0] = value


def px(length: float) -> int:
    """``length`` pixels of the 1280x800 layout, at the present scale."""
    return round(length * _scale[0])


#: pygame-gui's own font, for every widget the theme gives none (its "defaults" block
#: sets colours only): Noto Sans at 14 pixels.
DEFAULT_FONT = {"name": "noto_sans", "size": "14"}
#: The kinds of widget that take the default font unless the theme names one.
_DEFAULT_FONT_KINDS = (
    "button",
    "label",
    "text_box",
    "text_entry_line",
    "text_entry_box",
    "selection_list",
    "@selection_list_item",
    "tool_tip",
    "window",
    "confirmation_dialog",
    "file_dialog",
    "message_window",
)


#: The length of a scroll bar's arrow buttons at scale 1 (pygame-gui's own, which its
#: theme does not set).
ARROW_LENGTH = 20


def scale_scroll_arrows() -> None:
    """Make pygame-gui's scroll bars draw their arrow buttons at the present scale.
    pygame-gui fixes the arrows' length at 20 pixels in each bar, whatever the theme
    says; here it is set to :data:`ARROW_LENGTH` scaled before each rebuild of a bar."""
    for kind, length in (
        (UIVerticalScrollBar, "button_height"),
        (UIHorizontalScrollBar, "button_width"),
    ):
        if getattr(kind, "_scaled_arrows", False):
            continue
        original = kind.rebuild

        def rebuild(self: Any, original: Any = original, length: str = length) -> None:
            setattr(self, length, px(ARROW_LENGTH))
            original(self)

        kind.rebuild = rebuild  # type: ignore[method-assign]
        kind._scaled_arrows = True  # type: ignore[attr-defined]


def scale_window(window: UIWindow) -> None:
    """Lay out the inside of one of pygame-gui's own windows (a question, a message, the
    file window) at the present scale.  pygame-gui places their buttons, boxes and lists
    in fixed pixels (buttons 30 pixels high, 10 from the edge), whatever the theme's
    fonts: at scale 2 the words overflowed their buttons.  Each part keeps its place
    against the edges it is anchored to, its distances and size times the scale (a size
    pygame-gui fits to the text stays as it is)."""
    factor = scale()
    if factor == 1.0:
        return
    container = window.get_container()
    width, height = container.get_size()
    elements = list(container.elements)
    parts = _parts_of_others(elements)
    for element in elements:
        if id(element) in parts:  # moved and sized by the element it belongs to
            continue
        rect = element.relative_rect
        anchors = element.get_anchors()
        x, w = _scaled_span(
            rect.x, rect.width, width, anchors.get("left"), anchors.get("right"),
            element.dynamic_width, factor,
        )  # fmt: skip
        # A text entry line is as high as its font, made at the present scale already.
        fitted = element.dynamic_height or isinstance(element, UITextEntryLine)
        y, h = _scaled_span(
            rect.y, rect.height, height, anchors.get("top"), anchors.get("bottom"),
            fitted, factor,
        )  # fmt: skip
        element.set_dimensions((w, h))
        element.set_relative_position((x, y))
        element.rebuild()  # the words placed again in the new size


def _parts_of_others(elements: list[Any]) -> set[int]:
    """The ids of the elements among ``elements`` that another of them made and keeps in
    place (a selection list's container of items and scroll bar, a box's scroll bar):
    pygame-gui puts them in the window beside their owner."""
    parts = set()
    for element in elements:
        for name in ("list_and_scroll_bar_container", "scroll_bar"):
            part = getattr(element, name, None)
            if part is not None and part is not element:
                parts.add(id(part))
    return parts


def _scaled_span(
    start: int, length: int, room: int, near: object, far: object, fitted: bool, factor: float
) -> tuple[int, int]:
    """One direction of :func:`scale_window`: ``start`` and ``length`` of a part in
    ``room`` pixels, anchored at its ``near`` and ``far`` sides ("left"/"right", or
    "top"/"bottom"), scaled by ``factor``."""
    new_length = length if fitted else round(length * factor)
    if near in ("right", "bottom") and far in ("right", "bottom"):  # kept from the far edge
        gap = -(start + length)
        return -(round(gap * factor) + new_length), new_length
    if far in ("right", "bottom"):  # stretched between the two edges
        before, after = round(start * factor), round((room - start - length) * factor)
        return before, length if fitted else max(1, room - before - after)
    return round(start * factor), new_length


def scaled_theme(theme: dict[str, Any], factor: float) -> dict[str, Any]:
    """``theme`` (pygame-gui's theme as a dict) with its font sizes and lengths times
    ``factor``; the widgets it gives no font get pygame-gui's own, scaled too."""
    scaled = copy.deepcopy(theme)
    for kind in _DEFAULT_FONT_KINDS:
        block = scaled.setdefault(kind, {})
        if "font" not in block:
            block["font"] = dict(DEFAULT_FONT)
    for block in scaled.values():
        if not isinstance(block, dict):
            continue
        font = block.get("font")
        if isinstance(font, dict) and "size" in font:
            font["size"] = str(round(int(font["size"]) * factor))
        misc = block.get("misc")
        if isinstance(misc, dict):
            for name, value in misc.items():
                if name in _LENGTHS:
                    misc[name] = _scaled_length(str(value), factor)
    return scaled


def _scaled_length(value: str, factor: float) -> str:
    """A theme length ("8", or "14,12" for a padding) times ``factor``."""
    parts = [part.strip() for part in value.split(",")]
    if not all(part.isdigit() for part in parts):
        return value
    # No border stays no border; any other length keeps at least a pixel.
    return ",".join(str(max(min(1, int(part)), round(int(part) * factor))) for part in parts)


__all__ = [
    "BASE_SIZE",
    "DPI_AWARENESS",
    "MAX_SCALE",
    "SMALLEST",
    "default_window",
    "display_scale",
    "px",
    "scale",
    "scale_for",
    "scale_window",
    "scaled_theme",
    "set_scale",
]
