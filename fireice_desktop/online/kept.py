"""The online game each side keeps, apart from the game kept for Continue (one of each).

It is written atomically (:func:`~..files.disk.write_atomic`) before a move is sent or shown,
so a side that quits, crashes or loses power has every move it played or saw; a file there
that cannot be read is set aside under another name, never replaced, as every kept game is.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..engine.errors import IllegalMoveError, NotationError
from ..engine.words import say
from ..files.storage import (
    SaveFileError,
    data_dir,
    decode_text,
    free_name,
    read_bytes,
    remove_stale_temporaries,
    set_aside_unreadable,
    system_words,
    write_atomic,
)
from .session import OnlineGame

ONLINE_NAME: Final = "online.json"


def online_path() -> Path:
    """Where the online game is kept."""
    return data_dir() / ONLINE_NAME


def keep_online(game: OnlineGame) -> None:
    """Keep ``game`` (atomically); :class:`SaveFileError` saying why it could not be."""
    try:
        data_dir().mkdir(parents=True, exist_ok=True)
    except OSError as error:
        words = say("files.cannot_write_into", folder=str(data_dir()), error=system_words(error))
        raise SaveFileError(words) from None
    write_atomic(online_path(), json.dumps(game.to_json(), indent=1) + "\n")


class Keeper:
    """Keeps one online game as it changes (a session's ``keep``).

    The first time it keeps a game other than the one in the file, an unfinished game there
    is set aside (``online.replaced.json``, with the time when that name is taken), never
    overwritten: :attr:`set_aside_as` says where it went."""

    def __init__(self) -> None:
        self.id = ""
        self.set_aside_as: Path | None = None

    def __call__(self, game: OnlineGame) -> None:
        if game.id != self.id:
            self._set_aside_other(game.id)
        keep_online(game)
        self.id = game.id

    def _set_aside_other(self, new_id: str) -> None:
        kept = load_online()
        old = kept.online
        if old is None or old.id == new_id or old.over:
            return
        target = free_name(online_path(), "replaced", keep_suffix=True)
        try:
            os.rename(online_path(), target)
        except OSError as error:
            words = say(
                "files.cannot_write_into", folder=str(data_dir()), error=system_words(error)
            )
            raise SaveFileError(words) from None
        self.set_aside_as = target


def forget_online() -> None:
    """Remove the kept online game (a game over that the player leaves)."""
    with contextlib.suppress(OSError):
        os.remove(online_path())


@dataclass(frozen=True)
class KeptOnline:
    """What the online game's file holds: the game, or why it could not be read and the
    name its bytes were set aside under."""

    online: OnlineGame | None = None
    problem: str = ""
    set_aside_as: Path | None = None


def load_online() -> KeptOnline:
    """The kept online game; a file that is not one is set aside, never replaced."""
    path = online_path()
    remove_stale_temporaries(data_dir(), ONLINE_NAME)
    try:
        text = decode_text(read_bytes(path), path.name)
        return KeptOnline(OnlineGame.from_json(json.loads(text)))
    except SaveFileError as error:
        problem = str(error)
    except (ValueError, NotationError, IllegalMoveError, RecursionError) as error:
        problem = str(error)[:200]
    aside = set_aside_unreadable(path)
    if not aside.was_file:  # nothing there, or a folder or a device left alone
        return KeptOnline(problem=problem) if os.path.lexists(path) else KeptOnline()
    return KeptOnline(problem=problem, set_aside_as=aside.target)
