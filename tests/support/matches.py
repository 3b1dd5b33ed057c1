"""Matches played for a test, with their games kept (the summary keeps only counts)."""

from __future__ import annotations

from fireice_desktop.engine.match.run import GameResult, MatchSummary, Player, Settings, run_match


def play_match(
    players: tuple[Player, Player], games: int, settings: Settings, jobs: int = 1
) -> tuple[MatchSummary, list[GameResult]]:
    """Play a match; its summary and every game, in order, as ``run_match`` reported them."""
    played: list[GameResult] = []
    summary = run_match(players, games, settings, jobs, played.append)
    return summary, played
