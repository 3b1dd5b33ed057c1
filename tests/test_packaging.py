"""Packaging checks: the game installed from this repository into a fresh virtualenv, and
the standalone executable built by ``scripts/build_exe.py``.

Both draw the same screens with ``--screenshot`` from a folder outside the source tree,
with no display and no way back to the development environment, in English and in
Italian (a game and a page of the rules), and the pictures must match the ones this
test's own Python draws from the repository.

The executable also plays online: it hosts a whole game that the program in this
checkout joins, through a mailbox server and a transit relay on 127.0.0.1 (started from
the checkout) and with no direct connection (``--direct none``), so that nothing listens
or dials beyond the loopback.
"""

from __future__ import annotations

import importlib.util
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.shared import made_once

ROOT = Path(__file__).resolve().parent.parent
BUILD_SCRIPT = ROOT / "scripts" / "build_exe.py"
GAME_SHOT = ("--scene", "game", "--moves", "D4-C4 D4-D5", "--size", "1024x640")
#: The pictures drawn by each program: a game in both languages, and the Italian rules
#: (the words of the game and of the rules come from the translation files).
SHOTS = {
    "game-en": (*GAME_SHOT, "--language", "en"),
    "game-it": (*GAME_SHOT, "--language", "it"),
    "rules-it": ("--scene", "rules", "--page", "2", "--size", "1024x640", "--language", "it"),
}
EXE_SUFFIX = ".exe" if os.name == "nt" else ""
#: Installing the dependencies or building the executable takes minutes on a slow machine.
LONG = 1500
#: The most the one-folder build may take, in MB (the README says the figure).
SIZE_BUDGET_MB = 60
#: Seconds an online game between the executable and the checkout may take.
ONLINE_PATIENCE = 120


# --- helpers ---------------------------------------------------------------------------


def venv_bin(venv: Path, name: str) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin") / (name + EXE_SUFFIX)


def outside_env(home: Path) -> dict[str, str]:
    """The environment of a user's machine: no display, no PYTHONPATH, no active virtualenv
    and nothing of the test's virtualenv on PATH; settings and saved games under ``home``."""
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "DISPLAY", "WAYLAND_DISPLAY")
    }
    prefix = Path(sys.prefix).resolve()
    env["PATH"] = os.pathsep.join(
        entry
        for entry in env.get("PATH", "").split(os.pathsep)
        if entry and not Path(entry).resolve().is_relative_to(prefix)
    )
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        HOME=str(home),
        FIREICE_CONFIG_DIR=str(home / "config"),
        FIREICE_DATA_DIR=str(home / "data"),
    )
    return env


def run(
    command: list[str], *, timeout: float = 120, **kwargs: object
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, capture_output=True, text=True, timeout=timeout, check=False, **kwargs
    )


def screenshot(command: list[str], out: Path, tmp_path: Path, shot: str) -> Path:
    """Run ``COMMAND --screenshot OUT`` the way a user would, from a folder of its own."""
    home = tmp_path / "home"
    cwd = tmp_path / "elsewhere"
    cwd.mkdir(exist_ok=True)
    arguments = [*command, "--screenshot", str(out), *SHOTS[shot]]
    result = run(arguments, cwd=cwd, env=outside_env(home))
    assert result.returncode == 0, f"{command[0]} failed:\n{result.stdout}{result.stderr}"
    assert out.is_file(), f"{command[0]} wrote no {out}"
    return out


def pixels(path: Path) -> tuple[tuple[int, int], bytes]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    surface = pygame.image.load(str(path))
    return surface.get_size(), pygame.image.tobytes(surface, "RGB")


def assert_same_picture(actual: Path, expected: Path) -> None:
    """At least 99 % of the pixels are equal (the same pygame-ce draws both)."""
    size, got = pixels(actual)
    expected_size, want = pixels(expected)
    assert size == expected_size
    total = size[0] * size[1]
    if got == want:  # the usual case, said at once: every pixel is equal
        return
    equal = sum(got[i : i + 3] == want[i : i + 3] for i in range(0, 3 * total, 3))
    assert equal >= 0.99 * total, f"only {equal / total:.2%} of the pixels match {expected}"


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The screens drawn by the test's own Python from the repository (drawn once for all
    of pytest-xdist's workers)."""
    return {
        shot: made_once(
            tmp_path_factory,
            f"reference-{shot}",
            lambda shot=shot: draw_reference(tmp_path_factory, shot),  # type: ignore[misc]
        )
        for shot in SHOTS
    }


def check_pictures(command: list[str], tmp_path: Path, reference: dict[str, Path]) -> None:
    """``command`` draws every shot as the repository does; the languages differ."""
    for shot, expected in reference.items():
        assert_same_picture(screenshot(command, tmp_path / f"{shot}.png", tmp_path, shot), expected)
    with pytest.raises(AssertionError):
        assert_same_picture(reference["game-en"], reference["game-it"])


def draw_reference(tmp_path_factory: pytest.TempPathFactory, shot: str) -> Path:
    tmp_path = tmp_path_factory.mktemp("reference")
    out = tmp_path / "reference.png"
    result = run(
        [sys.executable, "-m", "fireice_desktop", "--screenshot", str(out), *SHOTS[shot]],
        cwd=ROOT,
        env=outside_env(tmp_path / "home") | {"PYTHONPATH": str(ROOT)},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return out


# --- the checks ------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.timeout(2 * LONG)
def test_plain_install_draws_the_board(tmp_path: Path, reference: dict[str, Path]) -> None:
    venv = tmp_path / "venv"
    made = run([sys.executable, "-m", "venv", str(venv)], timeout=LONG)
    assert made.returncode == 0, made.stderr
    python = str(venv_bin(venv, "python"))
    # A normal (not editable) install; the dependencies come from the package index.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    installed = run(
        [python, "-m", "pip", "install", "--disable-pip-version-check", str(ROOT)],
        timeout=LONG,
        env=env,
        cwd=tmp_path,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr

    located = run(
        [python, "-c", "import fireice_desktop; print(fireice_desktop.__file__)"],
        cwd=tmp_path,
        env=outside_env(tmp_path / "home"),
    )
    assert located.returncode == 0, located.stderr
    package = Path(located.stdout.strip()).resolve()
    assert package.is_relative_to(venv.resolve()), package
    assert not package.is_relative_to(ROOT), package

    check_pictures([str(venv_bin(venv, "fireice"))], tmp_path, reference)


NEEDS_PYINSTALLER = pytest.mark.skipif(
    importlib.util.find_spec("PyInstaller") is None,
    reason="PyInstaller is not installed (pip install '.[build]' or '.[test]')",
)


def build_standalone(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """Build the one-folder executable; its path and what the build script printed."""
    tmp_path = tmp_path_factory.mktemp("standalone")
    dist = tmp_path / "dist"
    built = run(
        [sys.executable, str(BUILD_SCRIPT), "--dist", str(dist), "--work", str(tmp_path / "build")],
        timeout=LONG,
        cwd=tmp_path,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    return str(dist / "fireice" / f"fireice{EXE_SUFFIX}"), built.stdout


@pytest.fixture(scope="module")
def standalone(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The built executable and the build's report (built once for all of pytest-xdist's
    workers)."""
    exe, report = made_once(
        tmp_path_factory, "standalone", lambda: build_standalone(tmp_path_factory)
    )
    return Path(exe), report


@pytest.mark.slow
@pytest.mark.timeout(2 * LONG)
@NEEDS_PYINSTALLER
def test_standalone_executable_draws_the_board(
    standalone: tuple[Path, str], tmp_path: Path, reference: dict[str, Path]
) -> None:
    exe, report = standalone
    assert exe.is_file()
    assert str(exe) in report
    assert re.search(r"\d+\.\d MB", report), report
    size = build_script().folder_size(exe.parent) / 1e6  # type: ignore[attr-defined]
    assert size <= SIZE_BUDGET_MB, f"the one-folder build takes {size:.1f} MB"

    check_pictures([str(exe)], tmp_path, reference)

    bogus = run([str(exe), "--bogus"], cwd=tmp_path, env=outside_env(tmp_path / "home"))
    assert bogus.returncode == 2
    assert "usage:" in bogus.stderr


@pytest.mark.slow
@pytest.mark.timeout(2 * LONG)
@NEEDS_PYINSTALLER
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads glibc's LD_DEBUG")
def test_standalone_executable_loads_online_libraries_only_for_online_play(
    standalone: tuple[Path, str], tmp_path: Path
) -> None:
    """The terminal commands start as fast as they did before online play was bundled:
    they load none of its native libraries (Twisted's zope.interface, OpenSSL's, TLS,
    cryptography, libsodium), as glibc's loader reports every library it opens."""
    exe, _ = standalone
    env = outside_env(tmp_path / "home")
    online_libraries = re.compile(
        r"_zope_interface|libcrypto|_hashlib|libssl|_ssl\.|_rust\.abi3|_sodium"
    )
    for command in (["--help"], ["show"]):
        shown = run([str(exe), *command], cwd=tmp_path, env=env | {"LD_DEBUG": "files"})
        assert shown.returncode == 0, shown.stderr[-2000:]
        assert "calling init" in shown.stderr  # glibc's loader reported
        opened = sorted(set(online_libraries.findall(shown.stderr)))
        assert not opened, f"fireice {' '.join(command)} loads {opened}"
    unreachable = run(
        [str(exe), "online", "host", "--mailbox", "ws://127.0.0.1:1/v1"],
        cwd=tmp_path,
        env=env | {"LD_DEBUG": "files"},
    )
    assert unreachable.returncode == 1
    assert online_libraries.search(unreachable.stderr)  # the pattern finds them when loaded


def random_game(seed: int, most_moves: int = 60) -> tuple[list[tuple[str, str]], str]:
    """A complete game of Fire & Ice played at random by the engine (the first of the
    seeds from ``seed`` whose game ends within ``most_moves``): each move with the side
    that plays it, and the ``result:`` line the online commands print for it."""
    import fireice_desktop.engine.games  # noqa: F401 (registers the games)
    from fireice_desktop.engine.registry import find_game

    game = find_game("fire-and-ice")
    for attempt in range(seed, seed + 1000):
        rng = random.Random(attempt)
        position = game.start(game.default_setup())
        moves: list[tuple[str, str]] = []
        while not position.is_over and len(moves) < most_moves:
            move = rng.choice(sorted(position.legal_moves(), key=str))
            moves.append((position.to_move.key, str(move)))
            position = position.play(move)
        winner = game.winner(position)
        if position.is_over and winner is not None:
            return moves, f"result: {winner.key} wins"
    raise AssertionError("no short random game")


def wait_for_line(path: Path, prefix: str, process: subprocess.Popen[str]) -> str:
    """The first line of ``path`` that starts with ``prefix``, as soon as it is written."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith(prefix):
                return line
        if process.poll() is not None:
            break
        time.sleep(0.05)
    raise AssertionError(f"no {prefix!r} line in {path}: {path.read_text(encoding='utf-8')!r}")


def local_servers(tmp_path: Path) -> tuple[subprocess.Popen[str], str, str]:
    """A mailbox server and a transit relay on 127.0.0.1, run by the checkout's module
    until its standard input closes; the process and the two addresses."""
    servers = subprocess.Popen(
        [sys.executable, "-m", "fireice_desktop.online.servers", "--interface", "127.0.0.1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=outside_env(tmp_path / "servers") | {"PYTHONPATH": str(ROOT)},
    )
    assert servers.stdout is not None
    mailbox = servers.stdout.readline().strip()
    relay = servers.stdout.readline().strip()
    assert mailbox.startswith("mailbox: ws://127.0.0.1:"), mailbox + servers.stderr.read()
    assert relay.startswith("relay: tcp:127.0.0.1:"), relay
    return servers, mailbox.split()[1], relay.split()[1]


@pytest.mark.slow
@pytest.mark.timeout(2 * LONG)
@NEEDS_PYINSTALLER
def test_standalone_executable_plays_online(standalone: tuple[Path, str], tmp_path: Path) -> None:
    exe, _ = standalone
    env = outside_env(tmp_path / "home")
    # TLS and the WebSocket client are in: a mailbox server that cannot be reached, by
    # ws:// or by wss:// (Twisted's tls endpoint, OpenSSL), is one line and status 1.
    for scheme in ("ws", "wss"):
        address = f"{scheme}://127.0.0.1:1/v1"
        unreachable = run(
            [str(exe), "online", "host", "--mailbox", address], cwd=tmp_path, env=env, timeout=60
        )
        assert unreachable.returncode == 1, unreachable.stderr
        assert unreachable.stdout == ""
        assert unreachable.stderr.splitlines()[-1] == (
            f"fireice online host: Cannot reach the mailbox server at '{address}': "
            "check the internet connection, or the address in the settings"
        )

    # The host plays fire (the default), the guest ice; each is given all its moves at once.
    moves, result = random_game(seed=1)
    for name, side in (("host", "fire"), ("guest", "ice")):
        mine = "".join(f"{move}\n" for by, move in moves if by == side)
        (tmp_path / f"{name}-moves.txt").write_text(mine, encoding="utf-8")
    servers, mailbox, relay = local_servers(tmp_path)
    host = guest = None
    try:
        addresses = ["--mailbox", mailbox, "--relay", relay, "--direct", "none"]
        with (
            (tmp_path / "host-moves.txt").open(encoding="utf-8") as moves_in,
            (tmp_path / "host.out").open("w", encoding="utf-8") as out,
            (tmp_path / "host.err").open("w", encoding="utf-8") as err,
        ):
            host = subprocess.Popen(
                [str(exe), "online", "host", "--game", "fire-and-ice", *addresses],
                stdin=moves_in,
                stdout=out,
                stderr=err,
                text=True,
                cwd=tmp_path,
                env=outside_env(tmp_path / "host"),
            )
        # The code line comes at once, while the host waits (its output is not held back).
        code = wait_for_line(tmp_path / "host.out", "code: ", host).split()[1]
        with (tmp_path / "guest-moves.txt").open(encoding="utf-8") as moves_in:
            guest = subprocess.run(
                [sys.executable, "-m", "fireice_desktop", "online", "join", code, *addresses],
                stdin=moves_in,
                capture_output=True,
                text=True,
                timeout=ONLINE_PATIENCE,
                check=False,
                cwd=tmp_path,
                env=outside_env(tmp_path / "guest") | {"PYTHONPATH": str(ROOT)},
            )
        host_status = host.wait(timeout=ONLINE_PATIENCE)
    finally:
        for process in (host, servers):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()
        servers.communicate()
    host_out = (tmp_path / "host.out").read_text(encoding="utf-8").splitlines()
    host_err = (tmp_path / "host.err").read_text(encoding="utf-8")
    assert guest.returncode == 0, guest.stderr
    assert host_status == 0, host_err
    expected = [f"move {n}: {side} {move}" for n, (side, move) in enumerate(moves, 1)]
    assert host_out == [f"code: {code}", *expected, result], host_err
    assert guest.stdout.splitlines() == [*expected, result], guest.stderr


def test_build_script_command_line() -> None:
    helped = run([sys.executable, str(BUILD_SCRIPT), "--help"])
    assert helped.returncode == 0
    assert "--onefile" in helped.stdout
    bogus = run([sys.executable, str(BUILD_SCRIPT), "--bogus"])
    assert bogus.returncode == 2
    assert "usage:" in bogus.stderr


def build_script() -> object:
    spec = importlib.util.spec_from_file_location("build_exe", BUILD_SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_windows_program_carries_the_games_icon(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import struct

    import pygame

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    build: object = build_script()
    data = build.icon_file((16, 48, 256))  # type: ignore[attr-defined]
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, 3)
    for index, size in enumerate((16, 48, 256)):
        entry = struct.unpack("<BBBBHHII", data[6 + 16 * index : 22 + 16 * index])
        width, height, _, _, _, bits, length, offset = entry
        assert (width, height, bits) == (size % 256, size % 256, 32)
        picture = tmp_path / f"{size}.png"
        picture.write_bytes(data[offset : offset + length])
        assert pygame.image.load(str(picture)).get_size() == (size, size)
    # PyInstaller is given it where the program can carry an icon of its own: on Windows.
    args = build.parse_args(["--work", str(tmp_path)])  # type: ignore[attr-defined]
    monkeypatch.setattr(sys, "platform", "win32")
    command = build.pyinstaller_args(args, tmp_path / "fireice.py")  # type: ignore[attr-defined]
    assert command[command.index("--icon") + 1] == str(tmp_path.resolve() / "fireice.ico")
