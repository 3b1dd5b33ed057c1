"""Words for a player, kept as a key into the translation files and the values to put in.

The engine says things in :class:`Words`: a key such as ``"reason.takes_control"`` and its
values. ``str()`` gives the English of ``translations/fireice.en.json`` (what the command
line prints: its words are a contract and stay English); the desktop game says the same
key in the player's language through pygame-gui's translation support, which reads the
same files (``fireice_desktop/ui/toolkit/language.py``). A value may itself be :class:`Words`,
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
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from string import Template
from types import MappingProxyType
from typing import Any, Final

#: The folder of the translation files: one set of files a language.
TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"
#: The namespace of the game's keys (python-i18n's: the files' first name).
NAMESPACE = "fireice"
#: The longest quote of outside text (a move, a header, a field of a record) a message
#: gives whole; of a longer one it gives the start (:func:`quoted`).
QUOTE_LIMIT: Final = 50
#: The longest file name or path a message gives whole; of a longer one it gives the
#: start and the end (:func:`named`).  Generous: real paths are rarely longer.
NAME_LIMIT: Final = 160
#: The longest plain text a value of :class:`Words` puts in a message whole, whatever
#: it is: the last guard against a message quoting a whole file (:func:`_bounded`).
VALUE_LIMIT: Final = 300


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
        # Bounded here too, not only when said: the desktop game says the values through
        # pygame-gui's translator, which never calls _said.
        frozen = MappingProxyType({name: _bounded(v) for name, v in (values or {}).items()})
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
        name: spoken(value, language) if isinstance(value, Words) else _bounded(value)
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


# --- outside text in a message ----------------------------------------------------------------


def quoted(value: object, limit: int = QUOTE_LIMIT) -> Words | str:
    """Outside text (or any value read from a file) quoted in a message: ``repr(value)``,
    as messages always quoted it, when that is at most ``limit`` characters.

    A longer one would make a message of a whole file: it is said as its start, cut
    with ``…`` inside the quotes, and its length, ``'D4-C4xxxx…' (200,005 characters)``
    (a :class:`Words`, so the length is said in the player's language).  Control
    characters and odd Unicode in the start are escaped, as ``repr`` escapes them.
    """
    if isinstance(value, str):
        whole = repr(value) if len(value) <= limit else ""
        if whole and len(whole) <= limit:
            return whole
        quote = repr(value[:limit])[0]  # the quote mark repr picks for this text
        start = "".join(_fitting(value, limit - 3, lambda char: _escaped(char, quote)))
        piece, length = f"{quote}{start}…{quote}", len(value)
    else:
        try:
            whole = repr(value)
        except (RecursionError, ValueError):  # nested too deeply; an int too long to write
            whole = f"<{type(value).__name__}>"
        if len(whole) <= limit:
            return whole
        piece, length = "".join(_fitting(whole, limit - 1, _printable)) + "…", len(whole)
    return say("quote.long", piece=piece, length=_grouped(length))


def named(name: str | os.PathLike[str], limit: int = NAME_LIMIT) -> str:
    """A file's or folder's name or path (or a header's name) in a message: as it is
    when at most ``limit`` characters, else its start and its end around ``…`` (the end
    of a path tells which file it is), with control characters there escaped."""
    text = os.fspath(name)
    if len(text) <= limit:
        return text
    head = _fitting(text, limit // 4, _printable)
    tail = _fitting(reversed(text), limit - 1 - limit // 4, _printable)
    return "".join(head) + "…" + "".join(reversed(tail))


def _bounded(value: Any) -> Any:
    """``value``, or cut in the middle if it is plain text over :data:`VALUE_LIMIT`
    characters (a quote a message forgot to shorten)."""
    if isinstance(value, Words) or not isinstance(value, str) or len(value) <= VALUE_LIMIT:
        return value
    half = (VALUE_LIMIT - 1) // 2
    return f"{value[:half]}…{value[len(value) - (VALUE_LIMIT - 1 - half) :]}"


def _grouped(number: int) -> Words | str:
    """``number`` with its thousands grouped as the language groups them: 200,005 or
    200.005."""
    if number < 1000:
        return str(number)
    return say("quote.thousands", high=_grouped(number // 1000), low=f"{number % 1000:03d}")


def _escaped(char: str, quote: str) -> str:
    """``char`` as ``repr`` writes it inside a text quoted with ``quote``."""
    if char in (quote, "\\"):
        return "\\" + char
    return repr(char)[1:-1] if char not in "'\"" else char


def _printable(char: str) -> str:
    """``char`` as it is, or as ``repr`` escapes it if it is not printable."""
    return char if char.isprintable() else repr(char)[1:-1]


def _fitting(chars: Iterable[str], budget: int, write: Callable[[str], str]) -> list[str]:
    """The first of ``chars``, each written by ``write``, that fit in ``budget``
    characters together (an escape is never cut)."""
    pieces: list[str] = []
    for char in chars:
        piece = write(char)
        budget -= len(piece)
        if budget < 0:
            break
        pieces.append(piece)
    return pieces


__all__ = [
    "NAMESPACE",
    "NAME_LIMIT",
    "QUOTE_LIMIT",
    "TRANSLATIONS",
    "VALUE_LIMIT",
    "Words",
    "all_of",
    "any_of",
    "flatten",
    "is_plural",
    "joined",
    "languages",
    "named",
    "plural_form",
    "quoted",
    "render",
    "say",
    "spoken",
    "texts",
]
