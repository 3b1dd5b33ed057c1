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
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from string import Template
from typing import Any

#: The folder of the translation files: one set of files a language.
TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"
#: The namespace of the game's keys (python-i18n's: the files' first name).
NAMESPACE = "fireice"


class _Template(Template):
    delimiter = "%"


@dataclass(frozen=True)
class Words:
    """Something to say: a translation key and the values it takes."""

    key: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return english(self)

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted((k, str(v)) for k, v in self.values.items()))))


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


def english(words: Words) -> str:
    """``words`` in English."""
    values = {
        name: english(value) if isinstance(value, Words) else value
        for name, value in words.values.items()
    }
    return render(texts("en")[words.key], values)


__all__ = [
    "NAMESPACE",
    "TRANSLATIONS",
    "Words",
    "english",
    "flatten",
    "is_plural",
    "languages",
    "plural_form",
    "render",
    "say",
    "texts",
]
