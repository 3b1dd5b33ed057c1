"""``fireice ai-move`` and ``fireice match``, run as other programs run them."""

from __future__ import annotations

import random
import re

import pytest

from fireice_desktop.engine.games.fireice.ai.playout import random_playout
from fireice_desktop.engine.games.fireice.rules import Color, Move, Position
from fireice_desktop.engine.search import search
from tests.support.cli import assert_flag_error, no_traceback, run, run_process

MOVE_LINE = re.compile(r"[A-G][1-7]-[A-G][1-7]\n")


@pytest.mark.parametrize("level", ["random", "beginner", "casual", "strong"])
@pytest.mark.parametrize("moves", [[], ["D4-C4"], ["D4-C4", "D4-D1", "C4-C1"]])
def test_ai_move_prints_the_levels_move_on_one_line(level: str, moves: list[str]) -> None:
    proc = run("ai-move", "--level", level, "--seed", "7", *moves)
    assert proc.returncode == 0, proc.stderr
    assert MOVE_LINE.fullmatch(proc.stdout)
    position = Position.start()
    for move in moves:
        position = position.play(move)
    played = Move.parse(proc.stdout.strip())
    assert position.is_legal(played)
    assert played == search(position, level, seed=7).move, "the same move as the engine's"


def test_ai_move_plays_from_a_handicap_set_up() -> None:
    proc = run("ai-move", "--level", "casual", "--handicap-at", "A3,B5", "--side", "ice")
    assert proc.returncode == 0, proc.stderr
    start = Position.start([2, 11], Color.ICE)
    assert start.is_legal(Move.parse(proc.stdout.strip()))


def test_ai_move_takes_moves_as_one_quoted_string() -> None:
    assert (
        run("ai-move", "--level", "casual", "D4-C4 D4-D1").stdout
        == run("ai-move", "--level", "casual", "D4-C4", "D4-D1").stdout
    )


def finished_game() -> list[str]:
    moves: list[Move] = []
    random_playout(Position.start(), random.Random(4), moves)
    return [str(move) for move in moves]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["D4-C4", "D4-Z9"], "fireice ai-move: move 2: 'D4-Z9' is not a move"),
        (["D4-C4", "C4-A1"], "fireice ai-move: move 2: C4-A1: C4 holds a Fire peg"),
        (finished_game(), "fireice ai-move: the game is over: "),
    ],
    ids=["not-a-move", "illegal", "game-over"],
)
def test_ai_move_explains_bad_input_in_one_line(args: list[str], message: str) -> None:
    proc = run("ai-move", "--level", "beginner", *args)
    no_traceback(proc)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.startswith(message), proc.stderr
    assert proc.stderr.count("\n") == 1


def test_ai_move_refuses_a_bad_handicap_with_its_usage() -> None:
    line = assert_flag_error(run("ai-move", "--handicap-at", "D1"), "island D")
    assert line.startswith("fireice ai-move: --handicap-at 'D1'")


def test_ai_move_refuses_an_unknown_level() -> None:
    proc = run("ai-move", "--level", "wizard")
    no_traceback(proc)
    assert proc.returncode == 2
    assert "invalid choice: 'wizard'" in proc.stderr


def test_match_reports_wins_losses_colours_faults_time_score_and_length() -> None:
    # Processes of its own (--jobs 2): the real program, which starts them.
    proc = run_process(
        "match", "--fire", "beginner", "--ice", "random", "--games", "4", "--jobs", "2"
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    lines = proc.stdout.splitlines()
    assert lines[0] == (
        "4 games, beginner against random; each side Fire in 2, openings of 2 random plies (seed 1)"
    )
    assert re.fullmatch(
        r"beginner: won 4, lost 0; as Fire 2 of 2, as Ice 2 of 2; 0 faults; "
        r"median \d+\.\d{3} s, longest \d+\.\d{3} s a move",
        lines[1],
    )
    assert lines[2].startswith("random: won 0, lost 4; as Fire 0 of 2, as Ice 0 of 2; 0 faults; ")
    assert lines[3] == "score of beginner: 100.0 % (95 % interval 51.0 % to 100.0 %)"
    assert re.fullmatch(r"average game length: \d+\.\d moves", lines[4])
    assert len(lines) == 5, "no faults, so no list of them"


@pytest.mark.slow
def test_a_match_is_the_same_however_many_processes_play_it() -> None:
    def outcome(jobs: str) -> list[str]:
        proc = run_process(
            "match", "--fire", "casual", "--ice", "beginner", "--games", "3", "--jobs", jobs,
            "--seed", "40", "--verbose",
        )  # fmt: skip
        assert proc.returncode == 0, proc.stderr
        return sorted(proc.stderr.splitlines())

    lines = outcome("1")
    assert len(lines) == 3
    assert lines == outcome("2")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "fireice match: --games 0: play at least one game"),
        (["--jobs", "0"], "fireice match: --jobs 0: use at least one process"),
    ],
)
def test_match_refuses_nonsense_counts(args: list[str], message: str) -> None:
    proc = run("match", "--fire", "random", "--ice", "random", *args)
    assert assert_flag_error(proc) == message
