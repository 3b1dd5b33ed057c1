"""What a screen reports to the statistics of a game being played: a game between two sides
(:class:`DuelPlayed`) or a deal of a game played alone (:class:`DealPlayed`), and whether
it is decided.

:class:`~.statistics.counts.Statistics` counts what is reported; which games count, and
when, is said in :mod:`.statistics`, the home of the public names.  No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DuelPlayed:
    """A game between two sides as the statistics see it: who plays, and who has won.

    ``person`` and ``level`` are set against the computer (the side the person plays, and
    the computer's level); ``watched`` when the computer plays both sides.
    """

    game: str  # the registered game's name: "fire-and-ice", "icebreaker"
    winner: str | None = None  # the winning side's key once the game is won
    person: str | None = None
    level: str | None = None
    handicap: bool = False
    watched: bool = False

    @property
    def decided(self) -> bool:
        """Whether the game has ended, so that it counts."""
        return self.winner is not None


@dataclass(frozen=True)
class DealPlayed:
    """A deal of a game played alone (the solitaire) being played, and whether it is won."""

    game: str  # the registered game's name
    deal: int
    won: bool = False

    @property
    def decided(self) -> bool:
        """Whether the deal is won; a deal with no capture left may still be taken back."""
        return self.won


Played = DuelPlayed | DealPlayed


__all__ = ["DealPlayed", "DuelPlayed", "Played"]
