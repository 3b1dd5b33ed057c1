"""An online game at the table: one :class:`~.session.Session` over one :class:`~.link.Link`,
for the window and the terminal alike.

:meth:`Table.pump` takes what arrived on the connection, hands the friend's lines to the
session through the strict reader (:func:`~.messages.parse`), sends the session's replies, and
returns what happened, in order: the session's events (:mod:`.session`) and the connection's
(:class:`Shown`, :class:`Connection`, :class:`Failed`).  A message that breaks the rules closes
the connection with :class:`Failed` and changes nothing here; so does a game that cannot be
kept on disk (a move is never sent or shown unkept).

The link is passed in, so this module needs no Twisted: the tests drive it with a link of
their own.
"""

from __future__ import annotations

import queue
import time
from dataclasses import dataclass
from typing import Any, Final, Protocol

from ..engine.words import Words, say
from ..files.storage import SaveFileError
from .messages import ProtocolError, encode, parse
from .session import Event, FriendPaused, PeerError, Session

#: Seconds the friend's copy has to say hello once the connection is open, and then for each
#: move it said it has and owes (an honest copy sends them at once); a copy that stays silent
#: is given up, as one that breaks the rules.
HELLO_PATIENCE: Final = 20.0


class LinkLike(Protocol):
    """What a table needs of a connection (:class:`~.link.Link` has it)."""

    events: queue.Queue[Any]
    finished: bool
    route: str

    def send(self, line: bytes) -> None: ...

    def close(self) -> Any: ...


@dataclass(frozen=True)
class Shown:
    """The invite code to show the friend."""

    code: str


@dataclass(frozen=True)
class Connection:
    """The connection's state changed: ``paired`` (the code was right), ``connected``,
    ``lost`` (reconnecting), ``back``, or ``closed``."""

    state: str


@dataclass(frozen=True)
class Failed:
    """Online play stopped: ``words`` says why.  ``peer`` when the friend's copy broke the
    rules (the game here is as it was)."""

    words: Words | str
    peer: bool = False


Happening = Event | Shown | Connection | Failed


class Table:
    """A session over a link (see the module's description)."""

    def __init__(self, session: Session, link: LinkLike) -> None:
        self.session = session
        self.link = link
        self.over = False
        self.paused = False
        self._pause_sent_at: float | None = None
        self._channel_open = False
        #: When the friend's hello became due (the channel open and the connection up).
        self._connected_at: float | None = None

    # --- what arrives ---------------------------------------------------------------------

    def pump(self, wait: float = 0.0) -> list[Happening]:
        """What happened since the last call (waiting up to ``wait`` seconds for something)."""
        happened: list[Happening] = []
        deadline = time.monotonic() + wait
        while not self.over:
            try:
                remaining = deadline - time.monotonic()
                if remaining > 0 and not happened:
                    event = self.link.events.get(timeout=remaining)
                else:
                    event = self.link.events.get_nowait()
            except queue.Empty:
                break
            happened.extend(self._take(event))
        if self._pause_sent_at is not None and time.monotonic() - self._pause_sent_at > 3.0:
            happened.extend(self._finish(Connection("closed")))
        if (
            self._connected_at is not None
            and not self.session.synced()
            and time.monotonic() - self._connected_at > HELLO_PATIENCE
        ):
            key = "online.error.no_moves" if self.session.started else "online.error.no_hello"
            silent = say(key, seconds=int(HELLO_PATIENCE))
            happened.extend(
                self._finish(Failed(say("online.error.peer", reason=silent), peer=True))
            )
        return happened

    def _take(self, event: Any) -> list[Happening]:
        kind = event.kind
        if kind == "code":
            return [Shown(event.text)]
        if kind in ("paired", "lost", "back"):
            # The friend's hello is not counted late while the connection is down.
            if kind == "lost":
                self._connected_at = None
            elif kind == "back" and self._channel_open:
                self._connected_at = time.monotonic()
            return [Connection(kind)]
        if kind == "connected":
            self._channel_open = True
            self._connected_at = time.monotonic()
            self.session.outbox.insert(0, self.session.hello())
            self.flush()
            return [Connection("connected")]
        if kind == "failed":
            return self._finish(Failed(event.words))
        if kind == "closed":
            return self._finish(Connection("closed"))
        assert kind == "line"
        if self._connected_at is not None:
            self._connected_at = time.monotonic()  # news: the friend's copy is not silent
        try:
            message = parse(event.data)
            events: list[Happening] = list(self.session.receive(message))
        except PeerError as error:
            return self._finish(Failed(say("online.error.peer", reason=error.words), peer=True))
        except ProtocolError as error:
            return self._finish(Failed(say("online.error.peer", reason=str(error)), peer=True))
        except SaveFileError as error:
            return self._finish(Failed(say("online.error.cannot_keep", error=error.words)))
        if any(isinstance(e, FriendPaused) for e in events):
            if self._pause_sent_at is None:
                self.session.pause()
                self.flush()
            self.paused = True
            events.extend(self._finish(Connection("closed"), quietly=True))
        self.flush()
        return events

    def _finish(self, last: Happening, quietly: bool = False) -> list[Happening]:
        if self.over:
            return []
        self.over = True
        self.link.close()
        return [] if quietly else [last]

    # --- this side's actions -------------------------------------------------------------

    def flush(self) -> None:
        """Send what the session has to send."""
        for message in self.session.take_outbox():
            self.link.send(encode(message))

    def act(self, action: str, *args: Any) -> list[Happening]:
        """Do one of the session's actions (``play``, ``resign``, ``offer_takeback``,
        ``offer_rematch``, ``answer``) and send what it says.  A game that cannot be kept
        raises :class:`SaveFileError` with nothing sent or changed."""
        result = getattr(self.session, action)(*args)
        self.flush()
        return list(result) if isinstance(result, list) else []

    def pause(self) -> None:
        """Tell the friend this side leaves (both keep the game); the connection closes when
        the friend says it heard, or in three seconds."""
        if self.over or self._pause_sent_at is not None:
            return
        self.paused = True
        self.session.pause()
        self.flush()
        self._pause_sent_at = time.monotonic()

    def close(self) -> None:
        """Close the connection at once."""
        self._finish(Connection("closed"))
