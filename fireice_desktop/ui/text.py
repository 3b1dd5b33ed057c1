"""Text from outside the game (file names, pasted text, what a file held) as pygame-gui
can lay it out.

pygame-gui 0.6.14 fails on some text rather than drawing it: a word it must break that
holds combining marks (a decomposed "é", as macOS writes file names) or joined emoji
raises ``RuntimeError: Row longer than layout``, and a text of zero-width characters
only raises ``pygame.error: Text has zero width``.  Every box that shows such text
shows :func:`shown` of it instead: the same letters, composed, without the characters
that draw nothing.
"""

from __future__ import annotations

import unicodedata

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


__all__ = ["shown"]
