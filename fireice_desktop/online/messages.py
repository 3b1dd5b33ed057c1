"""The messages two copies of the game exchange, and the one strict reader of them.

A message is one line of JSON (UTF-8, ended by ``\\n``), an object whose ``type`` is one of a
few names and whose other keys are exactly the ones that type has, each of one JSON type and
bounded in size.  The friend's copy is not trusted: :func:`parse` refuses anything else with
:class:`ProtocolError` (a line too long, not UTF-8, not JSON, a key missing, unknown or of the
wrong type, a number out of range, a text too long or with control characters), and nothing in
a message is evaluated, unpickled or used as a path.

    {"type": "hello", "protocol": 1, "version": "0.1.0", "name": "Anna", "role": "host",
     "game": {"id": "…", "code": "FI1-…", "count": 12, "hash": "…", "resigned": ""}}
    {"type": "move", "n": 13, "move": "D4-C4", "hash": "…"}
    {"type": "ack", "n": 13, "hash": "…"}
    {"type": "resign", "n": 13}
    {"type": "offer", "what": "takeback", "keep": 12}
    {"type": "offer", "what": "rematch", "game": {…}}
    {"type": "answer", "what": "takeback", "yes": true}
    {"type": "pause"}

:data:`PROTOCOL` is the version of these messages: two copies that speak different ones say
so and stop before the first move.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

#: The version of the messages; a copy refuses a friend whose hello names another.
PROTOCOL: Final = 1
#: The longest line, newline included, a copy sends or reads (a hello is about 400 bytes).
MOST_BYTES: Final = 4096
#: The longest name a player may give (longer ones are cut when shown).
MOST_NAME: Final = 40
#: The longest game code in a hello (a set-up with no moves is under 40 characters; a
#: rematch's code is as short).
MOST_CODE: Final = 200
#: The longest move text ("A12-B11" and the like).
MOST_MOVE: Final = 16
#: The most moves a game may have.
MOST_MOVES: Final = 1000

_HEX_ID = re.compile(r"[0-9a-f]{32}")
_HASH = re.compile(r"[0-9a-f]{16}")
_MOVE = re.compile(r"[A-Za-z0-9-]{1,16}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_VERSION = re.compile(r"[0-9A-Za-z.+-]{1,32}")
_CODE = re.compile(r"[0-9A-Z-]{1,200}")


class ProtocolError(ValueError):
    """A message the friend's copy should not have sent; the text says what was wrong."""


@dataclass(frozen=True)
class GameOffer:
    """A game as one side offers it: its id, its set-up as a game code (the game, the
    set-up and the side the sender plays), the moves the sender has, the hash of the
    position after them, and the side that resigned, if one did."""

    id: str
    code: str
    count: int = 0
    hash: str = ""
    resigned: str = ""


@dataclass(frozen=True)
class Hello:
    protocol: int
    version: str
    name: str
    role: Literal["host", "guest"]
    offered: GameOffer | None


@dataclass(frozen=True)
class Move:
    n: int
    move: str
    hash: str


@dataclass(frozen=True)
class Ack:
    n: int
    hash: str


@dataclass(frozen=True)
class Resign:
    n: int


@dataclass(frozen=True)
class Offer:
    what: Literal["takeback", "rematch"]
    keep: int = 0
    offered: GameOffer | None = None


@dataclass(frozen=True)
class Answer:
    what: Literal["takeback", "rematch"]
    yes: bool


@dataclass(frozen=True)
class Pause:
    pass


Message = Hello | Move | Ack | Resign | Offer | Answer | Pause


# --- writing ------------------------------------------------------------------------------


def _game_json(game: GameOffer) -> dict[str, Any]:
    return {
        "id": game.id,
        "code": game.code,
        "count": game.count,
        "hash": game.hash,
        "resigned": game.resigned,
    }


def encode(message: Message) -> bytes:
    """``message`` as the line sent (checked by :func:`parse` first, so this copy never
    sends what it would refuse)."""
    data: dict[str, Any]
    if isinstance(message, Hello):
        data = {
            "type": "hello",
            "protocol": message.protocol,
            "version": message.version,
            "name": message.name,
            "role": message.role,
            "game": None if message.offered is None else _game_json(message.offered),
        }
    elif isinstance(message, Move):
        data = {"type": "move", "n": message.n, "move": message.move, "hash": message.hash}
    elif isinstance(message, Ack):
        data = {"type": "ack", "n": message.n, "hash": message.hash}
    elif isinstance(message, Resign):
        data = {"type": "resign", "n": message.n}
    elif isinstance(message, Offer):
        data = {"type": "offer", "what": message.what}
        if message.what == "takeback":
            data["keep"] = message.keep
        else:
            assert message.offered is not None
            data["game"] = _game_json(message.offered)
    elif isinstance(message, Answer):
        data = {"type": "answer", "what": message.what, "yes": message.yes}
    else:
        data = {"type": "pause"}
    line = json.dumps(data, ensure_ascii=True, separators=(",", ":")).encode("ascii") + b"\n"
    if parse(line) != message:
        raise ProtocolError(f"this copy would send a message it cannot read: {line[:80]!r}")
    return line


# --- reading ------------------------------------------------------------------------------


def _keys(data: Mapping[str, Any], required: set[str], where: str) -> None:
    keys = set(data)
    if keys != required:
        extra = sorted(keys - required)
        missing = sorted(required - keys)
        said = f"unknown key {extra[0][:20]!r}" if extra else f"no {missing[0]!r}"
        raise ProtocolError(f"{where} with {said}")


def _integer(value: object, low: int, high: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ProtocolError(f"{what} is not a number from {low} to {high}")
    return value


def _text(value: object, pattern: re.Pattern[str], what: str) -> str:
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise ProtocolError(f"{what} is not well formed")
    return value


def _name(value: object) -> str:
    if not isinstance(value, str) or len(value) > MOST_NAME or _CONTROL.search(value):
        raise ProtocolError(f"a name is not text of at most {MOST_NAME} printable characters")
    return value


def _game(value: object) -> GameOffer:
    if not isinstance(value, dict):
        raise ProtocolError("a game is not an object")
    _keys(value, {"id", "code", "count", "hash", "resigned"}, "a game")
    resigned = value["resigned"]
    if resigned not in ("", "fire", "ice", "red", "black"):
        raise ProtocolError("a game's resigned side is not a side")
    count = _integer(value["count"], 0, MOST_MOVES, "a game's count")
    hash_ = value["hash"]
    if hash_ != "" or count:
        hash_ = _text(hash_, _HASH, "a game's hash")
    return GameOffer(
        id=_text(value["id"], _HEX_ID, "a game's id"),
        code=_text(value["code"], _CODE, "a game's code"),
        count=count,
        hash=hash_,
        resigned=resigned,
    )


def parse(line: bytes) -> Message:
    """The message ``line`` holds (its newline optional), or :class:`ProtocolError`."""
    if not isinstance(line, (bytes, bytearray)):
        raise ProtocolError("a message is not bytes")
    if len(line) > MOST_BYTES:
        raise ProtocolError(f"a message longer than {MOST_BYTES} bytes")
    try:
        text = bytes(line).decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("a message that is not UTF-8") from None
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError("a message that is not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message that is not a JSON object")
    kind = data.get("type")
    where = f"a {kind!r} message" if isinstance(kind, str) and len(kind) <= 12 else "a message"
    if kind == "hello":
        _keys(data, {"type", "protocol", "version", "name", "role", "game"}, where)
        role = data["role"]
        if role not in ("host", "guest"):
            raise ProtocolError("a hello's role is neither host nor guest")
        game = data["game"]
        return Hello(
            protocol=_integer(data["protocol"], 0, 1_000_000, "a hello's protocol"),
            version=_text(data["version"], _VERSION, "a hello's version"),
            name=_name(data["name"]),
            role=role,
            offered=None if game is None else _game(game),
        )
    if kind == "move":
        _keys(data, {"type", "n", "move", "hash"}, where)
        return Move(
            n=_integer(data["n"], 1, MOST_MOVES, "a move's number"),
            move=_text(data["move"], _MOVE, "a move"),
            hash=_text(data["hash"], _HASH, "a move's hash"),
        )
    if kind == "ack":
        _keys(data, {"type", "n", "hash"}, where)
        return Ack(
            n=_integer(data["n"], 1, MOST_MOVES, "an ack's number"),
            hash=_text(data["hash"], _HASH, "an ack's hash"),
        )
    if kind == "resign":
        _keys(data, {"type", "n"}, where)
        return Resign(n=_integer(data["n"], 0, MOST_MOVES, "a resignation's number"))
    if kind == "offer":
        what = data.get("what")
        if what == "takeback":
            _keys(data, {"type", "what", "keep"}, where)
            return Offer("takeback", keep=_integer(data["keep"], 0, MOST_MOVES, "a take-back"))
        if what == "rematch":
            _keys(data, {"type", "what", "game"}, where)
            return Offer("rematch", offered=_game(data["game"]))
        raise ProtocolError("an offer of neither a take-back nor a rematch")
    if kind == "answer":
        _keys(data, {"type", "what", "yes"}, where)
        what = data["what"]
        if what not in ("takeback", "rematch") or not isinstance(data["yes"], bool):
            raise ProtocolError("an answer that is not yes or no to a take-back or rematch")
        return Answer(what, data["yes"])
    if kind == "pause":
        _keys(data, {"type"}, where)
        return Pause()
    raise ProtocolError("a message of no known type")


def _no_constant(name: str) -> Any:
    raise ValueError(name)
