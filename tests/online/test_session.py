"""One side of an online game (online/session.py), two of them wired directly: whole games end
alike on both sides, the friend's bad messages change nothing here, a resume brings the side
behind up to date move by move, and the offers (take-back, rematch) and a pause work."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from fireice_desktop.engine import correspondence
from fireice_desktop.engine.errors import IllegalMoveError
from fireice_desktop.engine.games import find_game
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.files.storage import SaveFileError
from fireice_desktop.online.messages import (
    PROTOCOL,
    Ack,
    Answer,
    GameOffer,
    Hello,
    Message,
    Move,
    Offer,
    Pause,
    Resign,
    encode,
    parse,
)
from fireice_desktop.online.session import (
    Acked,
    Answered,
    Event,
    FriendPaused,
    Moved,
    Offered,
    OnlineGame,
    Over,
    PeerError,
    Session,
    Started,
    TakenBack,
    new_game,
    position_hash,
    shown_name,
)

FIRE_AND_ICE = find_game("fire-and-ice")
ICEBREAKER = find_game("icebreaker")
FIRE = FIRE_AND_ICE.parse_side("fire")
ICE = FIRE_AND_ICE.parse_side("ice")
RED = ICEBREAKER.parse_side("red")
BLACK = ICEBREAKER.parse_side("black")
PLAIN = GameRecord(FIRE_AND_ICE.name)
HANDICAP = GameRecord(
    FIRE_AND_ICE.name,
    setup=FIRE_AND_ICE.setup_from_json({"handicap": {"side": "ice", "holes": ["A3", "B6"]}}),
)


def icebreaker(size: int) -> GameRecord:
    return GameRecord(ICEBREAKER.name, setup=ICEBREAKER.setup_from_numbers([size]))


@dataclass
class Kept:
    """A session's ``keep``: records every game kept; ``refuse`` makes it fail as a full
    disk would."""

    games: list[OnlineGame] = field(default_factory=list)
    refuse: bool = False

    def __call__(self, game: OnlineGame) -> None:
        if self.refuse:
            raise SaveFileError("the disk is full")
        self.games.append(game)

    @property
    def last(self) -> OnlineGame:
        return self.games[-1]


@dataclass
class Side:
    session: Session
    kept: Kept
    events: list[Event] = field(default_factory=list)

    @property
    def game(self) -> OnlineGame:
        assert self.session.online is not None
        return self.session.online


def make_side(role: Any, online: OnlineGame | None, name: str) -> Side:
    kept = Kept()
    return Side(Session(role, online, name, kept, version="1.0"), kept)


def wire(message: Message) -> Message:
    """The message as the friend reads it off the connection."""
    return parse(encode(message))


def deliver(sender: Side, receiver: Side) -> None:
    for message in sender.session.take_outbox():
        receiver.events += receiver.session.receive(wire(message))


def settle(a: Side, b: Side) -> None:
    """Pass messages both ways until neither side has any to send."""
    while a.session.outbox or b.session.outbox:
        deliver(a, b)
        deliver(b, a)


def connect(host: Side, guest: Side) -> None:
    """Both sides say hello first, as a table does when the connection opens."""
    host.session.outbox.insert(0, host.session.hello())
    guest.session.outbox.insert(0, guest.session.hello())
    settle(host, guest)


def start(record: GameRecord = PLAIN, side: Any = FIRE) -> tuple[Side, Side]:
    host = make_side("host", new_game(record, side), "Anna")
    guest = make_side("guest", None, "Bruno")
    connect(host, guest)
    return host, guest


def mover(host: Side, guest: Side) -> Side | None:
    if host.session.my_turn():
        return host
    return guest if guest.session.my_turn() else None


def play_moves(host: Side, guest: Side, rng: random.Random, most: int = 10_000) -> int:
    """Random legal moves (some as text, some as moves), each delivered; how many."""
    played = 0
    while played < most and (side := mover(host, guest)) is not None:
        position = side.game.position
        move = rng.choice(sorted(position.legal_moves(), key=str))
        side.events += side.session.play(str(move) if rng.random() < 0.5 else move)
        settle(host, guest)
        played += 1
    return played


def moved(side: Side) -> list[int]:
    return [event.n for event in side.events if isinstance(event, Moved)]


def overs(side: Side) -> list[Over]:
    return [event for event in side.events if isinstance(event, Over)]


# --- whole games --------------------------------------------------------------------------


GAMES = [
    pytest.param(PLAIN, FIRE, id="fire-and-ice"),
    pytest.param(PLAIN, ICE, id="fire-and-ice, host plays ice"),
    pytest.param(HANDICAP, FIRE, id="fire-and-ice with a handicap"),
    *(pytest.param(icebreaker(size), RED, id=f"icebreaker {size}") for size in (4, 5)),
    pytest.param(icebreaker(8), RED, id="icebreaker 8", marks=pytest.mark.slow),  # 200 moves
    pytest.param(icebreaker(6), BLACK, id="icebreaker 6, host plays black"),
]


@pytest.mark.parametrize(("record", "side"), GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_game_ends_alike_on_both_sides(record: GameRecord, side: Any, seed: int) -> None:
    host, guest = start(record, side)
    assert [type(e) for e in host.events] == [Started] == [type(e) for e in guest.events]
    assert guest.game.me == side.other and guest.game.record == host.game.record
    assert host.session.friend_name == "Bruno" and guest.session.friend_name == "Anna"
    played = play_moves(host, guest, random.Random(seed))
    assert played > 0
    assert host.game.record == guest.game.record
    assert host.game.id == guest.game.id
    assert host.game.over and guest.game.over
    assert overs(host) == overs(guest) == [Over(host.game.winner(), resigned=False)]
    assert host.game.winner() is not None
    # Every move shown once, in order, on both sides; every move kept before it was shown.
    assert moved(host) == moved(guest) == list(range(1, played + 1))
    assert host.kept.last == host.game and guest.kept.last == guest.game
    assert host.game.pending == 0 and guest.game.pending == 0


def test_the_guest_sees_the_hosts_set_up_and_side_before_the_first_move() -> None:
    host, guest = start(HANDICAP, ICE)
    started = guest.events[0]
    assert isinstance(started, Started) and not started.resumed
    assert started.game.record.setup == HANDICAP.setup
    assert started.game.me == FIRE
    assert guest.session.my_turn() and not host.session.my_turn()


def test_a_move_out_of_turn_here_is_refused_and_nothing_is_sent() -> None:
    host, guest = start()
    move = str(sorted(host.game.position.legal_moves(), key=str)[0])
    with pytest.raises(IllegalMoveError):
        guest.session.play(move)
    assert guest.session.outbox == [] and guest.game.count == 0


def test_a_game_that_cannot_be_kept_is_not_played_nor_sent() -> None:
    host, guest = start()
    before, kept = host.game, list(host.kept.games)
    host.kept.refuse = True
    move = sorted(host.game.position.legal_moves(), key=str)[0]
    with pytest.raises(SaveFileError):
        host.session.play(move)
    assert host.session.outbox == []
    assert host.game == before and host.kept.games == kept
    assert host.session.my_turn()  # still this side's move
    host.kept.refuse = False
    host.session.play(move)
    settle(host, guest)
    assert guest.game.count == 1


def test_a_friends_move_that_cannot_be_kept_is_not_taken_nor_acknowledged() -> None:
    host, guest = start()
    move = host.session.play(next_move(host)[0])
    assert move
    before, kept = guest.game, list(guest.kept.games)
    guest.kept.refuse = True
    with pytest.raises(SaveFileError):
        deliver(host, guest)
    assert guest.game == before and guest.kept.games == kept
    assert guest.session.outbox == []  # no ack for a move not kept
    assert host.game.pending == 1


# --- the friend's bad messages --------------------------------------------------------------


def next_move(side: Side) -> tuple[str, str]:
    """A legal next move in ``side``'s game and the hash after it."""
    game = side.game
    move = sorted(game.position.legal_moves(), key=str)[0]
    record = replace(game.record, moves=(*game.record.moves, move))
    return str(move), position_hash(record, len(record.moves))


def refused(side: Side, message: Message, says: str) -> None:
    """``message`` raises PeerError saying ``says``; the side, what it kept and what it
    would send are as they were."""
    online, kept = side.session.online, list(side.kept.games)
    outbox, started = list(side.session.outbox), side.session.started
    with pytest.raises(PeerError) as error:
        side.session.receive(wire(message))
    assert says in str(error.value)
    assert side.session.online == online
    assert side.kept.games == kept
    assert side.session.outbox == outbox
    assert side.session.started == started


def played(count: int, record: GameRecord = PLAIN, side: Any = FIRE) -> tuple[Side, Side]:
    host, guest = start(record, side)
    assert play_moves(host, guest, random.Random(3), most=count) == count
    return host, guest


def test_a_move_out_of_turn_from_the_friend_changes_nothing() -> None:
    host, _guest = start()
    text, hash_ = next_move(host)  # host's own move, sent by the guest
    refused(host, Move(1, text, hash_), "when it was not its turn")
    host, _guest = played(2)
    text, hash_ = next_move(host)
    refused(host, Move(3, text, hash_), "when it was not its turn")


def test_an_illegal_move_from_the_friend_changes_nothing() -> None:
    host, guest = played(1)
    _text, hash_ = next_move(guest)
    refused(host, Move(2, "A1-A1", hash_), "is not legal here")
    refused(host, Move(2, "Z9-Z9", hash_), "is not legal here")
    refused(host, Move(2, "nonsense", hash_), "is not legal here")
    # a move legal for this side but not the friend's
    mine = sorted(FIRE_AND_ICE.start(PLAIN.setup).legal_moves(), key=str)
    theirs = {str(m) for m in guest.game.position.legal_moves()}
    foreign = next(str(m) for m in mine if str(m) not in theirs)
    refused(host, Move(2, foreign, hash_), "is not legal here")


def test_a_skipped_or_changed_move_number_changes_nothing() -> None:
    host, guest = played(2)
    text, hash_ = next_move(host)
    refused(guest, Move(4, text, hash_), "it sent move 4 when move 3 was due")
    refused(guest, Move(1000, text, hash_), "when move 3 was due")
    other = next(
        str(m)
        for m in FIRE_AND_ICE.start(PLAIN.setup).legal_moves()
        if str(m) != str(host.game.record.moves[0])
    )
    refused(guest, Move(1, other, position_hash(host.game.record, 1)), "differ at move 1")
    refused(guest, Move(2, str(host.game.record.moves[1]), "0" * 16), "differ at move 2")


def test_a_wrong_hash_changes_nothing() -> None:
    host, guest = played(1)
    text, hash_ = next_move(guest)
    wrong = "0123456789abcdef" if hash_ != "0123456789abcdef" else "fedcba9876543210"
    refused(host, Move(2, text, wrong), "after move 2 is not the one this copy reaches")


def test_a_move_after_the_end_changes_nothing() -> None:
    host, guest = start(icebreaker(4), RED)
    play_moves(host, guest, random.Random(5))
    assert host.game.over
    n = host.game.count + 1
    refused(host, Move(n, "a1-b2", "0" * 16), f"move {n} after the game had ended")
    refused(guest, Move(n, "a1-b2", "0" * 16), f"move {n} after the game had ended")


def test_an_ack_of_a_move_never_sent_changes_nothing() -> None:
    host, _guest = played(2)
    refused(host, Ack(3, "0" * 16), "confirmed move 3, which was never sent")
    refused(host, Resign(3), "move 3, which was never sent")


HELLO = Hello(PROTOCOL, "1.0", "Eve", "guest", None)


def test_a_second_hello_changes_nothing() -> None:
    host, guest = played(2)
    refused(host, HELLO, "said hello twice")
    refused(guest, replace(HELLO, role="host", offered=host.game.offer()), "said hello twice")


@pytest.mark.parametrize(
    "message",
    [
        Move(1, "D4-C4", "0" * 16),
        Ack(1, "0" * 16),
        Resign(0),
        Offer("takeback", keep=0),
        Answer("rematch", True),
        Pause(),
    ],
    ids=lambda m: type(m).__name__,
)
def test_a_message_before_hello_changes_nothing(message: Message) -> None:
    host = make_side("host", new_game(PLAIN, FIRE), "Anna")
    refused(host, message, "before saying hello")
    guest = make_side("guest", None, "Bruno")
    refused(guest, message, "before saying hello")
    assert guest.session.online is None


def test_a_hello_from_the_same_role_another_protocol_or_without_a_game_is_refused() -> None:
    host = make_side("host", new_game(PLAIN, FIRE), "Anna")
    game = host.game.offer()
    refused(host, replace(HELLO, role="host", offered=game), "both sides think they made the code")
    refused(host, replace(HELLO, protocol=PROTOCOL + 1), "another version of the online messages")
    guest = make_side("guest", None, "Bruno")
    refused(guest, replace(HELLO, role="guest", offered=game), "both sides think they made")
    refused(guest, replace(HELLO, role="host", protocol=0, offered=game), "another version")
    refused(guest, replace(HELLO, role="host", offered=None), "joined without a game to play")
    assert not host.session.started and not guest.session.started
    # the refusals left both able to start as usual
    connect(host, guest)
    assert guest.game.id == host.game.id


def test_a_game_offered_with_moves_or_a_bad_code_is_refused() -> None:
    guest = make_side("guest", None, "Bruno")
    host, _ = played(2)
    bad_code = GameOffer(host.game.id, "FI1-" + "A" * 8)
    refused(guest, replace(HELLO, role="host", offered=bad_code), "not one this copy can play")
    code = correspondence.encode(host.game.record, FIRE).replace("-", "")
    offered = GameOffer(host.game.id, code)
    refused(guest, replace(HELLO, role="host", offered=offered), "a set-up with moves")


def test_a_duplicate_move_is_acknowledged_again_and_changes_nothing() -> None:
    host, guest = played(3)
    first = guest.game.record.moves[2]
    hash_ = position_hash(guest.game.record, 3)
    before, kept, events = guest.game, list(guest.kept.games), list(guest.events)
    assert guest.session.receive(wire(Move(3, str(first), hash_))) == []
    assert guest.session.outbox == [Ack(3, hash_)]
    assert guest.game == before and guest.kept.games == kept and guest.events == events
    settle(host, guest)
    assert host.game.count == guest.game.count == 3


def test_acks_say_which_moves_the_friend_has() -> None:
    host, guest = start()
    text, _ = next_move(host)
    host.session.play(text)
    assert host.game.pending == 1
    assert host.kept.last.pending == 1  # kept as not yet confirmed
    deliver(host, guest)
    assert host.game.pending == 1
    deliver(guest, host)
    assert host.game.pending == 0 and host.events[-1] == Acked(1)
    assert host.kept.last.acked == 1
    # the friend's own move leaves nothing of this side's unconfirmed
    guest.session.play(next_move(guest)[0])
    deliver(guest, host)
    assert host.game.count == 2 and host.game.pending == 0 and host.kept.last.pending == 0


# --- coming back ------------------------------------------------------------------------------


def lose_next_move(ahead: Side, behind: Side, rng: random.Random) -> None:
    """``ahead`` plays a move whose message never arrives."""
    assert ahead.session.my_turn()
    move = rng.choice(sorted(ahead.game.position.legal_moves(), key=str))
    ahead.session.play(move)
    ahead.session.take_outbox()  # lost on the way
    assert ahead.kept.last.count == behind.kept.last.count + 1


def come_back(new_host: Side, new_guest: Side) -> tuple[Side, Side]:
    """Both sides start again from what they kept, with new sessions."""
    host = make_side("host", new_host.kept.last, "Anna")
    guest = make_side("guest", new_guest.kept.last, "Bruno")
    return host, guest


@pytest.mark.parametrize("ahead_hosts", [True, False], ids=["ahead hosts", "behind hosts"])
@pytest.mark.parametrize("host_ahead", [True, False], ids=["host ahead", "guest ahead"])
def test_a_lost_move_reaches_the_friend_after_a_resume(host_ahead: bool, ahead_hosts: bool) -> None:
    rng = random.Random(7)
    host, guest = played(4)  # fire (the host) to move
    if not host_ahead:
        play_moves(host, guest, rng, most=1)  # now the guest's move
    ahead, behind = (host, guest) if host_ahead else (guest, host)
    lose_next_move(ahead, behind, rng)
    n = ahead.kept.last.count
    lost = ahead.kept.last.record.moves[-1]
    new_host, new_guest = come_back(ahead, behind) if ahead_hosts else come_back(behind, ahead)
    connect(new_host, new_guest)
    new_ahead, new_behind = (new_host, new_guest) if ahead_hosts else (new_guest, new_host)
    # the side behind gets exactly that move, checked and kept, and nothing more
    behind_moved = [e for e in new_behind.events if isinstance(e, Moved)]
    assert behind_moved == [Moved(n, lost, ahead.game.me, by_friend=True)]
    assert not any(isinstance(e, Moved) for e in new_ahead.events)
    assert new_behind.kept.last.record == new_ahead.game.record
    assert isinstance(new_ahead.events[0], Started) and new_ahead.events[0].resumed
    assert isinstance(new_behind.events[0], Started) and new_behind.events[0].resumed
    assert new_ahead.game.pending == 0 and new_behind.game.pending == 0
    # then play goes on to the end
    play_moves(new_host, new_guest, rng)
    assert new_host.game.over and new_host.game.record == new_guest.game.record
    assert overs(new_host) == overs(new_guest)


def test_a_resume_with_both_sides_even_sends_nothing() -> None:
    host, guest = played(5)
    new_host, new_guest = come_back(guest, host)  # the roles may change
    connect(new_host, new_guest)
    assert not any(isinstance(e, Moved) for e in new_host.events + new_guest.events)
    assert new_host.game.record == new_guest.game.record
    assert new_host.game.me == ICE and new_guest.game.me == FIRE
    assert mover(new_host, new_guest) is new_host  # fire played move 5: ice to move


def test_a_guest_that_lost_its_file_takes_the_whole_game_move_by_move() -> None:
    host, _guest = played(9, icebreaker(5), RED)
    new_host = make_side("host", host.kept.last, "Anna")
    new_guest = make_side("guest", None, "Bruno")
    connect(new_host, new_guest)
    assert moved(new_guest) == list(range(1, 10))
    assert all(e.by_friend for e in new_guest.events if isinstance(e, Moved))
    assert new_guest.game.record == host.game.record and new_guest.game.me == BLACK
    assert len(new_guest.kept.games) >= 9  # each move kept as it came
    play_moves(new_host, new_guest, random.Random(1))
    assert new_host.game.over and new_host.game.record == new_guest.game.record


def test_a_guest_with_another_game_kept_takes_the_hosts() -> None:
    other, _ = played(3)
    host, _ = played(6)
    new_guest = make_side("guest", other.kept.last, "Bruno")
    new_host = make_side("host", host.kept.last, "Anna")
    connect(new_host, new_guest)
    assert new_guest.game.id == host.game.id
    assert new_guest.game.record == host.game.record


def test_a_resume_whose_games_differ_is_refused_and_changes_nothing() -> None:
    host, guest = played(4)
    record = guest.kept.last.record
    other = next(m for m in record.positions()[3].legal_moves() if str(m) != str(record.moves[3]))
    forked = replace(guest.kept.last, record=replace(record, moves=(*record.moves[:3], other)))
    new_guest = make_side("guest", forked, "Bruno")
    new_host = make_side("host", host.kept.last, "Anna")
    refused(new_guest, new_host.session.hello(), "differ at move 4")
    refused(new_host, new_guest.session.hello(), "differ at move 4")


def test_a_friend_ahead_may_not_play_this_sides_moves_on_a_resume() -> None:
    """A friend whose hello says it is ahead may only bring this side its own moves: this
    side has every move it played itself (kept before it was sent)."""
    host, guest = played(4)  # fire, the host, to move
    new_host = make_side("host", host.kept.last, "Anna")
    claims = replace(guest.game.offer(), count=6, hash="0" * 16)
    new_host.session.receive(wire(Hello(PROTOCOL, "1.0", "Eve", "guest", claims)))
    text, hash_ = next_move(new_host)  # fire's move, sent by ice's side
    refused(new_host, Move(5, text, hash_), "when it was not its turn")


def test_a_friend_may_not_say_this_side_resigned() -> None:
    host, guest = played(4)
    new_host = make_side("host", host.kept.last, "Anna")
    claims = replace(guest.game.offer(), resigned="fire")  # the host's side
    refused(new_host, Hello(PROTOCOL, "1.0", "Eve", "guest", claims), "differ")


@pytest.mark.parametrize("kept", [False, True], ids=["new guest", "guest with the game"])
def test_a_resignation_by_a_side_the_game_does_not_have_is_refused(kept: bool) -> None:
    host, guest = played(2)
    new_guest = make_side("guest", guest.kept.last if kept else None, "Bruno")
    claims = replace(host.game.offer(), resigned="red")  # Icebreaker's side in Fire & Ice
    refused(new_guest, Hello(PROTOCOL, "1.0", "Eve", "host", claims), "no such side")
    assert new_guest.kept.games == []


def test_a_resignation_made_while_apart_reaches_the_friend() -> None:
    host, guest = played(4)
    guest.session.resign()
    guest.session.take_outbox()  # lost
    new_host, new_guest = come_back(host, guest)
    connect(new_host, new_guest)
    assert overs(new_host) == [Over(FIRE, resigned=True)]
    assert new_host.game.resigned == "ice" and new_host.kept.last.resigned == "ice"
    assert new_host.game.winner() == FIRE == new_guest.game.winner()


def test_a_guest_that_lost_its_file_takes_a_resigned_game_with_all_its_moves() -> None:
    host, guest = played(6)
    host.session.resign()
    settle(host, guest)
    new_host = make_side("host", host.kept.last, "Anna")
    new_guest = make_side("guest", None, "Bruno")
    connect(new_host, new_guest)
    assert new_guest.game.record == host.game.record  # not the start with a resignation
    assert new_guest.game.winner() == new_host.game.winner() == ICE
    assert overs(new_guest) == [Over(ICE, resigned=True)]


def test_a_move_lost_before_a_resignation_reaches_the_friend_after_a_resume() -> None:
    host, guest = played(4)  # fire, the host, to move
    lose_next_move(host, guest, random.Random(2))
    host.session.resign()
    host.session.take_outbox()  # lost too
    new_host, new_guest = come_back(host, guest)
    connect(new_host, new_guest)
    assert new_guest.game.record == new_host.game.record
    assert new_guest.game.count == 5
    assert new_guest.kept.last.resigned == "fire" and new_guest.game.winner() == ICE


def test_moves_crossing_resignations_on_a_resume_end_alike() -> None:
    host, guest = played(4)  # fire, the host, to move
    lose_next_move(host, guest, random.Random(2))  # fire's move 5 never arrives
    guest.session.resign()  # ice resigns at move 4, not knowing of it
    guest.session.take_outbox()
    new_host, new_guest = come_back(host, guest)
    connect(new_host, new_guest)
    assert new_guest.game.record == new_host.game.record
    assert new_guest.game.resigned == new_host.game.resigned == "ice"


# --- resigning, offers, pausing ----------------------------------------------------------------


def test_resigning_ends_the_game_on_both_sides() -> None:
    host, guest = played(3)
    events = guest.session.resign()
    assert events == [Over(FIRE, resigned=True)]
    assert guest.kept.last.resigned == "ice"
    settle(host, guest)
    assert overs(host) == [Over(FIRE, resigned=True)]
    assert host.game.over and guest.game.over
    assert host.game.winner() == guest.game.winner() == FIRE
    assert host.kept.last.resigned == "ice"
    assert not host.session.my_turn() and not guest.session.my_turn()
    assert guest.session.resign() == []  # once is enough
    # a resignation crossing the other's resignation or a move changes nothing
    before = host.game
    assert host.session.receive(wire(Resign(3))) == []
    assert host.game == before


def test_a_move_crossing_a_resignation_is_dropped() -> None:
    host, guest = played(2)  # fire to move
    text, hash_ = next_move(host)
    guest.session.resign()
    guest.session.take_outbox()
    before = guest.game
    assert guest.session.receive(wire(Move(3, text, hash_))) == []
    assert guest.game == before


def takeback_game(count: int = 3) -> tuple[Side, Side]:
    host, guest = played(count)  # host (fire) played move 3: ice to move
    return host, guest


def test_a_takeback_both_agree_to_goes_back_on_both_sides() -> None:
    host, guest = takeback_game()
    assert host.session.takeback_point() == 2
    assert guest.session.takeback_point() == 1  # its own last move and the reply
    assert host.session.offer_takeback()
    assert not host.session.offer_takeback()  # one offer at a time
    deliver(host, guest)
    assert guest.events[-1] == Offered("takeback")
    assert guest.session.answer(True) == [TakenBack(2)]
    assert guest.game.count == 2 and guest.kept.last.count == 2
    deliver(guest, host)
    assert host.events[-2:] == [Answered("takeback", True), TakenBack(2)]
    assert host.game.record == guest.game.record and host.kept.last.count == 2
    assert host.session.my_turn()
    play_moves(host, guest, random.Random(4))
    assert host.game.over and host.game.record == guest.game.record


def test_a_declined_takeback_changes_nothing() -> None:
    host, guest = takeback_game()
    before, guest_before = host.game, guest.game
    host.session.offer_takeback()
    deliver(host, guest)
    assert guest.session.answer(False) == []
    deliver(guest, host)
    assert host.events[-1] == Answered("takeback", False)
    assert host.game == before and guest.game == guest_before
    assert host.session.offer_takeback()  # and it may be offered again


@pytest.mark.parametrize("keep", [3, 5, 0])
def test_a_takeback_offer_of_a_wrong_point_is_declined_at_once(keep: int) -> None:
    _host, guest = takeback_game()
    before, kept = guest.game, list(guest.kept.games)
    assert guest.session.receive(wire(Offer("takeback", keep=keep))) == []
    assert guest.session.outbox == [Answer("takeback", False)]
    assert guest.game == before and guest.kept.games == kept
    assert guest.session.friend_offer is None


def deliver_one(sender: Side, receiver: Side) -> None:
    message = sender.session.outbox.pop(0)
    receiver.events += receiver.session.receive(wire(message))


def test_playing_on_instead_of_answering_a_takeback_declines_it() -> None:
    host, guest = takeback_game()
    host.session.offer_takeback()
    deliver(host, guest)
    text, hash_ = next_move(guest)
    guest.events += guest.session.play(text)
    assert guest.session.outbox == [Answer("takeback", False), Move(4, text, hash_)]
    assert guest.session.answer(True) == []  # too late
    assert guest.game.count == 4
    deliver(guest, host)
    assert host.events[-2:][0] == Answered("takeback", False)
    assert host.game.record == guest.game.record
    assert host.session.offered == ""
    assert host.session.my_turn()


def test_a_side_waits_for_the_answer_to_its_takeback_before_moving() -> None:
    host, guest = takeback_game(4)  # ice, the guest, played move 4
    assert guest.session.offer_takeback()
    deliver(guest, host)
    assert host.session.my_turn()  # the friend may still move: that declines
    guest_before = guest.game
    host.session.play(next_move(host)[0])
    deliver(host, guest)
    assert guest.events[-2] == Answered("takeback", False)
    assert guest.game.count == 5 and guest.session.my_turn()
    # while its offer is open, this side does not move
    assert guest.session.offer_takeback()
    assert not guest.session.my_turn()
    with pytest.raises(IllegalMoveError, match="not answered your offer"):
        guest.session.play(next_move(guest)[0])
    assert guest.session.outbox[-1] == Offer("takeback", keep=3)
    assert not any(isinstance(m, Move) for m in guest.session.outbox)
    assert guest.game.count == 5 and guest_before.count == 4


def test_a_move_and_a_takeback_offer_crossing_end_alike() -> None:
    host, guest = takeback_game(4)  # ice, the guest, played move 4: fire to move
    assert guest.session.offer_takeback()  # keep 3, on its way
    host.session.play(next_move(host)[0])  # move 5 before the offer arrives
    deliver(host, guest)  # move 5 reaches the guest, which acks it after its offer
    deliver_one(guest, host)  # the offer: taking back 4 and 5 is still one take-back
    assert host.events[-1] == Offered("takeback")
    assert host.session.answer(True) == [TakenBack(3)]
    settle(host, guest)  # the ack of move 5 arrives late, after it was taken back
    assert guest.events[-2:] == [Answered("takeback", True), TakenBack(3)]
    assert host.game.record == guest.game.record and host.game.count == 3


def test_takeback_offers_crossing_are_both_declined() -> None:
    host, guest = takeback_game(4)
    play_moves(host, guest, random.Random(1), most=1)  # fire played 5: ice to move
    assert host.session.offer_takeback() and guest.session.offer_takeback()
    before = host.game.record
    settle(host, guest)
    assert Answered("takeback", False) in host.events
    assert Answered("takeback", False) in guest.events
    assert host.game.record == guest.game.record == before
    assert host.session.offered == guest.session.offered == ""


@pytest.mark.parametrize("seed", range(40))
def test_offers_and_moves_crossing_on_the_way_leave_both_sides_with_one_game(seed: int) -> None:
    """Each side moves, offers a take-back and answers whenever it may, while the messages
    are delivered one at a time in any order: no honest copy is ever refused, and once
    everything has arrived both sides have the same game."""
    rng = random.Random(seed)
    host, guest = played(rng.randrange(2, 6))
    for _ in range(120):
        side, friend = (host, guest) if rng.random() < 0.5 else (guest, host)
        choice = rng.random()
        if choice < 0.4 and side.session.outbox:
            deliver_one(side, friend)
        elif choice < 0.6 and side.session.my_turn():
            move = rng.choice(sorted(side.game.position.legal_moves(), key=str))
            side.events += side.session.play(move)
        elif choice < 0.8:
            side.session.offer_takeback()
        elif side.session.friend_offer is not None:
            side.events += side.session.answer(rng.random() < 0.7)
    settle(host, guest)
    for side in (host, guest):  # the offers still open are answered
        if side.session.friend_offer is not None:
            side.events += side.session.answer(rng.random() < 0.5)
    settle(host, guest)
    assert host.game.record == guest.game.record
    assert host.session.offered == guest.session.offered == ""  # every offer answered
    assert host.session.friend_offer is None and guest.session.friend_offer is None
    play_moves(host, guest, rng)  # and the game goes on to its end
    assert host.game.over and host.game.record == guest.game.record


def finished(record: GameRecord = PLAIN) -> tuple[Side, Side]:
    host, guest = played(3, record)
    guest.session.resign()
    settle(host, guest)
    return host, guest


def test_a_rematch_swaps_the_sides_with_a_new_game_of_the_same_set_up() -> None:
    host, guest = finished(HANDICAP)
    old = host.game
    assert host.session.offer_rematch()
    deliver(host, guest)
    assert guest.events[-1] == Offered("rematch")
    started = guest.session.answer(True)
    assert len(started) == 1 and isinstance(started[0], Started)
    deliver(guest, host)
    assert host.events[-2] == Answered("rematch", True)
    assert isinstance(host.events[-1], Started)
    assert host.game.id == guest.game.id != old.id
    assert host.game.me == ICE and guest.game.me == FIRE
    assert host.game.record.setup == guest.game.record.setup == HANDICAP.setup
    assert host.game.count == guest.game.count == 0 and not host.game.over
    assert host.kept.last == host.game and guest.kept.last == guest.game
    play_moves(host, guest, random.Random(8))
    assert host.game.over and host.game.record == guest.game.record


def test_rematches_offered_across_each_other_give_one_game() -> None:
    host, guest = finished()
    assert host.session.offer_rematch() and guest.session.offer_rematch()
    settle(host, guest)
    assert Offered("rematch") in guest.events  # the host's offer stands
    assert Offered("rematch") not in host.events
    assert guest.session.offered == ""
    guest.session.answer(True)
    settle(host, guest)
    assert host.game.id == guest.game.id and host.game.count == 0
    assert host.game.me == ICE and guest.game.me == FIRE
    assert host.session.offered == guest.session.offered == ""


def test_a_rematch_declined_leaves_the_old_game() -> None:
    host, guest = finished()
    old = host.game
    host.session.offer_rematch()
    deliver(host, guest)
    guest.session.answer(False)
    deliver(guest, host)
    assert host.events[-1] == Answered("rematch", False)
    assert host.game == old


def rematch_offer(record: GameRecord, sender: Any, id_: str) -> Offer:
    code = correspondence.encode(replace(record, moves=()), sender)
    return Offer("rematch", offered=GameOffer(id_, code))


@pytest.mark.parametrize(
    ("what", "says"),
    [
        ("another set-up", "not a new game of this kind"),
        ("another game", "not a new game of this kind"),
        ("the same sides", "not a new game of this kind"),
        ("the same id", "not a new game of this kind"),
    ],
)
def test_a_rematch_offer_unlike_the_game_is_refused(what: str, says: str) -> None:
    _host, guest = finished()
    game = guest.game  # ice
    record, sender, id_ = game.record, FIRE.other, "e" * 32  # the host plays ice next
    if what == "another set-up":
        record = HANDICAP
    elif what == "another game":
        record, sender = icebreaker(5), RED
    elif what == "the same sides":
        sender = FIRE
    else:
        id_ = game.id
    refused(guest, rematch_offer(record, sender, id_), says)
    assert guest.session.friend_offer is None
    # the rematch as this copy offers it is taken
    assert guest.session.receive(wire(rematch_offer(game.record, ICE, "e" * 32)))


def test_a_rematch_before_the_end_is_declined_at_once() -> None:
    host, guest = played(2)
    assert not host.session.offer_rematch()
    offered = replace(host.game.offer(), id="f" * 32, count=0, hash="")
    assert guest.session.receive(wire(Offer("rematch", offered=offered))) == []
    assert guest.session.outbox == [Answer("rematch", False)]


def test_a_pause_from_the_friend_says_so() -> None:
    host, guest = played(2)
    guest.session.pause()
    assert guest.session.outbox == [Pause()]
    before = host.game
    deliver(guest, host)
    assert host.events[-1] == FriendPaused()
    assert host.game == before


def test_a_friends_name_is_shown_as_plain_text_cut_short() -> None:
    assert shown_name("Anna") == "Anna"
    assert shown_name("A\u200bnna") == "A nna"
    assert shown_name("x" * 40) == "x" * 23 + "…"
    assert "<" in shown_name("<b>Eve</b>")  # plain text: the window never reads it as markup


def test_a_kept_game_comes_back_from_its_json() -> None:
    host, _guest = played(5, HANDICAP)
    game = replace(host.game, resigned="ice")
    assert OnlineGame.from_json(game.to_json()) == game


def test_a_host_needs_a_game() -> None:
    with pytest.raises(ValueError):
        Session("host", None, "Anna", Kept())
