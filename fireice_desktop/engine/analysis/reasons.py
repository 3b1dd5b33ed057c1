"""What a better move would have done, in words: a hint's reason, "takes control of G",
turned into the review's, "would have taken control of G"."""

from __future__ import annotations

import re
from typing import Any, Literal

from ..words import Words, quoted, texts


def would_have(reason: Words | str) -> Words | Literal[""]:
    """A hint's reason as what a better move would have done: ``reason.takes_control``,
    "takes control of G", becomes ``would_have.takes_control``, "would have taken control
    of G" (each reason has its own key in the ``would_have`` section, so that every
    language says it in its own grammar).  A reason given as English text is first
    found by its wording (:func:`reason_of`).

    Raises ``ValueError`` for a reason with no ``would_have`` key, so that a game's new
    reason cannot come out as broken words.  No reason (``""``) stays none.
    """
    if not reason:
        return ""
    if not isinstance(reason, Words):
        reason = reason_of(reason)
    prefix, _, name = reason.key.partition(".")
    key = f"would_have.{name}"
    if prefix != "reason" or key not in texts("en"):
        raise ValueError(f"a reason with no words for a better move: {reason.key!r}")
    return Words(key, reason.values)


def reason_of(text: str) -> Words:
    """The reason whose English is ``text`` ("takes control of G"): the ``reason`` key
    whose wording it follows, with the values read from it (the most specific wording
    when several fit).  Raises ``ValueError`` when none does."""
    found: tuple[int, Words] | None = None
    for key, template in texts("en").items():
        if not key.startswith("reason."):
            continue
        forms = template.values() if isinstance(template, dict) else (template,)
        for form in forms:
            match = _wording(form).fullmatch(text)
            if match is None:
                continue
            literal = len(_PLACEHOLDER.sub("", form))
            if found is None or literal > found[0]:
                values: dict[str, Any] = dict(match.groupdict())
                if "count" in values and values["count"].isdigit():
                    values["count"] = int(values["count"])
                found = (literal, Words(key, values))
    if found is None:
        raise ValueError(f"a reason in words no game gives: {quoted(text)}")
    return found[1]


_PLACEHOLDER = re.compile(r"%\{(\w+)\}")


def _wording(template: str) -> re.Pattern[str]:
    """A regular expression that reads the values of ``template`` back out of its text."""
    pattern, seen, end = "", set(), 0
    for placeholder in _PLACEHOLDER.finditer(template):
        name = placeholder.group(1)
        pattern += re.escape(template[end : placeholder.start()])
        pattern += f"(?P={name})" if name in seen else f"(?P<{name}>.+?)"
        seen.add(name)
        end = placeholder.end()
    return re.compile(pattern + re.escape(template[end:]))


__all__ = ["reason_of", "would_have"]
