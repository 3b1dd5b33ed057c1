"""One view per game for the one game screen: its board, picture, words and widgets.

May import the engine, the UI's drawing modules (``board_view``, ``hex_view``, the
layouts) and :mod:`..game`; never a screen.  A new game adds its view here and one
line to :data:`VIEWS`.
"""

from __future__ import annotations

from .base import GameView, Host
from .fireice import FireIceView
from .icebreaker import IcebreakerView
from .solitaire import SolitaireView

#: The view of each registered game, by the game's name.
VIEWS: dict[str, type[GameView]] = {
    "fire-and-ice": FireIceView,
    "solitaire": SolitaireView,
    "icebreaker": IcebreakerView,
}


def view_for(game: str, host: Host) -> GameView:
    """The view that shows ``game`` on ``host``'s screen."""
    return VIEWS[game](host)


__all__ = ["VIEWS", "GameView", "view_for"]
