"""The rules of Fire & Ice and its solitaire, in pure Python (standard library only).

Nothing here draws or prints: the command line and the desktop app sit on top.
"""

from .board import (
    HOLE_NAMES,
    ISLANDS,
    LINES,
    Bitboard,
    Hole,
    has_line,
    hole_name,
    parse_hole,
    parse_holes,
)
from .errors import IllegalMoveError, NotationError
from .game import Color, Move, Position, check_handicap, random_handicap
from .interface import GameState, History
from .record import GameRecord, replay
from .solitaire import SolitairePosition

__all__ = [
    "HOLE_NAMES",
    "ISLANDS",
    "LINES",
    "Bitboard",
    "Color",
    "GameRecord",
    "GameState",
    "History",
    "Hole",
    "IllegalMoveError",
    "Move",
    "NotationError",
    "Position",
    "SolitairePosition",
    "check_handicap",
    "has_line",
    "hole_name",
    "parse_hole",
    "parse_holes",
    "random_handicap",
    "replay",
]
