"""pygame-gui's theme lookups, answered from a table by the element's ids.

Every widget built asks its theme, for each of a dozen properties, which theme blocks
apply to it (``build_all_combined_ids``: its element, class and object ids and those of
the containers it sits in).  pygame-gui 0.6.14 keeps the answers, but finds them again
by a key it builds with ``str.join`` over the characters of the id lists: thousands of
characters for a button on the board's panel, four million for one in a file dialog,
built and hashed on every question.  That was some 6 % of the work of opening a screen.
Here the answers are kept by the id lists themselves, as tuples: a question asked
before is answered at once, and a new one goes to pygame-gui as before.
"""

from __future__ import annotations

from typing import Any

from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme

_Ids = list[str | None] | list[str] | None

#: pygame-gui's own lookup, asked each question once.
_pygame_gui_ids = UIAppearanceTheme.build_all_combined_ids


def _key(ids: _Ids) -> tuple[str | None, ...] | None:
    return None if ids is None else tuple(ids)


def quick_theme_ids() -> None:
    """Answer the themes' id lookups from a table of their own (see the module)."""
    if getattr(UIAppearanceTheme, "_quick_ids", False):
        return

    def build_all_combined_ids(
        self: UIAppearanceTheme,
        element_base_ids: _Ids,
        element_ids: _Ids,
        class_ids: _Ids,
        object_ids: _Ids,
    ) -> list[str]:
        table: dict[Any, list[str]] = self.__dict__.setdefault("_quick_ids_table", {})
        key = (_key(element_base_ids), _key(element_ids), _key(class_ids), _key(object_ids))
        found = table.get(key)
        if found is None:
            found = _pygame_gui_ids(self, element_base_ids, element_ids, class_ids, object_ids)
            table[key] = found
        return found

    UIAppearanceTheme.build_all_combined_ids = build_all_combined_ids  # type: ignore[method-assign,assignment]
    UIAppearanceTheme._quick_ids = True  # type: ignore[attr-defined]


__all__ = ["quick_theme_ids"]
