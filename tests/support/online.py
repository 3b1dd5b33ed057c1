"""A connection to a friend in memory, for the tests of online play that need no network: two
:class:`FakeLink` ends, each a :class:`~fireice_desktop.online.table.LinkLike`, whose lines
arrive on the other end as ``line`` events."""

from __future__ import annotations

import queue
from dataclasses import dataclass
from typing import Any

#: The invite code a fake host shows.
CODE = "7-guitarist-revenge"


@dataclass(frozen=True)
class Event:
    """What a link says (as :class:`~fireice_desktop.online.link.LinkEvent`)."""

    kind: str
    text: str = ""
    data: bytes = b""
    words: Any = ""


class FakeLink:
    """One end of a connection: a line sent arrives on the ``friend`` end's events while
    neither end is closed; ``sent`` keeps every line sent, ``closed`` counts the closes."""

    def __init__(self) -> None:
        self.events: queue.Queue[Any] = queue.Queue()
        self.finished = False
        self.route = "->tcp:127.0.0.1:1"
        self.friend: FakeLink | None = None
        self.sent: list[bytes] = []
        self.closed = 0
        self.joined = ""

    def send(self, line: bytes) -> None:
        self.sent.append(line)
        friend = self.friend
        if not self.finished and friend is not None and not friend.finished:
            friend.events.put(Event("line", data=line))

    def close(self) -> None:
        self.closed += 1
        self.finished = True

    def host(self) -> None:
        self.events.put(Event("code", text=CODE))

    def join(self, code: str) -> None:
        self.joined = code


def link_pair() -> tuple[FakeLink, FakeLink]:
    """Two ends of one connection."""
    a, b = FakeLink(), FakeLink()
    a.friend, b.friend = b, a
    return a, b
