"""Benchmarks: prints the figures that the project's speed targets are checked against.

    python scripts/bench.py            # every section
    python scripts/bench.py engine     # only the rules engine

Engine targets: at least 6,000 uniformly random playouts (whole games from the
start position) per second on one core, pure Python.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fireice_desktop.engine.game import Move, Position
from fireice_desktop.engine.playout import random_playout
from fireice_desktop.engine.solitaire import SolitairePosition


def rate(work: Callable[[], object], seconds: float) -> float:
    """Calls of ``work`` per second, measured over about ``seconds``."""
    work()  # warm up
    count = 0
    begin = time.perf_counter()
    deadline = begin + seconds
    while True:
        for _ in range(50):
            work()
        count += 50
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - begin)


def sample_positions(count: int, seed: int) -> list[Position]:
    """Positions met in random games, a spread of openings, middle games and endings."""
    rng = random.Random(seed)
    positions: list[Position] = []
    while len(positions) < count:
        position = Position.start()
        moves: list[Move] = []
        random_playout(position, rng, moves)
        for move in moves:
            positions.append(position)
            position = position.play_unchecked(move)
    return positions[:count]


def bench_engine(seconds: float) -> None:
    rng = random.Random(2024)
    start = Position.start()
    playouts = rate(lambda: random_playout(start, rng), seconds)
    print(f"random playouts (whole games from the start): {playouts:10,.0f} /s  (target >= 6,000)")
    lengths = []
    for _ in range(2000):
        moves: list[Move] = []
        random_playout(start, rng, moves)
        lengths.append(len(moves))
    mean = statistics.mean(lengths)
    print(f"  average game length: {mean:.1f} turns over {len(lengths):,} games")

    positions = sample_positions(2000, 7)
    cycle = itertools.count()

    def generate() -> None:
        positions[next(cycle) % len(positions)].legal_moves()

    print(f"legal-move generations (Position.legal_moves): {rate(generate, seconds):10,.0f} /s")

    def step() -> None:
        position = positions[next(cycle) % len(positions)]
        moves = list(position.pseudo_moves())
        if moves:
            position.play_unchecked(moves[0]).winning_line()

    print(f"play + win check (play_unchecked, winning_line): {rate(step, seconds):10,.0f} /s")

    deals = [SolitairePosition.deal(n) for n in range(1, 201)]

    def solitaire_moves() -> None:
        deals[next(cycle) % len(deals)].legal_moves()

    print(f"solitaire move generations: {rate(solitaire_moves, seconds):10,.0f} /s")


SECTIONS = {"engine": bench_engine}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "sections",
        nargs="*",
        metavar="SECTION",
        help=f"what to measure: {', '.join(SECTIONS)} (default: all)",
    )
    parser.add_argument("--seconds", type=float, default=3.0, help="time per figure")
    args = parser.parse_args()
    unknown = [name for name in args.sections if name not in SECTIONS]
    if unknown:
        parser.error(f"unknown section {unknown[0]!r}; choose from {', '.join(SECTIONS)}")
    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    for name in args.sections or SECTIONS:
        print(f"\n== {name} ==")
        SECTIONS[name](args.seconds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
