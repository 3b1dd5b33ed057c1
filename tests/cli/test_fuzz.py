"""Generated bad input against the whole command line, run in-process.

Hypothesis makes saved games (records and text, good and mangled), command lines for
every command, window sizes, and the state of the standard streams (closed input,
closed or full output).  Whatever comes, each run must:

- end through the command's own error handling (``SystemExit`` or a status), never
  with another exception;
- exit with status 0 or 2, or 1 where the system is at fault (a full standard output;
  a window with no display to open it on);
- say what is wrong in one line on standard error (after the usage for a flag's
  mistake), and nothing there on success (but ``match --verbose``'s game lines);
- leave the player's folders (``FIREICE_CONFIG_DIR``, ``FIREICE_DATA_DIR``) byte for
  byte as they were, and no temporary file anywhere;
- not wait for ever (a guard fails an example that takes minutes) nor queue a long
  match's games all at once.

Drawing pictures is slow, so most runs stand a recorder in for the drawing (the
arguments are still checked in full), and a few draw for real, small.
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import random
import signal
import sys
import tempfile
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from fireice_desktop import cli
from fireice_desktop.engine.games import find_game
from fireice_desktop.engine.games.fireice.board import HOLE_NAMES
from fireice_desktop.engine.games.fireice.rules import Color, random_handicap
from fireice_desktop.engine.games.fireice.spec import Deal, Handicap
from fireice_desktop.engine.games.icebreaker.spec import Sea
from fireice_desktop.engine.levels import Level
from fireice_desktop.engine.match import run as match_module
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.files.storage import MAX_RECORD_BYTES

#: An example that takes this long is waiting for something that will never come.
GUARD_SECONDS = 30

#: The levels that answer at once (the expert takes a second a move: too slow to fuzz).
FAST_LEVELS = ("random", "beginner", "casual")

JUNK = st.sampled_from(
    ["", " ", "-", "--", "x", "0", "-1", "1e9", "nan", "é", "\t", "🔥", "9" * 5000, "\udcff"]
)

FUZZ = settings(
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)


# --- saved games, good and mangled --------------------------------------------------------------


@st.composite
def records(draw: st.DrawFn, game: str | None = None, undo: bool = True) -> GameRecord:
    """A legal game (of ``game``, or any): a random set-up, random moves, some of them
    undone (unless not ``undo``), perhaps a computer level for a side."""
    name = game or draw(st.sampled_from(["fire-and-ice", "solitaire", "icebreaker"]))
    kind = find_game(name)
    rng = random.Random(draw(st.integers(0, 2**32)))
    if name == "fire-and-ice":
        count = draw(st.integers(0, 6))
        side = draw(st.sampled_from([Color.FIRE, Color.ICE]))
        setup: Any = Handicap(random_handicap(count, rng.random()) if count else (), side)
    elif name == "solitaire":
        setup = Deal(draw(st.integers(1, 1_000_000)))
    else:
        setup = Sea(draw(st.integers(4, 8)))
    position = kind.start(setup)
    moves: list[Any] = []
    for _ in range(draw(st.integers(0, 40))):
        if position.is_over:
            break
        move = rng.choice(position.legal_moves())
        moves.append(move)
        position = position.play(move)
    undone = draw(st.integers(0, len(moves))) if undo else 0
    computer: tuple[tuple[Any, str], ...] = ()
    first = kind.start(setup).to_move
    if first is not None and draw(st.booleans()):
        side = draw(st.sampled_from([first, first.other]))
        computer = ((side, draw(st.sampled_from(["beginner", "casual"]))),)
    return GameRecord(
        name,
        moves=tuple(moves[: len(moves) - undone]),
        setup=setup,
        computer=computer,
        undone=tuple(moves[len(moves) - undone :]),
    )


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=True)
    | st.text(max_size=12)
    | st.sampled_from(["fireice-record", "fire-and-ice", "icebreaker", "D4-C4", "ice", "A3"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
RECORD_KEYS = [
    "format",
    "version",
    "game",
    "handicap",
    "computer",
    "moves",
    "undone",
    "deal",
    "size",
    "x",
]


def _mangle(draw: st.DrawFn, data: bytes) -> bytes:
    """One damage done to a saved game's bytes."""
    kind = draw(
        st.sampled_from(
            ["cut", "drop", "insert", "field", "nest", "pad", "bom", "utf16", "crlf", "binary"]
        )
    )
    at = draw(st.integers(0, len(data)))
    if kind == "cut":
        return data[:at]
    if kind == "drop":
        return data[:at] + data[at + draw(st.integers(1, 20)) :]
    if kind == "insert":
        return (
            data[:at]
            + draw(st.binary(max_size=12) | st.text(max_size=12).map(os.fsencode))
            + data[at:]
        )
    if kind == "field":
        try:
            value = json.loads(data)
        except (ValueError, RecursionError):  # not JSON, or nested too deeply by "nest"
            return data
        if isinstance(value, dict):
            value[draw(st.sampled_from(RECORD_KEYS))] = draw(JSON_VALUES)
        return json.dumps(value).encode()
    if kind == "nest":
        depth = draw(st.integers(1, 5000))
        return (
            b'{"format": "fireice-record", "version": 1, "moves": '
            + b"[" * depth
            + b"]" * depth
            + b"}"
        )
    if kind == "pad":
        return data + b" " * (MAX_RECORD_BYTES + 1 - len(data))
    if kind == "bom":
        return b"\xef\xbb\xbf" + data
    if kind == "utf16":
        return data.decode("utf-8", "replace").encode("utf-16")
    if kind == "crlf":
        return data.replace(b"\n", b"\r\n")
    return draw(st.binary(max_size=300))


@st.composite
def save_files(draw: st.DrawFn) -> bytes:
    """A saved game as a record or as text, then damaged up to three times (or not)."""
    record = draw(records())
    data = (record.to_json() if draw(st.booleans()) else record.to_text()).encode()
    for _ in range(draw(st.integers(0, 3))):
        data = _mangle(draw, data)
    return data


# --- the places a command is pointed at -----------------------------------------------------


@dataclass
class Places:
    """A folder of odd things to read and write, made once per test, and one fresh folder
    per example for the files an example makes."""

    odd: Path  # a named pipe, a folder, a loop of links, a file used as a folder, bad names
    fresh: Path = Path()

    def make(self) -> None:
        (self.odd / "folder.fireice").mkdir()
        (self.odd / "plain.txt").write_text("D4-C4\n")
        if hasattr(os, "mkfifo"):
            os.mkfifo(self.odd / "pipe.fireice")
        with contextlib.suppress(OSError):
            os.symlink(self.odd / "loop", self.odd / "loop")

    def odd_paths(self) -> list[str]:
        paths = [
            self.odd / "folder.fireice",
            self.odd / "missing.fireice",
            self.odd / "loop",
            self.odd / "plain.txt" / "inside.fireice",
            self.odd / ("n" * 300),  # longer than a name may be
            self.odd / ("deep/" * 1000) / "game.fireice",  # longer than a path may be
            self.odd / "nul\0.fireice",  # no file can be called that
        ]
        if hasattr(os, "mkfifo"):
            paths.append(self.odd / "pipe.fireice")
        return [
            *map(str, paths),
            *(["/dev/null", "/dev/zero"] if Path("/dev/zero").exists() else []),
        ]


@st.composite
def game_files(draw: st.DrawFn, places: Places) -> tuple[str, bytes | None]:
    """The FILE argument of ``game show/export/import`` and ``--open``, and what standard
    input holds: a generated file, ``-`` with the file on standard input, or an odd path."""
    where = draw(st.sampled_from(["file", "file", "stdin", "odd", "pipe"]))
    if where == "pipe" and hasattr(os, "mkfifo"):  # reading one waits for a writer
        return str(places.odd / "pipe.fireice"), None
    if where in ("odd", "pipe"):
        return draw(st.sampled_from(places.odd_paths())), None
    data = draw(save_files())
    if where == "stdin":
        return "-", data
    name = draw(
        st.sampled_from(["game.fireice", "game.txt", "game", "a game.json", "é\udcff.fireice"])
    )
    path = places.fresh / name
    path.write_bytes(data)
    return str(path), None


@st.composite
def outputs(draw: st.DrawFn, places: Places) -> list[str]:
    """``-o OUT`` (and ``--force``): standard output, a new or an existing file, or a place
    no file can be written."""
    choice = draw(st.sampled_from(["none", "-", "new", "existing", "odd", "nowhere"]))
    words: list[str] = []
    if choice == "-":
        words = ["-o", "-"]
    elif choice == "new":
        words = ["-o", str(places.fresh / draw(st.sampled_from(["out.fireice", "out.txt", "out"])))]
    elif choice == "existing":
        (places.fresh / "old.txt").write_text("kept unless --force\n")
        words = ["-o", str(places.fresh / "old.txt")]
    elif choice == "odd":
        words = [
            "-o",
            draw(st.sampled_from([p for p in places.odd_paths() if not p.startswith("/dev")])),
        ]
    elif choice == "nowhere":
        words = ["-o", str(places.fresh / "no" / "such" / "out.txt")]
    return words + (["--force"] if draw(st.booleans()) else [])


# --- command lines for every command -------------------------------------------------------------


def _maybe(draw: st.DrawFn, flag: str, values: st.SearchStrategy[str]) -> list[str]:
    """``flag`` with a value drawn from ``values`` or from junk, or nothing."""
    kind = draw(st.sampled_from(["none", "none", "good", "good", "good", "junk"]))
    if kind == "none":
        return []
    return [flag, draw(values if kind == "good" else JUNK)]


def _switch(draw: st.DrawFn, *flags: str) -> list[str]:
    return [flag for flag in flags if draw(st.booleans())]


def move_words(draw: st.DrawFn, record: GameRecord) -> list[str]:
    """The moves of ``record``, perhaps one damaged, as separate words or as one."""
    words = [str(move) for move in record.moves]
    if words and draw(st.booleans()):
        words[draw(st.integers(0, len(words) - 1))] = draw(
            JUNK | st.sampled_from(["D4-D4", "Q9-Z1", "d4c4", "A1-A4", "a1-b2", "D4-C4 D4-C4"])
        )
    if words and draw(st.booleans()):
        words = [" ".join(words)]
    return words


def set_up_words(draw: st.DrawFn, record: GameRecord) -> list[str]:
    """The flags that give ``record``'s set-up (``--handicap-at``, ``--deal``, ``--size``),
    or a wrong value for one, or nothing (the default, which may not fit the moves)."""
    choice = draw(st.sampled_from(["right", "right", "right", "junk", "none"]))
    if choice == "none":
        return []
    setup = record.setup
    if isinstance(setup, Handicap):
        if not setup.holes:
            return []
        holes = ",".join(HOLE_NAMES[hole] for hole in setup.holes)
        side = "fire" if setup.side is Color.FIRE else "ice"
        if choice == "junk":
            return ["--handicap-at", draw(HOLES), "--side", draw(JUNK | st.just(side))]
        return ["--handicap-at", holes, "--side", side]
    flag, value = ("--deal", setup.number) if isinstance(setup, Deal) else ("--size", setup.size)
    return [flag, str(value) if choice == "right" else draw(JUNK | st.integers(-2, 10).map(str))]


HOLES = st.lists(st.sampled_from([*HOLE_NAMES, "D1", "Z9", ""]), max_size=7).map(",".join)
LEVELS = st.sampled_from([*FAST_LEVELS, "strong", "wizard"])
COUNTS = st.integers(-3, 1_000_000).map(str)


def _players(draw: st.DrawFn, flags: tuple[str, str]) -> list[str]:
    words: list[str] = []
    odd = ["wizard", "cmd:", "cmd:'unbalanced", "cmd:/no/such/engine", "cmd:false", "cmd:true"]
    for flag in flags:
        side = draw(st.sampled_from(["random", "beginner"] * 4 + odd) | JUNK)
        if draw(st.integers(0, 9)):  # now and then leave a required side out
            words += [f"--{flag}", side]
    return words


@st.composite
def command_lines(draw: st.DrawFn, places: Places) -> tuple[list[str], bytes | None]:
    """A command line of any ``fireice`` command, and the standard input it is given."""
    command = draw(
        st.sampled_from(
            [
                "show", "ai-move", "text", "match", "solitaire show", "solitaire solve",
                "icebreaker show", "icebreaker ai-move", "icebreaker match", "game show",
                "game analyse", "game export", "game import", "--open", "help",
            ]
        )
    )  # fmt: skip
    stdin: bytes | None = None
    if command in ("show", "ai-move"):
        record = draw(records("fire-and-ice", undo=False))
        argv = [command, *set_up_words(draw, record)]
        if command == "ai-move":
            argv += ["--level", draw(LEVELS), *_maybe(draw, "--seed", COUNTS)]
        argv += _switch(draw, "--json") if command == "show" else []
        argv += move_words(draw, record)
    elif command == "text":
        argv = [
            "text",
            *_maybe(draw, "--handicap", st.integers(-1, 8).map(str)),
            *_maybe(draw, "--seed", COUNTS),
        ]
        argv += _maybe(draw, "--side", st.sampled_from(["fire", "ice"]))
        lines = draw(
            st.lists(
                st.sampled_from(
                    ["D4-C4", "D4-D5", "legal", "undo", "redo", "board", "help", "quit", "x" * 2000]
                )
                | st.binary(max_size=20).map(lambda b: b.decode("latin-1")),
                max_size=8,
            )
        )
        stdin = "\n".join(lines).encode("utf-8", "surrogateescape")
    elif command in ("match", "icebreaker match"):
        flags = ("fire", "ice") if command == "match" else ("red", "black")
        argv = [*command.split(), *_players(draw, flags)]
        argv += _maybe(draw, "--games", st.integers(-2, 12).map(str))
        argv += _maybe(draw, "--jobs", st.integers(-1, 2).map(str))
        argv += _maybe(draw, "--opening", st.integers(-2, 60).map(str))
        argv += _maybe(draw, "--ms", st.integers(-2, 2).map(str))
        argv += _maybe(
            draw, "--timeout", st.sampled_from(["0", "-1", "nan", "inf", "0.5", "1e-9", "30"])
        )
        argv += _maybe(draw, "--seed", COUNTS) + _switch(draw, "--json", "--verbose")
        if command == "icebreaker match":
            argv += _maybe(draw, "--size", st.integers(3, 9).map(str))
    elif command.startswith("solitaire"):
        record = draw(records("solitaire", undo=False))
        argv = [*command.split(), *set_up_words(draw, record), *_switch(draw, "--json")]
        argv += move_words(draw, record)
    elif command.startswith("icebreaker"):
        record = draw(records("icebreaker", undo=False))
        argv = [*command.split(), *set_up_words(draw, record)]
        if command.endswith("ai-move"):
            argv += ["--level", draw(LEVELS), *_maybe(draw, "--seed", COUNTS)]
        else:
            argv += _switch(draw, "--json")
        argv += move_words(draw, record)
    elif command.startswith("game"):
        path, stdin = draw(game_files(places))
        argv = [*command.split(), path]
        if command in ("game show", "game analyse"):
            argv += _switch(draw, "--json")
        else:
            argv += draw(outputs(places))
        if command == "game export":
            argv += _switch(draw, "--annotate")
    elif command == "--open":
        path, stdin = draw(game_files(places))
        argv = ["--open", path]
    else:
        argv = [
            *draw(st.sampled_from([[], ["show"], ["game", "export"], ["icebreaker", "match"]])),
            "--help",
        ]
    if draw(st.integers(0, 11)) == 0:  # a stray flag or word somewhere
        argv.insert(
            draw(st.integers(0, len(argv))),
            draw(st.sampled_from(["--bogus", "-x", "--json=no", "extra"])),
        )
    return argv, stdin


# --- running a command in-process --------------------------------------------------------------


class _FullDevice(io.RawIOBase):
    """A device that refuses every write as a full disk does (``/dev/full``)."""

    def __init__(self) -> None:
        self.full = True

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        if self.full:
            raise OSError(errno.ENOSPC, "No space left on device")
        return len(data)


@dataclass
class Outcome:
    status: int
    out: str
    err: str


class Hangs(BaseException):
    """A command still running long after it should have ended (a BaseException, so no
    ``except OSError`` or ``except Exception`` in the code under test can swallow it)."""


@contextlib.contextmanager
def _guard(seconds: int) -> Iterator[None]:
    """Fail, rather than hang, if the block takes ``seconds`` (a read that waits for ever)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def alarm(signum: int, frame: Any) -> None:
        raise Hangs(f"the command was still running after {seconds} s: it waits for ever")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_in_process(argv: list[str], stdin: bytes | None, output: str) -> Outcome:
    """``fireice ARGV`` run by :func:`cli.main` here, with standard input holding ``stdin``
    (closed if ``None``) and standard output ``"captured"``, ``"full"`` or ``"closed"``."""
    out_bytes, err_bytes, device = io.BytesIO(), io.BytesIO(), _FullDevice()
    given_in = None if stdin is None else io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    given_out: io.TextIOWrapper | None = None
    if output == "full":
        given_out = io.TextIOWrapper(io.BufferedWriter(device), encoding="utf-8")
    elif output == "captured":
        given_out = io.TextIOWrapper(out_bytes, encoding="utf-8", write_through=True)
    # As Python's own: characters the encoding lacks are escaped, never an error.
    given_err = io.TextIOWrapper(
        err_bytes, encoding="utf-8", errors="backslashreplace", write_through=True
    )
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = given_in, given_out, given_err  # type: ignore[assignment]
    try:
        with _guard(GUARD_SECONDS):
            try:
                status = cli.main(argv)
            except SystemExit as done:
                code = done.code
                status = code if isinstance(code, int) else (0 if code is None else 1)
        out, err = out_bytes.getvalue(), err_bytes.getvalue()
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
        device.full = False  # what is still buffered may go now, quietly
    return Outcome(status, out.decode(), err.decode("utf-8", "replace"))


def folder_state(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folder``: its bytes and its modification time."""
    return {
        str(path.relative_to(folder)): (path.read_bytes(), path.stat().st_mtime_ns)
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


@pytest.fixture
def player_folders() -> Iterator[Callable[[], dict[str, tuple[bytes, int]]]]:
    """The player's folders (tests/conftest.py points the program at them), holding a kept
    game and settings; the function gives their state."""
    config = Path(os.environ["FIREICE_CONFIG_DIR"])
    data = Path(os.environ["FIREICE_DATA_DIR"])
    config.mkdir(parents=True)
    data.mkdir(parents=True)
    (data / "autosave.fireice").write_text(GameRecord(moves=("D4-C4", "D4-B4")).to_json())
    (config / "settings.json").write_text('{"show_legal_moves": false, "sound": false}')
    yield lambda: {
        **folder_state(config),
        **{f"data/{k}": v for k, v in folder_state(data).items()},
    }


@pytest.fixture
def places(tmp_path: Path) -> Places:
    found = Places(tmp_path / "odd")
    found.odd.mkdir()
    found.make()
    return found


@contextlib.contextmanager
def fresh_folder(places: Places) -> Iterator[Path]:
    """A new empty folder for one example's files; no temporary file may be left in it."""
    with tempfile.TemporaryDirectory() as name:
        places.fresh = Path(name)
        yield places.fresh
        left = [p.name for p in places.fresh.rglob("*") if p.name.endswith(".tmp")]
        assert not left, f"temporary files left behind: {left}"


def check(outcome: Outcome, argv: list[str], output: str) -> None:
    """What every run must give, whatever it was given."""
    status, err = outcome.status, outcome.err
    assert "Traceback" not in err
    if status == 0:
        assert all(line.startswith("game ") for line in err.splitlines()), err  # --verbose
        return
    lines = err.splitlines()
    assert err.endswith("\n") and lines, (status, err)
    if "--verbose" in argv:  # a match's games, each reported as it ends, come first
        lines = [line for line in lines if not line.startswith("game ")]
    if lines[0].startswith("usage: "):  # the usage, wrapped on indented lines, then one line
        lines = lines[1:]
        while lines and lines[0].startswith(" "):
            lines = lines[1:]
    assert len(lines) == 1, err
    assert lines[0].startswith("fireice"), err
    if status == 1:
        system = output == "full" and "cannot write to standard output: No space left" in lines[0]
        no_window = argv[:1] == ["--open"] and "no display found" in lines[0]
        assert system or no_window, err
    else:
        assert status == 2, (status, err)
    if output == "closed" and status == 2 and "standard output" in lines[0]:
        assert "standard output is closed" in lines[0]


# --- the tests -------------------------------------------------------------------------------


class _CountingPool(Executor):
    """Stands in for the match's process pool: plays each game as it is handed over
    (here, without processes: faster), and records the most games handed over at once
    whose results the match has not yet taken."""

    def __init__(self, max_workers: int) -> None:
        self.workers = max_workers
        self.handed = 0
        self.taken = 0
        self.most_waiting = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.handed += 1
        self.most_waiting = max(self.most_waiting, self.handed - self.taken)
        future = _Counted(self)
        future.set_result(fn(*args, **kwargs))
        return future


class _Counted(Future[Any]):
    """A finished game, counted as taken when the match asks for its result."""

    def __init__(self, pool: _CountingPool) -> None:
        super().__init__()
        self.pool = pool
        self.counted = False

    def result(self, timeout: float | None = None) -> Any:
        if not self.counted:
            self.counted = True
            self.pool.taken += 1
        return super().result(timeout)


@pytest.fixture
def pools(monkeypatch: pytest.MonkeyPatch) -> list[_CountingPool]:
    """Every pool a match makes, counted."""
    made: list[_CountingPool] = []

    def make(workers: int) -> _CountingPool:
        made.append(_CountingPool(workers))
        return made[-1]

    monkeypatch.setattr(match_module, "process_pool", make)
    return made


@pytest.fixture
def quick_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review's search a few hundred nodes deep: ``game analyse`` and ``game export
    --annotate`` take the same paths, in milliseconds instead of seconds."""
    for name in ("fire-and-ice", "icebreaker"):
        game = find_game(name)
        monkeypatch.setattr(type(game), "analysis", Level("analysis", 2, 300, 0, 0.0))


@pytest.fixture
def no_display(monkeypatch: pytest.MonkeyPatch) -> None:
    """No display: ``fireice --open FILE`` must refuse to open a window, never open one."""
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.slow
@settings(FUZZ, max_examples=250)
@given(
    data=st.data(),
    output=st.sampled_from(["captured"] * 6 + ["full", "closed"]),
    stdin_closed=st.integers(0, 9),
)
def test_no_command_line_ends_in_a_traceback_or_touches_the_players_files(
    data: st.DataObject,
    output: str,
    stdin_closed: int,
    places: Places,
    player_folders: Callable[[], dict[str, tuple[bytes, int]]],
    pools: list[_CountingPool],
    no_display: None,
    quick_analysis: None,
) -> None:
    before = player_folders()
    with fresh_folder(places):
        argv, stdin = data.draw(command_lines(places), label="command line")
        if stdin_closed == 0:
            stdin = None
        elif stdin is None:
            stdin = b""
        pools.clear()
        outcome = run_in_process(argv, stdin, output)
        check(outcome, argv, output)
        if (
            output == "captured"
            and outcome.status == 0
            and "--json" in argv
            and "--help" not in argv
        ):
            json.loads(outcome.out)
    assert player_folders() == before, "the player's folders changed"
    for pool in pools:
        assert pool.most_waiting <= 4 * pool.workers, "a match queued its games all at once"
    pipe = places.odd / "pipe.fireice"
    assert not hasattr(os, "mkfifo") or (pipe.exists() and not pipe.is_file()), (
        "the pipe was replaced"
    )


@pytest.mark.slow  # 25 matches of up to 30 whole games
@settings(FUZZ, max_examples=25)
@given(
    games=st.integers(1, 30),
    jobs=st.integers(1, 3),
    opening=st.integers(0, 6),
    seed=st.integers(0, 10**6),
    game=st.sampled_from(["match", "icebreaker match"]),
)
def test_a_match_of_any_length_hands_out_its_games_a_few_at_a_time(
    games: int,
    jobs: int,
    opening: int,
    seed: int,
    game: str,
    pools: list[_CountingPool],
    player_folders: Callable[[], dict[str, tuple[bytes, int]]],
) -> None:
    """However many games a match plays, only a few are queued at any moment (a million
    games used to be queued at once, and grew to gigabytes).  The players move at random:
    how the games are handed out does not depend on who plays them."""
    flags = ("--fire", "--ice") if game == "match" else ("--red", "--black")
    argv = [*game.split(), flags[0], "random", flags[1], "random", "--json"]
    argv += ["--games", str(games), "--jobs", str(jobs), "--opening", str(opening)]
    argv += ["--seed", str(seed)]
    if game == "icebreaker match":
        argv += ["--size", "4"]
    before = player_folders()
    pools.clear()
    outcome = run_in_process(argv, b"", "captured")
    check(outcome, argv, "captured")
    assert outcome.status == 0, outcome.err
    summary = json.loads(outcome.out)
    assert summary["games"] == games
    assert sum(player["won"] for player in summary["players"]) == games
    for pool in pools:
        assert pool.taken == pool.handed == games
        assert pool.most_waiting <= 4 * jobs, (pool.most_waiting, jobs)
    assert player_folders() == before


WINDOW_SIZES = (
    st.tuples(st.integers(-10, 20_000), st.integers(-10, 20_000)).map(lambda wh: f"{wh[0]}x{wh[1]}")
    | st.tuples(st.integers(150, 4000), st.integers(150, 4000)).map(lambda wh: f"{wh[0]}x{wh[1]}")
    | st.integers(0, 12).map(str)
    | JUNK
    | st.text(alphabet="0123456789xX ,.-+", max_size=12)
)


@pytest.mark.slow
@settings(FUZZ, max_examples=200)
@example(sizes=["8000x8000"], scene="menu")
@example(sizes=["3840x3840"], scene="game")
@given(
    sizes=st.lists(WINDOW_SIZES, max_size=3),
    scene=st.sampled_from(["menu", "game", "icebreaker", "rules", "solitaire", "nowhere"]),
)
def test_every_window_size_is_checked_and_none_too_large_is_drawn(
    sizes: list[str],
    scene: str,
    places: Places,
    player_folders: Callable[[], dict[str, tuple[bytes, int]]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A size the program agrees to draw is at most a 4K screen (3840x2160 either way up):
    drawing takes memory in proportion to the area, and 8000x8000 needed over 3 GB.  The
    drawing itself is stood in for here; the arguments are checked as they always are."""
    from fireice_desktop.ui import app

    asked: list[Any] = []

    def draw(request: Any) -> str:
        asked.append(request)
        return f"wrote {request.path}"

    monkeypatch.setattr(app, "screenshot", draw)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # the launcher sets both: put them back
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    before = player_folders()
    with fresh_folder(places):
        argv = ["--screenshot", str(places.fresh / "shot.png"), "--scene", scene]
        for size in sizes:
            argv += ["--size", size]
        outcome = run_in_process(argv, b"", "captured")
        check(outcome, argv, "captured")
    for request in asked:
        if request.window is not None:
            width, height = request.window
            assert max(width, height) <= 3840 and width * height <= 3840 * 2160, request.window
    assert player_folders() == before


@pytest.mark.slow
@settings(FUZZ, max_examples=8)
@example(
    scene="game",
    moves="D4-A4 D4-D1",
    target="shot.png",
    opened=None,
    deal=None,
    page=None,
    board=None,
)
@example(
    scene=None,
    moves="",
    target="shot.png",
    opened=b"D4-C4\nD4-B4\n",
    deal=None,
    page=None,
    board=None,
)
@example(scene="settings", moves="", target="shots", opened=None, deal=None, page=None, board=None)
@example(
    scene="menu", moves="", target="no/such/shot.png", opened=None, deal=None, page=None, board=None
)
@given(
    scene=st.sampled_from(
        [
            None,
            "menu",
            "game",
            "solitaire",
            "rules",
            "icebreaker",
            "settings",
            "computer",
            "nowhere",
        ]
    ),
    moves=st.sampled_from(["", "D4-C4 D4-D5", "D4-C4 D4-C4", "a1-b2", "A1-A4", "junk"]),
    target=st.sampled_from(
        ["shot.png", "shot", "shots", "no/such/shot.png", "plain.txt/shot.png", "n" * 300]
    ),
    opened=st.none() | save_files(),
    deal=st.none() | st.integers(-1, 1_000_001),
    page=st.none() | st.integers(-1, 12),
    board=st.none() | st.integers(3, 9),
)
def test_a_screenshot_never_touches_the_players_files_or_leaves_a_temporary_file(
    scene: str | None,
    moves: str,
    target: str,
    opened: bytes | None,
    deal: int | None,
    page: int | None,
    board: int | None,
    places: Places,
    player_folders: Callable[[], dict[str, tuple[bytes, int]]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Drawn for real, at the smallest window: the player's kept game and settings are
    neither read nor written, and a picture that cannot be written leaves nothing."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    before = player_folders()
    with fresh_folder(places):
        (places.fresh / "shots").mkdir()
        (places.fresh / "plain.txt").write_text("D4-C4\n")
        argv = ["--screenshot", str(places.fresh / target), "--size", "860x600"]
        if scene is not None:
            argv += ["--scene", scene]
        if opened is not None:
            (places.fresh / "game.fireice").write_bytes(opened)
            argv += ["--open", str(places.fresh / "game.fireice")]
        argv += ["--moves", moves] if moves else []
        argv += ["--deal", str(deal)] if deal is not None else []
        argv += ["--page", str(page)] if page is not None else []
        argv += ["--size", str(board)] if board is not None else []
        outcome = run_in_process(argv, b"", "captured")
        check(outcome, argv, "captured")
        if outcome.status == 0:
            assert (places.fresh / target).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert player_folders() == before, "the screenshot touched the player's files"
