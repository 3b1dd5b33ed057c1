"""Online play's start in the window: the connection to the friend and, with no internet, the
servers on this computer.

Twisted and magic-wormhole are imported here only when a player starts online play (every
other screen, and every other command, starts without them).  Nothing here waits: the
connection runs in a thread of its own and says what happens in its ``events`` queue, which
the screens read with :meth:`~...online.table.Table.pump` each frame.
"""

from __future__ import annotations

import contextlib
import getpass
import queue
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from ... import __version__
from ...online.addresses import Servers
from ...online.session import shown_name
from ...online.table import LinkLike
from .settings import MOST_NAME, Settings

#: Where Back and Cancel lead from the host's and the joiner's cards.
FRIEND_ROUTE = "friend"


def player_name(settings: Settings) -> str:
    """The name the friend sees: the one set, or the system's user name."""
    name = settings.player_name.strip()
    if not name:
        try:
            name = getpass.getuser()
        except (OSError, KeyError, ImportError):
            name = ""
    return shown_name(name, MOST_NAME)


#: The event that wakes the window's loop when the connection has news (the loop sleeps
#: up to half a second when nothing moves: a friend's move is shown at once instead).
LINK_NEWS = pygame.event.custom_type()


class WakingQueue(queue.Queue[Any]):
    """The connection's events, each waking the window's loop as it arrives (from the
    connection's own thread: posting an event is safe from any thread)."""

    def put(self, item: Any, block: bool = True, timeout: float | None = None) -> None:
        super().put(item, block, timeout)
        with contextlib.suppress(pygame.error):  # no window any more: nothing to wake
            pygame.event.post(pygame.event.Event(LINK_NEWS))


def real_link(servers: Servers) -> LinkLike:
    """A connection through ``servers`` (magic-wormhole's, loaded now)."""
    from ...online.link import Link  # Twisted and magic-wormhole, only when play starts

    link = Link(servers, version())
    link.events = WakingQueue()
    return link


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
