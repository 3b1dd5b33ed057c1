"""A seeded monkey that throws thousands of random events at the running desktop app.

A :class:`Monkey` drives a :class:`~tests.support.ui.Driver`.  It picks actions from a weighted
table (:attr:`Monkey.actions`) with its own ``random.Random(seed)``: clicks anywhere, on
the board's holes and on the widgets; drags; keys and shortcuts; window resizes;
switching scenes; storms of undo and redo; idle time.  Each action posts the real pygame
events a player would make and runs frames exactly as ``App.run`` does.  After every
action the monkey checks invariants of what is on screen (see :meth:`Monkey.check`) and
raises a :class:`MonkeyFailure` naming the seed, the event number and the action.

Both games are played: Fire & Ice (two players, the computer, handicaps, the solitaire)
on its islands, and Icebreaker on its sea of side 4 to 8, with a friend or the computer.
A "hole" below is a cell of either board: the layout's ``holes`` is a tuple of the 49
holes for Fire & Ice and a dict from cell to centre for Icebreaker's sea.

Determinism.  The monkey draws every choice from its own generator, and while it runs
the app's own randomness is pinned to the seed too: the global ``random`` module (the
handicap screen's "At random" without a seed) and the solitaire's random deals; and the
clock the app writes into names (a new save's name, a kept game set aside) is stopped
(see :func:`pinned_clock`).  With ``sync=True`` (the default) every frame first waits
for every background job to end, and for its thread to have posted its event (the
computer's search, hints, the tutor, deal ratings, reviews, whose searches then spend a
few nodes a position: see :func:`quick_reviews`; the reading of a large file or text), so
when their results land does not depend on the speed of the machine: a seed then replays
the same run event for event, on any machine and after any other test.  ``sync=False``
lets the jobs race the frames as in the real app (better for finding races, but a
failure may not replay).  What the app remembers while it runs (the choices on the
computer's set-up card and on Icebreaker's, the file dialogs' last folder) and the
clipboard are reset as a run starts.  A path on screen is as long as the sandbox's (see
:func:`sandbox_folder`, which makes every sandbox's as long) and its letters as wide as
they are: the short runs of the tests and ``long_monkey`` replay each other, and a
sandbox of another length may lay out a message naming a file otherwise.

Quitting.  Quit and Escape on the main menu close the app, so those actions are left
out while the menu is on screen.  Should the app stop anyway (an Escape arriving in the
frame that opened the menu), the stop is legitimate only on the menu: then a fresh
:class:`App` is started as a player would relaunch it, and counted in
``MonkeyStats.restarts``.  The app stopping on any other screen is a failure.

Background work.  While the monkey runs, every :class:`~fireice_desktop.ui.toolkit.jobs.Job`
is watched: an exception in a worker thread fails the run with the thread's traceback,
even when the scene that started the job has moved on and nobody reads its error.  At
the end (:meth:`Monkey.finish`) the scene is left, which cancels its jobs, and no worker
thread may still be running.

Hangs.  A frame that runs longer than ``HANG_LIMIT`` seconds (the waits for the
background jobs in sync mode not counted) is interrupted by a watchdog thread, and the
run fails with the stack where the app was stuck.

Files.  Everything the app writes goes under a sandbox folder (see
:func:`sandbox_environment`).  The file dialogs can wander out of it (their parent
button, a path typed into their box), so a dialog that points outside is closed at once,
before its OK can be read: no game is saved among the real user's files.

What a player types, pastes and opens.  With a sandbox, the monkey also throws at the app
what comes from outside it: odd names in the Open and Save windows' name box (hundreds or
thousands of characters, NUL bytes, control characters, emoji and combining marks, path
separators, ``..``, a path through a file, a folder name too long for the system) and
huge pastes there; large and mangled texts pasted into the Text window and played; files
crafted to be hard to read (see :func:`crafted_files`), written into the sandbox and
opened through the Open window; and a kept game damaged on disk before the menu (or a
new start) reads it.  In sync mode the reading of a large file or text off the UI
thread is waited for like every other job.

Invariants of those, besides the game's own.  No frame of the app (its events, a step, a
redraw) takes over ``frozen_limit`` seconds: the player would see a frozen window (a
generous bound, far above a slow machine's frame, that only work of many seconds breaks).
No message window, question, status line or panel message says more than
:data:`MESSAGE_LIMIT` characters.  A damaged kept game is set aside with the very bytes
that were damaged (and the menu says so, once), and no ``autosave.unreadable*`` file
changes or goes afterwards.  Nothing goes through the app's last line of defence
(``App.recover``): the monkey calls ``App.process``, ``step`` and ``render`` itself, so an
exception fails the run, and no ``errors.log`` nor "Something went wrong" window may
appear.
"""

from __future__ import annotations

import _thread
import contextlib
import dataclasses
import hashlib
import itertools
import json
import os
import random
import re
import shutil
import sys
import threading
import time
import traceback
import weakref
from collections import Counter, deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace, TracebackType

from pygame_gui.core.utility import clipboard_copy

from fireice_desktop.engine.errors import Cancelled
from fireice_desktop.engine.games.fireice.board import HOLE_COUNT, holes_of
from fireice_desktop.engine.games.fireice.puzzles import all_puzzles
from fireice_desktop.engine.games.fireice.rules import (
    CENTRE,
    MAX_HANDICAP,
    PEGS_PER_SIDE,
    Color,
    Move,
    Position,
    check_handicap,
    random_handicap,
)
from fireice_desktop.engine.games.fireice.solitaire import (
    FIRST_DEAL,
    LAST_DEAL,
    PEGS_PER_COLOR,
    SolitairePosition,
)
from fireice_desktop.engine.games.fireice.spec import Handicap
from fireice_desktop.engine.games.icebreaker.ai import LEVELS as SEA_LEVELS
from fireice_desktop.engine.games.icebreaker.board import MAX_SIZE as MAX_SEA
from fireice_desktop.engine.games.icebreaker.board import MIN_SIZE as MIN_SEA
from fireice_desktop.engine.games.icebreaker.board import (
    SHIPS_PER_SIDE,
    HexBoard,
    Side,
    Step,
)
from fireice_desktop.engine.games.icebreaker.rules import IcebreakerPosition
from fireice_desktop.engine.games.icebreaker.spec import Sea
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.engine.registry import registered_games
from fireice_desktop.files import storage as storage_module
from fireice_desktop.files.errorlog import log_path
from fireice_desktop.files.storage import (
    MAX_RECORD_BYTES,
    SaveFileError,
    autosave_path,
    data_dir,
    read_game,
)
from fireice_desktop.ui.app import MIN_SIZE, App
from fireice_desktop.ui.frame.scene import BoardScene, Scene, panel_width
from fireice_desktop.ui.frame.settings import Settings
from fireice_desktop.ui.game.panel import GamePanel
from fireice_desktop.ui.game.players import Session
from fireice_desktop.ui.games.fireice import solitaire as solitaire_view
from fireice_desktop.ui.games.fireice.computer_setup import ComputerSetupScene, levels_for
from fireice_desktop.ui.games.fireice.handicap import HandicapScene
from fireice_desktop.ui.games.fireice.solitaire import SolitaireView
from fireice_desktop.ui.games.icebreaker.setup import IcebreakerSetupScene, icebreaker_levels
from fireice_desktop.ui.games.icebreaker.view import IcebreakerView
from fireice_desktop.ui.games.installed import LESSONS
from fireice_desktop.ui.routes import screen_for_record
from fireice_desktop.ui.screens import saving as saving_module
from fireice_desktop.ui.screens.game import GameScreen
from fireice_desktop.ui.screens.menu import MenuScene
from fireice_desktop.ui.screens.rules import CHAPTERS, RulesScene
from fireice_desktop.ui.screens.saving import FileDialogs, TextWindow
from fireice_desktop.ui.toolkit import jobs
from fireice_desktop.ui.toolkit.language import tr
from tests.support.sandbox import new_sandbox
from tests.support.ui import (
    FRAME,
    Driver,
    all_elements,
    is_game,
    message_box_of,
    plain_text,
    pygame,
    pygame_gui,
    screen_kind,
)

__all__ = [
    "DEFAULT_SIZES",
    "Monkey",
    "MonkeyFailure",
    "MonkeyStats",
    "sandbox_environment",
    "sandbox_folder",
]

CTRL = pygame.KMOD_LCTRL
SHIFT = pygame.KMOD_LSHIFT
ALL_HOLES = (1 << HOLE_COUNT) - 1

#: The range window sizes are drawn from (smallest, largest); some go below it on purpose.
DEFAULT_SIZES: tuple[tuple[int, int], tuple[int, int]] = (MIN_SIZE, (1700, 1000))

#: Seconds a single wait on a background thread may take before the run fails.
JOB_TIMEOUT = 30.0

#: Nodes a position of a review is searched with while a monkey waits for every job.
REVIEW_NODES = 300

#: Nodes the expert searches while a monkey waits for every job: a hint is the expert's
#: move, a second or two of search a hint, which the monkey would wait for in the frame
#: that asked for it.  What a hint finds is the hint tests' part (``test_game``,
#: ``test_icebreaker``); the monkey's is the window while it is found and shown.
EXPERT_NODES = 20_000

#: Seconds one frame (or one check) may take before the app counts as hung.
HANG_LIMIT = 10.0

#: Keys the monkey presses: (weight, key, modifiers, the text it types).  Digits and
#: letters are added by :meth:`Monkey.press_key` itself.
KEYS: tuple[tuple[float, int, int, str], ...] = (
    (1, pygame.K_ESCAPE, 0, ""),
    (3, pygame.K_RETURN, 0, ""),
    (1, pygame.K_KP_ENTER, 0, ""),
    (1.5, pygame.K_LEFT, 0, ""),
    (2, pygame.K_RIGHT, 0, ""),
    (2.5, pygame.K_END, 0, ""),
    (1, pygame.K_HOME, 0, ""),
    (1, pygame.K_PAGEUP, 0, ""),
    (1, pygame.K_PAGEDOWN, 0, ""),
    (1.5, pygame.K_h, 0, "h"),
    (1, pygame.K_n, 0, "n"),
    (2, pygame.K_BACKSPACE, 0, ""),
    (1, pygame.K_DELETE, 0, ""),
    (1, pygame.K_TAB, 0, ""),
    (1, pygame.K_SPACE, 0, " "),
    (0.3, pygame.K_F11, 0, ""),
    (2, pygame.K_z, CTRL, ""),
    (1, pygame.K_z, CTRL | SHIFT, ""),
    (2, pygame.K_y, CTRL, ""),
    (1, pygame.K_s, CTRL, ""),
    (1, pygame.K_o, CTRL, ""),
    (1, pygame.K_c, CTRL, ""),
    (1, pygame.K_v, CTRL, ""),
    (0.5, pygame.K_a, CTRL, ""),
    (0.5, pygame.K_x, CTRL, ""),
    # Playing without a mouse: the cursor and the ring, the board and the panel.
    (1, pygame.K_UP, 0, ""),
    (1, pygame.K_DOWN, 0, ""),
    (0.5, pygame.K_TAB, SHIFT, ""),
    (0.7, pygame.K_F6, 0, ""),
    (0.3, pygame.K_TAB, CTRL, ""),
    (0.3, pygame.K_h, CTRL, ""),
)

#: How much likelier a visible button is to be clicked than others, by its text: enough
#: Undo, Redo and Start to make things happen, few Menu, Back and New game so games last.
BUTTON_WEIGHTS: dict[str, float] = {
    "Undo": 2,
    "Redo": 2,
    "Hint": 1,
    "Expert": 0.3,  # its searches take a second each
    "Start": 3,
    "Start the game": 3,
    "At random": 3,
    "Back to the game": 4,
    "Menu": 0.3,
    "Back": 1,
    "Rules": 0.5,  # its drawings are slow to make and hold no game
    "New game": 0.3,
    "New deal": 0.3,
    "Rematch": 0.5,
    "Restart": 0.5,
    "Open this deal": 0.3,
    "Open...": 0.3,
    "Save...": 0.3,
    "Text...": 0.3,
}

#: How likely each button of a window on top is to be the answer: mostly away from it.
ANSWER_WEIGHTS: dict[str, float] = {"Cancel": 3, "OK": 1.5, "Leave": 2, "Open it": 2}

#: Text that must never reach a message box: it would be an exception shown to the player.
FORBIDDEN_TEXT = ("Traceback", "Error", "Exception", "No hint this time:", "could not move:")

#: The computer's levels as the monkey picks them: the slow expert least often.
LEVEL_WEIGHTS = {"beginner": 4, "casual": 3, "strong": 2, "expert": 0.7}

#: The set-up cards' choices as the app starts (they are kept while the app runs).
START_CHOICES = {
    card.key: dict(card.defaults) for card in (ComputerSetupScene, IcebreakerSetupScene)
}

#: Seconds of work one frame of the app may take before the player sees a frozen window.
#: The slowest frames the game has (the rules' drawings made again for a new window
#: size) take well under one; work of many seconds on the UI thread (laying out a whole
#: document, parsing a crafted file) is what this catches.  It is the CPU time of the
#: app's thread, so that a machine busy with other work does not fail a run; a frame
#: that waits without working (on a named pipe, say) is the watchdog's (``HANG_LIMIT``).
FROZEN_LIMIT = 2.0

#: The most plain text a message window, a question, a status line or the panel's message
#: may hold: the longest the game writes (a full path of a file in a sentence) is about
#: half of it; more is a name or a file quoted whole.
MESSAGE_LIMIT = 400

#: Text that must never reach a window: an exception's name or a traceback shown to the
#: player.  (The monkey's own names have no capital letters, so they never match.)
WINDOW_FORBIDDEN = re.compile(r"Traceback|\b[A-Z]\w*(Error|Exception)\b")

#: Where the crafted files go, under the sandbox: in the documents folder the file
#: dialogs start in, so that they are listed there too.
CRAFTED_FOLDER = Path("home", "Documents", "crafted")

#: The kinds of name the monkey puts in a file dialog's name box, and how often.
NAME_KINDS: dict[str, float] = {
    "long": 5,
    "long folder": 1,
    "huge paste": 2,
    "nul": 1,
    "control": 1,
    "emoji": 1.5,
    "separators": 1,
    "dots": 1.5,
    "through a file": 1,
}

#: Characters of the long names (no capitals: see :data:`WINDOW_FORBIDDEN`).
NAME_LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789 -_.,'()"

#: Control characters a name may hold (Linux allows every byte but NUL and the slash).
CONTROL_CHARS = "".join(chr(code) for code in (*range(1, 32), 0x7F, 0x85, 0x9B))

#: Pieces of odd Unicode: emoji (some of several code points), combining marks, a
#: right-to-left override, zero-width and byte-order marks, other scripts.
ODD_PIECES = (
    "\U0001f525",
    "\u2744\ufe0f",
    "\U0001f469\u200d\U0001f469\u200d\U0001f467",
    "\U0001f3f3\ufe0f\u200d\U0001f308",
    "e\u0301",
    "\u0301",
    "a\u0308\u0323\u0336",
    "\u202e",
    "\u200b",
    "\ufeff",
    "\u00a0",
    "\u65e5\u672c\u8a9e",
    "\u01c5",
    "\ufffd",
    "\U000e0041",
)

#: Names with separators and dots, put after the folder the dialog shows.  A few climb
#: out of the sandbox: the dialog is then closed before it can save anything.
SEPARATED_NAMES = ("a/b/c", "a//b", "sub/", "\\back\\slash", "/", "", " ", "a/./b", "./x")
DOTTED_NAMES = (
    "..",
    "../",
    "../x",
    "x/../y",
    "...",
    "..x",
    "../Documents/y",
    "../../z",
    "../../../outside",
)
NAME_SUFFIXES = (".fireice", ".fireice", ".txt", "", ".FIREICE", ".fireice.txt")

#: The kinds of text pasted into the Text window, and how often.
TEXT_KINDS: dict[str, float] = {
    "tiny": 1,
    "mangled game": 3,
    "long game": 1.5,
    "record with a huge field": 1.5,
    "binary": 1.5,
    "over the limit": 1,
    "many moves": 0.7,
}
TINY_TEXTS = ("{", "[", " ", "D4", "x", "Game:", "\ufeff", "12.", "#", "{}", "\n\n", "a1-b2")

#: Characters of the "binary" texts: control characters, Latin-1, symbols, other
#: scripts, private use, emoji (neither NUL, which no clipboard carries, nor a lone
#: surrogate, which no text holds).
BINARY_CHARS = "".join(
    chr(code)
    for block in (
        range(1, 0x80),
        range(0x80, 0x100),
        range(0x2500, 0x2580),
        range(0x4E00, 0x4E80),
        range(0xE000, 0xE040),
        range(0xFFF0, 0xFFFE),
        range(0x1F300, 0x1F340),
    )
    for code in block
)

#: Fields of a record that a pasted text blows up to 200 kB, as (key, value maker).
HUGE_FIELDS: tuple[tuple[str, Callable[[str], object]], ...] = (
    ("game", lambda big: big),
    ("moves", lambda big: ["D4-C4" + big]),
    ("moves", lambda big: [big]),
    ("computer", lambda big: {"ice": big}),
    ("computer", lambda big: {big: "expert"}),
    ("handicap", lambda big: {"side": big, "holes": []}),
    ("deal", lambda big: big),
    ("note", lambda big: big),
)


def played_record(record: GameRecord, rng: random.Random, count: int) -> GameRecord:
    """``record`` with up to ``count`` random legal moves played from its start."""
    position = record.start()
    moves = []
    for _ in range(count):
        legal = position.legal_moves()
        if position.is_over or not legal:
            break
        move = rng.choice(legal)
        moves.append(move)
        position = position.play(move)
    return dataclasses.replace(record, moves=tuple(moves))


def sample_records(rng: random.Random) -> list[GameRecord]:
    """A game of each kind, played a little: Fire & Ice, a solitaire deal, Icebreaker."""
    starts = [
        GameRecord(),
        GameRecord.parse(
            '{"format": "fireice-record", "version": 1, "game": "solitaire", '
            '"deal": 42, "moves": []}'
        ),
        GameRecord("icebreaker", setup=Sea(rng.randint(MIN_SEA, MAX_SEA))),
    ]
    return [played_record(start, rng, rng.randint(3, 30)) for start in starts]


def record_bytes(**fields: object) -> bytes:
    """A ``.fireice`` record of Fire & Ice with ``fields`` put in, as bytes."""
    data: dict[str, object] = {
        "format": "fireice-record",
        "version": 1,
        "game": "fire-and-ice",
        "moves": [],
    }
    data.update(fields)
    return json.dumps(data).encode()


def crafted_files() -> dict[str, bytes | None]:
    """Files made to be hard to open, by name; ``None`` makes a folder of that name.

    Damaged JSON, a newer version, fields of 200 kB, 28,000 moves, Latin-1 bytes, an
    empty file, a folder that looks like a saved game, a file over 256 kB, deep nesting,
    a number of 5,000 digits, binary bytes; two good games among them, so that opening
    sometimes succeeds; and ``file.txt``, which odd names lead through.
    """
    big = "x" * 200_000
    good = sample_records(random.Random(7))
    return {
        "damaged.fireice": record_bytes(moves=["D4-C4", "D4-A4"])[:-17],
        "newer version.fireice": record_bytes(version=2),
        "long move.fireice": record_bytes(moves=["D4-C4" + big]),
        "long game name.fireice": record_bytes(game=big),
        "long level.fireice": record_bytes(computer={"ice": big}),
        "long side.fireice": record_bytes(computer={big: "expert"}),
        "long handicap.fireice": record_bytes(handicap={"side": big, "holes": []}),
        "28000 moves.fireice": record_bytes(moves=["D4-C4"] * 28_000),
        "latin-1.fireice": (
            '{"format": "fireice-record", "version": 1, "game": "fire-and-ice", '
            '"moves": ["D4-C4"], "note": "\u00e9t\u00e9"}'
        ).encode("latin-1"),
        "empty.fireice": b"",
        "x.fireice": None,
        "too large.fireice": record_bytes(moves=["D4-C4"], note=" " * MAX_RECORD_BYTES),
        "nested.fireice": b"[" * 100_000,
        "long number.fireice": b'{"format": "fireice-record", "version": 1' + b"0" * 5000 + b"}",
        "binary.txt": bytes(range(256)) * 64,
        "moves.txt": b"Game: Fire & Ice\n\n" + b"D4-C4\n" * 28_000,
        "good.fireice": good[2].to_json().encode(),
        "good.txt": good[0].to_text().encode(),
        "file.txt": b"not a game\n",
    }


def mangled(text: str, rng: random.Random) -> tuple[str, str]:
    """``text`` damaged one way: bits flipped, lines shuffled or repeated, or cut short;
    (how, the text).  No NUL comes out (no clipboard carries one)."""
    how = rng.choice(["flipped", "shuffled", "cut", "repeated lines"])
    if how == "flipped" and text:
        data = bytearray(text.encode("utf-8"))
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        text = data.decode("utf-8", "replace")
    elif how == "shuffled":
        lines = text.splitlines(keepends=True)
        rng.shuffle(lines)
        text = "".join(lines)
    elif how == "cut":
        text = text[: rng.randrange(len(text) + 1)]
    else:
        lines = text.splitlines(keepends=True) or [text]
        for _ in range(rng.randint(1, 5)):
            index = rng.randrange(len(lines))
            lines.insert(index, lines[index])
        text = "".join(lines)
    return how, text.replace("\0", "\x01")


def damaged_kept_game(kept: bytes, rng: random.Random) -> tuple[str, bytes]:
    """The bytes of a kept game ``kept`` damaged one way, as a disk, a crash or a newer
    version of the game would leave them: (how, the bytes)."""
    how = rng.choice(
        ["cut", "flipped", "random", "newer version", "latin-1", "empty", "huge", "nul"]
    )
    if how == "cut":
        return how, kept[: rng.randrange(len(kept) + 1)]
    if how == "flipped" and kept:
        data = bytearray(kept)
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        return how, bytes(data)
    if how == "newer version":
        return how, kept.replace(b'"version": 1', b'"version": 2') or record_bytes(version=2)
    if how == "latin-1":
        return how, record_bytes(moves=["D4-C4"]).replace(b"[", '["\u00e9", '.encode("latin-1"))
    if how == "empty":
        return how, b""
    if how == "huge":
        return how, kept.rstrip(b"}\n") + b', "note": "' + b"n" * MAX_RECORD_BYTES + b'"}'
    if how == "nul":
        index = rng.randrange(len(kept) + 1)
        return how, kept[:index] + b"\0" + kept[index:]
    return "random", rng.randbytes(rng.randint(1, 2000))


@contextlib.contextmanager
def sandbox_folder() -> Iterator[Path]:
    """A new, empty sandbox folder (:func:`~.sandbox.new_sandbox`), removed afterwards."""
    root = new_sandbox()
    try:
        yield root
    finally:
        shutil.rmtree(root, ignore_errors=True)


def sandbox_environment(root: Path) -> dict[str, str]:
    """Environment variables that keep every file the app writes or offers under ``root``.

    Besides the settings and the autosave, the home and documents folders move too, so
    that no file dialog the monkey reaches starts in (or saves into) the real home.
    """
    home = root / "home"
    documents = home / "Documents"
    documents.mkdir(parents=True, exist_ok=True)
    return {
        "FIREICE_CONFIG_DIR": str(root / "config"),
        "FIREICE_DATA_DIR": str(root / "config" / "data"),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_DOCUMENTS_DIR": str(documents),
    }


class MonkeyFailure(AssertionError):
    """A broken invariant or an exception, with the seed, the event number and the action."""

    def __init__(self, seed: int, event: int, action: str, detail: str, recent: list[str]):
        self.seed, self.event, self.action, self.detail = seed, event, action, detail
        self.recent = recent
        history = "\n".join(f"    {line}" for line in recent)
        super().__init__(
            f"monkey seed {seed}, event {event} ({action}): {detail}\n"
            f"  the last actions, oldest first:\n{history}"
        )

    def __reduce__(self) -> tuple[type[MonkeyFailure], tuple[int, int, str, str, list[str]]]:
        """Pickled as made (a run's result is passed between pytest-xdist's workers)."""
        return type(self), (self.seed, self.event, self.action, self.detail, self.recent)


@dataclass
class MonkeyStats:
    """What a run did, for the summary and for the tests that the monkey does something."""

    seed: int = 0
    events: int = 0  # actions thrown (each posts one or more pygame events)
    posted: int = 0  # pygame events posted
    frames: int = 0
    actions: Counter[str] = field(default_factory=Counter)
    scenes: Counter[str] = field(default_factory=Counter)  # scenes entered, by kind
    dwell: Counter[str] = field(default_factory=Counter)  # events thrown, by the scene's kind
    moves: int = 0  # moves played (by players or the computer)
    sea_moves: int = 0  # of which on Icebreaker's sea
    undone: int = 0  # moves taken back, as the history shows
    redone: int = 0  # undone moves played again, as the history shows
    undo_presses: int = 0  # Ctrl+Z and Undo clicks thrown
    redo_presses: int = 0  # Ctrl+Y, Ctrl+Shift+Z and Redo clicks thrown
    games_finished: int = 0
    sea_games_finished: int = 0  # of which Icebreaker games
    resizes: int = 0
    restarts: int = 0
    dialogs_closed: int = 0  # file dialogs closed for pointing outside the sandbox
    jobs: int = 0  # background jobs started by the app
    long_names: int = 0  # names of 250 characters or more put in a file dialog's name box
    odd_names: int = 0  # other odd names put there (NUL, control characters, emoji, ..)
    name_pastes: int = 0  # huge texts pasted into the name box
    text_pastes: int = 0  # texts pasted into the Text window
    texts_played: int = 0  # pasted texts played (Play it)
    crafted_opened: int = 0  # crafted files picked in the Open window (and read)
    kept_damaged: int = 0  # kept games damaged on disk before the menu read them
    kept_set_aside: int = 0  # of those, set aside by the app (the rest could be read)
    slowest_frame: float = 0.0  # seconds of work of the app's slowest frame
    slowest_in: str = ""  # the action it came in
    longest_message: int = 0  # characters of the longest message seen on screen
    seconds: float = 0.0

    def summary(self) -> str:
        """A few lines for people."""
        scenes = ", ".join(f"{name} {count}" for name, count in self.scenes.most_common())
        dwell = ", ".join(f"{name} {count}" for name, count in self.dwell.most_common())
        actions = ", ".join(f"{name} {count}" for name, count in self.actions.most_common())
        rate = self.events / self.seconds if self.seconds else 0.0
        return "\n".join(
            (
                f"seed {self.seed}: {self.events} events ({self.posted} pygame events, "
                f"{self.frames} frames) in {self.seconds:.1f} s ({rate:.0f} events/s)",
                f"  scenes entered: {scenes}",
                f"  events thrown on: {dwell}",
                f"  moves played {self.moves} (Icebreaker {self.sea_moves}), "
                f"games finished {self.games_finished} (Icebreaker {self.sea_games_finished})",
                f"  undo presses {self.undo_presses} (moves undone {self.undone}), "
                f"redo presses {self.redo_presses} (moves redone {self.redone})",
                f"  resizes {self.resizes}, app restarts {self.restarts}, "
                f"background jobs {self.jobs}, file dialogs closed outside the sandbox "
                f"{self.dialogs_closed}",
                f"  names: long {self.long_names}, odd {self.odd_names}, huge pastes "
                f"{self.name_pastes}; texts pasted {self.text_pastes} (played "
                f"{self.texts_played}); crafted files opened {self.crafted_opened}; kept "
                f"games damaged {self.kept_damaged} (set aside {self.kept_set_aside})",
                f"  slowest frame {self.slowest_frame:.2f} s ({self.slowest_in}), longest message "
                f"{self.longest_message} characters",
                f"  actions: {actions}",
            )
        )


#: Jobs whose work ends in an error the app reads and says to the player, by the name of
#: the function that makes the work: the reading of a large file (a file that is no game)
#: and of a long text (a text that is no game).  Any other error of theirs is a bug.
EXPECTED_JOB_ERRORS: dict[str, type[Exception]] = {
    "FileDialogs.open.": SaveFileError,
    "TextWindow.play_text.": ValueError,
}


def expected_job_error(work: Callable[..., object]) -> type[Exception] | tuple[()]:
    """The error ``work`` may end in as the app expects (see :data:`EXPECTED_JOB_ERRORS`)."""
    name = getattr(work, "__qualname__", "")
    for prefix, error in EXPECTED_JOB_ERRORS.items():
        if name.startswith(prefix):
            return error
    return ()


class JobWatch:
    """Every background job started while installed, and any exception one raised that
    the app does not expect of it (see :data:`EXPECTED_JOB_ERRORS`)."""

    def __init__(self) -> None:
        self.jobs: weakref.WeakSet[jobs.Job[object]] = weakref.WeakSet()
        self.threads: weakref.WeakSet[threading.Thread] = weakref.WeakSet()
        self.failures: list[str] = []
        self.started = 0
        #: What each job does (the function that made its work), for messages.
        self.names: weakref.WeakKeyDictionary[jobs.Job[object], str] = weakref.WeakKeyDictionary()

    @contextlib.contextmanager
    def installed(self) -> Iterator[JobWatch]:
        """Wrap the work of each new :class:`~fireice_desktop.ui.toolkit.jobs.Job` while active."""
        original = jobs.Job.__init__
        watch = self

        def init(job: jobs.Job[object], work: Callable[..., object], *args, **kwargs) -> None:
            def watched(stop: Callable[[], bool]) -> object:
                watch.threads.add(threading.current_thread())
                try:
                    return work(stop)
                except Cancelled:
                    raise
                except Exception as error:
                    if isinstance(error, expected_job_error(work)):
                        raise  # the player's file or text is no game: the window says so
                    # The scene may never read this job's error (it left, or moved on):
                    # keep the traceback here so the run fails with it.
                    watch.failures.append(traceback.format_exc())
                    raise

            watch.started += 1
            original(job, watched, *args, **kwargs)
            watch.jobs.add(job)
            watch.names[job] = work.__qualname__

        jobs.Job.__init__ = init  # type: ignore[method-assign]
        try:
            yield self
        finally:
            jobs.Job.__init__ = original  # type: ignore[method-assign]

    def wait_all(self, timeout: float) -> list[str]:
        """Wait for every job and its thread to end; returns what is still running."""
        deadline = time.monotonic() + timeout
        for job in list(self.jobs):
            job.wait(max(0.0, deadline - time.monotonic()))
        for thread in list(self.threads):
            thread.join(max(0.0, deadline - time.monotonic()))
        running = [f"a job on {job!r}" for job in list(self.jobs) if not job.done]
        running += [thread.name for thread in list(self.threads) if thread.is_alive()]
        return running


class Watchdog:
    """Interrupts the monkey's thread when a frame runs too long: a hang becomes a failure.

    The thread that creates it must be the main thread (``_thread.interrupt_main``).
    """

    def __init__(self, limit: float) -> None:
        self.limit = limit
        self.deadline: float | None = None
        self.stack = ""  # where the main thread was when it was interrupted
        self._ident = threading.get_ident()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="monkey-watchdog", daemon=True)

    def __enter__(self) -> Watchdog:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def arm(self) -> None:
        """Start counting ``limit`` seconds from now."""
        self.deadline = time.monotonic() + self.limit

    def disarm(self) -> None:
        """Stop counting (a wait that is not the app's)."""
        self.deadline = None

    def _watch(self) -> None:
        while not self._stop.wait(0.2):
            deadline = self.deadline
            if deadline is None or time.monotonic() < deadline or self.stack:
                continue
            frame = sys._current_frames().get(self._ident)
            self.stack = "".join(traceback.format_stack(frame)) if frame else "(no stack)"
            _thread.interrupt_main()


@contextlib.contextmanager
def quick_reviews(nodes: int = REVIEW_NODES) -> Iterator[None]:
    """Each game's review searched with ``nodes`` nodes a position while active, so that
    the monkey can wait for a whole review as for any other job."""
    levels = {type(game): game.analysis for game in registered_games() if game.analysis is not None}
    try:
        for kind, level in levels.items():
            kind.analysis = dataclasses.replace(level, nodes=nodes)
        yield
    finally:
        for kind, level in levels.items():
            kind.analysis = level


@contextlib.contextmanager
def quick_experts(nodes: int = EXPERT_NODES) -> Iterator[None]:
    """Each game's expert level (behind every hint) searches at most ``nodes`` nodes a
    move while active, so that the monkey can wait for a hint as for any other job."""
    levels = {type(game): game.levels for game in registered_games() if "expert" in game.levels}
    try:
        for kind, table in levels.items():
            expert = table["expert"]
            quick = dataclasses.replace(expert, nodes=min(expert.nodes, nodes))
            kind.levels = {**table, "expert": quick}
        yield
    finally:
        for kind, table in levels.items():
            kind.levels = table


#: The moment the app's clock shows while the monkey runs (see :func:`pinned_clock`).
STOPPED_CLOCK = time.gmtime(1_704_110_400)  # 2024-01-01 12:00:00


@contextlib.contextmanager
def pinned_clock() -> Iterator[None]:
    """While active, the date and time the app writes into names are
    :data:`STOPPED_CLOCK`: a new save's name, the name a kept game or the statistics are
    set aside under.  Whether "Replace the file?" comes, and how long a message naming
    such a file is, then depends on the run alone, not on the minute it ran in; the
    clock's other uses (how old a temporary file is) are left alone."""
    clock = SimpleNamespace(**{name: getattr(time, name) for name in dir(time) if name[0] != "_"})
    clock.strftime = lambda form, moment=None: time.strftime(form, STOPPED_CLOCK)
    modules = (saving_module, storage_module)  # storage names the files set aside
    originals = [module.time for module in modules]  # type: ignore[attr-defined]
    for module in modules:
        module.time = clock  # type: ignore[attr-defined]
    try:
        yield
    finally:
        for module, original in zip(modules, originals, strict=True):
            module.time = original  # type: ignore[attr-defined]


@contextlib.contextmanager
def pinned_randomness(seed: int) -> Iterator[None]:
    """The app's own random choices drawn from ``seed`` while active (see the module text)."""
    state = random.getstate()
    random.seed(seed)
    deals = random.Random(seed * 7919 + 1)
    # The app's own draw of a deal (random_deal_for), from a seeded generator: the
    # solitaire view makes its generator with its module's random.Random().
    original = solitaire_view.random
    solitaire_view.random = SimpleNamespace(Random=lambda: deals)  # type: ignore[assignment]
    # (The puzzle screen's choice of the next puzzle draws nothing: it follows the
    # player's file alone.)
    try:
        yield
    finally:
        solitaire_view.random = original
        random.setstate(state)


class Monkey:
    """Random events for the app behind ``driver``, chosen from ``seed``.

    Use it as a context manager (the job watch and the pinned randomness are undone on
    exit; the app's remembered choices are reset as it starts, see the module text)::

        with Monkey(driver, seed=1) as monkey:
            monkey.run(1500)
        print(monkey.stats.summary())

    ``sizes`` bounds the window sizes the monkey tries (some go below on purpose);
    ``sync`` is explained in the module text; a frame that takes over ``hang_limit``
    seconds fails the run as a hang, one over ``frozen_limit`` as a frozen window.
    ``sandbox`` is the folder the app's files are in (see :func:`sandbox_environment`): a
    file dialog that points outside it is closed at once, so that no game is ever saved
    among the real user's files (without a sandbox, every file dialog is closed, and the
    crafted files and the damaged kept games are left out).
    """

    def __init__(
        self,
        driver: Driver,
        seed: int,
        sizes: tuple[tuple[int, int], tuple[int, int]] = DEFAULT_SIZES,
        sync: bool = True,
        hang_limit: float = HANG_LIMIT,
        sandbox: Path | None = None,
        frozen_limit: float = FROZEN_LIMIT,
    ) -> None:
        self.driver = driver
        self.sandbox = sandbox.resolve() if sandbox is not None else None
        self.seed = seed
        self.rng = random.Random(seed)
        self.sizes = sizes
        self.sync = sync
        self.stats = MonkeyStats(seed=seed)
        self.watch = JobWatch()
        self.recent: deque[str] = deque(maxlen=12)
        self.trace: Callable[[str], None] | None = None  # called with each action's line
        self.detail = ""
        self.hang_limit = hang_limit
        self.frozen_limit = frozen_limit
        self._stack: contextlib.ExitStack | None = None
        self._watchdog: Watchdog | None = None
        self._chosen = "start"
        self._scene: Scene | None = None
        self._history: object = None
        self._verified: list[object] = []  # the positions checked so far
        self._verified_moves: list[object] = []
        self._cursor = 0
        self._finished: weakref.WeakSet[object] = weakref.WeakSet()
        self._sea_layout: object = None  # the last of Icebreaker's layouts checked
        #: The crafted files' folder and names (written as the run starts, with a sandbox).
        self.crafted_folder: Path | None = None
        self.crafted: list[str] = []
        #: Digests of every damaged kept game the monkey wrote: only those may be set aside.
        self._damaged: set[str] = set()
        #: Every ``autosave.unreadable*`` file seen: its (size, mtime, inode) and digest.
        self._aside: dict[Path, tuple[tuple[int, int, int], str]] = {}
        #: The menu that may say a kept game could not be read (the one after a damage).
        self._notice_menu: object = None
        #: The games played in texts and files, made once (see :func:`sample_records`).
        self._samples: list[str] | None = None
        #: The actions and their weights.  Each returns ``False`` when it does not apply
        #: to what is on screen, and another is drawn.  Actions on files (saving, opening
        #: a saved game) belong in this table too.
        self.actions: list[tuple[float, Callable[[], bool]]] = [
            (8, self.click_anywhere),
            (30, self.click_hole),
            (18, self.click_widget),
            (4, self.answer_window),
            (3, self.other_mouse),
            (2, self.hover),
            (4, self.drag_anywhere),
            (14, self.drag_peg),
            (8, self.play_moves),
            (14, self.press_key),
            (1.5, self.type_in_entry),
            (1, self.resize),
            (0.5, self.resize_unsettled),
            (0.5, self.post_resize_event),
            (1, self.switch_scene),
            (1.5, self.undo_storm),
            (10, self.idle),
            (4, self.wait_for_computer),
            (2.5, self.name_box),
            (2, self.paste_text),
            (1.5, self.open_crafted),
            (0.15, self.damage_kept_game),
        ]

    # --- running ------------------------------------------------------------------------

    @property
    def app(self) -> App:
        """The app being played (a fresh one after a restart)."""
        return self.driver.app

    def __enter__(self) -> Monkey:
        stack = contextlib.ExitStack()
        self._watchdog = stack.enter_context(Watchdog(self.hang_limit))
        stack.enter_context(self.watch.installed())
        stack.enter_context(pinned_randomness(self.seed))
        stack.enter_context(pinned_clock())
        if self.sync:
            stack.enter_context(quick_reviews())
            stack.enter_context(quick_experts())
        # State the app keeps while it runs, made the same for every run of a seed: the
        # set-up cards' choices (as the app starts), the file dialogs' last folder (so
        # that they start in this run's sandbox) and the clipboard (the text window).
        # The choices are reset in place: a card or a dialog on screen holds its own.
        for key, remembered in self.app.context.choices.items():
            remembered.clear()
            remembered.update(START_CHOICES.get(key, {}))
        clipboard_copy("")
        if self.sandbox is not None:
            self.write_crafted(self.sandbox / CRAFTED_FOLDER)
        self._stack = stack
        return self

    def write_crafted(self, folder: Path) -> None:
        """Write :func:`crafted_files` into ``folder`` (afresh: a seed's run finds them so)."""
        folder.mkdir(parents=True, exist_ok=True)
        files = crafted_files()
        for name, content in files.items():
            path = folder / name
            if content is None:
                path.mkdir(exist_ok=True)
            else:
                path.write_bytes(content)
        self.crafted_folder = folder
        self.crafted = sorted(files)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        try:
            if kind is None:
                self.finish()
            else:  # already failing: only make sure no job outlives the run
                with contextlib.suppress(Exception):
                    self.app.scene.leave()
                    self.watch.wait_all(JOB_TIMEOUT)
        finally:
            if self._stack is not None:
                self._stack.close()
                self._stack = None

    def run(
        self,
        events: int,
        progress: Callable[[MonkeyStats], None] | None = None,
        every: int = 1000,
    ) -> None:
        """Throw ``events`` actions, checking the invariants after each.

        ``progress`` is called with the stats after every ``every`` events.
        """
        assert self._stack is not None, "use the monkey in a with block"
        begin = time.perf_counter() - self.stats.seconds
        if self.stats.events == 0:
            self._step(0, self.check)
        for _ in range(events):
            number = self.stats.events + 1
            self._chosen, self.detail = "idle", ""
            self._step(number, self._act, self.check)
            self.stats.events = number
            self.stats.seconds = time.perf_counter() - begin
            if progress is not None and number % every == 0:
                progress(self.stats)

    def _act(self) -> None:
        """Draw actions until one applies to what is on screen, and do it."""
        methods = [action for _, action in self.actions]
        weights = [weight for weight, _ in self.actions]
        self.stats.dwell[screen_kind(self.app.scene)] += 1
        if self.top_window() is not None and self.rng.random() < 0.3:
            # Nearly everything else is blocked while a window is open: answer it often.
            self._chosen = "answer_window"
            self.answer_window()
            self.stats.actions[self._chosen] += 1
            return
        for _attempt in range(12):
            action = self.rng.choices(methods, weights)[0]
            self._chosen = action.__name__
            if action():
                break
        else:
            self._chosen = "idle"
            self.idle()
        self.stats.actions[self._chosen] += 1

    def _step(self, number: int, *parts: Callable[[], object]) -> None:
        """Run ``parts`` as event ``number``; any failure becomes a :class:`MonkeyFailure`."""
        watchdog = self._watchdog
        assert watchdog is not None
        try:
            watchdog.arm()
            for part in parts:
                part()
        except KeyboardInterrupt:
            if not watchdog.stack:
                raise  # a real Ctrl+C
            detail = f"hung: a frame took over {watchdog.limit:.0f} s; it was at\n{watchdog.stack}"
            raise MonkeyFailure(
                self.seed, number, self.describe(), detail, list(self.recent)
            ) from None
        except Exception as error:
            detail = f"{type(error).__name__}: {error}"
            if len(detail) > 1000:  # a name of thousands of characters in the message
                detail = f"{detail[:600]} ... {detail[-300:]}"
            raise MonkeyFailure(
                self.seed, number, self.describe(), detail, list(self.recent)
            ) from error
        finally:
            watchdog.disarm()
        self.stats.jobs = self.watch.started
        line = f"{number}: {self.describe()}"
        self.recent.append(line)
        if self.trace is not None:
            self.trace(line)

    def describe(self) -> str:
        """The action being done, with its details."""
        return f"{self._chosen} {self.detail}".strip()

    def finish(self) -> None:
        """Leave the scene (cancelling its jobs) and check no worker is left or failed."""
        number = self.stats.events

        def leave() -> None:
            if self.app.running:
                self.app.show_menu()
                self.pump(2)
            else:
                self.app.scene.leave()
            running = self.watch.wait_all(JOB_TIMEOUT)
            assert not running, f"background work still running after the scene left: {running}"
            if self.watch.failures:
                raise AssertionError(f"a background job raised:\n{self.watch.failures[0]}")

        self._chosen, self.detail = "finish", ""
        self._step(number, leave)
        if self.stats.restarts:  # the window open_ui made is gone; this one is the monkey's
            self.app.scene.leave()
            if self.app.window is not None:
                self.app.window.destroy()

    # --- frames and events --------------------------------------------------------------

    def pump(self, frames: int = 1, dt: float = FRAME) -> None:
        """Run ``frames`` frames (with ``sync``, each first lets every background job end)."""
        for _ in range(frames):
            if not self.app.running:
                return  # App.run has left its loop
            if self.sync and self._watchdog is not None:
                self._watchdog.disarm()  # a job is no hang: JOB_TIMEOUT bounds it
                self._wait_for_jobs()
                self._watchdog.arm()
            self.frame(dt)
            self.stats.frames += 1

    def frame(self, dt: float) -> None:
        """One turn of ``App.run``'s loop: the events, a step, and a redraw if anything changed.

        Unlike ``Driver.pump`` this draws only when the app asks to, as ``App.run`` does
        (and flips the window), and stops reading events once the app has quit.  A frame
        that works longer than ``frozen_limit`` seconds fails the run: the window froze.
        """
        app = self.app
        begin = time.thread_time()
        for event in pygame.event.get():
            app.process(event)
            if not app.running:
                break
        else:
            app.step(min(dt, 0.1))
            if app.dirty:
                app.render()
                if app.window is not None:
                    app.window.flip()
        spent = time.thread_time() - begin
        if spent > self.stats.slowest_frame:
            self.stats.slowest_frame, self.stats.slowest_in = spent, self._chosen
        assert spent <= self.frozen_limit, (
            f"the window froze: a frame worked {spent:.2f} s (at most {self.frozen_limit:.2f} s)"
        )
        if app.running:
            self.keep_files_in_sandbox()

    def keep_files_in_sandbox(self) -> None:
        """Close every file dialog that points outside the sandbox, before OK can be pressed.

        A dialog's folder changes with its parent button or with a path typed into its box;
        checked after every frame, the dialog is gone before an answer from it is read.
        """
        for window in self.app.manager.get_window_stack().get_full_stack():
            if not isinstance(window, pygame_gui.windows.UIFileDialog) or not window.alive():
                continue
            paths = (
                window.current_directory_path,
                window.current_file_path,
                window.file_path_text_line.get_text(),
            )
            if self.sandbox is None or not all(
                path is None or self.in_sandbox(path) for path in paths
            ):
                window.kill()
                self.stats.dialogs_closed += 1

    def in_sandbox(self, path: str | Path) -> bool:
        """Whether ``path`` leads into the sandbox (a relative one from the working folder,
        as pygame-gui's dialog takes it)."""
        assert self.sandbox is not None
        try:
            resolved = Path(path).resolve()
        except (OSError, ValueError):
            # A NUL in it, say: the system refuses the name, so only its words can tell.
            resolved = Path(os.path.abspath(path))
        return resolved.is_relative_to(self.sandbox)

    def _wait_for_jobs(self) -> None:
        """Let every background job end: the computer's search, hints, the tutor, deal
        ratings and reviews."""
        for job in list(self.watch.jobs):
            if not job.wait(JOB_TIMEOUT):
                name = self.watch.names.get(job, "?")
                raise AssertionError(f"a background job took over {JOB_TIMEOUT:.0f} s: {name}")
        # A job's thread posts its JOB_DONE event just after the job is done; the reading of
        # a file or a text waits for that event, so it must be in the queue by this frame
        # on every machine.
        for thread in list(self.watch.threads):
            thread.join(JOB_TIMEOUT)

    def post(self, kind: int, **attributes: object) -> None:
        """Post one pygame event."""
        pygame.event.post(pygame.event.Event(kind, **attributes))
        self.stats.posted += 1

    def post_click(self, pos: tuple[int, int], button: int = 1) -> None:
        """Post a press and a release at ``pos``, with no frame between them."""
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)

    def post_key(self, key: int, mod: int = 0, text: str = "") -> None:
        """Post a key's press (with the text it types, if any) and its release."""
        scancode = int(getattr(pygame, f"KSCAN_{pygame.key.name(key).upper()}", 0))
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=scancode)
        if text:
            self.post(pygame.TEXTINPUT, text=text)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=scancode)

    def click(self, pos: tuple[int, int], button: int = 1, after: int = 1) -> None:
        """Press, release, then ``after`` frames (a widget's answer comes a frame later).

        Half the clicks hold the button over a frame; the other half are quick enough
        that press and release arrive in the same frame.
        """
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        if self.rng.random() < 0.5:
            self.pump()
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self.pump(after)

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int, batched: bool) -> None:
        """Press at ``start``, move in ``steps`` to ``end`` with the button held, release."""
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        self.pump()
        last = start
        for k in range(1, steps + 1):
            pos = (
                round(start[0] + (end[0] - start[0]) * k / steps),
                round(start[1] + (end[1] - start[1]) * k / steps),
            )
            rel = (pos[0] - last[0], pos[1] - last[1])
            self.post(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0))
            if not batched:
                self.pump()
            last = pos
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        self.pump(self.rng.randint(1, 2))

    # --- places on screen ---------------------------------------------------------------

    def random_point(self) -> tuple[int, int]:
        """A uniformly random pixel of the window."""
        width, height = self.app.size
        return self.rng.randrange(width), self.rng.randrange(height)

    def outside_point(self) -> tuple[int, int]:
        """A point just off the window (the mouse is captured while a button is held)."""
        width, height = self.app.size
        return self.rng.choice(
            [
                (-self.rng.randint(1, 60), self.rng.randrange(height)),
                (width + self.rng.randint(0, 60), self.rng.randrange(height)),
                (self.rng.randrange(width), -self.rng.randint(1, 60)),
                (self.rng.randrange(width), height + self.rng.randint(0, 60)),
            ]
        )

    def holes(self) -> list[int]:
        """The holes of the board on screen: Fire & Ice's 49, or the cells of the sea."""
        scene = self.app.scene
        assert isinstance(scene, BoardScene) and scene.layout is not None
        holes = scene.layout.holes
        return sorted(holes) if isinstance(holes, dict) else list(range(len(holes)))

    def any_hole(self) -> int:
        """A uniformly random hole (or cell) of the board on screen."""
        return self.rng.choice(self.holes())

    def hole_point(self, hole: int) -> tuple[int, int]:
        """A pixel on ``hole``, a little off its centre."""
        scene = self.app.scene
        assert isinstance(scene, BoardScene) and scene.layout is not None
        x, y = scene.layout.holes[hole]
        jitter = scene.layout.hole_radius * 0.6
        return (
            round(x + self.rng.uniform(-jitter, jitter)),
            round(y + self.rng.uniform(-jitter, jitter)),
        )

    def panel_point(self) -> tuple[int, int]:
        """A pixel in the side panel (off the board)."""
        scene = self.app.scene
        assert isinstance(scene, BoardScene)
        rect = scene.panel_rect
        return rect.x + self.rng.randrange(max(1, rect.width)), self.rng.randrange(rect.height)

    def quits(self, pos: tuple[int, int]) -> bool:
        """Whether a click at ``pos`` would hit Quit on the main menu."""
        return type(self.app.scene) is MenuScene and any(
            element.rect.collidepoint(pos) for element in self.buttons() if element.text == "Quit"
        )

    def buttons(self, elements: list[object] | None = None) -> list[pygame_gui.elements.UIButton]:
        """The visible buttons (of ``elements``, else on screen), the lists' entries left out."""
        if elements is None:
            elements = self.driver.elements()
        entries = {
            id(item["button_element"])
            for element in elements
            if isinstance(element, pygame_gui.elements.UISelectionList)
            for item in element.item_list
        }
        return [
            element
            for element in elements
            if isinstance(element, pygame_gui.elements.UIButton)
            and element.visible
            and id(element) not in entries
        ]

    def list_entries(self, elements: list[object] | None = None) -> list[object]:
        """The visible entries of the selection lists (of ``elements``, else on screen)."""
        if elements is None:
            elements = self.driver.elements()
        return [
            item["button_element"]
            for element in elements
            if isinstance(element, pygame_gui.elements.UISelectionList) and element.visible
            for item in element.item_list
            if item["button_element"] is not None and item["button_element"].visible
        ]

    def inside(self, rect: pygame.Rect) -> tuple[int, int]:
        """A random pixel well inside ``rect``."""
        margin_x, margin_y = min(4, rect.width // 3), min(4, rect.height // 3)
        return (
            self.rng.randint(
                rect.left + margin_x, max(rect.left + margin_x, rect.right - 1 - margin_x)
            ),
            self.rng.randint(
                rect.top + margin_y, max(rect.top + margin_y, rect.bottom - 1 - margin_y)
            ),
        )

    def game(self) -> GameScreen | None:
        """The game on screen, if the scene is one."""
        scene = self.app.scene
        return scene if isinstance(scene, GameScreen) and scene.layout is not None else None

    def source_hole(self, game: GameScreen) -> int:
        """Mostly a peg that may move now; sometimes any hole."""
        legal = game.controller.history.position.legal_moves()
        sources = sorted({move.src for move in legal})
        if sources and self.rng.random() < 0.8:
            return self.rng.choice(sources)
        return self.any_hole()

    def target_hole(self, game: GameScreen, source: int) -> int:
        """Mostly a hole the peg on ``source`` may move to; sometimes any hole."""
        legal = game.controller.history.position.legal_moves()
        targets = [move.dst for move in legal if move.src == source]
        if targets and self.rng.random() < 0.75:
            return self.rng.choice(targets)
        return self.any_hole()

    # --- the actions --------------------------------------------------------------------

    def click_anywhere(self) -> bool:
        """A left click on a uniformly random pixel of the window."""
        pos = self.random_point()
        if self.quits(pos):
            return False
        self.detail = f"at {pos}"
        self.click(pos, after=self.rng.randint(1, 3))
        return True

    def click_hole(self) -> bool:
        """A click on a hole: on a board game mostly a peg to move, or where it may go."""
        scene = self.app.scene
        if not isinstance(scene, BoardScene) or scene.layout is None:
            return False
        game = self.game()
        if game is None:
            hole = self.any_hole()
        elif game.controller.selected is None:
            hole = self.source_hole(game)
        elif self.rng.random() < 0.85:
            hole = self.target_hole(game, game.controller.selected)
        else:
            hole = game.controller.selected
        pos = self.hole_point(hole)
        self.detail = f"hole {hole} at {pos}"
        self.click(pos)
        return True

    def click_widget(self) -> bool:
        """A click on a visible widget: a button (weighted by its text), an entry, the list.

        While a window is open (a question, a file dialog), mostly one of its own widgets:
        a blocking window takes every click anyway.
        """
        window = self.top_window()
        inside = window is not None and self.rng.random() < 0.8
        elements = list(all_elements(window)) if inside else self.driver.elements()
        scene = self.app.scene
        on_menu = type(scene) is MenuScene
        chapters = scene.chapter_buttons if isinstance(scene, RulesScene) else []
        candidates: list[tuple[float, object]] = []
        for element in self.buttons(elements):
            if on_menu and element.text == "Quit":
                continue
            weight = BUTTON_WEIGHTS.get(element.text, 1.0)
            if element in chapters:
                weight *= 0.4  # a chapter's drawings are slow to make and hold no game
            candidates.append((weight if element.is_enabled else weight * 0.2, element))
        for element in elements:
            if isinstance(element, pygame_gui.elements.UITextEntryLine) and element.visible:
                candidates.append((0.7, element))
        entries = self.list_entries(elements)
        if entries:
            candidates.append((0.6, self.rng.choice(entries)))
        if not candidates:
            return False
        weights = [weight for weight, _ in candidates]
        element = self.rng.choices([element for _, element in candidates], weights)[0]
        rect: pygame.Rect = element.rect  # type: ignore[attr-defined]
        pos = self.inside(rect)
        text = getattr(element, "text", type(element).__name__)
        if text == "Undo":
            self.stats.undo_presses += 1
        elif text == "Redo":
            self.stats.redo_presses += 1
        self.detail = f"{text!r} at {pos}"
        self.click(pos, after=2)
        return True

    def top_window(self) -> pygame_gui.elements.UIWindow | None:
        """The window on top of everything (a question, a file dialog, a message), if any."""
        stack = self.app.manager.get_window_stack().get_full_stack()
        for window in reversed(stack):
            if window.alive() and window.visible:
                return window
        return None

    def answer_window(self) -> bool:
        """Answer the window on top: one of its buttons (Cancel most), Enter or Escape."""
        window = self.top_window()
        if window is None:
            return False
        title = getattr(window, "window_display_title", type(window).__name__)
        buttons = self.buttons(list(all_elements(window)))
        choice = self.rng.random()
        if choice < 0.15 or not buttons:
            key = pygame.K_RETURN if self.rng.random() < 0.5 else pygame.K_ESCAPE
            self.detail = f"{title!r}: {pygame.key.name(key)}"
            self.post_key(key)
            self.pump(2)
            return True
        weights = [ANSWER_WEIGHTS.get(element.text, 1.0) for element in buttons]
        close = getattr(window, "close_window_button", None)
        element = self.rng.choices(buttons, weights)[0]
        if close is not None and choice < 0.25:
            element = close
        self.detail = f"{title!r}: {element.text!r}"
        self.click(self.inside(element.rect), after=2)
        return True

    def other_mouse(self) -> bool:
        """A right or middle click, or the mouse wheel."""
        pos = self.random_point()
        kind = self.rng.choice(["right", "middle", "wheel"])
        self.detail = f"{kind} at {pos}"
        if kind == "wheel":
            self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            steps = self.rng.choice([-3, -2, -1, 1, 2, 3])
            self.post(
                pygame.MOUSEWHEEL, x=0, y=steps, flipped=False, precise_x=0.0, precise_y=steps
            )
            self.pump(self.rng.randint(1, 3))
        else:
            self.click(pos, button=3 if kind == "right" else 2)
        return True

    def hover(self) -> bool:
        """The mouse wanders with no button held, then rests (tool tips appear)."""
        for _ in range(self.rng.randint(1, 4)):
            pos = self.random_point()
            self.post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
            self.pump()
        self.pump(self.rng.randint(1, 20), dt=self.rng.uniform(0.02, 0.1))
        self.detail = "and rest"
        return True

    def drag_anywhere(self) -> bool:
        """A drag between two random points, sometimes let go outside the window."""
        start = self.random_point()
        end = self.outside_point() if self.rng.random() < 0.2 else self.random_point()
        if self.quits(start) or self.quits(end):
            return False
        steps = self.rng.randint(1, 6)
        batched = self.rng.random() < 0.3
        self.detail = f"{start} -> {end} in {steps}{' batched' if batched else ''}"
        self.drag(start, end, steps, batched)
        return True

    def drag_peg(self) -> bool:
        """A peg carried to a hole, sometimes dropped off the board or outside the window."""
        game = self.game()
        if game is None:
            return False
        source = self.source_hole(game)
        start = self.hole_point(source)
        where = self.rng.random()
        if where < 0.8:
            target = self.target_hole(game, source)
            end = self.hole_point(target)
            self.detail = f"hole {source} -> hole {target}"
        elif where < 0.9:
            end = self.panel_point()
            self.detail = f"hole {source} -> the panel at {end}"
        else:
            end = self.outside_point()
            self.detail = f"hole {source} -> outside at {end}"
        self.drag(start, end, self.rng.randint(1, 5), batched=self.rng.random() < 0.2)
        return True

    def play_moves(self) -> bool:
        """A player's turn or a few: legal moves one after the other, by clicks or drags."""
        game = self.game()
        if game is None or game.controller.review is not None:
            return False
        count = self.rng.randint(1, 6)
        played = []
        for _ in range(count):
            game = self.game()
            if game is None or self.top_window() is not None:
                break
            legal = game.controller.history.position.legal_moves()
            if not legal:
                break
            move = self.rng.choice(legal)
            start, end = self.hole_point(move.src), self.hole_point(move.dst)
            way = self.rng.random()
            if way < 0.4:
                self.click(start)
                self.click(end)
            elif way < 0.8:
                self.drag(start, end, self.rng.randint(1, 4), batched=False)
            else:  # typed, as a player without a mouse does
                for char in str(move).replace("-", "" if self.rng.random() < 0.3 else "-"):
                    self.post_key(pygame.key.key_code(char.lower()), text=char)
                self.post_key(pygame.K_RETURN)
                self.pump(2)
            played.append(str(move))
            if game.table.computer:
                break  # the computer answers first
        self.detail = " ".join(played)
        return bool(played)

    def press_key(self) -> bool:
        """A key from :data:`KEYS`, or a digit or a letter (typed as text as well)."""
        kind = self.rng.random()
        if kind < 0.12:
            text = self.rng.choice("0123456789")
            key, mod = pygame.key.key_code(text), 0
        elif kind < 0.2:
            text = self.rng.choice("abcdefghijklmnopqrstuvwxyz")
            key, mod = pygame.key.key_code(text), 0
            if self.rng.random() < 0.2:
                mod, text = SHIFT, text.upper()
        else:
            _, key, mod, text = self.rng.choices(KEYS, [entry[0] for entry in KEYS])[0]
        if key == pygame.K_ESCAPE and type(self.app.scene) is MenuScene:
            return False  # it would close the app
        if mod & CTRL and key == pygame.K_z and not mod & SHIFT:
            self.stats.undo_presses += 1
        elif mod & CTRL and key in (pygame.K_y, pygame.K_z):
            self.stats.redo_presses += 1
        names = ("ctrl+" if mod & CTRL else "") + ("shift+" if mod & SHIFT else "")
        self.detail = names + pygame.key.name(key)
        self.post_key(key, mod, text)
        self.pump(self.rng.randint(1, 2))
        return True

    def type_in_entry(self) -> bool:
        """Click into a text box, rub some of it out, type a number, and often press Enter."""
        entries = [
            element
            for element in self.driver.elements()
            if isinstance(element, pygame_gui.elements.UITextEntryLine) and element.visible
        ]
        if not entries:
            return False
        entry = self.rng.choice(entries)
        self.click(self.inside(entry.rect))
        self.post_key(pygame.K_END)
        for _ in range(self.rng.randint(0, 9)):
            self.post_key(pygame.K_BACKSPACE)
        digits = "".join(self.rng.choice("0123456789") for _ in range(self.rng.randint(0, 7)))
        if self.rng.random() < 0.1:
            digits += self.rng.choice("x-,.")  # not allowed in these boxes
        for char in digits:
            self.post_key(pygame.key.key_code(char), text=char)
        enter = self.rng.random() < 0.6
        if enter:
            self.post_key(pygame.K_RETURN)
        self.detail = f"{digits!r}{' and Enter' if enter else ''}"
        self.pump(2)
        return True

    def random_size(self) -> tuple[int, int]:
        """A window size from :attr:`sizes`, one in ten below it (the window clamps it)."""
        (low_w, low_h), (high_w, high_h) = self.sizes
        if self.rng.random() < 0.1:  # too small: the window keeps its minimum
            return self.rng.randint(200, low_w), self.rng.randint(150, low_h)
        return self.rng.randint(low_w, high_w), self.rng.randint(low_h, high_h)

    def resize(self) -> bool:
        """Resize the window as a player dragging its edge, and let the layout settle."""
        window = self.app.window
        if window is None:
            return False
        size = self.random_size()
        self.detail = f"to {size}"
        window.size = size
        self.stats.resizes += 1
        for _ in range(60):
            self.pump()
            if self.app.pending_size is None:
                break
        assert self.app.pending_size is None, "the new window size never settled"
        assert self.app.size == tuple(window.size), (
            f"laid out for {self.app.size}, the window is {tuple(window.size)}"
        )
        return True

    def resize_unsettled(self) -> bool:
        """Resize the window and go on before the new size has settled."""
        window = self.app.window
        if window is None:
            return False
        size = self.random_size()
        frames = self.rng.randint(0, 3)
        self.detail = f"to {size}, {frames} frames"
        window.size = size
        self.stats.resizes += 1
        self.pump(frames)
        return True

    def post_resize_event(self) -> bool:
        """A WINDOWSIZECHANGED or VIDEORESIZE event posted directly, any size in it."""
        width, height = self.rng.randint(1, 2500), self.rng.randint(1, 1600)
        if self.rng.random() < 0.5:
            self.post(pygame.WINDOWSIZECHANGED, x=width, y=height)
            self.detail = f"WINDOWSIZECHANGED {width}x{height}"
        else:
            self.post(pygame.VIDEORESIZE, size=(width, height), w=width, h=height)
            self.detail = f"VIDEORESIZE {width}x{height}"
        self.stats.resizes += 1
        self.pump(self.rng.randint(0, 3))
        return True

    def switch_scene(self) -> bool:
        """Go straight to a scene by its route, as ``App.go`` does: every scene is reachable."""
        app = self.app
        rng = self.rng
        kind = rng.choice(
            [
                "menu",
                "two",
                "setup",
                "computer",
                "handicap",
                "solitaire",
                "rules",
                "settings",
                "statistics",
                "icebreaker setup",
                "icebreaker",
                "icebreaker",  # the second game, about as often as the first's screens
                "learn",
                "puzzles",
                "practice",
            ]
        )
        route, options = {
            "menu": ("menu", {}),
            "two": ("game", {}),
            "setup": ("computer", {}),
            "handicap": ("handicap", {}),
            "icebreaker setup": ("icebreaker-setup", {}),
            "settings": ("settings", {}),
            "statistics": ("statistics", {}),
            "practice": ("practice", {}),  # by its name alone: nothing to practise yet
        }.get(kind, ("", {}))
        if kind == "computer":
            side = rng.choice(["fire", "ice", "watch"])
            level = rng.choices(list(LEVEL_WEIGHTS), list(LEVEL_WEIGHTS.values()))[0]
            handicap = Handicap()
            if rng.random() < 0.25:
                holes = random_handicap(rng.randint(1, MAX_HANDICAP), rng.randrange(1 << 20))
                handicap = Handicap(holes, rng.choice(list(Color)))
            session = Session("fire-and-ice", handicap, levels_for(side, level), ("computer", {}))
            route, options = "play", {"session": session}
            kind = f"computer {side} {level}"
        elif kind == "icebreaker":
            how = rng.random()
            if how < 0.4:
                self.detail = "icebreaker by its card: " + self.start_icebreaker()
                return True
            size = rng.randint(MIN_SEA, MAX_SEA)
            levels = None
            kind = f"icebreaker side {size}"
            if rng.random() < 0.5:
                side = rng.choice(["red", "black", "watch"])
                level = rng.choices(list(LEVEL_WEIGHTS), list(LEVEL_WEIGHTS.values()))[0]
                levels = icebreaker_levels(side, level)
                kind += f", computer {side} {level}"
            if how >= 0.7:  # a saved game opened, as Continue and Open do
                scene = self.sea_near_its_end(size, levels)
                history = scene.controller.history
                kind += f", {len(history.played)} moves played, {len(history.moves)} in all"
                self.detail = kind
                app.switch(scene)
                self.pump()
                return True
            route, options = "icebreaker", {"size": size, "computer": levels}
        elif kind == "solitaire":
            deal = rng.randint(FIRST_DEAL, LAST_DEAL) if rng.random() < 0.7 else None
            route, options = "solitaire", {"deal": deal}
            kind = f"solitaire deal {deal}"
        elif kind == "learn":  # any lesson of any game, or the first not done
            keys = [lesson.key for lesson in LESSONS]
            lesson = rng.choice(keys) if rng.random() < 0.8 else None
            route, options = "learn", {"lesson": lesson}
            kind = f"learn {lesson or 'where the player left off'}"
        elif kind == "puzzles":
            puzzle = rng.choice(all_puzzles()).id if rng.random() < 0.6 else None
            daily = puzzle is None and rng.random() < 0.5
            route, options = "puzzles", {"puzzle_id": puzzle, "daily": daily}
            kind = f"puzzle {puzzle or ('of the day' if daily else 'next')}"
        elif kind == "rules":
            chapter = rng.randrange(len(CHAPTERS))
            route, options = "rules", {"chapter": chapter}
            kind = f"rules chapter {chapter + 1}"
        self.detail = kind
        app.go(route, **options)
        self.pump()
        return True

    def sea_near_its_end(self, size: int, levels: dict[Side, str] | None) -> GameScreen:
        """An Icebreaker game a few moves before its end, opened as a saved game is: a
        random game of which the last moves are still to be played, or to be redone.

        Games on the sea are long, and the monkey seldom stays long enough to finish one
        from the start; this way the ends of games are played too.
        """
        position = IcebreakerPosition.start(size)
        moves: list[Step] = []
        while not position.is_over:
            move = self.rng.choice(position.legal_moves())
            moves.append(move)
            position = position.play(move)
        left = self.rng.randint(1, 6)
        undone = tuple(moves[-left:]) if self.rng.random() < 0.5 else ()
        record = GameRecord(
            "icebreaker",
            moves=tuple(moves[:-left]),
            computer=tuple((levels or {}).items()),
            undone=undone,
            setup=Sea(size),
        )
        return screen_for_record(self.app.context, record)

    def start_icebreaker(self) -> str:
        """Open Icebreaker's set-up card, click a side of 4 to 8 and a friend or the computer
        (a side and a level), then Start; returns what was chosen."""
        rng = self.rng
        self.app.go("icebreaker-setup")
        self.pump()
        wanted: dict[str, object] = {
            "size": rng.randint(MIN_SEA, MAX_SEA),
            "opponent": rng.choice(["friend", "computer"]),
        }
        if wanted["opponent"] == "computer":
            wanted["side"] = rng.choice(["red", "black", "watch"])
            wanted["level"] = rng.choices(list(LEVEL_WEIGHTS), list(LEVEL_WEIGHTS.values()))[0]
        for key, value in wanted.items():
            scene = self.app.scene
            if not isinstance(scene, IcebreakerSetupScene):
                break
            for element, choice in scene.choices.items():
                if choice == (key, value):
                    self.click(self.inside(element.rect))  # type: ignore[attr-defined]
        scene = self.app.scene
        if isinstance(scene, IcebreakerSetupScene):
            self.click(self.inside(scene.start_button.rect), after=2)
        return " ".join(str(value) for value in wanted.values())

    def undo_storm(self) -> bool:
        """5 to 50 undos and redos (keys and buttons), hardly a frame between them."""
        game = self.game()
        if game is None:
            return False
        count = self.rng.randint(5, 50)
        for _ in range(count):
            kind = self.rng.choices(
                ["ctrl+z", "ctrl+y", "ctrl+shift+z", "Undo", "Redo", "quick move"],
                [33, 38, 10, 12, 12, 4],
            )[0]
            if kind == "ctrl+z":
                self.post_key(pygame.K_z, CTRL)
                self.stats.undo_presses += 1
            elif kind == "ctrl+y":
                self.post_key(pygame.K_y, CTRL)
                self.stats.redo_presses += 1
            elif kind == "ctrl+shift+z":
                self.post_key(pygame.K_z, CTRL | SHIFT)
                self.stats.redo_presses += 1
            elif kind == "quick move":  # a fast player's two clicks within one frame
                scene = self.game()
                if scene is not None:
                    source = self.source_hole(scene)
                    self.post_click(self.hole_point(source))
                    self.post_click(self.hole_point(self.target_hole(scene, source)))
            else:
                scene = self.game()
                element = None
                if scene is not None and scene.panel is not None:
                    panel = scene.panel
                    element = panel.undo_button if kind == "Undo" else panel.redo_button
                if element is not None and element.visible:
                    self.post_click(self.inside(element.rect))
                    if kind == "Undo":
                        self.stats.undo_presses += 1
                    else:
                        self.stats.redo_presses += 1
            if self.rng.random() < 0.2:
                self.pump()
        self.detail = f"{count} presses"
        self.pump(2)
        return True

    def idle(self) -> bool:
        """Frames with random time steps (0 to 0.1 s): animations, hints, the computer."""
        frames = self.rng.randint(1, 12)
        self.detail = f"{frames} frames"
        for _ in range(frames):
            self.pump(1, self.rng.uniform(0.0, 0.1))
        return True

    def wait_for_computer(self) -> bool:
        """When the computer is to move: frames until it has (bounded)."""
        scene = self.app.scene
        if (
            not isinstance(scene, GameScreen)
            or scene.table.computer_to_move(scene.controller) is None
        ):
            return False

        def state() -> tuple[object, int, int]:
            history = scene.controller.history
            return history, history.cursor, len(history.moves)

        before = state()
        # With sync every frame waits for the search, so the frames alone bound the wait
        # (a clock would make the run depend on the machine's speed).
        deadline = time.monotonic() + JOB_TIMEOUT
        frames = 0
        while frames < 120 and (self.sync or time.monotonic() < deadline):
            self.pump(1, 0.1)
            frames += 1
            if self.app.scene is not scene or state() != before:
                break
            if not self.sync:
                time.sleep(0.002)  # let the search thread have the interpreter
        self.detail = f"{frames} frames"
        return True

    # --- what a player types, pastes and opens ----------------------------------------

    def scene_files(self) -> FileDialogs | None:
        """The Open and Save windows of the scene on screen, if it has them."""
        scene = self.app.scene
        files = getattr(getattr(scene, "windows", scene), "files", None)  # a game's, a menu's
        return files if isinstance(files, FileDialogs) else None

    def file_dialog(self, purpose: str | None = None) -> pygame_gui.windows.UIFileDialog | None:
        """The scene's file dialog, ready for the keyboard; one is opened by its shortcut
        (Ctrl+O, or Ctrl+S in a game) when none is open and no window is on top.

        ``purpose`` ("open" or "save") asks for that dialog; ``None`` takes either.
        ``None`` when there is no such dialog to be had here.
        """
        files = self.scene_files()
        if files is None:
            return None
        dialog = files.dialog
        if dialog is not None and dialog.alive():
            fits = purpose is None or files.purpose == purpose
            return dialog if fits and self.top_window() is dialog else None
        if self.top_window() is not None:
            return None
        if purpose is None:
            purpose = "save" if self.game() is not None and self.rng.random() < 0.5 else "open"
        if purpose == "save" and self.game() is None:
            return None
        self.post_key(pygame.K_s if purpose == "save" else pygame.K_o, CTRL)
        self.pump(2)
        files = self.scene_files()
        dialog = files.dialog if files is not None else None
        if dialog is None or not dialog.alive() or self.top_window() is not dialog:
            return None
        return dialog

    def type_text(self, text: str) -> None:
        """Type ``text`` as text input events of up to 32 characters each (as SDL hands
        over what an input method or a fast typist gives), a frame now and then."""
        position = 0
        while position < len(text):
            size = self.rng.randint(1, 32)
            self.post(pygame.TEXTINPUT, text=text[position : position + size])
            position += size
            if self.rng.random() < 0.3:
                self.pump()

    def paste(self, text: str) -> None:
        """Put ``text`` on the clipboard and press Ctrl+V."""
        pygame.scrap.put_text(text)
        self.post_key(pygame.K_v, CTRL)

    def fill_name_box(self, dialog: pygame_gui.windows.UIFileDialog, text: str, how: str) -> None:
        """Click into the dialog's name box, select all of it and put ``text`` there:
        typed (``how`` "type") or pasted."""
        entry = dialog.file_path_text_line
        self.click(self.inside(entry.rect))
        self.post_key(pygame.K_a, CTRL)
        if how == "paste":
            self.paste(text)
        else:
            self.type_text(text)
        self.pump()

    def confirm_name(self, dialog: pygame_gui.windows.UIFileDialog) -> str:
        """Enter in the name box, or a click on OK, or neither; then the reading of a large
        file is waited for.  Says which."""
        choice = self.rng.random()
        if choice < 0.65:
            self.post_key(pygame.K_RETURN)
            self.pump(2)
            how = "Enter"
        elif choice < 0.9 and dialog.alive():
            self.pump()  # the name's last change reaches the dialog first
            self.click(self.inside(dialog.ok_button.rect), after=2)
            how = "OK"
        else:
            self.pump()
            how = "left open"
        self.settle_reading()
        return how

    def odd_name(self, folder: str) -> tuple[str, str, str]:
        """A name for the box in ``folder``: (its kind, the whole text, how it goes in)."""
        rng = self.rng
        kinds = list(NAME_KINDS)
        if self.crafted_folder is None:
            kinds.remove("through a file")
        kind = rng.choices(kinds, [NAME_KINDS[name] for name in kinds])[0]
        suffix = rng.choice(NAME_SUFFIXES)
        if kind == "long":
            # Clear of the box's limit, whatever the folder's length: the run is the same
            # in any sandbox.
            length = rng.randint(250, 3500) if rng.random() < 0.85 else rng.randint(4500, 5000)
            body = "".join(rng.choices(NAME_LETTERS, k=length))
            return kind, f"{folder}/{body}{suffix}", "type" if length <= 300 else "paste"
        if kind == "long folder":
            return kind, f"{folder}/{'y' * rng.randint(256, 400)}/game{suffix}", "paste"
        if kind == "huge paste":
            size = rng.choice([5_000, 20_000, 100_000, 300_000]) + rng.randint(0, 999)
            piece = rng.choice(["a/", "x", "../", "\U0001f525", "/tmp/a.fireice\n"])
            return kind, (piece * (size // len(piece) + 1))[:size], "paste"
        if kind == "nul":
            stem = "".join(rng.choices(NAME_LETTERS, k=rng.randint(1, 20)))
            cut = rng.randint(0, len(stem))
            # Typed: no clipboard carries a NUL (and no SDL text event does: the box drops it).
            return kind, f"{folder}/{stem[:cut]}\0{stem[cut:]}{suffix}", "type"
        if kind == "control":
            pool = CONTROL_CHARS + "abc"
            name = "".join(rng.choices(pool, k=rng.randint(1, 12)))
            return kind, f"{folder}/{name}{suffix}", "type"
        if kind == "emoji":
            name = "".join(rng.choices((*ODD_PIECES, "a", "b"), k=rng.randint(1, 10)))
            return kind, f"{folder}/{name}{suffix}", rng.choice(["type", "paste"])
        if kind == "separators":
            return kind, f"{folder}/{rng.choice(SEPARATED_NAMES)}{suffix}", "type"
        if kind == "dots":
            return kind, f"{folder}/{rng.choice(DOTTED_NAMES)}{suffix}", "type"
        assert self.crafted_folder is not None
        return kind, f"{self.crafted_folder}/file.txt/x{suffix}", rng.choice(["type", "paste"])

    def name_box(self) -> bool:
        """An odd name in the Open or Save window's name box (see :data:`NAME_KINDS`):
        long, with NUL or control characters, emoji, separators or dots, through a file,
        in a folder too long for the system, or a huge paste; then mostly Enter or OK."""
        dialog = self.file_dialog()
        files = self.scene_files()
        if dialog is None or files is None:
            return False
        folder = dialog.current_directory_path
        kind, text, how = self.odd_name(folder)
        self.fill_name_box(dialog, text, how)
        if kind == "huge paste":
            self.stats.name_pastes += 1
        elif len(text) >= 250:
            self.stats.long_names += 1
        else:
            self.stats.odd_names += 1
        answer = self.confirm_name(dialog)
        shown = text.removeprefix(folder)  # the sandbox's path differs from run to run
        self.detail = (
            f"{files.purpose}: {kind} name of {len(text)} characters {how}d, {answer}: "
            f"{shown[:30]!r}{'...' if len(shown) > 30 else ''}"
        )
        return True

    def open_crafted(self) -> bool:
        """A crafted file (see :func:`crafted_files`) typed or pasted into the Open
        window's name box, then Enter or OK."""
        if self.crafted_folder is None:
            return False
        dialog = self.file_dialog("open")
        if dialog is None:
            return False
        name = self.rng.choice(self.crafted)
        text = str(self.crafted_folder / name)
        self.fill_name_box(dialog, text, self.rng.choice(["type", "paste"]))
        answer = self.confirm_name(dialog)
        if not dialog.alive():  # the dialog took the file: it was read, or is being read
            self.stats.crafted_opened += 1
        self.detail = f"{name!r}, {answer}{'' if dialog.alive() else ', taken'}"
        return True

    def samples(self) -> list[str]:
        """Games of each kind as text, made once (the first time from the monkey's draws)."""
        if self._samples is None:
            self._samples = [record.to_text() for record in sample_records(self.rng)]
        return self._samples

    def pasted_text(self, game: GameScreen) -> tuple[str, str]:
        """A text to paste into the Text window: (what it is, the text)."""
        rng = self.rng
        kind = rng.choices(list(TEXT_KINDS), list(TEXT_KINDS.values()))[0]
        if kind == "tiny":
            return kind, rng.choice(TINY_TEXTS)
        if kind in ("mangled game", "long game"):
            base = rng.choice([game.record().to_text(), *self.samples()])
            if kind == "long game":
                size = rng.randint(16 * 1024, MAX_RECORD_BYTES - 10)
                return kind, (base * (size // max(1, len(base)) + 1))[:size]
            how, text = mangled(base, rng)
            return f"game {how}", text
        if kind == "record with a huge field":
            key, value = rng.choice(HUGE_FIELDS)
            text = record_bytes(**{key: value("f" * 200_000)}).decode()
            return f"record with a 200 kB {key}", text
        if kind == "binary":
            length = rng.randint(1, 200) if rng.random() < 0.5 else rng.randint(1000, 60_000)
            return kind, "".join(rng.choices(BINARY_CHARS, k=length))
        if kind == "over the limit":
            size = MAX_RECORD_BYTES + rng.randint(1, 5000)
            return kind, ("D4-C4\n" * (size // 6 + 1))[:size]
        return kind, "Game: Fire & Ice\n\n" + "D4-C4\n" * 28_000

    def paste_text(self) -> bool:
        """Open the Text window (T) if need be, paste a large or mangled text into it (its
        Paste button, or Ctrl+V in its box), and mostly play it."""
        game = self.game()
        if game is None:
            return False
        window = game.windows.text_window
        if window is None or not window.is_open:
            if self.top_window() is not None:
                return False
            self.post_key(pygame.K_t, text="t")
            self.pump(2)
            window = game.windows.text_window if self.app.scene is game else None
            if window is None or not window.is_open:
                self.detail = "T brought no text window"
                return True
        elif self.top_window() is not window.window:
            return False
        kind, text = self.pasted_text(game)
        before = window.current_text()
        pygame.scrap.put_text(text)
        if self.rng.random() < 0.6:
            how = "Paste"
            self.click(self.inside(window.paste_button.rect), after=2)
        else:
            how = "Ctrl+V"
            self.click(self.inside(window.box.rect))
            self.post_key(pygame.K_v, CTRL)
            self.pump(2)
        if len(text.encode("utf-8")) > MAX_RECORD_BYTES and window.is_open:
            # Larger than any saved game may be: refused at once, what was there kept.
            assert window.current_text() == before, (
                f"a paste of {len(text):,} characters, larger than any game, was taken"
            )
        self.stats.text_pastes += 1
        played = window.is_open and self.rng.random() < 0.75
        if played:
            self.click(self.inside(window.play_button.rect), after=2)
            self.settle_reading()
            self.stats.texts_played += 1
        self.detail = f"{kind}, {len(text)} characters, by {how}{', played' if played else ''}"
        return True

    def reading(self) -> bool:
        """Whether a file or a text is being read off the UI thread."""
        scene = self.app.scene
        files = self.scene_files()
        window = getattr(getattr(scene, "windows", None), "text_window", None)
        return (files is not None and files.reading is not None) or (
            isinstance(window, TextWindow) and window.reading is not None
        )

    def settle_reading(self) -> None:
        """Frames until no file or text is read off the UI thread: with ``sync`` a frame
        or two (each waits for the job); else bounded by :data:`JOB_TIMEOUT`."""
        deadline = time.monotonic() + JOB_TIMEOUT
        frames = 0
        while self.reading() and self.app.running:
            assert self.sync or time.monotonic() < deadline, "the reading never ended"
            assert frames < 10 or not self.sync, "the reading ended, the app never saw it"
            self.pump()
            frames += 1
            if not self.sync:
                time.sleep(0.002)

    # --- the kept game ------------------------------------------------------------------

    def unreadable_files(self) -> set[Path]:
        """The kept games set aside in the data folder (``autosave.unreadable*``)."""
        try:
            names = os.listdir(data_dir())
        except OSError:
            return set()
        return {data_dir() / name for name in names if name.startswith("autosave.unreadable")}

    def damage_kept_game(self) -> bool:
        """Damage the kept game on disk (see :func:`damaged_kept_game`), then go to the
        menu, or start the app afresh: it must set the bytes aside and say so, once."""
        if self.sandbox is None:
            return False
        path = autosave_path()
        try:
            kept = path.read_bytes()
        except OSError:
            record = played_record(GameRecord(), self.rng, self.rng.randint(1, 12))
            kept = record.to_json().encode()
        how, damaged = damaged_kept_game(kept, self.rng)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(damaged)
        self._damaged.add(hashlib.sha256(damaged).hexdigest())
        self.stats.kept_damaged += 1
        before = self.unreadable_files()
        relaunch = self.rng.random() < 0.3
        if relaunch:
            self.restart()
        else:
            self.app.go("menu")
            self.pump(2)
        self.detail = (
            f"{how}, {len(damaged)} bytes, then {'a new start' if relaunch else 'the menu'}"
        )
        new = self.unreadable_files() - before
        if not new:
            # Readable after all (a flipped space), or the game on screen was kept over
            # it as the menu came: either way a game, not the damaged bytes, is there now.
            try:
                read_game(path)
            except SaveFileError as error:
                raise AssertionError(f"an unreadable kept game stayed in place: {error}") from None
            self.detail += ", still readable"
            return True
        assert len(new) == 1, f"one kept game set aside as {len(new)} files"
        [aside] = new
        assert aside.read_bytes() == damaged, f"{aside.name} holds other bytes than the damaged"
        assert not os.path.lexists(path), "the unreadable kept game is still in place too"
        scene = self.app.scene
        assert isinstance(scene, MenuScene), f"a kept game set aside on {screen_kind(scene)}"
        notice = scene.notice.window
        assert notice is not None and scene.notice.is_open, "the menu did not say it was set aside"
        title = tr("keeping.unreadable_title")
        assert notice.window_display_title == title, (
            f"the menu says {notice.window_display_title!r}"
        )
        self._notice_menu = scene
        self.stats.kept_set_aside += 1
        self.detail += ", set aside"
        return True

    # --- restarting ---------------------------------------------------------------------

    def restart(self) -> None:
        """A fresh app, with the saved settings, as on relaunch (after a quit from the
        menu, or to read a kept game the monkey damaged)."""
        old = self.app
        old.scene.leave()
        size = old.window.size if old.window is not None else old.size
        if old.window is not None:
            old.window.destroy()
        pygame.event.clear()
        self.driver.app = App(tuple(size), settings=Settings.load(), window=True)
        self.stats.restarts += 1
        self._scene = None
        self.pump(2)

    # --- invariants ---------------------------------------------------------------------

    def check(self) -> None:
        """Check the invariants of the app after an action (raises ``AssertionError``)."""
        if self.watch.failures:
            raise AssertionError(f"a background job raised:\n{self.watch.failures[0]}")
        if not self.app.running:
            name = screen_kind(self.app.scene)
            assert type(self.app.scene) is MenuScene, f"the app stopped on {name}"
            self.restart()
        app = self.app
        scene = app.scene
        if scene is not self._scene:
            self._scene = scene
            self.stats.scenes[screen_kind(scene)] += 1
        width, height = app.size
        assert width >= MIN_SIZE[0] and height >= MIN_SIZE[1], f"window {app.size} too small"
        settled = app.pending_size is None
        if settled:
            resolution = tuple(app.manager.window_resolution)
            assert resolution == app.size, f"widgets laid out for {resolution}, not {app.size}"
            if isinstance(scene, BoardScene):
                assert scene.layout is not None, "a board scene without a board"
                expected = (0, 0, width - panel_width(width), height)
                assert tuple(scene.layout.rect) == expected, (
                    f"the board is laid out in {scene.layout.rect}, not {expected}"
                )
                if is_game(scene, "icebreaker"):
                    assert isinstance(scene, GameScreen)
                    self.check_sea_layout(scene)
        if isinstance(scene, GameScreen):
            self.check_game(scene)
        elif isinstance(scene, HandicapScene):
            self.check_handicap(scene)
        elif isinstance(scene, IcebreakerSetupScene):
            self.check_sea_card(scene)
        elif isinstance(scene, RulesScene):
            assert 0 <= scene.chapter < len(CHAPTERS), f"rules chapter {scene.chapter}"
        box = message_box_of(scene)
        if box is not None:
            text = plain_text(box.html_text)
            for bad in FORBIDDEN_TEXT:
                assert bad not in text, f"the message box says {text!r}"
        self.check_messages()
        if self.sandbox is not None:
            self.check_kept_files()

    def check_messages(self) -> None:
        """What the windows, the Text window's status and the panel say: short (at most
        :data:`MESSAGE_LIMIT` characters), never an exception, never the app's error
        window, and the notice of a kept game set aside only on the menu after a damage."""
        scene = self.app.scene
        said: list[tuple[str, str]] = []
        crash = tr("keeping.crash_title")
        unreadable = tr("keeping.unreadable_title")
        for window in self.app.manager.get_window_stack().get_full_stack():
            if not window.alive():
                continue
            title = str(getattr(window, "window_display_title", ""))
            assert title != crash, "the app went down its error path (Something went wrong)"
            if title == unreadable:
                assert scene is self._notice_menu, "a kept game could not be read: said again"
            for part in ("text_block", "confirmation_text"):
                element = getattr(window, part, None)
                if element is not None:
                    said.append((f"the window {title!r}", plain_text(element.html_text)))
        window = getattr(getattr(scene, "windows", None), "text_window", None)
        if isinstance(window, TextWindow) and window.is_open:
            said.append(("the Text window", plain_text(window.status.html_text)))
        box = message_box_of(scene)
        if box is not None:
            said.append(("the message box", plain_text(box.html_text)))
        for where, text in said:
            self.stats.longest_message = max(self.stats.longest_message, len(text))
            assert len(text) <= MESSAGE_LIMIT, (
                f"{where} says {len(text)} characters: {text[:120]!r}...{text[-120:]!r}"
            )
            found = WINDOW_FORBIDDEN.search(text)
            assert found is None, f"{where} says {found.group()!r}: {text[:200]!r}"

    def check_kept_files(self) -> None:
        """The kept games set aside: each holds bytes the monkey damaged (the app never
        sets aside a game it kept itself) and never changes or goes; and no error went
        through the app's last line of defence (its log stays unwritten)."""
        assert not self.app.failed, "the app stopped after repeated errors"
        assert not log_path().exists(), f"an error was logged:\n{log_path().read_text()[-2000:]}"
        for path in self.unreadable_files():
            info = os.lstat(path)
            signature = (info.st_size, info.st_mtime_ns, info.st_ino)
            known = self._aside.get(path)
            if known is not None and known[0] == signature:
                continue
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            if known is None:
                assert digest in self._damaged, (
                    f"{path.name} was set aside, but the monkey never damaged a kept game "
                    "into its bytes: the app could not read a game it kept"
                )
            else:
                assert digest == known[1], f"{path.name} changed after it was set aside"
            self._aside[path] = (signature, digest)
        for path in self._aside:
            assert os.path.lexists(path), f"{path.name}, a kept game set aside, is gone"

    def check_game(self, scene: GameScreen) -> None:
        """The history, the controller and the panel of the game on screen."""
        controller = scene.controller
        history = controller.history
        positions, moves, cursor = history.positions, history.moves, history.cursor
        assert len(positions) == len(moves) + 1, (
            f"{len(positions)} positions for {len(moves)} moves"
        )
        assert 0 <= cursor <= len(moves), f"cursor {cursor} with {len(moves)} moves"
        same = history is self._history
        if not same:
            self._history, self._verified, self._verified_moves = history, [], []
            self._cursor = cursor
        # Only what was not verified before is checked: the unchanged prefix is skipped
        # (position i and the move that led to it are the same objects as last time).
        first = 0
        verified, verified_moves = self._verified, self._verified_moves
        while (
            first < len(verified)
            and first < len(positions)
            and positions[first] is verified[first]
            and (first == 0 or moves[first - 1] is verified_moves[first - 1])
        ):
            first += 1
        if first == 0:
            check_start(positions[0])
            if is_game(scene, "icebreaker"):
                assert isinstance(positions[0], IcebreakerPosition), "Icebreaker without a sea"
            if is_game(scene, "solitaire"):
                assert isinstance(scene.view, SolitaireView), "a solitaire without its view"
                deal = scene.view.deal
                dealt = SolitairePosition.deal(deal)
                assert positions[0] == dealt, f"the board is not deal {deal}"
            first = 1
        for index in range(first, len(positions)):
            check_move(index, positions[index - 1], moves[index - 1], positions[index])
        sea = isinstance(positions[0], IcebreakerPosition)
        if same:
            new = len(positions) - first
            self.stats.moves += new
            if sea:
                self.stats.sea_moves += new
            back_to = first - 1 if new else cursor
            self.stats.undone += max(0, self._cursor - back_to)
            if not new and cursor > self._cursor:
                self.stats.redone += cursor - self._cursor
        self._verified, self._verified_moves = list(positions), list(moves)
        self._cursor = cursor
        if history.position.is_over and history not in self._finished:
            self._finished.add(history)
            self.stats.games_finished += 1
            if sea:
                self.stats.sea_games_finished += 1

        review = controller.review
        assert review is None or 0 <= review < cursor, f"reviewing {review} of {cursor}"
        shown = controller.shown
        assert any(shown is position for position in positions), "shown: not in the history"
        selected = controller.selected
        if selected is not None:
            assert review is None, "a peg is held while reviewing"
            sources = {move.src for move in history.position.legal_moves()}
            assert selected in sources, f"the held peg on {selected} has no move"
            if is_game(scene, "icebreaker"):
                self.check_sea_selection(scene)
        animation = controller.animation
        if animation is not None:
            assert cursor > 0 and animation.after == history.position, "animating a stale move"
            assert animation.before == positions[cursor - 1], "animating from a stale position"
        if not controller.changed and self.app.pending_size is None:
            # The panel was refreshed since the last change: it must show the history.
            panel = scene.panel
            assert isinstance(panel, GamePanel), "a game screen without its panel"
            if panel.over_panel is not None:
                assert history.position.is_over, "the game-over card over a game that goes on"
            played = history.played
            items = [item["text"] for item in panel.move_list.item_list]
            assert len(items) == len(played), f"{len(items)} moves listed, {len(played)} played"
            for index, (text, move) in enumerate(zip(items, played, strict=True)):
                text = text.strip()
                passer = passed(positions[index], positions[index + 1])
                if passer is not None:
                    suffix = f" ({passer.title} passes)"
                    assert text.endswith(suffix), (
                        f"move list entry {index + 1} says {text!r}: {passer.title} passed"
                    )
                    text = text.removesuffix(suffix)
                mark = ""
                judged = scene.work.analysis.move(index)
                if judged is not None:  # an analysed game: the verdict's mark follows the move
                    mark = judged.verdict.symbol
                    assert text.endswith(f"{move}{mark}"), (
                        f"move list entry {index + 1} says {text!r}, judged {mark!r}"
                    )
                text = text.removesuffix(mark)
                assert text.endswith(str(move)), (
                    f"move list entry {index + 1} says {text!r}, the move was {move}"
                )
            assert panel.undo_button.is_enabled == history.can_undo, "Undo enabled wrongly"
            assert panel.redo_button.is_enabled == history.can_redo, "Redo enabled wrongly"

    def check_sea_selection(self, scene: GameScreen) -> None:
        """A picked-up ship: the sea marks its steps, each with a shortest way to the ice."""
        controller = scene.controller
        if (
            controller.animation is not None
            or scene.mouse.drag_pos is not None
            or not self.app.settings.show_legal_moves
        ):
            return
        position = controller.history.position
        assert isinstance(position, IcebreakerPosition)
        selected = controller.selected
        assert selected is not None
        view = scene.view
        assert isinstance(view, IcebreakerView), "Icebreaker without its view"
        picture = view.picture(scene.moment())
        steps = position.steps(selected)
        assert picture.selected == selected, "the sea marks another ship"
        assert picture.targets == steps, (
            f"the sea marks {picture.targets:#x} for the ship on {position.cell_name(selected)}, "
            f"its steps are {steps:#x}"
        )
        assert sorted(path[1] for path in picture.paths) == position.board.cells_of(steps), (
            "one way per step"
        )
        distance = position.distance(selected)
        for path in picture.paths:
            names = "-".join(position.cell_name(cell) for cell in path)
            assert path[0] == selected and position.has_iceberg(path[-1]), f"the way {names}"
            assert distance is not None and len(path) == distance + 1, f"the way {names} is long"
            for here, there in itertools.pairwise(path):
                assert position.board.neighbours[here] >> there & 1, f"the way {names} jumps"

    def check_sea_layout(self, scene: GameScreen) -> None:
        """Icebreaker's sea fits the board's side of the window, one place per cell."""
        layout = scene.layout
        if layout is self._sea_layout:
            return  # checked when it was made
        view = scene.view
        assert isinstance(view, IcebreakerView), "Icebreaker without its view"
        assert layout is not None and view.sea is not None and view.sea.layout is layout
        size = scene.controller.history.positions[0].size
        board = HexBoard.of(size)
        assert layout.size == size, f"a side-{layout.size} sea for a side-{size} game"
        assert sorted(layout.holes) == sorted(board.cells), "the sea's cells are not the board's"
        x, y, width, height = layout.rect
        for cell, (cx, cy) in layout.holes.items():
            assert x <= cx <= x + width and y <= cy <= y + height, (
                f"cell {board.name(cell)} at {(cx, cy)} lies outside the board {layout.rect}"
            )
            assert layout.hole_at((cx, cy)) == cell, f"a click on {board.name(cell)} misses it"
        self._sea_layout = layout

    def check_sea_card(self, scene: IcebreakerSetupScene) -> None:
        """Icebreaker's set-up card: sensible choices, one marked per row, and the side and
        level rows usable only against the computer."""
        choices = self.app.context.choices["icebreaker"]
        assert scene.store is choices, "the card keeps its choices elsewhere than the app"
        assert MIN_SEA <= choices["size"] <= MAX_SEA, f"board side {choices['size']}"
        assert choices["opponent"] in ("friend", "computer"), f"opponent {choices['opponent']}"
        assert choices["side"] in ("red", "black", "watch"), f"side {choices['side']}"
        assert choices["level"] in SEA_LEVELS, f"level {choices['level']}"
        computer = choices["opponent"] == "computer"
        for element, (key, value) in scene.choices.items():
            text = getattr(element, "text", "?")
            if key in ("side", "level"):
                assert element.is_enabled == computer, (  # type: ignore[attr-defined]
                    f"{text!r} is {'dis' if computer else 'en'}abled against {choices['opponent']}"
                )
            if element.is_enabled:  # type: ignore[attr-defined]
                marked = element.is_selected  # type: ignore[attr-defined]
                assert marked == (choices[key] == value), (
                    f"{text!r} is {'' if marked else 'not '}marked; {key} is {choices[key]!r}"
                )

    def check_handicap(self, scene: HandicapScene) -> None:
        """The handicap set-up obeys the placement rule."""
        setup = scene.setup
        assert 1 <= setup.count <= MAX_HANDICAP, f"{setup.count} handicap pegs"
        assert len(setup.holes) <= setup.count, f"{len(setup.holes)} of {setup.count} placed"
        assert len(set(setup.holes)) == len(setup.holes), "a handicap hole twice"
        check_handicap(setup.holes)
        check_position(setup.start())


AnyPosition = Position | SolitairePosition | IcebreakerPosition


def check_position(position: AnyPosition) -> None:
    """A position holds together: disjoint colours on the 49 holes, pegs accounted for."""
    if isinstance(position, IcebreakerPosition):
        check_sea(position)
        return
    fire, ice = position.fire, position.ice
    assert not fire & ice, f"a hole holds both colours in {position!r}"
    assert not (fire | ice) & ~ALL_HOLES, f"pegs off the board in {position!r}"
    if isinstance(position, Position):
        assert isinstance(position.to_move, Color), f"nobody to move in {position!r}"
        for color in Color:
            supply = position.supply(color)
            on_board = position.pegs(color).bit_count()
            assert 0 <= supply <= PEGS_PER_SIDE, f"{color.title} supply {supply}"
            assert on_board + supply == PEGS_PER_SIDE, (
                f"{color.title}: {on_board} on the board + {supply} in supply in {position!r}"
            )
    else:
        assert fire.bit_count() <= PEGS_PER_COLOR and ice.bit_count() <= PEGS_PER_COLOR, (
            f"too many pegs in {position!r}"
        )


def check_sea(position: IcebreakerPosition) -> None:
    """An Icebreaker position holds together: three ships a side on cells of their own, no
    ship on an iceberg, and every iceberg of the start either afloat or captured."""
    assert MIN_SEA <= position.size <= MAX_SEA, f"a sea of side {position.size}"
    board = position.board
    red, black, icebergs = position.red, position.black, position.icebergs
    assert not red & black, f"two ships on one cell in {position!r}"
    assert not (red | black) & icebergs, f"a ship on an iceberg in {position!r}"
    assert not (red | black | icebergs) & ~board.all_cells, f"off the sea in {position!r}"
    for side in Side:
        ships = position.ships(side).bit_count()
        assert ships == SHIPS_PER_SIDE, f"{side.title} has {ships} ships in {position!r}"
        score = position.score(side)
        assert 0 <= score <= board.target, f"{side.title} scored {score} in {position!r}"
    captured = position.red_score + position.black_score
    assert captured + icebergs.bit_count() == board.iceberg_count, (
        f"{captured} captured + {icebergs.bit_count()} afloat in {position!r}, "
        f"not the {board.iceberg_count} of the start"
    )
    assert isinstance(position.to_move, Side), f"nobody to move in {position!r}"
    assert not (position.red_score >= board.target and position.black_score >= board.target)


def passed(before: AnyPosition, after: AnyPosition) -> Side | None:
    """The Icebreaker side that had to pass after the move from ``before`` to ``after``."""
    if not isinstance(before, IcebreakerPosition) or not isinstance(after, IcebreakerPosition):
        return None
    if after.is_over or after.to_move is not before.to_move:
        return None
    return before.to_move.other


def check_start(position: AnyPosition) -> None:
    """A legal start: the usual one or a handicap one, a solitaire deal, or a fresh sea."""
    check_position(position)
    if isinstance(position, IcebreakerPosition):
        expected = IcebreakerPosition.start(position.size)
        assert position == expected, (
            f"{position!r} is not the start of the side-{position.size} sea"
        )
        return
    if isinstance(position, SolitairePosition):
        assert position.to_move is None, "a deal starts with either colour to move"
        assert position.fire.bit_count() == position.ice.bit_count() == PEGS_PER_COLOR, (
            f"a deal of {position.fire.bit_count()} and {position.ice.bit_count()} pegs"
        )
        return
    assert position.to_move is Color.FIRE, "Fire moves first"
    assert position.fire >> CENTRE & 1, "Fire's first peg stands on D4"
    side = Color.ICE if position.ice else Color.FIRE
    extra = position.ice if side is Color.ICE else position.fire & ~(1 << CENTRE)
    holes = holes_of(extra)
    assert len(holes) <= MAX_HANDICAP, f"{len(holes)} handicap pegs"
    expected = Position.start(holes, side)  # raises for a handicap against the rules
    assert position == expected, f"{position!r} is not a start position"


def check_move(
    index: int,
    before: AnyPosition,
    move: Move | Step,
    after: AnyPosition,
) -> None:
    """``after`` is ``before`` with ``move`` played, and ``move`` was legal then."""
    assert not before.is_over, f"move {index} ({move}) was played after the game was over"
    expected = before.play(move)  # type: ignore[arg-type]  # raises if it is illegal there
    assert after == expected, f"move {index} ({move}) led to {after!r}, not {expected!r}"
    check_position(after)
    if isinstance(before, IcebreakerPosition):
        assert isinstance(after, IcebreakerPosition) and isinstance(move, Step)
        check_sea_move(index, before, move, after)
    if isinstance(before, SolitairePosition):
        assert isinstance(after, SolitairePosition)
        mover = before.color_at(move.src)
        assert mover is not None
        assert after.pegs_left == before.pegs_left - 1, f"move {index} did not take one peg"
        assert after.to_move is mover.other, f"colours do not alternate at move {index}"
        assert before.to_move in (None, mover), f"{mover} moved out of turn at move {index}"
        assert (before.to_move is None) == (index == 1), "either colour after the first move"


def check_sea_move(
    index: int, before: IcebreakerPosition, move: Step, after: IcebreakerPosition
) -> None:
    """An Icebreaker move, by the rules' words: one step of a ship of the side to move,
    closer to the nearest iceberg, capturing one it lands on; the other side moves next
    unless it has no move at all."""
    board = before.board
    mover = before.to_move
    assert move.size == before.size == after.size, f"move {index} ({move}) is for another sea"
    assert before.color_at(move.src) is mover, f"move {index} ({move}) moved no ship of the side"
    assert board.neighbours[move.src] >> move.dst & 1, f"move {index} ({move}) is not one step"
    distance = before.distance(move.src)
    assert distance is not None, f"move {index} ({move}): the ship could not reach the ice"
    if distance > 1:
        assert after.distance(move.dst) == distance - 1, (
            f"move {index} ({move}) did not bring the ship closer to the ice"
        )
    captured = 1 if before.has_iceberg(move.dst) else 0
    assert captured == (distance == 1), f"move {index} ({move}): next to ice but no capture"
    assert after.score(mover) == before.score(mover) + captured, f"move {index}: the score"
    assert after.score(mover.other) == before.score(mover.other), f"move {index}: their score"
    if after.is_over:
        assert after.winner is mover, f"move {index} ({move}) won the game for the other side"
    elif after.has_moves(mover.other):
        assert after.to_move is mover.other, f"after move {index} ({move}) the wrong side moves"
    else:
        assert after.to_move is mover, f"after move {index} ({move}) a side with no move moves"
