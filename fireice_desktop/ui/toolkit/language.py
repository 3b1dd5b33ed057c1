"""The player's language: English or Italian, through pygame-gui's translation support.

pygame-gui translates its elements' texts with python-i18n; the UI manager is given
the game's folder of translation files (``translation_directory_paths``) and the
language (``starting_language``, then ``set_locale``). The texts the game draws itself
come from the same files through :func:`tr`, so one language is one set of files:
``fireice.<code>.json`` for words and ``rules.<code>.md`` for the Rules screen.
"""

from __future__ import annotations

import locale
import os
from typing import Any

import i18n  # type: ignore[import-untyped]  # python-i18n, pygame-gui's translator

from ...engine.words import NAMESPACE, TRANSLATIONS, Words

# The same settings pygame-gui's UI manager makes, so that texts can be said before
# (or without) a manager, as in tests of a single view.
i18n.set("file_format", "json")
if str(TRANSLATIONS) not in i18n.load_path:
    i18n.load_path.append(str(TRANSLATIONS))


def _search_once(search: Any) -> Any:
    """python-i18n's search for a key's file, done once for each namespace, language and
    search path: pygame-gui passes every text it shows through python-i18n, most of them
    already said (no key of any file), and each such text was searched for again on disk,
    its folders listed, each time an element was made or re-translated."""
    searched: set[tuple[object, ...]] = set()

    def search_translation(key: str, locale: str | None = None) -> None:
        if locale is None:
            locale = i18n.get("locale")
        namespace = tuple(key.split(i18n.get("namespace_delimiter"))[:-1])
        done = (namespace, locale, tuple(i18n.load_path))
        if done not in searched:
            searched.add(done)
            search(key, locale)

    search_translation.searches_once = True  # type: ignore[attr-defined]
    return search_translation


if not getattr(i18n.resource_loader.search_translation, "searches_once", False):
    i18n.resource_loader.search_translation = _search_once(i18n.resource_loader.search_translation)

#: The languages the game speaks, by code, each named in its own language.
LANGUAGES = {"en": "English", "it": "Italiano"}
DEFAULT = "en"


def system_language() -> str:
    """The language of the system's locale if the game speaks it, English otherwise."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            return _known(value.split(":")[0])
    try:
        found = locale.getlocale()[0] or ""
    except ValueError:
        found = ""
    return _known(found)


def _known(name: str) -> str:
    code = name.replace("-", "_").split("_")[0].split(".")[0].lower()
    return code if code in LANGUAGES else DEFAULT


def paths() -> list[str]:
    """The folders for the UI manager's ``translation_directory_paths``."""
    return [str(TRANSLATIONS)]


def use(code: str, manager: Any | None = None) -> None:
    """Say everything in ``code`` from now on: pygame-gui's elements (``set_locale``
    re-translates those on the screen) and the texts the game draws."""
    code = code if code in LANGUAGES else DEFAULT
    if manager is not None:
        manager.set_locale(code)
        # Each new UI manager adds its folders to python-i18n's search path once more, and
        # every text that is no key of pygame-gui's own is searched for in each copy:
        # keep one of each.
        i18n.load_path[:] = list(dict.fromkeys(i18n.load_path))
    i18n.set("locale", code)


def number(value: int) -> str:
    """A whole number as the language writes it: 1,000,000 or 1.000.000."""
    text = f"{value:,}"
    return text.replace(",", ".") if current() == "it" else text


def current() -> str:
    """The language words are said in now."""
    return str(i18n.get("locale"))


def tr(key: str, **values: Any) -> str:
    """The game's text ``key`` in the current language (a key of ``fireice.en.json``
    without its namespace), with ``values`` put in; :class:`Words` values are said in the
    same language and ``count`` picks a plural form."""
    said = {
        name: say(value) if isinstance(value, Words) else value for name, value in values.items()
    }
    # python-i18n's t(), as pygame-gui's own translate() calls it (this module imports no
    # pygame: the board controller, which says things, must not).
    return str(i18n.t(f"{NAMESPACE}.{key}", **said))


def side_name(side: Any, game: str = "", in_text: bool = False) -> str:
    """A side's name, "Fire" or "Fuoco" (``side`` has a ``key`` such as ``"fire"``); with
    its ``game``, as that game calls it (the solitaire's sides are the pegs' colours,
    "Red" and "Aqua"), and ``in_text``, as a sentence says it ("red moves now")."""
    if not game:
        return tr(f"side.{side.key}")
    return tr(f"{'movers' if in_text else 'sides'}.{game}.{side.key}")


def say(words: Words | str) -> str:
    """The engine's :class:`Words` in the current language (a plain string as it is)."""
    if isinstance(words, Words):
        return tr(words.key, **words.values)
    return words


__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "current",
    "number",
    "paths",
    "say",
    "side_name",
    "system_language",
    "tr",
    "use",
]
