"""Fit the review's winning chances: the curve from an analysis score to a chance.

    python scripts/fit_win_chance.py --game fire-and-ice --games 600 --jobs 2
    python scripts/fit_win_chance.py --game icebreaker --games 300 --jobs 2

Plays ``--games`` games between the computer's levels (each game two equal levels,
``--levels`` taken in turn, after ``--opening`` random plies), assesses every
``--every``-th position of each with the review's own analysis
(:func:`fireice_desktop.engine.analysis.review.assess`), and fits a logistic curve

    chance that the side to move wins = 1 / (1 + exp(-(a * score + b)))

to the scores and the games' results by maximum likelihood (Newton's method; standard
library only).  Positions the search has proved won or lost are left out: their chance
is 1 or 0 already.  One game in five (``--holdout``) is held out of the fit, and the
report gives the held-out log-loss and a calibration table: the positions grouped by
the chance the curve gives them, against how often the side to move then won.  Paste
``a`` and ``b`` into the game's ``CHANCE_CURVE``.

``--data FILE`` writes every assessed position as JSON lines (game, ply, score, won),
``--from FILE`` fits from such a file instead of playing.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fireice_desktop.engine.analysis.review import assess  # noqa: E402
from fireice_desktop.engine.games import find_game  # noqa: E402
from fireice_desktop.engine.match.run import (  # noqa: E402
    Player,
    Settings,
    opening,
    play_game,
    wilson_interval,
)

Sample = tuple[int, int, int, int]  # game, ply, score (side to move), 1 if it won


def play_and_assess(task: tuple[str, int, int, int, str, int]) -> list[Sample]:
    """One game between two equal levels, and its positions' analysis scores."""
    game_name, number, seed, plies, level, every = task
    settings = Settings(game_name, seed=seed, opening=plies)
    players = (Player(level, level=level), Player(level, level=level))
    played = play_game(players, settings, number, opening(settings, number))
    position = settings.start()
    first_side = position.to_move
    winner_side = first_side if played.winner == played.first else first_side.other
    samples: list[Sample] = []
    for ply, text in enumerate(played.moves):
        if ply >= played.opening and (ply - played.opening) % every == 0:
            found = assess(position).position
            if found.score is not None and found.proven == 0:
                samples.append((number, ply, found.score, int(position.to_move == winner_side)))
        position = position.play(text)
    return samples


def fit(samples: list[Sample]) -> tuple[float, float]:
    """Maximum-likelihood ``a`` and ``b`` of the logistic curve (Newton's method on the
    scores scaled to thousands, for a well-conditioned Hessian)."""
    a = b = 0.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for _, _, score, won in samples:
            x = score / 1000.0
            p = _sigmoid(a * x + b)
            ga += (won - p) * x
            gb += won - p
            w = p * (1 - p)
            haa += w * x * x
            hab += w * x
            hbb += w
        det = haa * hbb - hab * hab
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) < 1e-9 and abs(db) < 1e-9:
            break
    return a / 1000.0, b


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-700.0, min(700.0, z))))


def log_loss(samples: Iterable[Sample], a: float, b: float) -> float:
    losses = [
        -math.log(max(1e-12, p if won else 1 - p))
        for _, _, score, won in samples
        for p in [_sigmoid(a * score + b)]
    ]
    return sum(losses) / max(1, len(losses))


def calibration(samples: Iterable[tuple[float, int]]) -> list[str]:
    """The table: positions grouped by the chance given them (tenths), and how often the
    side to move then won, with a 95 % Wilson interval."""
    groups: list[list[int]] = [[] for _ in range(10)]
    for chance, won in samples:
        groups[min(9, int(10 * chance))].append(won)
    rows = ["  chance given   positions     won   95 % interval"]
    for tenth, group in enumerate(groups):
        low = 10 * tenth
        if not group:
            rows.append(f"  {low:3d}-{low + 10:3d} %      {0:6d}")
            continue
        wins = sum(group)
        low_ci, high_ci = wilson_interval(wins, len(group))
        rows.append(
            f"  {low:3d}-{low + 10:3d} %      {len(group):6d}  {100 * wins / len(group):5.1f} %"
            f"   {100 * low_ci:4.1f}-{100 * high_ci:5.1f} %"
        )
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="fire-and-ice")
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opening", type=int, default=2)
    parser.add_argument("--levels", default="casual,strong")
    parser.add_argument("--every", type=int, default=2)
    parser.add_argument("--holdout", type=int, default=5, help="hold out one game in N")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--data", type=Path, help="write the samples here (JSON lines)")
    parser.add_argument("--from", dest="source", type=Path, help="fit from this data file")
    args = parser.parse_args()
    game = find_game(args.game)
    begin = time.perf_counter()
    samples: list[Sample] = []
    if args.source:
        for line in args.source.read_text().splitlines():
            row = json.loads(line)
            samples.append((row["game"], row["ply"], row["score"], row["won"]))
    else:
        levels = args.levels.split(",")
        tasks = [
            (game.name, i, args.seed, args.opening, levels[i % len(levels)], args.every)
            for i in range(args.games)
        ]
        with ProcessPoolExecutor(args.jobs) as pool:
            for done, part in enumerate(pool.map(play_and_assess, tasks), 1):
                samples += part
                if done % 20 == 0:
                    elapsed = time.perf_counter() - begin
                    print(
                        f"{done}/{args.games} games, {len(samples)} positions, {elapsed:.0f} s",
                        flush=True,
                    )
        if args.data:
            temporary = args.data.with_name(args.data.name + ".partial")
            temporary.write_text(
                "".join(
                    json.dumps({"game": g, "ply": p, "score": s, "won": w}) + "\n"
                    for g, p, s, w in samples
                )
            )
            temporary.replace(args.data)
    fitted = [s for s in samples if s[0] % args.holdout != 0]
    held = [s for s in samples if s[0] % args.holdout == 0]
    a, b = fit(fitted)
    current = game.chance_curve
    print(
        f"{game.title}: {len(samples)} positions from {len({s[0] for s in samples})} games "
        f"({len(fitted)} fitted, {len(held)} held out), {time.perf_counter() - begin:.0f} s"
    )
    print(f"fitted curve: a = {a:.6f} per unit, b = {b:.4f}")
    print(
        f"held-out log-loss: fitted {log_loss(held, a, b):.4f}, "
        f"current {log_loss(held, *current):.4f} (a = {current[0]}, b = {current[1]}), "
        f"a coin {math.log(2):.4f}"
    )
    print("calibration of the held-out positions with the fitted curve:")
    print("\n".join(calibration((_sigmoid(a * s + b), won) for _, _, s, won in held)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
