"""Fit the evaluation's island values to game results ("Texel tuning"); write weights.py.

    python scripts/make_positions.py --out /tmp/texel/positions.jsonl   # the data first
    python scripts/fit_evaluation.py /tmp/texel/positions.jsonl          # fit, report, write
    python scripts/fit_evaluation.py DATA --variants                     # also richer models
    python scripts/fit_evaluation.py DATA --dry-run                      # report only

The model is the structure of ``ai.evaluate``: from the side to move's point of view,

    eval = sum over the 7 lines of islands of (prod of my 3 island values
                                               - prod of their 3 island values) + tempo

and the chance that the side to move wins is ``sigmoid(K * eval)``.  An island's value
to a side depends only on the class of its state ``(mine, theirs)`` (two disjoint 7-bit
sets) under the 168 permutations of the points that keep the Fano lines: 2,187 states
fall into 60 classes.  A class where ``mine`` holds a line (control) is worth 1, which
sets the scale; one where ``theirs`` holds a line is worth 0; the other 30 classes are
free, bounded to [0, 1], and start from the hand-made values the engine used before.
TEMPO and K are fitted with them.  The fit minimises the mean log-loss (cross-entropy)
with analytic gradients and L-BFGS-B.

Positions already over, and those where the side to move can win at once (the search
finds those, so the evaluation never sees them), are left out.  A fifth of the *games*
(chosen with ``--split-seed``) is held out; the report gives the held-out log-loss and
the fraction of held-out positions whose winner the sign of eval predicts, for the
hand-made values and the fitted ones (also as shipped, rounded to hundredths).

``--variants`` also fits richer models with the same structure (still a table lookup
per island): separate tables for the side to move and the side waiting, and tables
split by the number of pegs on the board.  ``--model`` picks the one written.

The weights are written to ``fireice_desktop/engine/games/fireice/ai/weights.py``
(atomically) unless ``--dry-run``.  Needs numpy and scipy (the ``tune`` extra); the
engine itself does not.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import textwrap
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from scipy.optimize import minimize
from scipy.special import expit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fireice_desktop.engine.games.fireice.ai import computer as ai  # noqa: E402
from fireice_desktop.engine.games.fireice.board import (  # noqa: E402
    HAS_LINE,
    LINE_MASKS,
    LINES,
    controlled_islands,
)
from fireice_desktop.engine.games.fireice.rules import Color, Position  # noqa: E402
from fireice_desktop.engine.games.fireice.symmetry import SET_IMAGES  # noqa: E402

WEIGHTS = ROOT / "fireice_desktop" / "engine" / "games" / "fireice" / "ai" / "weights.py"

# --- the classes of an island's states ----------------------------------------------------


def orbits() -> tuple[list[tuple[int, int]], np.ndarray]:
    """The classes' representatives (each the smallest ``(mine, theirs)`` of its class, in
    order) and ``index[mine | theirs << 7]``: the class of a state (-1: not a state)."""
    canonical: dict[tuple[int, int], tuple[int, int]] = {}
    for mine in range(128):
        for theirs in range(128):
            if mine & theirs or (mine, theirs) in canonical:
                continue
            members = {(images[mine], images[theirs]) for images in SET_IMAGES}
            smallest = min(members)
            for member in members:
                canonical[member] = smallest
    reps = sorted(set(canonical.values()))
    number = {rep: i for i, rep in enumerate(reps)}
    index = np.full(1 << 14, -1, dtype=np.int64)
    for (mine, theirs), rep in canonical.items():
        index[mine | theirs << 7] = number[rep]
    return reps, index


# The hand-made values the engine used before the fitted ones: an island is worth what
# the side's best line there not blocked by the opponent promises.
HAND_TWO_ON_OPEN_LINE = 0.42
HAND_FORK = 0.6  # two different unblocked lines each one peg short
HAND_ONE_ON_OPEN_LINE = 0.16
HAND_OPEN_ONLY = 0.06
HAND_TEMPO = 0.040  # in lines (ai.TEMPO was 40 thousandths)


def hand_value(mine: int, theirs: int) -> float:
    """The hand-made value of an island holding ``mine``/``theirs`` to the first side."""
    if HAS_LINE[mine]:
        return 1.0
    if HAS_LINE[theirs]:
        return 0.0
    best = 0
    nearly = 0
    open_lines = 0
    for mask in LINE_MASKS:
        if mask & theirs:
            continue
        open_lines += 1
        count = (mask & mine).bit_count()
        best = max(best, count)
        if count == 2:
            nearly += 1
    if nearly >= 2:
        return HAND_FORK
    if best == 2:
        return HAND_TWO_ON_OPEN_LINE
    if best == 1:
        return HAND_ONE_ON_OPEN_LINE
    return HAND_OPEN_ONLY if open_lines else 0.0


# --- the data -------------------------------------------------------------------------------


@dataclass
class Data:
    """The positions used, from the side to move's point of view."""

    game: np.ndarray  # (N,) the game's number
    won: np.ndarray  # (N,) 1.0 if the side to move won
    mine: np.ndarray  # (N, 7) class of each island's state for the side to move
    theirs: np.ndarray  # (N, 7) the same for the other side
    pegs: np.ndarray  # (N,) pegs on the board
    ply: np.ndarray  # (N,)

    def take(self, keep: np.ndarray) -> Data:
        return Data(
            self.game[keep],
            self.won[keep],
            self.mine[keep],
            self.theirs[keep],
            self.pegs[keep],
            self.ply[keep],
        )

    def __len__(self) -> int:
        return len(self.won)


def load(path: Path, index: np.ndarray) -> tuple[Data, dict[str, int]]:
    """The positions of ``path`` to fit on, and how many of each kind were left out."""
    games, won, mine, theirs, pegs, plies = [], [], [], [], [], []
    counts = {"read": 0, "over": 0, "win at once": 0}
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            row = json.loads(line)
            counts["read"] += 1
            to_move = Color.parse(row["to_move"])
            position = Position(
                row["fire"], row["ice"], row["fire_supply"], row["ice_supply"], to_move
            )
            if position.is_over:
                counts["over"] += 1
                continue
            me, opp = (position.fire, position.ice)
            if to_move is Color.ICE:
                me, opp = opp, me
            if ai.can_win(me, opp, controlled_islands(me), controlled_islands(opp)):
                counts["win at once"] += 1
                continue
            a = [(me >> (7 * i)) & 127 for i in range(7)]
            b = [(opp >> (7 * i)) & 127 for i in range(7)]
            games.append(row["game"])
            won.append(1.0 if row["winner"] == row["to_move"] else 0.0)
            mine.append([index[x | y << 7] for x, y in zip(a, b, strict=True)])
            theirs.append([index[y | x << 7] for x, y in zip(a, b, strict=True)])
            pegs.append((me | opp).bit_count())
            plies.append(row["ply"])
    data = Data(
        np.array(games),
        np.array(won),
        np.array(mine, dtype=np.int64),
        np.array(theirs, dtype=np.int64),
        np.array(pegs),
        np.array(plies),
    )
    return data, counts


def split(data: Data, seed: int, share: float) -> tuple[Data, Data]:
    """(training, validation): ``share`` of the games, drawn with ``seed``, held out."""
    games = sorted(set(data.game.tolist()))
    held = set(random.Random(seed).sample(games, round(share * len(games))))
    mask = np.array([g in held for g in data.game.tolist()])
    return data.take(~mask), data.take(mask)


# --- the models -----------------------------------------------------------------------------


@dataclass
class Model:
    """How positions pick their tables: ``tables(data)`` gives, per position, the table
    of the side to move's islands and the table of the other side's; ``tempos(data)`` the
    tempo term.  Every table has one value per class of states."""

    name: str
    table_names: tuple[str, ...]
    tempo_names: tuple[str, ...]
    tables: Callable[[Data], tuple[np.ndarray, np.ndarray]]
    tempos: Callable[[Data], np.ndarray]


def _zeros(data: Data) -> np.ndarray:
    return np.zeros(len(data), dtype=np.int64)


def _ones(data: Data) -> np.ndarray:
    return np.ones(len(data), dtype=np.int64)


BASE = Model(
    "one table",
    ("ISLAND_VALUES",),
    ("TEMPO",),
    lambda d: (_zeros(d), _zeros(d)),
    _zeros,
)

MOVER = Model(
    "a table for the side to move, one for the side waiting",
    ("ISLAND_VALUES_TO_MOVE", "ISLAND_VALUES_WAITING"),
    ("TEMPO",),
    lambda d: (_zeros(d), _ones(d)),
    _zeros,
)


def phase_model(pegs: int) -> Model:
    """Early/late tables (and tempos) split at ``pegs`` pegs on the board."""

    def late(d: Data) -> np.ndarray:
        return (d.pegs >= pegs).astype(np.int64)

    return Model(
        f"early/late tables, late from {pegs} pegs on the board",
        ("ISLAND_VALUES_EARLY", "ISLAND_VALUES_LATE"),
        ("TEMPO_EARLY", "TEMPO_LATE"),
        lambda d: (late(d), late(d)),
        late,
    )


# --- fitting --------------------------------------------------------------------------------


@dataclass
class Fit:
    values: np.ndarray  # (tables, classes), floats in [0, 1]
    tempo: np.ndarray  # (tempos,), in lines
    k: float


def evaluation(data: Data, model: Model, values: np.ndarray, tempo: np.ndarray) -> np.ndarray:
    """eval for every position, in lines."""
    classes = values.shape[1]
    flat = values.ravel()
    table_m, table_t = model.tables(data)
    v = flat[data.mine + classes * table_m[:, None]]
    w = flat[data.theirs + classes * table_t[:, None]]
    score = tempo[model.tempos(data)].astype(float)
    for a, b, c in LINES:
        score = score + v[:, a] * v[:, b] * v[:, c] - w[:, a] * w[:, b] * w[:, c]
    return score


def loss_and_gradient(
    x: np.ndarray, data: Data, model: Model, classes: int, prior: np.ndarray, l2: float
) -> tuple[float, np.ndarray]:
    """Mean log-loss (plus ``l2`` times the squared distance of the values from ``prior``)
    and its gradient in the packed parameters ``x`` = (values, tempos, K)."""
    n_values = len(model.table_names) * classes
    n_tempo = len(model.tempo_names)
    flat = x[:n_values]
    tempo = x[n_values : n_values + n_tempo]
    k = x[-1]
    table_m, table_t = model.tables(data)
    idx_m = data.mine + classes * table_m[:, None]
    idx_t = data.theirs + classes * table_t[:, None]
    v = flat[idx_m]
    w = flat[idx_t]
    tempo_id = model.tempos(data)
    score = tempo[tempo_id].astype(float)
    dv = np.zeros_like(v)
    dw = np.zeros_like(w)
    for a, b, c in LINES:
        score = score + v[:, a] * v[:, b] * v[:, c] - w[:, a] * w[:, b] * w[:, c]
        dv[:, a] += v[:, b] * v[:, c]
        dv[:, b] += v[:, a] * v[:, c]
        dv[:, c] += v[:, a] * v[:, b]
        dw[:, a] += w[:, b] * w[:, c]
        dw[:, b] += w[:, a] * w[:, c]
        dw[:, c] += w[:, a] * w[:, b]
    z = k * score
    y = data.won
    n = len(y)
    loss = float(np.mean(np.logaddexp(0.0, z) - y * z))
    dz = (expit(z) - y) / n
    dscore = dz * k
    grad = np.zeros_like(x)
    grad[:n_values] = np.bincount(
        idx_m.ravel(), weights=(dscore[:, None] * dv).ravel(), minlength=n_values
    ) - np.bincount(idx_t.ravel(), weights=(dscore[:, None] * dw).ravel(), minlength=n_values)
    grad[n_values : n_values + n_tempo] = np.bincount(tempo_id, weights=dscore, minlength=n_tempo)
    grad[-1] = float(np.sum(dz * score))
    if l2:
        diff = flat - prior
        loss += l2 * float(diff @ diff)
        grad[:n_values] += 2 * l2 * diff
    return loss, grad


def fit(
    data: Data,
    model: Model,
    start: np.ndarray,
    free: np.ndarray,
    tempo: float,
    l2: float,
    fit_values: bool = True,
    fit_tempo: bool = True,
) -> Fit:
    """Fit ``model`` to ``data`` by L-BFGS-B, from the values ``start`` (one table, used
    for every table of the model); only the classes marked ``free`` move."""
    tables = len(model.table_names)
    classes = len(start)
    prior = np.tile(start, tables)
    x0 = np.concatenate([prior, np.full(len(model.tempo_names), tempo), [4.0]])
    bounds: list[tuple[float | None, float | None]] = []
    for value, is_free in zip(prior, np.tile(free, tables), strict=True):
        bounds.append((0.0, 1.0) if is_free and fit_values else (value, value))
    bounds += [(None, None) if fit_tempo else (tempo, tempo)] * len(model.tempo_names)
    bounds.append((0.01, None))
    result = minimize(
        loss_and_gradient,
        x0,
        args=(data, model, classes, prior, l2),
        jac=True,
        method="L-BFGS-B",
        bounds=bounds,
        options={"maxiter": 5000, "maxfun": 20000, "ftol": 1e-13, "gtol": 1e-9},
    )
    if not result.success:
        print(f"  (L-BFGS-B: {result.message})")
    x = result.x
    n_values = tables * classes
    return Fit(
        x[:n_values].reshape(tables, classes),
        x[n_values : n_values + len(model.tempo_names)],
        float(x[-1]),
    )


def scores(data: Data, model: Model, fitted: Fit, rounded: bool = False) -> tuple[float, float]:
    """(mean log-loss, share of positions whose winner the sign of eval predicts; a zero
    eval counts as half right).  ``rounded``: with the values in hundredths and the tempo
    in thousandths, as the engine holds them."""
    values, tempo = fitted.values, fitted.tempo
    if rounded:
        values = np.round(values * 100) / 100
        tempo = np.round(tempo * 1000) / 1000
    score = evaluation(data, model, values, tempo)
    z = fitted.k * score
    y = data.won
    loss = float(np.mean(np.logaddexp(0.0, z) - y * z))
    right = np.where(score == 0, 0.5, (score > 0) == (y == 1))
    return loss, float(np.mean(right))


# --- writing weights.py ---------------------------------------------------------------------


def _points(points: int) -> str:
    return "".join(str(p + 1) for p in range(7) if points >> p & 1) or "-"


def weights_module(
    model: Model,
    fitted: Fit,
    reps: list[tuple[int, int]],
    seen: np.ndarray,
    source: str,
    report: str,
) -> str:
    """The text of weights.py."""
    lines = [
        '"""The evaluation\'s fitted weights: what an island is worth, and the tempo.',
        "",
        "GENERATED FILE, do not edit by hand: scripts/fit_evaluation.py wrote it; run it",
        "again to change the weights.",
        "",
        *textwrap.wrap(source, 88, break_on_hyphens=False),
        "",
        *textwrap.wrap(report, 88, break_on_hyphens=False),
        "",
    ]
    lines += [
        "Each table maps one state of an island per class to its worth, in hundredths, to",
        "the side whose pegs there are the 7-bit set ``mine`` (bit ``p`` for hole ``p + 1``)",
        "while the other side's are ``theirs``.  The classes are the orbits of the states",
        "under the 168 permutations of the points that keep the Fano lines",
        "(``symmetry.FANO_GROUP``); each is keyed by its smallest ``(mine, theirs)``.  A",
        "class where ``mine`` holds a line (control) is worth 100 and one where ``theirs``",
        "does is worth 0; the rest were fitted.  Each entry's comment gives the holes of",
        "both sides and how often a state of the class was seen (the islands of the",
        "training positions, from both sides).  The tempo is in thousandths of a line,",
        "the unit of ``ai.evaluate``.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Final",
        "",
    ]
    for t, name in enumerate(model.table_names):
        lines.append(f"{name}: Final[dict[tuple[int, int], int]] = {{")
        for c, (mine, theirs) in enumerate(reps):
            value = round(float(fitted.values[t, c]) * 100)
            lines.append(
                f"    ({mine}, {theirs}): {value},"
                f"  # mine {_points(mine)}, theirs {_points(theirs)} (seen {int(seen[c])})"
            )
        lines += ["}", ""]
    for t, name in enumerate(model.tempo_names):
        lines.append(f"{name}: Final = {round(float(fitted.tempo[t]) * 1000)}")
    if model.name != BASE.name:
        lines += ["", f"#: The model: {model.name}."]
    return "\n".join(lines) + "\n"


def write_atomically(path: Path, text: str) -> None:
    temp = path.with_name(f".{path.name}.tmp")
    temp.write_text(text, encoding="utf-8", newline="\n")
    os.replace(temp, path)


# --- the report -----------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("data", type=Path, help="positions from scripts/make_positions.py")
    parser.add_argument("--split-seed", type=int, default=1, help="which games are held out")
    parser.add_argument("--holdout", type=float, default=0.2, help="share of games held out")
    parser.add_argument(
        "--l2", type=float, default=0.0, help="pull of the values towards the hand-made ones"
    )
    parser.add_argument("--variants", action="store_true", help="also fit the richer models")
    parser.add_argument(
        "--model",
        default="base",
        help="the model written: base, mover or phase:PEGS (default base)",
    )
    parser.add_argument("--dry-run", action="store_true", help="report only; write nothing")
    parser.add_argument("--out", type=Path, default=WEIGHTS, help="the module written")
    args = parser.parse_args(argv)
    started = time.monotonic()

    reps, index = orbits()
    classes = len(reps)
    hand = np.array([hand_value(m, t) for m, t in reps])
    free = np.array([not HAS_LINE[m] and not HAS_LINE[t] for m, t in reps])
    print(f"{classes} classes of an island's states, {int(free.sum())} free values")

    data, counts = load(args.data, index)
    train, valid = split(data, args.split_seed, args.holdout)
    n_games = len(set(data.game.tolist()))
    print(
        f"{counts['read']} positions read; left out {counts['over']} over and "
        f"{counts['win at once']} where the side to move wins at once; "
        f"{len(data)} kept from {n_games} games: {len(train)} to fit, {len(valid)} held out "
        f"({time.monotonic() - started:.1f} s)"
    )
    seen = np.bincount(
        np.concatenate([train.mine.ravel(), train.theirs.ravel()]), minlength=classes
    )

    def show(label: str, model: Model, fitted: Fit) -> tuple[float, float]:
        t_loss, _ = scores(train, model, fitted)
        v_loss, v_acc = scores(valid, model, fitted)
        r_loss, r_acc = scores(valid, model, fitted, rounded=True)
        tempo = ", ".join(f"{1000 * t:.0f}" for t in fitted.tempo)
        print(
            f"{label}: train {t_loss:.5f}; held out {v_loss:.5f}, sign right {v_acc:.2%}"
            f" (rounded {r_loss:.5f}, {r_acc:.2%}); K {fitted.k:.3f}, tempo {tempo}"
        )
        return r_loss, r_acc

    hand_fit = fit(train, BASE, hand, free, HAND_TEMPO, 0.0, fit_values=False, fit_tempo=False)
    hand_loss, hand_acc = show("hand-made values (K fitted)", BASE, hand_fit)
    show(
        "hand-made values (K, tempo fitted)",
        BASE,
        fit(train, BASE, hand, free, HAND_TEMPO, 0.0, fit_values=False),
    )
    models = {"base": BASE, "mover": MOVER}
    if args.model.startswith("phase:"):
        models[args.model] = phase_model(int(args.model.split(":")[1]))
    if args.variants:
        for pegs in (16, 22, 28):
            models.setdefault(f"phase:{pegs}", phase_model(pegs))
    if args.model not in models:
        parser.error(f"unknown model {args.model!r}")
    fits: dict[str, Fit] = {}
    results: dict[str, tuple[float, float]] = {}
    for key, model in models.items():
        if key != "base" and key != args.model and not args.variants:
            continue
        fits[key] = fit(train, model, hand, free, HAND_TEMPO, args.l2)
        results[key] = show(f"fitted, {model.name}", model, fits[key])
    print(f"fitting took {time.monotonic() - started:.1f} s")

    chosen, fitted = models[args.model], fits[args.model]
    print(f"\n{'state (mine / theirs)':<22}{'seen':>10}{'hand':>6}", end="")
    for name in chosen.table_names:
        print(f"{name.removeprefix('ISLAND_VALUES').strip('_').lower() or 'fitted':>10}", end="")
    print()
    for c, (mine, theirs) in enumerate(reps):
        if not free[c]:
            continue
        state = f"{_points(mine)} / {_points(theirs)}"
        print(f"{state:<22}{seen[c]:>10}{hand[c] * 100:>6.0f}", end="")
        for t in range(len(chosen.table_names)):
            print(f"{fitted.values[t, c] * 100:>10.0f}", end="")
        print()
    if args.dry_run:
        return 0

    meta_path = args.data.with_name(args.data.name + ".meta.json")
    if meta_path.exists():
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        source = (
            f"Data: {meta['games']} games of ``{meta['program']}`` against itself, each "
            f"opening with {meta['random_plies']} random moves (scripts/make_positions.py "
            f"--seed {meta['seed']}), {meta['positions']} positions."
        )
    else:
        source = f"Data: {n_games} games in {args.data.name}, {counts['read']} positions."
    source += (
        f" {len(data)} were used (not over, and the side to move cannot win at once); the "
        f"games were split into {len(train)} positions to fit and {len(valid)} held out "
        f"(--split-seed {args.split_seed})."
    )
    v_loss, v_acc = results[args.model]
    report = (
        f"Model: {chosen.name}; logistic scale K = {fitted.k:.3f} per line.  Held-out "
        f"log-loss {v_loss:.4f}, sign of eval right {v_acc:.1%} (the hand-made values "
        f"before: {hand_loss:.4f}, {hand_acc:.1%})."
    )
    text = weights_module(chosen, fitted, reps, seen, source, report)
    write_atomically(args.out, text)
    print(f"\nwrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
