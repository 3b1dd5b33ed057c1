"""``fireice match`` and ``fireice icebreaker match`` with outside programs, run as a
person runs them: the summary's figures, the faults, the JSON, and bad options."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fireice_desktop.engine.match.run import JOBS_PER_CPU, max_jobs, processors
from tests.support.cli import (
    AS_A_TERMINAL_STARTS_IT,
    REPO,
    _env,
    assert_flag_error,
    no_traceback,
    run,
    run_process,
)
from tests.support.programs import (
    CRASH,
    CRASH_AS_SECOND,
    FIRST_MOVE,
    GARBAGE,
    HANG,
    ILLEGAL,
    SILENT,
    TWO_MOVES,
    ai_move,
    side,
    write_program,
)

TIMES = re.compile(r"median \d+\.\d{3} s, longest \d+\.\d{3} s a move")


def match(*args: str) -> tuple[list[str], list[str]]:
    """Run ``fireice match ARGS``: the lines of its summary and of its report on stderr."""
    proc = run("match", *args)
    no_traceback(proc)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines(), proc.stderr.splitlines()


def match_json(*args: str, command: tuple[str, ...] = ("match",)) -> dict[str, Any]:
    proc = run(*command, *args, "--json")
    no_traceback(proc)
    assert proc.returncode == 0, proc.stderr
    data: dict[str, Any] = json.loads(proc.stdout)
    return data


# --- a good program -----------------------------------------------------------------------------


# The matches against a program start a process for each of its moves, over whole games:
# those tests are marked slow (left out of the quick ``-m "not slow"`` loop).


@pytest.mark.slow
def test_a_program_speaking_the_protocol_plays_both_colours() -> None:
    program = ai_move("ai-move", "--level", "beginner")
    lines, report = match("--fire", "random", "--ice", program, "--games", "2", "--verbose")
    assert lines[0] == (
        f"2 games, random against {program}; each side Fire in 1, "
        "openings of 2 random plies (seed 1)"
    )
    assert lines[1].startswith("random: won ")
    assert lines[2].startswith(f"{program}: won ")
    for line in lines[1:3]:
        assert re.search(r"as Fire [01] of 1, as Ice [01] of 1; 0 faults; " + TIMES.pattern, line)
    won = [re.search(r": won (\d), lost (\d);", line) for line in lines[1:3]]
    assert all(found is not None and int(found[1]) + int(found[2]) == 2 for found in won)
    assert sum(int(found[1]) for found in won if found is not None) == 2
    assert len(lines) == 5
    assert [line.split(":")[0] for line in report] == ["game 0 (seed 1)", "game 1 (seed 2)"]
    assert re.fullmatch(
        rf"game 0 \(seed 1\): random \(Fire\) against {re.escape(program)} \(Ice\): "
        r".* won as (Fire|Ice) in \d+ moves",
        report[0],
    )
    assert f"{program} (Fire) against random (Ice)" in report[1]


@pytest.mark.slow
def test_the_json_summary_holds_every_figure(tmp_path: Path) -> None:
    program = side(write_program(tmp_path, "first", FIRST_MOVE), "fire-and-ice")
    data = match_json("--fire", "beginner", "--ice", program, "--games", "3", "--seed", "5")
    assert set(data) == {
        "game", "games", "seed", "opening", "ms", "timeout", "players", "score", "interval",
        "average_length", "faults",
    }  # fmt: skip
    assert (data["game"], data["games"], data["seed"], data["opening"]) == ("fire-and-ice", 3, 5, 2)
    assert (data["ms"], data["timeout"], data["faults"]) == (None, 60.0, [])
    first, second = data["players"]
    assert (first["name"], second["name"]) == ("beginner", program)
    assert first["as"]["fire"]["played"] == 2 and first["as"]["ice"]["played"] == 1
    assert second["as"]["fire"]["played"] == 1 and second["as"]["ice"]["played"] == 2
    for player in data["players"]:
        assert player["won"] + player["lost"] == 3
        assert player["won"] == player["as"]["fire"]["won"] + player["as"]["ice"]["won"]
        assert player["faults"] == 0
        assert 0 <= player["median_seconds"] <= player["longest_seconds"]
    assert first["won"] == second["lost"]
    assert data["score"] == pytest.approx(first["won"] / 3, abs=1e-6)
    assert data["interval"][0] <= data["score"] <= data["interval"][1]


def test_an_odd_number_of_games_plays_the_last_pair_once() -> None:
    lines, _ = match("--fire", "beginner", "--ice", "random", "--games", "3", "--opening", "0")
    assert lines[0] == (
        "3 games, beginner against random; beginner Fire in 2, random in 1, "
        "from the start position (seed 1)"
    )
    assert "as Fire 2 of 2, as Ice 1 of 1" in lines[1]


@pytest.mark.slow
def test_levels_replay_the_same_match_for_a_seed() -> None:
    def figures() -> dict[str, Any]:
        data = match_json("--fire", "casual", "--ice", "beginner", "--games", "4", "--seed", "8")
        for player in data["players"]:
            del player["median_seconds"], player["longest_seconds"]
        return data

    # Any number of processes plays the same games: tests/cli/test_ai_move.py.
    assert figures() == figures()


def test_a_time_budget_is_shown_and_the_levels_play_with_it() -> None:
    lines, _ = match("--fire", "expert", "--ice", "random", "--games", "2", "--ms", "5")
    assert lines[0].endswith("; levels think 5 ms a move")
    assert lines[1].startswith("expert: won 2, lost 0;")


# --- programs that fail -------------------------------------------------------------------------

FAULTS = [
    pytest.param(CRASH, (), "exited with status 1: out of memory", id="crash"),
    pytest.param(ILLEGAL, (), 'printed "D4-D4", which is not a legal move', id="illegal"),
    pytest.param(GARBAGE, (), 'printed "hello", which is not a move', id="garbage"),
    pytest.param(
        TWO_MOVES, (), 'printed "D4-C4 D4-D5", which is 2 words, not one move', id="two-moves"
    ),
    pytest.param(SILENT, (), "printed nothing", id="silent"),
    pytest.param(HANG, ("--timeout", "0.5"), "timed out after 0.5 s", id="hang"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("body", "options", "reason"), FAULTS)
def test_a_program_that_faults_loses_each_game_and_the_fault_is_listed(
    tmp_path: Path, body: str, options: tuple[str, ...], reason: str
) -> None:
    program = side(write_program(tmp_path, "bad", body))
    lines, report = match(
        "--fire", "random", "--ice", program, "--games", "2", "--verbose", *options
    )
    assert lines[1].startswith("random: won 2, lost 0; as Fire 1 of 1, as Ice 1 of 1; 0 faults;")
    assert lines[2] == (
        f"{program}: won 0, lost 2; as Fire 0 of 1, as Ice 0 of 1; 2 faults; no moves timed"
    )
    assert lines[3] == "score of random: 100.0 % (95 % interval 34.2 % to 100.0 %)"
    # An illegal move's reason says why it is illegal there, after the words checked here.
    assert lines[5] == "faults:"
    assert lines[6].startswith(f"  game 0: {program} (Ice) {reason}")
    assert lines[7].startswith(f"  game 1: {program} (Fire) {reason}")
    assert len(lines) == 8
    assert f"random won as Fire in 3 moves; {program} (Ice) {reason}" in report[0]
    assert f"random won as Ice in 2 moves; {program} (Fire) {reason}" in report[1]


@pytest.mark.slow
def test_faults_are_counted_only_where_they_happen(tmp_path: Path) -> None:
    program = side(write_program(tmp_path, "fire-only", CRASH_AS_SECOND), "fire-and-ice")
    data = match_json("--fire", program, "--ice", "random", "--games", "4")
    first, second = data["players"]
    assert first["faults"] == 2
    assert first["as"]["ice"] == {"won": 0, "played": 2}
    assert second["as"]["fire"] == {"won": 2, "played": 2}
    assert [(f["game"], f["player"], f["side"]) for f in data["faults"]] == [
        (1, 0, "ice"),
        (3, 0, "ice"),
    ]
    assert {f["reason"] for f in data["faults"]} == {"exited with status 1: not my colour"}
    assert first["median_seconds"] is not None, "its moves as Fire were timed"


# --- Icebreaker ---------------------------------------------------------------------------------


@pytest.mark.slow
def test_an_icebreaker_match_against_a_program_plays_red_and_black(tmp_path: Path) -> None:
    program = ai_move("icebreaker", "ai-move", "--level", "random")
    proc = run(
        "icebreaker", "match", "--size", "4", "--red", "beginner", "--black", program,
        "--games", "2",
    )  # fmt: skip
    no_traceback(proc)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith(f"2 games, beginner against {program}; each side Red in 1, ")
    assert "as Red " in lines[1] and ", as Black " in lines[1]
    assert re.search(r"; 0 faults; " + TIMES.pattern, lines[2])


def test_an_icebreaker_program_that_faults_is_reported_by_its_colour(tmp_path: Path) -> None:
    program = side(write_program(tmp_path, "bad", ILLEGAL))
    data = match_json(
        "--size", "4", "--red", program, "--black", "random", "--games", "2",
        command=("icebreaker", "match"),
    )  # fmt: skip
    assert data["game"] == "icebreaker"
    assert data["players"][1]["as"] == {
        "red": {"won": 1, "played": 1},
        "black": {"won": 1, "played": 1},
    }
    assert [(f["game"], f["side"], f["reason"]) for f in data["faults"]] == [
        (0, "red", 'printed "D4-D4", which is not a legal move (there is no ship on d4)'),
        (1, "black", 'printed "D4-D4", which is not a legal move (there is no ship on d4)'),
    ]


# --- bad options --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--ice", "cmd:"], "--ice 'cmd:': name a program after cmd:"),
        (["--ice", "cmd:engine 'x"], "cannot split the command into words: No closing quotation"),
        (["--ice", "cmd:/no/such/engine --ms 5"], "'/no/such/engine' does not exist"),
        (["--ice", "cmd:no-such-engine-here"], "no program 'no-such-engine-here' on the PATH"),
        (["--ice", "wizard"], "--ice 'wizard': no level is called 'wizard': choose from random, "),
        (["--ice", "random", "--games", "0"], "--games 0: play at least one game"),
        (["--ice", "random", "--jobs", "0"], "--jobs 0: use at least one process"),
        (["--ice", "random", "--jobs", "300000"], "--jobs 300000: use at most "),
        (["--ice", "random", "--timeout", "0"], "--timeout 0: a program needs more than 0 seconds"),
        (["--ice", "random", "--timeout", "-2"], "--timeout -2: "),
        (["--ice", "random", "--ms", "0"], "--ms 0: give the levels at least 1 ms a move"),
        (["--ice", "random", "--opening", "-1"], "--opening -1: the random plies"),
    ],
)
def test_bad_options_get_the_usage_and_one_line(args: list[str], message: str) -> None:
    line = assert_flag_error(run("match", "--fire", "random", *args))
    assert line.startswith("fireice match: "), line
    assert message in line


def test_a_program_that_cannot_be_run_is_refused_before_any_game(tmp_path: Path) -> None:
    script = tmp_path / "engine"
    script.write_text("print('D4-C4')\n")
    for path in (script, tmp_path):
        line = assert_flag_error(run("match", "--fire", f"cmd:{path}", "--ice", "random"))
        assert (
            line == f"fireice match: --fire 'cmd:{path}': '{path}' is not a program that can be run"
        )


@pytest.mark.parametrize(
    "args",
    [
        ("--red", "random", "--black", "cmd:"),
        ("--red", "wizard", "--black", "random"),
        ("--red", "random", "--black", "random", "--size", "3"),
        ("--red", "random", "--black", "random", "--games", "0"),
        ("--red", "random"),
    ],
)
def test_icebreaker_match_refuses_bad_options_with_its_usage(args: tuple[str, ...]) -> None:
    proc = run("icebreaker", "match", *args)
    assert_flag_error(proc)
    assert proc.stderr.startswith("usage: fireice icebreaker match ")


def test_jobs_are_bounded_by_the_processors() -> None:
    """300 processes took 5 GB; four a processor is the most a match starts."""
    most = max_jobs()
    assert most == JOBS_PER_CPU * processors()
    line = assert_flag_error(
        run("match", "--fire", "random", "--ice", "random", "--jobs", str(most + 1))
    )
    assert line == (
        f"fireice match: --jobs {most + 1}: use at most {most} processes, {JOBS_PER_CPU} for "
        f"each of this computer's {processors()} processors"
    )
    # Processes of its own: the real program, which starts them.
    proc = run_process(
        "match", "--fire", "random", "--ice", "random", "--games", "2", "--jobs", str(most)
    )
    no_traceback(proc)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("2 games, random (--fire) against random (--ice)")


# --- Ctrl+C -------------------------------------------------------------------------------------

#: As Fire (called with the opening's two moves) it thinks for ever; as Ice it gives up at once.
#: Its process ids go to the file named by its first word.
HANGS_AS_FIRE = """#!/bin/sh
log="$1"
shift
if [ $# -eq 2 ]; then echo $$ >> "$log"; exec sleep 1000; fi
exit 1
"""


def _running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie waiting to be reaped is not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state not in ("Z", "X")


#: How a match is told to stop: the signal, whether every process of the match is sent it
#: (as a terminal sends Ctrl+C), the exit status and the word its last line says.
STOPS: dict[str, tuple[signal.Signals, bool, int, str]] = {
    "the match": (signal.SIGINT, False, 130, "interrupted"),
    "a terminal's Ctrl+C": (signal.SIGINT, True, 130, "interrupted"),
    "SIGTERM": (signal.SIGTERM, False, 143, "terminated"),
}


def _in_group(group: int) -> list[int]:
    """The live processes of the process group ``group``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if int(fields[2]) == group and fields[0] not in ("Z", "X"):
                found.append(int(entry))
    return found


def _gone(pids: list[int]) -> bool:
    """Whether every one of ``pids`` has ended, given a few seconds to go."""
    for _ in range(100):
        if not any(_running(pid) for pid in pids):
            return True
        time.sleep(0.05)
    return False


@contextlib.contextmanager
def _match_process(command: list[str], log: Path | None = None) -> Iterator[subprocess.Popen[str]]:
    """``command`` started as a terminal starts a program, in a process group of its own;
    whatever of it is left at the end (and the programs whose ids are in ``log``) is
    ended, so that a failing test leaves nothing running."""
    proc = subprocess.Popen(
        [*AS_A_TERMINAL_STARTS_IT, *command],
        cwd=REPO,
        env=_env(),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        yield proc
    finally:
        with contextlib.suppress(OSError):
            os.killpg(proc.pid, signal.SIGKILL)
        for pid in map(int, log.read_text().split() if log is not None and log.exists() else ()):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        proc.communicate()


def _stop(proc: subprocess.Popen[str], how: str) -> tuple[str, str]:
    """Stop the match ``proc`` as ``how`` says (:data:`STOPS`); its output, once it has
    ended, within a generous 30 s."""
    sent, whole_group, _, _ = STOPS[how]
    if whole_group:
        os.killpg(proc.pid, sent)
    else:
        proc.send_signal(sent)
    return proc.communicate(timeout=30)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    "how", ["the match", "a terminal's Ctrl+C", pytest.param("SIGTERM", marks=pytest.mark.slow)]
)
def test_ctrl_c_stops_a_match_at_once_with_the_summary_of_the_games_over(
    tmp_path: Path, how: str
) -> None:
    """With two processes each waiting on a program that never answers, Ctrl+C (SIGINT to
    the match, or to every process of it as a terminal sends it) or SIGTERM ends the match
    at once: its processes and the programs are ended, the games that were over are
    summed up as at the end, and the status is 130 (143 after SIGTERM).  It used to wait
    for the games in play (here, --timeout's 300 s); SIGTERM ended the match's own process
    alone, leaving the others to play on."""
    _, _, status, word = STOPS[how]
    script = tmp_path / "engine"
    script.write_text(HANGS_AS_FIRE)
    script.chmod(0o755)
    log = tmp_path / "pids"
    program = side(script, str(log))
    command = [sys.executable, "-m", "fireice_desktop", "match", "--fire", "random"]
    command += ["--ice", program, "--games", "8", "--jobs", "2", "--timeout", "300"]
    with _match_process(command, log) as proc:
        waited = time.monotonic()
        while not (log.exists() and len(log.read_text().split()) == 2):  # both hang
            assert time.monotonic() - waited < 60, "the games did not start"
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.05)
        begin = time.monotonic()
        out, err = _stop(proc, how)
        elapsed = time.monotonic() - begin
        no_traceback(subprocess.CompletedProcess(command, proc.returncode, out, err))
        assert proc.returncode == status, err
        assert elapsed < 10, f"it took {elapsed:.1f} s to stop"
        # Games 0 and 2 (the program as Ice) were over; 1 and 3 were being played.
        lines = out.splitlines()
        assert lines[0] == (
            f"2 games, random against {program}; random Fire in 2, {program} in 0, "
            "openings of 2 random plies (seed 1)"
        )
        assert lines[1].startswith("random: won 2, lost 0; as Fire 2 of 2, as Ice 0 of 0;")
        assert lines[3] == "score of random: 100.0 % (95 % interval 34.2 % to 100.0 %)"
        assert err.splitlines()[-1] == (
            f"fireice match: {word} after 2 games of 8; the summary counts those"
        )
        assert _gone(_in_group(proc.pid)), "a process of the match was left running"
        assert _gone([int(pid) for pid in log.read_text().split()]), "a program was left running"


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("how", list(STOPS))
def test_a_match_of_levels_ends_with_all_its_processes_after_each_signal(how: str) -> None:
    """Two processes busy searching (expert against expert) stop with the match after
    Ctrl+C at a terminal (SIGINT to every process), SIGINT to the match alone or SIGTERM,
    within a generous bound: the summary of the games over, the line saying what stopped
    it, its status, and no process of the match left.  SIGTERM used to end the match's
    own process alone, and its processes played on."""
    _, _, status, word = STOPS[how]
    command = [sys.executable, "-m", "fireice_desktop", "match", "--fire", "expert"]
    command += ["--ice", "expert", "--games", "8", "--jobs", "2"]
    with _match_process(command) as proc:
        waited = time.monotonic()
        while len(_in_group(proc.pid)) < 3:  # the match and its two processes
            assert time.monotonic() - waited < 60, "the games did not start"
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.05)
        out, err = _stop(proc, how)
        no_traceback(subprocess.CompletedProcess(command, proc.returncode, out, err))
        assert proc.returncode == status, err
        assert re.match(r"\d+ games?, expert \(--fire\) against expert \(--ice\); ", out), out
        assert re.fullmatch(
            rf"fireice match: {word} after \d+ games? of 8; the summary counts those",
            err.splitlines()[-1],
        ), err
        assert _gone(_in_group(proc.pid)), "a process of the match was left running"
