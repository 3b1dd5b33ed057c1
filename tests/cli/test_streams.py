"""Paths and standard streams that are not what a command expects: a named pipe, a
device, a folder, a full disk, a closed or vanished output, a closed input.  Each ends
with one line naming the path or the stream and why, and the exit status that says
whose the problem is (2 the user's, 1 the system's); nothing waits for ever, nothing
grows without bound, and no half-written file is left behind."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from fireice_desktop import cli
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.files.storage import MAX_RECORD_BYTES, SaveFileError, read_game, write_game
from tests.support.cli import REPO, _env, assert_flag_error, assert_one_line_error, no_traceback
from tests.support.files import deny_writing

GAME = GameRecord(moves=("D4-C4", "D4-D5"))

#: Generous: every case below ends at once; this only stops a regression from hanging.
GUARD_SECONDS = 60

posix_only = pytest.mark.skipif(os.name != "posix", reason="named pipes and sh redirections")


def fireice(
    *args: str, cwd: Path = REPO, stdin: int | None = None, redirect: str = ""
) -> subprocess.CompletedProcess[str]:
    """``fireice ARGS`` in a fresh process; ``redirect`` reshapes its standard streams
    with ``sh``'s redirections (``>&-``, ``<&-``, ``> /dev/full``)."""
    command = [sys.executable, "-m", "fireice_desktop", *args]
    if redirect:
        command = ["sh", "-c", f'exec "$@" {redirect}', "sh", *command]
    return subprocess.run(
        command,
        cwd=cwd,
        env=_env(),
        stdin=subprocess.DEVNULL if stdin is None else stdin,
        capture_output=True,
        text=True,
        timeout=GUARD_SECONDS,
    )


def saved(folder: Path) -> Path:
    path = folder / "game.fireice"
    path.write_text(GAME.to_json(), encoding="utf-8")
    return path


# --- files that are not regular files -------------------------------------------------------


@posix_only
@pytest.mark.parametrize(
    "command",
    [("game", "show"), ("game", "export"), ("game", "import"), ("--open",)],
    ids=["game show", "game export", "game import", "--open"],
)
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    """Opening a FIFO to read waits until something writes to it: the file is refused
    from its kind before it is opened, so the command ends at once."""
    pipe = tmp_path / "x.fireice"
    os.mkfifo(pipe)
    proc = fireice(*command, str(pipe))
    assert_one_line_error(proc, str(pipe), "named pipe (FIFO)", "not a saved game")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_a_device_is_refused_as_no_saved_game(device: str) -> None:
    assert_one_line_error(fireice("game", "show", device), device, "is a device")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_endless_standard_input_is_read_only_up_to_the_limit() -> None:
    with open("/dev/zero", "rb") as zeros:
        proc = fireice("game", "show", "-", stdin=zeros.fileno())
    assert_one_line_error(proc, "standard input", "too large", f"{MAX_RECORD_BYTES // 1024} kB")


@pytest.mark.slow
def test_standard_input_that_is_not_utf8_is_refused() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "fireice_desktop", "game", "show", "-"],
        input=b"D4-C4\n\xff\xfe\n",
        capture_output=True,
        cwd=REPO,
        env=_env(),
        timeout=GUARD_SECONDS,
    )
    text = subprocess.CompletedProcess(
        proc.args, proc.returncode, proc.stdout.decode(), proc.stderr.decode()
    )
    assert_one_line_error(text, "standard input", "not UTF-8")


@pytest.mark.slow
@posix_only
def test_writing_over_a_named_pipe_is_refused_and_leaves_it_alone(tmp_path: Path) -> None:
    pipe = tmp_path / "out.txt"
    os.mkfifo(pipe)
    proc = fireice("game", "export", str(saved(tmp_path)), "-o", str(pipe), "--force")
    assert_one_line_error(proc, str(pipe), "named pipe (FIFO)")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.fireice", "out.txt"]
    assert not pipe.is_file() and pipe.exists(), "the pipe is still a pipe"
    with pytest.raises(SaveFileError, match="named pipe"):
        write_game(pipe, GAME)
    with pytest.raises(SaveFileError, match="named pipe"):
        read_game(pipe)


# --- --screenshot into places no picture can be written -------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("target", "words"),
    [
        ("shots", ["shots is a folder"]),
        ("nowhere/shot.png", ["the folder nowhere does not exist"]),
        ("game.fireice/shot.png", ["game.fireice is not a folder"]),
    ],
    ids=["a folder", "a missing folder", "a file as the folder"],
)
def test_a_screenshot_that_cannot_be_written_is_refused_before_drawing(
    tmp_path: Path, target: str, words: list[str]
) -> None:
    """One line, status 2, and no temporary file left anywhere (the picture used to be
    drawn first, then fail with a traceback, leaving ``.shots.tmp.png`` behind)."""
    (tmp_path / "shots").mkdir()
    saved(tmp_path)
    before = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*"))
    proc = fireice("--screenshot", target, "--scene", "menu", cwd=tmp_path)
    assert_one_line_error(proc, *words)
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")) == before


@pytest.mark.slow
def test_a_screenshot_into_a_folder_that_may_not_be_written_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    deny_writing(folder, monkeypatch)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # restored afterwards
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    try:
        with pytest.raises(SystemExit) as exit_info:
            cli.main(["--screenshot", str(folder / "shot.png"), "--size", "860x600"])
        assert exit_info.value.code == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert err == f"fireice: this program may not write into {folder}\n"
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o755)


def test_a_window_too_large_to_draw_gets_the_usage_and_status_2(tmp_path: Path) -> None:
    """8000x8000 used to pass the check and need over 3 GB to draw."""
    proc = fireice("--screenshot", "big.png", "--size", "8000x8000", cwd=tmp_path)
    assert_flag_error(proc, "--size '8000x8000'", "at most", "3840x2160")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("size", ["3841x1000", "1000x3841", "3000x3000"])
def test_the_window_size_is_bounded_by_a_4k_screen_either_way_up(tmp_path: Path, size: str) -> None:
    proc = fireice("--screenshot", "big.png", "--size", size, cwd=tmp_path)
    assert_flag_error(proc, size, "at most")
    assert list(tmp_path.iterdir()) == []


# --- standard output full, closed or gone -----------------------------------------------------


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ("show", "--json", "D4-C4"),
        ("show", "D4-C4"),
        ("--help",),
        ("solitaire", "show", "--deal", "3"),
    ],
    ids=["show --json", "show", "--help", "solitaire show"],
)
def test_a_full_disk_on_standard_output_is_the_systems_failure_in_one_line(
    args: tuple[str, ...],
) -> None:
    proc = fireice(*args, redirect="> /dev/full")
    no_traceback(proc)
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr.count("\n") == 1, proc.stderr
    assert "cannot write to standard output: No space left on device" in proc.stderr


@posix_only
@pytest.mark.parametrize(
    "args",
    [("game", "export", "{game}"), ("show", "--json"), ("game", "show", "{game}"), ("--help",)],
    ids=["game export", "show", "game show", "--help"],
)
def test_a_closed_standard_output_is_said_in_one_line(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    game = saved(tmp_path)
    proc = fireice(*(arg.format(game=game) for arg in args), redirect=">&-")
    no_traceback(proc)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1, proc.stderr
    assert "standard output is closed" in proc.stderr


@posix_only
def test_a_closed_standard_output_does_not_matter_when_writing_a_file(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    proc = fireice("game", "export", str(saved(tmp_path)), "-o", str(out), redirect=">&-")
    assert proc.returncode == 0, proc.stderr
    assert out.read_text() == GAME.to_text()


@posix_only
@pytest.mark.parametrize(
    "args", [("show", "--json", "D4-C4"), ("--help",)], ids=["show --json", "--help"]
)
def test_a_reader_gone_away_stops_the_command_quietly(args: tuple[str, ...]) -> None:
    """``fireice show --json | head -c1``: no traceback and no message, status 1."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before anything is written
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "fireice_desktop", *args],
            stdout=write_end,
            stderr=subprocess.PIPE,
            cwd=REPO,
            env=_env(),
            text=True,
            timeout=GUARD_SECONDS,
        )
    finally:
        os.close(write_end)
    assert proc.stderr == ""
    assert proc.returncode == 1


def test_dash_as_the_output_file_is_standard_output(tmp_path: Path) -> None:
    proc = fireice("game", "export", str(saved(tmp_path)), "-o", "-", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == GAME.to_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.fireice"]


# --- standard input closed or endless ---------------------------------------------------------


@posix_only
@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("game", "show", "-"), ["fireice game show: standard input is closed"]),
        (("game", "import", "-"), ["fireice game import: standard input is closed"]),
        (("--open", "-"), ["fireice: standard input is closed"]),
        (("text",), ["fireice text: standard input is closed", "typed at a terminal"]),
        (
            ("puzzle", "play", "401"),
            ["fireice puzzle play: standard input is closed", "typed at a terminal"],
        ),
    ],
    ids=["game show -", "game import -", "--open -", "text", "puzzle play"],
)
def test_a_closed_standard_input_is_said_in_one_line(
    args: tuple[str, ...], words: list[str]
) -> None:
    proc = fireice(*args, redirect="<&-")
    assert_one_line_error(proc, *words)


def test_the_terminal_game_refuses_a_line_no_one_typed() -> None:
    """A line of 10,000 characters (or endless input like /dev/zero) is not read whole:
    the game ends with one line instead of filling the memory."""
    proc = subprocess.run(
        [sys.executable, "-m", "fireice_desktop", "text"],
        input="D4-C4\n" + "x" * 10_000,
        capture_output=True,
        cwd=REPO,
        env=_env(),
        text=True,
        timeout=GUARD_SECONDS,
    )
    no_traceback(proc)
    assert proc.returncode == 2
    assert proc.stderr == (
        "fireice text: standard input: a line over 1024 characters is not a move; type one a line\n"
    )
    assert "Fire played D4-C4." in proc.stdout


# --- names and paths longer than the system takes, or holding a NUL -------------------------


def _long_name(folder: Path) -> str:
    return str(folder / ("n" * 300))  # a name's limit is 255 bytes on most systems


def _long_path(folder: Path) -> str:
    return str(folder / ("deep/" * 1000) / "game.txt")  # over PATH_MAX, 4096 on Linux


def _nul_name(folder: Path) -> str:
    return str(folder / "nul\0.txt")  # only a program, never a shell, can pass one


BAD_NAMES = {"300 characters": _long_name, "5000 characters": _long_path, "a NUL": _nul_name}

#: Every option and argument that names a file, ``{bad}`` where the bad name goes.
NAMED_FILES = [
    ("game", "show", "{bad}"),
    ("game", "analyse", "{bad}"),
    ("game", "export", "{bad}"),
    ("game", "import", "{bad}"),
    ("--open", "{bad}"),
    ("game", "export", "{game}", "-o", "{bad}"),
    ("game", "export", "{game}", "-o", "{bad}", "--force"),
    ("game", "export", "--annotate", "{game}", "-o", "{bad}"),
    ("game", "import", "{game}", "-o", "{bad}"),
    ("game", "import", "{game}", "-o", "{bad}", "--force"),
    ("--screenshot", "{bad}"),
    ("--screenshot", "{shot}", "--open", "{bad}"),
]


def run_main(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``fireice ARGV`` run here by :func:`cli.main`: its status, output and errors."""
    try:
        status = cli.main(argv)
    except SystemExit as done:
        status = done.code if isinstance(done.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("bad", list(BAD_NAMES))
@pytest.mark.parametrize("command", NAMED_FILES, ids=" ".join)
def test_a_name_no_file_can_have_is_the_users_mistake_in_one_short_line(
    tmp_path: Path,
    command: tuple[str, ...],
    bad: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Status 2 and one line that quotes the name short, with nothing written or drawn.
    ``-o`` and ``--screenshot`` with such a name used to end in a traceback (``OSError:
    [Errno 36] File name too long``, ``ValueError: embedded null byte``), or to draw the
    picture before finding that it could not be written."""
    from fireice_desktop.ui import app

    capsys.readouterr()  # pygame's greeting, the first time it is loaded
    drawn: list[object] = []
    monkeypatch.setattr(app, "screenshot", lambda request: drawn.append(request) or "drawn")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # the launcher sets both: put them back
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    game = saved(tmp_path)
    values = {"bad": BAD_NAMES[bad](tmp_path), "game": str(game), "shot": str(tmp_path / "s.png")}
    status, out, err = run_main([word.format(**values) for word in command], capsys)
    assert (status, out) == (2, ""), err
    assert err.count("\n") == 1 and err.startswith("fireice"), err
    assert len(err) < 300, f"the name is quoted whole: {len(err)} characters"
    assert drawn == []
    assert [p.name for p in tmp_path.iterdir()] == [game.name], "nothing is written"


@pytest.mark.parametrize("bad", list(BAD_NAMES))
def test_a_match_program_no_file_can_be_is_refused_in_one_short_line(
    tmp_path: Path, bad: str, capsys: pytest.CaptureFixture[str]
) -> None:
    program = BAD_NAMES[bad](tmp_path)
    for name in (program, Path(program).name):  # a path, or a name looked for on the PATH
        argv = ["match", "--fire", f"cmd:{name}", "--ice", "random", "--games", "1"]
        status, out, err = run_main(argv, capsys)
        assert (status, out) == (2, ""), err
        line = err.splitlines()[-1]
        assert err.startswith("usage: ") and line.startswith("fireice match: --fire "), err
        assert len(line) < 500, f"the program is quoted whole: {len(line)} characters"


def test_a_match_program_given_a_nul_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """It used to reach the first move and end in ``ValueError: embedded null byte``."""
    argv = ["match", "--fire", "cmd:/bin/echo D4\0C4", "--ice", "random", "--games", "1"]
    status, out, err = run_main(argv, capsys)
    assert (status, out) == (2, ""), err
    assert err.splitlines()[-1] == (
        "fireice match: --fire 'cmd:/bin/echo D4\\x00C4': a command cannot hold a NUL byte"
    )


@pytest.mark.parametrize(
    "command",
    [("game", "export"), ("game", "export", "--annotate"), ("game", "import")],
    ids=" ".join,
)
def test_an_existing_file_deep_in_folders_is_named_short(
    tmp_path: Path, command: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    deep = tmp_path.joinpath(*["folder-" + "x" * 40] * 12)
    deep.mkdir(parents=True)
    (deep / "old.txt").write_text("kept\n")
    target = str(deep / "old.txt")
    status, out, err = run_main([*command, str(saved(tmp_path)), "-o", target], capsys)
    assert (status, out) == (2, ""), err
    assert err.endswith("old.txt already exists: add --force to replace it\n"), err
    assert len(err) < 250, f"the path is given whole: {len(err)} characters"
    assert (deep / "old.txt").read_text() == "kept\n"
