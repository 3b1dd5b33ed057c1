"""``fireice online``'s exit statuses when a game cannot start: a text that cannot be a code,
a wrong code, a code nobody hosts, a mailbox server that cannot be reached, a friend's copy
that never says hello."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator

import pytest

from .conftest import Fireice, Hostile, Servers

Start = Callable[..., Fireice]


def _errors(side: Fireice) -> list[str]:
    """What ``side`` said on standard error that is not a step on the way."""
    steps = ("Asking the mailbox", "Give your friend", "Joining ")
    return [line for line in side.err if not line.startswith(steps)]


@pytest.mark.timeout(30)
def test_a_text_that_cannot_be_a_code_is_refused_at_once(fireice: Start) -> None:
    started = time.monotonic()
    side = fireice(["online", "join", "guitarist-7-revenge"], "anna", stdin="")
    assert side.finish(20) == 2
    assert time.monotonic() - started < 10
    assert side.out == []
    assert "guitarist-7-revenge" in side.err[-1]


@pytest.mark.timeout(30)
def test_a_mailbox_that_refuses_says_so_before_any_code(fireice: Start) -> None:
    nowhere = ["--mailbox", "ws://127.0.0.1:1/v1", "--relay", "tcp:127.0.0.1:1"]
    host = fireice(["online", "host", *nowhere], "anna", stdin="")
    guest = fireice(["online", "join", "7-guitarist-revenge", *nowhere], "bea", stdin="")
    for side in (host, guest):
        assert side.finish(20) == 1, side.transcript()
        assert side.out == []
        assert _errors(side) == [side.err[-1]]
        assert "ws://127.0.0.1:1/v1" in side.err[-1]
        assert not side.kept.exists()


@pytest.fixture
def silent_server() -> Iterator[int]:
    """A port on 127.0.0.1 that takes connections and never says a word (a mailbox server
    behind a broken network)."""
    listener = socket.create_server(("127.0.0.1", 0))
    taken: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                taken.append(listener.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    yield listener.getsockname()[1]
    listener.close()
    for connection in taken:
        connection.close()


@pytest.mark.slow
@pytest.mark.timeout(90)
def test_games_that_cannot_start_a_wrong_code_nobody_hosting_no_mailbox_no_hello(
    fireice: Start, servers: Servers, silent_server: int
) -> None:
    """A wrong code, a code nobody hosts, a mailbox server that never answers, and a friend's
    copy that connects and never says hello: at once, the test waits for the longest."""
    from fireice_desktop.online.messages import Hello
    from fireice_desktop.online.table import HELLO_PATIENCE

    addresses = ["--mailbox", servers.mailbox, "--relay", servers.relay]
    started = time.monotonic()
    waiting = fireice(["online", "host", *addresses], "erin", keep_input_open=True, stdin="")
    silent_copy = Hostile(servers, waiting.code())
    lonely = fireice(["online", "join", "987-nobody-hosting", *addresses], "carl", stdin="")
    silent = f"ws://127.0.0.1:{silent_server}/v1"
    unanswered = fireice(["online", "host", "--mailbox", silent], "dora", stdin="")
    host = fireice(["online", "host", *addresses], "anna", keep_input_open=True, stdin="")
    code = host.code()
    wrong = code.split("-")[0] + "-wrong-words"  # the host's number, other words
    assert wrong != code
    guest = fireice(["online", "join", wrong, *addresses], "bea", stdin="")
    silent_copy.next_event("connected")
    connected = time.monotonic()
    assert isinstance(silent_copy.receive(), Hello)
    waiting.wait_for_error("Connected")
    err = len(waiting.err)  # what the host says from now on

    # A wrong code: status 1 with one line, on both sides.
    for side in (host, guest):
        assert side.finish(20) == 1, side.transcript()
        assert _errors(side) == [side.err[-1]], side.transcript()
        assert "code is wrong" in side.err[-1]
        assert not side.kept.exists()
    assert host.out == [f"code: {code}"]
    assert guest.out == []

    # A mailbox server that takes the connection and never answers: given up within half a
    # minute, before any code.
    assert unanswered.finish(40) == 1, unanswered.transcript()
    assert time.monotonic() - started < 30
    assert unanswered.out == []
    assert _errors(unanswered) == [unanswered.err[-1]]
    assert silent in unanswered.err[-1]

    # A friend's copy that connects and never says hello: given up, nothing kept.
    try:
        assert waiting.finish(HELLO_PATIENCE + 15) == 1, waiting.transcript()
        assert time.monotonic() - connected < HELLO_PATIENCE + 10
    finally:
        silent_copy.link.close()
    assert waiting.out == [waiting.out[0]]  # the code, and nothing after it
    told = waiting.err[err:]
    assert len(told) == 1 and "hello" in told[0], waiting.transcript()
    assert not waiting.kept.exists()

    # Nobody hosting the code: given up within a minute.
    assert lonely.finish(70) == 1, lonely.transcript()
    assert time.monotonic() - started < 60
    assert lonely.out == []
    assert _errors(lonely) == [lonely.err[-1]]
    assert "987-nobody-hosting" in lonely.err[-1]
