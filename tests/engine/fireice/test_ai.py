"""The computer player: legal, tactically awake, reproducible and cancellable."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fireice_desktop.engine.games.fireice.ai import LEVELS, TEMPO, evaluate_position
from fireice_desktop.engine.games.fireice.playout import random_playout
from fireice_desktop.engine.games.fireice.rules import Color, Move, Position
from fireice_desktop.engine.games.fireice.spec import FIRE_AND_ICE
from fireice_desktop.engine.match import play_game, run_match
from fireice_desktop.engine.search import Cancelled, level_names, search

SEARCHING_LEVELS = tuple(LEVELS)


def positions_of_random_games(seed: int, games: int) -> Iterator[Position]:
    """Every position met in ``games`` uniformly random games."""
    rng = random.Random(seed)
    for _ in range(games):
        position = Position.start()
        moves: list[Move] = []
        random_playout(position, rng, moves)
        for move in moves:
            yield position
            position = position.play_unchecked(move)


def winning_moves(position: Position) -> list[Move]:
    """Moves after which the mover has won."""
    mover = position.to_move
    return [m for m in position.legal_moves() if position.play_unchecked(m).winner is mover]


def losing_moves(position: Position) -> list[Move]:
    """Moves that hand the opponent the win at once (the peg put in the vacated hole)."""
    mover = position.to_move
    return [m for m in position.legal_moves() if position.play_unchecked(m).winner is mover.other]


def threatened(position: Position) -> bool:
    """Whether the opponent, were it their turn, could win with one move."""
    flipped = position._replace(to_move=position.to_move.other)
    return bool(winning_moves(flipped))


def find(predicate: Callable[[Position], bool], count: int, seed: int) -> list[Position]:
    found = []
    for position in positions_of_random_games(seed, 400):
        if not position.is_over and predicate(position):
            found.append(position)
            if len(found) == count:
                break
    assert len(found) == count, "the random games did not contain enough such positions"
    return found


WIN_AVAILABLE = find(lambda p: bool(winning_moves(p)), 8, seed=11)
GIFT_AVAILABLE = find(
    lambda p: (
        bool(losing_moves(p))
        and len(losing_moves(p)) < len(p.legal_moves())
        and not winning_moves(p)
    ),
    8,
    seed=12,
)
MUST_DEFEND = find(
    lambda p: (
        threatened(p)
        and not winning_moves(p)
        and any(
            not winning_moves(p.play_unchecked(m)) and p.play_unchecked(m).winner is None
            for m in p.legal_moves()
        )
    ),
    6,
    seed=13,
)


@pytest.mark.parametrize("level", SEARCHING_LEVELS)
@pytest.mark.parametrize("index", range(len(WIN_AVAILABLE)))
def test_every_level_takes_a_win_in_one(level: str, index: int) -> None:
    position = WIN_AVAILABLE[index]
    move = search(position, level, seed=index).move
    assert move in winning_moves(position)


@pytest.mark.parametrize("level", SEARCHING_LEVELS)
@pytest.mark.parametrize("index", range(len(GIFT_AVAILABLE)))
def test_no_level_hands_the_opponent_the_win(level: str, index: int) -> None:
    position = GIFT_AVAILABLE[index]
    move = search(position, level, seed=index).move
    assert move not in losing_moves(position)


@pytest.mark.parametrize("level", ["strong", "expert"])
@pytest.mark.parametrize("index", range(len(MUST_DEFEND)))
def test_strong_levels_stop_a_win_in_one(level: str, index: int) -> None:
    position = MUST_DEFEND[index]
    after = position.play_unchecked(search(position, level, seed=index).move)
    assert after.winner is None
    assert not winning_moves(after), "the opponent can still win at once"


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(level_names(FIRE_AND_ICE)))
def test_the_move_is_legal_and_the_same_for_the_same_seed(seed: int, level: str) -> None:
    positions = list(positions_of_random_games(seed, 1))
    position = positions[seed % len(positions)]
    first = search(position, level, seed=seed)
    assert position.is_legal(first.move)
    assert search(position, level, seed=seed).move == first.move


def test_a_search_can_be_cancelled() -> None:
    calls = []

    def stop() -> bool:
        calls.append(1)
        return True

    position = MUST_DEFEND[0]
    with pytest.raises(Cancelled):
        search(position, "expert", stop=stop)
    assert calls


@pytest.mark.parametrize(
    ("level", "message"),
    [("grandmaster", "unknown level 'grandmaster'"), ("", "unknown level ''")],
)
def test_an_unknown_level_is_refused(level: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        search(Position.start(), level)


def test_a_finished_game_has_no_move_to_search() -> None:
    rng = random.Random(5)
    start = Position.start()
    moves: list[Move] = []
    random_playout(start, rng, moves)
    position = start
    for move in moves:
        position = position.play_unchecked(move)
    assert position.is_over
    with pytest.raises(ValueError, match="the game is over"):
        search(position, "casual")


def test_the_evaluation_is_zero_sum_apart_from_the_tempo() -> None:
    for position in list(positions_of_random_games(21, 5))[::7]:
        mine = evaluate_position(position)
        theirs = evaluate_position(position._replace(to_move=position.to_move.other))
        assert mine + theirs == 2 * TEMPO


def test_a_game_between_levels_is_legal_and_reproducible() -> None:
    game = play_game("casual", "beginner", seed=3)
    position = Position.start()
    for move in game.moves:
        position = position.play(move)
    assert position.winner is game.winner
    assert play_game("casual", "beginner", seed=3).moves == game.moves
    assert len(game.seconds[0]) + len(game.seconds[1]) == len(game.moves)


def test_a_match_counts_every_game_and_seeds_them_in_turn() -> None:
    summary = run_match("beginner", "random", games=4, seed=10)
    assert [game.seed for game in summary.games] == [10, 11, 12, 13]
    assert summary.fire_wins + summary.ice_wins == 4
    assert summary.fire_wins == 4, "the beginner beats random play"
    assert len(summary.move_times(Color.FIRE)) == sum(
        len(game.seconds[0]) for game in summary.games
    )


def test_a_match_refuses_an_unknown_level() -> None:
    with pytest.raises(ValueError, match="unknown level 'wizard'"):
        run_match("wizard", "random", games=1)
