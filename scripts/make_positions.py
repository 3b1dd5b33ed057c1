"""Labelled positions for fitting the evaluation: games of an outside program against itself.

    python scripts/make_positions.py --program '/tmp/mcts --playouts 4000' \\
        --games 3000 --out /tmp/texel/positions.jsonl

The program speaks the ``fireice ai-move`` protocol: it is given the moves so far as
arguments and prints its move on one line.  Each call gets its own ``--seed`` (derived
from ``--seed``, the game and the ply), so a run is reproducible when the program is
deterministic for a seed.  Game ``i`` opens with ``--random-plies`` uniformly random
legal moves drawn from ``random.Random(f"{seed}:{i}")``; the program plays both sides
from there to the end.  Every move is checked and replayed with the package's rules.

Every position from the end of the random opening to the end of the game (the final,
won position included) is written as one JSON object per line::

    {"game": 17, "ply": 9, "fire": ..., "ice": ..., "fire_supply": 20, "ice_supply": 21,
     "to_move": "ice", "winner": "fire"}

``fire``/``ice`` are the bitboards (bit ``island * 7 + point``), ``ply`` the number of
moves played before the position.  The file is written to a temporary file next to
``--out`` and renamed over it at the end, so it is either complete or absent; a small
``<out>.meta.json`` beside it says how it was made (the fitting script quotes it).
Build the C sparring player with
``gcc -O3 -march=native -o /tmp/mcts ../shared/sparring/mcts.c`` (see its README).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fireice_desktop.engine.games.fireice.rules import Position  # noqa: E402

#: Plies per game in the seeds' numbering: a game never lasts 100 plies (at most 48 moves
#: from the start position).
SEED_STRIDE = 100


def call_seed(seed: int, game: int, ply: int) -> int:
    """The ``--seed`` of the program's call at ``ply`` of ``game``: distinct for every call
    (for up to a million games per base seed)."""
    return (seed * 1_000_000 + game) * SEED_STRIDE + ply


def ask(program: list[str], seed: int, moves: list[str]) -> str:
    """The program's move after ``moves``."""
    result = subprocess.run(
        [*program, "--seed", str(seed), *moves],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise RuntimeError(
            f"{shlex.join(program)} failed ({result.returncode}) after {' '.join(moves)}: "
            f"{result.stderr.strip()}"
        )
    lines = result.stdout.strip().splitlines()
    if not lines:
        raise RuntimeError(f"{shlex.join(program)} printed no move after {' '.join(moves)}")
    return lines[-1].strip()


def record(game: int, ply: int, position: Position) -> dict[str, int | str]:
    return {
        "game": game,
        "ply": ply,
        "fire": position.fire,
        "ice": position.ice,
        "fire_supply": position.fire_supply,
        "ice_supply": position.ice_supply,
        "to_move": position.to_move.key,
    }


def play_game(
    program: list[str], seed: int, game: int, random_plies: int
) -> tuple[list[dict[str, int | str]], list[str]]:
    """One game: the labelled positions after the random opening, and the moves."""
    rng = random.Random(f"{seed}:{game}")
    position = Position.start()
    moves: list[str] = []
    rows: list[dict[str, int | str]] = []
    while not position.is_over:
        ply = len(moves)
        legal = position.legal_moves()
        if ply < random_plies:
            move = rng.choice(legal)
        else:
            rows.append(record(game, ply, position))
            text = ask(program, call_seed(seed, game, ply), moves)
            move = position.parse_move(text)
            if move not in legal:
                raise RuntimeError(f"game {game}: the program played illegal {text} at ply {ply}")
        position = position.play_unchecked(move)
        moves.append(str(move))
    rows.append(record(game, len(moves), position))
    winner = position.winner
    assert winner is not None
    for row in rows:
        row["winner"] = winner.key
    return rows, moves


def meta_path(out: Path) -> Path:
    """Where the description of the positions file ``out`` is kept."""
    return out.with_name(out.name + ".meta.json")


def write_meta(out: Path, meta: dict[str, object]) -> None:
    """Describe the positions file ``out`` (how it was made) in its ``.meta.json``."""
    path = meta_path(out)
    temp = path.with_name(path.name + ".tmp")
    temp.write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    os.replace(temp, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--program",
        default="/tmp/mcts --playouts 4000",
        help="the player's command line (split with shlex; --seed and the moves are added)",
    )
    parser.add_argument("--games", type=int, default=3000, help="how many games (default 3000)")
    parser.add_argument(
        "--random-plies", type=int, default=4, help="random moves opening each game (default 4)"
    )
    parser.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    parser.add_argument(
        "--out", type=Path, default=Path("/tmp/texel/positions.jsonl"), help="the JSONL file"
    )
    parser.add_argument(
        "--games-out", type=Path, help="also write each game's moves, one game a line"
    )
    args = parser.parse_args(argv)
    program = shlex.split(args.program)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    positions = 0
    wins = {"fire": 0, "ice": 0}
    games_text: list[str] = []
    fd, temp_name = tempfile.mkstemp(dir=args.out.parent, prefix=args.out.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            for game in range(args.games):
                rows, moves = play_game(program, args.seed, game, args.random_plies)
                for row in rows:
                    out.write(json.dumps(row, separators=(",", ":")) + "\n")
                positions += len(rows)
                wins[str(rows[0]["winner"])] += 1
                games_text.append(f"{rows[0]['winner']} {' '.join(moves)}")
                done = game + 1
                if done % 50 == 0 or done == args.games:
                    elapsed = time.monotonic() - started
                    print(
                        f"{done}/{args.games} games, {positions} positions, "
                        f"Fire {wins['fire']} Ice {wins['ice']}, {elapsed:.0f} s "
                        f"(about {elapsed / done * (args.games - done):.0f} s to go)",
                        file=sys.stderr,
                        flush=True,
                    )
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp_name, 0o644)  # mkstemp's file is private; the data is not
        os.replace(temp_name, args.out)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
    meta = {
        "program": args.program,
        "games": args.games,
        "positions": positions,
        "random_plies": args.random_plies,
        "seed": args.seed,
        "fire_wins": wins["fire"],
        "ice_wins": wins["ice"],
    }
    write_meta(args.out, meta)
    if args.games_out is not None:
        temp = args.games_out.with_name(args.games_out.name + ".tmp")
        temp.write_text("\n".join(games_text) + "\n", encoding="utf-8")
        os.replace(temp, args.games_out)
    elapsed = time.monotonic() - started
    print(
        f"wrote {positions} positions of {args.games} games to {args.out} in {elapsed:.0f} s "
        f"(Fire won {wins['fire']}, Ice {wins['ice']})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
