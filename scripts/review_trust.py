"""How the review marks the expert's own moves: games of the expert against itself,
each reviewed, and the share of the expert's moves marked a mistake or a blunder.

    python scripts/review_trust.py --games 24 --workers 2

The expert is the strongest player the game has; its moves are not perfect, but a review
that calls many of them mistakes is not one a player can trust.  Each game opens with two
random moves (not counted) so that the games differ; every later move is the expert's,
with its usual noise, a seed per game.  Each move's verdict is counted twice: as the
review gives it, and as the chances alone would give it, without the exact search's
word on moves that keep a proved win (the figure before that check was added).

The figures are printed with a 95 % interval (Wilson's).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fireice_desktop.engine.analysis.review import review  # noqa: E402
from fireice_desktop.engine.analysis.verdicts import Verdict, judge  # noqa: E402
from fireice_desktop.engine.games.fireice.rules import Position  # noqa: E402
from fireice_desktop.engine.match.summary import wilson_interval  # noqa: E402
from fireice_desktop.engine.search import search  # noqa: E402

#: The random moves each game opens with (not the expert's, so not counted).
OPENING = 2
#: The verdicts counted as "a mistake or worse".
ERRORS = (Verdict.MISTAKE, Verdict.BLUNDER)


def one_game(args: tuple[int, int]) -> dict[str, Any]:
    """Game ``index``: played, reviewed, and each counted move's two verdicts."""
    index, seed = args
    rng = random.Random(f"{seed}:{index}")
    position = Position.start()
    positions, moves = [position], []
    while not position.is_over:
        if len(moves) < OPENING:
            move = rng.choice(position.legal_moves())
        else:
            move = search(position, "expert", seed=rng.randrange(1 << 30)).move
        position = position.play_unchecked(move)
        positions.append(position)
        moves.append(move)
    reviewed = review(positions, moves)
    counted = []
    for item in reviewed.moves[OPENING:]:
        played_best = item.before.best is not None and item.move == item.before.best
        plain = judge(item.before, item.after, played_best)
        counted.append(
            {
                "ply": item.ply + 1,
                "move": str(item.move),
                "plain": plain.value,
                "verdict": item.verdict.value,
                "before": round(item.before.chance, 3),
                "after": round(item.after.chance, 3),
            }
        )
    return {"game": index, "moves": [str(m) for m in moves], "counted": counted}


def share(count: int, total: int) -> str:
    low, high = wilson_interval(count, total)
    percent = f"{100 * count / total:.1f} %"
    return f"{count} of {total} ({percent}, 95 % interval {100 * low:.1f} to {100 * high:.1f} %)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--verbose", action="store_true", help="list every move marked")
    args = parser.parse_args(argv)
    begin = time.perf_counter()
    plain: Counter[str] = Counter()
    verdicts: Counter[str] = Counter()
    with multiprocessing.Pool(args.workers) as pool:
        jobs = [(i, args.seed) for i in range(args.games)]
        for done, game in enumerate(pool.imap_unordered(one_game, jobs), 1):
            for move in game["counted"]:
                plain[move["plain"]] += 1
                verdicts[move["verdict"]] += 1
                marked = move["plain"] in ("mistake", "blunder")
                if args.verbose and (marked or move["verdict"] in ("mistake", "blunder")):
                    print(f"  game {game['game']} move {move['ply']} {move['move']}: "
                          f"{move['plain']} -> {move['verdict']}, "
                          f"{move['before']:.2f} -> {move['after']:.2f}")  # fmt: skip
            elapsed = time.perf_counter() - begin
            print(f"{done} games, {sum(verdicts.values())} moves, {elapsed:.0f} s", flush=True)
    total = sum(verdicts.values())
    errors = [v.value for v in ERRORS]
    print(f"the expert's moves in {args.games} games against itself: {total}")
    for name, counts in (("by the chances alone", plain), ("by the review", verdicts)):
        marked = sum(counts[e] for e in errors)
        by = ", ".join(f"{v.value} {counts[v.value]}" for v in Verdict)
        print(f"{name}: a mistake or worse {share(marked, total)}; {by}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
