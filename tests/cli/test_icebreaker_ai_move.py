"""``fireice icebreaker ai-move``: the protocol other programs (and matches) play through."""

from __future__ import annotations

import re

import pytest

from fireice_desktop.engine.games.icebreaker.board import Side
from fireice_desktop.engine.games.icebreaker.rules import IcebreakerPosition
from fireice_desktop.engine.search import search
from tests.cli.test_icebreaker import won_by
from tests.support.cli import assert_one_line_error, assert_usage_error, no_traceback, run

MOVE_LINE = re.compile(r"[a-o][0-9]{1,2}-[a-o][0-9]{1,2}\n")


@pytest.mark.parametrize("level", ["random", "beginner", "casual"])
@pytest.mark.parametrize(
    ("size", "moves"), [(5, []), (5, ["a1-a2"]), (4, ["g1-f1", "g4-g3"]), (6, ["a1-a2 f1-f2"])]
)
def test_ai_move_prints_the_levels_move_on_one_line(
    level: str, size: int, moves: list[str]
) -> None:
    proc = run(
        "icebreaker", "ai-move", "--size", str(size), "--level", level, "--seed", "3", *moves
    )
    assert proc.returncode == 0, proc.stderr
    assert MOVE_LINE.fullmatch(proc.stdout), proc.stdout
    position = IcebreakerPosition.start(size)
    for text in " ".join(moves).split():
        position = position.play(text)
    played = position.parse_move(proc.stdout.strip())
    assert played in position.legal_moves()
    assert played == search(position, level, seed=3).move, "the same move as the engine's"


@pytest.mark.slow
def test_ai_move_plays_expert_on_the_default_board() -> None:
    proc = run("icebreaker", "ai-move")
    assert proc.returncode == 0, proc.stderr
    assert IcebreakerPosition.start().parse_move(proc.stdout.strip()) in (
        IcebreakerPosition.start().legal_moves()
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["a1-z9"], "fireice icebreaker ai-move: move 1: "),
        (["a1-a2", "a1-a2"], "fireice icebreaker ai-move: move 2: a1-a2: "),
    ],
    ids=["not-a-move", "illegal"],
)
def test_ai_move_explains_bad_moves_in_one_line(args: list[str], message: str) -> None:
    line = assert_one_line_error(run("icebreaker", "ai-move", "--level", "random", *args))
    assert line.startswith(message), line


def test_ai_move_says_when_the_game_is_over() -> None:
    moves, _ = won_by(Side.RED, 4)
    line = assert_one_line_error(run("icebreaker", "ai-move", "--size", "4", *moves))
    assert line == "fireice icebreaker ai-move: the game is over: Red has won"


@pytest.mark.parametrize(
    "args", [("--level", "godlike"), ("--size", "9"), ("--seed", "x"), ("--size",)]
)
def test_ai_move_refuses_bad_flags_with_its_usage(args: tuple[str, ...]) -> None:
    proc = run("icebreaker", "ai-move", *args)
    assert_usage_error(proc)
    no_traceback(proc)
    assert proc.stderr.startswith("usage: fireice icebreaker ai-move ")
