"""Find, prove and measure the Fire & Ice puzzles the game ships.

    python scripts/make_puzzles.py --games 400 --workers 2
    python scripts/make_puzzles.py --check          # re-prove every shipped puzzle
    python scripts/make_puzzles.py --deeper 1500000 # look again for longer wins
    python scripts/make_puzzles.py --deeper 25000000 --finder  # further, with the C finder
    python scripts/make_puzzles.py --alternatives 100000 --workers 2  # the other first moves

Games are played from the start position (no handicap) between the computer's levels,
and between them and an outside program (``--program``, the sparring player; it speaks
the ``fireice ai-move`` protocol).  Each game opens with two to four random moves so that
the games differ.  Then, from the end of each game backwards, every position is asked
with the exact search (:mod:`fireice_desktop.engine.games.fireice.proof`): does the side
to move force a win within five of its moves, and in how few?  A position whose side to
move wins in N moves at the fewest, with exactly one first move that wins within N, is a
puzzle.  Its solution is the main line: the winner's fastest move at each step, the
defender's longest resistance.

Difficulty is measured, not guessed.  Each puzzle is tried by the levels (beginner,
casual and strong with three seeds each, expert with one): a try is solved when every
move the level plays keeps the win within the moves left, against the best defence.
The random level's chance is exact (the share of winning moves at each step of the main
line).  The rating is the one under which those results are most likely, with the
levels at fixed puzzle ratings (:data:`LEVEL_RATINGS`; Elo's logistic curve, a
400-point step is ten to one), and a weak pull towards 1500 so that a puzzle every level
solves, or none, still gets a finite number.

``--deeper NODES`` asks the positions one to six moves before each game's earliest
shipped puzzle again, with up to NODES positions a question instead of
:data:`NODE_LIMIT` (the games whose earliest puzzle is the longest first), and adds
what it finds; the ids of the puzzles already shipped stay as they are.  A pass with
the same limit goes on after the games an earlier one looked at (kept in the file).

``--finder`` with ``--deeper NODES`` looks further back, up to :data:`FINDER_BACK`
moves before each game's earliest puzzle, for the longest wins: each position is first
asked by ``scripts/win_finder.c`` (the same search in C, compiled here with gcc, about
fifty times as fast; NODES positions a question), and each one it calls a win with a
single first move is then proved again by the engine's own search, with no limit, before
it is measured and added.  Nothing the finder alone says is shipped.

``--alternatives NODES`` judges every other first move of each shipped puzzle at any
length (a puzzle's first move is the only one that wins within N, but others may win
more slowly): after each, ``scripts/win_finder.c --who`` says which side wins and within
how many moves (up to :data:`ALTERNATIVES_MOST`, NODES positions a move), and the
engine's own search proves it again with up to ``--engine-nodes`` positions before it
is kept (there are no draws: a move after which the defender wins is proved not to win).
What neither proved is kept as undecided.  The results are each puzzle's
``first_moves``; the puzzles and their ids stay as they are.

The puzzle file is written whole to a temporary file and renamed over the old one.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import shlex
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fireice_desktop.engine.errors import Cancelled  # noqa: E402
from fireice_desktop.engine.games.fireice.proof import Prover, state_of  # noqa: E402
from fireice_desktop.engine.games.fireice.puzzles import (  # noqa: E402
    MOST_MOVES,
    PUZZLE_FILE,
    Puzzle,
    best_defence,
)
from fireice_desktop.engine.games.fireice.rules import Position  # noqa: E402
from fireice_desktop.engine.search import search  # noqa: E402

#: The pairs of players whose games the puzzles come from ("mcts" is ``--program``).
PAIRINGS = (
    ("beginner", "casual"),
    ("casual", "casual"),
    ("casual", "strong"),
    ("strong", "strong"),
    ("strong", "mcts"),
    ("mcts", "casual"),
    ("mcts", "mcts"),
)
#: The seeds each level tries a puzzle with.
TRIES = {"beginner": 3, "casual": 3, "strong": 3, "expert": 1}
#: Each level's strength as a puzzle solver, the anchors of the puzzle ratings.
LEVEL_RATINGS = {"random": 600.0, "beginner": 1000.0, "casual": 1300.0, "strong": 1600.0,
                 "expert": 1900.0}  # fmt: skip
#: The most positions one question to the exact search may visit while looking for
#: puzzles; a position that needs more is left out (never shipped unproved).
NODE_LIMIT = 100_000


class _Limit:
    """A ``stop`` for the prover: true once it has visited ``most`` more positions."""

    def __init__(self, prover: Prover, most: int) -> None:
        self.prover = prover
        self.until = prover.nodes + most

    def __call__(self) -> bool:
        return self.prover.nodes > self.until


def ask(program: list[str], seed: int, moves: list[str]) -> str:
    result = subprocess.run(
        [*program, "--seed", str(seed), *moves], capture_output=True, text=True, check=False
    )
    lines = result.stdout.strip().splitlines()
    if result.returncode != 0 or not lines:
        raise RuntimeError(f"{shlex.join(program)} failed after {' '.join(moves)}: {result.stderr}")
    return lines[-1].strip()


def play_game(index: int, seed: int, program: list[str]) -> tuple[str, list[str]]:
    """Game ``index``: its pairing's name and its moves."""
    rng = random.Random(f"{seed}:{index}")
    pair = PAIRINGS[index % len(PAIRINGS)]
    if not program:
        pair = tuple("strong" if p == "mcts" else p for p in pair)  # type: ignore[assignment]
    if rng.random() < 0.5:
        pair = (pair[1], pair[0])
    position = Position.start()
    moves: list[str] = []
    opening = rng.randint(2, 4)
    while not position.is_over:
        player = pair[len(moves) % 2]
        if len(moves) < opening:
            move = rng.choice(position.legal_moves())
        elif player == "mcts":
            move = position.parse_move(ask(program, rng.randrange(1 << 30), moves))
            if not position.is_legal(move):
                raise RuntimeError(f"{program} played illegal {move} after {moves}")
        else:
            move = search(position, player, seed=rng.randrange(1 << 30)).move
        position = position.play_unchecked(move)
        moves.append(str(move))
    return "-".join(pair), moves


def main_line(prover: Prover, position: Position, win_in: int) -> list[str]:
    """The winner's fastest moves against the defender's longest resistance."""
    line: list[str] = []
    winner = position.to_move
    left = win_in
    while position.winner is None:
        if position.to_move is winner:
            best = None
            for move in position.legal_moves():
                after = position.play_unchecked(move)
                if after.winner is winner:
                    best = move
                    break
            if best is None:
                best = prover.winning_moves(position, prover.distance(position, left))[0]
            assert best is not None, "a proved win has a winning move"
            move = best
            left -= 1
        else:
            move = best_defence(prover, position, left)
        line.append(str(move))
        position = position.play_unchecked(move)
    assert position.winner is winner
    return line


def level_solves(prover: Prover, position: Position, win_in: int, level: str, seed: int) -> bool:
    """Whether ``level`` (with ``seed``) plays only moves that keep the win, to the end."""
    winner = position.to_move
    left = win_in
    while True:
        move = search(position, level, seed=seed).move
        after = position.play_unchecked(move)
        if after.winner is winner:
            return True
        if after.winner is not None or left <= 1 or prover.defends(after, left - 1):
            return False
        left -= 1
        position = after.play_unchecked(best_defence(prover, after, left))
        if position.winner is winner:
            return True


def random_chance(prover: Prover, position: Position, line: list[str], win_in: int) -> float:
    """The chance that uniformly random moves keep the win along the main line."""
    chance = 1.0
    left = win_in
    for index, text in enumerate(line):
        if index % 2 == 0:
            legal = position.legal_moves()
            good = prover.winning_moves(position, left)
            chance *= len(good) / len(legal)
            left -= 1
        position = position.play(text)
    return chance


def rating_of(results: dict[str, float], tries: dict[str, int]) -> int:
    """The puzzle rating under which the levels' results are most likely (module doc)."""

    def slope(rating: float) -> float:
        # The derivative of the log-likelihood: each level's solved share against what
        # a puzzle of ``rating`` expects, weighted by its tries; one drawn game at 1500.
        total = 0.0
        for level, share in results.items():
            expected = 1.0 / (1.0 + 10 ** ((rating - LEVEL_RATINGS[level]) / 400.0))
            total += tries[level] * ((1.0 - share) - (1.0 - expected))
        expected = 1.0 / (1.0 + 10 ** ((rating - 1500.0) / 400.0))
        return total + (0.5 - (1.0 - expected))

    low, high = 0.0, 3500.0
    for _ in range(60):
        middle = (low + high) / 2
        if slope(middle) > 0:
            low = middle
        else:
            high = middle
    return round((low + high) / 2)


def measure(candidate: dict[str, Any]) -> dict[str, Any]:
    """The levels' tries at a proved puzzle, its rating and its main line."""
    position = Position.start()
    for move in candidate["moves"]:
        position = position.play(move)
    prover = Prover()
    win_in = candidate["win_in"]
    line = main_line(prover, position, win_in)
    results: dict[str, float] = {"random": random_chance(prover, position, line, win_in)}
    tries = dict(TRIES, random=1)
    for level, count in TRIES.items():
        solved = sum(
            level_solves(prover, position, win_in, level, seed=1000 * candidate["game"] + k)
            for k in range(count)
        )
        results[level] = solved / count
    return {
        **candidate,
        "solution": line,
        "solved": {k: round(v, 4) for k, v in results.items()},
        "rating": rating_of(results, tries),
    }


def prove(
    position: Position, prover: Prover, limit: int | None = NODE_LIMIT
) -> tuple[int, bool, int] | None:
    """``(win_in, unique, nodes)`` if the side to move in ``position`` wins within
    :data:`MOST_MOVES` (``unique``: with exactly one first move); ``None`` if it does not,
    or if finding out would take more than ``limit`` positions (``None``: no limit)."""
    start = prover.nodes
    prover.stop = None if limit is None else _Limit(prover, limit)
    try:
        win_in = prover.distance(position, MOST_MOVES)
        if not win_in:
            return None
        unique = len(prover.winning_moves(position, win_in)) == 1
    except Cancelled:
        return None
    finally:
        prover.stop = None
    return win_in, unique, prover.nodes - start


def puzzles_of_game(args: tuple[int, int, list[str]]) -> list[dict[str, Any]]:
    """Game ``index``'s puzzles, proved and measured (the work of one process)."""
    index, seed, program = args
    source, moves = play_game(index, seed, program)
    positions = [Position.start()]
    for move in moves:
        positions.append(positions[-1].play(move))
    winner = positions[-1].winner
    found = []
    # From the end backwards, until the winner's position is no longer a short forced win
    # (the loser's positions are asked too: a win it missed is a puzzle as well).
    for ply in range(len(moves) - 1, -1, -1):
        position = positions[ply]
        proved = prove(position, Prover())
        if proved is None:
            if position.to_move is winner:
                break
            continue
        win_in, unique, nodes = proved
        if unique:
            candidate = {"game": index, "moves": moves[:ply], "win_in": win_in}
            found.append(measure({**candidate, "nodes": nodes, "source": source}))
    return found


def deeper_of_game(args: tuple[dict[str, Any], int]) -> list[dict[str, Any]]:
    """The puzzles found before a game's earliest puzzle (``args``: that puzzle and the
    most positions one question may visit): the positions one to six moves earlier are
    asked again with the larger limit, back to the first of the puzzle's side that is
    not a forced win within :data:`MOST_MOVES` moves."""
    earliest, limit = args
    moves = earliest["moves"]
    positions = [Position.start()]
    for move in moves:
        positions.append(positions[-1].play(move))
    found = []
    for back in range(1, 7):
        ply = len(moves) - back
        if ply < 0:
            break
        proved = prove(positions[ply], Prover(), limit)
        if proved is None:
            if back % 2 == 0:  # the puzzle's side to move: no longer a short forced win
                break
            continue
        win_in, unique, nodes = proved
        if unique:
            candidate = {"game": earliest["game"], "moves": moves[:ply], "win_in": win_in}
            found.append(measure({**candidate, "nodes": nodes, "source": earliest["source"]}))
    return found


#: How many moves before each game's earliest puzzle ``--finder`` looks.
FINDER_BACK = 8


def compile_finder(folder: Path) -> str:
    """``scripts/win_finder.c`` compiled with gcc into ``folder``; the program's path."""
    program = folder / "win_finder"
    source = ROOT / "scripts" / "win_finder.c"
    subprocess.run(["gcc", "-O2", "-o", str(program), str(source)], check=True)
    return str(program)


def finder_of_game(args: tuple[dict[str, Any], int, str]) -> list[dict[str, Any]]:
    """The puzzles found up to :data:`FINDER_BACK` moves before a game's earliest puzzle
    (``args``: that puzzle, the finder's limit of positions a question and the finder
    program): the finder picks the positions, the engine's search proves them."""
    earliest, limit, program = args
    moves = earliest["moves"]
    positions = [Position.start()]
    for move in moves:
        positions.append(positions[-1].play(move))
    plies = [ply for ply in range(len(moves) - 1, len(moves) - 1 - FINDER_BACK, -1) if ply >= 0]
    questions = "".join(
        "{} {} {} {} {} {}\n".format(*state_of(positions[ply]), MOST_MOVES, limit) for ply in plies
    )
    answers = subprocess.run(
        [program], input=questions, capture_output=True, text=True, check=True
    ).stdout.split("\n")
    found = []
    for ply, answer in zip(plies, answers[: len(plies)], strict=True):
        win_in, first_moves, _ = (int(word) for word in answer.split())
        if win_in <= 0 or first_moves != 1:
            continue
        proved = prove(positions[ply], Prover(), limit=None)
        if proved is None or proved[:2] != (win_in, True):
            print(f"game {earliest['game']}, {ply} moves: the finder said win in {win_in}, "
                  f"the engine's search {proved}; left out", flush=True)  # fmt: skip
            continue
        candidate = {"game": earliest["game"], "moves": moves[:ply], "win_in": win_in}
        found.append(measure({**candidate, "nodes": proved[2], "source": earliest["source"]}))
    return found


#: ``--alternatives``: the most moves a side may need that the finder asks about.
ALTERNATIVES_MOST = 12


def alternatives_of_puzzle(args: tuple[dict[str, Any], int, int, str]) -> dict[str, Any]:
    """Every first move of a puzzle but its solution's, judged at any length (``args``:
    the puzzle, the finder's and the engine's limits of positions a question, the finder
    program): the puzzle's ``first_moves`` field (:class:`~.puzzles.FirstMoves`).

    After each move the finder (``win_finder --who``) says which side wins, and within
    how many moves, up to :data:`ALTERNATIVES_MOST`, or that it could not tell within its
    limit.  Only what the engine's own search then proves again, within its limit, is
    kept as proved: a move after which the attacker wins within K moves (the move
    counted) is ``slower``; one after which the defender wins is ``refuted``, with the
    defender's reply that wins (one that wins at once if there is one).  Every other
    move is ``undecided``.  Moves that end the game at once (they hand the defender its
    line) are left out: the rules say what they do."""
    item, finder_limit, engine_limit, program = args
    puzzle = Puzzle.from_json(item)
    position = puzzle.position
    attacker = position.to_move
    moves = []
    for move in position.legal_moves():
        if str(move) == puzzle.solution[0]:
            continue
        after = position.play_unchecked(move)
        if after.winner is None:
            moves.append((move, after))
    questions = "".join(
        "{} {} {} {} {} {}\n".format(*state_of(after), ALTERNATIVES_MOST, finder_limit)
        for _, after in moves
    )
    answers = subprocess.run(
        [program, "--who"], input=questions, capture_output=True, text=True, check=True
    ).stdout.split("\n")
    prover = Prover()
    slower: dict[str, int] = {}
    refuted: dict[str, list[str]] = {}
    undecided: list[str] = []
    engine_nodes = 0
    for (move, after), answer in zip(moves, answers[: len(moves)], strict=True):
        side, within, nodes = (int(word) for word in answer.split())
        verdict = None
        # The engine's search is not asked what the finder needed far more positions for:
        # it would only spend its limit.
        if side > 0 and nodes <= engine_limit:
            start = prover.nodes
            prover.stop = _Limit(prover, engine_limit)
            try:
                if side == 1 and prover.wins_within(after, within):
                    verdict = str(prover.winning_move(after, within))
                elif side == 2 and not prover.defends(after, within):
                    verdict = within + 1
                else:
                    print(f"puzzle {puzzle.id}, {move}: the finder said {answer.strip()}, "
                          "the engine's search did not agree", flush=True)  # fmt: skip
            except Cancelled:
                pass
            finally:
                prover.stop = None
                engine_nodes += prover.nodes - start
        if isinstance(verdict, str):
            refuted.setdefault(verdict, []).append(str(move))
        elif isinstance(verdict, int):
            slower[str(move)] = verdict
        else:
            undecided.append(str(move))
    assert attacker is puzzle.to_move
    return {
        "id": puzzle.id,
        "first_moves": {"slower": slower, "refuted": refuted, "undecided": undecided},
        "engine_nodes": engine_nodes,
    }


def key_of(moves: list[str]) -> tuple[int, int, int, int, str]:
    position = Position.start()
    for move in moves:
        position = position.play(move)
    return (position.fire, position.ice, position.fire_supply, position.ice_supply,
            position.to_move.key)  # fmt: skip


def write(path: Path, puzzles: list[dict[str, Any]], meta: dict[str, Any]) -> None:
    data = {"meta": meta, "puzzles": puzzles}
    temp = path.with_name(path.name + ".tmp")
    temp.write_text(json.dumps(data, indent=None, separators=(",", ":")) + "\n", "utf-8")
    os.replace(temp, path)


def check(path: Path) -> int:
    """Re-prove every puzzle in ``path``: its win, no faster one, one winning move."""
    data = json.loads(path.read_text("utf-8"))
    begin = time.perf_counter()
    bad = 0
    for item in data["puzzles"]:
        puzzle = Puzzle.from_json(item)
        prover = Prover()
        position = puzzle.position
        n = puzzle.win_in
        ok = (
            prover.wins_within(position, n)
            and not prover.wins_within(position, n - 1)
            and [str(m) for m in prover.winning_moves(position, n)] == [puzzle.solution[0]]
        )
        if not ok:
            bad += 1
            print(f"puzzle {puzzle.id}: NOT proved", flush=True)
    seconds = time.perf_counter() - begin
    print(f"{len(data['puzzles'])} puzzles re-proved, {bad} failed, {seconds:.0f} s")
    return 1 if bad else 0


def alternatives(path: Path, finder_limit: int, engine_limit: int, workers: int) -> int:
    """``--alternatives``: each puzzle's other first moves judged at any length
    (:func:`alternatives_of_puzzle`), written into ``path`` as each puzzle's
    ``first_moves``, puzzle by puzzle, so that a stopped run goes on where it stopped
    (a puzzle judged with the same limits is not judged again)."""
    data = json.loads(path.read_text("utf-8"))
    limits = {"finder_nodes": finder_limit, "engine_nodes": engine_limit,
              "most": ALTERNATIVES_MOST}  # fmt: skip
    kept = data["meta"].get("alternatives", {})
    same = all(kept.get(key) == value for key, value in limits.items())
    todo = [p for p in data["puzzles"] if not (same and "first_moves" in p)]
    try:
        finder = compile_finder(Path(tempfile.mkdtemp()))
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"--alternatives: scripts/win_finder.c does not compile with gcc: {error}")
        return 2
    by_id = {p["id"]: p for p in data["puzzles"]}
    begin = time.perf_counter()
    seconds = kept.get("seconds", 0) if same else 0
    engine_nodes = kept.get("engine_nodes_used", 0) if same else 0
    jobs = [(item, finder_limit, engine_limit, finder) for item in todo]
    with multiprocessing.Pool(workers) as pool:
        for done, found in enumerate(pool.imap(alternatives_of_puzzle, jobs), 1):
            by_id[found["id"]]["first_moves"] = found["first_moves"]
            engine_nodes += found["engine_nodes"]
            elapsed = time.perf_counter() - begin
            data["meta"]["alternatives"] = {
                **limits,
                "engine_nodes_used": engine_nodes,
                "seconds": round(seconds + elapsed),
                "workers": workers,
            }
            write(path, data["puzzles"], data["meta"])
            print(f"{done} of {len(todo)} puzzles, {elapsed:.0f} s", flush=True)
    print(summary(data["puzzles"]))
    return 0


def summary(puzzles: list[dict[str, Any]]) -> str:
    by_n = Counter(p["win_in"] for p in puzzles)
    lines = [f"{len(puzzles)} puzzles"]
    kinds = Counter(Puzzle.from_json(p).kind for p in puzzles)
    lines.append(
        f"first move the only win at any length (proved): {kinds['only']}; "
        f"slower winning first moves too (proved): {kinds['slower']}; "
        f"undecided: {kinds['undecided']}"
    )
    for n in sorted(by_n):
        group = [p for p in puzzles if p["win_in"] == n]
        ratings = sorted(p["rating"] for p in group)
        nodes = sorted(p["nodes"] for p in group)
        solved = {
            level: sum(p["solved"][level] for p in group) / len(group)
            for level in ("random", *TRIES)
        }
        lines.append(
            f"win in {n}: {len(group)}, rating {ratings[0]}-{ratings[-1]} "
            f"(median {ratings[len(ratings) // 2]}), proof nodes median "
            f"{nodes[len(nodes) // 2]}, solved "
            + ", ".join(f"{k} {100 * v:.0f}%" for k, v in solved.items())
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--first", type=int, default=0, help="the first game's number")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--program", default="/tmp/mcts --playouts 4000",
                        help="the outside player ('' for none)")  # fmt: skip
    parser.add_argument("--out", type=Path, default=PUZZLE_FILE)
    parser.add_argument("--add", action="store_true", help="keep the puzzles already in --out")
    parser.add_argument("--check", action="store_true", help="re-prove the puzzles in --out")
    parser.add_argument("--summary", action="store_true", help="print --out's figures")
    parser.add_argument("--deeper", type=int, default=0, metavar="NODES",
                        help="look again before each game's earliest puzzle in --out, "
                        "with up to NODES positions per question; add what is found")  # fmt: skip
    parser.add_argument("--finder", action="store_true",
                        help="with --deeper: look further back, the positions picked by "
                        "scripts/win_finder.c (gcc) and proved by the engine")  # fmt: skip
    parser.add_argument(
        "--alternatives",
        type=int,
        default=0,
        metavar="NODES",
        help="judge every other first move of each puzzle in --out at any length: "
        "scripts/win_finder.c (gcc) looks with up to NODES positions a move, the engine "
        "proves what it finds with up to --engine-nodes",
    )
    parser.add_argument(
        "--engine-nodes",
        type=int,
        default=200_000,
        metavar="NODES",
        help="with --alternatives: the engine's limit a move (default 200000)",
    )
    args = parser.parse_args(argv)
    if args.check:
        return check(args.out)
    if args.alternatives:
        return alternatives(args.out, args.alternatives, args.engine_nodes, args.workers)
    if args.summary:
        print(summary(json.loads(args.out.read_text("utf-8"))["puzzles"]))
        return 0
    program = shlex.split(args.program)
    found: list[dict[str, Any]] = []
    if args.add and args.out.exists():
        found = json.loads(args.out.read_text("utf-8"))["puzzles"]
    seen = {key_of(p["moves"]) for p in found}
    jobs: list[Any] = [(i, args.seed, program) for i in range(args.first, args.first + args.games)]
    work: Any = puzzles_of_game
    skip = 0  # with --deeper: the games an earlier pass looked at
    kept: dict[str, Any] = {}  # with --deeper: the file's figures, kept
    pass_name = "finder" if args.finder else "deeper"
    if args.deeper:
        shipped = json.loads(args.out.read_text("utf-8"))
        found, games = shipped["puzzles"], shipped["meta"]["games"]
        earliest: dict[int, dict[str, Any]] = {}
        for puzzle in found:
            known = earliest.get(puzzle["game"])
            if known is None or len(puzzle["moves"]) < len(known["moves"]):
                earliest[puzzle["game"]] = puzzle
        # The longest puzzles first: the positions before them are the likeliest wins in 5
        # (the finder's pass, then by game; the first pass kept the file's order).
        firsts = sorted(
            earliest.values(),
            key=lambda p: (-p["win_in"], p["game"] if args.finder else 0),
        )
        # A pass with the same limit goes on after the games an earlier one looked at.
        kept = shipped["meta"]
        if kept.get(pass_name) == args.deeper:
            skip = kept.get(f"{pass_name}_games", 0)
        jobs, work = [(p, args.deeper) for p in firsts[skip:]], deeper_of_game
        if args.finder:
            try:
                finder = compile_finder(Path(tempfile.mkdtemp()))
            except (OSError, subprocess.CalledProcessError) as error:
                parser.error(f"--finder: scripts/win_finder.c does not compile with gcc: {error}")
            jobs, work = [(p, args.deeper, finder) for p in firsts[skip:]], finder_of_game
        seen = {key_of(p["moves"]) for p in found}
    begin = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        # In order with --deeper, so that the games done are always the first ones.
        results = pool.imap(work, jobs) if args.deeper else pool.imap_unordered(work, jobs)
        for done, puzzles in enumerate(results, 1):
            for puzzle in puzzles:
                key = key_of(puzzle["moves"])
                if key in seen:
                    continue
                seen.add(key)
                found.append(puzzle)
            for number, puzzle in enumerate(found, 1):
                puzzle["id"] = number
            meta = {
                **kept,
                "games": games if args.deeper else args.first + done,
                "seed": args.seed,
                "program": args.program,
                "level_ratings": LEVEL_RATINGS,
                "tries": TRIES,
                **(
                    {pass_name: args.deeper, f"{pass_name}_games": skip + done}
                    if args.deeper
                    else {}
                ),
            }
            write(args.out, found, meta)
            elapsed = time.perf_counter() - begin
            print(f"{done} games, {len(found)} puzzles, {elapsed:.0f} s", flush=True)
    print(summary(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
