"""The engine's exceptions.

The two about text and moves are ``ValueError``s, so callers may catch either.
"""

from __future__ import annotations


class NotationError(ValueError):
    """Text that is not a hole, a move, a board or a record; the message quotes it."""


class IllegalMoveError(ValueError):
    """A well-formed move that the rules do not allow here; the message names it and says why."""


class Cancelled(Exception):
    """A long computation (search, solver) gave up because its caller's ``stop()`` said so."""
