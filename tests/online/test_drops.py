"""A connection through the relay dropped in the middle of a game and back a few seconds later:
both sides say so, and the game goes on to its end with the right moves."""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable

import pytest

from fireice_desktop.engine.games.fireice.rules import Color
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.online.session import Session, new_game
from fireice_desktop.online.table import Connection, Shown, Table

from .conftest import Fireice, Proxy, Servers, expected_output, kept_moves, plays, reference_game

Start = Callable[..., Fireice]
GAME = "fire-and-ice"
#: How long the connection stays cut.
CUT_SECONDS = 3.0


@pytest.mark.slow
@pytest.mark.timeout(120)
@pytest.mark.parametrize("refuse", [False, True], ids=["unanswered", "refused"])
def test_a_connection_dropped_mid_move_comes_back_and_the_game_goes_on(
    fireice: Start, servers: Servers, proxy: Proxy, refuse: bool
) -> None:
    """While the connection is down, trying the relay again gets no answer, or is refused
    at once: either way the sides try again until it is back."""
    moves = reference_game(GAME, None, 31)
    normal = plays(moves)
    cut_at = 8  # the guest's move when the connection drops: sent while it is down
    restored = threading.Event()

    def cut_then_play(printed: list[str]) -> str | None:
        if len(printed) == cut_at - 1:
            proxy.cut(refuse)
            timer = threading.Timer(CUT_SECONDS, lambda: (proxy.restore(), restored.set()))
            timer.daemon = True
            timer.start()
        return normal(printed)

    addresses = ["--mailbox", servers.mailbox, "--relay", proxy.address, "--direct", "none"]
    host = fireice(["online", "host", *addresses], "anna", answer=normal)
    guest = fireice(["online", "join", host.code(), *addresses], "bea", answer=cut_then_play)
    for side in (host, guest):
        side.wait_for_error("Connection lost", timeout=15)
    # Nothing moves on while the connection is down (the host has not seen the move).
    assert not restored.is_set()
    assert len(host.moves()) == cut_at - 1, host.transcript()
    assert host.finish(60) == 0, host.transcript()
    assert guest.finish(30) == 0, guest.transcript()

    expected = expected_output(GAME, None, moves)
    assert host.out[1:] == expected, host.transcript()
    assert guest.out == expected, guest.transcript()
    assert kept_moves(host.kept) == kept_moves(guest.kept) == moves
    for side in (host, guest):
        lost = side.err.index(side.wait_for_error("Connection lost"))
        back = side.err.index(side.wait_for_error("Connection back"))
        assert lost < back, side.transcript()
    assert proxy.held > 0  # the sides tried again while it was cut


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_a_friend_whose_computer_freezes_is_said_lost_and_back_when_it_wakes(
    fireice: Start, servers: Servers
) -> None:
    """A frozen friend's copy closes no connection, and magic-wormhole 0.24 says nothing when
    its pings go unanswered: the silence alone says the connection is lost, within a few
    pings, and the friend's first answer says it is back."""
    from fireice_desktop.online.addresses import Servers as Addresses
    from fireice_desktop.online.link import PING_INTERVAL, SILENCE, Link  # Twisted: only here

    link = Link(Addresses(servers.mailbox, servers.relay, direct=False), "test")
    game = new_game(GameRecord(GAME), Color.FIRE)
    table = Table(Session("host", game, "Anna", lambda kept: None), link)
    link.host()
    states: list[tuple[float, str]] = []

    def pump_until(state: str, timeout: float) -> float:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for happened in table.pump(0.1):
                if isinstance(happened, Shown):
                    guest.append(fireice(["online", "join", happened.code, *addresses], "bea"))
                if isinstance(happened, Connection):
                    states.append((time.monotonic(), happened.state))
                    if happened.state == state:
                        return time.monotonic()
        raise AssertionError(f"no {state} in {timeout} s: {states}")

    addresses = ["--mailbox", servers.mailbox, "--relay", servers.relay, "--direct", "none"]
    guest: list[Fireice] = []
    try:
        pump_until("connected", 30)
        table.pump(1.0)  # the hellos
        guest[0].kill(signal.SIGSTOP)
        frozen = time.monotonic()
        try:
            lost = pump_until("lost", SILENCE + 3 * PING_INTERVAL)
        finally:
            guest[0].kill(signal.SIGCONT)
        assert lost - frozen <= SILENCE + 2 * PING_INTERVAL
        pump_until("back", 30)
    finally:
        table.close()
        link.wait_closed(5)
