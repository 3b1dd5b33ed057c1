"""The game by code this player keeps: one game played with a friend by pasting game codes
(:mod:`...engine.correspondence`), with the side played here.

It lives in its own file in the data folder, apart from the autosave (the game under
Continue): one of each, and neither replaces the other.  The file is a small JSON object,
``{"side": "ice", "code": "FI1-..."}``: the game code holds the set-up and every move, and
reading it replays and checks each of them.  It is written atomically before a code is
shown to send; a file there that is not such a game is set aside under another name, never
replaced, as the autosave is.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..engine.correspondence import GameCode, decode, encode
from ..engine.errors import NotationError, words_of
from ..engine.records.game import GameRecord
from ..engine.registry import SideType
from ..engine.words import say
from .disk import read_text, write_atomic
from .errors import SaveFileError, is_system_error, system_words
from .storage import data_dir, remove_stale_temporaries, set_aside_unreadable

CODE_GAME_NAME: Final = "game-by-code.json"
#: The most bytes the file may hold: a code is at most 2,000 characters.
MOST_BYTES: Final = 4096


@dataclass(frozen=True)
class CodeGame:
    """A game by code: the game so far and the side this player plays."""

    record: GameRecord
    side: SideType

    @property
    def code(self) -> str:
        """The game code this player sends."""
        return encode(self.record, self.side)

    @property
    def to_move(self) -> SideType | None:
        """The side to move (``None``: the game is over)."""
        position = self.record.history().position
        return None if position.is_over else position.to_move


@dataclass(frozen=True)
class KeptCodeGame:
    """What the file holds: the game, or why it could not be read and where it went
    (``set_aside_as``; ``None`` with a ``problem`` when it could not be moved)."""

    game: CodeGame | None = None
    problem: SaveFileError | None = None
    set_aside_as: Path | None = None
    set_aside_error: OSError | None = None


def code_game_path() -> Path:
    """The file of the game by code."""
    return data_dir() / CODE_GAME_NAME


def code_game_json(game: CodeGame) -> str:
    """The file's text for ``game``."""
    return json.dumps({"side": game.side.key, "code": game.code}) + "\n"


def parse_code_game(text: str) -> CodeGame:
    """The game in a file's ``text``; ``NotationError`` saying what is wrong."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise NotationError.of("code_game.not_json") from None
    if not isinstance(data, dict) or not isinstance(data.get("side"), str):
        raise NotationError.of("code_game.shape")
    if not isinstance(data.get("code"), str):
        raise NotationError.of("code_game.shape")
    found: GameCode = decode(data["code"])
    game = found.record.kind
    try:
        side = game.parse_side(data["side"])
    except ValueError:
        raise NotationError.of("code_game.shape") from None
    if side != found.sender:
        raise NotationError.of("code_game.shape")
    return CodeGame(found.record, side)


def keep_code_game(game: CodeGame) -> SaveFileError | None:
    """Keep ``game`` in its file; what went wrong if it could not be written."""
    try:
        data_dir().mkdir(parents=True, exist_ok=True)
        write_atomic(code_game_path(), code_game_json(game))
    except SaveFileError as error:
        return error
    except OSError as error:
        folder = Path(error.filename) if error.filename else data_dir()
        words = say("files.cannot_write_into", folder=str(folder), error=system_words(error))
        return SaveFileError(words, is_system_error(error))
    return None


def load_code_game() -> KeptCodeGame:
    """The game by code kept here; a file that is not one is set aside, never replaced
    (a folder or a device there is left alone, and keeping a game there then fails)."""
    folder = data_dir()
    remove_stale_temporaries(folder, CODE_GAME_NAME)
    path = code_game_path()
    try:
        return KeptCodeGame(parse_code_game(read_text(path, MOST_BYTES)))
    except (SaveFileError, NotationError) as error:
        problem = error if isinstance(error, SaveFileError) else _damaged(error)
        aside = set_aside_unreadable(path)
        if not aside.was_file:
            return KeptCodeGame()  # nothing kept
        return KeptCodeGame(problem=problem, set_aside_as=aside.target, set_aside_error=aside.error)


def _damaged(error: NotationError) -> SaveFileError:
    return SaveFileError(say("code_game.damaged", error=words_of(error)))


__all__ = [
    "CODE_GAME_NAME",
    "CodeGame",
    "KeptCodeGame",
    "code_game_json",
    "code_game_path",
    "keep_code_game",
    "load_code_game",
    "parse_code_game",
]
