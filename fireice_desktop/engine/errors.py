"""The engine's exceptions.

The two about text and moves are ``ValueError``s, so callers may catch either.
"""

from __future__ import annotations

from typing import Any

from .words import Words, say


class NotationError(ValueError):
    """Text that is not a hole, a move, a board or a record; the message quotes it.

    The message may be given as :class:`~.words.Words`: ``str()`` is then its English (what
    the command line prints) and :attr:`words` lets the desktop game say it in the
    player's language.  A plain string is kept as it is (:attr:`words` is that string).
    """

    words: Words | str

    def __init__(self, message: Words | str = "") -> None:
        super().__init__(str(message))
        self.words = message

    @classmethod
    def of(cls, key: str, /, **values: Any) -> NotationError:
        """The error saying ``say(key, **values)``."""
        return cls(say(key, **values))


class IllegalMoveError(ValueError):
    """A well-formed move that the rules do not allow here; the message names it and says why."""


class Cancelled(Exception):
    """A long computation (search, solver) gave up because its caller's ``stop()`` said so."""


def words_of(error: BaseException) -> Words | str:
    """What ``error`` says, as :class:`~.words.Words` where it was given so (its
    :attr:`words`, or a :class:`~.words.Words` message), else its text."""
    words = getattr(error, "words", None)
    if isinstance(words, (Words, str)):
        return words
    if len(error.args) == 1 and isinstance(error.args[0], Words):
        return error.args[0]
    return str(error)
