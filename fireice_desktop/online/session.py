"""One side of an online game: what it keeps, what it sends, and the checks it makes of every
message from the friend before anything changes here.

A :class:`Session` knows the game (:class:`OnlineGame`), takes this side's moves
(:meth:`Session.play`) and the friend's messages (:meth:`Session.receive`), and answers with the
messages to send (:attr:`Session.outbox`) and what happened (:class:`Event` values), for the
window or the terminal to show.  It never touches the network or the disk itself: ``keep`` is
called with the game to write, *before* a move is sent or shown, and a move is sent only once
``keep`` returned.

**Every move of the friend is checked** by this side's own rules: it must be the next move
(its number one more than the moves here), the friend's side must be to move, the move must be
legal, and the hash of the position after it (:func:`position_hash`) must be the one the friend
computed.  Only then is it played here, kept, acknowledged and shown.  A repeated move (one
already here, same text, same hash) is acknowledged again and changes nothing.

**Coming back after a break** (a new connection, or a new code after one side quit or lost
power), each side's hello says the game it has: its id, its set-up (as a game code), how many
moves it has and the hash after them.  The side with more moves checks that the other's last
position is one of its own (same hash at that move), then sends the moves the other lacks, one
message a move, each checked as above.  A side can only be ahead with moves it played itself
and kept before sending them, so nothing is lost and nothing is played twice.

A message that breaks these rules raises :class:`PeerError`: the caller closes the connection
and says so, and this side's game is as it was.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Literal

from ..engine import correspondence
from ..engine.errors import IllegalMoveError, NotationError
from ..engine.interface import GameState
from ..engine.records.game import GameRecord
from ..engine.registry import SideType
from ..engine.words import Words, quoted, say
from .messages import (
    MOST_NAME,
    PROTOCOL,
    Ack,
    Answer,
    GameOffer,
    Hello,
    Message,
    Move,
    Offer,
    Pause,
    ProtocolError,
    Resign,
)


class PeerError(ProtocolError):
    """The friend's copy sent what an honest copy of this version never sends.

    :attr:`words` is what the player is told (the friend's game is left as it was)."""

    def __init__(self, words: Words | str) -> None:
        super().__init__(str(words))
        self.words = words


def new_id() -> str:
    """A new game's id: 32 random hex digits (from the system's source of randomness, as
    :func:`secrets.token_hex` takes them)."""
    return os.urandom(16).hex()


def position_hash(record: GameRecord, count: int, position: GameState | None = None) -> str:
    """The hash of ``record``'s position after its first ``count`` moves: the same on both
    sides when both have the same game, whatever the machine."""
    if position is None:
        position = record.positions()[count]
    data = record.kind.position_json(record.setup, position)
    text = f"{record.game}|{count}|" + json.dumps(data, sort_keys=True, separators=(",", ":"))
    # Imported here: hashlib loads OpenSSL's library, and every command builds its parser
    # from the modules that import this one; only online play hashes.
    import hashlib

    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def shown_name(name: str, limit: int = 24) -> str:
    """A name from the friend as it may be shown: printable, cut to ``limit`` characters."""
    clean = "".join(char if char.isprintable() else " " for char in name).strip()
    return clean if len(clean) <= limit else clean[: limit - 1] + "…"


@dataclass(frozen=True)
class OnlineGame:
    """The online game one side keeps: the game, the side it plays, the friend's name, the
    moves the friend is known to have (:attr:`acked`), and a resignation, if any."""

    id: str
    record: GameRecord
    me: SideType
    friend: str = ""
    acked: int = 0
    resigned: str = ""

    @property
    def count(self) -> int:
        return len(self.record.moves)

    @cached_property
    def positions(self) -> tuple[GameState, ...]:
        """Every position of the game, the start first (worked out once a game)."""
        return tuple(self.record.positions())

    @property
    def position(self) -> GameState:
        return self.positions[-1]

    def hash_at(self, count: int) -> str:
        """The hash of the position after the first ``count`` moves."""
        return position_hash(self.record, count, self.positions[count])

    def with_move(self, move: Any, after: GameState, acked: int | None = None) -> OnlineGame:
        """This game with ``move`` played, reaching ``after``, and the friend known to have
        ``acked`` moves (as before if not given); its positions are carried over, so that a
        long game is not replayed at every move."""
        record = replace(self.record, moves=(*self.record.moves, move))
        new = replace(self, record=record, acked=self.acked if acked is None else acked)
        new.__dict__["positions"] = (*self.positions, after)  # the cached_property's value
        return new

    @property
    def over(self) -> bool:
        return bool(self.resigned) or self.position.is_over

    @property
    def pending(self) -> int:
        """This side's moves the friend has not acknowledged yet."""
        return max(0, self.count - self.acked)

    def winner(self) -> SideType | None:
        """The side that won, by the rules or by the other's resignation."""
        if self.resigned:
            resigned = self.record.kind.parse_side(self.resigned)
            return resigned.other
        return self.record.kind.winner(self.position)

    def offer(self) -> GameOffer:
        """This game as a hello or a rematch offers it."""
        setup_only = replace(self.record, moves=(), undone=(), computer=())
        return GameOffer(
            id=self.id,
            code=correspondence.encode(setup_only, self.me),
            count=self.count,
            hash=self.hash_at(self.count) if self.count else "",
            resigned=self.resigned,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": json.loads(self.record.to_json()),
            "me": self.me.key,
            "friend": self.friend,
            "acked": self.acked,
            "resigned": self.resigned,
        }

    @classmethod
    def from_json(cls, data: Any) -> OnlineGame:
        """The game kept as :meth:`to_json` wrote it (``ValueError`` saying what is wrong)."""
        if not isinstance(data, dict):
            raise NotationError("the online game is not a JSON object")
        if set(data) != {"id", "game", "me", "friend", "acked", "resigned"}:
            raise NotationError("the online game does not have the fields it should")
        record = GameRecord.from_json(json.dumps(data["game"]))
        if record.undone or record.computer:
            raise NotationError("the online game has moves taken back or a computer player")
        kind = record.kind
        if not isinstance(data["id"], str) or len(data["id"]) != 32:
            raise NotationError("the online game's id is not one")
        if not isinstance(data["me"], str) or not isinstance(data["resigned"], str):
            raise NotationError("the online game's sides are not sides")
        me = kind.parse_side(data["me"])
        if data["resigned"]:
            kind.parse_side(data["resigned"])
        acked = data["acked"]
        if (
            not isinstance(acked, int)
            or isinstance(acked, bool)
            or not 0 <= acked <= len(record.moves)
        ):
            raise NotationError("the online game's count of moves sent is not one")
        friend = data["friend"] if isinstance(data["friend"], str) else ""
        return cls(data["id"], record, me, friend[:MOST_NAME], acked, data["resigned"])


def new_game(record: GameRecord, me: SideType) -> OnlineGame:
    """A new online game of ``record``'s set-up (no moves yet), this side playing ``me``."""
    return OnlineGame(new_id(), replace(record, moves=(), undone=(), computer=()), me)


# --- what happened ------------------------------------------------------------------------


@dataclass(frozen=True)
class Started:
    """Both sides have the same game (new, resumed or a rematch): show its board."""

    game: OnlineGame
    resumed: bool = False


@dataclass(frozen=True)
class Moved:
    """Move ``n`` (from 1) was played, by this side or the friend."""

    n: int
    move: Any
    side: SideType
    by_friend: bool


@dataclass(frozen=True)
class Over:
    """The game ended: ``winner`` won; ``resigned`` when the other side resigned."""

    winner: SideType
    resigned: bool


@dataclass(frozen=True)
class Offered:
    """The friend offers a take-back or a rematch (answer with :meth:`Session.answer`)."""

    what: Literal["takeback", "rematch"]


@dataclass(frozen=True)
class Answered:
    """The friend said yes or no to this side's offer."""

    what: Literal["takeback", "rematch"]
    yes: bool


@dataclass(frozen=True)
class TakenBack:
    """Both agreed: the game went back to its first ``keep`` moves."""

    keep: int


@dataclass(frozen=True)
class FriendPaused:
    """The friend left; both keep the game, to go on with a new code."""


@dataclass(frozen=True)
class Acked:
    """The friend has this side's moves up to ``n``."""

    n: int


Event = Started | Moved | Over | Offered | Answered | TakenBack | FriendPaused | Acked


# --- one side -----------------------------------------------------------------------------


@dataclass
class Session:
    """One side of an online game (see the module's description).

    ``role`` is ``host`` for the side that made the code, ``guest`` for the side that typed
    it.  The host has a game (new or resumed); a guest may have one kept, offered in case the
    host resumes that same game, and takes the host's game otherwise.
    """

    role: Literal["host", "guest"]
    online: OnlineGame | None
    name: str
    keep: Callable[[OnlineGame], None]
    version: str = "0"
    outbox: list[Message] = field(default_factory=list)
    friend_name: str = ""
    started: bool = False
    offered: Literal["takeback", "rematch", ""] = ""
    offer_keep: int = 0
    rematch: OnlineGame | None = None
    friend_offer: Offer | None = None
    _friend_count: int = 0
    #: The most moves this game has had here (acks of moves since taken back are late).
    _longest: int = 0
    _resumed: bool = False
    _adopted: bool = False

    def __post_init__(self) -> None:
        if self.role == "host" and self.online is None:
            raise ValueError("a host has a game to offer")

    # --- the first message --------------------------------------------------------------

    def hello(self) -> Hello:
        """The hello this side sends first."""
        return Hello(
            protocol=PROTOCOL,
            version=self.version,
            name=self.name[:MOST_NAME],
            role=self.role,
            offered=None if self.online is None else self.online.offer(),
        )

    # --- the friend's messages ----------------------------------------------------------

    def receive(self, message: Message) -> list[Event]:
        """Take one message from the friend; the events it made, and replies in
        :attr:`outbox`.  :class:`PeerError` leaves everything as it was."""
        if isinstance(message, Hello):
            return self._hello(message)
        if not self.started:
            raise PeerError(say("online.error.before_hello"))
        if isinstance(message, Move):
            return self._move(message)
        if isinstance(message, Ack):
            return self._ack(message)
        if isinstance(message, Resign):
            return self._resign(message)
        if isinstance(message, Offer):
            return self._offer(message)
        if isinstance(message, Answer):
            return self._answer(message)
        assert isinstance(message, Pause)
        return [FriendPaused()]

    def _hello(self, hello: Hello) -> list[Event]:
        if self.started:
            raise PeerError(say("online.error.second_hello"))
        if hello.protocol != PROTOCOL:
            raise PeerError(
                say(
                    "online.error.protocol",
                    theirs=quoted(hello.version),
                    mine=quoted(self.version),
                )
            )
        if hello.role == self.role:
            raise PeerError(say("online.error.same_role"))
        offered = hello.offered
        if self.role == "guest":
            if offered is None:
                raise PeerError(say("online.error.no_game"))
            game = self._guest_game(offered)
        else:
            assert self.online is not None
            game = self.online
            if offered is not None and offered.id != game.id:
                offered = None  # the friend kept another game: it takes this one
        # A guest that had no copy of this game takes the host's as it comes; a side that
        # kept it has every move and resignation of its own, so the friend may only be
        # ahead with its own.
        adopted = self.online is None or self.online.id != game.id
        self._check_common(game, offered)
        acked = min(game.count, offered.count) if offered is not None else 0
        game = replace(game, friend=hello.name[:MOST_NAME], acked=acked)
        if offered is not None and offered.resigned and not game.resigned:
            game = replace(game, resigned=self._resigned(game, offered.resigned, adopted))
        self.keep(game)
        self.online = game
        self.friend_name = hello.name[:MOST_NAME]
        self.started = True
        self._adopted = adopted
        self._longest = game.count
        self._friend_count = offered.count if offered is not None else 0
        events: list[Event] = [Started(game, resumed=self._resumed or game.count > 0)]
        # Send the moves the friend lacks, one message a move.
        for n in range(self._friend_count + 1, game.count + 1):
            self.outbox.append(self._move_message(game, n))
        # A game already over here (the friend may be behind: the moves above bring it up).
        winner = game.winner() if game.over else None
        if winner is not None:
            events.append(Over(winner, resigned=bool(game.resigned)))
        return events

    def _guest_game(self, offered: GameOffer) -> OnlineGame:
        try:
            code = correspondence.decode(offered.code)
        except ValueError as error:
            raise PeerError(say("online.error.bad_game", reason=str(error)[:120])) from None
        if code.record.moves:
            raise PeerError(say("online.error.bad_game", reason="a set-up with moves"))
        kept = self.online
        if kept is not None and kept.id == offered.id:
            same = replace(kept.record, moves=(), undone=(), computer=())
            if same != code.record or kept.me != code.sender.other:
                raise PeerError(say("online.error.other_setup"))
            self._resumed = True
            return kept
        return OnlineGame(offered.id, code.record, code.sender.other)

    def _resigned(self, game: OnlineGame, resigned: str, adopted: bool) -> str:
        """The side the friend's hello says resigned, if this side may take it."""
        try:
            side = game.record.kind.parse_side(resigned)
        except ValueError:
            raise PeerError(say("online.error.bad_game", reason="no such side")) from None
        if side != game.me.other and not adopted:
            raise PeerError(say("online.error.diverged", n=game.count))
        return side.key

    def _check_common(self, game: OnlineGame, offered: GameOffer | None) -> None:
        """The friend's moves so far must be this side's first moves, or the other way."""
        if offered is None or offered.id != game.id:
            return
        behind = offered.count <= game.count
        if behind and offered.count and game.hash_at(offered.count) != offered.hash:
            raise PeerError(say("online.error.diverged", n=offered.count))
        # A friend ahead sends the moves; each is checked as it comes.

    def _move_message(self, game: OnlineGame, n: int) -> Move:
        return Move(n, str(game.record.moves[n - 1]), game.hash_at(n))

    def _move(self, message: Move) -> list[Event]:
        game = self.online
        assert game is not None
        if message.n <= game.count:
            if (
                str(game.record.moves[message.n - 1]) == message.move
                and game.hash_at(message.n) == message.hash
            ):
                self.outbox.append(Ack(message.n, message.hash))
                return []
            raise PeerError(say("online.error.diverged", n=message.n))
        if message.n != game.count + 1:
            raise PeerError(say("online.error.skipped", n=message.n, expected=game.count + 1))
        # The moves the friend's hello said it has come even after a resignation: both
        # sides then end with the same moves.
        owed = message.n <= self._friend_count
        if game.resigned and not owed:
            return []  # a move crossing a resignation on the way: the game is over
        position = game.position
        if position.is_over:
            raise PeerError(say("online.error.after_end", n=message.n))
        # Moves of either side only while taking up a game this side had no copy of.
        syncing = self._adopted and owed
        if position.to_move != game.me.other and not syncing:
            raise PeerError(say("online.error.out_of_turn", n=message.n, move=quoted(message.move)))
        try:
            move = position.parse_move(message.move)
            after = position.play(move)
        except (NotationError, IllegalMoveError, ValueError) as error:
            raise PeerError(
                say(
                    "online.error.illegal",
                    n=message.n,
                    move=quoted(message.move),
                    reason=str(error)[:120],
                )
            ) from None
        new = game.with_move(move, after, acked=message.n)  # the friend has every move
        if new.hash_at(message.n) != message.hash:
            raise PeerError(say("online.error.hash", n=message.n))
        self.keep(new)
        self.online = new
        self._longest = max(self._longest, new.count)
        self.friend_offer = (
            None
            if self.friend_offer and self.friend_offer.what == "takeback"
            else self.friend_offer
        )
        self.outbox.append(Ack(message.n, message.hash))
        events: list[Event] = [Moved(message.n, move, position.to_move, by_friend=True)]
        if after.is_over:
            winner = new.winner()
            if winner is not None:
                events.append(Over(winner, resigned=False))
        return events

    def _ack(self, message: Ack) -> list[Event]:
        game = self.online
        assert game is not None
        if message.n > game.count or game.hash_at(message.n) != message.hash:
            if message.n > self._longest:
                raise PeerError(say("online.error.ack", n=message.n))
            return []  # an ack of a move since taken back
        if message.n <= game.acked:
            return []
        self.online = replace(game, acked=message.n)
        self.keep(self.online)
        return [Acked(message.n)]

    def _resign(self, message: Resign) -> list[Event]:
        game = self.online
        assert game is not None
        if game.over:
            return []
        if message.n > game.count:
            raise PeerError(say("online.error.ack", n=message.n))
        friend = game.me.other
        new = replace(game, resigned=friend.key)
        self.keep(new)
        self.online = new
        return [Over(game.me, resigned=True)]

    def _offer(self, message: Offer) -> list[Event]:
        game = self.online
        assert game is not None
        if message.what == "takeback":
            # Offers crossing on the way: both are declined, on both sides alike.
            if self.offered == "takeback" or not self.can_take_back(message.keep, by=game.me.other):
                self.outbox.append(Answer("takeback", False))
                return []
            self.friend_offer = message
            return [Offered("takeback")]
        if not game.over:
            self.outbox.append(Answer("rematch", False))
            return []
        if self.offered == "rematch":
            # Rematches offered across each other: the host's stands, the guest's lapses.
            if self.role == "host":
                self.outbox.append(Answer("rematch", False))
                return []
            self.offered = ""
            self.rematch = None
        assert message.offered is not None
        try:
            code = correspondence.decode(message.offered.code)
        except ValueError as error:
            raise PeerError(say("online.error.bad_game", reason=str(error)[:120])) from None
        # A rematch is a new game (a new id, no moves) of the same set-up, sides swapped.
        if (
            code.record.moves
            or message.offered.count
            or message.offered.id == game.id
            or code.record.kind is not game.record.kind
            or code.record.setup != game.record.setup
            or code.sender != game.me
        ):
            raise PeerError(say("online.error.bad_game", reason="not a new game of this kind"))
        self.friend_offer = message
        return [Offered("rematch")]

    def _answer(self, message: Answer) -> list[Event]:
        game = self.online
        assert game is not None
        if message.what != self.offered:
            return []  # an answer to an offer this side no longer makes
        self.offered = ""
        if not message.yes:
            return [Answered(message.what, False)]
        if message.what == "takeback":
            if self.offer_keep >= game.count:
                return [Answered("takeback", False)]
            return [Answered("takeback", True), *self._truncate(self.offer_keep)]
        assert self.rematch is not None
        new = self.rematch
        self.rematch = None
        self.keep(new)
        self.online = new
        return [Answered("rematch", True), Started(new)]

    # --- this side's actions ------------------------------------------------------------

    def synced(self) -> bool:
        """Whether this side has every move the friend said it has."""
        return self.started and self.online is not None and self.online.count >= self._friend_count

    def my_turn(self) -> bool:
        game = self.online
        return (
            self.synced()
            and game is not None
            and not game.over
            and game.position.to_move == game.me
            and self.offered != "takeback"
        )

    def play(self, text_or_move: Any) -> list[Event]:
        """Play this side's move (text or a move of the position): kept, then sent.

        :class:`IllegalMoveError` or :class:`NotationError` (nothing changes) for a move that
        is not legal, or when it is not this side's turn."""
        game = self.online
        if game is None or not self.synced():
            raise IllegalMoveError(str(say("online.error.not_started")))
        position = game.position
        if game.over:
            raise IllegalMoveError(str(say("online.error.game_over")))
        if position.to_move != game.me:
            raise IllegalMoveError(str(say("online.error.not_your_turn")))
        if self.offered == "takeback":  # the friend may be taking the move back right now
            raise IllegalMoveError(str(say("online.error.answer_due")))
        move = position.parse_move(text_or_move) if isinstance(text_or_move, str) else text_or_move
        after = position.play(move)
        new = game.with_move(move, after)
        record = new.record
        self.keep(new)
        self.online = new
        self._longest = max(self._longest, new.count)
        if self.friend_offer is not None and self.friend_offer.what == "takeback":
            # Playing on instead of answering says no, so the friend's offer is closed.
            self.friend_offer = None
            self.outbox.append(Answer("takeback", False))
        n = new.count
        self.outbox.append(Move(n, str(move), position_hash(record, n, after)))
        events: list[Event] = [Moved(n, move, game.me, by_friend=False)]
        if after.is_over:
            winner = new.winner()
            if winner is not None:
                events.append(Over(winner, resigned=False))
        return events

    def resign(self) -> list[Event]:
        game = self.online
        if game is None or game.over:
            return []
        new = replace(game, resigned=game.me.key)
        self.keep(new)
        self.online = new
        self.outbox.append(Resign(new.count))
        return [Over(game.me.other, resigned=True)]

    def can_take_back(self, keep: int, by: SideType | None = None) -> bool:
        """Whether the game may go back to its first ``keep`` moves at the asking of
        ``by`` (this side by default): the last move of ``by`` and any reply after it."""
        game = self.online
        if game is None or game.over or not self.started:
            return False
        by = by or game.me
        if not 0 <= keep < game.count or game.count - keep > 2:
            return False
        positions = game.positions
        if positions[keep].to_move != by:
            return False
        return all(positions[k].to_move != by for k in range(keep + 1, game.count))

    def takeback_point(self) -> int | None:
        """Where this side's take-back would go: before its last move, or None."""
        game = self.online
        if game is None:
            return None
        for keep in (game.count - 1, game.count - 2):
            if keep >= 0 and self.can_take_back(keep):
                return keep
        return None

    def offer_takeback(self) -> bool:
        keep = self.takeback_point()
        if keep is None or self.offered or self.friend_offer is not None:
            return False
        self.offered = "takeback"
        self.offer_keep = keep
        self.outbox.append(Offer("takeback", keep=keep))
        return True

    def offer_rematch(self) -> bool:
        game = self.online
        if game is None or not game.over or self.offered or self.friend_offer is not None:
            return False
        self.rematch = OnlineGame(
            new_id(),
            replace(game.record, moves=(), undone=(), computer=()),
            game.me.other,
            friend=game.friend,
        )
        self.offered = "rematch"
        self.outbox.append(Offer("rematch", offered=self.rematch.offer()))
        return True

    def answer(self, yes: bool) -> list[Event]:
        """Say yes or no to the friend's open offer."""
        offer = self.friend_offer
        game = self.online
        if offer is None or game is None:
            return []
        self.friend_offer = None
        if offer.what == "takeback":
            if not yes or not self.can_take_back(offer.keep, by=game.me.other):
                self.outbox.append(Answer("takeback", False))
                return []
            events = self._truncate(offer.keep)
            self.outbox.append(Answer("takeback", True))
            return events
        if not yes:
            self.outbox.append(Answer("rematch", False))
            return []
        assert offer.offered is not None
        code = correspondence.decode(offer.offered.code)
        new = OnlineGame(offer.offered.id, code.record, code.sender.other, friend=game.friend)
        self.keep(new)
        self.online = new
        self.offered = ""
        self.outbox.append(Answer("rematch", True))
        return [Started(new)]

    def _truncate(self, keep: int) -> list[Event]:
        game = self.online
        assert game is not None
        record = replace(game.record, moves=game.record.moves[:keep])
        new = replace(game, record=record, acked=min(game.acked, keep))
        self.keep(new)
        self.online = new
        return [TakenBack(keep)]

    def pause(self) -> None:
        """Tell the friend this side leaves; the game stays kept on both sides."""
        self.outbox.append(Pause())

    def take_outbox(self) -> list[Message]:
        sent, self.outbox = self.outbox, []
        return sent


__all__ = [
    "Acked",
    "Answered",
    "Event",
    "FriendPaused",
    "Moved",
    "Offered",
    "OnlineGame",
    "Over",
    "PeerError",
    "Session",
    "Started",
    "TakenBack",
    "new_game",
    "position_hash",
    "shown_name",
]
