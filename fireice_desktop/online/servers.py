"""A mailbox server and a transit relay run by this program: for a LAN with no internet, the
host starts both (magic-wormhole's own server packages, in the online thread) and tells the
friend the one address to type; the tests start them on 127.0.0.1.

    python -m fireice_desktop.online.servers --interface 127.0.0.1

prints ``mailbox: ws://127.0.0.1:PORT/v1`` and ``relay: tcp:127.0.0.1:PORT`` and serves until
stopped.  A club that hosts its own for good runs the packages' own commands instead (see the
README): ``twist wormhole-mailbox`` and ``twist transitrelay``.

This module imports Twisted and the server packages: import it only when they are wanted.
"""

from __future__ import annotations

import argparse
import contextlib
import socket
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from twisted.internet import endpoints as _endpoints
from twisted.internet.protocol import ServerFactory
from wormhole_mailbox_server.database import create_channel_db
from wormhole_mailbox_server.server import make_server
from wormhole_mailbox_server.web import make_web_server
from wormhole_transit_relay.transit_server import Transit, TransitConnection
from wormhole_transit_relay.usage import create_usage_tracker

from .link import _ensure_reactor, reactor

endpoints: Any = _endpoints


@dataclass(frozen=True)
class LocalServers:
    """The addresses of a mailbox server and a transit relay this program runs."""

    mailbox: str
    relay: str
    ports: tuple[Any, Any]

    def stop(self) -> None:
        """Stop both (from any thread)."""
        done = threading.Event()

        def stop_listening() -> None:
            for port in self.ports:
                port.stopListening()
            done.set()

        reactor.callFromThread(stop_listening)
        done.wait(5.0)


def lan_address() -> str:
    """This machine's address on its LAN as the friend would type it (the address the system
    would use to reach the internet; no packet is sent), or ``127.0.0.1``."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, never reached
        address: str = probe.getsockname()[0]
        return address
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def start_servers(
    interface: str = "0.0.0.0",
    shown: str | None = None,
    mailbox_port: int = 0,
    relay_port: int = 0,
) -> LocalServers:
    """Start a mailbox server and a transit relay listening on ``interface`` (any free ports
    unless given); their addresses name ``shown`` (the LAN address by default).
    ``OSError`` when a port cannot be had."""
    _ensure_reactor()
    result: dict[str, Any] = {}
    ready = threading.Event()

    def failed(error: Any) -> None:
        result["error"] = getattr(error, "value", error)
        ready.set()

    def got_relay(port: Any) -> None:
        result["relay"] = port
        ready.set()

    def start() -> None:
        try:
            rendezvous = make_server(create_channel_db(":memory:"), allow_list=False)
            site = make_web_server(rendezvous, log_requests=False)
            mailbox = endpoints.TCP4ServerEndpoint(reactor, mailbox_port, interface=interface)
            relay_factory = ServerFactory()
            relay_factory.protocol = TransitConnection
            relay_factory.log_requests = False  # type: ignore[attr-defined]
            usage = create_usage_tracker(blur_usage=None, log_file=None, usage_db=None)
            relay_factory.transit = Transit(usage, reactor.seconds)  # type: ignore[attr-defined]
            relay = endpoints.TCP4ServerEndpoint(reactor, relay_port, interface=interface)
        except Exception as error:
            failed(error)
            return

        def got_mailbox(port: Any) -> None:
            result["mailbox"] = port
            relay.listen(relay_factory).addCallbacks(got_relay, failed)

        mailbox.listen(site).addCallbacks(got_mailbox, failed)

    reactor.callFromThread(start)
    ready.wait(10.0)
    if "error" in result:
        error = result["error"]
        if "mailbox" in result:
            reactor.callFromThread(result["mailbox"].stopListening)
        raise OSError(str(error)) from None
    if "relay" not in result:
        raise OSError("the servers did not start")
    host = shown or (lan_address() if interface == "0.0.0.0" else interface)
    mailbox_at = result["mailbox"].getHost().port
    relay_at = result["relay"].getHost().port
    return LocalServers(
        f"ws://{host}:{mailbox_at}/v1",
        f"tcp:{host}:{relay_at}",
        (result["mailbox"], result["relay"]),
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--interface", default="127.0.0.1")
    parser.add_argument("--mailbox-port", type=int, default=0)
    parser.add_argument("--relay-port", type=int, default=0)
    args = parser.parse_args(argv)
    try:
        servers = start_servers(args.interface, None, args.mailbox_port, args.relay_port)
    except OSError as error:
        print(f"cannot start the servers: {error}", file=sys.stderr)
        return 1
    print(f"mailbox: {servers.mailbox}", flush=True)
    print(f"relay: {servers.relay}", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        for _ in iter(lambda: sys.stdin.readline(64), ""):  # serve until the input ends
            pass
    servers.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
