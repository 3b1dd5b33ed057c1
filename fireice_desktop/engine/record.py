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
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeAlias, TypeVar

from .ai import LEVELS
from .board import HOLE_COUNT, hole_name, parse_hole
from .errors import IllegalMoveError, NotationError
from .game import CENTRE, Color, Move, Position, check_handicap
from .icebreaker import DEFAULT_SIZE, IcebreakerPosition, Side, Step, check_size
from .interface import GameState, History
from .solitaire import SolitairePosition, check_deal

FORMAT: Final = "fireice-record"
VERSION: Final = 1
GameKind = Literal["fire-and-ice", "solitaire", "icebreaker"]
#: The ``Game:`` header of the plain text form for each kind of game.
TEXT_TITLES: Final[dict[GameKind, str]] = {
    "fire-and-ice": "Fire & Ice",
    "solitaire": "Fire & Ice solitaire",
    "icebreaker": "Icebreaker",
}
TEXT_HEADERS: Final = ("Game", "Size", "Deal", "Handicap", "Computer")
AnySide: TypeAlias = Color | Side
AnyPosition: TypeAlias = Position | SolitairePosition | IcebreakerPosition

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
            raise IllegalMoveError(f"move {number}: {error}") from None
        except NotationError as error:
            raise NotationError(f"move {number}: {error}") from None
    return positions


@dataclass(frozen=True)
class GameRecord:
    """The set-up and the moves of one game of Fire & Ice, the solitaire or Icebreaker.

    ``computer`` pairs each side the computer plays with its level (sorted, Fire or
    Red first); ``undone`` are moves taken back after ``moves``, which redo plays
    again.  ``size`` is Icebreaker's board side.
    """

    game: GameKind = "fire-and-ice"
    moves: tuple[Any, ...] = ()
    handicap: tuple[int, ...] = ()
    handicap_side: Color = Color.FIRE
    deal: int = 0
    computer: tuple[tuple[AnySide, str], ...] = ()
    undone: tuple[Any, ...] = ()
    size: int = DEFAULT_SIZE

    def __post_init__(self) -> None:
        # Without handicap pegs the handicap side means nothing: keep one spelling of
        # "no handicap" so that equal games give equal records.
        if not self.handicap and self.handicap_side is not Color.FIRE:
            object.__setattr__(self, "handicap_side", Color.FIRE)
        object.__setattr__(
            self, "computer", tuple(sorted(self.computer, key=lambda pair: pair[0].value))
        )

    def start(self) -> AnyPosition:
        """The position before the first move."""
        if self.game == "solitaire":
            return SolitairePosition.deal(self.deal)
        if self.game == "icebreaker":
            return IcebreakerPosition.start(self.size)
        return Position.start(self.handicap, self.handicap_side)

    def positions(self) -> Sequence[AnyPosition]:
        """Every position of the game (undone moves too), the start first.

        Raises :class:`IllegalMoveError` or :class:`NotationError` naming the first
        bad move.
        """
        start: Any = self.start()
        positions: list[AnyPosition] = replay(start, self.moves + self.undone)
        return positions

    def history(self) -> History[Any]:
        """The game as an undo/redo history, at the position after ``moves``."""
        start = self.start()
        history: History[Any] = History(start)
        history.positions = list(self.positions())
        history.moves = list(self.moves + self.undone)
        history.cursor = len(self.moves)
        return history

    @classmethod
    def of_history(
        cls,
        history: History[Any],
        deal: int = 0,
        computer: Iterable[tuple[AnySide, str]] = (),
    ) -> GameRecord:
        """The record of ``history`` (the inverse of :meth:`history`).

        The handicap is read from the start position; a solitaire needs its ``deal``.
        """
        start = history.positions[0]
        played = tuple(history.moves[: history.cursor])
        undone = tuple(history.moves[history.cursor :])
        if isinstance(start, SolitairePosition):
            record = cls("solitaire", played, deal=deal, undone=undone)
            if record.start() != start:
                raise ValueError(f"the game did not start from deal {deal}")
            return record
        if isinstance(start, IcebreakerPosition):
            record = cls(
                "icebreaker", played, computer=tuple(computer), undone=undone, size=start.size
            )
            if record.start() != start:
                raise ValueError("the game did not start from a start position")
            return record
        side = Color.ICE if start.ice else Color.FIRE
        extra = start.pegs(side) & ~(1 << CENTRE)
        holes = tuple(hole for hole in range(HOLE_COUNT) if extra >> hole & 1)
        record = cls("fire-and-ice", played, holes, side, computer=tuple(computer), undone=undone)
        if record.start() != start:
            raise ValueError("the game did not start from a start position")
        return record

    # --- JSON ------------------------------------------------------------------------

    def to_json(self) -> str:
        """The record as JSON text (one line per field, in a fixed order)."""
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": self.game}
        if self.game == "solitaire":
            data["deal"] = self.deal
        elif self.game == "icebreaker":
            data["size"] = self.size
        elif self.handicap:
            data["handicap"] = {
                "side": self.handicap_side.key,
                "holes": [hole_name(h) for h in self.handicap],
            }
        if self.computer:
            data["computer"] = {color.key: level for color, level in self.computer}
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
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            if not text.strip():
                raise NotationError("not a game record: it is empty") from None
            if error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated string"):
                raise NotationError(
                    "not a game record: it ends too soon, as if cut off (truncated)"
                ) from None
            raise NotationError(f"not a game record: it is not valid JSON ({error})") from None
        except RecursionError:
            raise NotationError("not a game record: it is nested too deeply") from None
        except ValueError:  # a number of thousands of digits
            raise NotationError("not a game record: it holds an absurdly long number") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise NotationError(f'not a game record: it lacks "format": "{FORMAT}"')
        version = data.get("version")
        if version != VERSION or isinstance(version, bool):
            raise NotationError(
                f"game record version {version!r} is not supported (this program reads {VERSION})"
            )
        game = data.get("game")
        size = DEFAULT_SIZE
        if game == "icebreaker":
            size = _size(data.get("size", DEFAULT_SIZE))
            for key in ("handicap", "deal"):
                if key in data:
                    raise NotationError(f'icebreaker record: Icebreaker has no "{key}"')
        elif "size" in data:
            raise NotationError('game record: only Icebreaker has a board "size"')
        parse = Step.parse_for(size) if game == "icebreaker" else Move.parse
        example = "a1-b2" if game == "icebreaker" else "F6-C6"
        moves = _move_list(data.get("moves", []), "moves", parse, example)
        undone = _move_list(data.get("undone", []), "undone", parse, example, first=len(moves) + 1)
        computer = _computer(data.get("computer"), Side if game == "icebreaker" else Color)
        if game == "solitaire":
            deal = data.get("deal")
            if not isinstance(deal, int) or isinstance(deal, bool):
                raise NotationError(f"solitaire record: deal {deal!r} is not a number")
            record = cls("solitaire", moves, deal=_deal(deal), undone=undone)
            if computer:
                raise NotationError("solitaire record: the computer does not play the solitaire")
        elif game == "icebreaker":
            record = cls("icebreaker", moves, computer=computer, undone=undone, size=size)
        elif game == "fire-and-ice":
            holes, side = _handicap(data.get("handicap"))
            record = cls("fire-and-ice", moves, holes, side, computer=computer, undone=undone)
        else:
            raise NotationError(f"game record: unknown game {game!r}")
        record.positions()  # every move must be legal
        return record

    # --- plain text (pbmserv notation) -------------------------------------------------

    def to_text(self) -> str:
        """The game as plain text: a header with the set-up, then one move per line.

        Undone moves are left out: the text is the game as played.
        """
        lines = [f"Game: {TEXT_TITLES[self.game]}"]
        if self.game == "solitaire":
            lines.append(f"Deal: {self.deal}")
        elif self.game == "icebreaker":
            lines.append(f"Size: {self.size}")
        elif self.handicap:
            holes = " ".join(hole_name(h) for h in self.handicap)
            lines.append(f"Handicap: {self.handicap_side.title} {holes}")
        if self.computer:
            lines.append(
                "Computer: " + ", ".join(f"{color.title} {level}" for color, level in self.computer)
            )
        lines.append("")
        lines.extend(str(move) for move in self.moves)
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        """Read a game written by :meth:`to_text`, or pasted by a player.

        Blank lines and everything after a ``#`` are skipped; a move may carry its
        number (``12. D4-C4``) and a line may hold several moves.  With no ``Game:``
        header the game is two-player Fire & Ice.
        """
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
                    raise NotationError(
                        f"line {line_number}: the header ({key}:) must come before the moves"
                    )
                if key not in TEXT_HEADERS:
                    raise NotationError(
                        f"line {line_number}: unknown header {key!r} "
                        f"(known: {', '.join(TEXT_HEADERS)})"
                    )
                if key in headers:
                    raise NotationError(f"line {line_number}: {key}: is given twice")
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
                raise NotationError(f"line {line_number}: {error}") from None
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


def _record_from_headers(headers: dict[str, str]) -> GameRecord:
    """The set-up the headers name, without moves yet."""
    title = " ".join(headers.get("Game", TEXT_TITLES["fire-and-ice"]).lower().split())
    kinds = {name.lower(): kind for kind, name in TEXT_TITLES.items()}
    if title not in kinds:
        raise NotationError(
            f"Game: {headers['Game']!r} is not a game this program plays "
            f"({' or '.join(TEXT_TITLES.values())})"
        )
    sides = Side if kinds[title] == "icebreaker" else Color
    computer = _computer_text(headers["Computer"], sides) if "Computer" in headers else ()
    if "Size" in headers and kinds[title] != "icebreaker":
        raise NotationError("Size: only Icebreaker has a board size")
    if kinds[title] == "icebreaker":
        if "Handicap" in headers or "Deal" in headers:
            raise NotationError("Icebreaker has no handicap and no deal")
        size_text = headers.get("Size", str(DEFAULT_SIZE))
        if not re.fullmatch(r"[0-9]{1,2}", size_text):
            raise NotationError(f"Size: {size_text!r} is not a board size (4 to 8)")
        return GameRecord("icebreaker", computer=computer, size=_size(int(size_text)))
    if kinds[title] == "solitaire":
        if "Handicap" in headers or computer:
            raise NotationError("the solitaire has no handicap and no computer player")
        deal_text = headers.get("Deal")
        if deal_text is None or not re.fullmatch(r"[0-9][0-9,]{0,15}", deal_text):
            raise NotationError(f"Deal: {deal_text!r} is not a deal number (1 to 1,000,000)")
        return GameRecord("solitaire", deal=_deal(int(deal_text.replace(",", ""))))
    if "Deal" in headers:
        raise NotationError("Deal: only the solitaire has deal numbers")
    holes: tuple[int, ...] = ()
    side = Color.FIRE
    if "Handicap" in headers:
        parts = headers["Handicap"].replace(",", " ").split()
        if len(parts) < 2:
            raise NotationError(
                f"Handicap: {headers['Handicap']!r} should name the side and the holes, "
                "like 'Fire A3 B5'"
            )
        side = Color.parse(parts[0])
        holes = check_handicap(parse_hole(part) for part in parts[1:])
    return GameRecord("fire-and-ice", (), holes, side, computer=computer)


def _computer_text(text: str, sides: type[Color] | type[Side]) -> tuple[tuple[AnySide, str], ...]:
    pairs = []
    for part in text.split(","):
        words = part.split()
        if len(words) != 2:
            example = "Black expert" if sides is Side else "Ice expert"
            raise NotationError(
                f"Computer: {text!r} should name a side and a level, like '{example}'"
            )
        pairs.append((sides.parse(words[0]), _level(words[1].lower())))
    return _check_computer(pairs)


def _computer(raw: object, sides: type[Color] | type[Side]) -> tuple[tuple[AnySide, str], ...]:
    if raw is None:
        return ()
    if not isinstance(raw, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in raw.items()
    ):
        example = '{"black": "expert"}' if sides is Side else '{"ice": "expert"}'
        raise NotationError(f'game record: "computer" must be like {example}')
    return _check_computer([(sides.parse(k), _level(v)) for k, v in raw.items()])


def _check_computer(pairs: list[tuple[AnySide, str]]) -> tuple[tuple[AnySide, str], ...]:
    colors = [color for color, _ in pairs]
    if len(set(colors)) != len(colors):
        raise NotationError("the computer's level is given twice for one side")
    return tuple(pairs)


def _level(name: str) -> str:
    if name not in LEVELS:
        raise NotationError(f"{name!r} is not a computer level ({', '.join(LEVELS)})")
    return name


def _deal(number: int) -> int:
    try:
        return check_deal(number)
    except ValueError as error:
        raise NotationError(f"solitaire record: {error}") from None


def _size(raw: object) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise NotationError(f"icebreaker record: size {raw!r} is not a number")
    try:
        return check_size(raw)
    except ValueError as error:
        raise NotationError(f"icebreaker record: {error}") from None


def _move_list(
    raw: object, key: str, parse: Callable[[str], Any], example: str, first: int = 1
) -> tuple[Any, ...]:
    if not isinstance(raw, list) or not all(isinstance(m, str) for m in raw):
        raise NotationError(f'game record: "{key}" must be a list of moves like "{example}"')
    moves = []
    for number, text in enumerate(raw, start=first):
        try:
            moves.append(parse(text))
        except NotationError as error:
            raise NotationError(f"move {number}: {error}") from None
    return tuple(moves)


def _handicap(raw: object) -> tuple[tuple[int, ...], Color]:
    if raw is None:
        return (), Color.FIRE
    if not isinstance(raw, dict):
        raise NotationError('game record: "handicap" must be {"side": ..., "holes": [...]}')
    side_text = raw.get("side", "fire")
    holes_raw = raw.get("holes", [])
    if (
        not isinstance(side_text, str)
        or not isinstance(holes_raw, list)
        or not all(isinstance(h, str) for h in holes_raw)
    ):
        raise NotationError('game record: "handicap" must be {"side": ..., "holes": [...]}')
    side = Color.parse(side_text)
    holes = check_handicap(parse_hole(h) for h in holes_raw)
    return holes, side
