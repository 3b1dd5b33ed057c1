"""Whole games between two real ``fireice online`` processes, through the local transit relay
and over a direct connection: both print the same moves and the same result, and nothing else
on standard output."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from fireice_desktop.engine.games.icebreaker.spec import Sea

from .conftest import (
    PROMPT,
    Fireice,
    Proxy,
    Servers,
    expected_output,
    kept_game,
    kept_setup,
    moves_of,
    plays,
    reference_game,
    with_mistake,
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
    mistake: str = "",
) -> tuple[Fireice, Fireice, list[str]]:
    """A whole game, the host started with ``host_options``: the two processes and the
    moves.  The guest plays ``piped_side`` by piping all its moves in at once (a game of
    ``piped_setup``), or answers each time it is asked.  The host types ``mistake``, if
    given, when first asked for its second move."""
    addresses = ["--mailbox", servers.mailbox, "--relay", relay]
    made: list[list[str]] = []

    def moves() -> list[str]:
        # The set-up is the host's (a handicap's pegs are placed at random): read it from
        # the game the host keeps before the first move.
        if not made:
            made.append(reference_game(game_name, kept_setup(host.kept), seed))
        return made[0]

    host_line = ["online", "host", *host_options, *addresses, "--name", "Anna"]
    answer = plays(moves)
    if mistake:
        answer = with_mistake(answer, 2, mistake)
    host = fireice(host_line, "anna", answer=answer)
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
    # Both keep the whole game, the same one, with nothing left to send.
    for side in (host, guest):
        kept = kept_game(side.kept)
        assert [str(move) for move in kept.record.moves] == moves
        assert kept.record.setup == setup
        assert kept.pending == 0, side.transcript()


def _first(host: Fireice) -> str:
    """The side the host plays."""
    return str(kept_game(host.kept).me.key)


def _route(side: Fireice) -> str:
    return next(line for line in side.err if line.startswith("Connected"))


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
    # An illegal move typed at the terminal: one line on standard error, and asked again.
    host, guest, moves = _play(
        fireice, servers, proxy.address, host_options, game_name, seed, mistake="A1-A9"
    )
    _check_game(host, guest, game_name, moves)
    prompts = [n for n, line in enumerate(host.err) if line.startswith(PROMPT)]
    assert len(prompts) == len(moves_of(game_name, kept_setup(host.kept), moves, _first(host))) + 1
    second, again = prompts[1], prompts[2]
    assert again == second + 2, host.transcript()  # the one line between them says why
    assert "A9" in host.err[second + 1].upper(), host.transcript()
    if "--handicap" in host_options:
        setup = kept_setup(host.kept)
        assert len(setup.holes) == 2 and setup.side.key == "ice"
    # With --direct none on one side neither listens: every move went through the relay.
    assert _route(host) == _route(guest) == "Connected through the relay."
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
    # The relay cannot be reached (the proxy in front of it answers no connection), so a
    # game played to the end was played over the direct connection, on 127.0.0.1.
    proxy.cut()
    host, guest, moves = _play(
        fireice, servers, proxy.address, host_options, game_name, seed, piped_side, Sea(6)
    )
    _check_game(host, guest, game_name, moves)
    assert _route(host) == _route(guest) == "Connected directly."
    assert proxy.passed == 0 and proxy.carried == 0


@pytest.mark.slow
@pytest.mark.timeout(60)
def test_a_side_that_resigns_ends_the_game_on_both_sides(fireice: Start, servers: Servers) -> None:
    moves = reference_game("fire-and-ice", None, 8)
    addresses = ["--mailbox", servers.mailbox, "--relay", servers.relay, "--direct", "none"]
    fire = moves_of("fire-and-ice", None, moves, "fire")
    host = fireice(["online", "host", *addresses], "anna", stdin=f"{fire[0]}\n{fire[1]}\nresign\n")
    guest = fireice(["online", "join", host.code(), *addresses], "bea", answer=plays(moves))
    assert host.finish(30) == 0, host.transcript()
    assert guest.finish(30) == 0, guest.transcript()
    played = expected_output("fire-and-ice", None, moves)[:4]
    assert host.out[1:] == [*played, "result: fire resigned"], host.transcript()
    assert guest.out == [*played, "result: fire resigned"], guest.transcript()
    for side in (host, guest):
        assert kept_game(side.kept).resigned == "fire"
