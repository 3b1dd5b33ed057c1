"""Game records: the set-up and the moves, saved as a small JSON text and loaded back,
or written as plain text in pbmserv notation to paste into a message.

A record is enough to rebuild every position of the game.  Loading checks every
field and replays every move, so a record that loads is a legal game.  Nothing in
a record is ever executed: it is parsed as JSON or as lines of text, field by field.

    {"format": "fireice-record", "version": 1, "game": "fire-and-ice",
     "handicap": {"side": "fire", "holes": ["A3", "B5"]}, "computer": {"ice": "expert"},
     "moves": ["D4-C4", "D4-D5"], "undone": ["C4-C1"]}
    {"format": "fireice-record", "version": 1, "game": "solitaire", "deal": 42,
     "moves": ["A1-A4"]}
    {"format": "fireice-record", "version": 1, "game": "icebreaker", "size": 5,
     "computer": {"black": "casual"}, "moves": ["a1-b2"]}

``computer`` names the level the computer plays for each of its colours; ``undone``
holds moves taken back that redo can play again.  Both are optional.  The plain text
form has the set-up in a header and then one move per line:

    Game: Fire & Ice
    Handicap: Fire A3 B5
    Computer: Ice expert

    D4-C4
    D4-D5
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from ..errors import IllegalMoveError, NotationError, words_of
from ..games import find_game, registered_games
from ..interface import GameState, History
from ..registry import Game, default_game
from ..words import QUOTE_LIMIT, Words, named, quoted, say
from .fields import (
    at_move,
    computer_from_json,
    computer_from_text,
    move_list,
    refuse_other_games_fields,
)

FORMAT: Final = "fireice-record"
VERSION: Final = 1

S = TypeVar("S", bound=GameState)


def replay(start: S, moves: Iterable[Any]) -> list[S]:
    """Every position from ``start`` through ``moves``.

    A bad move raises the same exception type as ``play`` with a message that begins
    ``move N:`` (counting from 1), so a caller can say exactly which move failed.
    """
    positions = [start]
    for number, move in enumerate(moves, start=1):
        try:
            positions.append(positions[-1].play(move))  # type: ignore[arg-type]
        except IllegalMoveError as error:
            raise IllegalMoveError(at_move(number, error)) from None
        except NotationError as error:
            raise NotationError(at_move(number, error)) from None
    return positions


@dataclass(frozen=True)
class GameRecord:
    """The set-up and the moves of one game of any registered game.

    ``game`` is the game's registered name (by default the first registered game's);
    ``setup`` its set-up value (a handicap, a deal, a board size; ``None`` means the
    game's default).  ``computer`` pairs each
    side the computer plays with its level (sorted, the first player first); ``undone``
    are moves taken back after ``moves``, which redo plays again.
    """

    game: str = dataclasses.field(default_factory=lambda: default_game().name)
    moves: tuple[Any, ...] = ()
    setup: Any = None
    computer: tuple[tuple[Any, str], ...] = ()
    undone: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        if self.setup is None:
            object.__setattr__(self, "setup", self.kind.default_setup())
        object.__setattr__(
            self, "computer", tuple(sorted(self.computer, key=lambda pair: pair[0].value))
        )

    @property
    def kind(self) -> Game:
        """The registered game this record is of."""
        return find_game(self.game)

    def start(self) -> GameState:
        """The position before the first move."""
        return self.kind.start(self.setup)

    def positions(self) -> Sequence[GameState]:
        """Every position of the game (undone moves too), the start first.

        Raises :class:`IllegalMoveError` or :class:`NotationError` naming the first
        bad move.
        """
        return replay(self.start(), self.moves + self.undone)

    def history(self) -> History[Any]:
        """The game as an undo/redo history, at the position after ``moves``."""
        history: History[Any] = History(self.start())
        history.positions = list(self.positions())
        history.moves = list(self.moves + self.undone)
        history.cursor = len(self.moves)
        return history

    @classmethod
    def of_history(
        cls,
        history: History[Any],
        setup: Any = None,
        computer: Iterable[tuple[Any, str]] = (),
    ) -> GameRecord:
        """The record of ``history`` (the inverse of :meth:`history`).

        Without ``setup`` it is read from the start position, where the game can tell
        it (a handicap, a board size; a solitaire needs its deal).
        """
        start = history.positions[0]
        game = find_game(start.game)
        if setup is None:
            setup = game.setup_of(start)
        record = cls(
            game.name,
            tuple(history.moves[: history.cursor]),
            setup,
            tuple(computer),
            tuple(history.moves[history.cursor :]),
        )
        if record.start() != start:
            shown = ", ".join(game.setup_to_text(setup)) or "the usual start"
            raise ValueError(f"the game did not start from a start position ({shown})")
        return record

    # --- JSON ------------------------------------------------------------------------

    def to_json(self) -> str:
        """The record as JSON text (one line per field, in a fixed order)."""
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": self.game}
        data.update(self.kind.setup_to_json(self.setup))
        if self.computer:
            data["computer"] = {side.key: level for side, level in self.computer}
        data["moves"] = [str(m) for m in self.moves]
        if self.undone:
            data["undone"] = [str(m) for m in self.undone]
        # One field per line, each value on its line: short, and easy to read or diff.
        fields = (f" {json.dumps(key)}: {json.dumps(value)}" for key, value in data.items())
        return "{\n" + ",\n".join(fields) + "\n}\n"

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Load a record saved by :meth:`to_json`.

        Raises :class:`NotationError` (what is malformed) or :class:`IllegalMoveError`
        (``move N: ...``) with a message a player can act on.
        """
        data = _json_object(text)
        name = data.get("game")
        if not isinstance(name, str) or name not in {g.name for g in registered_games()}:
            raise NotationError.of("parse.unknown_game", name=quoted(name))
        game = find_game(name)
        refuse_other_games_fields(game, data, as_text=False)
        setup = game.setup_from_json(data)
        start = game.start(setup)
        moves = move_list(data.get("moves", []), "moves", start, game)
        undone = move_list(data.get("undone", []), "undone", start, game, len(moves) + 1)
        computer = computer_from_json(game, data.get("computer"))
        record = cls(game.name, moves, setup, computer, undone)
        record.positions()  # every move must be legal
        return record

    # --- plain text (pbmserv notation) -------------------------------------------------

    def to_text(self, preface: Sequence[str] = (), notes: Mapping[int, str] | None = None) -> str:
        """The game as plain text: a header with the set-up, then one move per line.

        Undone moves are left out: the text is the game as played.  ``preface`` lines and
        ``notes`` (move index -> text) are written as ``#`` comments, which
        :meth:`from_text` skips: a review's annotations travel with the game.
        """
        lines = [f"Game: {self.kind.title}", *self.kind.setup_to_text(self.setup)]
        if self.computer:
            lines.append(
                "Computer: " + ", ".join(f"{side.title} {level}" for side, level in self.computer)
            )
        lines.extend(_comment(line) for line in preface)
        lines.append("")
        notes = notes or {}
        for index, move in enumerate(self.moves):
            note = notes.get(index)
            lines.append(f"{move!s:<8} {_comment(note)}" if note else str(move))
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        """Read a game written by :meth:`to_text`, or pasted by a player.

        Blank lines and everything after a ``#`` are skipped; a move may carry its
        number (``12. D4-C4``) and a line may hold several moves.  With no ``Game:``
        header the game is two-player Fire & Ice.
        """
        known = text_headers()
        headers: dict[str, str] = {}
        words: list[tuple[int, str]] = []
        for line_number, raw in enumerate(text.splitlines(), start=1):
            line = raw.partition("#")[0].strip()
            if not line:
                continue
            header = _HEADER.fullmatch(line)
            if header is not None:
                key = header.group(1).strip().capitalize()
                if words:
                    raise NotationError.of(
                        "parse.header_after_moves", line=line_number, field=named(key, QUOTE_LIMIT)
                    )
                if key not in known:
                    raise NotationError.of(
                        "parse.unknown_header",
                        line=line_number,
                        field=quoted(key),
                        known=", ".join(known),
                    )
                if key in headers:
                    raise NotationError.of("parse.header_twice", line=line_number, field=key)
                headers[key] = header.group(2).strip()
                continue
            words.extend((line_number, word) for word in line.split())
        record = _record_from_headers(headers)  # a wrong game is named before its moves
        start = record.start()
        moves = []
        for line_number, word in words:
            if _MOVE_NUMBER.fullmatch(word):
                continue
            word = _MOVE_NUMBER_PREFIX.sub("", word)
            try:
                moves.append(start.parse_move(word))
            except NotationError as error:
                raise NotationError.of(
                    "parse.at_line", line=line_number, error=words_of(error)
                ) from None
        record = dataclasses.replace(record, moves=tuple(moves))
        record.positions()
        return record

    @classmethod
    def parse(cls, text: str) -> GameRecord:
        """A record in either form: JSON (it starts with ``{`` or ``[``) or plain text."""
        text = text.removeprefix("\ufeff")  # a byte order mark, as some editors write
        if text.lstrip()[:1] in ("{", "[", ""):
            return cls.from_json(text)
        return cls.from_text(text)


_HEADER = re.compile(r"([A-Za-z][A-Za-z ]*):(.*)")
_MOVE_NUMBER = re.compile(r"\d+[.)]")
_MOVE_NUMBER_PREFIX = re.compile(r"^\d+[.)]")


def text_headers() -> tuple[str, ...]:
    """The headers a game written as text may have: ``Game``, each game's set-up, ``Computer``."""
    setup = (header for game in registered_games() for header, _ in game.setup_fields.values())
    return ("Game", *dict.fromkeys(setup), "Computer")


#: What the JSON parser says it met -> the key of the same words.
_JSON_PROBLEMS: Final = {
    "Expecting value": "json.expecting_value",
    "Expecting ',' delimiter": "json.expecting_comma",
    "Expecting ':' delimiter": "json.expecting_colon",
    "Expecting property name enclosed in double quotes": "json.expecting_name",
    "Extra data": "json.extra_data",
    "Invalid control character at": "json.control_character",
    "Invalid \\escape": "json.bad_escape",
    "Invalid \\uXXXX escape": "json.bad_unicode_escape",
}


def json_problem(error: json.JSONDecodeError) -> Words | str:
    """Where and why a text is not JSON: the parser's own words (``str(error)``), as
    :class:`Words` that other languages can say when they are words this knows."""
    key = _JSON_PROBLEMS.get(error.msg)
    problem = say(key) if key is not None else error.msg
    words = say(
        "json.where", problem=problem, line=error.lineno, column=error.colno, char=error.pos
    )
    return words if words == str(error) else str(error)


def _json_object(text: str) -> dict[str, Any]:
    """The record's JSON object, with its format and version checked."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        if not text.strip():
            raise NotationError.of("parse.empty") from None
        if error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated string"):
            raise NotationError.of("parse.cut_short") from None
        raise NotationError.of("parse.not_json", error=json_problem(error)) from None
    except RecursionError:
        raise NotationError.of("parse.too_deep") from None
    except ValueError:  # a number of thousands of digits
        raise NotationError.of("parse.long_number") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise NotationError.of("parse.no_format", format=FORMAT)
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        raise NotationError.of("parse.version", version=quoted(version), supported=VERSION)
    return data


def _comment(text: str) -> str:
    """``text`` as one comment line (a line break in it would end the comment)."""
    return "# " + " ".join(text.split())


def _record_from_headers(headers: dict[str, str]) -> GameRecord:
    """The set-up the headers name, without moves yet."""
    title = headers.get("Game", default_game().title)
    try:
        game = find_game(title)
    except NotationError as error:
        raise NotationError.of("parse.header", header="Game", error=words_of(error)) from None
    refuse_other_games_fields(game, headers, as_text=True)
    computer: tuple[tuple[Any, str], ...] = ()
    if "Computer" in headers:
        computer = computer_from_text(game, headers["Computer"])
    return GameRecord(game.name, setup=game.setup_from_text(headers), computer=computer)


__all__ = ["FORMAT", "VERSION", "GameRecord", "replay", "text_headers"]
