"""The computer player: legal, tactically awake, reproducible and cancellable."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fireice_desktop.engine.games.fireice.ai import computer as ai
from fireice_desktop.engine.games.fireice.ai.computer import LEVELS, TEMPO, evaluate_position
from fireice_desktop.engine.games.fireice.ai.playout import random_playout
from fireice_desktop.engine.games.fireice.board import LINES, controlled_islands
from fireice_desktop.engine.games.fireice.rules import Color, Move, Position
from fireice_desktop.engine.games.fireice.spec import FIRE_AND_ICE
from fireice_desktop.engine.match.run import Player, Settings, parse_player, play_game, run_match
from fireice_desktop.engine.search import Cancelled, hint, level_names, search
from fireice_desktop.engine.treesearch import WIN
from tests.support.matches import play_match

SEARCHING_LEVELS = tuple(LEVELS)


def expert_slow(levels: tuple[str, ...]) -> list[object]:
    """``levels`` for a parametrize, the expert's marked ``slow``: its searches take seconds
    where it cannot stop early (the quick ``-m "not slow"`` loop leaves them to the full run)."""
    return [
        pytest.param(level, marks=pytest.mark.slow) if level == "expert" else level
        for level in levels
    ]


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


def find(predicate: Callable[[Position], bool], count: int, seed: int) -> tuple[Position, ...]:
    found: list[Position] = []
    for position in positions_of_random_games(seed, 400):
        if not position.is_over and predicate(position):
            found.append(position)
            if len(found) == count:
                break
    assert len(found) == count, "the random games did not contain enough such positions"
    return tuple(found)


# The positions the tests below search are found on first use (and kept), not as the module
# is collected: every pytest-xdist worker collects every module, and most run few of these.
WIN_COUNT = 8
GIFT_COUNT = 8
DEFEND_COUNT = 6


@functools.cache
def win_available() -> tuple[Position, ...]:
    """Positions where the mover can win at once."""
    return find(lambda p: bool(winning_moves(p)), WIN_COUNT, seed=11)


@functools.cache
def gift_available() -> tuple[Position, ...]:
    """Positions where some moves, not all, hand the opponent the win, and none wins."""
    return find(
        lambda p: (
            bool(losing_moves(p))
            and len(losing_moves(p)) < len(p.legal_moves())
            and not winning_moves(p)
        ),
        GIFT_COUNT,
        seed=12,
    )


@functools.cache
def must_defend() -> tuple[Position, ...]:
    """Positions where the opponent threatens to win at once and a move stops it."""
    return find(
        lambda p: (
            threatened(p)
            and not winning_moves(p)
            and any(
                not winning_moves(p.play_unchecked(m)) and p.play_unchecked(m).winner is None
                for m in p.legal_moves()
            )
        ),
        DEFEND_COUNT,
        seed=13,
    )


@pytest.mark.parametrize("level", SEARCHING_LEVELS)
@pytest.mark.parametrize("index", range(WIN_COUNT))
def test_every_level_takes_a_win_in_one(level: str, index: int) -> None:
    position = win_available()[index]
    move = search(position, level, seed=index).move
    assert move in winning_moves(position)


@pytest.mark.parametrize("level", expert_slow(SEARCHING_LEVELS))
@pytest.mark.parametrize("index", range(GIFT_COUNT))
def test_no_level_hands_the_opponent_the_win(level: str, index: int) -> None:
    position = gift_available()[index]
    move = search(position, level, seed=index).move
    assert move not in losing_moves(position)


@pytest.mark.parametrize("level", expert_slow(("strong", "expert")))
@pytest.mark.parametrize("index", range(DEFEND_COUNT))
def test_strong_levels_stop_a_win_in_one(level: str, index: int) -> None:
    position = must_defend()[index]
    after = position.play_unchecked(search(position, level, seed=index).move)
    assert after.winner is None
    assert not winning_moves(after), "the opponent can still win at once"


# Eight random positions and seeds for each level (the level was drawn with the seed: the
# expert, a second or more a search, came up anywhere from 2 to 18 times in 40).
@pytest.mark.parametrize("level", expert_slow(level_names(FIRE_AND_ICE)))
@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000))
def test_the_move_is_legal_and_the_same_for_the_same_seed(level: str, seed: int) -> None:
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

    position = must_defend()[0]
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


def levels(fire: str, ice: str) -> tuple[Player, Player]:
    return parse_player(fire, FIRE_AND_ICE), parse_player(ice, FIRE_AND_ICE)


def test_a_game_between_levels_is_legal_and_reproducible() -> None:
    game = play_game(levels("casual", "beginner"), Settings(seed=0), number=3)
    position = Position.start()
    for move in game.moves:
        position = position.play(move)
    assert position.winner is (Color.FIRE if game.winner == game.first else Color.ICE)
    assert play_game(levels("casual", "beginner"), Settings(seed=0), number=3).moves == game.moves
    assert game.seed == 3
    assert len(game.seconds[0]) + len(game.seconds[1]) == len(game.moves)


def test_a_match_counts_every_game_and_seeds_them_in_turn() -> None:
    summary, games = play_match(levels("beginner", "random"), 4, Settings(seed=10))
    assert summary.games == 4
    assert [game.seed for game in games] == [10, 11, 12, 13]
    assert summary.won(0) + summary.won(1) == 4
    assert summary.won(0) == 4, "the beginner beats random play"
    assert summary.won_as(0, 0) == summary.won_as(0, 1) == 2, "with either colour"
    assert len(summary.move_times(0)) == sum(
        len(game.moves) - game.opening - len(game.seconds[1]) for game in games
    )


def test_a_match_refuses_an_unknown_level() -> None:
    with pytest.raises(ValueError, match="no level is called 'wizard'"):
        levels("wizard", "random")
    with pytest.raises(ValueError, match="unknown level 'wizard'"):
        run_match((Player("wizard", level="wizard"), Player("random", level="random")), games=1)


def test_the_unrolled_evaluation_reads_the_seven_lines_of_islands() -> None:
    """``evaluate`` is written out island by island for speed: it must still be the sum
    over the lines of islands of the sides' island-value products, plus the tempo."""
    rng = random.Random(11)
    for _ in range(300):
        position = Position.start()
        for _ in range(rng.randrange(0, 40)):
            if position.is_over:
                break
            position = position.play_unchecked(rng.choice(position.legal_moves()))
        me, opp = position.fire, position.ice
        mine = [ai.ISLAND_VALUE[(me >> 7 * i & 127) | (opp >> 7 * i & 127) << 7] for i in range(7)]
        theirs = [
            ai.ISLAND_VALUE[(opp >> 7 * i & 127) | (me >> 7 * i & 127) << 7] for i in range(7)
        ]
        total = sum(
            mine[a] * mine[b] * mine[c] - theirs[a] * theirs[b] * theirs[c] for a, b, c in LINES
        )
        assert ai.evaluate(me, opp) == int(total / 1000) + ai.TEMPO


def _controls(position: Position) -> tuple[int, int, int, int]:
    if position.to_move is Color.FIRE:
        me, opp = position.fire, position.ice
    else:
        me, opp = position.ice, position.fire
    return me, opp, controlled_islands(me), controlled_islands(opp)


@pytest.mark.parametrize("seed", range(4))
def test_the_search_sees_a_win_at_once_exactly_when_there_is_one(seed: int) -> None:
    """``can_win``, what the search asks at its horizon, agrees with trying every move."""
    for position in positions_of_random_games(seed, 40):
        if not position.is_over:
            assert ai.can_win(*_controls(position)) == bool(winning_moves(position))


def wins_whatever_the_reply(position: Position, move: Move) -> bool:
    """Whether every reply to ``move`` loses at once or leaves the mover a win at once."""
    mover = position.to_move
    after = position.play_unchecked(move)
    if after.is_over:
        return False
    for reply in after.legal_moves():
        reply_after = after.play_unchecked(reply)
        if reply_after.winner is not mover and not winning_moves(reply_after):
            return False
    return True


FORCED_COUNT = 4


@functools.cache
def forced_wins() -> tuple[Position, ...]:
    """Positions with no win at once, nor a threat, but a move that wins whatever the reply."""
    found: list[Position] = []
    for position in positions_of_random_games(21, 400):
        if position.is_over or winning_moves(position) or threatened(position):
            continue
        if any(wins_whatever_the_reply(position, move) for move in position.legal_moves()):
            found.append(position)
            if len(found) == FORCED_COUNT:
                break
    assert len(found) == FORCED_COUNT, "the random games did not contain enough forced wins"
    return tuple(found)


@pytest.mark.slow
@pytest.mark.parametrize("index", range(FORCED_COUNT))
def test_the_expert_plays_a_forced_win_in_two_moves(index: int) -> None:
    """With no win at once, the expert finds a move that wins whatever the reply, and
    knows it (the score of a win on the third ply from now)."""
    position = forced_wins()[index]
    result = search(position, "expert", seed=index)
    assert result.score == WIN - 3
    assert wins_whatever_the_reply(position, result.move)


@pytest.mark.slow
@pytest.mark.parametrize("index", range(FORCED_COUNT))
def test_a_hint_says_when_it_wins_by_force_and_why(index: int) -> None:
    move, text = hint(forced_wins()[index])
    assert text.startswith(f"Hint: {move}, which wins by force in 2 moves: it ")
    assert "threatens to win on" in text or "stops" in text


@pytest.mark.slow  # every move of every position of 12 games, and every reply to it
def test_a_move_that_threatens_a_win_says_so() -> None:
    found = 0
    for position in positions_of_random_games(31, 12):
        if position.is_over or winning_moves(position) or threatened(position):
            continue
        mover = position.to_move
        for move in position.legal_moves():
            after = position.play_unchecked(move)
            if after.is_over or after.control(mover) != position.control(mover):
                continue
            wins = winning_moves(after._replace(to_move=mover))
            if wins:
                islands = " or ".join(sorted({"ABCDEFG"[m.dst // 7] for m in wins}))
                assert ai.explain(position, move) == f"threatens to win on {islands}"
                found += 1
    assert found > 5
