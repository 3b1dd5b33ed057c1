"""The one game interface that the text mode, the desktop app and the players use.

Both :class:`~.game.Position` and :class:`~.solitaire.SolitairePosition` satisfy it,
so undo/redo, the move list and the board controller are written once.
"""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar

from .game import Move

S = TypeVar("S", bound="GameState")


class GameState(Protocol):
    """An immutable game position."""

    def legal_moves(self) -> list[Move]:
        """The moves that may be played now (none once the game is over)."""
        ...

    def illegal_reason(self, move: Move) -> str | None:
        """Why ``move`` may not be played now, or ``None`` if it may."""
        ...

    def play(self, move: Move | str) -> GameState:
        """The position after ``move``; raises ``IllegalMoveError`` if it is not legal."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        ...


class History(Generic[S]):
    """The positions of one game with undo and redo.

    ``moves[i]`` leads from ``positions[i]`` to ``positions[i + 1]``; ``cursor`` is the
    index of the current position.  Playing a move after an undo drops the redo line.
    """

    def __init__(self, start: S) -> None:
        self.positions: list[S] = [start]
        self.moves: list[Move] = []
        self.cursor = 0
        self.changes = 0  # counts plays, undos and redos: a cheap "has it changed?" for views

    @property
    def position(self) -> S:
        """The current position."""
        return self.positions[self.cursor]

    @property
    def played(self) -> list[Move]:
        """The moves that lead to the current position."""
        return self.moves[: self.cursor]

    def play(self, move: Move | str) -> S:
        """Play ``move`` from the current position; raises if it is illegal (nothing changes)."""
        if isinstance(move, str):
            move = Move.parse(move)
        after = self.position.play(move)
        del self.positions[self.cursor + 1 :]
        del self.moves[self.cursor :]
        self.positions.append(after)  # type: ignore[arg-type]
        self.moves.append(move)
        self.cursor += 1
        self.changes += 1
        return self.position

    @property
    def can_undo(self) -> bool:
        """Whether there is a move to take back."""
        return self.cursor > 0

    @property
    def can_redo(self) -> bool:
        """Whether an undone move can be played again."""
        return self.cursor < len(self.moves)

    def undo(self) -> bool:
        """Take back the last move; ``False`` if there is none."""
        if not self.can_undo:
            return False
        self.cursor -= 1
        self.changes += 1
        return True

    def redo(self) -> bool:
        """Play the next undone move again; ``False`` if there is none."""
        if not self.can_redo:
            return False
        self.cursor += 1
        self.changes += 1
        return True
