"""The fitted weights (weights.py) make a consistent evaluation table."""

from __future__ import annotations

import random

from fireice_desktop.engine.games.fireice.ai import computer as ai
from fireice_desktop.engine.games.fireice.ai import weights
from fireice_desktop.engine.games.fireice.ai.playout import random_playout
from fireice_desktop.engine.games.fireice.board import HAS_LINE
from fireice_desktop.engine.games.fireice.rules import Color, Move, Position
from fireice_desktop.engine.games.fireice.symmetry import SET_IMAGES, map_board

STATES = [(m, t) for m in range(128) for t in range(128) if m & t == 0]


def test_there_are_3_to_the_7_states_of_an_island() -> None:
    assert len(STATES) == 3**7


def test_every_class_of_states_has_one_value_keyed_by_its_smallest_member() -> None:
    keys = set()
    for mine, theirs in STATES:
        images = {(image[mine], image[theirs]) for image in SET_IMAGES}
        keys.add(min(images))
    assert set(weights.ISLAND_VALUES) == keys
    assert len(keys) == 60


def test_values_are_hundredths_with_control_100_and_the_opponents_control_0() -> None:
    for (mine, theirs), value in weights.ISLAND_VALUES.items():
        assert 0 <= value <= 100
        if HAS_LINE[mine]:
            assert value == 100
        elif HAS_LINE[theirs]:
            assert value == 0


def test_the_table_gives_every_state_its_class_value() -> None:
    for mine, theirs in STATES:
        value = ai.ISLAND_VALUE[mine | theirs << 7]
        images = {(image[mine], image[theirs]) for image in SET_IMAGES}
        assert value == weights.ISLAND_VALUES[min(images)]
        assert all(ai.ISLAND_VALUE[a | b << 7] == value for a, b in images)
        if HAS_LINE[mine]:
            assert value == 100
        if HAS_LINE[theirs]:
            assert value == 0


def test_the_tempo_is_the_fitted_one() -> None:
    assert ai.TEMPO == weights.TEMPO


def test_the_evaluation_is_the_same_for_every_image_of_a_position() -> None:
    rng = random.Random(11)
    for _ in range(40):
        moves: list[Move] = []
        random_playout(Position.start(), rng, moves)
        position = Position.start()
        for move in moves[: rng.randrange(len(moves))]:
            position = position.play_unchecked(move)
        me, opp = position.fire, position.ice
        if position.to_move is Color.ICE:
            me, opp = opp, me
        score = ai.evaluate(me, opp)
        for _ in range(10):
            symmetry = (rng.randrange(168), rng.randrange(168))
            assert ai.evaluate(map_board(symmetry, me), map_board(symmetry, opp)) == score
