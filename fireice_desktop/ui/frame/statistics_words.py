"""What the Statistics screen writes: a table's cells, the lines under a table, a game of
deals' figures and the deals won, fitted to the width they have."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...files.statistics.puzzles import PuzzleStatistics, RatedPuzzle
from ...files.statistics.store import DASH, DealStatistics, DuelStatistics, deal_ranges
from ..toolkit.language import number, say, side_name, tr


def tally_text(won: int, lost: int) -> str:
    """A cell of a table: won and lost with a dash between ("3-1" with an en dash), or a
    dash alone before any game."""
    return f"{won}{DASH}{lost}" if won or lost else DASH


def two_player_text(duel: DuelStatistics, sides: Sequence[Any]) -> str:
    """The line for games between two people: how many, and who won them."""
    games = duel.two_player_games
    if not games:
        return tr("statistics.two_players_none")
    won = {side: number(duel.two_players.get(side.key, 0)) for side in sides}
    wins = ", ".join(
        tr("statistics.side_won", side=side_name(side), won=won[side]) for side in sides
    )
    return tr("statistics.two_players", count=games, games=number(games), wins=wins)


def handicap_text(duel: DuelStatistics) -> str:
    """The line for handicap games against the computer."""
    tally = duel.handicap
    if not tally.played:
        return tr("statistics.handicap_none")
    return tr("statistics.handicap", won=number(tally.won), lost=number(tally.lost))


def deal_figures(deals: DealStatistics) -> dict[str, str]:
    """A game of deals' figures: what each counts -> the number."""
    return {
        tr("statistics.deals_played"): number(deals.played),
        tr("statistics.deals_won"): number(deals.won),
        tr("statistics.current_streak"): number(deals.streak),
        tr("statistics.best_streak"): number(deals.best_streak),
    }


def puzzle_figures(puzzles: PuzzleStatistics) -> dict[str, str]:
    """The puzzles' figures: what each counts -> the number."""
    rating = puzzles.rating
    shown = f"{rating.shown}?" if rating.provisional else str(rating.shown)
    return {
        tr("statistics.puzzle_rating"): shown,
        tr("statistics.puzzles_solved"): f"{number(puzzles.solved)} / {number(puzzles.tried)}",
        tr("statistics.current_streak"): number(puzzles.streak),
        tr("statistics.best_streak"): number(puzzles.best_streak),
    }


def provisional_words(puzzles: PuzzleStatistics, rated: Sequence[RatedPuzzle]) -> str:
    """What the "?" after a provisional rating means, in short (``""`` for a rating that is
    not): about how many more new puzzles it stays provisional for."""
    if not puzzles.rating.provisional:
        return ""
    return tr("statistics.provisional", count=puzzles.to_settle(rated))


def provisional_tip(puzzles: PuzzleStatistics, rated: Sequence[RatedPuzzle]) -> str:
    """The "?" explained in full, for a tool tip (``""`` for a rating that is not)."""
    if not puzzles.rating.provisional:
        return ""
    return tr("statistics.provisional_tip", count=puzzles.to_settle(rated))


def puzzle_lines(puzzles: PuzzleStatistics, lessons: dict[str, int]) -> list[str]:
    """The lines under the puzzles' figures: the lessons done and their stars; the days
    the puzzle of the day was solved, and the missed puzzles to come back."""
    done = tr("statistics.lessons_done", count=len(lessons), stars=sum(lessons.values()))
    days = tr("statistics.puzzle_days", count=len(puzzles.days))
    again = tr("statistics.puzzles_again", count=len(puzzles.again))
    return [done, f"{days} · {again}"]


def deal_words(deals: set[int]) -> list[str]:
    """:func:`~...files.statistics.store.deal_ranges` with the numbers written as the
    language writes them ("1.000" in Italian)."""
    words = deal_ranges(deals)
    return [word.replace(",", ".") for word in words] if number(1000) != "1,000" else words


def notice_text(notice: str) -> str:
    """The statistics file's notice in the player's language (it carries its words)."""
    words = getattr(notice, "words", None)
    return say(words) if words is not None else notice


def wrap(words: Sequence[str], fits: Callable[[str], bool]) -> list[str]:
    """``words`` joined by spaces into lines that each ``fits``."""
    lines: list[str] = []
    for word in words:
        if lines and fits(f"{lines[-1]} {word}"):
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def deals_won_lines(deals: set[int], fits: Callable[[str], bool], most: int) -> list[str]:
    """The deals won, written compactly in at most ``most`` lines that each ``fits``; what
    does not fit is counted at the end ("and 12 more")."""
    if not deals:
        return [tr("statistics.deals_won_none")]
    words = deal_words(deals)
    counts = [_deals_in(word) for word in words]

    def lines(shown: int) -> list[str]:
        listed = [f"{word}," for word in words[:shown]]
        rest = sum(counts[shown:])
        if rest:
            listed.append(tr("statistics.and_more", count=rest, more=number(rest)))
        else:
            listed[-1] = listed[-1].rstrip(",")
        return wrap([tr("statistics.deals_won_list"), *listed], fits)

    low, high = 0, len(words)  # the most words shown that still fit: binary search
    while low < high:
        middle = (low + high + 1) // 2
        if len(lines(middle)) <= most:
            low = middle
        else:
            high = middle - 1
    return lines(low)


def _deals_in(word: str) -> int:
    """How many deals a word of :func:`~...files.statistics.store.deal_ranges` stands for."""
    first, _, last = word.replace(",", "").replace(".", "").partition(DASH)
    return int(last) - int(first) + 1 if last else 1


__all__ = [
    "deal_figures",
    "deal_words",
    "deals_won_lines",
    "handicap_text",
    "notice_text",
    "tally_text",
    "two_player_text",
    "wrap",
]
