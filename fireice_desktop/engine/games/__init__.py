"""The games this program plays, one package each; importing this package registers
them all, in the order the menu and the messages list them.

Code that needs a game asks :func:`find_game` by name.  A new game is one more
package here, registering itself in its ``__init__``, and one more import below.
"""

from ..registry import find_game, registered_games
from . import fireice, icebreaker

__all__ = ["find_game", "fireice", "icebreaker", "registered_games"]
