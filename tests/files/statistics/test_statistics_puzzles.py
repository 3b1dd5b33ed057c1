"""The puzzle rating kept in the statistics file: a new player's start on the puzzles'
scale, and a rating kept before that start carried over to it, not reset."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from fireice_desktop.engine.teaching.rating import NEWCOMER, Rating, after_puzzle
from fireice_desktop.files.statistics.puzzles import OLD_START, PuzzleStatistics
from fireice_desktop.files.statistics.store import Statistics, StatisticsFile

#: Puzzle ratings as the shipped puzzles have them.
RATINGS = (757, 760, 763, 931, 1060, 1172, 1275, 1373, 1472, 1574, 1688, 1834)


def old_file(path: Path, results: list[tuple[int, float, bool]]) -> Rating:
    """The statistics file an earlier version wrote after ``results`` (each a puzzle's
    id, its rating and whether it was solved), rated from its start of 1500 and 350; the
    rating it kept."""
    rating = OLD_START
    solved, again = [], {}
    for turn, (puzzle_id, puzzle_rating, won) in enumerate(results, start=1):
        rating = after_puzzle(rating, puzzle_rating, won)
        if won:
            solved.append(puzzle_id)
        else:
            again[str(puzzle_id)] = turn + 5
    puzzles = {
        "rating": round(rating.rating, 3),
        "deviation": round(rating.deviation, 3),
        "volatility": round(rating.volatility, 6),
        "tried": len(results),
        "solved": len(solved),
        "streak": 0,
        "best_streak": 0,
        "solved_ids": sorted(solved),
        "again": again,
        "days": [],
    }
    text = {"format": "fireice-statistics", "version": 1, "duels": {}, "puzzles": puzzles}
    path.write_text(json.dumps(text), encoding="utf-8")
    return rating


def replayed(results: list[tuple[int, float, bool]]) -> Rating:
    """The rating the same results give from the present start."""
    rating = NEWCOMER
    for _, puzzle_rating, won in results:
        rating = after_puzzle(rating, puzzle_rating, won)
    return rating


def some_results(count: int, seed: int, share: float) -> list[tuple[int, float, bool]]:
    rng = random.Random(seed)
    return [(index + 1, rng.choice(RATINGS), rng.random() < share) for index in range(count)]


def test_a_new_player_starts_on_the_puzzles_scale() -> None:
    assert PuzzleStatistics().rating == NEWCOMER == Rating(900.0, 200.0, 0.06)
    written = Statistics().to_json()["puzzles"]
    assert written["start"] == {"rating": 900.0, "deviation": 200.0}


def test_an_old_files_untouched_rating_is_a_new_players(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    old_file(path, [])
    assert StatisticsFile(path).load().puzzles.rating == NEWCOMER


@pytest.mark.parametrize("count", [1, 3, 10, 40])
def test_an_old_files_rating_is_carried_over_not_reset(tmp_path: Path, count: int) -> None:
    results = some_results(count, seed=count, share=0.7)
    path = tmp_path / "statistics.json"
    kept = old_file(path, results)
    files = StatisticsFile(path)
    carried = files.load().puzzles.rating
    replay = replayed(results)
    # Not reset: the results still count, nearly as if played from the present start;
    # far nearer that than the rating kept, reckoned from a start of 1500.
    assert carried != NEWCOMER
    assert abs(carried.rating - replay.rating) < min(100, abs(kept.rating - replay.rating) / 2)
    assert abs(carried.deviation - replay.deviation) < 30
    # The counts are as they were.
    progress = files.load().puzzles
    assert progress.tried == count and len(progress.solved_ids | progress.again.keys()) == count
    # Written back with its start, it is read as it is: carried over once.
    files.change(lambda statistics: statistics.puzzles.count(999, 1000, True, None))
    on_disk = json.loads(path.read_text(encoding="utf-8"))["puzzles"]
    assert on_disk["start"] == {"rating": 900.0, "deviation": 200.0}
    again = files.load().puzzles.rating
    expected = after_puzzle(carried, 1000, True)
    assert again.rating == pytest.approx(expected.rating, abs=0.01)
    assert again.deviation == pytest.approx(expected.deviation, abs=0.01)


def test_a_long_kept_rating_barely_moves(tmp_path: Path) -> None:
    results = some_results(80, seed=8, share=0.6)
    path = tmp_path / "statistics.json"
    kept = old_file(path, results)
    carried = StatisticsFile(path).load().puzzles.rating
    assert abs(carried.rating - kept.rating) < 40
    assert abs(carried.rating - replayed(results).rating) < 20


def test_a_start_in_the_file_is_checked(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    bad = {"format": "fireice-statistics", "version": 1, "puzzles": {"start": {"rating": "x"}}}
    path.write_text(json.dumps(bad), encoding="utf-8")
    files = StatisticsFile(path)
    assert files.load() == Statistics()  # set aside as damaged, counting afresh
    assert "puzzles.start.rating" in files.notice
