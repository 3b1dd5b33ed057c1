"""The player's statistics: games won and lost, counted as they end, kept in a small JSON
file beside the autosave.

What counts (the Statistics screen says the same in short):

- A game between two sides (Fire & Ice, Icebreaker) counts once, when it ends as it is
  played.  Against the computer it is won or lost, counted by the computer's level and the
  side the person played; a handicap game against the computer counts there too, and on a
  line of its own.  Between two people at one computer (with a handicap or not) it is one
  game played, counted by the side that won.  A game the computer plays against itself
  does not count, nor a finished game opened from a file or the autosave, nor a game
  finished again after moves were taken back.
- A solitaire deal counts as played from the first move made on it, and as won when one
  peg is left (every peg of the other colour captured).  The streak is the number of deals
  won in a row: it ends when a move is made on another deal while the one played before
  was not won.  Taking moves back or restarting the same deal does not end it.  Every deal
  won is remembered by its number.

The file is read afresh before every change and written whole and atomically, through
:func:`~.storage.write_atomic`.  A file that is not statistics (not JSON, cut short, of the
wrong shape, a folder, unreadable) is set aside under another name for the player to look
at, and counting starts afresh; :attr:`StatisticsFile.notice` says so in one line.  Fields
a newer version of the game adds are kept as they are.  No pygame here.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, TypeGuard

from .engine.words import Words, say
from .storage import (
    SaveFileError,
    data_dir,
    free_name,
    remove_stale_temporaries,
    special_kind,
    system_words,
    write_atomic,
)

FORMAT: Final = "fireice-statistics"
VERSION: Final = 1
FILE_NAME: Final = "statistics.json"
#: Far more than any player's statistics take (every deal won is a few bytes).
MAX_BYTES: Final = 4 * 1024 * 1024
#: No count comes near this; a larger number is not a count this game wrote.
MAX_COUNT: Final = 10**12
#: The solitaire's deals (as :mod:`.engine.games.fireice.solitaire` numbers them).
DEALS: Final = range(1, 1_000_001)
#: Between the first and the last of a range: an en dash.
DASH: Final = "\u2013"


class StatisticsError(ValueError):
    """What makes a text not statistics, in words that follow "the file ...": the message
    is the English of :attr:`words`, a key of the ``statistics`` translations."""

    def __init__(self, key: str, **values: Any) -> None:
        self.words = say(f"statistics.{key}", **values)
        super().__init__(str(self.words))


class Notice(str):
    """A line for the player: its English, and :attr:`words` to say it in their language."""

    words: Words

    def __new__(cls, key: str, **values: Any) -> Notice:
        words = say(f"statistics.{key}", **values)
        notice = super().__new__(cls, str(words))
        notice.words = words
        return notice


#: What :func:`~.storage.special_kind` says a file is -> the key of the same words.
_KINDS: Final = {
    "a folder": "kind_folder",
    "a named pipe (FIFO)": "kind_pipe",
    "a device": "kind_device",
    "a socket": "kind_socket",
    "a special file": "kind_special",
}


# --- what a screen reports ------------------------------------------------------------------


@dataclass(frozen=True)
class DuelPlayed:
    """A game between two sides as the statistics see it: who plays, and who has won.

    ``person`` and ``level`` are set against the computer (the side the person plays, and
    the computer's level); ``watched`` when the computer plays both sides.
    """

    game: str  # the registered game's name: "fire-and-ice", "icebreaker"
    winner: str | None = None  # the winning side's key once the game is won
    person: str | None = None
    level: str | None = None
    handicap: bool = False
    watched: bool = False

    @property
    def decided(self) -> bool:
        """Whether the game has ended, so that it counts."""
        return self.winner is not None


@dataclass(frozen=True)
class DealPlayed:
    """A solitaire deal being played, and whether it is won."""

    deal: int
    won: bool = False

    @property
    def decided(self) -> bool:
        """Whether the deal is won; a deal with no capture left may still be taken back."""
        return self.won


Played = DuelPlayed | DealPlayed


# --- the counts ---------------------------------------------------------------------------


@dataclass
class Tally:
    """Games won and lost."""

    won: int = 0
    lost: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def played(self) -> int:
        """Games won and lost together."""
        return self.won + self.lost

    def add(self, won: bool) -> None:
        """Count one more game, won or lost."""
        if won:
            self.won = _more(self.won)
        else:
            self.lost = _more(self.lost)

    def to_json(self) -> dict[str, Any]:
        return {"won": self.won, "lost": self.lost, **self.extra}

    @classmethod
    def from_json(cls, value: object, where: str) -> Tally:
        data, extra = _fields(value, where, ("won", "lost"))
        return cls(
            _count(data.get("won", 0), f"{where}.won"),
            _count(data.get("lost", 0), f"{where}.lost"),
            extra,
        )


@dataclass
class DuelStatistics:
    """One game between two sides: against the computer by its level and the person's side,
    with a handicap on its own, and between two people by the side that won."""

    computer: dict[str, dict[str, Tally]] = field(default_factory=dict)  # level -> side -> tally
    handicap: Tally = field(default_factory=Tally)
    two_players: dict[str, int] = field(default_factory=dict)  # side -> games it won
    extra: dict[str, Any] = field(default_factory=dict)

    def against(self, level: str | None = None, side: str | None = None) -> Tally:
        """Games against the computer at ``level`` (any, if ``None``) as ``side`` (either)."""
        total = Tally()
        for each_level, sides in self.computer.items():
            for each_side, tally in sides.items():
                if level in (None, each_level) and side in (None, each_side):
                    total.won += tally.won
                    total.lost += tally.lost
        return total

    @property
    def two_player_games(self) -> int:
        """Games played between two people."""
        return sum(self.two_players.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "computer": {
                level: {side: tally.to_json() for side, tally in sides.items()}
                for level, sides in self.computer.items()
            },
            "handicap": self.handicap.to_json(),
            "two_players": dict(self.two_players),
            **self.extra,
        }

    @classmethod
    def from_json(cls, value: object, where: str) -> DuelStatistics:
        data, extra = _fields(value, where, ("computer", "handicap", "two_players"))
        computer = {}
        for level, sides in _object(data.get("computer", {}), f"{where}.computer").items():
            place = f"{where}.computer.{level}"
            computer[level] = {
                side: Tally.from_json(tally, f"{place}.{side}")
                for side, tally in _object(sides, place).items()
            }
        two_players = {
            side: _count(wins, f"{where}.two_players.{side}")
            for side, wins in _object(data.get("two_players", {}), f"{where}.two_players").items()
        }
        handicap = Tally.from_json(data.get("handicap", {}), f"{where}.handicap")
        return cls(computer, handicap, two_players, extra)


@dataclass
class SolitaireStatistics:
    """The solitaire: deals played and won, the streaks, and which deals were won.

    ``open_deal`` is the deal played last and not won yet: a move on another deal ends
    the streak.
    """

    played: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0
    deals_won: set[int] = field(default_factory=set)
    open_deal: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def begin(self, deal: int) -> None:
        """A move was made on ``deal``: it is played, unless it is the deal still open.
        A number that is no deal is not counted (the file could not keep it)."""
        if self.open_deal == deal or not _is_deal(deal):
            return
        if self.open_deal is not None:
            self.streak = 0  # the deal before was left without being won
        self.open_deal = deal
        self.played = _more(self.played)

    def win(self, deal: int) -> None:
        """``deal`` is won (a number that is no deal is not counted)."""
        if not _is_deal(deal):
            return
        self.begin(deal)
        self.won = _more(self.won)
        self.streak = _more(self.streak)
        self.best_streak = max(self.best_streak, self.streak)
        self.deals_won.add(deal)
        self.open_deal = None

    def to_json(self) -> dict[str, Any]:
        return {
            "played": self.played,
            "won": self.won,
            "streak": self.streak,
            "best_streak": self.best_streak,
            "deals_won": sorted(self.deals_won),
            "open_deal": self.open_deal,
            **self.extra,
        }

    @classmethod
    def from_json(cls, value: object, where: str) -> SolitaireStatistics:
        counts = ("played", "won", "streak", "best_streak")
        data, extra = _fields(value, where, (*counts, "deals_won", "open_deal"))
        played, won, streak, best = (_count(data.get(key, 0), f"{where}.{key}") for key in counts)
        deals = data.get("deals_won", [])
        if not isinstance(deals, list):
            raise StatisticsError("file_not_list", where=f"{where}.deals_won")
        open_deal = data.get("open_deal")
        return cls(
            played,
            won,
            streak,
            best,
            {_deal(deal, f"{where}.deals_won") for deal in deals},
            None if open_deal is None else _deal(open_deal, f"{where}.open_deal"),
            extra,
        )


@dataclass
class Statistics:
    """Everything counted: each game between two sides by its name, and the solitaire."""

    duels: dict[str, DuelStatistics] = field(default_factory=dict)
    solitaire: SolitaireStatistics = field(default_factory=SolitaireStatistics)
    version: int = VERSION  # a newer version's number is kept, with its fields
    extra: dict[str, Any] = field(default_factory=dict)

    def duel(self, game: str) -> DuelStatistics:
        """The counts of ``game`` (empty ones if it was never played)."""
        return self.duels.get(game) or DuelStatistics()

    def count_move(self, played: Played) -> None:
        """A move was made in a game not yet decided: a solitaire deal is played from then."""
        if isinstance(played, DealPlayed):
            self.solitaire.begin(played.deal)

    def count_end(self, played: Played) -> None:
        """``played`` has just been decided: count it once."""
        if isinstance(played, DealPlayed):
            if played.won:
                self.solitaire.win(played.deal)
            return
        winner = played.winner
        if winner is None or played.watched:
            return
        # The names are the file's keys, and a JSON key is text: another name would be
        # read back as another key.
        optional = (played.person, played.level)
        if not (isinstance(played.game, str) and isinstance(winner, str)) or not all(
            name is None or isinstance(name, str) for name in optional
        ):
            return
        duel = self.duels.setdefault(played.game, DuelStatistics())
        if played.person is None or played.level is None:
            duel.two_players[winner] = _more(duel.two_players.get(winner, 0))
            return
        won = winner == played.person
        duel.computer.setdefault(played.level, {}).setdefault(played.person, Tally()).add(won)
        if played.handicap:
            duel.handicap.add(won)

    # --- JSON ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": self.version,
            "duels": {game: duel.to_json() for game, duel in self.duels.items()},
            "solitaire": self.solitaire.to_json(),
            **self.extra,
        }

    def to_text(self) -> str:
        """The file's text: JSON, one field a line at the top."""
        return json.dumps(self.to_json(), indent=1) + "\n"

    def checked_text(self) -> str:
        """:meth:`to_text`, read back as the next start will read it: a text that would be
        set aside as damaged then (too large, a count that is not one) is
        :class:`StatisticsError` now, and is not written."""
        try:
            text = self.to_text()
        except RecursionError:  # fields of a newer version, nested too deeply
            raise StatisticsError("file_too_deep") from None
        if len(text.encode("utf-8")) > MAX_BYTES:
            raise StatisticsError("file_too_large", megabytes=MAX_BYTES // (1024 * 1024))
        Statistics.from_text(text)
        return text

    @classmethod
    def from_json(cls, value: object) -> Statistics:
        """The statistics in a JSON value; :class:`StatisticsError` if it holds none."""
        if not isinstance(value, dict) or value.get("format") != FORMAT:
            raise StatisticsError("file_not_statistics")
        data, extra = _fields(value, "the file", ("format", "version", "duels", "solitaire"))
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise StatisticsError("file_bad_version", version=repr(version))
        duels = {
            game: DuelStatistics.from_json(duel, game)
            for game, duel in _object(data.get("duels", {}), "duels").items()
        }
        solitaire = SolitaireStatistics.from_json(data.get("solitaire", {}), "solitaire")
        return cls(duels, solitaire, version, extra)

    @classmethod
    def from_text(cls, text: str) -> Statistics:
        """The statistics in a file's text; :class:`StatisticsError` saying what is wrong."""
        try:
            value = json.loads(text)
        except RecursionError:
            raise StatisticsError("file_too_deep") from None
        except ValueError as error:
            if not text.strip():
                raise StatisticsError("file_empty") from None
            cut = isinstance(error, json.JSONDecodeError) and (
                error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated string")
            )
            raise StatisticsError("file_cut_short" if cut else "file_not_json") from None
        return cls.from_json(value)


def _fields(
    value: object, where: str, known: Iterable[str]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """An object's fields this version knows, and the others (kept as they are)."""
    data = _object(value, where)
    names = set(known)
    return (
        {key: item for key, item in data.items() if key in names},
        {key: item for key, item in data.items() if key not in names},
    )


def _object(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise StatisticsError("file_not_object", where=where)
    return value


def _is_count(value: object) -> TypeGuard[int]:
    """Whether the file may hold ``value`` as a count."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT


def _is_deal(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a deal's number, as the file holds one."""
    return isinstance(value, int) and not isinstance(value, bool) and value in DEALS


def _more(count: int) -> int:
    """One more than ``count``, but never past :data:`MAX_COUNT`, which the reader would
    take for a damaged file."""
    return min(count + 1, MAX_COUNT)


def _count(value: object, where: str) -> int:
    if not _is_count(value):
        raise StatisticsError("file_not_count", where=where, value=_short(value))
    return value


def _deal(value: object, where: str) -> int:
    if not _is_deal(value):
        raise StatisticsError("file_not_deal", where=where, value=_short(value))
    return value


def _short(value: object) -> str:
    text = json.dumps(value) if not isinstance(value, float) else repr(value)
    return text if len(text) <= 24 else text[:21] + "..."


def deal_ranges(deals: Iterable[int]) -> list[str]:
    """Deal numbers written compactly, three or more in a row as a range:
    ``deal_ranges([1, 2, 3, 7, 8, 1000]) == ["1\u20133", "7", "8", "1,000"]``."""
    runs: list[list[int]] = []
    for deal in sorted(set(deals)):
        if runs and deal == runs[-1][1] + 1:
            runs[-1][1] = deal
        else:
            runs.append([deal, deal])
    words: list[str] = []
    for first, last in runs:
        if last - first >= 2:
            words.append(f"{first:,}{DASH}{last:,}")
        else:
            words.extend(f"{deal:,}" for deal in range(first, last + 1))
    return words


# --- the file -----------------------------------------------------------------------------


class StatisticsFile:
    """The statistics in the player's data folder (or in ``path``).

    Each change reads the file, changes the counts and writes them back at once, so that
    nothing is lost when the game is killed, and two copies of the game running side by
    side both count.  :attr:`notice` is a line for the player when the file had to be set
    aside or could not be written.
    """

    def __init__(self, path: Path | None = None) -> None:
        self._path = path
        self.notice = ""

    @property
    def path(self) -> Path:
        """The file: ``statistics.json`` in the data folder, unless given."""
        return self._path if self._path is not None else data_dir() / FILE_NAME

    def load(self) -> Statistics:
        """The statistics in the file (none yet if there is no file or it was damaged)."""
        return self._load()[0]

    def change(self, change: Callable[[Statistics], object]) -> bool:
        """Apply ``change`` to the statistics in the file and write them back if it changed
        them; ``False`` if they could not be written."""
        statistics, writable = self._load()
        if not writable:
            return False
        before = statistics.to_json()
        change(statistics)
        return statistics.to_json() == before or self._save(statistics)

    def reset(self) -> bool:
        """Start counting afresh (the player asked for it); ``False`` if that failed."""
        if not self._save(Statistics()):
            return False
        self.notice = ""
        return True

    def _load(self) -> tuple[Statistics, bool]:
        """The statistics, and whether the file may be written (it is not a damaged file
        that could not be set aside)."""
        path = self.path
        remove_stale_temporaries(path.parent, path.name)
        try:
            return Statistics.from_text(_read(path)), True
        except FileNotFoundError:
            return Statistics(), True
        except _NoFolder as blocked:  # no file, and none can be made: nothing to set aside
            self.notice = blocked.notice
            return Statistics(), False
        except StatisticsError as error:
            return Statistics(), self._set_aside(error.words)

    def _set_aside(self, problem: Words) -> bool:
        """Rename the damaged file out of the way; ``False`` if that was not possible."""
        path = self.path
        target = free_name(path, "damaged")
        try:
            os.rename(path, target)
        except OSError as error:
            self.notice = Notice(
                "notice_not_set_aside", problem=problem, error=system_words(error), path=path
            )
            return False
        self.notice = Notice("notice_set_aside", problem=problem, name=target.name)
        return True

    def _save(self, statistics: Statistics) -> bool:
        path = self.path
        try:
            text = statistics.checked_text()
        except StatisticsError as error:  # the next start would set the file aside
            self.notice = Notice("notice_would_not_read_back", problem=error.words)
            return False
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, text)
        except SaveFileError as error:
            self.notice = Notice("notice_not_saved", error=error.words)
            return False
        except OSError as error:  # the folder could not be made
            folder = str(error.filename or path.parent)
            words = say("files.cannot_write_into", folder=folder, error=system_words(error))
            self.notice = Notice("notice_not_saved", error=words)
            return False
        return True


def _read(path: Path) -> str:
    """The text of the statistics file; ``FileNotFoundError`` if there is none, else
    :class:`StatisticsError` when it cannot be statistics."""
    try:
        # A folder, named pipe or device is refused before it is opened (a pipe would
        # block the read for ever); the file is opened without waiting, as storage does.
        kind = special_kind(os.stat(path).st_mode)
        if kind is not None:
            raise StatisticsError("file_is_kind", kind=say(f"statistics.{_KINDS[kind]}"))
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(handle, "rb") as stream:
            data = stream.read(MAX_BYTES + 1)
    except (StatisticsError, FileNotFoundError):
        raise
    except NotADirectoryError:  # no file, as a folder on its way is a file
        notice = _no_folder_notice(path.parent)
        if notice is None:  # moved meanwhile: there is no file either way
            raise FileNotFoundError(path) from None
        raise _NoFolder(notice) from None
    except PermissionError:
        raise StatisticsError("file_not_readable") from None
    except OSError as error:
        raise StatisticsError("file_cannot_read", error=system_words(error)) from None
    if len(data) > MAX_BYTES:
        raise StatisticsError("file_too_large", megabytes=MAX_BYTES // (1024 * 1024))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise StatisticsError("file_not_text") from None


class _NoFolder(Exception):
    """The statistics' folder is a file, or under one: there is no statistics file, and
    none can be written; :attr:`notice` says so."""

    def __init__(self, notice: Notice) -> None:
        super().__init__(str(notice))
        self.notice = notice


def _no_folder_notice(folder: Path) -> Notice | None:
    """The notice that says ``folder`` cannot hold the statistics because it is a file,
    or a folder above it is; ``None`` if no file is in the way."""
    for place in (folder, *folder.parents):
        if os.path.isdir(place):
            return None
        if os.path.exists(place):
            if place == folder:
                return Notice("notice_folder_is_file", folder=str(folder))
            return Notice("notice_folder_under_file", folder=str(folder), file=str(place))
    return None


__all__ = [
    "DASH",
    "FILE_NAME",
    "DealPlayed",
    "DuelPlayed",
    "DuelStatistics",
    "Played",
    "SolitaireStatistics",
    "Statistics",
    "StatisticsError",
    "StatisticsFile",
    "Tally",
    "deal_ranges",
]
