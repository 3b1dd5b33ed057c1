"""The shipped puzzles and playing them.

Every puzzle is checked for shape on every run; a sample, different every day, is proved
again with the exact search (the win in N, none faster, one winning first move);
``python scripts/make_puzzles.py --check`` proves them all.
"""

from __future__ import annotations

import datetime
import random
from collections import Counter

import pytest

from fireice_desktop.engine.games.fireice.proof import Prover
from fireice_desktop.engine.games.fireice.puzzles import (
    CONTRACT_KEYS,
    DAILY_MOST_RATING,
    MOST_MOVES,
    Attempt,
    Puzzle,
    all_puzzles,
    daily_puzzles,
    find_puzzle,
    puzzle_of_the_day,
)
from fireice_desktop.engine.games.fireice.rules import Position

#: The fewest puzzles the game ships.
MINIMUM = 500


def test_every_puzzle_is_well_formed() -> None:
    puzzles = all_puzzles()
    assert [p.id for p in puzzles] == list(range(1, len(puzzles) + 1))
    keys = set()
    for puzzle in puzzles:
        position = Position.start()
        for move in puzzle.moves:
            position = position.play(move)  # legal from the start, no handicap
        assert not position.is_over
        keys.add(position)
        assert 1 <= puzzle.win_in <= MOST_MOVES
        # The winner's moves and the defender's in turn, ending with the winner's; or with
        # the defender's, where its every move hands over the win (RULES.md, section 2).
        assert len(puzzle.solution) in (2 * puzzle.win_in - 1, 2 * puzzle.win_in)
        winner = position.to_move
        for move in puzzle.solution:
            assert position.winner is None
            position = position.play(move)
        assert position.winner is winner
        assert isinstance(puzzle.rating, int)
        assert sorted(puzzle.contract()) == sorted(CONTRACT_KEYS)
    assert len(keys) == len(puzzles)  # no position twice


def prove_again(puzzle: Puzzle) -> None:
    """The puzzle's win in N, none faster, and exactly its first move winning within N."""
    prover = Prover()
    position = puzzle.position
    n = puzzle.win_in
    assert prover.wins_within(position, n), puzzle.id
    assert not prover.wins_within(position, n - 1), puzzle.id
    winning = [str(m) for m in prover.winning_moves(position, n)]
    assert winning == [puzzle.solution[0]], puzzle.id


def today_rng() -> random.Random:
    """A sample different every day (the same all day, to repeat a failure)."""
    return random.Random(datetime.date.today().toordinal())


def test_a_sample_is_proved_again() -> None:
    short = [p for p in all_puzzles() if p.win_in <= 3]
    for puzzle in today_rng().sample(short, min(6, len(short))):
        prove_again(puzzle)


@pytest.mark.slow  # a long proof takes some seconds
def test_one_of_the_wins_in_4_is_proved_again() -> None:
    # A win in 5 takes one to ten minutes to prove again: those are proved again by
    # ``scripts/make_puzzles.py --check``, with every other puzzle.
    prove_again(today_rng().choice([p for p in all_puzzles() if p.win_in == 4]))


def test_there_are_enough_puzzles_of_every_length() -> None:
    counts = Counter(p.win_in for p in all_puzzles())
    assert len(all_puzzles()) >= MINIMUM
    assert all(counts[n] >= 10 for n in range(1, 5)), counts
    assert counts[MOST_MOVES] >= 4, counts  # the longest are the rarest


def play_through(puzzle: Puzzle, moves: list[str]) -> Attempt:
    attempt = Attempt(puzzle)
    for text in moves:
        step = attempt.play(attempt.position.parse_move(text))
        assert step.right
    return attempt


def test_the_solution_solves_it() -> None:
    for puzzle in all_puzzles()[:5]:
        attempt = Attempt(puzzle)
        for index in range(0, len(puzzle.solution), 2):
            step = attempt.play(attempt.position.parse_move(puzzle.solution[index]))
            assert step.right
            if index + 1 < len(puzzle.solution):
                assert str(step.reply) == puzzle.solution[index + 1]
        assert attempt.solved and step.solved


def test_a_wrong_first_move_fails_and_is_answered() -> None:
    puzzle = next(p for p in all_puzzles() if p.win_in >= 2)
    attempt = Attempt(puzzle)
    wrong = next(m for m in puzzle.position.legal_moves() if str(m) != puzzle.solution[0])
    step = attempt.play(wrong)
    assert not step.right and not step.solved
    assert attempt.failed
    assert attempt.position == puzzle.position  # nothing played
    reply = attempt.punishment(wrong)
    after = puzzle.position.play(wrong)
    assert reply is None or reply in after.legal_moves()


def test_the_first_move_is_judged_by_the_proved_solution_without_a_search() -> None:
    # Each puzzle has exactly one winning first move (proved when it was made, and again
    # by the tests above): judging it again would take a win in 5 a minute.
    for puzzle in [p for p in all_puzzles() if p.win_in >= 2][:20]:
        attempt = Attempt(puzzle)
        legal = puzzle.position.legal_moves()
        judged = {str(move) for move in legal if attempt.keeps_win(move)}
        assert judged == {puzzle.solution[0]}
        assert attempt.prover.nodes == 0


def test_any_move_keeping_the_win_counts_later() -> None:
    # After the first move, any move that still wins within the moves left is right,
    # not only the solution's.
    for puzzle in all_puzzles():
        if puzzle.win_in < 2:
            continue
        attempt = play_through(puzzle, [puzzle.solution[0]])
        prover = Prover()
        keeping = prover.winning_moves(attempt.position, attempt.left)
        others = [m for m in keeping if str(m) != puzzle.solution[2]]
        if not others:
            continue
        step = attempt.play(others[0])
        assert step.right
        return
    raise AssertionError("no puzzle has a second winning move at its second step")


def test_the_puzzle_of_the_day_changes_daily_and_returns_after_all() -> None:
    puzzles = all_puzzles()
    daily = daily_puzzles()
    start = datetime.date(2026, 1, 1)
    days = [puzzle_of_the_day(start + datetime.timedelta(days=d)) for d in range(len(daily))]
    # Every one of the day's puzzles once, before any comes back.
    assert sorted(p.id for p in days) == [p.id for p in daily]
    after = start + datetime.timedelta(days=len(daily))
    assert puzzle_of_the_day(after) == days[0]
    assert puzzle_of_the_day(start) == puzzle_of_the_day(start)
    assert find_puzzle(0) is None and find_puzzle(len(puzzles) + 1) is None


def test_the_puzzle_of_the_day_is_one_a_wide_range_of_players_can_solve() -> None:
    daily = daily_puzzles()
    # Rated at most the Casual level's 1300, more than a win in 1; and many of them, so
    # the walk is long before one comes back.
    assert all(p.rating <= DAILY_MOST_RATING and p.win_in >= 2 for p in daily)
    assert len(daily) >= 200
    left_out = [p for p in all_puzzles() if p not in daily]
    assert all(p.rating > DAILY_MOST_RATING or p.win_in == 1 for p in left_out)
    # A year of days: never the hardest puzzles (one was rated 1834 before).
    start = datetime.date(2026, 1, 1)
    year = [puzzle_of_the_day(start + datetime.timedelta(days=d)) for d in range(366)]
    assert max(p.rating for p in year) <= DAILY_MOST_RATING
