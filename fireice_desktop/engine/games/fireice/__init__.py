"""Fire & Ice and the boxed edition's solitaire: the rules, the text board, the
computer player, the symmetries of the board and the solitaire's solver.

May import the standard library and the engine's generic modules (``errors``,
``interface``, ``levels``, ``registry``, ``treesearch``), never another game's
package.  Importing it registers both games (:mod:`.spec`).
"""

from ...registry import register_game
from .spec import FIRE_AND_ICE, SOLITAIRE

register_game(FIRE_AND_ICE)
register_game(SOLITAIRE)
