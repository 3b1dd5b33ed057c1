"""Tests of the ``fireice`` command line, run as other programs run it.

The commands and their output are a contract (see the project brief and RULES.md):
``fireice``, ``fireice text``, ``fireice show`` and ``fireice solitaire show``.  Every
expected value here comes from the engine or from the rules text, never from the CLI's
own helper functions.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from fireice_desktop.engine.games.fireice import textboard
from fireice_desktop.engine.games.fireice.ai.playout import random_playout
from fireice_desktop.engine.games.fireice.rules import Color, Move, Position, random_handicap
from fireice_desktop.engine.games.fireice.solitaire import SolitairePosition
from fireice_desktop.engine.games.fireice.solver import solve
from tests.support.cli import (
    REPO,
    _env,
    assert_flag_error,
    assert_one_line_error,
    assert_usage_error,
    no_traceback,
    run,
    run_process,
)

HOLES = [f"{island}{number}" for island in "ABCDEFG" for number in range(1, 8)]
ISLAND_LETTERS = "ABCDEFG"
SHOW_KEYS = ["to_move", "board", "supply", "control", "result", "legal_moves"]
SOLITAIRE_KEYS = ["deal", "board", "to_move", "legal_moves", "pegs_left", "result"]
START_MOVES = [
    "D4-A4",
    "D4-B4",
    "D4-C4",
    "D4-D1",
    "D4-D2",
    "D4-D3",
    "D4-D5",
    "D4-D6",
    "D4-D7",
    "D4-E4",
    "D4-F4",
    "D4-G4",
]
BOARD_LINES = len(textboard.TEMPLATE)
HEADER_TAG = "FIRE (#):"
HEADER_COLUMN = textboard.TEMPLATE[0].index(HEADER_TAG)
MOVE_RE = re.compile(r"[A-G][1-7]-[A-G][1-7]")
A3_B5 = (HOLES.index("A3"), HOLES.index("B5"))


# --- running the command -------------------------------------------------------------


def show_json(*args: str) -> dict:
    proc = run("show", "--json", *args)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    no_traceback(proc)
    return json.loads(proc.stdout)


def solitaire_json(deal: int | str, *moves: str) -> dict:
    proc = run("solitaire", "show", "--deal", str(deal), "--json", *moves)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    no_traceback(proc)
    return json.loads(proc.stdout)


# --- what the engine says ------------------------------------------------------------


def random_game(seed: int, start: Position | None = None) -> tuple[list[str], Position]:
    """A whole random game from ``start``: its moves and the final position."""
    record: list[Move] = []
    start = Position.start() if start is None else start
    random_playout(start, random.Random(seed), record)
    position = start
    for move in record:
        position = position.play(move)
    assert position.is_over
    return [str(move) for move in record], position


def replay(start: Position, moves: list[str]) -> Position:
    position = start
    for move in moves:
        position = position.play(move)
    return position


def expected_show(position: Position) -> dict:
    """The ``show --json`` object, built from the engine's Position methods."""
    winner = position.winner
    board = {}
    for hole, name in enumerate(HOLES):
        color = position.color_at(hole)
        if color is not None:
            board[name] = color.key
    control = {}
    for island, letter in enumerate(ISLAND_LETTERS):
        color = position.controller(island)
        control[letter] = color.key if color is not None else None
    # Every one of the 49 x 49 (from, to) pairs that the engine accepts.
    legal = sorted(
        str(Move(src, dst))
        for src in range(49)
        for dst in range(49)
        if position.is_legal(Move(src, dst))
    )
    return {
        "to_move": None if winner is not None else position.to_move.key,
        "board": board,
        "supply": {"fire": position.fire_supply, "ice": position.ice_supply},
        "control": control,
        "result": winner.key if winner is not None else None,
        "legal_moves": legal,
    }


def deal_board(number: int) -> dict[str, str]:
    """Deal ``number`` as RULES.md section 3 defines it."""
    picked = random.Random(number).sample(HOLES, 28)
    return {name: ("fire" if i < 14 else "ice") for i, name in enumerate(picked)}


def solve_solitaire(position: SolitairePosition) -> list[str] | None:
    """A won game (one peg left) from ``position``, by the engine's exact solver."""
    line = solve(position).line
    return None if line is None else [str(m) for m in line]


def solitaire_board_json(position: SolitairePosition) -> dict[str, str]:
    board = {}
    for hole, name in enumerate(HOLES):
        color = position.color_at(hole)
        if color is not None:
            board[name] = color.key
    return board


def random_solitaire(deal: int, seed: int) -> tuple[list[str], SolitairePosition]:
    rng = random.Random(seed)
    position = SolitairePosition.deal(deal)
    moves = []
    while not position.is_over:
        move = rng.choice(position.legal_moves())
        moves.append(str(move))
        position = position.play(move)
    return moves, position


def boards_in(output: str) -> list[str]:
    """Every pbmserv board printed in ``output`` (a prompt may precede its first line)."""
    lines = output.split("\n")
    boards = []
    for number, line in enumerate(lines):
        column = line.find(HEADER_TAG)
        if column < 0:
            continue
        shift = column - HEADER_COLUMN
        assert shift >= 0, line
        block = [line[shift:], *lines[number + 1 : number + BOARD_LINES]]
        boards.append("\n".join(block))
    return boards


def pegs_on_board(lines: list[str]) -> dict[str, str]:
    """The pegs drawn on a pbmserv board (its 28 lines), read at the holes' cells."""
    pegs = {}
    for hole, (row, column) in enumerate(textboard.CELLS):
        char = lines[row][column]
        assert char in "#O-", (HOLES[hole], char)
        if char != "-":
            pegs[HOLES[hole]] = "fire" if char == "#" else "ice"
    return pegs


def islands_named(text: str) -> set[str]:
    return set(re.findall(r"\b[A-G]\b", text))


# --- fireice show --json ---------------------------------------------------------------


def test_show_json_start_exact() -> None:
    proc = run_process("show", "--json")  # the real program's standard output
    assert proc.returncode == 0
    assert proc.stderr == ""
    data = json.loads(proc.stdout)
    assert data == {
        "to_move": "fire",
        "board": {"D4": "fire"},
        "supply": {"fire": 24, "ice": 25},
        "control": dict.fromkeys(ISLAND_LETTERS),
        "result": None,
        "legal_moves": START_MOVES,
    }
    assert list(data) == SHOW_KEYS
    assert list(data["supply"]) == ["fire", "ice"]
    assert list(data["control"]) == list(ISLAND_LETTERS)


@pytest.mark.parametrize(
    "args",
    [
        ("d4-c4", "d4-d5"),
        ("D4-C4", "D4-D5"),
        ("d4-c4 d4-d5",),
        (" D4-C4  d4-D5 ",),
        ("D4-C4", "d4-d5", "--side", "fire"),
    ],
    ids=["lower", "upper", "one-argument", "spaces", "side-fire"],
)
def test_show_json_pergioco_opening(args: tuple[str, ...]) -> None:
    data = show_json(*args)
    after = Position.start().play("D4-C4").play("D4-D5")
    assert data == {
        "to_move": "fire",
        "board": {"C4": "fire", "D4": "fire", "D5": "ice"},
        "supply": {"fire": 23, "ice": 24},
        "control": dict.fromkeys(ISLAND_LETTERS),
        "result": None,
        "legal_moves": sorted(str(m) for m in after.legal_moves()),
    }
    assert list(data) == SHOW_KEYS


# Random games from the start: seeds 1 and 2 are won by Ice, 5 and 6 by Fire (seed 5's
# last move is Ice's, whose vacated hole completes Fire's winning line).
@pytest.mark.parametrize(
    ("seed", "winner"),
    [(1, "ice"), (2, "ice"), (5, "fire"), (6, "fire")],
    ids=["ice-wins-1", "ice-wins-2", "fire-wins-handed", "fire-wins"],
)
def test_show_json_finished_game(seed: int, winner: str) -> None:
    moves, final = random_game(seed)
    assert final.winner is not None
    assert final.winner.key == winner
    data = show_json(*moves)
    assert list(data) == SHOW_KEYS
    assert data["result"] == winner
    assert data["to_move"] is None
    assert data["legal_moves"] == []
    assert data["result"] in ("fire", "ice")
    for island, letter in enumerate(ISLAND_LETTERS):
        color = final.controller(island)
        assert data["control"][letter] == (color.key if color is not None else None)
    assert data == expected_show(final)


def test_show_json_finished_game_as_one_argument() -> None:
    moves, final = random_game(4)
    assert show_json(" ".join(moves)) == expected_show(final)


def _both_sides_control_mid_game() -> tuple[list[str], Position]:
    for seed in range(100):
        moves, _ = random_game(seed)
        position = Position.start()
        for number, move in enumerate(moves[:-1], start=1):
            position = position.play(move)
            if position.control(Color.FIRE) and position.control(Color.ICE):
                return moves[:number], position
    raise AssertionError("no game found")


def test_show_json_control_of_both_sides_mid_game() -> None:
    moves, position = _both_sides_control_mid_game()
    assert not position.is_over
    data = show_json(*moves)
    for colour in Color:
        islands = {ISLAND_LETTERS[i] for i in range(7) if position.control(colour) >> i & 1}
        assert islands
        assert {k for k, v in data["control"].items() if v == colour.key} == islands
    assert data == expected_show(position)


@pytest.mark.parametrize(
    ("side", "holes", "supply", "board"),
    [
        ("fire", "A3,B5", {"fire": 22, "ice": 25}, {"A3": "fire", "B5": "fire", "D4": "fire"}),
        ("ice", "A3,B5", {"fire": 24, "ice": 23}, {"A3": "ice", "B5": "ice", "D4": "fire"}),
        ("fire", "b5,a3", {"fire": 22, "ice": 25}, {"A3": "fire", "B5": "fire", "D4": "fire"}),
        (None, "A3,B5", {"fire": 22, "ice": 25}, {"A3": "fire", "B5": "fire", "D4": "fire"}),
    ],
    ids=["fire", "ice", "lower-case", "side-default-fire"],
)
def test_show_json_handicap(
    side: str | None, holes: str, supply: dict, board: dict[str, str]
) -> None:
    side_args = ("--side", side) if side else ()
    data = show_json("--handicap-at", holes, *side_args)
    assert list(data) == SHOW_KEYS
    assert data["supply"] == supply
    assert data["board"] == board
    assert data["to_move"] == "fire"
    color = Color.parse(side or "fire")
    start = Position.start(A3_B5, color)
    assert data == expected_show(start)
    # And after a move each way: the opponent's supply feeds the vacated hole.
    after = show_json("--handicap-at", holes, *side_args, "D4-C4", "D4-D5")
    assert after == expected_show(start.play("D4-C4").play("D4-D5"))


def _agreement_cases() -> list[tuple[int, list[str], list[str], Position]]:
    cases = []
    for seed in range(20):
        rng = random.Random(1000 + seed)
        args: list[str] = []
        start = Position.start()
        if seed % 3 == 0:
            side = rng.choice([Color.FIRE, Color.ICE])
            holes = random_handicap(rng.randint(1, 6), seed)
            start = Position.start(holes, side)
            args = ["--handicap-at", ",".join(HOLES[h] for h in holes), "--side", side.key]
        moves, _ = random_game(5000 + seed, start)
        length = len(moves) if seed % 5 == 0 else rng.randint(0, len(moves))
        moves = moves[:length]
        cases.append((seed, args, moves, replay(start, moves)))
    return cases


@pytest.mark.parametrize(
    ("seed", "args", "moves", "position"),
    _agreement_cases(),
    ids=[f"game{i}" for i in range(20)],
)
def test_show_json_agrees_with_engine(
    seed: int, args: list[str], moves: list[str], position: Position
) -> None:
    data = show_json(*args, *moves)
    assert list(data) == SHOW_KEYS
    assert data == expected_show(position)


# --- fireice show (text) -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "moves", "handicap"),
    [
        ((), [], None),
        ((), ["d4-c4", "D4-D5"], None),
        ((), random_game(7)[0], None),
        ((), random_game(5)[0], None),
        ((), random_game(6)[0], None),
        ((), random_game(8)[0][:20], None),
        ((), _both_sides_control_mid_game()[0], None),
        (("--handicap-at", "A3,B5", "--side", "ice"), ["D4-C4"], Color.ICE),
    ],
    ids=[
        "start",
        "pergioco",
        "ice-wins",
        "fire-wins-handed",
        "fire-wins",
        "middle",
        "both-control",
        "handicap-ice",
    ],
)
def test_show_text(args: tuple[str, ...], moves: list[str], handicap: Color | None) -> None:
    start = Position.start(A3_B5, handicap) if handicap is not None else Position.start()
    position = replay(start, moves)
    proc = run("show", *args, *moves)
    no_traceback(proc)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    board = textboard.render(position)
    assert proc.stdout.startswith(board + "\n")
    rest = proc.stdout[len(board) + 1 :].splitlines()
    assert len(rest) == 4, rest
    to_move, fire, ice, result = rest
    assert to_move.startswith("To move: ")
    assert fire.startswith("Fire controls: ")
    assert ice.startswith("Ice controls: ")
    assert result.startswith("Result: ")
    assert islands_named(fire.removeprefix("Fire controls: ")) == {
        letter for i, letter in enumerate(ISLAND_LETTERS) if position.control(Color.FIRE) >> i & 1
    }
    assert islands_named(ice.removeprefix("Ice controls: ")) == {
        letter for i, letter in enumerate(ISLAND_LETTERS) if position.control(Color.ICE) >> i & 1
    }
    winner = position.winner
    if winner is None:
        assert position.to_move.title in to_move
        assert position.to_move.other.title not in to_move
        assert "Fire" not in result
        assert "Ice" not in result
    else:
        assert "Fire" not in to_move
        assert "Ice" not in to_move
        assert winner.title in result
        assert winner.other.title not in result
        assert "win" in result


# --- fireice show: errors ------------------------------------------------------------------


def _after_game_over() -> tuple[list[str], str]:
    moves, final = random_game(11)
    extra = next(iter(final.pseudo_moves()), Move(0, 1))
    return [*moves, str(extra)], str(extra)


GAME_OVER_MOVES, GAME_OVER_EXTRA = _after_game_over()


@pytest.mark.parametrize(
    ("moves", "number", "text", "reason"),
    [
        (["X9-A1"], 1, "X9-A1", "not a move"),
        (["D4-C4", "D4C4"], 2, "D4C4", "not a move"),
        (["D4-C4", "D4-D5", "d4-"], 3, "d4-", "not a move"),
        (["A1-A2"], 1, "A1-A2", "no peg"),
        (["D4-C4", "C4-C3"], 2, "C4-C3", "turn"),
        (["D4-C4", "D4-C4"], 2, "D4-C4", "taken"),
        (["D4-E1"], 1, "D4-E1", "island"),
        (["D4-D4"], 1, "D4-D4", "another hole"),
        (["D4-C4 D4-D5 C4-C3 D5-D5"], 4, "D5-D5", "another hole"),
        (GAME_OVER_MOVES, len(GAME_OVER_MOVES), GAME_OVER_EXTRA, "over"),
    ],
    ids=[
        "bad-hole",
        "no-dash",
        "cut-short",
        "no-peg",
        "opponents-peg",
        "destination-taken",
        "not-same-island-or-number",
        "same-hole",
        "one-argument",
        "after-game-over",
    ],
)
@pytest.mark.parametrize("json_flag", [False, True], ids=["text", "json"])
def test_show_bad_move(
    moves: list[str], number: int, text: str, reason: str, json_flag: bool
) -> None:
    args = ["show", *(["--json"] if json_flag else []), *moves]
    line = assert_one_line_error(run(*args), f"move {number}", reason)
    assert text.upper() in line.upper()
    assert f"move {number + 1}" not in line


@pytest.mark.parametrize(
    ("holes", "named", "reason"),
    [
        ("D1", "D1", "island D"),
        ("A3,A5", "A5", "island A"),
        ("A3,B5,a3", "A3", "island A"),
        ("X9", "X9", "not a hole"),
        ("A3,B9", "B9", "not a hole"),
        ("A1,B1,C1,E1,F1,G1,A2", "A2", "island A"),
        ("A1,B1,C1,D1,E1,F1,G1", "D1", "island D"),
        ("", "--handicap-at", "1 to 6"),
    ],
    ids=[
        "island-D",
        "two-on-one-island",
        "same-hole-twice",
        "bad-hole-name",
        "bad-second-hole",
        "seven-holes",
        "seven-holes-with-D",
        "empty",
    ],
)
@pytest.mark.parametrize("side", ["fire", "ice"])
def test_show_bad_handicap(holes: str, named: str, reason: str, side: str) -> None:
    for extra in ((), ("--json",)):
        proc = run("show", *extra, "--side", side, "--handicap-at", holes, "D4-C4")
        assert_flag_error(proc, named, reason)


# --- fireice solitaire show ------------------------------------------------------------------


@pytest.mark.parametrize("deal", [1, 2, 42, 777_777, 1_000_000])
def test_solitaire_deal_matches_rules_and_engine(deal: int) -> None:
    data = solitaire_json(deal)
    assert list(data) == SOLITAIRE_KEYS
    position = SolitairePosition.deal(deal)
    board = deal_board(deal)
    assert solitaire_board_json(position) == board
    assert data == {
        "deal": deal,
        "board": board,
        "to_move": "either",
        "legal_moves": sorted(str(m) for color in Color for m in position.captures(color)),
        "pegs_left": 28,
        "result": None,
    }
    movers = {board[move.split("-")[0]] for move in data["legal_moves"]}
    assert movers == {"fire", "ice"}
    for move in data["legal_moves"]:
        src, dst = move.split("-")
        assert board[src] != board[dst]


def test_solitaire_after_red_capture() -> None:
    start = SolitairePosition.deal(1)
    red = next(m for m in start.legal_moves() if start.color_at(m.src) is Color.FIRE)
    after = start.play(red)
    data = solitaire_json(1, str(red).lower())
    assert data == {
        "deal": 1,
        "board": solitaire_board_json(after),
        "to_move": "ice",
        "legal_moves": sorted(str(m) for m in after.captures(Color.ICE)),
        "pegs_left": 27,
        "result": None,
    }
    # And after an aqua reply, red again.
    reply = after.legal_moves()[0]
    data = solitaire_json(1, f"{red} {reply}")
    assert data["to_move"] == "fire"
    assert data["legal_moves"] == sorted(str(m) for m in after.play(reply).captures(Color.FIRE))


@pytest.mark.parametrize("first", ["fire", "ice"])
def test_solitaire_colours_alternate(first: str) -> None:
    position = SolitairePosition.deal(3)
    rng = random.Random(first)
    moves: list[str] = []
    for number in range(1, 5):
        first_colour = Color.parse(first)
        choices = position.captures(first_colour) if number == 1 else position.legal_moves()
        mover = position.color_at(choices[0].src)
        assert mover is not None
        move = rng.choice(choices)
        moves.append(str(move))
        position = position.play(move)
        data = solitaire_json(3, *moves)
        assert data["to_move"] == mover.other.key, (moves, data["to_move"])
        assert data["legal_moves"] == sorted(str(m) for m in position.captures(mover.other))
        assert data["pegs_left"] == 28 - number
        assert data["board"] == solitaire_board_json(position)


def test_solitaire_won_game() -> None:
    moves = solve_solitaire(SolitairePosition.deal(1))
    assert moves is not None and len(moves) == 27
    data = solitaire_json(1, *moves)
    assert list(data) == SOLITAIRE_KEYS
    assert data["to_move"] is None
    assert data["legal_moves"] == []
    assert data["pegs_left"] == 1
    assert data["result"] == "won"
    assert len(data["board"]) == 1
    assert solitaire_json(1, " ".join(moves)) == data


@pytest.mark.parametrize(("deal", "seed"), [(1, 1), (3, 2), (99, 3), (123_456, 4)])
def test_solitaire_random_game_to_the_end(deal: int, seed: int) -> None:
    moves, final = random_solitaire(deal, seed)
    data = solitaire_json(deal, *moves)
    assert data == {
        "deal": deal,
        "board": solitaire_board_json(final),
        "to_move": None,
        "legal_moves": [],
        "pegs_left": 28 - len(moves),
        "result": "won" if final.pegs_left == 1 else "lost",
    }
    assert data["pegs_left"] == final.pegs_left


@pytest.mark.parametrize("length", [0, 1, 2, 10])
def test_solitaire_text(length: int) -> None:
    moves, _ = random_solitaire(5, 5)
    moves = moves[:length]
    position = SolitairePosition.deal(5)
    for move in moves:
        position = position.play(move)
    proc = run("solitaire", "show", "--deal", "5", *moves)
    no_traceback(proc)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == BOARD_LINES + 3
    assert pegs_on_board(lines[:BOARD_LINES]) == solitaire_board_json(position)
    to_move, pegs, result = lines[BOARD_LINES:]
    assert to_move.startswith("To move:")
    if position.to_move is None:
        assert length == 0
        assert "either" in to_move
    else:
        names = {Color.FIRE: "red", Color.ICE: "aqua"}
        assert names[position.to_move] in to_move
        assert names[position.to_move.other] not in to_move
    assert pegs == f"Pegs left: {28 - length}"
    assert result.startswith("Result:")
    assert "won" not in result
    assert "lost" not in result


def test_solitaire_text_finished() -> None:
    won = solve_solitaire(SolitairePosition.deal(1))
    assert won is not None
    lost, final = random_solitaire(1, 1)
    assert final.pegs_left > 1
    for moves, pegs, word in ((won, 1, "won"), (lost, final.pegs_left, "lost")):
        proc = run("solitaire", "show", "--deal", "1", *moves)
        assert proc.returncode == 0, proc.stderr
        lines = proc.stdout.splitlines()
        to_move, pegs_line, result = lines[BOARD_LINES:]
        assert to_move.startswith("To move:")
        assert "red" not in to_move
        assert "aqua" not in to_move
        assert pegs_line == f"Pegs left: {pegs}"
        assert result.startswith("Result:")
        assert word in result


# Deal 1: red on A2 A5 A7 B1 B2 B7 C3 D4 E1 E3 E4 F2 F6 G2; aqua on A1 A4 B4 C4 C5 C7 D3
# D5 D7 E6 F1 F7 G1 G3; every other hole empty.
@pytest.mark.parametrize(
    ("moves", "number", "text", "reason"),
    [
        (["X9-A1"], 1, "X9-A1", "not a move"),
        (["A1A2"], 1, "A1A2", "not a move"),
        (["A1-A2", "a1-"], 2, "a1-", "not a move"),
        (["A3-A1"], 1, "A3-A1", "no peg"),
        (["A2-A3"], 1, "A2-A3", "empty"),
        (["A2-A5"], 1, "A2-A5", "red"),
        (["A4-A2", "A1-A2"], 2, "A1-A2", "aqua"),
        (["A2-A2"], 1, "A2-A2", "another hole"),
        (["A2-B1"], 1, "A2-B1", "island"),
    ],
    ids=[
        "bad-hole",
        "no-dash",
        "cut-short",
        "no-peg",
        "into-empty-hole",
        "own-colour",
        "wrong-colours-turn",
        "same-hole",
        "not-same-island-or-number",
    ],
)
def test_solitaire_bad_move(moves: list[str], number: int, text: str, reason: str) -> None:
    # The engine agrees that the move is bad (guards this table against typos).
    position = SolitairePosition.deal(1)
    for move in moves[: number - 1]:
        position = position.play(move)
    if MOVE_RE.fullmatch(text.upper()):
        assert position.illegal_reason(Move.parse(text)) is not None
    for extra in ((), ("--json",)):
        proc = run("solitaire", "show", "--deal", "1", *extra, *moves)
        line = assert_one_line_error(proc, f"move {number}", reason)
        assert text.upper() in line.upper()


def test_solitaire_move_after_game_over() -> None:
    moves, final = random_solitaire(2, 7)
    extra = str(next(iter(final.captures(Color.FIRE) + final.captures(Color.ICE)), "A1-A2"))
    number = len(moves) + 1
    for flag in ((), ("--json",)):
        proc = run("solitaire", "show", "--deal", "2", *flag, *moves, extra)
        line = assert_one_line_error(proc, f"move {number}", "over")
        assert extra in line.upper()


@pytest.mark.parametrize("deal", ["0", "1000001", "abc", "-3", ""])
def test_solitaire_bad_deal(deal: str) -> None:
    for extra in ((), ("--json",)):
        proc = run("solitaire", "show", "--deal", deal, *extra)
        line = assert_flag_error(proc, "deal")
        assert deal in line


@pytest.mark.parametrize(
    "args",
    [
        ("solitaire", "show"),
        ("solitaire", "show", "--json"),
        ("solitaire", "show", "A1-A2"),
        ("solitaire",),
        ("solitaire", "play"),
        ("solitaire", "show", "--deal"),
        ("solitaire", "show", "--deal", "1", "--bogus"),
    ],
)
def test_solitaire_usage_errors(args: tuple[str, ...]) -> None:
    assert_usage_error(run(*args))


# --- fireice text -------------------------------------------------------------------------


def text_game(stdin: str, *args: str, process: bool = False) -> subprocess.CompletedProcess[str]:
    """``fireice text ARGS`` given ``stdin``; with ``process``, the real program reading a pipe."""
    proc = (run_process if process else run)("text", *args, stdin=stdin)
    no_traceback(proc)
    assert proc.returncode == 0, (proc.returncode, proc.stderr)
    return proc


@pytest.mark.parametrize("seed", [1, 5, 6], ids=["ice-wins", "fire-wins-handed", "fire-wins"])
def test_text_full_game_to_a_win(seed: int) -> None:
    moves, final = random_game(seed)
    proc = text_game("\n".join(moves) + "\n")
    assert "Not played" not in proc.stdout
    assert final.winner is not None
    win_lines = [line for line in proc.stdout.splitlines() if "wins" in line]
    assert win_lines, proc.stdout[-2000:]
    assert any(final.winner.title in line for line in win_lines)
    assert not any(final.winner.other.title + " wins" in line for line in win_lines)
    boards = boards_in(proc.stdout)
    assert boards[0] == textboard.render(Position.start())
    assert boards[-1] == textboard.render(final)
    # Every position of the game was shown, in order.
    shown = [b for i, b in enumerate(boards) if i == 0 or b != boards[i - 1]]
    positions = [Position.start()]
    for move in moves:
        positions.append(positions[-1].play(move))
    assert shown == [textboard.render(p) for p in positions]


def test_text_move_after_the_win_and_undo() -> None:
    moves, final = random_game(23)
    before = replay(Position.start(), moves[:-1])
    extra = next(iter(final.pseudo_moves()), Move(0, 1))
    proc = text_game("\n".join([*moves, str(extra), "undo", "legal", "quit"]) + "\n")
    assert proc.stdout.count("Not played") == 1
    assert textboard.render(final) in boards_in(proc.stdout)
    assert boards_in(proc.stdout)[-1] == textboard.render(before)
    assert legal_listed(proc.stdout) == sorted(str(m) for m in before.legal_moves())


@pytest.mark.parametrize("seed", [1, 5, 6], ids=["ice-wins", "fire-wins-handed", "fire-wins"])
def test_text_board_after_the_win_says_nobody_is_to_move(seed: int) -> None:
    moves, final = random_game(seed)
    proc = text_game("\n".join([*moves, "board", "quit"]) + "\n")
    board = textboard.render(final)
    tail = proc.stdout.rsplit(board, 1)[1]
    assert "to move" not in tail.lower(), tail
    assert final.winner is not None
    assert final.winner.title in tail


def test_text_help() -> None:
    proc = text_game("help\nquit\n")
    after_board = proc.stdout.split(textboard.render(Position.start()), 1)[1]
    assert "legal" in after_board
    assert "undo" in after_board
    assert "quit" in after_board


def legal_listed(output: str) -> list[str]:
    """The moves of the last line of output that ends in a list of moves."""
    found = None
    for line in output.splitlines():
        match = re.search(r"((?:[A-G][1-7]-[A-G][1-7]\s+)*[A-G][1-7]-[A-G][1-7])\s*$", line)
        if match and "played" not in line:
            found = match.group(1).split()
    assert found is not None, output[-2000:]
    return sorted(found)


@pytest.mark.parametrize("length", [0, 2, 9, 20])
def test_text_legal(length: int) -> None:
    moves = random_game(31)[0][:length]
    position = replay(Position.start(), moves)
    proc = text_game("\n".join([*moves, "legal", "quit"]) + "\n")
    listed = legal_listed(proc.stdout)
    assert len(listed) == len(set(listed))
    assert listed == sorted(str(m) for m in position.legal_moves())
    if length == 0:
        assert listed == START_MOVES


@pytest.mark.parametrize(
    "bad",
    ["D4C4", "X9-A1", "d4-", "A1-A2", "D4-D4", "D4-E1", "hello"],
    ids=["no-dash", "bad-hole", "cut-short", "no-peg", "same-hole", "unreachable", "word"],
)
def test_text_bad_input_is_explained_and_reasked(bad: str) -> None:
    proc = text_game(f"{bad}\nD4-C4\nquit\n")
    explained = [line for line in proc.stdout.splitlines() if "Not played" in line]
    assert len(explained) == 1
    assert bad.upper() in explained[0].upper()
    assert boards_in(proc.stdout)[-1] == textboard.render(Position.start().play("D4-C4"))


def test_text_illegal_move_mid_game() -> None:
    # Ice tries to move Fire's peg, then the taken hole, then plays properly.
    proc = text_game("D4-C4\nC4-C3\nD4-C4\nD4-D5\nquit\n")
    explained = [line for line in proc.stdout.splitlines() if "Not played" in line]
    assert len(explained) == 2
    assert "C4-C3" in explained[0]
    assert "D4-C4" in explained[1]
    expected = Position.start().play("D4-C4").play("D4-D5")
    assert boards_in(proc.stdout)[-1] == textboard.render(expected)


@pytest.mark.parametrize(
    ("script", "moves"),
    [
        (["D4-C4", "D4-D5", "undo"], ["D4-C4"]),
        (["D4-C4", "D4-D5", "undo", "undo"], []),
        (["D4-C4", "D4-D5", "undo", "redo"], ["D4-C4", "D4-D5"]),
        (["D4-C4", "D4-D5", "undo", "undo", "redo"], ["D4-C4"]),
        (["D4-C4", "undo", "D4-D5"], ["D4-D5"]),
        (["undo", "D4-C4"], ["D4-C4"]),
        (["D4-C4", "D4-D5", "board"], ["D4-C4", "D4-D5"]),
    ],
    ids=["undo", "undo-twice", "redo", "undo-redo", "new-line", "undo-at-start", "board"],
)
def test_text_undo_redo_board(script: list[str], moves: list[str]) -> None:
    proc = text_game("\n".join([*script, "quit"]) + "\n")
    assert "Not played" not in proc.stdout
    assert boards_in(proc.stdout)[-1] == textboard.render(replay(Position.start(), moves))


def test_text_board_command_reprints() -> None:
    plain = text_game("D4-C4\nquit\n")
    again = text_game("D4-C4\nboard\nquit\n")
    board = textboard.render(Position.start().play("D4-C4"))
    assert boards_in(plain.stdout).count(board) == 1
    assert boards_in(again.stdout).count(board) == 2


@pytest.mark.parametrize(
    ("stdin", "moves"),
    [
        ("quit\n", []),
        ("", []),
        ("D4-C4\n", ["D4-C4"]),
        ("D4-C4", ["D4-C4"]),
        ("D4-C4\nquit\nD4-D5\n", ["D4-C4"]),
        ("\n\n", []),
        ("help\n", []),
    ],
    ids=["quit", "eof-at-once", "eof-after-move", "eof-no-newline", "quit-stops", "blank", "help"],
)
def test_text_quit_and_eof_exit_zero(stdin: str, moves: list[str]) -> None:
    proc = text_game(stdin, process=True)
    assert proc.stderr == ""
    boards = boards_in(proc.stdout)
    assert boards[0] == textboard.render(Position.start())
    assert boards[-1] == textboard.render(replay(Position.start(), moves))


@pytest.mark.parametrize(("count", "seed", "side"), [(3, 42, "fire"), (6, 7, "ice"), (1, 0, "ice")])
def test_text_handicap_is_deterministic(count: int, seed: int, side: str) -> None:
    args = ("--handicap", str(count), "--seed", str(seed), "--side", side)
    first = text_game("quit\n", *args)
    second = text_game("quit\n", *args)
    assert first.stdout == second.stdout
    assert re.search(rf"seed\D{{0,3}}{seed}\b", first.stdout, re.IGNORECASE), first.stdout
    holes = random_handicap(count, seed)
    color = Color.parse(side)
    expected = Position.start(holes, color)
    board = boards_in(first.stdout)[0]
    assert board == textboard.render(expected)
    pegs = pegs_on_board(board.split("\n"))
    for hole in holes:
        assert pegs[HOLES[hole]] == color.key
    assert len(pegs) == count + 1


def test_text_handicap_default_side_is_fire() -> None:
    proc = text_game("quit\n", "--handicap", "3", "--seed", "42")
    assert boards_in(proc.stdout)[0] == textboard.render(
        Position.start(random_handicap(3, 42), Color.FIRE)
    )


def test_text_handicap_without_seed_names_a_repeatable_seed() -> None:
    proc = text_game("quit\n", "--handicap", "4", "--side", "ice")
    match = re.search(r"seed\D{0,3}(\d+)", proc.stdout, re.IGNORECASE)
    assert match, proc.stdout[:500]
    seed = int(match.group(1))
    expected = Position.start(random_handicap(4, seed), Color.ICE)
    assert boards_in(proc.stdout)[0] == textboard.render(expected)


def test_text_handicap_game_plays_on() -> None:
    start = Position.start(random_handicap(2, 5), Color.ICE)
    moves = random_game(9, start)[0][:6]
    proc = text_game(
        "\n".join([*moves, "quit"]) + "\n", "--handicap", "2", "--seed", "5", "--side", "ice"
    )
    assert "Not played" not in proc.stdout
    assert boards_in(proc.stdout)[-1] == textboard.render(replay(start, moves))


@pytest.mark.parametrize(
    "args",
    [
        ("--handicap", "0"),
        ("--handicap", "7"),
        ("--handicap", "abc"),
        ("--handicap", "-1"),
        ("--handicap",),
        ("--seed", "42"),
        ("--seed", "42", "--side", "ice"),
        ("--handicap", "2", "--seed", "x"),
        ("--side", "water"),
        ("--bogus",),
        ("D4-C4",),
    ],
)
def test_text_bad_arguments(args: tuple[str, ...]) -> None:
    proc = run("text", *args, stdin="quit\n")
    assert_usage_error(proc)


# --- fireice (the desktop game) and the parser -------------------------------------------------


def _check_no_display(proc: subprocess.CompletedProcess[str]) -> None:
    no_traceback(proc)
    assert proc.returncode == 1, (proc.returncode, proc.stderr)
    assert proc.stdout == ""
    assert proc.stderr.endswith("\n")
    assert proc.stderr.count("\n") == 1, repr(proc.stderr)
    assert "fireice text" in proc.stderr
    assert "display" in proc.stderr.lower()


def test_desktop_without_display() -> None:
    _check_no_display(run_process())


def test_desktop_script_without_display() -> None:
    script = Path(sys.executable).parent / "fireice"
    if not script.exists():
        pytest.skip("no installed fireice script next to this Python")
    proc = subprocess.run(
        [str(script)], input="", capture_output=True, text=True, cwd=REPO, env=_env(), timeout=60
    )
    _check_no_display(proc)


@pytest.mark.parametrize(
    "args",
    [
        ("bogus",),
        ("--bogus",),
        ("show", "--bogus"),
        ("show", "--side", "water"),
        ("show", "--side"),
        ("show", "--handicap-at"),
        ("show", "--json=yes"),
        ("text", "--json"),
        ("solitaire", "show", "--deal", "1", "--side", "fire"),
    ],
)
def test_unknown_command_or_flag(args: tuple[str, ...]) -> None:
    assert_usage_error(run_process(*args))


@pytest.mark.parametrize(
    "args",
    [("--help",), ("-h",), ("show", "--help"), ("text", "--help"), ("solitaire", "show", "--help")],
)
def test_help_exits_zero(args: tuple[str, ...]) -> None:
    proc = run_process(*args)
    no_traceback(proc)
    assert proc.returncode == 0
    assert "usage" in proc.stdout.lower()
    assert proc.stderr == ""


NO_PYGAME = """
import io, json, sys
from fireice_desktop import cli
argv = json.loads(sys.argv[1])
sys.stdin = io.StringIO("D4-C4\\nlegal\\nquit\\n")
status = cli.main(argv)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("pygame", "pygame_gui"))
print("STATUS", status, "LOADED", json.dumps(loaded), file=sys.stderr)
"""


@pytest.mark.parametrize(
    "argv",
    [
        ["show", "--json"],
        ["show", "D4-C4", "D4-D5"],
        ["solitaire", "show", "--deal", "1", "--json"],
        ["text"],
        ["text", "--handicap", "2", "--seed", "1"],
        ["icebreaker", "show", "--json"],
        ["icebreaker", "show", "--size", "6", "a1-a2"],
    ],
)
def test_commands_do_not_import_pygame(argv: list[str]) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", NO_PYGAME, json.dumps(argv)],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=_env(),
        timeout=60,
    )
    no_traceback(proc)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.strip().splitlines()[-1] == "STATUS 0 LOADED []", proc.stderr
