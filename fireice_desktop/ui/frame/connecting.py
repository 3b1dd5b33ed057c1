"""Online play's start in the window: the connection to the friend and, with no internet, the
servers on this computer.

Twisted and magic-wormhole are imported here only when a player starts online play (every
other screen, and every other command, starts without them).  Nothing here waits: the
connection runs in a thread of its own and says what happens in its ``events`` queue, which
the screens read with :meth:`~...online.table.Table.pump` each frame.
"""

from __future__ import annotations

import getpass
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ... import __version__
from ...online.addresses import Servers
from ...online.session import shown_name
from ...online.table import LinkLike
from .settings import MOST_NAME, Settings

#: Where Back and Cancel lead from the host's and the joiner's cards.
FRIEND_ROUTE = "menu"


def player_name(settings: Settings) -> str:
    """The name the friend sees: the one set, or the system's user name."""
    name = settings.player_name.strip()
    if not name:
        try:
            name = getpass.getuser()
        except (OSError, KeyError, ImportError):
            name = ""
    return shown_name(name, MOST_NAME)


def real_link(servers: Servers) -> LinkLike:
    """A connection through ``servers`` (magic-wormhole's, loaded now)."""
    from ...online.link import Link  # Twisted and magic-wormhole, only when play starts

    return Link(servers, version())


#: How a connection is made: the real one, or a test's.
open_link: Callable[[Servers], LinkLike] = real_link


@dataclass
class LanServers:
    """The mailbox server and relay this computer serves on the LAN."""

    mailbox: str
    relay: str
    running: Any

    def stop(self) -> None:
        self.running.stop()


def start_lan_servers() -> LanServers:
    """Serve a mailbox and a relay on every interface of this computer, for a friend on
    the same network; ``OSError`` when they cannot be started."""
    from ...online.servers import start_servers  # Twisted, only when asked

    running = start_servers("0.0.0.0")
    return LanServers(running.mailbox, running.relay, running)


def version() -> str:
    """This copy's version, which the friend's must speak."""
    return __version__


__all__ = ["LanServers", "open_link", "player_name", "start_lan_servers", "version"]
