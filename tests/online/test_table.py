"""An online game at the table (online/table.py) over a connection of the test's own: the
hellos go out when the connection opens, moves reach the other side's board, a friend that
breaks the rules or a game that cannot be kept stops play with a clear message and the game
here as it was, and a pause closes both sides."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

import pytest

from fireice_desktop.engine import correspondence
from fireice_desktop.engine.games import find_game
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.files.storage import SaveFileError
from fireice_desktop.online import table as table_module
from fireice_desktop.online.messages import PROTOCOL, Hello, Move, encode
from fireice_desktop.online.session import (
    FriendPaused,
    Moved,
    OnlineGame,
    Over,
    Session,
    Started,
    new_game,
)
from fireice_desktop.online.table import Connection, Failed, Shown, Table
from tests.support.online import Event, FakeLink, link_pair

FIRE_AND_ICE = find_game("fire-and-ice")


class Keep:
    def __init__(self) -> None:
        self.games: list[OnlineGame] = []
        self.refuse = False

    def __call__(self, game: OnlineGame) -> None:
        if self.refuse:
            raise SaveFileError("the disk is full")
        self.games.append(game)


@dataclass
class Player:
    table: Table
    link: FakeLink
    keep: Keep
    happened: list[Any]

    @property
    def game(self) -> OnlineGame:
        assert self.table.session.online is not None
        return self.table.session.online

    def pump(self) -> list[Any]:
        new = self.table.pump(0.0)
        self.happened += new
        return new


def pair() -> tuple[Player, Player]:
    host_link, guest_link = link_pair()
    players = []
    for role, online, link in (
        (
            "host",
            new_game(GameRecord(FIRE_AND_ICE.name), FIRE_AND_ICE.parse_side("fire")),
            host_link,
        ),
        ("guest", None, guest_link),
    ):
        keep = Keep()
        players.append(Player(Table(Session(role, online, role, keep), link), link, keep, []))  # type: ignore[arg-type]
    return players[0], players[1]


def pump_both(a: Player, b: Player) -> None:
    for _ in range(50):
        if a.pump() == [] and b.pump() == [] and a.link.events.empty() and b.link.events.empty():
            return


def connected() -> tuple[Player, Player]:
    host, guest = pair()
    host.link.events.put(Event("code", text="7-guitarist-revenge"))
    assert host.pump() == [Shown("7-guitarist-revenge")]
    for player in (host, guest):
        player.link.events.put(Event("paired"))
        player.link.events.put(Event("connected"))
    pump_both(host, guest)
    return host, guest


def test_the_hellos_go_out_when_the_connection_opens_and_both_see_the_board() -> None:
    host, guest = connected()
    assert host.happened[:3] == [
        Shown("7-guitarist-revenge"),
        Connection("paired"),
        Connection("connected"),
    ]
    assert b'"type":"hello"' in host.link.sent[0] and b'"type":"hello"' in guest.link.sent[0]
    assert any(isinstance(h, Started) for h in host.happened)
    assert any(isinstance(h, Started) for h in guest.happened)
    assert guest.game.id == host.game.id


def test_moves_reach_the_other_board_to_the_end() -> None:
    host, guest = connected()
    rng = random.Random(3)
    while not host.game.over:
        mover = host if host.table.session.my_turn() else guest
        move = rng.choice(sorted(mover.game.position.legal_moves(), key=str))
        played = mover.table.act("play", move)
        assert isinstance(played[0], Moved)
        mover.happened += played
        pump_both(host, guest)
    assert host.game.record == guest.game.record
    assert [h for h in host.happened if isinstance(h, Over)] == [
        h for h in guest.happened if isinstance(h, Over)
    ]


@pytest.mark.parametrize(
    ("line", "says"),
    [
        (b"not json\n", "not JSON"),
        (b'{"type":"move","n":1,"move":"D4-C4","hash":"0000000000000000"}\n', "not its turn"),
        (encode(Move(5, "D4-C4", "0" * 16)), "move 5 when move 1 was due"),
    ],
)
def test_a_friend_breaking_the_rules_stops_play_and_changes_nothing(line: bytes, says: str) -> None:
    host, _guest = connected()
    before, kept = host.game, list(host.keep.games)
    host.link.events.put(Event("line", data=line))
    happened = host.pump()
    assert len(happened) == 1 and isinstance(happened[0], Failed) and happened[0].peer
    assert says in str(happened[0].words)
    assert "broke the rules of online play" in str(happened[0].words)
    assert host.table.over and host.link.closed == 1
    assert host.game == before and host.keep.games == kept
    host.link.events.put(Event("line", data=line))
    assert host.pump() == []  # nothing more once stopped


def test_a_friends_move_that_cannot_be_kept_stops_play_with_nothing_shown() -> None:
    host, guest = connected()
    guest.keep.refuse = True
    before = guest.game
    host.table.act("play", sorted(host.game.position.legal_moves(), key=str)[0])
    happened = guest.pump()
    assert len(happened) == 1 and isinstance(happened[0], Failed) and not happened[0].peer
    assert "could not be kept" in str(happened[0].words)
    assert guest.game == before and guest.link.closed == 1


def test_a_move_that_cannot_be_kept_is_not_sent() -> None:
    host, _guest = connected()
    sent = len(host.link.sent)
    host.keep.refuse = True
    with pytest.raises(SaveFileError):
        host.table.act("play", sorted(host.game.position.legal_moves(), key=str)[0])
    assert len(host.link.sent) == sent and host.game.count == 0


def test_a_pause_closes_both_sides_with_the_game_kept() -> None:
    host, guest = connected()
    host.table.pause()
    assert host.table.paused and not host.table.over
    guest_happened = guest.pump()
    assert FriendPaused() in guest_happened
    assert guest.table.paused and guest.table.over and guest.link.closed == 1
    host.pump()  # the friend's pause in answer closes this side quietly
    assert host.table.over and host.link.closed == 1
    assert host.game.record == guest.game.record


def test_a_pause_unanswered_closes_after_three_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    host, _ = connected()
    now = [1000.0]
    monkeypatch.setattr(table_module.time, "monotonic", lambda: now[0])
    host.table.pause()
    host.link.friend = None  # the friend never hears it
    assert host.pump() == []
    now[0] += 3.5
    assert host.pump() == [Connection("closed")]
    assert host.table.over and host.link.closed == 1


def test_the_connection_failing_or_closing_is_said_once() -> None:
    host, guest = connected()
    host.link.events.put(Event("lost"))
    host.link.events.put(Event("back"))
    assert host.pump() == [Connection("lost"), Connection("back")]
    host.link.events.put(Event("failed", words="The connection failed"))
    host.link.events.put(Event("closed"))
    assert host.pump() == [Failed("The connection failed")]
    assert host.table.over
    guest.table.close()
    assert guest.table.over and guest.link.closed == 1
    guest.table.close()
    assert guest.link.closed == 1


def _silent_friend(monkeypatch: pytest.MonkeyPatch) -> tuple[Player, list[float]]:
    """A host whose connection opened, with a friend's copy that never says hello, on a
    clock of the test's own."""
    host, _ = pair()
    now = [1000.0]
    monkeypatch.setattr(table_module.time, "monotonic", lambda: now[0])
    host.link.friend = None  # the friend's copy hears nothing and says nothing
    host.link.events.put(Event("paired"))
    host.link.events.put(Event("connected"))
    assert host.pump() == [Connection("paired"), Connection("connected")]
    return host, now


def test_a_friend_silent_after_the_connection_opens_is_given_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    host, now = _silent_friend(monkeypatch)
    now[0] += table_module.HELLO_PATIENCE - 1
    assert host.pump() == []
    now[0] += 2
    (failed,) = host.pump()
    assert isinstance(failed, Failed) and failed.peer
    assert "hello" in str(failed.words)
    assert host.table.over and host.link.closed == 1
    assert host.keep.games == []  # nothing started, nothing kept


def test_the_time_the_connection_is_down_is_not_held_against_a_silent_friend(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    host, now = _silent_friend(monkeypatch)
    host.link.events.put(Event("lost"))
    assert host.pump() == [Connection("lost")]
    now[0] += table_module.HELLO_PATIENCE * 3
    assert host.pump() == []
    host.link.events.put(Event("back"))
    assert host.pump() == [Connection("back")]
    now[0] += table_module.HELLO_PATIENCE - 1
    assert host.pump() == []
    now[0] += 2
    assert isinstance(host.pump()[0], Failed)


def test_a_friend_that_owes_moves_it_never_sends_is_given_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hello that says the friend has three moves more than this side, then silence: the
    game cannot go on, so it is given up in time, as a silent hello is; nothing changes."""
    host, now = _silent_friend(monkeypatch)
    offer = host.game.offer()
    guest_side = host.game.me.other
    guest_code = correspondence.encode(host.game.record, guest_side)
    hello = Hello(
        PROTOCOL,
        "0.1.0",
        "Mallory",
        "guest",
        replace(offer, code=guest_code, count=3, hash="0" * 16),
    )
    host.link.events.put(Event("line", data=encode(hello)))
    (started,) = host.pump()
    assert started == Started(host.game, resumed=False)
    assert not host.table.session.synced()
    kept = list(host.keep.games)
    now[0] += table_module.HELLO_PATIENCE - 1
    assert host.pump() == []
    now[0] += 2
    (failed,) = host.pump()
    assert isinstance(failed, Failed) and failed.peer
    assert "did not send" in str(failed.words)
    assert host.table.over and host.link.closed == 1
    assert host.keep.games == kept and host.game.count == 0
