"""Icebreaker, Mark Steere's game of ships and icebergs: the sea, the rules, the text
board and the computer's evaluation.

May import the standard library and the engine's generic modules (``errors``,
``interface``, ``levels``, ``registry``, ``treesearch``), never another game's
package.  Importing it registers the game (:mod:`.spec`).
"""

from ...registry import register_game
from .spec import ICEBREAKER

register_game(ICEBREAKER)
