"""The shipped puzzles and playing them.

Every puzzle is checked for shape on every run; a sample, different every day, is proved
again with the exact search (the win in N, none faster, one winning first move);
``python scripts/make_puzzles.py --check`` proves them all.  What the file says of the
other first moves (``first_moves``: slower wins, refuted, undecided) is checked for shape
on every puzzle and against the exact search on a sample.  A move that wins too, only
more slowly, is taken back, never called wrong; the words never claim more than was
proved.
"""

from __future__ import annotations

import datetime
import random
from collections import Counter

import pytest

from fireice_desktop.engine.errors import Cancelled
from fireice_desktop.engine.games.fireice.proof import Prover
from fireice_desktop.engine.games.fireice.puzzles import (
    CONTRACT_KEYS,
    DAILY_MOST_RATING,
    LOST,
    MOST_MOVES,
    RIGHT,
    SHORT,
    SLOWER,
    Attempt,
    Puzzle,
    all_puzzles,
    daily_puzzles,
    find_puzzle,
    puzzle_of_the_day,
)
from fireice_desktop.engine.games.fireice.rules import Position
from fireice_desktop.engine.words import spoken

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
    slower = puzzle.first_moves.slower if puzzle.first_moves is not None else {}
    wrong = next(
        m
        for m in puzzle.position.legal_moves()
        if str(m) != puzzle.solution[0] and str(m) not in slower
    )
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


# --- the other first moves, and moves that win too but more slowly ---------------------------


def other_first_moves(puzzle: Puzzle) -> set[str]:
    """The legal first moves but the solution's that do not end the game at once."""
    position = puzzle.position
    return {
        str(move)
        for move in position.legal_moves()
        if str(move) != puzzle.solution[0] and position.play_unchecked(move).winner is None
    }


def test_every_puzzle_says_what_each_other_first_move_does() -> None:
    for puzzle in all_puzzles():
        first = puzzle.first_moves
        assert first is not None, puzzle.id
        slower, refuted, undecided = set(first.slower), set(first.refuted), first.undecided
        assert not (slower & refuted or slower & undecided or refuted & undecided), puzzle.id
        assert slower | refuted | undecided == other_first_moves(puzzle), puzzle.id
        assert all(k > puzzle.win_in for k in first.slower.values()), puzzle.id
        after = {move: puzzle.position.play(move) for move in refuted}
        assert all(after[m].is_legal(after[m].parse_move(r)) for m, r in first.refuted.items())
        assert puzzle.kind in ("only", "slower", "undecided")
        assert puzzle.contract().keys() == set(CONTRACT_KEYS)  # nothing new for scripts


def slower_by_one_or_two() -> list[tuple[Puzzle, str, int]]:
    """Each first move the file says wins in N+1 or N+2 moves (fast to prove again)."""
    return [
        (puzzle, move, within)
        for puzzle in all_puzzles()
        if puzzle.first_moves is not None
        for move, within in sorted(puzzle.first_moves.slower.items())
        if within <= puzzle.win_in + 2 and within <= 4
    ]


@pytest.mark.slow  # a few seconds of proofs
def test_a_sample_of_slower_first_moves_is_proved_again() -> None:
    found = slower_by_one_or_two()
    assert len(found) >= 20  # the puzzles have many
    for puzzle, move, within in today_rng().sample(found, 8):
        after = puzzle.position.play(move)
        prover = Prover()
        assert not prover.defends(after, within - 1), (puzzle.id, move)  # wins within K
        assert prover.defends(after, puzzle.win_in - 1), (puzzle.id, move)  # not within N


@pytest.mark.slow  # about a second of proofs
def test_a_sample_of_refuted_first_moves_is_proved_again() -> None:
    # The defender's reply the file gives wins: at once, or (for those quick to prove
    # again) by force within 2 or 3 of its moves.  Longer ones are proved again by
    # ``make_puzzles.py --alternatives`` only.
    refuted = [
        (puzzle, move, reply)
        for puzzle in all_puzzles()
        if puzzle.first_moves is not None
        for move, reply in sorted(puzzle.first_moves.refuted.items())
    ]
    checked = 0
    for puzzle, move, reply in today_rng().sample(refuted, 40):
        after = puzzle.position.play(move)
        answered = after.play(reply)
        if answered.winner is puzzle.to_move.other:
            checked += 1
            continue
        prover = Prover()
        prover.stop = lambda prover=prover: prover.nodes > 30_000
        try:
            for k in (2, 3):
                if prover.wins_within(after, k):
                    assert not prover.defends(answered, k - 1), (puzzle.id, move)
                    checked += 1
                    break
        except Cancelled:
            continue
    assert checked >= 20


def test_a_slower_first_move_is_taken_back_and_the_fast_one_still_solves() -> None:
    puzzle, move, _ = next(f for f in slower_by_one_or_two() if f[0].win_in >= 2)
    attempt = Attempt(puzzle)
    judged = attempt.judge(puzzle.position.parse_move(move))
    assert judged.kind == SLOWER and judged.wins is True and not judged.right
    assert judged.reply is None and not judged.solved
    assert str(judged.said) == (
        f"{move} wins too, but not in {puzzle.win_in}: find the faster win."
    )
    assert "wins too" in str(judged.said) and "not win" not in str(judged.said)
    assert spoken(judged.said, "it").startswith(f"Anche {move} vince, ma non in")
    assert not attempt.failed and attempt.position == puzzle.position and not attempt.played
    assert attempt.left == puzzle.win_in
    for index in range(0, len(puzzle.solution), 2):
        step = attempt.play(attempt.position.parse_move(puzzle.solution[index]))
        assert step.right
    assert attempt.solved and not attempt.failed


def test_puzzle_401s_d2_d1_is_never_called_lost() -> None:
    # The example: after D2-D1 E2-E1 Fire still wins by force, in more moves than
    # any search here can prove; so the trainer claims only what it proved.
    puzzle = find_puzzle(401)
    assert puzzle is not None and puzzle.win_in == 3
    attempt = Attempt(puzzle)
    judged = attempt.judge(puzzle.position.parse_move("D2-D1"))
    assert judged.kind in (SLOWER, SHORT)
    assert judged.wins is not False
    assert "the win is gone" not in str(judged.said) and "by force" not in str(judged.said)
    if judged.kind == SHORT:
        assert judged.reply is not None and judged.wins is None
        said = f"D2-D1 does not win within 3 moves: Ice answers {judged.reply}."
        assert str(judged.said).startswith(said)
        # The reply shown leaves Fire no win within the 2 moves left of the 3.
        assert not Prover().wins_within(puzzle.position.play("D2-D1").play(judged.reply), 2)


def test_a_later_move_that_wins_more_slowly_is_taken_back() -> None:
    # Puzzle 2, win in 2: after the first move and the reply, A2-A1 does not win at once
    # but wins in 2 more (found by searching the puzzles; ids never change).
    puzzle = find_puzzle(2)
    assert puzzle is not None and puzzle.win_in == 2
    attempt = Attempt(puzzle)
    assert attempt.judge(puzzle.position.parse_move(puzzle.solution[0])).kind == RIGHT
    before = attempt.position
    move = before.parse_move("A2-A1")
    assert not attempt.keeps_win(move)
    judged = attempt.judge(move)
    assert judged.kind == SLOWER and judged.wins is True
    assert str(judged.said) == "A2-A1 wins too, but not in 1 move: find the faster win."
    assert attempt.position == before and not attempt.failed
    assert attempt.judge(before.parse_move(puzzle.solution[2])).solved


def test_a_wrong_move_is_lost_only_when_proved() -> None:
    # In every judgement of a sample of wrong first moves, "the win is gone" is said only
    # of a move the file proves refuted (or that hands over the win at once).
    for puzzle in [p for p in all_puzzles() if p.win_in <= 2][:30]:
        first = puzzle.first_moves
        assert first is not None
        for text in sorted(first.refuted)[:2] + sorted(first.undecided)[:1]:
            attempt = Attempt(puzzle)
            judged = attempt.judge(puzzle.position.parse_move(text))
            assert attempt.failed and not judged.right
            if text in first.refuted:
                assert judged.kind == LOST and judged.wins is False
                assert str(judged.reply) == first.refuted[text]
            else:
                assert judged.kind == SHORT and judged.wins is None
                assert "gone" not in str(judged.said) and "by force" not in str(judged.said)
                assert f"does not win within {puzzle.win_in} move" in str(judged.said)
