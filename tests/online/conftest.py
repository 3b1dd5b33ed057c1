"""What the online tests with real processes share: a mailbox server and a transit relay on
127.0.0.1, a proxy in front of the relay that a test can cut and restore, and ``fireice
online`` processes that a test reads line by line as they write and answers when asked.

Every ``fireice`` process runs through ``loopback_fireice.py`` (read its description): with
it, and with the servers and the proxy on 127.0.0.1, nothing a test does reaches beyond the
loopback, even over a direct connection.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import random
import re
import selectors
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from fireice_desktop.online.messages import Message, Move, encode, parse
from fireice_desktop.online.session import Session, position_hash

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
#: The script every ``fireice`` process of these tests runs through.
LOOPBACK_FIREICE = HERE / "loopback_fireice.py"

MOVE_LINE = re.compile(r"move ([0-9]+): (fire|ice|red|black) (\S+)")
#: How the terminal asks for this side's move (on standard error).
PROMPT = "Your move ("


# --- the servers --------------------------------------------------------------------------


@dataclass(frozen=True)
class Servers:
    """The addresses of the local mailbox server and transit relay."""

    mailbox: str
    relay: str

    @property
    def relay_port(self) -> int:
        return int(self.relay.rsplit(":", 1)[1])


@pytest.fixture(scope="session")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    """A mailbox server and a transit relay on 127.0.0.1 (the projects' own packages), run
    by ``python -m fireice_desktop.online.servers`` for the whole session (of each test
    worker); stopped by the end of its input."""
    errors = (tmp_path_factory.mktemp("servers") / "stderr.txt").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "fireice_desktop.online.servers", "--interface", "127.0.0.1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=errors,
        text=True,
        cwd=REPO,
    )
    assert process.stdout is not None and process.stdin is not None
    addresses: dict[str, str] = {}
    deadline = time.monotonic() + 30
    reader = _LineReader(process.stdout)
    while len(addresses) < 2:
        line = reader.next(deadline - time.monotonic())
        assert line is not None, "the servers did not say their addresses"
        name, _, address = line.partition(": ")
        addresses[name] = address
    try:
        yield Servers(addresses["mailbox"], addresses["relay"])
    finally:
        process.stdin.close()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
        errors.close()


class _LineReader:
    """Lines of a text stream, read in a thread, taken with a time limit."""

    def __init__(self, stream: Any) -> None:
        self.lines: list[str | None] = []
        self.ready = threading.Condition()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream: Any) -> None:
        for line in stream:
            with self.ready:
                self.lines.append(line.rstrip("\n"))
                self.ready.notify_all()
        with self.ready:
            self.lines.append(None)
            self.ready.notify_all()

    def next(self, timeout: float) -> str | None:
        with self.ready:
            self.ready.wait_for(lambda: bool(self.lines), max(0.0, timeout))
            return self.lines.pop(0) if self.lines else None


# --- a proxy that can be cut --------------------------------------------------------------


class Proxy:
    """A TCP proxy on 127.0.0.1 in front of ``target`` (a port on 127.0.0.1).

    :meth:`cut` closes every connection through it, as a network that goes down; until
    :meth:`restore`, a new connection gets no answer (it is held, as a connection attempt
    over a dead network waits), and :meth:`restore` passes the held ones on; or, cut with
    ``refuse``, a new connection is closed at once (as by a network that says it is down).
    It counts the connections it passed on, those that came while it was cut, and the bytes
    it carried both ways."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.closed = False
        self.passed = 0  # connections passed on to the target
        self.held = 0  # connections that came while the proxy was cut
        self.carried = 0  # bytes carried, both ways
        self._open = threading.Event()
        self._open.set()
        self._refuse = False
        self._lock = threading.Lock()
        self._sockets: list[socket.socket] = []
        threading.Thread(target=self._accept, name="proxy", daemon=True).start()

    @property
    def address(self) -> str:
        """The proxy as magic-wormhole writes a relay's address."""
        return f"tcp:127.0.0.1:{self.port}"

    def _accept(self) -> None:
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.closed:
                _drop(client)
                return
            with self._lock:
                self._sockets.append(client)
            threading.Thread(target=self._pass_on, args=(client,), daemon=True).start()

    def _pass_on(self, client: socket.socket) -> None:
        if not self._open.is_set():
            with self._lock:
                self.held += 1
            if self._refuse:
                _drop(client)
                return
            self._open.wait()
        if self.closed:
            _drop(client)
            return
        try:
            server = socket.create_connection(("127.0.0.1", self.target_port), timeout=5)
            server.settimeout(None)
        except OSError:
            _drop(client)
            return
        with self._lock:
            self.passed += 1
            self._sockets.append(server)
        threading.Thread(target=self._pipe, args=(server, client), daemon=True).start()
        self._pipe(client, server)

    def _pipe(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                with self._lock:
                    self.carried += len(data)
                sink.sendall(data)
        except OSError:
            pass
        for end in (source, sink):
            _drop(end)

    def cut(self, refuse: bool = False) -> None:
        """Close every connection through the proxy; hold new ones (or close them)."""
        with self._lock:
            self._refuse = refuse
            self._open.clear()
            ends = [end for end in self._sockets if end.fileno() >= 0]
            self._sockets = []
        for end in ends:
            _drop(end)

    def restore(self) -> None:
        """Pass connections on again, the held ones first."""
        self._open.set()

    def close(self) -> None:
        self.closed = True
        self.cut()
        self._open.set()
        self.listener.close()


def _drop(end: socket.socket) -> None:
    """Close a socket at once (a reset, as when a cable is pulled and the router gives up)."""
    with contextlib.suppress(OSError):
        end.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
    with contextlib.suppress(OSError):
        end.shutdown(socket.SHUT_RDWR)
    with contextlib.suppress(OSError):
        end.close()


@pytest.fixture
def proxy(servers: Servers) -> Iterator[Proxy]:
    """A proxy in front of the local transit relay (its :attr:`Proxy.address` is given as
    ``--relay``)."""
    made = Proxy(servers.relay_port)
    try:
        yield made
    finally:
        made.close()


# --- the fireice processes -----------------------------------------------------------------


#: Answers the terminal's question for a move: given the moves printed so far, the line to
#: type (``None`` ends the input; an empty text types nothing: the question stays open).
Answer = Callable[[list[str]], "str | None"]


class Fireice:
    """One ``fireice`` process (through ``loopback_fireice.py``) with its own data and
    settings folders under ``home``.

    Its standard output and standard error are read as they come, line by line, in a
    thread.  ``stdin`` is written to it at once, and its input closed after it unless
    ``answer`` is given or ``keep_input_open``; ``answer``, when given, is asked for the
    line to type each time the terminal asks for a move, with the moves printed so far."""

    def __init__(
        self,
        args: Sequence[str],
        home: Path,
        stdin: str | None = None,
        answer: Answer | None = None,
        keep_input_open: bool = False,
    ) -> None:
        self.args = list(args)
        self.home = home
        self.answer = answer
        self.out: list[str] = []
        self.err: list[str] = []
        self.prompts = 0
        self.changed = threading.Condition()
        self.finished = False
        environment = dict(os.environ)
        environment.update(
            FIREICE_DATA_DIR=str(home / "data"),
            FIREICE_CONFIG_DIR=str(home / "config"),
            PYTHONUNBUFFERED="1",
            PYTHONFAULTHANDLER="1",
        )
        self.process = subprocess.Popen(
            [sys.executable, str(LOOPBACK_FIREICE), *self.args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=REPO,
            env=environment,
        )
        self._input_lock = threading.Lock()
        if stdin is not None:
            self.type(stdin)
        if stdin is not None and answer is None and not keep_input_open:
            self.end_input()
        threading.Thread(target=self._read, name="fireice-output", daemon=True).start()

    # --- what it writes ---------------------------------------------------------------

    def _read(self) -> None:
        """Both output streams, in one thread: what standard output holds is always taken
        before the standard error that came after it, so a prompt is answered knowing
        every move printed before it."""
        assert self.process.stdout is not None and self.process.stderr is not None
        fds = {"out": self.process.stdout.fileno(), "err": self.process.stderr.fileno()}
        pending = {"out": b"", "err": b""}
        selector = selectors.DefaultSelector()
        for name, fd in fds.items():
            os.set_blocking(fd, False)
            selector.register(fd, selectors.EVENT_READ, name)
        open_streams = set(fds)
        while open_streams:
            try:
                ready = {key.data for key, _ in selector.select()}
            except (OSError, ValueError):  # the pipes were closed under the selector
                break
            if "err" in ready and "out" in open_streams:
                ready.add("out")  # what standard output holds comes first
            for name in ("out", "err"):
                if name not in ready or name not in open_streams:
                    continue
                try:
                    data = os.read(fds[name], 65536)
                except BlockingIOError:
                    continue
                except OSError:  # the test closed the pipes of a process it killed
                    open_streams.clear()
                    break
                if data:
                    *lines, pending[name] = (pending[name] + data).split(b"\n")
                else:
                    selector.unregister(fds[name])
                    open_streams.discard(name)
                    lines, pending[name] = [pending[name]] if pending[name] else [], b""
                for line in lines:
                    self._line(name, line.decode("utf-8", "replace"))
        self.process.wait()
        with self.changed:
            self.finished = True
            self.changed.notify_all()

    def _line(self, stream: str, line: str) -> None:
        with self.changed:
            (self.out if stream == "out" else self.err).append(line)
            self.changed.notify_all()
        if stream == "err" and line.startswith(PROMPT):
            self.prompts += 1
            if self.answer is not None:
                typed = self.answer(self.moves())
                if typed is None:
                    self.end_input()
                elif typed:
                    self.type(typed + "\n")

    def moves(self) -> list[str]:
        """The moves printed so far (``move N: SIDE MOVE``), their texts in order."""
        with self.changed:
            return [match[3] for line in self.out if (match := MOVE_LINE.fullmatch(line))]

    def wait_for(self, test: Callable[[], Any], timeout: float, what: str) -> Any:
        """Wait until ``test()`` is true (what it returned), or fail saying ``what``."""
        deadline = time.monotonic() + timeout
        with self.changed:
            # Looked at again on every line and every 50 ms (a test may read a file).
            while not (found := test()) and time.monotonic() < deadline:
                self.changed.wait(0.05)
        if not found:
            raise AssertionError(f"{what}: not within {timeout} s\n{self.transcript()}")
        return found

    def code(self, timeout: float = 20) -> str:
        """The invite code it printed (its first line)."""
        line: str = self.wait_for(lambda: bool(self.out) and self.out[0], timeout, "a code")
        assert line.startswith("code: "), self.transcript()
        return line.removeprefix("code: ")

    def wait_for_moves(self, count: int, timeout: float = 30) -> None:
        self.wait_for(lambda: len(self.moves()) >= count, timeout, f"{count} moves")

    def wait_for_error(self, text: str, timeout: float = 30) -> str:
        """The first line of standard error that holds ``text``."""
        found: str = self.wait_for(
            lambda: next((line for line in self.err if text in line), None),
            timeout,
            f"{text!r} on standard error",
        )
        return found

    # --- what it reads ------------------------------------------------------------------

    def type(self, text: str) -> None:
        with self._input_lock:
            stdin = self.process.stdin
            if stdin is None or stdin.closed:
                return
            with contextlib.suppress(BrokenPipeError, OSError, ValueError):
                stdin.write(text.encode())
                stdin.flush()

    def end_input(self) -> None:
        with self._input_lock:
            stdin = self.process.stdin
            if stdin is not None:
                with contextlib.suppress(BrokenPipeError, OSError):
                    stdin.close()

    # --- its end ------------------------------------------------------------------------

    def finish(self, timeout: float = 60) -> int:
        """Its exit status, once it has ended and every line it wrote has been read."""
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill(signal.SIGKILL)
            raise AssertionError(f"still running after {timeout} s\n{self.transcript()}") from None
        self.wait_for(lambda: self.finished, 10, "the end of its output")
        return self.process.returncode

    def kill(self, signum: int = signal.SIGKILL) -> None:
        with contextlib.suppress(ProcessLookupError):
            self.process.send_signal(signum)

    def transcript(self) -> str:
        with self.changed:
            out, err = list(self.out), list(self.err)
        return (
            f"fireice {' '.join(self.args)}\n--- stdout\n"
            + "\n".join(out)
            + "\n--- stderr\n"
            + "\n".join(err[-40:])
        )

    @property
    def kept(self) -> Path:
        """Its kept online game."""
        return self.home / "data" / "online.json"


@pytest.fixture
def fireice(tmp_path: Path) -> Iterator[Callable[..., Fireice]]:
    """Start a ``fireice`` process: ``fireice(args, home_name, ...)`` (see :class:`Fireice`);
    those still running at the test's end are killed."""
    started: list[Fireice] = []

    def start(args: Sequence[str], home: str, **options: Any) -> Fireice:
        made = Fireice(args, tmp_path / home, **options)
        started.append(made)
        return made

    yield start
    for made in started:
        if made.process.poll() is None:
            made.kill(signal.SIGKILL)
            made.process.wait(10)
        for stream in (made.process.stdin, made.process.stdout, made.process.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


# --- a friend's copy of the test's own ---------------------------------------------------


class Hostile:
    """The test's own copy, as a guest: the real connection, a session to follow the game
    (and make good messages), and raw lines sent as they are.  It makes no direct
    connection (it listens nowhere, so offers no address): all goes through the local relay."""

    def __init__(self, servers: Servers, code: str) -> None:
        from fireice_desktop.online.addresses import Servers as Addresses
        from fireice_desktop.online.link import Link  # Twisted: only for the tests using it

        self.link = Link(Addresses(servers.mailbox, servers.relay, direct=False), "0.0.0")
        self.session = Session("guest", None, "Mallory", keep=lambda game: None)
        self.link.join(code)

    def next_event(self, kind: str, timeout: float = 20) -> Any:
        """The next event of ``kind`` (failing on a connection that failed)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                event = self.link.events.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no {kind} within {timeout} s") from None
            if event.kind == kind:
                return event
            assert event.kind not in ("failed", "closed"), event

    def receive(self, timeout: float = 20) -> Message:
        """The next message from the host, followed by this side's session."""
        message = parse(self.next_event("line", timeout).data)
        self.session.receive(message)
        return message

    def send(self, message: Message) -> None:
        self.link.send(encode(message))

    def move(self, n: int, text: str) -> Move:
        """Move ``n``, ``text``, with the hash of the position after it (a good message)."""
        game = self.session.online
        assert game is not None
        position = game.record.positions()[n - 1]
        moves = (*game.record.moves[: n - 1], position.parse_move(text))
        record = replace(game.record, moves=moves)
        return Move(n, text, position_hash(record, n))


# --- games to play ------------------------------------------------------------------------


def reference_game(game_name: str, setup: Any, seed: int) -> list[str]:
    """A whole game of ``game_name`` from ``setup`` (the game's default if None), the same
    for a seed: each side plays a move that wins at once if it has one, else one that
    raises its score (Icebreaker), else any, chosen by the seed."""
    import fireice_desktop.engine.games  # noqa: F401  (registers the games)
    from fireice_desktop.engine.registry import find_game

    game = find_game(game_name)
    position = game.start(game.default_setup() if setup is None else setup)
    rng = random.Random(seed)
    moves: list[str] = []
    while not position.is_over:
        mover = position.to_move
        choices = sorted(position.legal_moves(), key=str)
        rng.shuffle(choices)

        def worth(move: Any, mover: Any = mover, position: Any = position) -> tuple[bool, int]:
            after = position.play(move)
            return after.is_over, int(getattr(after, f"{mover.key}_score", 0))

        move = max(choices, key=worth)
        moves.append(str(move))
        position = position.play(move)
    return moves


def kept_game(kept: Path) -> Any:
    """The online game kept in ``kept`` (an :class:`~fireice_desktop.online.session.OnlineGame`)."""
    from fireice_desktop.online.session import OnlineGame

    return OnlineGame.from_json(json.loads(kept.read_text("utf-8")))


def kept_setup(kept: Path) -> Any:
    """The set-up of the online game kept in ``kept``."""
    return kept_game(kept).record.setup


def kept_moves(kept: Path) -> list[str]:
    """The moves of the online game kept in ``kept``."""
    return [str(move) for move in kept_game(kept).record.moves]


def plays(moves: Sequence[str] | Callable[[], Sequence[str]]) -> Answer:
    """An answer that types the next move of ``moves`` (a list, or a function that makes
    it when first asked): the move after those printed so far."""
    made: list[Sequence[str]] = []

    def answer(printed: list[str]) -> str | None:
        if not made:
            made.append(moves() if callable(moves) else moves)
        reference = made[0]
        return reference[len(printed)] if len(printed) < len(reference) else None

    return answer


def with_mistake(answer: Answer, at: int, typed: str) -> Answer:
    """``answer``, but ``typed`` first the ``at``-th time it is asked (from 1)."""
    asked = [0]

    def answered(printed: list[str]) -> str | None:
        asked[0] += 1
        return typed if asked[0] == at else answer(printed)

    return answered


def moves_of(game_name: str, setup: Any, moves: Sequence[str], side: str) -> list[str]:
    """The moves ``side`` plays in a game of ``moves`` (as a script pipes them in)."""
    import fireice_desktop.engine.games  # noqa: F401  (registers the games)
    from fireice_desktop.engine.registry import find_game

    game = find_game(game_name)
    position = game.start(game.default_setup() if setup is None else setup)
    own = []
    for move in moves:
        if position.to_move.key == side:
            own.append(move)
        position = position.play(move)
    return own


def expected_output(game_name: str, setup: Any, moves: Sequence[str]) -> list[str]:
    """The lines ``move N: SIDE MOVE`` and the ``result:`` line of a whole game of
    ``moves`` from ``setup`` (the game's default if None), as standard output has them."""
    import fireice_desktop.engine.games  # noqa: F401  (registers the games)
    from fireice_desktop.engine.registry import find_game

    game = find_game(game_name)
    position = game.start(game.default_setup() if setup is None else setup)
    lines = []
    for n, move in enumerate(moves, 1):
        lines.append(f"move {n}: {position.to_move.key} {move}")
        position = position.play(move)
    winner = game.winner(position)
    assert winner is not None, "not a whole game"
    return [*lines, f"result: {winner.key} wins"]
