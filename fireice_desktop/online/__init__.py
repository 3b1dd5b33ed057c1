"""Playing a friend who is not in the room: the messages two copies of the game exchange
(:mod:`.messages`), one side of an online game and the checks it makes of every move
(:mod:`.session`), the online game each side keeps (:mod:`.kept`), and the connection
itself through magic-wormhole (:mod:`.link`) with the servers a club or a LAN can run
(:mod:`.servers`).

Only :mod:`.link` and :mod:`.servers` import Twisted and magic-wormhole, and only when online
play starts: every other command starts as fast without them.
"""
