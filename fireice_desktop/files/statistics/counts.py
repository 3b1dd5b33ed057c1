"""The statistics' counts: the games won and lost between two sides, the deals and streaks of
a game played alone, and their JSON form, checked as it is read.

:class:`Statistics` is everything counted, as :mod:`.statistics` reads and writes it;
which games count, and when, is said there.  :mod:`.statistics` is the home of the public
names; no pygame here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final

from ...engine.games import registered_games
from .checks import (
    MAX_BYTES,
    StatisticsError,
    checked_count,
    checked_deal,
    is_deal,
    json_object,
    known_fields,
    one_more,
)
from .played import DealPlayed, Played
from .puzzles import PuzzleStatistics

FORMAT: Final = "fireice-statistics"
VERSION: Final = 1
#: The games played alone in numbered deals: each has its section of the file, by its name.
DEAL_GAMES: Final = tuple(game.name for game in registered_games() if game.solo)
#: Between the first and the last of a range: an en dash.
DASH: Final = "\u2013"


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
            self.won = one_more(self.won)
        else:
            self.lost = one_more(self.lost)

    def to_json(self) -> dict[str, Any]:
        return {"won": self.won, "lost": self.lost, **self.extra}

    @classmethod
    def from_json(cls, value: object, where: str) -> Tally:
        data, extra = known_fields(value, where, ("won", "lost"))
        return cls(
            checked_count(data.get("won", 0), f"{where}.won"),
            checked_count(data.get("lost", 0), f"{where}.lost"),
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
        data, extra = known_fields(value, where, ("computer", "handicap", "two_players"))
        computer = {}
        for level, sides in json_object(data.get("computer", {}), f"{where}.computer").items():
            place = f"{where}.computer.{level}"
            computer[level] = {
                side: Tally.from_json(tally, f"{place}.{side}")
                for side, tally in json_object(sides, place).items()
            }
        two_players = {
            side: checked_count(wins, f"{where}.two_players.{side}")
            for side, wins in json_object(
                data.get("two_players", {}), f"{where}.two_players"
            ).items()
        }
        handicap = Tally.from_json(data.get("handicap", {}), f"{where}.handicap")
        return cls(computer, handicap, two_players, extra)


@dataclass
class DealStatistics:
    """A game played alone in numbered deals: deals played and won, the streaks, and which
    deals were won.

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
        if self.open_deal == deal or not is_deal(deal):
            return
        if self.open_deal is not None:
            self.streak = 0  # the deal before was left without being won
        self.open_deal = deal
        self.played = one_more(self.played)

    def win(self, deal: int) -> None:
        """``deal`` is won (a number that is no deal is not counted)."""
        if not is_deal(deal):
            return
        self.begin(deal)
        self.won = one_more(self.won)
        self.streak = one_more(self.streak)
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
    def from_json(cls, value: object, where: str) -> DealStatistics:
        counts = ("played", "won", "streak", "best_streak")
        data, extra = known_fields(value, where, (*counts, "deals_won", "open_deal"))
        played, won, streak, best = (
            checked_count(data.get(key, 0), f"{where}.{key}") for key in counts
        )
        deals = data.get("deals_won", [])
        if not isinstance(deals, list):
            raise StatisticsError("file_not_list", where=f"{where}.deals_won")
        open_deal = data.get("open_deal")
        return cls(
            played,
            won,
            streak,
            best,
            {checked_deal(deal, f"{where}.deals_won") for deal in deals},
            None if open_deal is None else checked_deal(open_deal, f"{where}.open_deal"),
            extra,
        )


@dataclass
class Statistics:
    """Everything counted: each game between two sides, and each game played alone in
    deals, by its name."""

    duels: dict[str, DuelStatistics] = field(default_factory=dict)
    deals: dict[str, DealStatistics] = field(
        default_factory=lambda: {game: DealStatistics() for game in DEAL_GAMES}
    )
    version: int = VERSION  # a newer version's number is kept, with its fields
    extra: dict[str, Any] = field(default_factory=dict)
    puzzles: PuzzleStatistics = field(default_factory=PuzzleStatistics)
    #: The lessons done: each one's key -> the most stars earned (1 to 3).
    lessons: dict[str, int] = field(default_factory=dict)

    def duel(self, game: str) -> DuelStatistics:
        """The counts of ``game`` (empty ones if it was never played)."""
        return self.duels.get(game) or DuelStatistics()

    def deals_of(self, game: str) -> DealStatistics:
        """The deals of ``game`` (empty ones if it was never played)."""
        return self.deals.get(game) or DealStatistics()

    def count_move(self, played: Played) -> None:
        """A move was made in a game not yet decided: a deal is played from then."""
        if isinstance(played, DealPlayed):
            deals = self._deals_of_played(played)
            if deals is not None:
                deals.begin(played.deal)

    def _deals_of_played(self, played: DealPlayed) -> DealStatistics | None:
        """The deals ``played`` counts in, found by its game's name: only a game of deals the
        file has a section for (the file would not read another back)."""
        name = played.game
        if not isinstance(name, str) or name not in DEAL_GAMES:
            return None
        return self.deals.setdefault(name, DealStatistics())

    def count_end(self, played: Played) -> None:
        """``played`` has just been decided: count it once."""
        if isinstance(played, DealPlayed):
            deals = self._deals_of_played(played)
            if played.won and deals is not None:
                deals.win(played.deal)
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
            duel.two_players[winner] = one_more(duel.two_players.get(winner, 0))
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
            **{game: self.deals_of(game).to_json() for game in DEAL_GAMES},
            "puzzles": self.puzzles.to_json(),
            "lessons": dict(sorted(self.lessons.items())),
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
        data, extra = known_fields(
            value, "the file", ("format", "version", "duels", *DEAL_GAMES, "puzzles", "lessons")
        )
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise StatisticsError("file_bad_version", version=repr(version))
        duels = {
            game: DuelStatistics.from_json(duel, game)
            for game, duel in json_object(data.get("duels", {}), "duels").items()
        }
        deals = {game: DealStatistics.from_json(data.get(game, {}), game) for game in DEAL_GAMES}
        puzzles = PuzzleStatistics.from_json(data.get("puzzles", {}), "puzzles")
        lessons = {}
        for key, earned in json_object(data.get("lessons", {}), "lessons").items():
            count = checked_count(earned, f"lessons.{key[:24]}")
            if len(key) > 40 or count > 3:
                raise StatisticsError("file_not_count", where="lessons", value=key[:24])
            lessons[key] = count
        return cls(duels, deals, version, extra, puzzles, lessons)

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


__all__ = [
    "DASH",
    "DEAL_GAMES",
    "FORMAT",
    "VERSION",
    "DealStatistics",
    "DuelStatistics",
    "Statistics",
    "Tally",
    "deal_ranges",
]
