"""Words for a player, kept as a key into the translation files and the values to put in.

The engine says things in :class:`Words`: a key such as ``"reason.takes_control"`` and its
values. ``str()`` gives the English of ``translations/fireice.en.json`` (what the command
line prints: its words are a contract and stay English); the desktop game says the same
key in the player's language through pygame-gui's translation support, which reads the
same files (``fireice_desktop/ui/language.py``). A value may itself be :class:`Words`,
said in the same language; an ``int`` value named ``count`` picks a plural form.

The files are python-i18n's: ``{"en": {"reason": {"takes_control": "takes control of
%{islands}"}}}`` under the namespace ``fireice`` (the file's first name), a plural is a
table of ``zero`` (optional), ``one`` and ``other``, and ``%{name}`` is a value.

:class:`Words` is also a ``str``: the English it says.  So the engine's functions return
:class:`Words` where they used to return English, and everything that wanted the English
(the command line, its JSON, records, tests) still reads the same text, while the desktop
game can say the same words in Italian.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from string import Template
from types import MappingProxyType
from typing import Any

#: The folder of the translation files: one set of files a language.
TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"
#: The namespace of the game's keys (python-i18n's: the files' first name).
NAMESPACE = "fireice"


class _Template(Template):
    delimiter = "%"


class Words(str):
    """Something to say: a translation key and the values it takes.

    The text of a :class:`Words` is its English (``str(words)``, an f-string, ``==`` with
    a plain string all see the English); :attr:`key` and :attr:`values` let the desktop
    game say it in another language.  Immutable, like the ``str`` it is.
    """

    key: str
    values: Mapping[str, Any]

    def __new__(cls, key: str, values: Mapping[str, Any] | None = None) -> Words:
        frozen = MappingProxyType(dict(values or {}))
        english_text = _said(key, frozen, "en")
        words = super().__new__(cls, english_text)
        object.__setattr__(words, "key", key)
        object.__setattr__(words, "values", frozen)
        return words

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Words are immutable: cannot set {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Words are immutable: cannot delete {name}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Words, (self.key, dict(self.values)))

    def __repr__(self) -> str:
        values = "".join(f", {name}={value!r}" for name, value in self.values.items())
        return f"say({self.key!r}{values})"


def say(key: str, **values: Any) -> Words:
    """``Words(key, values)``, shorter."""
    return Words(key, values)


def flatten(tree: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """A translation file's tree as ``{dotted key: text or plural table}``."""
    flat: dict[str, Any] = {}
    for name, value in tree.items():
        key = f"{prefix}{name}"
        if isinstance(value, dict) and not is_plural(value):
            flat.update(flatten(value, key + "."))
        else:
            flat[key] = value
    return flat


def is_plural(value: object) -> bool:
    """Whether a translation is a table of plural forms (``one`` and ``other``)."""
    return isinstance(value, dict) and "one" in value and "other" in value


def plural_form(table: Mapping[str, str], count: int) -> str:
    """The form of ``table`` for ``count`` (python-i18n's choice for English and Italian)."""
    if count == 0 and "zero" in table:
        return table["zero"]
    return table["one"] if count == 1 else table["other"]


def languages() -> list[str]:
    """The codes of the languages there are translation files for, English first."""
    found = sorted(path.name.split(".")[1] for path in TRANSLATIONS.glob(f"{NAMESPACE}.*.json"))
    return sorted(found, key=lambda code: code != "en")


@cache
def texts(language: str) -> dict[str, Any]:
    """Every key of ``language``'s file, flattened."""
    path = TRANSLATIONS / f"{NAMESPACE}.{language}.json"
    with path.open(encoding="utf-8") as file:
        return flatten(json.load(file)[language])


def render(text: Any, values: Mapping[str, Any]) -> str:
    """A translation with its values put in (a plural table picks by ``count``)."""
    if isinstance(text, dict):
        text = plural_form(text, int(values.get("count", 0)))
    return _Template(str(text)).safe_substitute(values)


def spoken(words: Words | str, language: str) -> str:
    """``words`` in ``language`` (in English where that language's file lacks the key),
    the values that are :class:`Words` said in the same language; plain text as it is."""
    if not isinstance(words, Words):
        return str(words)
    return _said(words.key, words.values, language)


def _said(key: str, values: Mapping[str, Any], language: str) -> str:
    text = texts(language).get(key)
    if text is None:
        text = texts("en").get(key)
    if text is None:
        raise KeyError(f"{key!r} is not a key of {NAMESPACE}.en.json")
    said = {
        name: spoken(value, language) if isinstance(value, Words) else value
        for name, value in values.items()
    }
    return render(text, said)


def joined(items: Sequence[Any], last: str, many: str | None = None) -> Any:
    """``items`` said as one list: the key ``last`` joins the last two (``"%{first} or
    %{rest}"``) and ``many`` each one before them (``"%{first}, %{rest}"`` in Italian;
    ``last`` itself when not given).  One item is itself."""
    if not items:
        raise ValueError("a list of nothing cannot be said")
    if len(items) == 1:
        return items[0]
    key = last if len(items) == 2 else many or last
    return say(key, first=items[0], rest=joined(items[1:], last, many))


def any_of(items: Sequence[Any]) -> Any:
    """``A or C or G`` (in Italian ``A, C o G``); one item is itself."""
    return joined(items, "list.or", "list.or_many")


def all_of(items: Sequence[Any]) -> Any:
    """``A and C and G`` (in Italian ``A, C e G``); one item is itself."""
    return joined(items, "list.and", "list.and_many")


__all__ = [
    "NAMESPACE",
    "TRANSLATIONS",
    "Words",
    "all_of",
    "any_of",
    "flatten",
    "is_plural",
    "joined",
    "languages",
    "plural_form",
    "render",
    "say",
    "spoken",
    "texts",
]
