"""The solitaire solver: exact answers, checked by replaying lines and by plain brute force.

A solver must never be wrong.  Every line it returns is replayed through
``SolitairePosition.play``; every "no win" on a position small enough is checked by an
exhaustive search with no table and no pruning; on larger positions the solver with its
dead-end rule is checked against itself without the rule.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from fireice_desktop.engine.errors import Cancelled
from fireice_desktop.engine.games.fireice import solver as solver_module
from fireice_desktop.engine.games.fireice.rules import Color, Move
from fireice_desktop.engine.games.fireice.solitaire import FIRST_DEAL, LAST_DEAL, SolitairePosition
from fireice_desktop.engine.games.fireice.solver import (
    DEAL_NODE_LIMIT,
    DIFFICULTIES,
    HINT_NODE_LIMIT,
    Hint,
    Solution,
    Solver,
    difficulty,
    hint,
    random_deal,
    solve,
    winning_moves,
)
from tests.support.boards import bits

# --- references ------------------------------------------------------------------------------


def brute_wins(position: SolitairePosition) -> bool:
    """Plain exhaustive search from the rules alone: no table, no pruning."""
    moves = position.legal_moves()
    if not moves:
        return position.pegs_left == 1
    return any(brute_wins(position.play_unchecked(move)) for move in moves)


def assert_winning_line(position: SolitairePosition, line: tuple[Move, ...]) -> None:
    """``line`` is legal move by move from ``position`` and ends with one peg."""
    assert len(line) == position.pegs_left - 1
    for move in line:
        position = position.play(move)  # raises if illegal
    assert position.result == "won"


@contextmanager
def without_dead_end_rule() -> Iterator[None]:
    """The solver with only facts 1-3 of its docstring: no pendant components."""
    original = solver_module._shape

    def shape(occupied: int) -> tuple[int, tuple[tuple[int, int, int], ...]]:
        cuts, _ = original(occupied)
        return cuts, ()

    solver_module._shape = shape
    try:
        yield
    finally:
        solver_module._shape = original


def played(deal: int, moves: str) -> SolitairePosition:
    position = SolitairePosition.deal(deal)
    for move in moves.split():
        position = position.play(move)
    return position


#: The holes of each island (a row) and of each hole number (a column), from RULES.md §1.
ROWS = [sum(1 << (7 * row + col) for col in range(7)) for row in range(7)]
COLS = [sum(1 << (7 * row + col) for row in range(7)) for col in range(7)]


def connected(holes: int) -> bool:
    """Whether the pegs on ``holes`` form one group, moving along islands and numbers."""
    reached = holes & -holes
    while True:
        grown = reached
        for line in ROWS + COLS:
            if reached & line:
                grown |= holes & line
        if grown == reached:
            return reached == holes
        reached = grown


def random_descent(deal: int, seed: int, pegs: int) -> SolitairePosition:
    """Random captures from ``deal``, each keeping the pegs in one group, down to ``pegs``
    pegs (or until no such capture is left): positions that need a real search."""
    rng = random.Random(seed)
    position = SolitairePosition.deal(deal)
    while position.pegs_left > pegs:
        children = [position.play(move) for move in position.legal_moves()]
        children = [child for child in children if connected(child.fire | child.ice)]
        if not children:
            break
        position = rng.choice(children)
    return position


# --- known answers ---------------------------------------------------------------------------

# Small positions whose answers follow from the rules by hand (and brute force agrees).
SMALL = [
    # (name, red, aqua, to move, winnable)
    ("one peg left", "D4", "", None, True),
    ("one aqua peg, red to move", "", "C3", Color.FIRE, True),
    ("two in a row, either first", "A1", "A2", None, True),
    ("two in a column, aqua first", "A1", "G1", Color.ICE, True),
    ("two apart: no capture", "A1", "B2", None, False),
    ("two of one colour", "A1 A2", "", None, False),
    ("no peg at all", "", "", None, False),
    ("two against two on one island", "A1 A2", "A3 A4", Color.FIRE, True),
    ("three against one", "A1 A2 A3", "A4", Color.ICE, False),
    ("one against two, the one moves first", "A1 A2", "A3", Color.ICE, True),
    ("two against one, the two move first", "A1 A2", "A3", Color.FIRE, False),
    ("disconnected pairs", "A1 E5", "A2 E6", None, False),
    # B1-D1-D2-C2 is a path; only its ends can move, and both ends are red: after a red
    # capture aqua is left with cut vertices only, and aqua has no capture at all.
    ("path red aqua aqua red", "B1 C2", "D1 D2", None, False),
    # A3 is a leaf on A1, a hole of degree 2 of its own colour: A3 can never move.
    ("blocked leaf", "E1 E4", "A1 A3 E2", Color.FIRE, False),
    ("blocked leaf, either first", "E1 E4", "A1 A3 E2", None, False),
    ("unblocked leaf", "E1 E4 A1", "A3 E2 E5", Color.FIRE, True),
    ("a whole island, red first", "A1 A3 A5", "A2 A4 A6", Color.FIRE, True),
]


@pytest.mark.parametrize(
    ("red", "aqua", "to_move", "winnable"),
    [case[1:] for case in SMALL],
    ids=[case[0] for case in SMALL],
)
def test_small_positions_with_known_answers(
    red: str, aqua: str, to_move: Color | None, winnable: bool
) -> None:
    position = SolitairePosition(bits(red), bits(aqua), to_move)
    assert brute_wins(position) is winnable
    solution = solve(position)
    assert solution.complete
    assert solution.solvable is winnable
    assert (solution.line is not None) is winnable
    if solution.line is not None:
        assert_winning_line(position, solution.line)


# Positions met along real games.  Their answers were established by searches with
# connectivity and the lost table only (millions of nodes); the dead-end rule now
# decides the lost ones at the first node.
LOST_MIDGAME = [
    (176, "A2-A6 B4-A4 C1-F1 B7-A7 F1-F5 D3-D4 F2-F3 E6-A6"),
    (197, "A7-G7 F4-F3 B1-F1 C6-B6 B2-C2 C5-C2 E2-C2 G4-G7 B7-B3 B6-B3"),
    (9, "E5-E3 B7-B2 A1-A2 B1-B5 D3-D7 E1-E3 F1-F3 G5-G7 F7-G7"),
]
WON_MIDGAME = [
    (8, "E5-E7 D6-D5 A3-G3"),  # the first search order once needed millions of nodes
    (193, "E6-E5 E4-C4 G7-G3 B2-B7 E5-E1 G5-G3 E1-D1 G2-G4"),
]


@pytest.mark.parametrize(("deal", "moves"), LOST_MIDGAME)
def test_lost_midgame_positions_are_decided_at_once(deal: int, moves: str) -> None:
    solution = solve(played(deal, moves))
    assert solution.complete and solution.line is None
    assert solution.nodes == 1


@pytest.mark.parametrize(("deal", "moves"), WON_MIDGAME)
def test_won_midgame_positions(deal: int, moves: str) -> None:
    position = played(deal, moves)
    solution = solve(position)
    assert solution.line is not None
    assert_winning_line(position, solution.line)
    assert solution.nodes < 20_000


def test_every_deal_1_to_20_is_solved_with_a_line_that_replays() -> None:
    for deal in range(1, 21):
        position = SolitairePosition.deal(deal)
        solution = solve(position)
        assert solution.complete and solution.line is not None, deal
        assert len(solution.line) == 27
        assert_winning_line(position, solution.line)
        assert solution.seconds < 1.0


def test_either_colour_may_begin_a_deal() -> None:
    # From a fresh deal the line may begin with either colour; fixing the first colour
    # still leaves a win on these deals, and the line then starts with that colour.
    for deal in (1, 2, 3):
        dealt = SolitairePosition.deal(deal)
        for colour in Color:
            position = dealt._replace(to_move=colour)
            solution = solve(position)
            assert solution.line is not None
            assert dealt.color_at(solution.line[0].src) is colour
            assert_winning_line(position, solution.line)


def test_solution_fields() -> None:
    solution = solve(SolitairePosition.deal(1))
    assert isinstance(solution, Solution)
    assert isinstance(solution.nodes, int) and solution.nodes >= 27
    assert isinstance(solution.seconds, float) and solution.seconds >= 0
    assert solution.complete is True
    assert solution.solvable is True
    assert all(isinstance(move, Move) for move in solution.line or ())


# --- brute-force cross-checks (hypothesis) ---------------------------------------------------


@st.composite
def small_positions(draw: st.DrawFn) -> SolitairePosition:
    """Up to 7 pegs on a few rows and columns (dense, so mostly connected), any colours."""
    rows = draw(st.lists(st.integers(0, 6), min_size=2, max_size=4, unique=True))
    cols = draw(st.lists(st.integers(0, 6), min_size=2, max_size=4, unique=True))
    holes = [7 * row + col for row in rows for col in cols]
    chosen = draw(st.lists(st.sampled_from(holes), min_size=1, max_size=7, unique=True))
    colours = draw(st.lists(st.booleans(), min_size=len(chosen), max_size=len(chosen)))
    fire = sum(1 << hole for hole, red in zip(chosen, colours, strict=True) if red)
    ice = sum(1 << hole for hole, red in zip(chosen, colours, strict=True) if not red)
    to_move = draw(st.sampled_from([None, Color.FIRE, Color.ICE]))
    return SolitairePosition(fire, ice, to_move)


@st.composite
def deal_fragments(draw: st.DrawFn) -> SolitairePosition:
    """A deal with all but 5 to 8 of its pegs taken away, the colours as dealt."""
    dealt = SolitairePosition.deal(draw(st.integers(1, 1_000_000)))
    holes = [hole for hole in range(49) if (dealt.fire | dealt.ice) >> hole & 1]
    kept = draw(st.lists(st.sampled_from(holes), min_size=5, max_size=8, unique=True))
    mask = sum(1 << hole for hole in kept)
    to_move = draw(st.sampled_from([None, Color.FIRE, Color.ICE]))
    return SolitairePosition(dealt.fire & mask, dealt.ice & mask, to_move)


@st.composite
def late_positions(draw: st.DrawFn) -> SolitairePosition:
    """A position reached by random captures from a deal, 20 or more moves in."""
    return random_descent(
        draw(st.integers(1, 1_000_000)), draw(st.integers(0, 2**32)), draw(st.integers(4, 8))
    )


BRUTE = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_against_brute_force(position: SolitairePosition) -> None:
    solution = solve(position)
    assert solution.complete
    assert (solution.line is not None) is brute_wins(position)
    if solution.line is not None:
        assert_winning_line(position, solution.line)


@BRUTE
@given(small_positions())
def test_small_positions_agree_with_brute_force(position: SolitairePosition) -> None:
    check_against_brute_force(position)


@BRUTE
@given(deal_fragments())
def test_deal_fragments_agree_with_brute_force(position: SolitairePosition) -> None:
    check_against_brute_force(position)


@pytest.mark.slow
@BRUTE
@given(late_positions())
def test_late_positions_agree_with_brute_force(position: SolitairePosition) -> None:
    check_against_brute_force(position)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_winning_moves_agree_with_brute_force(position: SolitairePosition) -> None:
    expected = [move for move in position.legal_moves() if brute_wins(position.play(move))]
    assert winning_moves(position) == expected


def test_the_dead_end_rule_agrees_with_search_without_it() -> None:
    # Positions of 10 to 13 pegs from real games: too big for brute force, small
    # enough for the solver with connectivity and the lost table only.
    positions = [random_descent(deal, deal * 7 + 1, 10 + deal % 4) for deal in range(1, 41)]
    with_rule = [solve(position).line is not None for position in positions]
    with without_dead_end_rule():
        without_rule = [solve(position).line is not None for position in positions]
    assert with_rule == without_rule
    assert 0 < sum(with_rule) < len(positions)  # both answers occur


# --- winning_moves -----------------------------------------------------------------------------


@pytest.mark.parametrize(("deal", "length"), [(1, 0), (4, 9), (12, 12), (33, 15)])
def test_winning_moves_agree_with_solving_each_child(deal: int, length: int) -> None:
    position = SolitairePosition.deal(deal)
    rng = random.Random(deal)
    for _ in range(length):  # stay on a winning line
        position = position.play(rng.choice(winning_moves(position)))
    expected = [
        move for move in position.legal_moves() if solve(position.play(move)).line is not None
    ]
    assert winning_moves(position) == expected
    assert Solver().winning_moves(position) == expected
    assert expected  # the position is still won
    if length == 0:
        assert expected == position.legal_moves()  # every first move of deal 1 wins


def test_winning_moves_of_a_finished_or_lost_position() -> None:
    assert winning_moves(SolitairePosition(bits("A1"), 0, Color.ICE)) == []
    lost = played(*LOST_MIDGAME[0])
    assert lost.legal_moves()
    assert winning_moves(lost) == []


def test_a_solver_keeps_its_tables_between_calls() -> None:
    position = played(*LOST_MIDGAME[1])
    solver = Solver()
    first = solver.solve(random_descent(5, 5, 14))
    again = solver.solve(random_descent(5, 5, 14))
    assert again.line == first.line
    assert again.nodes <= first.nodes
    assert solver.solve(position).line is None


# --- node limits -------------------------------------------------------------------------------


def test_a_node_limit_too_small_leaves_the_answer_unknown() -> None:
    solution = solve(SolitairePosition.deal(1), node_limit=5)
    assert solution.complete is False
    assert solution.line is None
    assert solution.solvable is None
    assert solution.nodes <= 5


@pytest.mark.parametrize(
    "position",
    [
        SolitairePosition.deal(2),
        random_descent(3, 1, 12),
        random_descent(7, 2, 16),
        played(8, "E5-E7 D6-D5 A3-G3"),
    ],
    ids=["deal", "12-pegs", "16-pegs", "hard-won"],
)
def test_the_exact_node_count_is_enough_and_one_less_is_not(position: SolitairePosition) -> None:
    full = solve(position)
    assert full.complete
    assert full.nodes >= 1
    same = solve(position, node_limit=full.nodes)
    assert same.complete and same.line == full.line and same.nodes == full.nodes
    short = solve(position, node_limit=full.nodes - 1)
    assert not short.complete and short.line is None
    assert short.nodes <= full.nodes - 1


def test_trivial_positions_need_no_node() -> None:
    for position in (
        SolitairePosition(bits("A1"), 0, None),
        SolitairePosition(bits("A1"), bits("B2"), None),
        SolitairePosition(bits("A1 A2 A3"), bits("A4"), Color.ICE),
    ):
        solution = solve(position, node_limit=0)
        assert solution.complete
        assert solution.nodes == 0


# --- difficulty -------------------------------------------------------------------------------


def test_difficulty_of_unsolvable_positions_is_none() -> None:
    assert difficulty(played(*LOST_MIDGAME[0])) is None
    assert difficulty(SolitairePosition(bits("A1"), bits("B2"), None)) is None


def test_difficulty_of_a_finished_win_is_the_easiest() -> None:
    assert difficulty(SolitairePosition(bits("A1"), 0, None)) == DIFFICULTIES[0]


@pytest.mark.slow
def test_difficulty_names_and_determinism() -> None:
    assert DIFFICULTIES == ("easy", "medium", "hard", "very hard")
    position = SolitairePosition.deal(1)
    rating = difficulty(position)
    assert rating in DIFFICULTIES
    assert difficulty(position) == rating
    late = random_descent(2, 3, 12)
    if Solver().wins(late):
        assert difficulty(late) in DIFFICULTIES


# --- stop: cancelling a search -----------------------------------------------------------------

#: A game of deal 300 whose last move throws the win away; the position it leaves is lost,
#: but proving so takes millions of nodes (the move before it still wins, in about 3,000).
HARD_LOST_GAME = (300, "E4-D4 E3-E6 D7-D3 D5-D4 D3-D4 C3-F3 F7-F3")


def history_of(deal: int, moves: str) -> list[SolitairePosition]:
    """Every position of a game of ``deal``, the deal first."""
    positions = [SolitairePosition.deal(deal)]
    for move in moves.split():
        positions.append(positions[-1].play(move))
    return positions


def stop_after(calls: int) -> tuple[list[int], Callable[[], bool]]:
    """A ``stop`` that turns true on its ``calls``-th call, and the count of its calls."""
    count = [0]

    def stop() -> bool:
        count[0] += 1
        return count[0] >= calls

    return count, stop


def test_a_stop_that_is_already_true_cancels_a_long_search() -> None:
    hard = played(*HARD_LOST_GAME)
    with pytest.raises(Cancelled):
        Solver().solve(hard, stop=lambda: True)
    with pytest.raises(Cancelled):
        Solver().wins(hard, stop=lambda: True)


@pytest.mark.parametrize("calls", [1, 3])
def test_a_search_stops_at_the_first_poll_after_stop_turns_true(calls: int) -> None:
    count, stop = stop_after(calls)
    with pytest.raises(Cancelled):
        Solver().solve(played(*HARD_LOST_GAME), stop=stop)
    assert count[0] == calls  # polled until it said stop, then not again


def test_a_cancelled_solver_still_answers_correctly_afterwards() -> None:
    solver = Solver()
    _, stop = stop_after(2)
    with pytest.raises(Cancelled):
        solver.solve(played(*HARD_LOST_GAME), stop=stop)
    # What the cancelled search proved stays in the tables; later answers are still exact.
    won = SolitairePosition.deal(1)
    solution = solver.solve(won)
    assert solution.line is not None
    assert_winning_line(won, solution.line)
    assert solver.solve(played(*LOST_MIDGAME[0])).line is None


@pytest.mark.slow
@pytest.mark.parametrize(
    "position",
    [
        SolitairePosition.deal(1),
        random_descent(160, 160, 18),
        random_descent(300, 300, 18),
    ],
    ids=["deal-1", "lost-18-pegs", "lost-18-pegs-again"],
)
def test_a_stop_that_never_fires_changes_nothing(position: SolitairePosition) -> None:
    plain = Solver().solve(position)
    count = [0]

    def never() -> bool:
        count[0] += 1
        return False

    polled = Solver().solve(position, stop=never)
    assert polled.line == plain.line
    assert polled.nodes == plain.nodes
    assert polled.complete and plain.complete
    # Every search polls its stop when it begins, and one of many thousand nodes on the way.
    assert count[0] >= 1
    assert (count[0] > 1) is (plain.nodes > 4 * solver_module._STOP_EVERY)
    assert Solver().wins(position, stop=never) is (plain.line is not None)


@pytest.mark.slow
def test_a_stop_that_never_fires_keeps_node_limits_exact() -> None:
    position = random_descent(160, 160, 18)
    full = solve(position)
    assert full.nodes > solver_module._STOP_EVERY
    limited = Solver().solve(position, node_limit=full.nodes - 1, stop=lambda: False)
    assert not limited.complete and limited.line is None
    exact = Solver().solve(position, node_limit=full.nodes, stop=lambda: False)
    assert exact.complete and exact.line == full.line


def test_difficulty_can_be_cancelled() -> None:
    # Rating deal 7 meets steps of more than a few thousand nodes, where stop is polled.
    with pytest.raises(Cancelled):
        difficulty(SolitairePosition.deal(7), stop=lambda: True)
    position = SolitairePosition.deal(7)
    assert difficulty(position, playouts=8, stop=lambda: False) == difficulty(position, playouts=8)


def test_difficulty_is_cancelled_even_when_each_step_is_small() -> None:
    _, stop = stop_after(1)
    with pytest.raises(Cancelled):
        difficulty(SolitairePosition.deal(1), stop=stop)


def test_a_hint_can_be_cancelled() -> None:
    with pytest.raises(Cancelled):
        hint(history_of(*HARD_LOST_GAME), stop=lambda: True)


# --- hint -------------------------------------------------------------------------------------


#: Nodes the walk below gives each move it tries: a move whose win is not proved within
#: them is passed over.  Proving that a move loses can take minutes now and then (a
#: huge lost subtree), so the walk neither lists every winning move nor waits for one.
WALK_NODE_LIMIT = 40_000


def winning_walk(deal: int, seed: int, length: int) -> list[SolitairePosition]:
    """The positions of up to ``length`` random moves from ``deal`` that each keep a win.

    Each move is the first of the legal moves, shuffled, that the solver proves keeps the
    win within :data:`WALK_NODE_LIMIT` nodes (the first winning move of a random order is a
    random winning move); the walk ends early where none is.
    """
    walker = Solver()
    rng = random.Random(seed)
    positions = [SolitairePosition.deal(deal)]
    for _ in range(length):
        moves = positions[-1].legal_moves()
        rng.shuffle(moves)
        for move in moves:
            after = positions[-1].play(move)
            if walker.solve(after, WALK_NODE_LIMIT).line is not None:
                positions.append(after)
                break
        else:
            break
    return positions


@pytest.mark.parametrize("deal", [1, 5, 64, 123_456])
def test_the_hint_for_a_fresh_deal_is_a_winning_first_move(deal: int) -> None:
    position = SolitairePosition.deal(deal)
    found = hint([position])
    assert isinstance(found, Hint)
    assert found.move in winning_moves(position)
    assert found.captures_left == 27
    assert (found.undo, found.instead, found.decided) == (None, None, True)


@pytest.mark.slow  # 20 deals solved, each from an early position
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 1_000_000), st.integers(0, 2**32), st.integers(0, 24))
def test_the_hint_for_a_winnable_position_is_a_move_that_keeps_the_win(
    deal: int, seed: int, length: int
) -> None:
    positions = winning_walk(deal, seed, length)
    last = positions[-1]
    found = hint(positions)
    assert found.move is not None
    assert Solver().wins(last.play(found.move))  # legal, and the win is still there
    assert found.captures_left == last.pegs_left - 1
    assert (found.undo, found.instead, found.decided) == (None, None, True)


def lost_game(seed: int) -> list[SolitairePosition]:
    """Random moves on a random deal until the win is gone, then up to three more."""
    rng = random.Random(seed)
    positions = [SolitairePosition.deal(rng.randint(1, 1_000_000))]
    while not positions[-1].is_over and Solver().wins(positions[-1]):
        positions.append(positions[-1].play(rng.choice(positions[-1].legal_moves())))
    for _ in range(rng.randint(0, 3)):
        if positions[-1].is_over:
            break
        positions.append(positions[-1].play(rng.choice(positions[-1].legal_moves())))
    return positions


@pytest.mark.slow
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_after_the_win_is_lost_the_hint_says_how_far_to_go_back(seed: int) -> None:
    positions = lost_game(seed)
    wins = [Solver().wins(position) for position in positions]
    assume(not wins[-1])  # a random game that happened to be won
    latest = max(index for index, won in enumerate(wins) if won)  # the deal wins at least
    assert not any(wins[latest + 1 :])
    # No node limit: the answer is then exact, so it can be checked exactly.
    found = hint(positions, node_limit=None)
    assert found.move is None and found.captures_left == 0
    assert found.decided is True
    assert found.undo == len(positions) - 1 - latest
    back = positions[-1 - found.undo]
    assert found.instead in back.legal_moves()
    assert Solver().wins(back.play(found.instead))
    # The default node limit gives the same answer on these games.
    assert hint(positions) == found


def test_the_hint_for_a_won_game_has_nothing_to_say() -> None:
    deal = SolitairePosition.deal(5)
    line = solve(deal).line
    assert line is not None
    positions = [deal]
    for move in line:
        positions.append(positions[-1].play(move))
    assert positions[-1].result == "won"
    assert hint(positions) == Hint(None, 0, None, None, True)
    assert hint([SolitairePosition(bits("D4"), 0, Color.ICE)]) == Hint(None, 0, None, None, True)


def test_when_no_position_can_be_won_the_hint_has_nowhere_to_go_back_to() -> None:
    # Two groups of pegs on separate islands and hole numbers (rows A-B, columns 1-3 and
    # rows E-F, columns 5-7): they can never meet, so two pegs always remain.
    start = SolitairePosition(bits("A1 A3 E5 F7"), bits("A2 B1 E6 F5"), None)
    assert not connected(start.fire | start.ice)
    assert not brute_wins(start)
    positions = [start]
    for _ in range(3):
        positions.append(positions[-1].play(positions[-1].legal_moves()[0]))
    assert not positions[-1].is_over
    assert hint(positions) == Hint(None, 0, None, None, True)
    assert hint(positions[:1]) == Hint(None, 0, None, None, True)


@pytest.mark.slow
@pytest.mark.parametrize(("node_limit", "undo"), [(5_000, 1), (HINT_NODE_LIMIT, 1)])
def test_a_position_too_hard_for_the_node_limit_is_not_called_decided(
    node_limit: int, undo: int
) -> None:
    positions = history_of(*HARD_LOST_GAME)
    assert not solve(positions[-1], node_limit=node_limit).complete  # too hard for the limit
    found = hint(positions, node_limit=node_limit)
    assert found.move is None
    assert found.decided is False
    assert found.undo == undo
    back = positions[-1 - undo]
    # Not winning_moves(back): one of its moves is the hard last move itself.
    assert found.instead in back.legal_moves()
    assert Solver().wins(back.play(found.instead))


def test_a_tiny_node_limit_may_send_the_hint_further_back() -> None:
    # Within 2,000 nodes neither the last position nor the one before is decided (that
    # one wins, but takes about 3,000 nodes): the hint goes back to one known to win.
    positions = history_of(*HARD_LOST_GAME)
    found = hint(positions, node_limit=2_000)
    assert found.move is None and found.decided is False
    assert found.undo is not None and found.undo >= 1
    back = positions[-1 - found.undo]
    assert found.instead in back.legal_moves()
    assert Solver().wins(back.play(found.instead))


def test_a_hint_can_share_a_solver() -> None:
    solver = Solver()
    positions = lost_game(7)
    assert hint(positions, solver) == hint(positions, solver) == hint(positions, Solver())


# --- random deals -------------------------------------------------------------------------------


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32))
def test_a_random_deal_is_proved_solvable_and_follows_its_seed(seed: int) -> None:
    deal = random_deal(random.Random(seed))
    assert FIRST_DEAL <= deal <= LAST_DEAL == 1_000_000 and FIRST_DEAL == 1
    line = solve(SolitairePosition.deal(deal)).line
    assert line is not None
    assert_winning_line(SolitairePosition.deal(deal), line)
    assert random_deal(random.Random(seed)) == deal
    any_deal = random_deal(random.Random(seed), solvable_only=False)
    assert FIRST_DEAL <= any_deal <= LAST_DEAL
    assert random_deal(random.Random(seed), solvable_only=False) == any_deal


def test_a_random_deal_passes_over_an_unsolvable_one() -> None:
    # The first number drawn with this seed is a deal without a win (its pegs fall
    # into separate groups); the second is the deal offered.
    rng = random.Random(2738)
    unsolvable = rng.randint(FIRST_DEAL, LAST_DEAL)
    following = rng.randint(FIRST_DEAL, LAST_DEAL)
    solution = solve(SolitairePosition.deal(unsolvable))
    assert solution.complete and solution.line is None
    assert random_deal(random.Random(2738), solvable_only=False) == unsolvable
    assert random_deal(random.Random(2738)) == following
    assert solve(SolitairePosition.deal(following)).line is not None


def test_deals_are_decided_well_within_the_deal_node_limit() -> None:
    solver = Solver()
    for deal in range(1, 51):
        assert solver.solve(SolitairePosition.deal(deal), DEAL_NODE_LIMIT).complete, deal
