"""The game code: a game's set-up and moves as a short text to paste into any messenger or
e-mail, so two friends can play with no connection at all, and the check that a pasted code
continues the game this side kept.

    FI1-H040-G00H-YW73-AKC0-H     (Fire & Ice, no handicap, sent by Ice: D4-C4, D4-D5)

**What it carries.**  The game (by its registry :attr:`~.registry.Game.code_number`), the side
the sender plays, the set-up (:meth:`~.registry.Game.setup_to_numbers`: Fire & Ice's handicap
side and holes, or none; Icebreaker's board size) and the moves so far.

**A move is its place among the legal moves**, sorted by their text ("D4-C4" before "D4-D5"),
and the moves together are one number in mixed radix: move *i* of a game with *n_i* legal
moves at that point is a digit in base *n_i*.  So a move costs log2 *n_i* bits (about 5.5 in
Fire & Ice), not the 12 bits of a from-hole and a to-hole on its 49 holes: a whole 48-move game
of Fire & Ice is about 87 characters as written, groups and prefix included (a from/to code
would need some 116 symbols for the moves alone); a 60-move Icebreaker game 65 to 78.

The order is the moves' text, which records already keep stable, not the order
the rules happen to generate them in; and as the reader replays every move with the game's
own rules anyway, a move the rules do not allow cannot even be written.

**The text.**  ``FI`` and the format's version (``1``), then Crockford's base 32 (``0-9`` and
``A-Z`` without ``I L O U``), in groups of four joined by ``-``.  Reading ignores case, spaces,
hyphens and line breaks, and reads ``I``, ``L`` as ``1`` and ``O`` as ``0``, as Crockford does
(``U`` is refused).  A code of a later version (``FI2``) is refused saying so.  A text of more
than :data:`MOST_CHARACTERS` characters is refused before it is read.

**The check, and why it catches every single slip.**  The symbols after the prefix are
``[n] body [n]``: ``n`` is the number of symbols, modulo 32, at both ends; ``body`` is the
base-32 form (most significant bit first, zero bits padding the last symbol) of
``payload + crc`` where ``crc`` is the CRC-32 of the payload (``zlib.crc32``) written little-
endian, the order in which the CRC's own bit order (least significant first) makes ``payload
+ crc`` one word of the CRC's cyclic code.

- *A character left out or added* changes the count of symbols by one, so by 1 modulo 32.  It
  cannot change both end symbols: an addition or removal at the front leaves the last symbol
  where it was, one at the back leaves the first, and one in between leaves both.  An end
  symbol that stayed gives the old count, which is not the new one: refused.
- *A character changed* at either end breaks the count there; in the body it changes 5
  consecutive bits, lying in at most 2 consecutive bytes; with each byte's bits read least
  significant first (the CRC's order), the change lies within those 2 bytes' 16 bits.
- *Two neighbours swapped* (different ones) changes one end symbol, which then differs from
  the count (the neighbour differs from the end symbol), or 10 consecutive bits of the body,
  lying in at most 3 consecutive bytes: within 24 bits in the CRC's order.
- A CRC of degree 32 whose polynomial has a constant term detects every error confined to 32
  consecutive bits of a code word (the error polynomial is ``x^k b(x)`` with ``b`` of degree
  below 32 and not zero, which the generator cannot divide).  A change in the body is such an
  error, so its CRC no longer fits.  A change falling partly on the padding bits is caught
  there (they must be zero) or by the CRC (the rest of it is still a short burst).

``tests/engine/test_correspondence.py`` tries every single change, addition, removal and swap
on several codes.  Two or more slips are caught all but once in about four billion times.

Everything here is a pure function: nothing is evaluated or unpickled, and a refusal changes
nothing.  Errors are :class:`CodeError`, a :class:`~.errors.NotationError` (so a
``ValueError``), with a one-line message that quotes at most a few dozen characters of the text.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from .errors import IllegalMoveError, NotationError, words_of
from .games import registered_games
from .interface import GameState
from .records.game import GameRecord
from .registry import Game, SideType, game_title
from .words import Words, quoted, say

#: What a game code begins with, before its format's version.
PREFIX: Final = "FI"
#: The format's version, one digit after :data:`PREFIX`.
VERSION: Final = 1
#: A text longer than this is refused unread (a 300-move game is about 350 characters).
MOST_CHARACTERS: Final = 2000
#: The most moves a code may carry.
MOST_MOVES: Final = 1000
#: Symbols per group in the written code.
GROUP: Final = 4

ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUES: Final = {
    **{char: value for value, char in enumerate(ALPHABET)},
    **{"I": 1, "L": 1, "O": 0},
}
_IGNORED: Final = frozenset(" \t\r\n-")


class CodeError(NotationError):
    """A text that is not a game code, or not one this side can take; the message says why."""


@dataclass(frozen=True)
class GameCode:
    """What a game code carries: the game (set-up and moves) and the side its sender plays."""

    record: GameRecord
    sender: SideType


def side_of(game: Game, value: int) -> SideType:
    """``game``'s side numbered ``value`` (0 moves first)."""
    first: SideType = game.start(game.default_setup()).to_move
    return first if value == 0 else first.other


def encode(record: GameRecord, sender: SideType) -> str:
    """The game code of ``record``'s set-up and moves, sent by the player of ``sender``.

    ``ValueError`` when the game has no game code (the solitaire) or a move is not legal.
    """
    game = record.kind
    if game.code_number is None or game.solo:
        raise CodeError.of("code.cannot_send", game=game_title(game))
    setup = game.setup_to_numbers(record.setup)
    if len(record.moves) > MOST_MOVES:
        raise CodeError.of("code.most_moves", most=MOST_MOVES)
    payload = bytes([game.code_number, sender.value, len(setup), *setup])
    payload += _varint(len(record.moves)) + _number_bytes(_moves_number(record))
    body = _symbols(payload + zlib.crc32(payload).to_bytes(4, "little"))
    count = (len(body) + 2) % 32
    symbols = [count, *body, count]
    text = "".join(ALPHABET[value] for value in symbols)
    groups = [text[start : start + GROUP] for start in range(0, len(text), GROUP)]
    return "-".join([f"{PREFIX}{VERSION}", *groups])


def decode(text: str) -> GameCode:
    """The game a code carries, every move replayed with the game's rules.

    Raises :class:`CodeError` saying what is wrong: not a code, a later version, a slip in
    typing or copying, a game or set-up this program does not know, an illegal move.
    """
    if not isinstance(text, str):
        raise CodeError.of("code.not_text")
    if len(text) > MOST_CHARACTERS:
        raise CodeError.of("code.too_long", text=quoted(text))
    chars = [char.upper() for char in text if char not in _IGNORED]
    compact = "".join(char for char in chars if len(char) == 1)  # not "SS" from "ß"
    if len(compact) != len(chars):
        raise CodeError.of("code.odd_letter", text=quoted(text))
    if not compact:
        raise CodeError.of("code.empty")
    if not compact.startswith(PREFIX) or len(compact) < len(PREFIX) + 1:
        raise CodeError.of("code.no_prefix", text=quoted(text), prefix=f"{PREFIX}{VERSION}")
    version = compact[len(PREFIX)]
    if version != str(VERSION):
        if version.isdigit() and int(version) > VERSION:
            raise CodeError.of("code.later_version", version=version, mine=VERSION)
        raise CodeError.of("code.no_prefix", text=quoted(text), prefix=f"{PREFIX}{VERSION}")
    symbols = []
    for char in compact[len(PREFIX) + 1 :]:
        value = _VALUES.get(char)
        if value is None:
            raise CodeError.of("code.bad_char", text=quoted(text), char=repr(char))
        symbols.append(value)
    payload = _payload(symbols, text)
    try:
        return _game_code(payload)
    except (NotationError, IllegalMoveError) as error:
        if isinstance(error, CodeError):
            raise
        raise CodeError.of("code.not_playable", error=words_of(error)) from None


def continues(kept: GameRecord, text: str, side: SideType | None = None) -> tuple[Any, ...]:
    """The moves a friend's code adds to the game this side kept (none: the same game).

    The code must be of the same game and set-up, start with exactly the kept moves, and
    (given ``side``, the side this player plays) be sent by the other side.  Anything else
    raises :class:`CodeError` saying where the two part; nothing changes either way.
    """
    code = decode(text)
    theirs = code.record
    if (theirs.kind, theirs.setup) != (kept.kind, kept.setup):  # the same game, set up alike
        raise CodeError.of(
            "code.another_game", theirs=_setup_words(theirs), kept=_setup_words(kept)
        )
    if side is not None and code.sender == side:
        raise CodeError.of("code.own_side", side=side.words)
    for number, (mine, their) in enumerate(zip(kept.moves, theirs.moves, strict=False), start=1):
        if mine != their:
            raise CodeError.of("code.differs", number=number, mine=str(mine), theirs=str(their))
    if len(theirs.moves) < len(kept.moves):
        raise CodeError.of("code.fewer", count=len(theirs.moves), kept=len(kept.moves))
    return tuple(theirs.moves[len(kept.moves) :])


# --- the payload --------------------------------------------------------------------------


def _sorted_moves(position: GameState) -> list[Any]:
    return sorted(position.legal_moves(), key=str)


def _moves_number(record: GameRecord) -> int:
    """The moves as one number: move i is a digit in base (legal moves at move i)."""
    number, weight = 0, 1
    for position, move in zip(record.positions(), record.moves, strict=False):
        legal = _sorted_moves(position)
        if move not in legal:
            raise IllegalMoveError(say("code.not_legal", move=str(move)))
        number += legal.index(move) * weight
        weight *= len(legal)
    return number


def _game_code(payload: bytes) -> GameCode:
    if len(payload) < 4 or len(payload) < 4 + payload[2]:
        raise CodeError.of("code.short")
    games = {game.code_number: game for game in registered_games() if game.code_number}
    game = games.get(payload[0])
    if game is None or game.solo:
        raise CodeError.of("code.unknown_game")
    if payload[1] > 1:
        raise CodeError.of("code.no_sender")
    sender = side_of(game, payload[1])
    end = 3 + payload[2]
    setup = game.setup_from_numbers(payload[3:end])
    count, end = _read_varint(payload, end)
    if count > MOST_MOVES:
        raise CodeError.of("code.too_many", most=MOST_MOVES)
    digits = payload[end:]
    if digits[:1] == b"\0":
        raise CodeError.of("code.odd_moves")
    number = int.from_bytes(digits, "big")
    position = game.start(setup)
    moves = []
    for index in range(count):
        legal = _sorted_moves(position)
        if not legal:
            raise CodeError.of("code.over", number=index + 1)
        number, choice = divmod(number, len(legal))
        moves.append(legal[choice])
        position = position.play(legal[choice])
    if number:
        raise CodeError.of("code.extra")
    return GameCode(GameRecord(game.name, tuple(moves), setup), sender)


def _payload(symbols: Sequence[int], text: str) -> bytes:
    """The payload inside the symbols, with the count at both ends and the CRC checked."""
    count = len(symbols) % 32
    if len(symbols) < 2 or symbols[0] != count or symbols[-1] != count:
        raise CodeError.of("code.cut", text=quoted(text))
    data = _bytes(symbols[1:-1])
    if data is None or len(data) < 8:
        raise CodeError.of("code.cut", text=quoted(text))
    payload, check = data[:-4], data[-4:]
    if zlib.crc32(payload).to_bytes(4, "little") != check:
        raise CodeError.of("code.mistake", text=quoted(text))
    return payload


def _symbols(data: bytes) -> list[int]:
    """``data``'s bits, most significant first, in 5-bit symbols, the last padded with 0."""
    bits = len(data) * 8
    pad = -bits % 5
    number = int.from_bytes(data, "big") << pad
    count = (bits + pad) // 5
    return [(number >> (5 * (count - 1 - index))) & 31 for index in range(count)]


def _bytes(symbols: Sequence[int]) -> bytes | None:
    """The bytes :func:`_symbols` made ``symbols`` of (``None``: no bytes make them)."""
    bits = len(symbols) * 5
    size, pad = divmod(bits, 8)
    if pad >= 5:  # more padding than one symbol: not a length _symbols writes
        return None
    number = 0
    for value in symbols:
        number = number << 5 | value
    if number & ((1 << pad) - 1):
        return None
    return (number >> pad).to_bytes(size, "big")


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        low, value = value & 127, value >> 7
        out.append(low | (128 if value else 0))
        if not value:
            return bytes(out)


def _read_varint(data: bytes, start: int) -> tuple[int, int]:
    value, shift, index = 0, 0, start
    while True:
        if index >= len(data) or shift > 14:
            raise CodeError.of("code.count_cut")
        byte = data[index]
        value |= (byte & 127) << shift
        index, shift = index + 1, shift + 7
        if not byte & 128:
            return value, index


def _number_bytes(number: int) -> bytes:
    return number.to_bytes((number.bit_length() + 7) // 8, "big")


def _setup_words(record: GameRecord) -> Words | str:
    setup = ", ".join(record.kind.setup_to_text(record.setup))
    title = game_title(record.kind)
    return say("code.game_setup", game=title, setup=setup) if setup else title


__all__ = [
    "ALPHABET",
    "MOST_CHARACTERS",
    "PREFIX",
    "VERSION",
    "CodeError",
    "GameCode",
    "continues",
    "decode",
    "encode",
    "side_of",
]
