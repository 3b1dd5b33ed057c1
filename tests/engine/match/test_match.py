"""Matches between levels and outside programs, for any game: pairs of games from one
random opening with the sides swapped, faults that lose a game, honest figures."""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fireice_desktop.engine.games import find_game
from fireice_desktop.engine.games.fireice.rules import Color, Position
from fireice_desktop.engine.games.fireice.spec import FIRE_AND_ICE, Handicap
from fireice_desktop.engine.games.icebreaker.board import Side
from fireice_desktop.engine.games.icebreaker.spec import ICEBREAKER, Sea
from fireice_desktop.engine.match import program as match_program
from fireice_desktop.engine.match import run as match_module
from fireice_desktop.engine.match.run import (
    OUTPUT_LIMIT,
    GameResult,
    MatchInterrupted,
    MatchSummary,
    MoveTimes,
    Player,
    Settings,
    opening,
    parse_player,
    play_game,
    read_move,
    run_match,
    run_program,
    wilson_interval,
)
from tests.support.cli import AS_A_TERMINAL_STARTS_IT
from tests.support.matches import play_match
from tests.support.programs import (
    CRASH,
    CRASH_AS_SECOND,
    FIRST_MOVE,
    HANG,
    RECORD_ARGUMENTS,
    side,
    write_program,
)

# --- the Wilson score interval ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        (50, 100, 0.404, 0.596),
        (55, 100, 0.452, 0.644),
        (0, 10, 0.0, 0.278),
        (10, 10, 0.722, 1.0),
        (4, 4, 0.510, 1.0),
        (1, 2, 0.095, 0.905),
        (30, 40, 0.598, 0.858),
    ],
)
def test_the_wilson_interval_has_its_known_values(
    wins: int, games: int, low: float, high: float
) -> None:
    found = wilson_interval(wins, games)
    assert found == pytest.approx((low, high), abs=0.0005)


def test_the_wilson_interval_holds_the_rate_and_narrows_with_more_games() -> None:
    for games in (1, 7, 100):
        for wins in range(games + 1):
            low, high = wilson_interval(wins, games)
            assert 0.0 <= low <= wins / games <= high <= 1.0
    assert wilson_interval(500, 1000)[1] - wilson_interval(500, 1000)[0] < 0.07


# --- players ------------------------------------------------------------------------------------


def test_a_player_is_a_level_or_a_program() -> None:
    assert parse_player("casual", FIRE_AND_ICE) == Player("casual", level="casual")
    program = parse_player(f"cmd:{sys.executable} -c 'print(1)'", ICEBREAKER)
    assert program.level is None
    assert program.command == (sys.executable, "-c", "print(1)")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("wizard", "no level is called 'wizard'"),
        ("Expert", "no level is called 'Expert'"),
        ("cmd:", "name a program after cmd:"),
        ("cmd:   ", "name a program after cmd:"),
        ("cmd:engine 'open", "No closing quotation"),
        ("cmd:/no/such/program --ms 10", "'/no/such/program' does not exist"),
        ("cmd:no-such-program-anywhere", "no program 'no-such-program-anywhere' on the PATH"),
    ],
)
def test_a_bad_player_is_refused_with_its_reason(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        parse_player(text, FIRE_AND_ICE)


def test_a_program_that_is_not_executable_is_refused(tmp_path: Path) -> None:
    script = tmp_path / "engine"
    script.write_text("print('D4-C4')\n")
    for path in (script, tmp_path):
        with pytest.raises(ValueError, match="is not a program that can be run"):
            parse_player(f"cmd:{path}", FIRE_AND_ICE)


# --- the openings and the pairs -----------------------------------------------------------------


def test_openings_are_random_legal_and_the_same_for_a_seed() -> None:
    settings = Settings(seed=5, opening=4)
    openings = [opening(settings, pair) for pair in range(6)]
    assert openings == [opening(Settings(seed=5, opening=4), pair) for pair in range(6)]
    assert len(set(openings)) > 1, "pairs start differently"
    assert openings != [opening(Settings(seed=6, opening=4), pair) for pair in range(6)]
    for moves in openings:
        assert len(moves) == 4
        position = Position.start()
        for move in moves:
            position = position.play(move)
    assert opening(Settings(opening=0), 0) == ()


def test_icebreaker_openings_start_from_the_set_up() -> None:
    settings = Settings("icebreaker", Sea(4), seed=2, opening=3)
    moves = opening(settings, 0)
    position = ICEBREAKER.start(Sea(4))
    for move in moves:
        position = position.play(move)
    assert len(moves) == 3


def test_games_come_in_pairs_from_one_opening_with_the_sides_swapped() -> None:
    players = (Player("beginner", level="beginner"), Player("random", level="random"))
    summary, games = play_match(players, 5, Settings(seed=3))
    assert summary.games == 5
    assert [game.number for game in games] == [0, 1, 2, 3, 4]
    assert [game.first for game in games] == [0, 1, 0, 1, 0]
    assert [game.seed for game in games] == [3, 4, 5, 6, 7]
    for even, odd in zip(games[0::2], games[1::2], strict=False):
        assert even.moves[:2] == odd.moves[:2] == opening(Settings(seed=3), even.number // 2)
    assert games[0].moves[:2] != games[2].moves[:2]
    assert summary.played_as(0, 0) == 3 and summary.played_as(0, 1) == 2
    assert summary.won(0) == 5, "the beginner beats random play with either colour"
    assert summary.won_as(0, 0) == 3 and summary.won_as(0, 1) == 2
    assert [game.side_of(0) for game in games[:2]] == ["Fire", "Ice"]
    assert summary.faults() == []
    assert summary.score == 1.0
    assert summary.interval == wilson_interval(5, 5)


@pytest.mark.slow
def test_levels_play_the_same_match_for_a_seed_in_any_number_of_processes() -> None:
    players = (Player("casual", level="casual"), Player("beginner", level="beginner"))
    _, one = play_match(players, 4, Settings(seed=9))
    _, two = play_match(players, 4, Settings(seed=9), jobs=2)
    assert [(g.moves, g.winner) for g in one] == [(g.moves, g.winner) for g in two]


def test_a_time_budget_lets_levels_play_a_whole_game() -> None:
    players = (Player("expert", level="expert"), Player("random", level="random"))
    game = play_game(players, Settings(ms=5), 0)
    assert game.fault is None
    assert len(game.seconds[0]) + len(game.seconds[1]) == len(game.moves) - game.opening


def test_an_icebreaker_match_plays_red_and_black_in_turn() -> None:
    players = (Player("beginner", level="beginner"), Player("random", level="random"))
    _, games = play_match(players, 2, Settings("icebreaker", Sea(4), seed=1))
    assert [game.sides for game in games] == [("Red", "Black")] * 2
    assert [game.side_of(0) for game in games] == ["Red", "Black"]
    for game in games:
        position = ICEBREAKER.start(Sea(4))
        for move in game.moves:
            position = position.play(move)
        assert position.winner is (Side.RED if game.winner == game.first else Side.BLACK)


# --- one move of a program ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("printed", "reason"),
    [
        ("", "printed nothing"),
        ("  \n", "printed nothing"),
        ("D4-C4 D4-D5\n", 'printed "D4-C4 D4-D5", which is 2 words, not one move'),
        ("hello", 'printed "hello", which is not a move'),
        (
            "D4-D4\n",
            'printed "D4-D4", which is not a legal move (a peg must move to another hole)',
        ),
        ("C4-A1", 'printed "C4-A1", which is not a legal move (there is no peg on C4)'),
        ("x" * 200, 'printed "' + "x" * 79 + '…", which is not a move'),
    ],
)
def test_anything_but_one_legal_move_is_a_fault(printed: str, reason: str) -> None:
    assert read_move(Position.start(), printed) == (None, reason)


def test_one_legal_move_with_space_around_it_is_read() -> None:
    move, problem = read_move(Position.start(), "\n  d4-c4 \n")
    assert problem == ""
    assert str(move) == "D4-C4"


def test_a_program_that_fails_says_how(tmp_path: Path) -> None:
    crash = write_program(tmp_path, "crash", CRASH)
    assert run_program([str(crash)], 30) == (None, "exited with status 1: out of memory")
    quiet = write_program(tmp_path, "quiet", "import sys; sys.exit(3)\n")
    assert run_program([str(quiet)], 30) == (None, "exited with status 3")
    killed = write_program(tmp_path, "killed", "import os, signal; os.kill(os.getpid(), 9)\n")
    assert run_program([str(killed)], 30) == (None, "was killed by signal SIGKILL")
    assert run_program([str(tmp_path / "gone")], 30)[1].startswith("could not be started: ")


def test_a_program_that_prints_more_than_a_move_is_stopped(tmp_path: Path) -> None:
    """Its output is not gathered without end (``cmd:yes`` used to fill gigabytes)."""
    flood = write_program(tmp_path, "flood", 'import sys\nsys.stdout.write("D4-C4 " * 2_000_000)\n')
    assert run_program([str(flood)], 30) == (
        None,
        f"printed more than {OUTPUT_LIMIT // 1024} kB, which is not one move",
    )
    loud = write_program(
        tmp_path,
        "loud",
        'import sys\nsys.stderr.write("x" * 2_000_000 + "\\nthe end\\n")\nsys.exit(5)\n',
    )
    assert run_program([str(loud)], 30) == (None, "exited with status 5: the end")


def _running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie waiting to be reaped is not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False
    return state not in ("Z", "X")


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_program_that_hangs_is_killed_with_its_children(tmp_path: Path) -> None:
    hang = write_program(tmp_path, "hang", HANG)
    pid_file = tmp_path / "child.pid"
    assert run_program([str(hang), str(pid_file)], 1.0) == (None, "timed out after 1 s")
    child = int(pid_file.read_text())
    for _ in range(100):  # a killed process may take a moment to go
        if not _running(child):
            break
        time.sleep(0.05)
    assert not _running(child), "the program's child was left running"


#: Prints a move and ends, leaving a child that holds its output open (``engine &``).
LEAVES_A_CHILD = """#!/bin/sh
sleep 1000 &
echo $! > "$1"
echo D4-C4
"""

#: Starts a child that leaves the program's process group for a session of its own,
#: holding the pipes, then prints a move and ends (with ``hang``: never ends).
ESCAPES = """
import os, sys, time
child = os.fork()
if child == 0:
    os.setsid()
    time.sleep(1000)
    os._exit(0)
with open(sys.argv[1], "w") as pid_file:
    pid_file.write(str(child))
print("D4-C4", flush=True)
if sys.argv[2:] == ["hang"]:
    time.sleep(1000)
"""


def _gone(pid: int) -> bool:
    """Whether ``pid`` has ended, given a few seconds to go."""
    for _ in range(100):
        if not _running(pid):
            return True
        time.sleep(0.05)
    return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_program_that_ends_is_answered_and_what_it_left_running_is_killed(
    tmp_path: Path,
) -> None:
    """Its answer is taken when it ends, and its child is ended with it: the match used to
    wait on the child's pipe until the timeout, then call the move a fault."""
    script = tmp_path / "leaves"
    script.write_text(LEAVES_A_CHILD)
    pid_file = tmp_path / "child.pid"
    begin = time.monotonic()
    assert run_program(["sh", str(script), str(pid_file)], 20) == ("D4-C4\n", "")
    assert time.monotonic() - begin < 10, "it waited for the child"
    assert _gone(int(pid_file.read_text())), "the program's child was left running"


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "setsid"), reason="a session of its own")
@pytest.mark.parametrize("hang", [False, True], ids=["ends", "hangs"])
def test_a_child_that_leaves_the_process_group_does_not_hold_the_match(
    tmp_path: Path, hang: bool
) -> None:
    """A child in a session of its own is out of reach, and may hold the pipes for ever:
    the match takes what the program printed and goes on (it used to wait 10 s more)."""
    program = write_program(tmp_path, "escapes", ESCAPES)
    pid_file = tmp_path / "child.pid"
    begin = time.monotonic()
    try:
        answer = run_program([str(program), str(pid_file), *(["hang"] if hang else [])], 2)
        elapsed = time.monotonic() - begin
    finally:
        with contextlib.suppress(ValueError, OSError):
            os.kill(int(pid_file.read_text()), signal.SIGKILL)
    assert answer == ((None, "timed out after 2 s") if hang else ("D4-C4\n", ""))
    assert elapsed < (6 if hang else 4), elapsed


#: Starts ``sleep 300`` holding its output (in a session of its own with ``session``,
#: else in a process group of its own in the program's session) and writes its process id
#: to the file named by its first word; then plays as FIRST_MOVE.
LEAVES_A_STRAY = (
    """
import subprocess, sys
where = {"start_new_session": True} if sys.argv[2] == "session" else {"process_group": 0}
stray = subprocess.Popen(["sleep", "300"], **where)
with open(sys.argv[1], "a") as log:
    log.write(f"{stray.pid}\\n")
del sys.argv[1:3]
"""
    + FIRST_MOVE
)


def _call_within(seconds: float, call: Callable[[], Any]) -> Any:
    """What ``call`` returns, if it returns within ``seconds`` (a generous bound: it
    fails a test that would otherwise hang, it measures nothing)."""
    result: list[Any] = []
    thread = threading.Thread(target=lambda: result.append(call()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s"
    return result[0]


def _held() -> tuple[int, int]:
    """This process's threads and open files: a program's pipes and their readers."""
    return threading.active_count(), len(os.listdir("/proc/self/fd"))


@pytest.mark.skipif(not hasattr(select, "poll"), reason="pipes that can be polled")
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_program_is_answered_when_it_ends_whatever_holds_its_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A child in a session of its own holds the program's output for 1000 s: the answer is
    taken when the program ends, not when the pipe does (here, waiting for the pipe a
    while would wait an hour), and the pipes and their readers are let go at once.  They
    used to be waited for half a second, then left open, their readers blocked, until the
    child ended: two threads and two files a move."""
    monkeypatch.setattr(match_program, "_DRAIN_SECONDS", 3600.0)
    program = write_program(tmp_path, "escapes", ESCAPES)
    pid_file = tmp_path / "child.pid"
    before = _held()
    try:
        answer = _call_within(60, lambda: run_program([str(program), str(pid_file)], 60))
        assert answer == ("D4-C4\n", "")
        assert _held() == before, "the program's pipes or their readers were kept"
        assert _running(int(pid_file.read_text())), "the child was waited for"
    finally:
        with contextlib.suppress(ValueError, OSError):
            os.kill(int(pid_file.read_text()), signal.SIGKILL)


@pytest.mark.slow  # a process started for each of the program's moves in two whole games
@pytest.mark.skipif(not hasattr(select, "poll"), reason="pipes that can be polled")
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("where", ["session", "group"])
def test_a_program_s_strays_holding_its_output_never_hold_a_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """Each of the program's moves leaves ``sleep 300`` holding its output: a two-game match
    used to wait half a second a move for the pipes (22 s against 7 s without the strays),
    and kept them and their readers until the strays ended.  Here, waiting for them a
    while would wait an hour: the match ends while they sleep, having let their pipes go.
    Those left in the program's session are ended with it; one that started a session of
    its own is out of reach."""
    monkeypatch.setattr(match_program, "_DRAIN_SECONDS", 3600.0)
    program = write_program(tmp_path, "strays", LEAVES_A_STRAY)
    log = tmp_path / "stray-pids"
    player = parse_player(side(program, str(log), where, "fire-and-ice"), FIRE_AND_ICE)
    players = (player, Player("random", level="random"))
    before = _held()
    try:
        summary, games = _call_within(300, lambda: play_match(players, 2, Settings(seed=1)))
        assert summary.faults() == [] and summary.games == 2
        assert _held() == before, "the programs' pipes or their readers were kept"
        strays = [int(pid) for pid in log.read_text().split()]
        assert len(strays) == sum(len(game.seconds[0]) for game in games) > 0
        if where == "session":
            assert all(_running(pid) for pid in strays), "the match waited for its strays"
        else:
            assert all(_gone(pid) for pid in strays), "a stray in its session was left running"
    finally:
        for pid in map(int, log.read_text().split() if log.exists() else ()):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


def test_a_program_given_a_nul_is_not_started() -> None:
    """No system passes one in an argument (Python refuses it with ValueError)."""
    assert run_program([sys.executable, "-c", "pass", "D4\0C4"], 5) == (
        None,
        "could not be started: embedded null byte",
    )


@pytest.mark.slow
def test_a_program_is_given_its_words_the_set_up_and_the_moves(tmp_path: Path) -> None:
    log = tmp_path / "arguments"
    program = write_program(tmp_path, "recorder", RECORD_ARGUMENTS)
    recorder = parse_player(side(program, str(log), "fire-and-ice"), FIRE_AND_ICE)
    players = (recorder, Player("random", level="random"))
    setup = Handicap((2, 11), Color.ICE)  # A3 and B5
    settings = Settings(setup=setup, opening=2)
    game = play_game(players, settings, 0, opening(settings, 0))
    assert game.fault is None
    calls = log.read_text().splitlines()
    assert len(calls) == len(game.seconds[0]) > 0
    opening_moves = " ".join(game.moves[:2])
    assert calls[0] == f"fire-and-ice --handicap-at A3,B5 --side ice {opening_moves}"
    # Fire moves first, so the recorder (Fire in an even game) moves after 2, 4, ... moves.
    for number, call in enumerate(calls):
        assert call.split()[5:] == list(game.moves[: 2 + 2 * number])


@pytest.mark.slow
def test_an_icebreaker_program_is_always_told_the_board_size(tmp_path: Path) -> None:
    log = tmp_path / "arguments"
    program = write_program(tmp_path, "recorder", RECORD_ARGUMENTS)
    recorder = parse_player(side(program, str(log), "icebreaker"), ICEBREAKER)
    players = (Player("random", level="random"), recorder)
    game = play_game(players, Settings("icebreaker", Sea(4), opening=0), 0)
    assert game.fault is None
    for call in log.read_text().splitlines():
        assert call.startswith("icebreaker --size 4 ")


# --- faults in a game ---------------------------------------------------------------------------


def test_a_program_that_crashes_loses_at_once_and_the_fault_is_recorded(tmp_path: Path) -> None:
    crash = parse_player(side(write_program(tmp_path, "crash", CRASH)), FIRE_AND_ICE)
    players = (Player("random", level="random"), crash)
    summary, games = play_match(players, 2, Settings(seed=4))
    assert summary.won(0) == 2 and summary.lost(1) == 2
    assert [(f.game, f.player, f.side) for f in summary.faults()] == [(0, 1, "Ice"), (1, 1, "Fire")]
    assert {f.reason for f in summary.faults(1)} == {"exited with status 1: out of memory"}
    assert summary.faults(0) == []
    # Game 1: the program is Fire and faults on its first move, right after the opening.
    assert len(games[1].moves) == 2
    assert len(summary.move_times(1)) == 0
    assert summary.move_times(1).median is None and summary.move_times(1).longest is None


@pytest.mark.slow
def test_only_the_games_a_program_faults_in_are_lost_by_fault(tmp_path: Path) -> None:
    program = write_program(tmp_path, "first-only", CRASH_AS_SECOND)
    player = parse_player(side(program, "fire-and-ice"), FIRE_AND_ICE)
    summary, (first, second) = play_match(
        (player, Player("random", level="random")), 2, Settings(seed=1)
    )
    assert first.fault is None, "as Fire it plays the game out"
    assert second.fault is not None and second.fault.reason == "exited with status 1: not my colour"
    assert second.winner == 1
    assert len(summary.move_times(0)) == len(first.seconds[0]) > 0


@pytest.mark.skipif(os.name != "posix", reason="runs a script by its #! line")
@pytest.mark.slow  # a process started for each of the program's moves in four whole games
def test_a_good_program_plays_whole_games_of_both_games(tmp_path: Path) -> None:
    program = write_program(tmp_path, "first", FIRST_MOVE)
    for game, setup in (("fire-and-ice", None), ("icebreaker", Sea(4))):
        player = parse_player(side(program, game), find_game(game))
        summary, games = play_match(
            (player, Player("beginner", level="beginner")), 2, Settings(game, setup, seed=2)
        )
        assert summary.faults() == []
        assert summary.won(0) + summary.won(1) == 2
        assert all(len(times) > 0 for g in games for times in g.seconds)


# --- a long match in bounded memory -------------------------------------------------------------


class _CountingPool(Executor):
    """A pool that plays each game as it is handed one, and counts how many games were
    handed over but not yet reported back to the match."""

    def __init__(self, max_workers: int) -> None:
        self.handed = 0
        self.reported = 0
        self.most_waiting = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.handed += 1
        self.most_waiting = max(self.most_waiting, self.handed - self.reported)
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


@pytest.mark.slow
def test_a_long_match_hands_its_games_out_a_few_at_a_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A match of a million games used to queue a million games at once."""
    pools: list[_CountingPool] = []

    def make_pool(workers: int) -> _CountingPool:
        pools.append(_CountingPool(workers))
        return pools[-1]

    def reported(game: GameResult) -> None:
        pools[0].reported += 1

    monkeypatch.setattr(match_module, "process_pool", make_pool)
    players = (Player("random", level="random"), Player("random (2)", level="random"))
    summary = run_match(players, 300, Settings(seed=5), jobs=2, progress=reported)
    assert summary.games == pools[0].handed == pools[0].reported == 300
    assert pools[0].most_waiting <= 4 * 2, pools[0].most_waiting


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_stops_a_match_and_the_games_over_still_count(jobs: int) -> None:
    """Ctrl+C (here, the third game's report) ends the match with a summary of the games
    that were over, each reported; a pool's games still playing are not waited for."""
    reported: list[int] = []

    def report(game: GameResult) -> None:
        reported.append(game.number)
        if len(reported) == 3:
            raise KeyboardInterrupt

    players = (Player("random", level="random"), Player("beginner", level="beginner"))
    stopped: BaseException | None = None
    try:
        run_match(players, 500, Settings(seed=3), jobs=jobs, progress=report)
    except KeyboardInterrupt as interrupt:  # caught here: pytest itself stops at one
        stopped = interrupt
    assert isinstance(stopped, MatchInterrupted)
    summary = stopped.summary
    assert summary.games == len(reported) >= 3
    assert reported[:3] == [0, 1, 2] and len(set(reported)) == len(reported)
    assert summary.won(0) + summary.won(1) == summary.games < 500
    if jobs == 1:
        assert summary.games == 3


def _game(number: int) -> GameResult:
    return GameResult(
        number,
        number,
        number % 2,
        ("Fire", "Ice"),
        number % 3 % 2,
        ("D4-C4", "D4-D5", "C4-C1"),
        2,
        ((0.0015, 0.0021), (0.0018,)),
    )


def test_a_match_summary_keeps_counts_not_games() -> None:
    """Its size is the same after ten games as after ten thousand."""
    sizes = []
    for count in (10, 10_000):
        summary = MatchSummary(
            (Player("a", level="random"), Player("b", level="random")), Settings()
        )
        for number in range(count):
            summary.add(_game(number))
        assert summary.games == count and summary.won(0) + summary.won(1) == count
        assert len(summary.move_times(0)) == 2 * count
        sizes.append(len(pickle.dumps(summary)))
    assert sizes[1] - sizes[0] < 200, sizes


@given(st.lists(st.integers(min_value=0, max_value=5_000_000), min_size=1, max_size=60))
def test_move_times_give_the_median_and_the_longest_to_the_microsecond(
    microseconds: list[int],
) -> None:
    times = MoveTimes()
    for value in microseconds:
        times.add(value / 1_000_000)
    assert len(times) == len(microseconds)
    assert times.longest == max(microseconds) / 1_000_000
    assert times.median == pytest.approx(statistics.median(microseconds) / 1_000_000, abs=1e-12)


def test_move_times_of_no_moves_have_no_median() -> None:
    assert MoveTimes().median is None and MoveTimes().longest is None


#: The match's main thread waiting for a game that never ends, when Ctrl+C (SIGINT) is
#: delivered to another of its threads: the kernel may give a process's signal to any
#: thread that does not block it, and did so under load.
_INTERRUPTED_ELSEWHERE = """
import os, signal, sys, threading, time
from concurrent.futures import ThreadPoolExecutor
from fireice_desktop.engine.match.pool import in_order

never = threading.Event()

def play(item):
    never.wait()

def interrupt_from_another_thread():
    time.sleep(0.3)
    signal.pthread_kill(threading.get_ident(), signal.SIGINT)

threading.Thread(target=interrupt_from_another_thread, daemon=True).start()
try:
    for _ in in_order(ThreadPoolExecutor(1), play, iter(range(3)), 2, []):
        pass
except KeyboardInterrupt:
    print("interrupted", flush=True)
    os._exit(0)
"""


def test_ctrl_c_given_to_another_thread_still_stops_the_wait_for_a_game() -> None:
    """The games are waited for a little at a time, so that Ctrl+C reaches the main thread
    whichever thread the system gave it to (a match under load used to ignore it)."""
    try:
        proc = subprocess.run(
            [*AS_A_TERMINAL_STARTS_IT, sys.executable, "-c", _INTERRUPTED_ELSEWHERE],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("Ctrl+C given to another thread did not stop the wait for a game")
    assert proc.stdout == "interrupted\n", proc.stderr


#: A match on two processes, sent Ctrl+C (or SIGTERM, which the command makes stop a match
#: as Ctrl+C does) just as it hands out its first game, when the pool starts its processes.
#: It prints whether the first game was handed over whole, the games counted, and the
#: match's processes left.
_SIGNAL_AS_THE_POOL_STARTS = """
import multiprocessing, os, signal, sys
from concurrent.futures import ProcessPoolExecutor
import fireice_desktop.engine.games  # the games, registered
from fireice_desktop.engine.match import run as match
from fireice_desktop.engine.match.run import MatchInterrupted, Player, Settings, run_match
from fireice_desktop.engine.match.pool import start_worker

sent = signal.Signals[sys.argv[1]]

def stop(signum, frame):
    raise KeyboardInterrupt

signal.signal(signal.SIGTERM, stop)

class Pool(ProcessPoolExecutor):
    handed = 0

    def submit(self, *args, **kwargs):
        if not Pool.handed:
            os.kill(os.getpid(), sent)
        future = super().submit(*args, **kwargs)
        Pool.handed += 1
        return future

match.process_pool = lambda workers: Pool(max_workers=workers, initializer=start_worker)
players = (Player("expert", level="expert"), Player("expert (2)", level="expert"))
try:
    run_match(players, 8, Settings(seed=1), jobs=2)
except MatchInterrupted as stopped:
    print(Pool.handed, stopped.summary.games, len(multiprocessing.active_children()))
"""


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="signals held back")
@pytest.mark.parametrize("sent", ["SIGINT", "SIGTERM"])
def test_a_signal_as_the_pool_starts_waits_for_the_pool_to_be_made(sent: str) -> None:
    """Ctrl+C or SIGTERM that comes while a game is handed to the pool (which may be starting
    its processes) is taken once the game is handed over: it used to land inside, leaving
    a process the pool did not know of, playing on, or its thread made but not started (a
    traceback); the match then ran on with its processes busy.  It stops the match, with
    every process ended."""
    proc = subprocess.run(
        [*AS_A_TERMINAL_STARTS_IT, sys.executable, "-c", _SIGNAL_AS_THE_POOL_STARTS, sent],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.stdout == "1 0 0\n", proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr
