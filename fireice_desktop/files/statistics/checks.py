"""What the statistics file may hold: the limits on its numbers, the checks that read its
JSON fields, and :class:`StatisticsError` saying what makes a text not statistics.

Every count and deal number the game writes passes these checks when it is read back;
a number past them is not one this game wrote, and the file is taken for damaged.
:mod:`.statistics` is the home of the public names; no pygame here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Final, TypeGuard

from ...engine.words import say

#: Far more than any player's statistics take (every deal won is a few bytes).
MAX_BYTES: Final = 4 * 1024 * 1024
#: No count comes near this; a larger number is not a count this game wrote.
MAX_COUNT: Final = 10**12
#: The solitaire's deals (as :mod:`.engine.games.fireice.solitaire` numbers them).
DEALS: Final = range(1, 1_000_001)


class StatisticsError(ValueError):
    """What makes a text not statistics, in words that follow "the file ...": the message
    is the English of :attr:`words`, a key of the ``statistics`` translations."""

    def __init__(self, key: str, **values: Any) -> None:
        self.words = say(f"statistics.{key}", **values)
        super().__init__(str(self.words))


def known_fields(
    value: object, where: str, known: Iterable[str]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """An object's fields this version knows, and the others (kept as they are)."""
    data = json_object(value, where)
    names = set(known)
    return (
        {key: item for key, item in data.items() if key in names},
        {key: item for key, item in data.items() if key not in names},
    )


def json_object(value: object, where: str) -> dict[str, Any]:
    """``value`` as a JSON object; :class:`StatisticsError` naming ``where`` if it is not."""
    if not isinstance(value, dict):
        raise StatisticsError("file_not_object", where=where)
    return value


def _is_count(value: object) -> TypeGuard[int]:
    """Whether the file may hold ``value`` as a count."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT


def is_deal(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a deal's number, as the file holds one."""
    return isinstance(value, int) and not isinstance(value, bool) and value in DEALS


def one_more(count: int) -> int:
    """One more than ``count``, but never past :data:`MAX_COUNT`, which the reader would
    take for a damaged file."""
    return min(count + 1, MAX_COUNT)


def checked_count(value: object, where: str) -> int:
    """``value`` as a count; :class:`StatisticsError` naming ``where`` if it is none."""
    if not _is_count(value):
        raise StatisticsError("file_not_count", where=where, value=_short(value))
    return value


def checked_deal(value: object, where: str) -> int:
    """``value`` as a deal's number; :class:`StatisticsError` naming ``where`` if it is none."""
    if not is_deal(value):
        raise StatisticsError("file_not_deal", where=where, value=_short(value))
    return value


def _short(value: object) -> str:
    text = json.dumps(value) if not isinstance(value, float) else repr(value)
    return text if len(text) <= 24 else text[:21] + "..."


__all__ = [
    "DEALS",
    "MAX_BYTES",
    "MAX_COUNT",
    "StatisticsError",
    "checked_count",
    "checked_deal",
    "is_deal",
    "json_object",
    "known_fields",
    "one_more",
]
