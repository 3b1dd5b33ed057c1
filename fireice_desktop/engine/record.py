"""Game records: the set-up and the moves, saved as a small JSON text and loaded back.

A record is enough to rebuild every position of the game.  Loading checks every
field and replays every move, so a record that loads is a legal game.

    {"format": "fireice-record", "version": 1, "game": "fire-and-ice",
     "handicap": {"side": "fire", "holes": ["A3", "B5"]}, "moves": ["D4-C4", "D4-D5"]}
    {"format": "fireice-record", "version": 1, "game": "solitaire", "deal": 42,
     "moves": ["A1-A4"]}
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeVar

from .board import hole_name, parse_hole
from .errors import IllegalMoveError, NotationError
from .game import Color, Move, Position, check_handicap
from .interface import GameState
from .solitaire import SolitairePosition, check_deal

FORMAT: Final = "fireice-record"
VERSION: Final = 1
GameKind = Literal["fire-and-ice", "solitaire"]

S = TypeVar("S", bound=GameState)


def replay(start: S, moves: Iterable[Move | str]) -> list[S]:
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
    """The set-up and the moves of one game of Fire & Ice or of the solitaire."""

    game: GameKind = "fire-and-ice"
    moves: tuple[Move, ...] = ()
    handicap: tuple[int, ...] = ()
    handicap_side: Color = Color.FIRE
    deal: int = 0

    def __post_init__(self) -> None:
        # Without handicap pegs the handicap side means nothing: keep one spelling of
        # "no handicap" so that equal games give equal records.
        if not self.handicap and self.handicap_side is not Color.FIRE:
            object.__setattr__(self, "handicap_side", Color.FIRE)

    def start(self) -> Position | SolitairePosition:
        """The position before the first move."""
        if self.game == "solitaire":
            return SolitairePosition.deal(self.deal)
        return Position.start(self.handicap, self.handicap_side)

    def positions(self) -> Sequence[Position | SolitairePosition]:
        """Every position of the game, the start first; raises if a move is illegal."""
        start = self.start()
        if isinstance(start, SolitairePosition):
            return replay(start, self.moves)
        return replay(start, self.moves)

    def to_json(self) -> str:
        """The record as JSON text (one line per field, stable key order)."""
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": self.game}
        if self.game == "solitaire":
            data["deal"] = self.deal
        elif self.handicap:
            data["handicap"] = {
                "side": self.handicap_side.key,
                "holes": [hole_name(h) for h in self.handicap],
            }
        data["moves"] = [str(m) for m in self.moves]
        return json.dumps(data, indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Load a record saved by :meth:`to_json`.

        Raises :class:`NotationError` (what is malformed) or :class:`IllegalMoveError`
        (``move N: ...``) with a message a player can act on.
        """
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, RecursionError) as error:
            raise NotationError(f"not a game record: it is not valid JSON ({error})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise NotationError(f'not a game record: it lacks "format": "{FORMAT}"')
        version = data.get("version")
        if version != VERSION or isinstance(version, bool):
            raise NotationError(
                f"game record version {version!r} is not supported (this program reads {VERSION})"
            )
        game = data.get("game")
        moves = _move_list(data.get("moves", []))
        if game == "solitaire":
            deal = data.get("deal")
            if not isinstance(deal, int) or isinstance(deal, bool):
                raise NotationError(f"solitaire record: deal {deal!r} is not a number")
            try:
                check_deal(deal)
            except ValueError as error:
                raise NotationError(f"solitaire record: {error}") from None
            record = cls("solitaire", moves, deal=deal)
        elif game == "fire-and-ice":
            holes, side = _handicap(data.get("handicap"))
            record = cls("fire-and-ice", moves, holes, side)
        else:
            raise NotationError(f"game record: unknown game {game!r}")
        record.positions()  # every move must be legal
        return record


def _move_list(raw: object) -> tuple[Move, ...]:
    if not isinstance(raw, list) or not all(isinstance(m, str) for m in raw):
        raise NotationError('game record: "moves" must be a list of moves like "F6-C6"')
    moves = []
    for number, text in enumerate(raw, start=1):
        try:
            moves.append(Move.parse(text))
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
