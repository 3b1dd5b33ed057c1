"""Build the game as a standalone executable with PyInstaller.

    python scripts/build_exe.py              # one folder: dist/fireice/fireice
    python scripts/build_exe.py --onefile    # one file:   dist/fireice

Needs PyInstaller (``pip install '.[build]'``). The result runs without Python on a
machine with the same operating system and architecture as the one that built it.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The game's languages from this checkout's translation files, as the game finds them.
sys.path.insert(0, str(ROOT))

from fireice_desktop.engine.words import TRANSLATIONS, languages  # noqa: E402

NAME = "fireice"
ASSETS = ROOT / "assets"
#: Where ``fireice_desktop/ui/toolkit/assets.py`` looks for the assets inside a bundle.
BUNDLED_ASSETS = "fireice_desktop/assets"
#: Where the game's translations go: one set of files a language (``fireice.<code>.json``
#: and ``rules.<code>.md``), where ``fireice_desktop/engine/words.py`` looks for them.
BUNDLED_TRANSLATIONS = "fireice_desktop/translations"
#: The puzzles, data beside the module that reads them.
PUZZLES = ROOT / "fireice_desktop" / "engine" / "games" / "fireice" / "puzzles.json"
BUNDLED_PUZZLES = "fireice_desktop/engine/games/fireice"
LANGUAGES = languages()
#: Files that must be in every build: the game's own assets and translations, and
#: pygame-gui's default theme, the font the board is drawn with and its translations for
#: the game's languages (collected by our hook for pygame-gui).
REQUIRED = (
    f"{BUNDLED_ASSETS}/theme.json",
    f"{BUNDLED_ASSETS}/images/wood_board.jpg",
    *(f"{BUNDLED_TRANSLATIONS}/fireice.{code}.json" for code in LANGUAGES),
    *(f"{BUNDLED_TRANSLATIONS}/rules.{code}.md" for code in LANGUAGES),
    f"{BUNDLED_PUZZLES}/puzzles.json",
    "pygame_gui/data/default_theme.json",
    "pygame_gui/data/NotoSans-Bold.ttf",
    "pygame_gui/data/NotoSans-Regular.ttf",
    *(f"pygame_gui/data/translations/pygame-gui.{code}.json" for code in LANGUAGES),
)
#: Our hook for pygame-gui's data (only the fonts and translations the game uses), found
#: before pygame-gui's own, which bundles every font it has.
HOOKS = ROOT / "scripts" / "pyinstaller-hooks"
#: Modules the game never imports, or only optionally, left out to keep it small: the
#: optional imports of the libraries; setuptools and distutils (Twisted's ``incremental``
#: has a plug-in for them, used only when a package is built; setuptools would bring
#: ``pkg_resources``, whose start-up hook needs XML); autobahn's WAMP serializers (online
#: play speaks plain WebSocket with JSON), its coloured logs (click) and QR codes; the
#: line editor that Twisted's debugger would use (readline); the codecs of Asian text
#: encodings (every file the game reads or writes is UTF-8), XML, and the bz2 and xz
#: compressors.  TLS (``ssl``, ``_hashlib`` and OpenSSL) stays in: online play needs it.
EXCLUDED = (
    "numpy",
    "tkinter",
    "unittest",
    "pydoc",
    "setuptools",
    "pkg_resources",
    "distutils",
    "cbor2",
    "msgpack",
    "ujson",
    "click",
    "qrcode",
    "readline",
    *(f"_codecs_{name}" for name in ("cn", "hk", "iso2022", "jp", "kr", "tw")),
    "_multibytecodec",
    "pyexpat",
    "_bz2",
    "_lzma",
)

LAUNCHER = """\
import multiprocessing

from fireice_desktop.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # fireice match --jobs N starts worker processes
    raise SystemExit(main())
"""


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=(
            "Build the standalone 'fireice' executable with PyInstaller. "
            "By default the result is a folder, DIST/fireice, holding the executable "
            "DIST/fireice/fireice and the files it needs; copy the whole folder."
        ),
        epilog=(
            "Relative paths are taken from the current directory; the defaults are in the "
            "repository. The executable runs only on the operating system and architecture "
            "it was built on."
        ),
    )
    parser.add_argument(
        "--onefile",
        action="store_true",
        help="build one self-extracting file, DIST/fireice, instead of a folder "
        "(starts more slowly: it unpacks itself to a temporary folder on every start)",
    )
    parser.add_argument(
        "--windowed",
        action="store_true",
        help="for Windows and macOS builds: open no console window (on macOS this also "
        "makes an app bundle); it has no effect on Linux",
    )
    parser.add_argument(
        "--dist",
        type=Path,
        default=ROOT / "dist",
        metavar="DIR",
        help="where the result goes (default: dist/ in the repository)",
    )
    parser.add_argument(
        "--work",
        type=Path,
        default=ROOT / "build",
        metavar="DIR",
        help="PyInstaller's working folder, with the launcher script and the .spec file "
        "(default: build/ in the repository)",
    )
    return parser.parse_args(argv)


def pyinstaller_args(args: argparse.Namespace, launcher: Path) -> list[str]:
    """The PyInstaller command line for ``launcher``."""
    command = [
        str(launcher),
        "--name",
        NAME,
        "--onefile" if args.onefile else "--onedir",
        "--distpath",
        str(args.dist),
        "--workpath",
        str(args.work),
        "--specpath",
        str(args.work),
        "--noconfirm",
        "--log-level",
        "WARN",
        # The package from this checkout, even if another version is installed.
        "--paths",
        str(ROOT),
        # The command line imports the desktop game only when it starts, which
        # PyInstaller's analysis cannot see: take the whole package.
        "--collect-submodules",
        "fireice_desktop",
        "--add-data",
        f"{ASSETS}{os.pathsep}{BUNDLED_ASSETS}",
        "--add-data",
        f"{TRANSLATIONS}{os.pathsep}{BUNDLED_TRANSLATIONS}",
        "--add-data",
        f"{PUZZLES}{os.pathsep}{BUNDLED_PUZZLES}",
        "--additional-hooks-dir",
        str(HOOKS),
    ]
    if sys.platform != "win32":
        command.append("--strip")  # the libraries' symbols: half the size, nothing lost
    for module in EXCLUDED:
        command += ["--exclude-module", module]
    if args.windowed:
        command.append("--windowed")
    if sys.platform == "win32":  # elsewhere the program has no icon of its own: the window's
        command += ["--icon", str(args.work / f"{NAME}.ico")]
    return command


#: The sizes of the Windows icon's pictures, in pixels.
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)


def icon_file(sizes: tuple[int, ...] = ICON_SIZES) -> bytes:
    """The game's icon (the board the window shows) as a Windows ``.ico`` file: one PNG
    picture per size, as Windows reads them since Vista."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import io
    import struct

    import pygame

    from fireice_desktop.ui.games.installed import program_icon

    pygame.display.init()
    pygame.display.set_mode((1, 1))  # the wood texture is converted for a display
    pictures = []
    for size in sizes:
        icon = program_icon(size)
        assert icon is not None, "the game draws an icon"
        buffer = io.BytesIO()
        pygame.image.save(icon, buffer, "icon.png")
        pictures.append(buffer.getvalue())
    pygame.display.quit()
    header = struct.pack("<HHH", 0, 1, len(sizes))  # reserved, type 1 (icon), count
    offset = 6 + 16 * len(sizes)
    entries = b""
    for size, picture in zip(sizes, pictures, strict=True):
        side = size % 256  # 0 stands for 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(picture), offset)
        offset += len(picture)
    return header + entries + b"".join(pictures)


def bundled_files(result: Path, onefile: bool) -> set[str]:
    """The data files inside a build, as paths relative to the bundle's root."""
    if onefile:
        from PyInstaller.archive.readers import CArchiveReader

        return set(CArchiveReader(str(result)).toc)
    internal = result.parent / "_internal"
    root = internal if internal.is_dir() else result.parent
    return {path.relative_to(root).as_posix() for path in root.rglob("*") if path.is_file()}


def folder_size(folder: Path) -> int:
    return sum(
        path.stat().st_size
        for path in folder.rglob("*")
        if path.is_file() and not path.is_symlink()
    )


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if importlib.util.find_spec("PyInstaller") is None:
        print(
            "PyInstaller is not installed; install it with: pip install '.[build]'",
            file=sys.stderr,
        )
        return 1
    args.dist = args.dist.resolve()
    args.work = args.work.resolve()
    args.work.mkdir(parents=True, exist_ok=True)
    launcher = args.work / f"{NAME}.py"
    launcher.write_text(LAUNCHER, encoding="utf-8")
    (args.work / f"{NAME}.ico").write_bytes(icon_file())

    kind = "one file" if args.onefile else "one folder"
    print(f"Building {NAME} ({kind}) with PyInstaller; this can take a few minutes...", flush=True)
    started = time.monotonic()
    status = subprocess.call(
        [sys.executable, "-m", "PyInstaller", *pyinstaller_args(args, launcher)]
    )
    if status != 0:
        print(f"PyInstaller failed (exit status {status})", file=sys.stderr)
        return 1
    seconds = time.monotonic() - started

    exe = NAME + (".exe" if sys.platform == "win32" else "")
    result = args.dist / exe if args.onefile else args.dist / NAME / exe
    if not result.is_file():
        print(f"PyInstaller did not make {result}", file=sys.stderr)
        return 1
    missing = [name for name in REQUIRED if name not in bundled_files(result, args.onefile)]
    if missing:
        print(f"The build lacks {', '.join(missing)}", file=sys.stderr)
        return 1

    print(f"Built in {seconds:.0f} s.")
    if args.onefile:
        print(f"Executable: {result} ({result.stat().st_size / 1e6:.1f} MB)")
    else:
        folder = result.parent
        print(f"Executable: {result}")
        print(
            f"Folder: {folder} ({folder_size(folder) / 1e6:.1f} MB in all); "
            "copy the whole folder to run it elsewhere"
        )
    print(f"Check it without a display: {result} --screenshot shot.png --scene game")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
