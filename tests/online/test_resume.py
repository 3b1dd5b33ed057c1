"""A game that stops before its end, a side killed or out of input, and then resumed with a
new code: it finishes with every move exactly once, the moves of one reference game."""

from __future__ import annotations

import random
import signal
import time
from collections.abc import Callable

import pytest

from .conftest import (
    Fireice,
    Servers,
    expected_output,
    kept_game,
    kept_moves,
    moves_of,
    plays,
    reference_game,
)

Start = Callable[..., Fireice]
GAME = "fire-and-ice"


def _resume(
    fireice: Start, servers: Servers, resumer: str, joiner: str, moves: list[str]
) -> tuple[Fireice, Fireice]:
    """``fireice online resume`` in ``resumer``'s folders, ``join`` with its code in
    ``joiner``'s; both play ``moves`` to the end."""
    addresses = ["--mailbox", servers.mailbox, "--relay", servers.relay]
    resumed = fireice(["online", "resume", *addresses], resumer, answer=plays(moves))
    code = resumed.code()
    joined = fireice(["online", "join", code, *addresses], joiner, answer=plays(moves))
    assert resumed.finish(60) == 0, resumed.transcript()
    assert joined.finish(30) == 0, joined.transcript()
    return resumed, joined


def _check_finished(resumed: Fireice, joined: Fireice, moves: list[str]) -> None:
    """Both print every move once, in order (the moves so far first), and the result."""
    expected = expected_output(GAME, None, moves)
    assert resumed.out[0].startswith("code: ")
    assert resumed.out[1:] == expected, resumed.transcript()
    assert joined.out == expected, joined.transcript()
    for side in (resumed, joined):
        assert kept_moves(side.kept) == moves
        assert kept_game(side.kept).pending == 0


def _printed_before(side: Fireice, moves: list[str]) -> int:
    """How many moves ``side`` printed before it stopped: the first ones of ``moves``, each
    once, in order, and nothing else but the code and a pause."""
    lines = [line for line in side.out if not line.startswith("code: ")]
    if lines and lines[-1] == "result: paused":
        lines.pop()
    assert lines == expected_output(GAME, None, moves)[: len(lines)], side.transcript()
    return len(lines)


@pytest.mark.slow
@pytest.mark.timeout(150)
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_a_side_killed_at_a_random_moment_resumes_the_game(
    fireice: Start, servers: Servers, seed: int
) -> None:
    rng = random.Random(seed)
    moves = reference_game(GAME, None, seed)
    direct = [] if rng.random() < 0.5 else ["--direct", "none"]
    addresses = ["--mailbox", servers.mailbox, "--relay", servers.relay, *direct]
    host = fireice(["online", "host", *addresses], "anna", answer=plays(moves))
    guest = fireice(["online", "join", host.code(), *addresses], "bea", answer=plays(moves))
    victim, survivor = (host, guest) if rng.random() < 0.5 else (guest, host)
    survivor.wait_for_moves(rng.randrange(1, len(moves) - 6))
    time.sleep(rng.uniform(0.0, 0.15))
    victim.kill(signal.SIGKILL)
    assert victim.finish(10) == -signal.SIGKILL
    time.sleep(rng.uniform(0.0, 1.0))
    # Killed too, politely: it pauses the game.
    survivor.kill(signal.SIGTERM)
    assert survivor.finish(20) == 0, survivor.transcript()
    assert survivor.out[-1] == "result: paused"
    _printed_before(victim, moves)
    _printed_before(survivor, moves)

    resumer, joiner = ("anna", "bea") if rng.random() < 0.5 else ("bea", "anna")
    resumed, joined = _resume(fireice, servers, resumer, joiner, moves)
    _check_finished(resumed, joined, moves)


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_the_end_of_input_when_a_move_is_due_pauses_both_sides(
    fireice: Start, servers: Servers
) -> None:
    moves = reference_game(GAME, None, 21)
    addresses = ["--mailbox", servers.mailbox, "--relay", servers.relay, "--direct", "none"]
    first_three = moves_of(GAME, None, moves, "fire")[:3]
    host = fireice(["online", "host", *addresses], "anna", stdin="\n".join(first_three) + "\n")
    guest = fireice(["online", "join", host.code(), *addresses], "bea", answer=plays(moves))
    assert host.finish(30) == 0, host.transcript()
    assert guest.finish(30) == 0, guest.transcript()
    so_far = expected_output(GAME, None, moves)[:6]
    assert host.out == [host.out[0], *so_far, "result: paused"], host.transcript()
    assert guest.out == [*so_far, "result: paused"], guest.transcript()
    assert kept_moves(host.kept) == kept_moves(guest.kept) == moves[:6]

    # The guest takes the game up again with a new code; the host joins it.
    resumed, joined = _resume(fireice, servers, "bea", "anna", moves)
    _check_finished(resumed, joined, moves)
