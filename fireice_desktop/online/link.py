"""The connection to the friend: magic-wormhole pairing by a short code, then its Dilation
connection, run by Twisted in a thread of its own so that neither the window nor the terminal
ever waits on the network.

**Why Dilation.**  A Dilation connection is made from the code alone: each side offers the
addresses it listens on and the transit relay, the first connection that works is used (a
direct one on a LAN, the relay across NATs), all of it end-to-end encrypted with the key the
code agreed.  When the connection drops, Dilation makes a new one by itself (through the
mailbox, which stays open) and sends again whatever the other side had not acknowledged, so a
move in flight arrives once, in order.  Its status says when the friend is lost and back,
which this module passes on at once.  The game adds its own checks on top
(:mod:`.session`): every move numbered, hashed and acknowledged, and the game kept on disk.

A :class:`Link` is made in any thread; its methods may be called from any thread; what
happens arrives as :class:`LinkEvent` values in :attr:`Link.events` (a :class:`queue.Queue`).
Lines from the friend are passed on raw: :mod:`.messages` reads them.  This side closes the
connection on a line longer than :data:`~.messages.MOST_BYTES` or on a flood of lines.

This module imports Twisted and magic-wormhole: import it only when online play starts.
"""

from __future__ import annotations

import io
import queue
import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import Any, Final

import wormhole
from twisted.internet import reactor as _reactor
from twisted.internet.defer import ensureDeferred
from twisted.internet.protocol import Factory, Protocol
from twisted.python.failure import Failure
from wormhole import _status as status
from wormhole.errors import LonelyError, ServerConnectionError, WelcomeError, WrongPasswordError

from ..engine.words import Words, quoted, say
from .addresses import APP_ID, Servers
from .messages import MOST_BYTES, MOST_MOVES, PROTOCOL

reactor: Any = _reactor

#: The game's subchannel on the Dilation connection.
SUBPROTOCOL: Final = "fireice-game"
#: Seconds to reach the mailbox server before saying it cannot be reached.
MAILBOX_PATIENCE: Final = 20.0
#: Seconds between Dilation's pings: a silent drop is noticed within about two of these.
PING_INTERVAL: Final = 5.0
#: The most lines the friend may send in :data:`FLOOD_WINDOW` seconds (a resume sends one a
#: move, up to :data:`~.messages.MOST_MOVES`).
FLOOD_LINES: Final = MOST_MOVES + 200
FLOOD_WINDOW: Final = 10.0
#: Seconds without a word from the friend's copy (Dilation says the peer is connected after
#: each answer to its pings) before the connection counts as lost: a friend whose computer
#: froze or whose network went silent sends no end of connection to notice.
SILENCE: Final = 2.5 * PING_INTERVAL
#: Seconds between tries of the relay while the connection is down.
RETRY_INTERVAL: Final = 3.0


@dataclass(frozen=True)
class LinkEvent:
    """What happened on the connection.

    ``kind`` is one of ``code`` (the invite code to show: ``text``), ``paired`` (the key
    exchange worked), ``connected`` (the game's channel is open), ``line`` (a line from the
    friend: ``data``), ``lost`` (the connection dropped; reconnecting), ``back`` (it came
    back), ``failed`` (it cannot go on: ``words`` says why) and ``closed``.
    """

    kind: str
    text: str = ""
    data: bytes = b""
    words: Words | str = ""


_started = threading.Lock()
_thread: threading.Thread | None = None


def _ensure_reactor() -> None:
    """Run Twisted's reactor in a thread of its own (once per process)."""
    global _thread
    with _started:
        if _thread is not None and _thread.is_alive():
            return
        _thread = threading.Thread(
            target=reactor.run,
            kwargs={"installSignalHandlers": False},
            name="online",
            daemon=True,
        )
        _thread.start()
    while not reactor.running:
        time.sleep(0.005)


def _transport(channel: Protocol) -> Any:
    """The channel's transport (Twisted types it loosely)."""
    return channel.transport


class _GameChannel(Protocol):
    """The game's subchannel: lines in, lines out, with the size and flood limits."""

    def __init__(self, link: Link) -> None:
        self.link = link
        self.buffer = b""
        self.times: deque[float] = deque()

    def connectionMade(self) -> None:
        self.link._channel_made(self)

    def dataReceived(self, data: bytes) -> None:
        self.buffer += data
        while True:
            end = self.buffer.find(b"\n")
            if end < 0:
                break
            line, self.buffer = self.buffer[: end + 1], self.buffer[end + 1 :]
            if len(line) > MOST_BYTES:
                self.link._fail(say("online.error.too_long", most=MOST_BYTES))
                return
            now = time.monotonic()
            self.times.append(now)
            while self.times and self.times[0] < now - FLOOD_WINDOW:
                self.times.popleft()
            if len(self.times) > FLOOD_LINES:
                self.link._fail(say("online.error.flood"))
                return
            self.link._put(LinkEvent("line", data=line))
            if self.link.finished:
                return
        if len(self.buffer) > MOST_BYTES:
            self.link._fail(say("online.error.too_long", most=MOST_BYTES))

    def connectionLost(self, reason: Failure | None = None) -> None:
        self.link._channel_lost()


class Link:
    """One side's connection to the friend (see the module's description)."""

    def __init__(self, servers: Servers, version: str = "") -> None:
        self.servers = servers
        #: This copy's version, told to the friend's copy (and named when they differ).
        self.version = version
        self.events: queue.Queue[LinkEvent] = queue.Queue()
        self.finished = False
        self._closed = threading.Event()
        self._wormhole: Any = None
        self._channel: _GameChannel | None = None
        self._unsent: list[bytes] = []
        self._peer_connected = False
        self._lost = False
        self._heard = 0.0  # when the friend's copy was last heard of (time.monotonic)
        self._closing = False
        #: How the friend is reached now, as magic-wormhole describes it (direct or relay).
        self.route = ""

    # --- starting ------------------------------------------------------------------------

    def host(self) -> None:
        """Make an invite code (it arrives as a ``code`` event) and wait for the friend."""
        self._start(None)

    def join(self, code: str) -> None:
        """Pair with the friend who made ``code`` (checked by :func:`.addresses.check_code`)."""
        self._start(code)

    def _start(self, code: str | None) -> None:
        _ensure_reactor()
        reactor.callFromThread(self._begin, code)

    def _begin(self, code: str | None) -> None:
        deferred = ensureDeferred(self._pair(code))
        deferred.addErrback(self._failure)

    async def _pair(self, code: str | None) -> None:
        versions = {
            "fireice": {
                "protocol": PROTOCOL,
                "direct": self.servers.direct,
                "version": self.version,
            }
        }
        w = wormhole.create(
            APP_ID,
            self.servers.mailbox,
            reactor,
            versions=versions,
            dilation=True,
            stderr=io.StringIO(),
        )
        self._wormhole = w
        welcome = w.get_welcome()
        timer = reactor.callLater(MAILBOX_PATIENCE, self._no_mailbox)
        try:
            await welcome
        finally:
            if timer.active():
                timer.cancel()
        if self.finished:
            return
        if code is None:
            w.allocate_code(2)
            made = await w.get_code()
            self._put(LinkEvent("code", text=made))
        else:
            w.set_code(code)
        await w.get_verifier()
        their = await w.get_versions()
        if self.finished:
            return
        theirs = their.get("fireice") if isinstance(their, dict) else None
        if not isinstance(theirs, dict) or not isinstance(theirs.get("protocol"), int):
            self._fail(say("online.error.other_program"))
            return
        if theirs["protocol"] != PROTOCOL:
            version = theirs.get("version")
            shown = version[:32] if isinstance(version, str) and version else "?"
            self._fail(
                say("online.error.other_version", theirs=quoted(shown), mine=quoted(self.version))
            )
            return
        direct = self.servers.direct and theirs.get("direct") is True
        self._put(LinkEvent("paired"))
        dilated = w.dilate(
            transit_relay_location=self.servers.relay,
            no_listen=not direct,
            on_status_update=self._dilation_status,
            ping_interval=PING_INTERVAL,
        )
        factory = Factory.forProtocol(lambda: _GameChannel(self))
        if code is None:
            dilated.listener_for(SUBPROTOCOL).listen(factory)
        else:
            await dilated.connector_for(SUBPROTOCOL).connect(factory)

    def _no_mailbox(self) -> None:
        self._fail(say("online.error.no_mailbox", address=quoted(self.servers.mailbox)))

    def _failure(self, failure: Failure) -> None:
        error = failure.value
        if self.finished:
            return
        if isinstance(error, WrongPasswordError):
            self._fail(say("online.error.wrong_code"))
        elif isinstance(error, (ServerConnectionError, WelcomeError)):
            self._fail(say("online.error.no_mailbox", address=quoted(self.servers.mailbox)))
        elif isinstance(error, LonelyError):
            self._fail(say("online.error.lonely"))
        else:
            self._fail(say("online.error.connection", reason=quoted(str(error)[:120])))

    # --- the connection's state ----------------------------------------------------------

    def _dilation_status(self, state: Any) -> None:
        peer = getattr(state, "peer_connection", None)
        if isinstance(peer, status.ConnectedPeer):
            self._heard = time.monotonic()
            self.route = str(peer.hint_description)
            if self._lost:
                self._lost = False
                self._put(LinkEvent("back", text=str(peer.hint_description)))
            self._peer_connected = True
        elif (
            isinstance(peer, (status.ReconnectingPeer, status.ConnectingPeer, status.NoPeer))
            and self._peer_connected
            and not self._lost
        ):
            self._lost = True
            self._put(LinkEvent("lost"))
            reactor.callLater(RETRY_INTERVAL, self._retry)

    def _retry(self) -> None:
        """Try the relay again while the connection is down.

        Dilation (magic-wormhole 0.24) tries each way to the friend once when it reconnects,
        and when every try failed (the network was still down, the relay refused) it waits
        for ever.  So each side tries the relay again every :data:`RETRY_INTERVAL` seconds
        while it has no connection under way, until the connection is back: the two meet at
        the relay once it can be reached.  A side waiting at the relay for a friend who is
        gone keeps that one connection, no more."""
        if self.finished or not self._lost:
            return
        boss = getattr(self._wormhole, "_boss", None)
        manager = getattr(getattr(boss, "_D", None), "_manager", None)
        connector = getattr(manager, "_connector", None)
        reconnecting = (
            getattr(manager, "_connection", True) is None  # none in use
            and getattr(connector, "_winning_connection", True) is None  # none chosen
            and not getattr(connector, "_pending_connections", True)  # none under way
        )
        relays = getattr(connector, "_transit_relays", None)
        if reconnecting and relays and connector is not None:
            connector._use_hints(relays)
        reactor.callLater(RETRY_INTERVAL, self._retry)

    def _channel_made(self, channel: _GameChannel) -> None:
        if self._channel is not None:  # one game channel: a second one is not ours
            _transport(channel).loseConnection()
            return
        self._channel = channel
        self._peer_connected = True
        self._heard = time.monotonic()
        reactor.callLater(PING_INTERVAL, self._watch)
        self._put(LinkEvent("connected"))
        for line in self._unsent:
            _transport(channel).write(line)
        self._unsent = []

    def _watch(self) -> None:
        """Say the connection is lost when the friend's copy has been silent too long
        (magic-wormhole 0.24's Dilation says nothing when its pings go unanswered)."""
        if self.finished or self._closing:
            return
        if not self._lost and time.monotonic() - self._heard > SILENCE:
            self._lost = True
            self._put(LinkEvent("lost"))
        reactor.callLater(PING_INTERVAL / 2, self._watch)

    def _channel_lost(self) -> None:
        if not self.finished and not self._closing:
            self._fail(say("online.error.friend_closed"))

    # --- sending and closing -------------------------------------------------------------

    def send(self, line: bytes) -> None:
        """Send one line to the friend (kept until the channel is open)."""
        if not self.finished:
            reactor.callFromThread(self._write, line)

    def _write(self, line: bytes) -> None:
        if self._channel is None:
            self._unsent.append(line)
        else:
            _transport(self._channel).write(line)

    def close(self) -> None:
        """Close the connection (never waits: see :meth:`wait_closed`)."""
        if self.finished:
            return
        self.finished = True
        self._closing = True
        reactor.callFromThread(self._shut)

    def wait_closed(self, timeout: float = 5.0) -> bool:
        """Wait until the connection closed (the lines sent so far flushed), at most
        ``timeout`` seconds; whether it did."""
        return self._closed.wait(timeout)

    def _shut(self) -> None:
        w = self._wormhole
        if w is None:
            self._closed.set()
            self._put(LinkEvent("closed"), force=True)
            return

        def finished(_: object) -> None:
            self._closed.set()
            self._put(LinkEvent("closed"), force=True)

        try:
            w.close().addBoth(finished)
        except Exception:  # a wormhole that failed is closed already
            finished(None)

    def _fail(self, words: Words) -> None:
        if self.finished:
            return
        self._put(LinkEvent("failed", words=words))
        self.finished = True
        self._closing = True
        w = self._wormhole
        if w is None:
            self._closed.set()
            return
        try:
            w.close().addBoth(lambda _: self._closed.set())
        except Exception:  # a wormhole already closing
            self._closed.set()

    def _put(self, event: LinkEvent, force: bool = False) -> None:
        if force or not self.finished:
            self.events.put(event)
