"""The one game interface that the text mode, the desktop app and the players use.

Every game's position satisfies it (Fire & Ice's ``Position``, the solitaire's
``SolitairePosition``, Icebreaker's ``IcebreakerPosition``), so undo/redo, the move
list, the board controller, hints and the computer player are written once.  A move is
any hashable value with ``src`` and ``dst`` cells whose ``str`` is its notation;
cells are integers only the position can name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from .words import Words

S = TypeVar("S", bound="GameState")


class GameState(Protocol):
    """An immutable game position."""

    @property
    def to_move(self) -> Any:
        """The side to move (``None`` in the solitaire while either colour may)."""
        ...

    def legal_moves(self) -> list[Any]:
        """The moves that may be played now (none once the game is over)."""
        ...

    def illegal_reason(self, move: Any) -> Words | None:
        """Why ``move`` may not be played now, or ``None`` if it may."""
        ...

    def play(self, move: Any) -> GameState:
        """The position after ``move`` (or its text); raises ``IllegalMoveError`` if it is
        not legal, ``NotationError`` if the text is not a move."""
        ...

    def parse_move(self, text: str) -> Any:
        """The move written ``text`` on this game's board; raises ``NotationError``."""
        ...

    def make_move(self, src: int, dst: int) -> Any:
        """The move of the piece on ``src`` to ``dst`` (legal or not)."""
        ...

    def cell_name(self, cell: int) -> str:
        """The name of a hole or cell, as moves write it."""
        ...

    def side_name(self, side: Any) -> Words:
        """What a player calls ``side``: "Fire", "red", "Black"."""
        ...

    def color_at(self, cell: int) -> Any:
        """The side whose piece is on ``cell``, or ``None``."""
        ...

    def stuck_reason(self, cell: int) -> Words:
        """Why the piece of the side to move on ``cell`` has no legal move."""
        ...

    @property
    def game(self) -> str:
        """The name of its game in the registry (:mod:`.registry`): "fire-and-ice"."""
        ...

    @property
    def piece(self) -> str:
        """What the game's pieces are called: "peg", "ship"."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        ...


#: A move typed with or without its dash: ``D4-C4``, ``d4c4``, ``d4 c4``, ``e9-e10``.
_TYPED_MOVE = re.compile(r"\s*([a-z])\s*(\d+)\s*-?\s*([a-z])\s*(\d+)\s*", re.IGNORECASE)


def typed_move_text(typed: str) -> str:
    """A typed move as the game's notation writes it: ``d4c4`` and ``d4 c4`` become
    ``d4-c4``; anything else is left for the game's parser to explain.  The board's
    typed moves and ``fireice puzzle play`` read moves so."""
    match = _TYPED_MOVE.fullmatch(typed)
    if match is None:
        return typed.strip()
    a, b, c, d = match.groups()
    return f"{a}{b}-{c}{d}"


@dataclass
class Step:
    """What became of one move of a player learning (a puzzle, a lesson, practice)."""

    move: Any
    right: bool
    #: The other side's answer (``None`` when the move finished it, or was wrong).
    reply: Any | None
    #: Whether the exercise is done by this move (its goal is on the board).
    solved: bool


class History(Generic[S]):
    """The positions of one game with undo and redo.

    ``moves[i]`` leads from ``positions[i]`` to ``positions[i + 1]``; ``cursor`` is the
    index of the current position.  Playing a move after an undo drops the redo line.
    """

    def __init__(self, start: S) -> None:
        self.positions: list[S] = [start]
        self.moves: list[Any] = []
        self.cursor = 0
        self.changes = 0  # counts plays, undos and redos: a cheap "has it changed?" for views

    @property
    def position(self) -> S:
        """The current position."""
        return self.positions[self.cursor]

    @property
    def played(self) -> list[Any]:
        """The moves that lead to the current position."""
        return self.moves[: self.cursor]

    def play(self, move: Any) -> S:
        """Play ``move`` (or its text) from the current position; raises if it is illegal
        (nothing changes)."""
        if isinstance(move, str):
            move = self.position.parse_move(move)
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
