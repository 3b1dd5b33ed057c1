"""``fireice solitaire solve``, run as a subprocess as other programs run it.

The command prints a winning line from a deal (after some captures, if given) or says
that no win exists, then the search's node count and time; ``--json`` prints one
object.  Exit status 0 whenever it answers, 2 for bad input with one line on stderr.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from fireice_desktop.engine.games.fireice.solitaire import SolitairePosition
from fireice_desktop.engine.games.fireice.solver import Solver
from tests.support.cli import assert_flag_error, run

REPO = Path(__file__).resolve().parents[2]
SOLVE_KEYS = ["deal", "solvable", "moves", "nodes", "seconds"]
NUMBERED = re.compile(r"(\d+)\. ([A-G][1-7]-[A-G][1-7])")
STATS = re.compile(r"Nodes searched: [\d,]+ in \d+\.\d{3} s")


def solve_json(deal: int | str, *moves: str) -> dict:
    proc = run("solitaire", "solve", "--deal", str(deal), "--json", *moves)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert proc.stdout.count("\n") == 1
    return json.loads(proc.stdout)


def replay(deal: int, moves: list[str]) -> SolitairePosition:
    position = SolitairePosition.deal(deal)
    for move in moves:
        position = position.play(move)
    return position


def lost_moves(deal: int) -> list[str]:
    """Random captures from ``deal`` up to the first position with no win left."""
    solver = Solver()
    rng = random.Random(deal)
    position = SolitairePosition.deal(deal)
    moves: list[str] = []
    while solver.wins(position):
        move = rng.choice(position.legal_moves())
        moves.append(str(move))
        position = position.play(move)
    return moves


def assert_one_line_error(proc: subprocess.CompletedProcess[str], *needles: str) -> None:
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1, proc.stderr
    line = proc.stderr.strip()
    assert line.startswith("fireice solitaire solve: "), line
    for needle in needles:
        assert needle.lower() in line.lower(), (needle, line)


# --- answers ---------------------------------------------------------------------------------


@pytest.mark.parametrize("deal", [1, 2, 42, 1_000_000])
def test_json_winning_line_from_a_deal(deal: int) -> None:
    data = solve_json(deal)
    assert list(data) == SOLVE_KEYS
    assert data["deal"] == deal
    assert data["solvable"] is True
    assert len(data["moves"]) == 27
    assert replay(deal, data["moves"]).result == "won"
    assert isinstance(data["nodes"], int) and data["nodes"] >= 27
    assert isinstance(data["seconds"], float) and data["seconds"] >= 0


def test_json_after_some_captures() -> None:
    first = solve_json(3)["moves"]
    played = first[:10]
    data = solve_json(3, *played)
    assert data["solvable"] is True
    assert len(data["moves"]) == 17
    assert replay(3, played + data["moves"]).result == "won"
    # The captures may also come as one quoted argument, in either case.
    assert solve_json(3, " ".join(played).lower())["moves"] == data["moves"]


def test_json_when_no_win_exists() -> None:
    moves = lost_moves(5)
    data = solve_json(5, *moves)
    assert data == {
        "deal": 5,
        "solvable": False,
        "moves": [],
        "nodes": data["nodes"],
        "seconds": data["seconds"],
    }


def test_json_when_the_game_is_already_won() -> None:
    line = solve_json(7)["moves"]
    data = solve_json(7, *line)
    assert data["solvable"] is True
    assert data["moves"] == []
    assert data["nodes"] == 0


def test_text_lists_the_numbered_line_then_the_search_figures() -> None:
    proc = run("solitaire", "solve", "--deal", "11")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    lines = proc.stdout.splitlines()
    assert len(lines) == 28
    moves = []
    for number, line in enumerate(lines[:-1], 1):
        match = NUMBERED.fullmatch(line)
        assert match is not None, line
        assert int(match.group(1)) == number
        moves.append(match.group(2))
    assert STATS.fullmatch(lines[-1]), lines[-1]
    assert replay(11, moves).result == "won"
    assert moves == solve_json(11)["moves"]


def test_text_when_no_win_exists() -> None:
    moves = lost_moves(6)
    proc = run("solitaire", "solve", "--deal", "6", *moves)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "No win exists from this position."
    assert len(lines) == 2
    assert STATS.fullmatch(lines[1]), lines[1]


def test_text_when_the_game_is_already_won() -> None:
    line = solve_json(8)["moves"]
    proc = run("solitaire", "solve", "--deal", "8", *line)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "Already won: one peg is left."
    assert lines[1] == "Nodes searched: 0 in 0.000 s"


def test_the_command_does_not_import_pygame() -> None:
    script = (
        "import sys\n"
        "from fireice_desktop.cli import main\n"
        "status = main(['solitaire', 'solve', '--deal', '1', '--json'])\n"
        "loaded = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')]\n"
        "print(status, loaded, file=sys.stderr)\n"
        "sys.exit(1 if loaded or status else 0)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr


# --- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize("deal", ["0", "1000001", "-5", "abc", "4.2", ""])
def test_bad_deal_numbers(deal: str) -> None:
    assert_flag_error(run("solitaire", "solve", "--deal", deal), "--deal", "1 to 1,000,000")
    assert_flag_error(
        run("solitaire", "solve", "--deal", deal, "--json"), "--deal", "1 to 1,000,000"
    )


@pytest.mark.parametrize(
    ("moves", "needle"),
    [(["A1-A1"], "another hole"), (["X9-A1"], "not a move"), (["A3-A1"], "no peg")],
)
def test_bad_moves(moves: list[str], needle: str) -> None:
    assert_one_line_error(run("solitaire", "solve", "--deal", "1", *moves), moves[-1], needle)


def test_missing_deal_is_a_usage_error() -> None:
    proc = run("solitaire", "solve")
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "usage" in proc.stderr.lower()
    assert "--deal" in proc.stderr
