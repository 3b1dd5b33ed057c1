"""Benchmarks: prints the figures that the project's speed targets are checked against.

    python scripts/bench.py            # every section
    python scripts/bench.py engine     # only the rules engine
    python scripts/bench.py ui         # only the desktop UI (SDL dummy drivers, no screen)
    python scripts/bench.py solver     # only the solitaire solver
    python scripts/bench.py ai         # only the computer player
    python scripts/bench.py saving     # only saving and loading games
    python scripts/bench.py icebreaker # only Icebreaker: moves, random games, the levels
    python scripts/bench.py review     # only the computer's review of a game
    python scripts/bench.py standalone # build the standalone program; its size and start
    python scripts/bench.py online     # online play on the loopback: pairing and move times

Engine targets: at least 6,000 uniformly random playouts (whole games from the
start position) per second on one core, pure Python.

Solver targets: a median solve of a fresh deal (deals 1 to 200) well under 1 s, and
the worst of them under 5 s; every answer exact.

AI targets: the expert's median time per move at most 2 s on a 2-core machine (the
other levels far less); its positions per second are reported, and what the board's
symmetries save in the opening.

Saving targets: the autosave after a move (an atomic write flushed to the disk, on
the UI thread) well under one 60 Hz frame, 16 ms, at the median; loading a saved
game (read, parse and replay every move) under 5 ms.

Icebreaker figures (no targets yet): legal-move generations at the start and in the
middle game on sides 5 and 8, whole random games per second on side 5, and each
level's time and nodes for the first move on side 5.

Review targets: the analysis of a 40-move Fire & Ice game at most about 20 s on one
core of a 2-core machine, with the window responsive meanwhile (its frame times while
the analysis runs beside it are printed); and the chances shown calibrated: over
positions of fresh games between the casual and strong levels (not those the curve was
fitted on), the positions given about 70 % are won about 70 % of the time (the table
groups them by tenths, with 95 % Wilson intervals).

Standalone targets (Linux x86-64): the one-folder build at most 60 MB, the one-file
build at most 30 MB (both with online play: TLS, cryptography and Twisted), and the
one-folder program's first frame under 0.5 s (from starting the process to its first
frame shown, the menu in a 1280x800 window, the median of fresh starts; measured after
one start that warms the disk cache). ``standalone`` builds both kinds into a temporary
folder (a minute or two), or measures ``--executable``.

Online figures (no targets yet): a mailbox server and a transit relay on 127.0.0.1 (in a
process of their own), two sides in this process (a session and a table over a link each):
the time from Join to the guest's first board over 10 pairings, and from a move played on
one side to the other side's board over 100 moves, median and 95th percentile, through the
relay and over a direct connection (magic-wormhole told to offer 127.0.0.1 only).  Nothing
connects beyond the loopback.

UI targets, at the default 1280x800 window (the frames at 3840x2160 too):
  - time to the first frame (a fresh process importing pygame, pygame-gui and the
    app, creating ``App`` and rendering once) under 1 s;
  - a median frame (``step`` + ``render`` + flip) under 4 ms in a two-player game,
    both idle and while a move animates;
  - almost no CPU while the real loop idles in a game: under 2 % of one core.
The UI runs on SDL's dummy video and audio drivers unless SDL_VIDEODRIVER and
SDL_AUDIODRIVER say otherwise; the idle figure is measured over ``--seconds``.
"""

from __future__ import annotations

import argparse
import collections
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import build_exe  # scripts/build_exe.py, beside this script: the size of a built folder

from fireice_desktop.engine.games import find_game
from fireice_desktop.engine.games.fireice.ai import computer as ai
from fireice_desktop.engine.games.fireice.ai.playout import random_playout
from fireice_desktop.engine.games.fireice.rules import Move, Position
from fireice_desktop.engine.games.fireice.solitaire import SolitairePosition
from fireice_desktop.engine.games.fireice.solver import Solver, difficulty, hint, solve
from fireice_desktop.engine.games.icebreaker import rules as icebreaker_rules
from fireice_desktop.engine.games.icebreaker.board import Step
from fireice_desktop.engine.games.icebreaker.rules import IcebreakerPosition
from fireice_desktop.engine.search import level_names, search

if TYPE_CHECKING:
    from fireice_desktop.engine.interface import GameState
    from fireice_desktop.ui.app import App

ROOT = Path(__file__).resolve().parent.parent


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


# --- the solitaire solver ---------------------------------------------------------------

SOLVER_DEALS = range(1, 201)
HINT_GAMES = range(1, 31)
HARD_HINT_MOVES = ("E4-D4", "E3-E6", "D7-D3", "D5-D4", "D3-D4", "C3-F3", "F7-F3")
RATED_DEALS = range(1, 21)
LONG_PROOF_MOVES = ("C4-C2", "E2-F2", "B2-B5", "E7-E6", "F1-F4", "F6-G6", "A7-A1", "E1-D1", "A1-D1")


def bench_solver(seconds: float) -> None:
    """Solve deals 1-200, then time hints along games and proofs that a game is lost."""
    del seconds  # fixed workloads: the figures are per deal and per position
    times: list[float] = []
    nodes = solvable = 0
    for number in SOLVER_DEALS:
        deal = SolitairePosition.deal(number)
        solution = solve(deal)
        times.append(solution.seconds)
        nodes += solution.nodes
        if solution.line is not None:
            solvable += 1
            for move in solution.line:  # every line is checked, as a player would play it
                deal = deal.play(move)
            assert deal.result == "won", number
    worst = max(times)
    print(
        f"solve a fresh deal: median {statistics.median(times) * 1000:7.2f} ms"
        "  (target: well under 1,000 ms)"
    )
    print(
        f"  worst of {len(times)} deals {worst * 1000:7.2f} ms (deal"
        f" {SOLVER_DEALS[times.index(worst)]})  (target < 5,000 ms)"
    )
    print(f"  solvable: {solvable} of {len(times)} deals ({100 * solvable / len(times):.1f} %)")
    print(f"  nodes per second: {nodes / sum(times):10,.0f} ({nodes:,} nodes in all)")

    # Hints: every winning move of each position along a won game (one Solver per game,
    # as the desktop keeps one), and proofs at the first position of a random game with
    # no win left (a player's first fatal mistake).
    hints: list[float] = []
    proofs: list[float] = []
    proof_nodes: list[int] = []
    for number in HINT_GAMES:
        rng = random.Random(number)
        solver = Solver()
        position = SolitairePosition.deal(number)
        while not position.is_over:
            begin = time.perf_counter()
            moves = solver.winning_moves(position)
            hints.append(time.perf_counter() - begin)
            position = position.play(rng.choice(moves))
        position = SolitairePosition.deal(number)
        while True:
            position = position.play(rng.choice(position.legal_moves()))
            solution = solve(position)
            if solution.line is None:
                proofs.append(solution.seconds)
                proof_nodes.append(solution.nodes)
                break
    print(
        f"winning moves of a position (hints), {len(hints)} positions of {len(HINT_GAMES)} won"
        f" games:\n  median {statistics.median(hints) * 1000:.1f} ms,"
        f" 99th percentile {percentile(hints, 99) * 1000:.1f} ms, worst {max(hints) * 1000:.1f} ms"
    )
    print(
        f"proof that no win is left, first such position of {len(proofs)} random games:"
        f"\n  median {statistics.median(proofs) * 1000:.1f} ms"
        f" ({statistics.median(proof_nodes):,.0f} node(s)), worst {max(proofs) * 1000:.1f} ms"
        f" ({max(proof_nodes):,} nodes)"
    )

    # A long proof met in testing: the rate of a search that reuses its tables.
    position = SolitairePosition.deal(35)
    for move in LONG_PROOF_MOVES:
        position = position.play(move)
    long = solve(position)
    assert long.line is None
    print(
        f"a long proof (deal 35 after 9 captures, no win): {long.nodes:,} nodes in"
        f" {long.seconds:.2f} s, {long.nodes / long.seconds:,.0f} nodes/s"
    )

    # The desktop's Hint on the hardest position met so far: lost, but far too slow to
    # prove (minutes), so the hint gives up after its node limit and walks back.
    history = [SolitairePosition.deal(300)]
    for move in HARD_HINT_MOVES:
        history.append(history[-1].play(move))
    begin = time.perf_counter()
    found = hint(history)
    print(
        f"Hint on the hardest position known (deal 300 after {len(HARD_HINT_MOVES)} captures):"
        f" {time.perf_counter() - begin:.2f} s (decided: {found.decided}, undo {found.undo})"
    )

    # The difficulty rating the solitaire screen shows for a fresh deal.
    ratings = []
    names: dict[str, int] = {}
    for number in RATED_DEALS:
        begin = time.perf_counter()
        name = difficulty(SolitairePosition.deal(number))
        ratings.append(time.perf_counter() - begin)
        names[str(name)] = names.get(str(name), 0) + 1
    spread = ", ".join(f"{name} {count}" for name, count in sorted(names.items()))
    print(
        f"difficulty of a fresh deal (deals {RATED_DEALS[0]}-{RATED_DEALS[-1]}):"
        f" median {statistics.median(ratings):.2f} s, worst {max(ratings):.2f} s ({spread})"
    )


# --- the computer player ------------------------------------------------------------------

AI_GAMES = range(1, 5)
AI_SAMPLE = 32


def game_positions() -> list[Position]:
    """``AI_SAMPLE`` positions spread over four games of the strong level against itself."""
    positions: list[Position] = []
    for seed in AI_GAMES:
        position = Position.start()
        while not position.is_over:
            positions.append(position)
            position = position.play(search(position, "strong", seed).move)
    step = len(positions) / AI_SAMPLE
    return [positions[int(i * step)] for i in range(AI_SAMPLE)]


def bench_ai(seconds: float) -> None:
    """Time per move of every level, the expert's positions per second, and symmetry."""
    evaluations = rate(lambda: ai.evaluate(Position.start().fire, Position.start().ice), seconds)
    print(f"evaluations per second: {evaluations:,.0f}")
    positions = game_positions()
    print(f"time per move over {len(positions)} positions from four strong-level games:")
    for name, level in ai.LEVELS.items():
        times = []
        nodes = 0
        for position in positions:
            result = search(position, level, seed=1)
            times.append(result.seconds)
            nodes += result.nodes
        target = "  (target: median at most 2 s)" if name == "expert" else ""
        print(
            f"  {name:<8} median {statistics.median(times):6.3f} s, worst {max(times):6.3f} s,"
            f" {nodes / sum(times):8,.0f} positions/s (budget {level.nodes:,} nodes){target}"
        )
    print("the board's symmetries at the root (expert, same node budget):")
    start = Position.start()
    for label, position in (("start", start), ("after D4-A4", start.play("D4-A4"))):
        plain = search(position, "expert", 1, use_symmetry=False)
        pruned = search(position, "expert", 1)
        print(
            f"  {label:<12} {len(position.legal_moves()):2} root moves: depth {plain.depth}"
            f" without, depth {pruned.depth} with symmetry"
            f" ({plain.seconds:.2f} s / {pruned.seconds:.2f} s)"
        )


# --- Icebreaker -----------------------------------------------------------------------------

ICEBREAKER_SEEDS = range(1, 6)


def icebreaker_game(size: int, rng: random.Random) -> list[IcebreakerPosition]:
    """Every position of one uniformly random Icebreaker game, the final one included."""
    position = IcebreakerPosition.start(size)
    positions = [position]
    while not position.is_over:
        position = position.play_unchecked(rng.choice(position.legal_moves()))
        positions.append(position)
    return positions


def generation_rate(positions: list[IcebreakerPosition], seconds: float) -> float:
    """``legal_moves`` calls per second over ``positions`` in turn, each with its distances
    to find afresh (they are cached by ships and icebergs, and a new position misses)."""
    forget = icebreaker_rules._rings.cache_clear
    cycle = itertools.count()

    def generate() -> None:
        forget()
        positions[next(cycle) % len(positions)].legal_moves()

    return rate(generate, seconds)


def bench_icebreaker(seconds: float) -> None:
    """Legal moves, random games and the computer's levels on the hexhex board."""
    forget = icebreaker_rules._rings.cache_clear
    figure = max(0.5, seconds / 2)
    print("legal-move generations (IcebreakerPosition.legal_moves, distances not cached):")
    for size in (5, 8):
        rng = random.Random(size)
        middle: list[IcebreakerPosition] = []
        for _ in range(200):
            game = icebreaker_game(size, rng)
            middle.append(game[len(game) // 2])
        start = IcebreakerPosition.start(size)
        moves = statistics.mean(len(position.legal_moves()) for position in middle)
        print(
            f"  side {size} ({start.board.cell_count} cells):"
            f" start {generation_rate([start], figure):9,.0f} /s,"
            f" middle game {generation_rate(middle, figure):9,.0f} /s"
            f" ({len(middle)} positions, {moves:.1f} moves each)"
        )

    rng = random.Random(2024)
    lengths: list[int] = []

    def random_game() -> None:
        moves = 0
        position = IcebreakerPosition.start(5)
        while not position.is_over:
            position = position.play_unchecked(rng.choice(position.legal_moves()))
            moves += 1
        lengths.append(moves)

    forget()
    games = rate(random_game, seconds)
    print(
        f"random games on side 5 (whole games from the start): {games:8,.1f} /s"
        f" (average {statistics.mean(lengths):.1f} moves over {len(lengths):,} games)"
    )

    start = IcebreakerPosition.start(5)
    print(
        f"the first move on side 5, median of seeds {ICEBREAKER_SEEDS[0]}-{ICEBREAKER_SEEDS[-1]}:"
    )
    game = find_game(start.game)
    for name in level_names(game):
        times: list[float] = []
        nodes: list[int] = []
        depths: list[int] = []
        moves: set[Step] = set()
        for seed in ICEBREAKER_SEEDS:
            forget()
            result = search(start, name, seed)
            times.append(result.seconds)
            nodes.append(result.nodes)
            depths.append(result.depth)
            moves.add(result.move)
        budget = f" (budget {game.levels[name].nodes:,} nodes)" if name != "random" else ""
        per_second = sum(nodes) / sum(times) if sum(nodes) else 0.0
        print(
            f"  {name:<8} median {statistics.median(times) * 1000:8.1f} ms,"
            f" {statistics.median(nodes):7,.0f} nodes, depth {statistics.median(depths):g},"
            f" {per_second:7,.0f} nodes/s, {len(moves)} different move(s){budget}"
        )


# --- the desktop UI -------------------------------------------------------------------

UI_ENV = {
    "SDL_VIDEODRIVER": "dummy",
    "SDL_AUDIODRIVER": "dummy",
    "PYGAME_HIDE_SUPPORT_PROMPT": "1",
}
OPENING_MOVES = 6  # moves already played in the measured game
FIRST_FRAME_RUNS = 5
MEASURED_FRAMES = 600
ANIMATION_SECONDS = 4.0  # a deliberately slow move, so one animation spans many frames
IDLE_CHILD_FLAG = "--ui-idle-child"

# Run in a fresh interpreter, so that the imports cost what a player's launch pays.
FIRST_FRAME_CHILD = """
import time
begin = time.perf_counter()
import pygame, pygame_gui
from fireice_desktop.ui.app import App
from fireice_desktop.ui.frame.settings import Settings
imported = time.perf_counter()
try:
    app = App(settings=Settings(sound=False))
except pygame.error:
    app = App(settings=Settings(sound=False), window=False)
created = time.perf_counter()
app.render()
if app.window is not None:
    app.window.flip()
rendered = time.perf_counter()
mode = "window" if app.window is not None else "off-screen"
print(mode, pygame.display.get_driver(), imported - begin, created - imported,
      rendered - created, flush=True)
pygame.quit()
"""


def percentile(samples: list[float], pct: int) -> float:
    """The ``pct``-th percentile of ``samples``."""
    return statistics.quantiles(samples, n=100, method="inclusive")[pct - 1]


@contextmanager
def ui_environment() -> Iterator[dict[str, str]]:
    """SDL's dummy drivers and throw-away settings and data folders; yields the children's
    environment."""
    for name, value in UI_ENV.items():
        os.environ.setdefault(name, value)
    before = {name: os.environ.get(name) for name in ("FIREICE_CONFIG_DIR", "FIREICE_DATA_DIR")}
    with tempfile.TemporaryDirectory(prefix="fireice-bench-") as folder:
        os.environ["FIREICE_CONFIG_DIR"] = folder
        os.environ["FIREICE_DATA_DIR"] = folder
        try:
            yield dict(os.environ)
        finally:
            for name, value in before.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


def game_app(size: tuple[int, int] = (1280, 800)) -> App:
    """An ``App`` of ``size`` (a window if SDL gives one) in a two-player game, a few moves in.

    An earlier section may have ended pygame, which ends the fonts and pictures the
    drawing keeps: they are forgotten first, to be made again.
    """
    import pygame

    from fireice_desktop.ui.app import App
    from fireice_desktop.ui.frame import scene
    from fireice_desktop.ui.toolkit import art

    for cached in (art.font, art.texture, scene.translucent):
        cached.cache_clear()
    from fireice_desktop.ui.frame.settings import Settings
    from fireice_desktop.ui.screens.game import GameScreen

    try:
        app = App(size, settings=Settings(sound=False))
    except pygame.error as error:
        print(f"  (no pygame.Window with this video driver: {error}; drawing off-screen)")
        app = App(size, settings=Settings(sound=False), window=False)
    app.go("game")  # as the menu's "Two players" entry does
    scene = app.scene
    assert isinstance(scene, GameScreen)
    moves: list[Move] = []
    while len(moves) <= OPENING_MOVES:
        moves.clear()
        random_playout(Position.start(), random.Random(11), moves)
    for move in moves[:OPENING_MOVES]:
        if not scene.controller.play(move, duration=0):
            raise RuntimeError(f"{move}: {scene.controller.message}")
    for _ in range(3):  # let the panel and pygame-gui settle
        app.step(0.05)
        app.render()
    return app


def bench_first_frame(env: dict[str, str]) -> None:
    totals: list[float] = []
    parts: list[list[float]] = []
    mode = driver = ""
    for _ in range(FIRST_FRAME_RUNS):
        begin = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, "-c", FIRST_FRAME_CHILD],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None
        line = child.stdout.readline()  # written just after the first frame
        totals.append(time.perf_counter() - begin)
        child.stdout.read()
        if child.wait() != 0 or not line:
            raise RuntimeError(f"the first-frame process failed (exit status {child.returncode})")
        mode, driver, *figures = line.split()
        parts.append([float(figure) * 1000 for figure in figures])
    total = statistics.median(totals) * 1000
    imports, create, render = (statistics.median(run[i] for run in parts) for i in range(3))
    if mode != "window":
        print(f"  (pygame.Window fails with the {driver!r} video driver: App(window=False))")
    print(f"time to the first frame: {total:8,.0f} ms  (target < 1,000 ms)")
    print(
        f"  median of {FIRST_FRAME_RUNS} fresh processes ({mode}, {driver} video driver):"
        f" imports {imports:.0f} ms,\n  App() {create:.0f} ms, first render {render:.0f} ms,"
        " the rest is interpreter start-up"
    )


def time_frames(frame: Callable[[], bool], count: int, keep: Callable[[bool], bool]) -> list[float]:
    """Seconds taken by ``count`` calls of ``frame`` for which ``keep(result)`` holds."""
    times: list[float] = []
    while len(times) < count:
        begin = time.perf_counter()
        result = frame()
        elapsed = time.perf_counter() - begin
        if keep(result):
            times.append(elapsed)
    return times


def report_frames(label: str, times: list[float]) -> None:
    median = statistics.median(times) * 1000
    p99 = percentile(times, 99) * 1000
    print(
        f"frame time, {label}: median {median:5.2f} ms, 99th percentile {p99:5.2f} ms"
        "  (target: median < 4 ms)"
    )


def bench_frames(size: tuple[int, int] = (1280, 800)) -> None:
    import pygame

    from fireice_desktop.ui.screens.game import GameScreen

    begin = time.perf_counter()
    app = game_app(size)
    laid_out = time.perf_counter() - begin
    scene = app.scene
    assert isinstance(scene, GameScreen)
    window = app.window
    width, height = app.size
    driver = pygame.display.get_driver()
    where = "window" if window is not None else "off-screen App(window=False)"
    print(
        f"two-player game after {OPENING_MOVES} moves, {width}x{height}"
        f" ({where}, {driver} video driver):"
    )
    # The app made and the game laid out, its board's art drawn: what a new window size costs.
    print(f"  made and laid out in {laid_out * 1000:.0f} ms")

    def frame() -> bool:
        animating = bool(app.step(1 / 60))
        app.render()
        if window is not None:
            window.flip()
        return animating

    report_frames("idle", time_frames(frame, MEASURED_FRAMES, lambda animating: True))

    controller = scene.controller
    move = controller.history.position.legal_moves()[0]
    controller.play(move, duration=ANIMATION_SECONDS)
    restarts = 0

    def animated(animating: bool) -> bool:
        nonlocal restarts
        if not animating:  # the move has landed: take it back and play it again
            controller.undo()
            controller.play(move, duration=ANIMATION_SECONDS)
            restarts += 1
        return animating

    times = time_frames(frame, MEASURED_FRAMES, animated)
    report_frames(f"animating move {move}", times)
    print(f"  {ANIMATION_SECONDS:g} s animations at 60 Hz, restarted {restarts} times")
    pygame.quit()


def idle_child(seconds: float) -> None:
    """In a fresh process: the real ``App.run`` loop idling in a game for ``seconds``."""
    import pygame

    from fireice_desktop.ui.app import IDLE_WAIT_MS

    app = game_app()
    counts = {"render": 0, "step": 0}
    events: dict[str, int] = {}
    render, step, process = app.render, app.step, app.process

    def counting_render() -> None:
        counts["render"] += 1
        render()

    def counting_step(dt: float) -> bool:
        counts["step"] += 1
        return bool(step(dt))

    def counting_process(event: pygame.event.Event) -> None:
        name = pygame.event.event_name(event.type)
        events[name] = events.get(name, 0) + 1
        process(event)

    app.render, app.step, app.process = counting_render, counting_step, counting_process
    pygame.time.set_timer(pygame.event.Event(pygame.QUIT), int(seconds * 1000), loops=1)
    cpu = time.process_time()
    wall = time.perf_counter()
    app.run()
    cpu = time.process_time() - cpu
    wall = time.perf_counter() - wall
    # The same time in SDL's event wait alone, with no app: the floor the loop sits on.
    bare_cpu = time.process_time()
    bare_wall = time.perf_counter()
    while time.perf_counter() - bare_wall < seconds:
        pygame.event.wait(IDLE_WAIT_MS)
    bare_cpu = time.process_time() - bare_cpu
    bare_wall = time.perf_counter() - bare_wall
    result = {
        "cpu": cpu,
        "wall": wall,
        "bare_cpu": bare_cpu,
        "bare_wall": bare_wall,
        "window": app.window is not None,
        "driver": pygame.display.get_driver(),
        "events": events,
    }
    print(json.dumps(result | counts))
    pygame.quit()


def bench_idle(env: dict[str, str], seconds: float) -> None:
    command = [sys.executable, str(Path(__file__).resolve()), IDLE_CHILD_FLAG, str(seconds)]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"the idle process failed:\n{done.stderr}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    share = 100 * result["cpu"] / result["wall"]
    bare = 100 * result["bare_cpu"] / result["bare_wall"]
    where = "window" if result["window"] else "off-screen App(window=False)"
    print(f"CPU while idle in App.run(): {share:8.2f} % of one core  (target < 2 %)")
    print(
        f"  {result['cpu'] * 1000:.0f} ms CPU in {result['wall']:.2f} s in a game"
        f" ({where}, {result['driver']} video driver): {result['render']} frames rendered,"
        f" {result['step']} loop turns"
    )
    events = ", ".join(f"{name} x{count}" for name, count in sorted(result["events"].items()))
    print(f"  events handled: {events or 'none'}")
    print(f"  pygame.event.wait alone, no app, as long: {bare:.2f} % of one core")


def bench_ui(seconds: float) -> None:
    with ui_environment() as env:
        bench_first_frame(env)
        bench_frames()
        bench_frames((3840, 2160))  # a 4K screen: the same targets
        bench_idle(env, max(1.0, seconds))


def bench_saving(seconds: float) -> None:
    from fireice_desktop.engine.records.game import GameRecord
    from fireice_desktop.files.storage import autosave_path, read_game, save_autosave

    moves: list[Move] = []
    random_playout(Position.start(), random.Random(1), moves)
    record = GameRecord(moves=tuple(moves))
    with ui_environment():
        path = autosave_path()
        writes, reads = [], []
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline or len(writes) < 20:
            start = time.perf_counter()
            save_autosave(record)
            writes.append(time.perf_counter() - start)
            start = time.perf_counter()
            read_game(path)
            reads.append(time.perf_counter() - start)
    print(f"a {len(moves)}-move game, {len(record.to_json())} bytes, {len(writes)} rounds:")
    for label, times in (("autosave (atomic, fsync)", writes), ("load and replay", reads)):
        print(
            f"  {label:<26} median {1000 * statistics.median(times):.2f} ms, "
            f"99th percentile {1000 * percentile(times, 99):.2f} ms"
        )


# --- bad input ------------------------------------------------------------------------------

#: The frame budget for reading, checking and replaying anything a player opens or pastes.
INPUT_BUDGET_MS = 100


def crafted_inputs() -> dict[str, str]:
    """Texts under the size limit crafted to be as slow as possible to read, check, replay
    or show: 200 kB strings in each field, the most moves a file can hold, a long
    line of text, and the longest legal Icebreaker game of 300 random ones."""
    from fireice_desktop.engine.records.game import GameRecord

    def record(**fields: object) -> str:
        data: dict[str, object] = {
            "format": "fireice-record",
            "version": 1,
            "game": "fire-and-ice",
            "moves": [],
        }
        data.update(fields)
        return json.dumps(data)

    icebreaker = find_game("icebreaker")
    rng = random.Random(3)
    longest: tuple[Any, ...] = ()
    setup = icebreaker.setup_from_json({"size": 8})
    for _ in range(300):
        position, moves = icebreaker.start(setup), []
        while not position.is_over:
            moves.append(rng.choice(list(position.legal_moves())))
            position = position.play(moves[-1])
        longest = max(longest, tuple(moves), key=len)
    big = 200_000
    return {
        "a 200 kB move": record(moves=["D4-C4" + "x" * big]),
        "a 200 kB game name": record(game="g" * big),
        "a 200 kB computer level": record(computer={"ice": "e" * big}),
        "a 200 kB handicap side": record(handicap={"side": "f" * big, "holes": []}),
        "28,000 moves": record(moves=["D4-C4"] * 28_000),
        "28,000 Icebreaker moves": record(game="icebreaker", size=8, moves=["a1-b2"] * 28_000),
        "a 200 kB line of text": "x" * big,
        "a 200 kB header": "Game: " + "x" * big,
        f"a legal {len(longest)}-move Icebreaker game": GameRecord(
            "icebreaker", longest, setup
        ).to_text(),
    }


def bench_input(seconds: float) -> None:
    """The longest frame while a crafted file is opened or crafted text pasted and played
    (from the action to the frame that shows its outcome, work off the UI thread too)."""
    import pygame

    from fireice_desktop.ui.screens.game import GameScreen

    def frames_until_settled(app: App, scene: GameScreen, action: Callable[[], object]) -> float:
        """The longest frame from ``action`` until no reading is left."""
        longest, first = 0.0, True
        window = scene.windows.text_window
        while first or scene.windows.files.reading is not None or (window and window.reading):
            begin = time.perf_counter()
            if first:
                action()
                first = False
            for event in pygame.event.get():
                app.process(event)
            app.step(1 / 60)
            app.render()
            longest = max(longest, time.perf_counter() - begin)
            time.sleep(0.001)
        return longest

    with ui_environment(), tempfile.TemporaryDirectory(prefix="fireice-input-") as folder:
        app = game_app()
        print(
            f"the longest frame from the action to its outcome, worst and median of 5 tries"
            f" (target under {INPUT_BUDGET_MS} ms):"
        )
        path = Path(folder) / "crafted.fireice"
        for name, text in crafted_inputs().items():
            path.write_text(text, encoding="utf-8")
            pygame.scrap.put_text(text)
            took: dict[str, list[float]] = {"open": [], "paste": [], "play it": []}
            for _ in range(5):
                app.go("game")
                scene = app.scene
                assert isinstance(scene, GameScreen)
                scene.controller.play(scene.controller.history.position.legal_moves()[0], 0)
                scene.show_text()
                window = scene.windows.text_window
                assert window is not None
                steps: dict[str, Callable[[], object]] = {
                    "open": partial(scene.windows.files.open, path),
                    "paste": window.paste,
                    "play it": window.play_text,
                }
                for step, action in steps.items():
                    took[step].append(frames_until_settled(app, scene, action))
            said = ", ".join(
                f"{step} {1000 * max(times):5.1f} / {1000 * statistics.median(times):4.1f} ms"
                for step, times in took.items()
            )
            print(f"  {name:<34} {said}")
        pygame.quit()


# --- the review -----------------------------------------------------------------------------

REVIEW_PLIES = 40
CALIBRATION_GAMES = 80
CALIBRATION_SEED = 2026  # the curve was fitted on seed 1's games


def long_game(game_name: str, plies: int) -> tuple[list[GameState], list[Any]]:
    """The first ``plies`` moves of the first game between two strong levels that lasts
    as long, and its positions."""
    from fireice_desktop.engine.match.run import Player, Settings, play_game

    for seed in itertools.count(1):
        settings = Settings(game_name, seed=seed, opening=0)
        played = play_game((Player("strong", "strong"), Player("strong", "strong")), settings, 0)
        if len(played.moves) >= plies:
            break
    positions: list[GameState] = [settings.start()]
    moves: list[Any] = []
    for text in played.moves[:plies]:
        moves.append(positions[-1].parse_move(text))
        positions.append(positions[-1].play(moves[-1]))
    return positions, moves


def bench_review(seconds: float) -> None:
    """The time to review a game, the frames meanwhile, and the chances' calibration."""
    from concurrent.futures import ProcessPoolExecutor

    from fit_win_chance import calibration, play_and_assess

    from fireice_desktop.engine.analysis.review import review

    for game_name, plies in (("fire-and-ice", REVIEW_PLIES), ("icebreaker", 60)):
        positions, moves = long_game(game_name, plies)
        begin = time.perf_counter()
        reviewed = review(positions, moves)
        elapsed = time.perf_counter() - begin
        target = "  (target: about 20 s at most)" if game_name == "fire-and-ice" else ""
        print(
            f"review of a {plies}-move {find_game(game_name).title} game: {elapsed:5.1f} s,"
            f" {elapsed / len(positions):.2f} s a position{target}"
        )
        for summary in reviewed.summaries():
            print(f"  {summary.line()}")
    with ui_environment():
        bench_frames_during_review()
    game = find_game("fire-and-ice")
    tasks = [
        ("fire-and-ice", i, CALIBRATION_SEED, 2, ("casual", "strong")[i % 2], 2)
        for i in range(CALIBRATION_GAMES)
    ]
    begin = time.perf_counter()
    with ProcessPoolExecutor(os.cpu_count() or 1) as pool:
        samples = [s for part in pool.map(play_and_assess, tasks) for s in part]
    print(
        f"calibration: {len(samples)} positions not proved won or lost, from"
        f" {CALIBRATION_GAMES} fresh games (casual and strong levels, seed {CALIBRATION_SEED}),"
        f" {time.perf_counter() - begin:.0f} s:"
    )
    print("\n".join(calibration((game.win_chance(score), won) for _, _, score, won in samples)))


def bench_frames_during_review() -> None:
    """Frame times of a two-player game while its analysis runs on the worker thread."""
    import pygame

    from fireice_desktop.ui.screens.game import GameScreen

    app = game_app()
    scene = app.scene
    assert isinstance(scene, GameScreen)
    scene.controller.show_start()  # review, where Analyse is offered
    scene.toggle_analysis()

    def frame() -> bool:
        app.step(1 / 60)
        app.render()
        if app.window is not None:
            app.window.flip()
        return scene.work.analysis.running

    def running(was_running: bool) -> bool:
        if not was_running:  # done: analyse again, so that every frame measured has it beside
            scene.work.analysis.forget()
            scene.toggle_analysis()
        return was_running

    times = time_frames(frame, MEASURED_FRAMES, running)
    print(
        f"frame time while the analysis runs: median {statistics.median(times) * 1000:5.2f} ms,"
        f" 99th percentile {percentile(times, 99) * 1000:5.2f} ms"
    )
    scene.work.analysis.cancel()
    pygame.quit()


STANDALONE_RUNS = 9


def start_times(executable: Path, runs: int) -> list[float]:
    """Seconds from starting ``executable`` to its first frame, ``runs`` times (after one
    start not counted, for the disk cache)."""
    env = dict(os.environ, FIREICE_FIRST_FRAME="quit", SDL_AUDIODRIVER="dummy")
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    times: list[float] = []
    with tempfile.TemporaryDirectory() as home:
        env.update(FIREICE_CONFIG_DIR=home, FIREICE_DATA_DIR=home)
        for run in range(runs + 1):
            begin = time.perf_counter()
            child = subprocess.Popen([str(executable)], env=env, stdout=subprocess.PIPE, text=True)
            assert child.stdout is not None
            # A program that never says so (an older build) is stopped, not waited on.
            timer = threading.Timer(30, child.kill)
            timer.start()
            line = child.stdout.readline()
            timer.cancel()
            elapsed = time.perf_counter() - begin
            child.stdout.read()
            if child.wait() != 0 or line.strip() != "first frame":
                raise RuntimeError(f"{executable} did not show a first frame ({line!r})")
            if run:
                times.append(elapsed)
    return times


def bench_standalone(seconds: float, executable: Path | None = None) -> None:
    sizes = {}
    with tempfile.TemporaryDirectory() as work:
        if executable is None:
            for kind in ("onedir", "onefile"):
                command = [sys.executable, str(ROOT / "scripts" / "build_exe.py")]
                command += ["--dist", f"{work}/{kind}", "--work", f"{work}/build-{kind}"]
                if kind == "onefile":
                    command.append("--onefile")
                built = subprocess.run(command, capture_output=True, text=True)
                if built.returncode != 0:
                    raise RuntimeError(f"the {kind} build failed:\n{built.stderr}")
            executable = Path(work) / "onedir" / "fireice" / "fireice"
            sizes["one folder"] = (build_exe.folder_size(executable.parent) / 1e6, 60)
            sizes["one file"] = ((Path(work) / "onefile" / "fireice").stat().st_size / 1e6, 30)
        for kind, (size, target) in sizes.items():
            print(f"{kind:>10}: {size:5.1f} MB  (target at most {target} MB)")
        times = start_times(executable, STANDALONE_RUNS)
    median, worst = statistics.median(times) * 1000, max(times) * 1000
    driver = os.environ.get("SDL_VIDEODRIVER", "dummy")
    print(
        f"first frame of the one-folder program: median {median:,.0f} ms, slowest {worst:,.0f} ms"
        f" over {STANDALONE_RUNS} starts ({driver} video driver; target under 500 ms)"
    )


# --- online play ----------------------------------------------------------------------------

#: Pairings measured for each of the relay and the direct connection.
ONLINE_PAIRINGS = 10
#: Moves measured for each of the relay and the direct connection.
ONLINE_MOVES = 100
#: The longest wait for anything on the loopback before the section gives up.
ONLINE_PATIENCE = 30.0


@contextmanager
def local_servers() -> Iterator[tuple[str, str]]:
    """A mailbox server and a transit relay on 127.0.0.1, in a process of their own (as a
    club would run them); yields their addresses."""
    command = [sys.executable, "-m", "fireice_desktop.online.servers", "--interface", "127.0.0.1"]
    child = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT
    )
    try:
        assert child.stdout is not None
        lines = [child.stdout.readline() for _ in range(2)]
        addresses = dict(line.strip().split(": ", 1) for line in lines if ": " in line)
        if set(addresses) != {"mailbox", "relay"}:
            raise RuntimeError(f"the servers did not start: {lines!r}")
        yield addresses["mailbox"], addresses["relay"]
    finally:
        assert child.stdin is not None
        child.stdin.close()  # the servers stop when their input ends
        try:
            child.wait(10)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


class OnlineSide:
    """One side of an online game in this process: a session over a link, its game kept in
    a folder of its own (atomically, as a player's is)."""

    def __init__(self, role: str, online: Any, folder: Path, servers: Any) -> None:
        from fireice_desktop.files.storage import write_atomic
        from fireice_desktop.online.link import Link
        from fireice_desktop.online.session import Session
        from fireice_desktop.online.table import Table

        path = folder / f"{role}.json"

        def keep(game: Any) -> None:
            write_atomic(path, json.dumps(game.to_json()))

        self.link = Link(servers)
        self.table = Table(Session(role, online, role, keep), self.link)  # type: ignore[arg-type]
        self.happened: list[Any] = []

    def pump(self) -> None:
        from fireice_desktop.online.table import Failed

        for happening in self.table.pump(0.0):
            if isinstance(happening, Failed):
                raise RuntimeError(f"online play failed: {happening.words}")
            self.happened.append(happening)


def pump_until(sides: list[OnlineSide], found: Callable[[], Any]) -> Any:
    """Pump both sides until ``found()`` says something; what it said."""
    deadline = time.perf_counter() + ONLINE_PATIENCE
    while time.perf_counter() < deadline:
        for side in sides:
            side.pump()
        result = found()
        if result:
            return result
        time.sleep(0.0002)
    raise RuntimeError("nothing happened on the loopback in time")


def first(side: OnlineSide, kind: type, since: int = 0, **fields: Any) -> Any:
    """The first happening of ``kind`` (with ``fields``) at ``since`` or after, or None."""
    for happening in side.happened[since:]:
        if isinstance(happening, kind) and all(
            getattr(happening, name) == value for name, value in fields.items()
        ):
            return happening
    return None


def online_pairing(servers: Any, folder: Path, record: Any) -> tuple[OnlineSide, OnlineSide, float]:
    """A host and a guest paired through ``servers``; the seconds from the guest's Join to
    its first board (its Started)."""
    from fireice_desktop.online.session import Started, new_game
    from fireice_desktop.online.table import Shown

    host = OnlineSide("host", new_game(record, record.start().to_move), folder, servers)
    guest = OnlineSide("guest", None, folder, servers)
    host.link.host()
    code = pump_until([host], lambda: first(host, Shown)).code
    begin = time.perf_counter()
    guest.link.join(code)
    pump_until([host, guest], lambda: first(guest, Started))
    joined = time.perf_counter() - begin
    pump_until([host, guest], lambda: first(host, Started))
    return host, guest, joined


def online_game(side: OnlineSide) -> Any:
    """The game ``side`` has now."""
    game = side.table.session.online
    assert game is not None
    return game


def acknowledged(side: OnlineSide, n: int) -> bool:
    """Whether the friend has confirmed ``side``'s move ``n``."""
    return bool(online_game(side).acked >= n)


def online_moves(host: OnlineSide, guest: OnlineSide, count: int) -> list[float]:
    """Seconds from a move played on one side to its Moved on the other, for ``count``
    random moves (a rematch when a game ends)."""
    from fireice_desktop.online.session import Moved, Offered, Started

    rng = random.Random(5)
    times: list[float] = []
    sides = [host, guest]
    while len(times) < count:
        if online_game(host).over:
            offered = partial(first, guest, Offered, len(guest.happened))
            started = partial(first, host, Started, len(host.happened))
            host.table.act("offer_rematch")
            pump_until(sides, offered)
            guest.table.act("answer", True)
            pump_until(sides, started)
            continue
        mover = next(side for side in sides if side.table.session.my_turn())
        other = guest if mover is host else host
        position = online_game(mover).position
        move = rng.choice(sorted(position.legal_moves(), key=str))
        n = online_game(mover).count + 1
        arrived = partial(first, other, Moved, len(other.happened), n=n)
        begin = time.perf_counter()
        mover.table.act("play", move)
        pump_until(sides, arrived)
        times.append(time.perf_counter() - begin)
        # the mover hears the acknowledgement before the friend's next move is timed
        pump_until(sides, partial(acknowledged, mover, n))
    return times


def bench_online(seconds: float) -> None:
    import wormhole
    from wormhole import ipaddrs

    from fireice_desktop.engine.records.game import GameRecord
    from fireice_desktop.online.addresses import Servers

    # magic-wormhole offers every interface's address for a direct connection, and drops
    # 127.0.0.1 when there is another: only the loopback here (checked for this version).
    assert wormhole.__version__ == "0.24.0", wormhole.__version__
    ipaddrs.find_addresses = lambda: ["127.0.0.1"]
    icebreaker = GameRecord("icebreaker", setup=find_game("icebreaker").setup_from_numbers([8]))
    with local_servers() as (mailbox, relay), tempfile.TemporaryDirectory() as folder:
        print(f"servers on the loopback: {mailbox}, {relay}")
        for label, direct in (("relay", False), ("direct", True)):
            servers = Servers(mailbox, relay, direct=direct)
            joins: list[float] = []
            routes: collections.Counter[str] = collections.Counter()
            for _ in range(ONLINE_PAIRINGS):
                host, guest, joined = online_pairing(servers, Path(folder), GameRecord())
                joins.append(joined)
                routes[route_kind(guest)] += 1
                host.table.close()
                guest.table.close()
            # the moves over the route named (Dilation takes the first connection made: a
            # direct pairing now and then goes through the relay)
            for _ in range(5):
                host, guest, _ = online_pairing(servers, Path(folder), icebreaker)
                if route_kind(guest) == label:
                    break
                host.table.close()
                guest.table.close()
            moves_route = route_kind(guest)
            moves = online_moves(host, guest, ONLINE_MOVES)
            host.table.close()
            guest.table.close()
            print(
                f"{label}: Join to the first board median {1000 * statistics.median(joins):.0f} ms,"
                f" 95th percentile {1000 * percentile(joins, 95):.0f} ms over {len(joins)} "
                f"pairings ({', '.join(f'{n} {kind}' for kind, n in sorted(routes.items()))})"
            )
            print(
                f"{label}: a move to the friend's board median "
                f"{1000 * statistics.median(moves):.1f} ms, 95th percentile "
                f"{1000 * percentile(moves, 95):.1f} ms over {len(moves)} moves ({moves_route})"
            )


def route_kind(side: OnlineSide) -> str:
    """How ``side`` reaches the friend: ``relay`` or ``direct``."""
    return "relay" if "relay" in side.link.route else "direct"


SECTIONS = {
    "engine": bench_engine,
    "ui": bench_ui,
    "solver": bench_solver,
    "ai": bench_ai,
    "saving": bench_saving,
    "input": bench_input,
    "icebreaker": bench_icebreaker,
    "review": bench_review,
    "standalone": bench_standalone,
    "online": bench_online,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "sections",
        nargs="*",
        metavar="SECTION",
        help=f"what to measure: {', '.join(SECTIONS)} (default: all)",
    )
    parser.add_argument("--seconds", type=float, default=3.0, help="time per figure")
    parser.add_argument(
        "--executable",
        type=Path,
        help="standalone: measure this built program instead of building one",
    )
    parser.add_argument(IDLE_CHILD_FLAG, type=float, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.ui_idle_child is not None:
        idle_child(args.ui_idle_child)
        return 0
    unknown = [name for name in args.sections if name not in SECTIONS]
    if unknown:
        parser.error(f"unknown section {unknown[0]!r}; choose from {', '.join(SECTIONS)}")
    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    for name in args.sections or SECTIONS:
        print(f"\n== {name} ==")
        if name == "standalone":
            bench_standalone(args.seconds, args.executable)
        else:
            SECTIONS[name](args.seconds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
