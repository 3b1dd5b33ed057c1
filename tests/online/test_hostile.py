"""A friend's copy that breaks the rules, played by the test itself: it joins the code a real
``fireice online host`` printed, over the real connection (:class:`~fireice_desktop.online.
link.Link`), and sends what no honest copy sends.  The host says so in one line on standard
error and stops with status 1, its kept game byte for byte as it was, and never hangs."""

from __future__ import annotations

import json
import signal
from collections.abc import Callable, Iterator

import pytest

from fireice_desktop.online.messages import (
    Ack,
    Answer,
    Hello,
    Move,
    Offer,
    encode,
    parse,
)

from .conftest import Fireice, Hostile, Servers, kept_game

Start = Callable[..., Fireice]

#: The host's first move, and a reply the guest may play to it.
HOST_FIRST = "D4-C4"
GUEST_REPLY = "D4-D5"
#: Another legal reply to the host's first move.
OTHER_REPLY = "D4-D6"


@pytest.fixture
def hostile_game(
    fireice: Start, servers: Servers
) -> Iterator[Callable[[int], tuple[Fireice, Hostile]]]:
    """``start(moves)``: a real host and the test's own guest, both with the game's first
    ``moves`` (0 to 2, each acknowledged), the host waiting for what comes next."""
    made: list[Hostile] = []

    def start(moves: int) -> tuple[Fireice, Hostile]:
        def host_plays(printed: list[str]) -> str:
            return HOST_FIRST if moves and not printed else ""

        addresses = ["--mailbox", servers.mailbox, "--relay", servers.relay, "--direct", "none"]
        host = fireice(["online", "host", *addresses, "--name", "Anna"], "anna", answer=host_plays)
        guest = Hostile(servers, host.code())
        made.append(guest)
        guest.next_event("connected")
        assert isinstance(guest.receive(), Hello)
        guest.send(guest.session.hello())
        host.wait_for(lambda: host.prompts >= 1, 20, "the host's first question")
        if moves >= 1:
            first = guest.receive()
            assert first == guest.move(1, HOST_FIRST)
            for message in guest.session.take_outbox():
                guest.send(message)  # the acknowledgement
            host.wait_for(lambda: kept_game(host.kept).acked == 1, 20, "the host keeps the ack")
        if moves >= 2:
            guest.session.play(GUEST_REPLY)
            for message in guest.session.take_outbox():
                guest.send(message)
            host.wait_for_moves(2)
            assert isinstance(guest.receive(), Ack)
        return host, guest

    yield start
    for guest in made:
        guest.link.close()


def _refused(host: Fireice, send: Callable[[], None], said: str) -> None:
    """Send what breaks the rules: the host says so in one line and stops with status 1,
    its kept game as it was; it printed nothing more on standard output."""
    kept = host.kept.read_bytes()
    out = list(host.out)
    err = len(host.err)
    send()
    assert host.finish(20) == 1, host.transcript()
    assert host.kept.read_bytes() == kept
    assert host.out == out, host.transcript()
    told = host.err[err:]
    assert len(told) == 1, host.transcript()
    assert said in told[0].lower(), told[0]


def _raw(guest: Hostile, line: bytes) -> Callable[[], None]:
    return lambda: guest.link.send(line)


@pytest.mark.slow
@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    ("moves", "line", "said"),
    [
        (0, b'{"type":"pause"' + b" " * 5000 + b"}\n", "longer than"),
        (0, b"x" * 5000, "longer than"),  # and no end of line
        (0, b'{"type": "move", "n": 1,\n', "not json"),
        (0, b'{"type":"chat","text":"hello"}\n', "no known type"),
        (0, b'{"type":"move","n":1,"move":"D4-D5","hash":"0123456789abcdef"}\n', "turn"),
        (1, b'{"type":"move","n":2,"move":"A1-A2","hash":"0123456789abcdef"}\n', "a1-a2"),
        (1, b'{"type":"move","n":3,"move":"D4-D5","hash":"0123456789abcdef"}\n', "3"),
        (1, b'{"type":"ack","n":5,"hash":"0123456789abcdef"}\n', "5"),
        (
            1,
            b'{"type":"hello","protocol":1,"version":"1","name":"x","role":"guest","game":null}\n',
            "hello",
        ),
    ],
    ids=[
        "oversized",
        "oversized-unended",
        "malformed",
        "unknown-type",
        "out-of-turn",
        "illegal",
        "skipped",
        "ack-ahead",
        "second-hello",
    ],
)
def test_a_message_that_breaks_the_rules_stops_the_game_and_changes_nothing(
    hostile_game: Callable[[int], tuple[Fireice, Hostile]], moves: int, line: bytes, said: str
) -> None:
    host, guest = hostile_game(moves)
    _refused(host, _raw(guest, line), said)


@pytest.mark.slow
@pytest.mark.timeout(60)
def test_a_move_sent_again_with_another_text_stops_the_game(
    hostile_game: Callable[[int], tuple[Fireice, Hostile]],
) -> None:
    host, guest = hostile_game(2)
    other = guest.move(2, OTHER_REPLY)
    _refused(host, lambda: guest.send(other), "2")


@pytest.mark.slow
@pytest.mark.timeout(60)
def test_a_flood_of_lines_stops_the_game(
    hostile_game: Callable[[int], tuple[Fireice, Hostile]],
) -> None:
    host, guest = hostile_game(1)
    # The host's own first move sent back again and again: each alone is harmless.
    again = encode(guest.move(1, HOST_FIRST))
    _refused(host, _raw(guest, again * 5000), "")
    assert "too many messages" in host.err[-1], host.transcript()


@pytest.mark.slow
@pytest.mark.timeout(60)
def test_a_good_move_sent_again_is_acknowledged_and_the_game_goes_on(
    hostile_game: Callable[[int], tuple[Fireice, Hostile]],
) -> None:
    host, guest = hostile_game(2)
    kept = host.kept.read_bytes()
    guest.send(guest.move(2, GUEST_REPLY))  # the very same move: a resend
    assert guest.receive() == Ack(2, guest.move(2, GUEST_REPLY).hash)
    assert host.kept.read_bytes() == kept
    assert host.process.poll() is None
    # The host plays on.
    host.type(_a_legal_move(guest) + "\n")
    third = guest.receive()
    assert isinstance(third, Move) and third.n == 3
    host.wait_for_moves(3)
    host.kill(signal.SIGTERM)
    assert host.finish(20) == 0, host.transcript()
    assert host.out[-1] == "result: paused"
    assert len(kept_game(host.kept).record.moves) == 3


def _a_legal_move(guest: Hostile) -> str:
    game = guest.session.online
    assert game is not None
    return str(sorted(game.position.legal_moves(), key=str)[0])


def test_the_hostile_lines_are_what_they_say() -> None:
    """The raw lines above break the rules only in the way each test says (so that a test
    passes for the right reason)."""
    from fireice_desktop.online.messages import ProtocolError

    for line in (b'{"type":"move","n":2,"move":"A1-A2","hash":"0123456789abcdef"}\n',):
        assert isinstance(parse(line), Move)
    with pytest.raises(ProtocolError):
        parse(b'{"type":"chat","text":"hello"}\n')
    assert json.loads(b'{"type":"pause"' + b" " * 5000 + b"}") == {"type": "pause"}


@pytest.mark.slow
@pytest.mark.timeout(60)
def test_an_offer_of_a_take_back_is_declined_at_the_terminal(
    hostile_game: Callable[[int], tuple[Fireice, Hostile]],
) -> None:
    host, guest = hostile_game(2)
    kept = host.kept.read_bytes()
    guest.send(Offer("takeback", keep=1))  # back to before the guest's move: a fair offer
    assert guest.receive() == Answer("takeback", False)
    host.wait_for_error("declined")
    assert host.kept.read_bytes() == kept
    assert host.process.poll() is None
    assert host.out[-1] == f"move 2: ice {GUEST_REPLY}"
