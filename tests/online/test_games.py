"""Whole games between two real ``fireice online`` processes, through the local transit relay
and over a direct connection: both print the same moves and the same result, and nothing else
on standard output."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from fireice_desktop.engine.games.icebreaker.spec import Sea

from .conftest import (
    Fireice,
    Proxy,
    Servers,
    expected_output,
    kept_moves,
    kept_setup,
    moves_of,
    plays,
    reference_game,
)

Start = Callable[..., Fireice]


def _play(
    fireice: Start,
    servers: Servers,
    relay: str,
    host_options: list[str],
    game_name: str,
    seed: int,
    piped_side: str = "",
    piped_setup: Any = None,
) -> tuple[Fireice, Fireice, list[str]]:
    """A whole game, the host started with ``host_options``: the two processes and the
    moves.  The guest plays ``piped_side`` by piping all its moves in at once (a game of
    ``piped_setup``), or answers each time it is asked."""
    addresses = ["--mailbox", servers.mailbox, "--relay", relay]
    made: list[list[str]] = []

    def moves() -> list[str]:
        # The set-up is the host's (a handicap's pegs are placed at random): read it from
        # the game the host keeps before the first move.
        if not made:
            made.append(reference_game(game_name, kept_setup(host.kept), seed))
        return made[0]

    host_line = ["online", "host", *host_options, *addresses, "--name", "Anna"]
    host = fireice(host_line, "anna", answer=plays(moves))
    code = host.code()
    guest_line = ["online", "join", code, *addresses, "--name", "Bea"]
    if piped_side:
        made.append(reference_game(game_name, piped_setup, seed))
        piped = moves_of(game_name, piped_setup, made[0], piped_side)
        guest = fireice(guest_line, "bea", stdin="".join(move + "\n" for move in piped))
    else:
        guest = fireice(guest_line, "bea", answer=plays(moves))
    assert host.finish(60) == 0, host.transcript()
    assert guest.finish(30) == 0, guest.transcript()
    return host, guest, made[0]


def _check_game(host: Fireice, guest: Fireice, game_name: str, moves: list[str]) -> None:
    setup = kept_setup(host.kept)
    expected = expected_output(game_name, setup, moves)
    assert host.out[0].startswith("code: ")
    assert host.out[1:] == expected, host.transcript()
    assert guest.out == expected, guest.transcript()
    # Both keep the whole game, the same one.
    assert kept_moves(host.kept) == moves
    assert kept_moves(guest.kept) == moves
    assert kept_setup(guest.kept) == setup


@pytest.mark.slow
@pytest.mark.timeout(120)
@pytest.mark.parametrize(
    ("game_name", "host_options", "seed"),
    [
        ("fire-and-ice", ["--direct", "none"], 3),
        ("fire-and-ice", ["--handicap", "2", "--side", "ice", "--direct", "none"], 4),
        ("icebreaker", ["--game", "icebreaker", "--size", "6", "--direct", "none"], 5),
    ],
    ids=["fire-and-ice", "handicap", "icebreaker-6"],
)
def test_a_whole_game_through_the_relay(
    fireice: Start,
    servers: Servers,
    proxy: Proxy,
    game_name: str,
    host_options: list[str],
    seed: int,
) -> None:
    host, guest, moves = _play(fireice, servers, proxy.address, host_options, game_name, seed)
    _check_game(host, guest, game_name, moves)
    # With --direct none on one side neither listens: every move went through the relay.
    assert proxy.passed >= 2
    assert proxy.carried > 100 * len(moves)


@pytest.mark.slow
@pytest.mark.timeout(120)
@pytest.mark.parametrize(
    ("game_name", "host_options", "seed", "piped_side"),
    [
        ("fire-and-ice", [], 6, ""),
        ("icebreaker", ["--game", "icebreaker", "--size", "6", "--as", "black"], 7, "red"),
    ],
    ids=["fire-and-ice", "icebreaker-6"],
)
def test_a_whole_game_over_a_direct_connection(
    fireice: Start,
    servers: Servers,
    proxy: Proxy,
    game_name: str,
    host_options: list[str],
    seed: int,
    piped_side: str,
) -> None:
    # The relay cannot be reached (the proxy in front of it refuses every connection), so a
    # game played to the end was played over the direct connection, on 127.0.0.1.
    proxy.cut()
    host, guest, moves = _play(
        fireice, servers, proxy.address, host_options, game_name, seed, piped_side, Sea(6)
    )
    _check_game(host, guest, game_name, moves)
    assert proxy.passed == 0 and proxy.carried == 0
