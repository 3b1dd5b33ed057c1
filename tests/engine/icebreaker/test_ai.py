"""The computer player on Icebreaker: legal, reproducible, cancellable, awake to a win."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fireice_desktop.engine.games.fireice.spec import FIRE_AND_ICE
from fireice_desktop.engine.games.icebreaker.ai import explain
from fireice_desktop.engine.games.icebreaker.board import Side, Step
from fireice_desktop.engine.games.icebreaker.rules import IcebreakerPosition
from fireice_desktop.engine.games.icebreaker.spec import ICEBREAKER
from fireice_desktop.engine.search import Cancelled, level_names, search
from fireice_desktop.engine.treesearch import WIN, WON_ABOVE
from tests.support.sea import BEFORE_PASS, SIZES, position

SEARCHING_LEVELS = tuple(name for name in level_names(ICEBREAKER) if name != "random")
ALL_LEVELS = ("random", "beginner", "casual", "strong", "expert")

# Side 4, Red to move, one iceberg short of the 16 that win: e5 may take e6 and win at
# once; a1 and g1 have no iceberg next to them, so their steps capture nothing.
ONE_SHORT: dict[str, Any] = dict(
    size=4,
    red="a1 e5 g1",
    black="a4 d4 g4",
    icebergs="e6 c3 a3 g3",
    red_score=15,
    black_score=12,
)


def random_positions(size: int, seed: int) -> Iterator[IcebreakerPosition]:
    """Every position of one uniformly random game that is not over."""
    rng = random.Random(seed)
    here = IcebreakerPosition.start(size)
    while not here.is_over:
        yield here
        here = here.play_unchecked(rng.choice(here.legal_moves()))


def a_position(size: int, seed: int) -> IcebreakerPosition:
    positions = list(random_positions(size, seed))
    return positions[seed % len(positions)]


def winning_captures(here: IcebreakerPosition) -> set[Step]:
    mover = here.to_move
    return {m for m in here.legal_moves() if here.play_unchecked(m).winner is mover}


def one_short_positions(count: int) -> list[IcebreakerPosition]:
    """Positions of random games where the side to move can win now, but not with every move."""
    found = []
    for seed in range(200):
        for here in random_positions(4 + seed % 3, seed):
            wins = winning_captures(here)
            if wins and len(wins) < len(here.legal_moves()):
                found.append(here)
                break
        if len(found) == count:
            return found
    raise AssertionError("too few positions with a win in one")


WIN_IN_ONE = one_short_positions(6)

FIXED = {
    "start, side 5": IcebreakerPosition.start(5),
    "start, side 8": IcebreakerPosition.start(8),
    "middle game, side 4": a_position(4, 20),
    "middle game, side 7": a_position(7, 60),
    "Red moves again after Black's pass": position(**BEFORE_PASS).play("c3-b2"),
    "one iceberg short": position(**ONE_SHORT),
}


def test_the_levels_are_the_fire_and_ice_names() -> None:
    assert level_names(ICEBREAKER) == level_names(FIRE_AND_ICE) == ALL_LEVELS


@pytest.mark.slow
@pytest.mark.parametrize("level", ALL_LEVELS)
@pytest.mark.parametrize("name", list(FIXED))
def test_every_level_plays_a_legal_move(level: str, name: str) -> None:
    here = FIXED[name]
    result = search(here, level, seed=3)
    assert isinstance(result.move, Step)
    assert here.is_legal(result.move), (name, str(result.move))
    assert result.move in here.legal_moves()
    assert result.principal[0] == result.move
    if level != "random":
        assert result.depth >= 1
        assert result.nodes > 0


@settings(max_examples=30, deadline=None)
@given(
    size=st.sampled_from(SIZES),
    seed=st.integers(0, 10_000),
    level=st.sampled_from(("random", "beginner", "casual", "strong")),
)
def test_the_move_is_legal_and_the_same_for_the_same_seed(size: int, seed: int, level: str) -> None:
    here = a_position(size, seed)
    first = search(here, level, seed=seed)
    assert here.is_legal(first.move)
    again = search(here, level, seed=seed)
    assert (again.move, again.score, again.depth) == (first.move, first.score, first.depth)


@pytest.mark.slow
def test_the_expert_is_reproducible() -> None:
    here = FIXED["middle game, side 4"]
    first = search(here, "expert", seed=11)
    assert search(here, "expert", seed=11).move == first.move


def test_seeds_vary_the_weaker_levels() -> None:
    start = IcebreakerPosition.start(5)
    for level in ("random", "beginner"):
        moves = {search(start, level, seed=seed).move for seed in range(30)}
        assert len(moves) > 2, level


@pytest.mark.parametrize("level", SEARCHING_LEVELS)
def test_every_level_takes_the_winning_capture(level: str) -> None:
    here = position(**ONE_SHORT)
    assert {str(m) for m in winning_captures(here)} == {"e5-e6"}
    for seed in range(3):
        result = search(here, level, seed=seed)
        assert str(result.move) == "e5-e6"
        assert result.score > WON_ABOVE


@pytest.mark.parametrize("level", SEARCHING_LEVELS)
@pytest.mark.parametrize("index", range(len(WIN_IN_ONE)))
def test_every_level_wins_at_once_in_random_games(level: str, index: int) -> None:
    here = WIN_IN_ONE[index]
    move = search(here, level, seed=index).move
    assert here.play(move).winner is here.to_move


def test_random_play_does_not_always_find_the_win() -> None:
    here = position(**ONE_SHORT)
    moves = {str(search(here, "random", seed=seed).move) for seed in range(40)}
    assert moves == {str(m) for m in here.legal_moves()}


@pytest.mark.parametrize("level", ["strong", "expert"])
def test_the_quickest_win_goes_through_the_opponents_pass(level: str) -> None:
    # c3-b2 shuts Black out: Black passes and Red takes a1, two plies.  Every other
    # capture wins too, but only after a Black move: three plies.
    here = position(**BEFORE_PASS)
    result = search(here, level, seed=0)
    assert str(result.move) == "c3-b2"
    assert result.score == WIN - 2


@pytest.mark.parametrize("level", SEARCHING_LEVELS)
def test_a_stop_that_says_yes_cancels_the_search(level: str) -> None:
    calls = []

    def stop() -> bool:
        calls.append(1)
        return True

    with pytest.raises(Cancelled):
        search(IcebreakerPosition.start(5), level, stop=stop)
    assert calls


def test_a_search_is_cancelled_part_way() -> None:
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 40

    with pytest.raises(Cancelled):
        search(IcebreakerPosition.start(6), "expert", stop=stop)
    assert len(calls) == 41


@pytest.mark.slow
def test_a_stop_that_says_no_changes_nothing() -> None:
    here = FIXED["middle game, side 4"]
    for level in ("strong", "expert"):
        free = search(here, level, seed=2)
        watched = search(here, level, seed=2, stop=lambda: False)
        assert (watched.move, watched.score, watched.depth, watched.nodes) == (
            free.move,
            free.score,
            free.depth,
            free.nodes,
        )


def test_a_finished_game_has_no_move_to_search() -> None:
    here = position(size=4, icebergs="c3", red_score=16, black_score=14)
    assert here.is_over
    for level in ALL_LEVELS:
        with pytest.raises(ValueError, match="the game is over"):
            search(here, level)


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level 'grandmaster'"):
        search(IcebreakerPosition.start(5), "grandmaster")


# --- hints: explain() ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("setup", "move", "expected"),
    [
        ({}, "a1-b2", "captures an iceberg"),
        ({}, "e9-e8", "captures an iceberg"),
        (ONE_SHORT, "e5-e6", "wins at once"),
        (BEFORE_PASS, "c3-b2", "leaves Black with no move, so Black must pass"),
        (BEFORE_PASS, "a2-b2", "captures an iceberg"),
    ],
)
def test_explain_says_what_a_move_does(setup: dict[str, Any], move: str, expected: str) -> None:
    here = position(**setup)
    assert explain(here, here.parse_move(move)) == expected


def test_explain_says_nothing_of_captures_for_a_plain_step() -> None:
    here = position(**ONE_SHORT)
    for text in ("a1-a2", "a1-b2", "g1-g2"):
        reason = explain(here, here.parse_move(text))
        assert "captures" not in reason
        assert "wins" not in reason


# --- a short match ------------------------------------------------------------------------------


def play_game(red: str, black: str, seed: int, size: int = 4) -> tuple[Side, int]:
    """Play ``red`` against ``black`` (level names) to the end: the winner and the length."""
    here = IcebreakerPosition.start(size)
    moves = 0
    while not here.is_over:
        assert moves < 3 * here.board.cell_count
        level = red if here.to_move is Side.RED else black
        here = here.play(search(here, level, seed).move)
        moves += 1
    assert here.winner is not None
    return here.winner, moves


@pytest.mark.slow
def test_strong_beats_random_in_most_games() -> None:
    wins = 0
    games = 8
    for seed in range(games):
        strong = Side.RED if seed % 2 == 0 else Side.BLACK
        red, black = ("strong", "random") if strong is Side.RED else ("random", "strong")
        winner, _ = play_game(red, black, seed)
        wins += winner is strong
    assert wins >= 6, f"strong won only {wins} of {games}"


def test_a_game_between_levels_is_reproducible() -> None:
    assert play_game("casual", "beginner", 5) == play_game("casual", "beginner", 5)
