"""The fields of a game record checked as it loads: a set-up field that belongs to
another game, the computer's levels, the lists of moves.

Each check raises :class:`~.errors.NotationError` with words a player can act on;
:mod:`.record` reads the record's two forms (JSON and plain text) with them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..errors import NotationError, words_of
from ..games import registered_games
from ..interface import GameState
from ..registry import Game, SideType, game_title
from ..words import Words, quoted, say


def at_move(number: int, error: BaseException) -> Words:
    """``move N: ...``: what ``error`` says, with the number of the move it is about."""
    return say("parse.at_move", number=number, error=words_of(error))


def refuse_other_games_fields(game: Game, given: Mapping[str, Any], as_text: bool) -> None:
    """A set-up field that belongs to another game is a mistake worth naming."""
    for other in registered_games():
        for key, (header, what) in other.setup_fields.items():
            if key in game.setup_fields or (header if as_text else key) not in given:
                continue
            title, said = game_title(other), _what(key, what)
            if as_text:
                raise NotationError.of(
                    "parse.text_only_game_has", header=header, game=title, what=said
                )
            raise NotationError.of("parse.record_only_game_has", game=title, what=said, field=key)


#: The set-up fields' keys -> the key of what they are, in a sentence.
_WHATS: Final = {
    "handicap": "parse.what_handicap",
    "deal": "parse.what_deal",
    "size": "parse.what_size",
}


def _what(key: str, what: str) -> Words | str:
    words_key = _WHATS.get(key)
    return what if words_key is None else say(words_key)


def computer_from_text(game: Game, text: str) -> tuple[tuple[Any, str], ...]:
    """The computer's sides and levels from a ``Computer:`` header: ``Ice expert, ...``."""
    pairs = []
    for part in text.split(","):
        words = part.split()
        if len(words) != 2:
            raise NotationError.of(
                "parse.computer_text", text=quoted(text), example=game.side_example()
            )
        pairs.append((game.parse_side(words[0]), _level(game, words[1].lower())))
    return _check_computer(game, pairs)


def computer_from_json(game: Game, raw: object) -> tuple[tuple[Any, str], ...]:
    """The computer's sides and levels from a JSON record's ``computer`` object."""
    if raw is None:
        return ()
    if not isinstance(raw, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in raw.items()
    ):
        side, level = game.side_example().lower().split()
        raise NotationError.of("parse.computer_shape", side=side, level=level)
    return _check_computer(game, [(game.parse_side(k), _level(game, v)) for k, v in raw.items()])


def _check_computer(
    game: Game, pairs: list[tuple[SideType, str]]
) -> tuple[tuple[SideType, str], ...]:
    if pairs and not game.levels:
        raise NotationError.of("parse.computer_not_playing", game=game_title(game))
    sides = [side for side, _ in pairs]
    if len(set(sides)) != len(sides):
        raise NotationError.of("parse.level_twice")
    return tuple(pairs)


def _level(game: Game, name: str) -> str:
    if game.levels and name not in game.levels:
        raise NotationError.of(
            "parse.not_a_level", name=quoted(name), levels=", ".join(game.levels)
        )
    return name


def move_list(
    raw: object, key: str, start: GameState, game: Game, first: int = 1
) -> tuple[Any, ...]:
    """The moves of the JSON list ``raw`` (the record's field ``key``), read on the board of
    ``start``; the first is move number ``first``."""
    if not isinstance(raw, list) or not all(isinstance(m, str) for m in raw):
        raise NotationError.of("parse.moves_shape", field=key, example=game.move_example)
    moves = []
    for number, text in enumerate(raw, start=first):
        try:
            moves.append(start.parse_move(text))
        except NotationError as error:
            raise NotationError(at_move(number, error)) from None
    return tuple(moves)


__all__ = [
    "at_move",
    "computer_from_json",
    "computer_from_text",
    "move_list",
    "refuse_other_games_fields",
]
