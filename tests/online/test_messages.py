"""The wire format (online/messages.py): every message comes back as it was sent, and the one
reader refuses anything else from the friend's copy with ProtocolError saying what was wrong,
whatever the bytes."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fireice_desktop.online.messages import (
    MOST_BYTES,
    MOST_CODE,
    MOST_MOVES,
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
    encode,
    parse,
)

ID = "0123456789abcdef" * 2
HASH = "89abcdef01234567"
GAME = GameOffer(ID, "FI1-H040-G00H-YW73-AKC0-H", 12, HASH, "")

MESSAGES: list[Message] = [
    Hello(PROTOCOL, "0.1.0", "Anna", "host", GAME),
    Hello(PROTOCOL, "1.2.3+local", "Bruno Ü", "guest", None),
    Hello(PROTOCOL, "0", "", "guest", GameOffer(ID, "FI1-H040", 0, "", "ice")),
    Hello(PROTOCOL, "0", "x" * MOST_NAME, "host", GameOffer(ID, "FI1", MOST_MOVES, HASH, "red")),
    Move(1, "D4-C4", HASH),
    Move(MOST_MOVES, "a12-b11", HASH),
    Ack(13, HASH),
    Resign(0),
    Resign(13),
    Offer("takeback", keep=12),
    Offer("takeback", keep=0),
    Offer("rematch", offered=GameOffer(ID, "FI1-H040", 0, "", "")),
    Answer("takeback", True),
    Answer("rematch", False),
    Pause(),
]


@pytest.mark.parametrize("message", MESSAGES, ids=lambda m: type(m).__name__)
def test_every_message_comes_back_as_sent(message: Message) -> None:
    line = encode(message)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert len(line) <= MOST_BYTES
    assert parse(line) == message
    assert parse(line.rstrip(b"\n")) == message  # the newline is optional


def line_of(**fields: Any) -> bytes:
    return json.dumps(fields).encode()


MOVE = {"type": "move", "n": 3, "move": "D4-C4", "hash": HASH}
GAME_JSON = {"id": ID, "code": "FI1-H040", "count": 0, "hash": "", "resigned": ""}
HELLO = {
    "type": "hello",
    "protocol": 1,
    "version": "0.1.0",
    "name": "Anna",
    "role": "host",
    "game": GAME_JSON,
}


def changed(base: dict[str, Any], **fields: Any) -> bytes:
    return json.dumps({**base, **fields}).encode()


def without(base: dict[str, Any], key: str) -> bytes:
    return json.dumps({k: v for k, v in base.items() if k != key}).encode()


def deep(levels: int) -> bytes:
    return b"[" * levels + b"]" * levels


REFUSED = [
    ("too long", b'{"type":"pause"}' + b" " * MOST_BYTES, "longer than 4096 bytes"),
    ("not UTF-8", b'{"type":"move","n":1,"move":"\xff\xfe","hash":"0"}', "not UTF-8"),
    ("not JSON", b'{"type": "move", n: 1}', "not JSON"),
    ("empty", b"", "not JSON"),
    ("NaN", changed(MOVE, n=float("nan")), "not JSON"),
    ("Infinity", changed(MOVE, n=float("inf")), "not JSON"),
    ("-Infinity", changed(MOVE, n=float("-inf")), "not JSON"),
    ("a list", b"[1, 2]", "not a JSON object"),
    ("a string", b'"move"', "not a JSON object"),
    ("a number", b"12", "not a JSON object"),
    ("no type", line_of(n=1), "no known type"),
    ("unknown type", line_of(type="chat", text="hi"), "no known type"),
    ("type not text", line_of(type=["move"]), "no known type"),
    ("missing key", without(MOVE, "hash"), "no 'hash'"),
    ("extra key", changed(MOVE, evil=1), "unknown key 'evil'"),
    ("extra key in a game", changed(HELLO, game={**GAME_JSON, "x": 1}), "unknown key 'x'"),
    ("missing key in a game", changed(HELLO, game={"id": ID}), "a game with no"),
    ("bool for a number", changed(MOVE, n=True), "move's number is not a number"),
    ("float for a number", changed(MOVE, n=3.0), "move's number is not a number"),
    ("text for a number", changed(MOVE, n="3"), "move's number is not a number"),
    ("move number 0", changed(MOVE, n=0), "from 1 to 1000"),
    ("move number too big", changed(MOVE, n=MOST_MOVES + 1), "from 1 to 1000"),
    ("negative keep", line_of(type="offer", what="takeback", keep=-1), "a take-back is not"),
    ("huge number", changed(MOVE, n=10**30), "move's number is not a number"),
    ("move too long", changed(MOVE, move="A1-B2" * 4), "a move is not well formed"),
    ("move with spaces", changed(MOVE, move="D4 C4"), "a move is not well formed"),
    ("move empty", changed(MOVE, move=""), "a move is not well formed"),
    ("move not text", changed(MOVE, move=["D4-C4"]), "a move is not well formed"),
    ("hash too short", changed(MOVE, hash=HASH[:15]), "hash is not well formed"),
    ("hash too long", changed(MOVE, hash=HASH + "0"), "hash is not well formed"),
    ("hash in capitals", changed(MOVE, hash=HASH.upper()), "hash is not well formed"),
    ("hash not hex", changed(MOVE, hash="g" * 16), "hash is not well formed"),
    ("hash with a newline", changed(MOVE, hash=HASH + "\n"), "hash is not well formed"),
    ("id too short", changed(HELLO, game={**GAME_JSON, "id": ID[:31]}), "id is not well"),
    ("id not hex", changed(HELLO, game={**GAME_JSON, "id": "z" * 32}), "id is not well"),
    ("code too long", changed(HELLO, game={**GAME_JSON, "code": "F" * (MOST_CODE + 1)}), "code"),
    ("code in small letters", changed(HELLO, game={**GAME_JSON, "code": "fi1"}), "code"),
    ("a game's count without hash", changed(HELLO, game={**GAME_JSON, "count": 2}), "hash"),
    ("resigned not a side", changed(HELLO, game={**GAME_JSON, "resigned": "both"}), "not a side"),
    ("a game not an object", changed(HELLO, game=[ID]), "a game is not an object"),
    ("name with a newline", changed(HELLO, name="An\nna"), "a name is not text"),
    ("name with NUL", changed(HELLO, name="Anna\x00"), "a name is not text"),
    ("name with a line separator", changed(HELLO, name="A\u2028B"), "a name is not text"),
    ("name too long", changed(HELLO, name="x" * (MOST_NAME + 1)), "at most 40"),
    ("name not text", changed(HELLO, name=7), "a name is not text"),
    ("role neither", changed(HELLO, role="admin"), "neither host nor guest"),
    ("version with spaces", changed(HELLO, version="1 0"), "version is not well formed"),
    ("protocol not a number", changed(HELLO, protocol="1"), "protocol is not a number"),
    ("offer of a third thing", line_of(type="offer", what="draw"), "neither a take-back"),
    ("answer not yes or no", line_of(type="answer", what="takeback", yes=1), "not yes or no"),
    ("answer to a third thing", line_of(type="answer", what="draw", yes=True), "not yes or no"),
    ("pause with a key", line_of(type="pause", why="tired"), "unknown key 'why'"),
    ("deep nesting in the limit", deep(MOST_BYTES // 2 - 1), "not JSON"),
    ("deep nesting in an object", b'{"a":' * 680 + b"1" + b"}" * 680, "no known type"),
    ("deep nesting far past the limit", deep(100_000), "longer than 4096 bytes"),
]


@pytest.mark.parametrize(("line", "says"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED])
def test_the_reader_refuses_and_says_what_was_wrong(line: bytes, says: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        parse(line)
    assert says in str(refused.value)
    assert len(str(refused.value)) < 200  # one line, never the friend's whole text


def test_a_line_of_exactly_the_limit_is_read() -> None:
    line = b'{"type":"pause"}'
    padded = line + b" " * (MOST_BYTES - len(line))
    assert len(padded) == MOST_BYTES
    assert parse(padded) == Pause()


def test_text_not_bytes_is_refused() -> None:
    with pytest.raises(ProtocolError, match="not bytes"):
        parse('{"type":"pause"}')  # type: ignore[arg-type]


def test_a_message_this_side_could_not_read_is_never_sent() -> None:
    for message in (
        Move(1, "D4 C4", HASH),
        Hello(PROTOCOL, "0", "x" * (MOST_NAME + 1), "host", None),
        Ack(1, "nothex"),
    ):
        with pytest.raises(ProtocolError):
            encode(message)


def test_a_refused_key_is_quoted_short() -> None:
    with pytest.raises(ProtocolError) as refused:
        parse(changed(MOVE, **{"k" * 3000: 1}))
    assert len(str(refused.value)) < 80


# --- whatever the friend sends ----------------------------------------------------------------

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings(FUZZ)
@given(st.binary(max_size=MOST_BYTES + 10))
def test_any_bytes_are_a_message_or_protocol_error(data: bytes) -> None:
    with contextlib.suppress(ProtocolError):
        parse(data)


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=50),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner),
    max_leaves=20,
)
TYPES = st.sampled_from(["hello", "move", "ack", "resign", "offer", "answer", "pause", "x"])
KEYS = st.sampled_from(
    [
        "n",
        "move",
        "hash",
        "keep",
        "what",
        "yes",
        "game",
        "protocol",
        "version",
        "name",
        "role",
        "id",
        "code",
        "count",
        "resigned",
        "other",
    ]
)
VALUES = (
    JSON_VALUES
    | st.sampled_from([1, 0, 1000, HASH, ID, "D4-C4", "takeback", "rematch", "host", True, ""])
    | st.dictionaries(KEYS, JSON_VALUES | st.sampled_from([ID, HASH, "FI1", 0, ""]), max_size=6)
)
ALMOST_MESSAGES = st.builds(
    lambda kind, rest: {"type": kind, **rest}, TYPES, st.dictionaries(KEYS, VALUES, max_size=7)
)


@settings(FUZZ)
@given(JSON_VALUES | ALMOST_MESSAGES)
def test_any_json_is_a_message_or_protocol_error(value: Any) -> None:
    line = json.dumps(value).encode()
    try:
        message = parse(line)
    except ProtocolError:
        return
    assert parse(encode(message)) == message  # what was read can be said back


HEX = "0123456789abcdef"
OFFERS = st.builds(
    GameOffer,
    id=st.text(HEX, min_size=32, max_size=32),
    code=st.from_regex(r"[0-9A-Z-]{1,200}", fullmatch=True),
    count=st.integers(1, MOST_MOVES),
    hash=st.text(HEX, min_size=16, max_size=16),
    resigned=st.sampled_from(["", "fire", "ice", "red", "black"]),
) | st.builds(
    GameOffer,
    id=st.text(HEX, min_size=32, max_size=32),
    code=st.from_regex(r"[0-9A-Z-]{1,40}", fullmatch=True),
)
NAMES = st.text(
    st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="\u2028\u2029"),
    max_size=MOST_NAME,
).filter(lambda name: not any(0x7F <= ord(c) <= 0x9F for c in name))
HASHES = st.text(HEX, min_size=16, max_size=16)
NUMBERS = st.integers(1, MOST_MOVES)
VALID = st.one_of(
    st.builds(
        Hello,
        protocol=st.integers(0, 1_000_000),
        version=st.from_regex(r"[0-9A-Za-z.+-]{1,32}", fullmatch=True),
        name=NAMES,
        role=st.sampled_from(["host", "guest"]),
        offered=st.none() | OFFERS,
    ),
    st.builds(Move, NUMBERS, st.from_regex(r"[A-Za-z0-9-]{1,16}", fullmatch=True), HASHES),
    st.builds(Ack, NUMBERS, HASHES),
    st.builds(Resign, st.integers(0, MOST_MOVES)),
    st.builds(lambda keep: Offer("takeback", keep=keep), st.integers(0, MOST_MOVES)),
    st.builds(lambda game: Offer("rematch", offered=game), OFFERS),
    st.builds(Answer, st.sampled_from(["takeback", "rematch"]), st.booleans()),
    st.just(Pause()),
)


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    """A valid message's JSON with one key, at the top or in its game, changed, removed or
    added: the reader's every check is reached."""
    data = json.loads(encode(draw(VALID)))
    target = data
    if isinstance(data.get("game"), dict) and draw(st.booleans()):
        target = data["game"]
    key = draw(st.sampled_from(sorted(target)) | KEYS)
    how = draw(st.sampled_from(["change", "remove"]))
    if how == "remove":
        target.pop(key, None)
    else:
        target[key] = draw(VALUES)
    return data


@settings(FUZZ)
@given(mutated())
def test_a_valid_message_changed_anywhere_is_a_message_or_protocol_error(value: Any) -> None:
    line = json.dumps(value).encode()
    try:
        message = parse(line)
    except ProtocolError:
        return
    assert parse(encode(message)) == message


@settings(FUZZ)
@given(VALID)
def test_every_valid_message_comes_back(message: Message) -> None:
    line = encode(message)
    assert len(line) <= MOST_BYTES
    assert parse(line) == message
