"""Game files on disk: every bad file is refused with a plain message and changes nothing,
writes are atomic, the autosave survives a crash, and games round-trip as JSON and as text."""

from __future__ import annotations

import errno
import json
import os
import pickle
import pickletools
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fireice_desktop.engine.errors import NotationError
from fireice_desktop.engine.games.fireice.rules import Color, Move, Position, random_handicap
from fireice_desktop.engine.games.fireice.solitaire import SolitairePosition
from fireice_desktop.engine.games.fireice.spec import Deal, Handicap
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.files import storage
from fireice_desktop.files.storage import (
    MAX_RECORD_BYTES,
    SaveFileError,
    autosave_path,
    load_autosave,
    read_game,
    save_autosave,
    write_atomic,
    write_game,
)
from tests.support.boards import random_game
from tests.support.files import deny_reading, deny_writing

ROOT = os.geteuid() == 0


def moves(*texts: str) -> tuple[Move, ...]:
    return tuple(Move.parse(text) for text in texts)


#: A game as the app saves it: a handicap, the computer's level and a redo line.
SAVED = GameRecord(
    moves=moves("D4-C4", "D4-D5", "C4-C1"),
    computer=((Color.ICE, "casual"),),
    undone=moves("D5-D6"),
    setup=Handicap((2, 8), Color.ICE),
)
OTHER = GameRecord(moves=moves("D4-A4"))


def record_json(**fields: Any) -> str:
    """A record's JSON with ``fields`` set (``...`` leaves a field out)."""
    data: dict[str, Any] = {"format": "fireice-record", "version": 1, "game": "fire-and-ice"}
    data.update(fields)
    return json.dumps({key: value for key, value in data.items() if value is not ...})


def folder_state(folder: Path) -> dict[str, tuple[object, ...]]:
    """Every entry under ``folder``: its kind, size, change time and bytes (where readable).

    Read with the built-in ``open``, which the tests that fake a refused ``Path.open`` leave
    alone, so the proof that nothing changed does not depend on the code under test.
    """
    state: dict[str, tuple[object, ...]] = {}
    for entry in sorted(folder.rglob("*")):
        info = entry.lstat()
        content: bytes | None = None
        if entry.is_file() and info.st_size < 2 * MAX_RECORD_BYTES:
            try:
                with open(entry, "rb") as stream:
                    content = stream.read()
            except PermissionError:
                content = None
        state[str(entry.relative_to(folder))] = (
            info.st_mode,
            info.st_size,
            info.st_mtime_ns,
            content,
        )
    return state


# --- every bad file -------------------------------------------------------------------------

Maker = Callable[[Path, pytest.MonkeyPatch], object]


def write(data: str | bytes) -> Maker:
    """A maker that writes ``data`` (text as UTF-8) to the file."""
    raw = data.encode() if isinstance(data, str) else data

    def make(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        path.write_bytes(raw)

    return make


def make_folder(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path.mkdir()
    (path / "inside.txt").write_text("D4-C4\n")


def make_nothing(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The file is missing."""


def make_unreadable(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path.write_text(SAVED.to_json())
    deny_reading(path, monkeypatch)


def _padded_record() -> str:
    """A good record padded with spaces to one byte over the limit."""
    text = SAVED.to_json()
    return text[:-2] + " " * (MAX_RECORD_BYTES + 1 - len(text)) + text[-2:]


def _giant_moves_list() -> str:
    count = MAX_RECORD_BYTES // len('"D4-C4", ') + 1
    return record_json(moves=["D4-C4"] * count)


def _code_pickle(marker: Path) -> bytes:
    """A protocol-0 pickle (plain ASCII) that would create ``marker`` if it were unpickled."""

    class Exploit:
        def __reduce__(self) -> tuple[object, ...]:
            return (open, (str(marker), "w"))

    return pickle.dumps(Exploit(), protocol=0)


_RANDOM = random.Random(20)
BINARY_WITH_NUL = bytes([0]) + _RANDOM.randbytes(511)
BINARY_WITHOUT_NUL = bytes(_RANDOM.randrange(128, 256) for _ in range(512))
CODE = "import os\nos.system('touch pwned')\n"
IMPORT = "__import__('os').system('touch pwned')"
MARKER = "pwned"  # the file any of the code-like cases would make if it ran

#: name: (how the file is made, fragments the message must contain)
BAD_FILES: dict[str, tuple[Maker, list[str]]] = {
    "empty": (write(""), ["empty"]),
    "only blank lines": (write("\n  \n\t\n"), ["empty"]),
    "truncated record": (write(SAVED.to_json()[:80]), ["truncated"]),
    "truncated in a move": (write(SAVED.to_json()[:-20]), ["truncated"]),
    "binary bytes": (write(BINARY_WITH_NUL), ["not a text file"]),
    "binary bytes without NUL": (write(BINARY_WITHOUT_NUL), ["not UTF-8"]),
    "a PNG image": (write(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01"), ["not a text"]),
    "a JPEG image": (write(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01"), ["not a text"]),
    "a GIF image": (write(b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff"), ["not a text"]),
    "UTF-16 text": (write(SAVED.to_json().encode("utf-16")), ["not a text file"]),
    "not UTF-8": (write("Game: Fire & Ice\n# café\n".encode("latin-1")), ["not UTF-8"]),
    "the word hello": (write("hello"), ["line 1", "'hello' is not a move", "like F6-C6"]),
    "JSON of another program": (write('{"name": "x", "size": 3}'), ['"format"', "fireice"]),
    "a JSON list": (write("[1, 2, 3]"), ["not a game record", '"format"']),
    "version 2": (write(record_json(version=2)), ["version 2", "not supported", "reads 1"]),
    'version "1"': (write(record_json(version="1")), ["version '1'", "not supported"]),
    "version null": (write(record_json(version=None)), ["version None", "not supported"]),
    "no version": (write(record_json(version=...)), ["version None"]),
    "an illegal move": (
        write(record_json(moves=["D4-C4", "D4-D5", "D4-D5"])),
        ["illegal move", "move 3", "D4-D5"],
    ),
    "an illegal move in text": (
        write("Game: Fire & Ice\n\n1. D4-C4\n2. D4-D5\n3. C4-C4\n"),
        ["illegal move", "move 3", "C4-C4"],
    ),
    "an illegal undone move": (
        write(record_json(moves=["D4-C4"], undone=["D4-D5", "D5-D6"])),
        ["illegal move", "move 3", "D5-D6"],
    ),
    "a malformed move": (write(record_json(moves=["D4-C4", "D4D5"])), ["move 2", "'D4D5'"]),
    "a giant moves list": (write(_giant_moves_list()), ["too large", "256 kB"]),
    "a record padded past the limit": (write(_padded_record()), ["too large", "256 kB"]),
    "deeply nested lists": (
        write(record_json(moves=...)[:-1] + ', "moves": ' + "[" * 50_000 + "]" * 50_000 + "}"),
        ["nested too deeply"],
    ),
    "deeply nested objects": (write('{"a": ' * 30_000 + "1" + "}" * 30_000), ["nested too"]),
    "Python code": (write(CODE), ["line 1", "'import' is not a move"]),
    "a class definition": (write("class Game:\n    pass\n"), ["line 1", "unknown header"]),
    "code as the moves": (write(record_json(moves=[IMPORT])), ["move 1", "is not a move"]),
    "code as the game": (write(record_json(game=IMPORT)), ["unknown game", "__import__"]),
    "code as the handicap": (
        write(record_json(handicap={"side": IMPORT, "holes": ["A1"]})),
        ["__import__"],
    ),
    "code as the level": (write(record_json(computer={"ice": IMPORT})), ["not a computer level"]),
    "a text pickle": (
        lambda path, monkeypatch: path.write_bytes(_code_pickle(path.parent / MARKER)),
        ["line 1", "is not a move"],
    ),
    "a binary pickle": (
        write(pickle.dumps({"moves": ["D4-C4"]}, protocol=pickle.HIGHEST_PROTOCOL)),
        ["not a"],
    ),
    "a folder": (make_folder, ["is a folder, not a saved game"]),
    "a missing file": (make_nothing, ["does not exist"]),
    "no permission to read": (make_unreadable, ["may not read"]),
}


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_a_bad_file_is_refused_with_a_clear_message_and_nothing_changes(
    case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make, fragments = BAD_FILES[case]
    path = tmp_path / "game.fireice"
    make(path, monkeypatch)
    before = folder_state(tmp_path)
    with pytest.raises(SaveFileError) as excinfo:
        read_game(path)
    message = str(excinfo.value)
    for fragment in fragments:
        assert fragment in message, (fragment, message)
    assert "game.fireice" in message, "the message names the file"
    assert "Traceback" not in message and "Error" not in message
    assert folder_state(tmp_path) == before, "reading changed or wrote a file"
    assert not (tmp_path / MARKER).exists(), "something in the file was executed"


def test_every_cut_of_a_saved_record_is_refused_as_a_bad_file(tmp_path: Path) -> None:
    text = SAVED.to_json()
    path = tmp_path / "cut.fireice"
    cuts = 0
    for length in range(len(text)):
        prefix = text[:length]
        try:
            json.loads(prefix)
        except ValueError:
            pass
        else:
            continue  # the whole record minus its final newline is the record itself
        path.write_text(prefix)
        with pytest.raises(SaveFileError) as excinfo:
            read_game(path)
        assert "truncated" in str(excinfo.value) or "empty" in str(excinfo.value), length
        cuts += 1
    assert cuts >= len(text) - 2


def test_a_sparse_gigabyte_file_is_refused_without_being_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "huge.fireice"
    with open(path, "wb") as stream:
        stream.truncate(10**9)
    read_sizes: list[int] = []
    real_read = os.read

    def counting_read(descriptor: int, size: int) -> bytes:
        data = real_read(descriptor, size)
        read_sizes.append(len(data))
        return data

    monkeypatch.setattr(os, "read", counting_read)
    with pytest.raises(SaveFileError, match="too large to be a saved game"):
        read_game(path)
    monkeypatch.undo()
    assert read_sizes, "the file was read through os.read"
    assert sum(read_sizes) == MAX_RECORD_BYTES + 1, "one byte past the limit, no more"
    assert path.stat().st_size == 10**9


def test_a_file_exactly_at_the_limit_is_read(tmp_path: Path) -> None:
    text = SAVED.to_json()
    path = tmp_path / "padded.fireice"
    path.write_text(text[:-2] + " " * (MAX_RECORD_BYTES - len(text)) + text[-2:])
    assert path.stat().st_size == MAX_RECORD_BYTES
    assert read_game(path) == SAVED


def test_the_text_pickle_really_is_a_pickle_that_would_run_code() -> None:
    """The "a text pickle" case above is a real exploit: plain text that unpickling runs."""
    data = _code_pickle(Path("/nonexistent/marker"))
    assert b"\0" not in data and data.isascii(), "text, so it reaches the text parser"
    opcodes = {opcode.name for opcode, _, _ in pickletools.genops(data)}
    assert {"GLOBAL", "REDUCE"} <= opcodes, "it calls open() when unpickled"


# --- messages that read badly --------------------------------------------------------------

HUGE_NUMBER = "9" * 5000


@pytest.mark.parametrize(
    "text",
    [
        record_json(game="solitaire", deal=...)[:-1] + f', "deal": {HUGE_NUMBER}}}',
        f"Game: Fire & Ice solitaire\nDeal: {HUGE_NUMBER}\n",
        "Game: Fire & Ice solitaire\nDeal: ²\n",
    ],
    ids=["json deal of 5000 digits", "text deal of 5000 digits", "superscript deal"],
)
def test_an_absurd_deal_number_gets_a_plain_message(text: str, tmp_path: Path) -> None:
    path = tmp_path / "deal.fireice"
    path.write_text(text)
    with pytest.raises(SaveFileError) as excinfo:
        read_game(path)
    assert "int()" not in str(excinfo.value) and "sys." not in str(excinfo.value)
    with pytest.raises(NotationError):
        GameRecord.parse(text)


def test_the_message_for_a_move_of_the_wrong_colour_reads_well(tmp_path: Path) -> None:
    path = tmp_path / "wrong.txt"
    path.write_text("D4-C4\nD4-D5\nD5-D6\n")
    with pytest.raises(SaveFileError) as excinfo:
        read_game(path)
    assert "holds an Ice peg" in str(excinfo.value), str(excinfo.value)


# --- writing atomically ---------------------------------------------------------------------


def test_write_atomic_writes_the_text_exactly_and_replaces_an_old_file(tmp_path: Path) -> None:
    path = tmp_path / "game.fireice"
    path.write_text("old contents")
    text = "line one\nlíne twö ❄🔥\n"
    write_atomic(path, text)
    assert path.read_bytes() == text.encode("utf-8")
    assert [p.name for p in tmp_path.iterdir()] == ["game.fireice"]


def fail_with(error: BaseException) -> Callable[..., Any]:
    def fail(*args: Any, **kwargs: Any) -> Any:
        raise error

    return fail


#: name: (what to break, the error it raises, fragments of the message)
WRITE_FAILURES: dict[str, tuple[str, BaseException, list[str]]] = {
    "disk full at fsync": (
        "fsync",
        OSError(errno.ENOSPC, "No space left on device"),
        ["cannot write", "No space left on device"],
    ),
    "disk full at replace": (
        "replace",
        OSError(errno.ENOSPC, "No space left on device"),
        ["cannot write", "No space left on device"],
    ),
    "replace not permitted": (
        "replace",
        PermissionError(errno.EACCES, "Permission denied"),
        ["may not write"],
    ),
    "read-only file system": (
        "mkstemp",
        OSError(errno.EROFS, "Read-only file system"),
        ["cannot write into", "Read-only file system"],
    ),
}


@pytest.mark.parametrize("case", list(WRITE_FAILURES))
def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(
    case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target, error, fragments = WRITE_FAILURES[case]
    path = tmp_path / "game.fireice"
    path.write_text(SAVED.to_json())
    before = folder_state(tmp_path)
    module = tempfile if target == "mkstemp" else os
    monkeypatch.setattr(module, target, fail_with(error))
    with pytest.raises(SaveFileError) as excinfo:
        write_game(path, OTHER)
    for fragment in fragments:
        assert fragment in str(excinfo.value), (fragment, str(excinfo.value))
    monkeypatch.undo()
    assert folder_state(tmp_path) == before
    assert read_game(path) == SAVED


def test_a_folder_that_cannot_be_written_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    deny_writing(folder, monkeypatch)
    try:
        with pytest.raises(SaveFileError, match="may not write into"):
            write_game(folder / "game.fireice", SAVED)
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o755)


def test_a_read_only_folder_is_refused_before_any_file_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folder's permissions are checked first (root, who may write anywhere, passes)."""
    real_access = os.access
    made: list[object] = []
    monkeypatch.setattr(
        os, "access", lambda path, mode, **kw: path != tmp_path and real_access(path, mode, **kw)
    )
    monkeypatch.setattr(tempfile, "mkstemp", lambda *args, **kwargs: made.append(args))
    with pytest.raises(SaveFileError, match=f"may not write into {tmp_path}"):
        write_game(tmp_path / "game.fireice", SAVED)
    assert made == [] and list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_named_pipe_is_neither_read_nor_replaced(tmp_path: Path) -> None:
    pipe = tmp_path / "game.fireice"
    os.mkfifo(pipe)
    with pytest.raises(SaveFileError, match=r"game.fireice is a named pipe \(FIFO\), not a saved"):
        read_game(pipe)
    with pytest.raises(SaveFileError, match="is a named pipe"):
        write_game(pipe, SAVED)
    assert pipe.exists() and not pipe.is_file()
    assert [p.name for p in tmp_path.iterdir()] == ["game.fireice"]


def test_writing_onto_a_folder_fails_clearly_and_leaves_it_alone(tmp_path: Path) -> None:
    folder = tmp_path / "games.fireice"
    folder.mkdir()
    (folder / "keep.txt").write_text("kept")
    before = folder_state(tmp_path)
    with pytest.raises(SaveFileError, match="is a folder: choose a file name"):
        write_game(folder, SAVED)
    assert folder_state(tmp_path) == before


def test_writing_into_a_missing_folder_fails_clearly(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="does not exist"):
        write_game(tmp_path / "nowhere" / "game.fireice", SAVED)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("interruption", [KeyboardInterrupt, SystemExit])
def test_a_kill_during_the_autosave_leaves_the_old_autosave_readable(
    interruption: type[BaseException], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FIREICE_DATA_DIR", str(tmp_path))
    assert save_autosave(SAVED)
    old = autosave_path().read_bytes()
    written: list[str] = []
    real_replace = os.replace

    def interrupted_replace(source: str, target: object) -> None:
        written.append(Path(source).read_text())  # the new text is complete on disk
        raise interruption

    monkeypatch.setattr(os, "replace", interrupted_replace)
    with pytest.raises(interruption):
        save_autosave(OTHER)
    monkeypatch.setattr(os, "replace", real_replace)
    assert written == [OTHER.to_json()]
    assert autosave_path() == tmp_path / "autosave.fireice"
    assert autosave_path().read_bytes() == old
    assert load_autosave() == SAVED


def test_an_interrupted_write_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.fireice"
    path.write_text(SAVED.to_json())
    monkeypatch.setattr(os, "replace", fail_with(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        write_game(path, OTHER)
    assert [p.name for p in tmp_path.iterdir()] == ["game.fireice"]


def test_loading_the_autosave_clears_old_temporary_files_a_kill_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FIREICE_DATA_DIR", str(tmp_path))
    assert save_autosave(SAVED)
    for name in ("x1", "x2"):  # what a program killed mid-write leaves
        (tmp_path / f".autosave.fireice.{name}.tmp").write_text(OTHER.to_json()[:20])
    left = sorted(tmp_path.glob(".autosave.fireice.*.tmp"))
    assert len(left) == 2
    old, young = left
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    other = tmp_path / ".other.fireice.abc.tmp"
    other.write_text("not the autosave's")
    os.utime(other, (time.time() - 3600, time.time() - 3600))
    assert load_autosave() == SAVED
    assert sorted(tmp_path.iterdir()) == sorted([autosave_path(), young, other])


@pytest.mark.parametrize(
    ("umask", "old_mode", "mode"),
    [(0o022, None, 0o644), (0o077, None, 0o600), (0o022, 0o640, 0o640), (0o077, 0o664, 0o664)],
    ids=["new file", "new file, private umask", "replaced file", "replaced, private umask"],
)
def test_a_saved_file_gets_the_usual_permissions(
    umask: int, old_mode: int | None, mode: int, tmp_path: Path
) -> None:
    """The umask's mode for a new file, the old mode for a replaced one (not mkstemp's 0600)."""
    path = tmp_path / "game.fireice"
    if old_mode is not None:
        path.write_text("old")
        path.chmod(old_mode)
    old_umask = os.umask(umask)
    try:
        write_game(path, SAVED)
    finally:
        os.umask(old_umask)
    assert path.stat().st_mode & 0o777 == mode
    assert read_game(path) == SAVED


# --- write_game and read_game --------------------------------------------------------------


@pytest.mark.parametrize("name", ["game.txt", "GAME.TXT"])
def test_a_txt_save_is_plain_text_that_reads_back_without_the_redo_line(
    name: str, tmp_path: Path
) -> None:
    path = tmp_path / name
    write_game(path, SAVED)
    text = path.read_text()
    assert text == SAVED.to_text()
    assert text.splitlines()[:3] == [
        "Game: Fire & Ice",
        "Handicap: Ice A3 B2",
        "Computer: Ice casual",
    ]
    assert "{" not in text
    loaded = read_game(path)
    assert loaded == GameRecord(
        moves=SAVED.moves,
        computer=SAVED.computer,
        setup=Handicap(SAVED.setup.holes, SAVED.setup.side),
    )


@pytest.mark.parametrize("name", ["game.fireice", "game.json", "game"])
def test_any_other_name_saves_the_whole_record_as_json(name: str, tmp_path: Path) -> None:
    path = tmp_path / name
    write_game(path, SAVED)
    assert json.loads(path.read_text())["format"] == "fireice-record"
    assert read_game(path) == SAVED


# --- the autosave ---------------------------------------------------------------------------


def test_the_autosave_round_trips_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "not" / "yet" / "made"
    monkeypatch.setenv("FIREICE_DATA_DIR", str(folder))
    assert autosave_path() == folder / "autosave.fireice"
    assert load_autosave() is None
    assert save_autosave(SAVED) is True
    assert load_autosave() == SAVED
    assert save_autosave(OTHER) is True
    assert load_autosave() == OTHER
    assert [p.name for p in folder.iterdir()] == ["autosave.fireice"]


def test_config_dir_follows_its_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FIREICE_CONFIG_DIR", str(tmp_path / "settings"))
    assert storage.config_dir() == tmp_path / "settings"


@pytest.mark.parametrize("case", ["empty", "truncated record", "binary bytes", "version 2"])
def test_a_corrupt_autosave_loads_as_none_and_is_set_aside_byte_for_byte(
    case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The next game's first move would replace it: its bytes are moved out of the way,
    unchanged, under a name that says it could not be read."""
    monkeypatch.setenv("FIREICE_DATA_DIR", str(tmp_path))
    make, _ = BAD_FILES[case]
    make(autosave_path(), monkeypatch)
    before = folder_state(tmp_path)
    assert load_autosave() is None
    assert folder_state(tmp_path) == {
        name.replace("autosave.fireice", "autosave.unreadable.fireice"): state
        for name, state in before.items()
    }


def test_an_autosave_that_cannot_be_written_returns_false(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be")
    monkeypatch.setenv("FIREICE_DATA_DIR", str(blocker / "inside"))
    assert save_autosave(SAVED) is False
    assert blocker.read_text() == "a file where the folder should be"
    monkeypatch.setenv("FIREICE_DATA_DIR", str(tmp_path / "locked"))
    (tmp_path / "locked").mkdir()
    deny_writing(tmp_path / "locked", monkeypatch)
    try:
        assert save_autosave(SAVED) is False
        assert list((tmp_path / "locked").iterdir()) == []
    finally:
        (tmp_path / "locked").chmod(0o755)


# --- reading text ---------------------------------------------------------------------------

THREE = ["D4-C4", "D4-D5", "C4-C1"]

#: name: (the file's bytes, the moves read)
TEXT_IMPORTS: dict[str, tuple[bytes, list[str]]] = {
    "one move per line": (b"D4-C4\nD4-D5\nC4-C1\n", THREE),
    "numbered moves": (b"Game: Fire & Ice\n\n1. D4-C4\n2. D4-D5\n3. C4-C1\n", THREE),
    "numbers stuck to the moves": (b"1.D4-C4\n2)D4-D5\n3.C4-C1", THREE),
    "comments and blank lines": (
        b"# a game at the club\nGame: Fire & Ice\n\n# the opening\nD4-C4\n\n  D4-D5  \n#\nC4-C1\n",
        THREE,
    ),
    "CRLF line endings": (b"Game: Fire & Ice\r\n\r\n1. D4-C4\r\n2. D4-D5\r\n3. C4-C1\r\n", THREE),
    "old Mac line endings": (b"Game: Fire & Ice\r\rD4-C4\rD4-D5\rC4-C1\r", THREE),
    "a byte order mark": ("\ufeffGame: Fire & Ice\n\nD4-C4\nD4-D5\nC4-C1\n".encode(), THREE),
    "a BOM and CRLF": ("\ufeffD4-C4\r\nD4-D5\r\nC4-C1\r\n".encode(), THREE),
    "several moves per line": (b"1. D4-C4 D4-D5\n2. C4-C1\n", THREE),
    "all on one line": (b"D4-C4 D4-D5 C4-C1", THREE),
    "lower case and tabs": (b"game: fire & ice\n\td4-c4\td4-d5\n c4-c1", THREE),
    "a JSON record with a BOM and CRLF": (
        ("\ufeff" + record_json(moves=THREE).replace(", ", ",\r\n")).encode(),
        THREE,
    ),
}


@pytest.mark.parametrize("case", list(TEXT_IMPORTS))
def test_text_import_is_forgiving_about_layout(case: str, tmp_path: Path) -> None:
    data, expected = TEXT_IMPORTS[case]
    path = tmp_path / "pasted.txt"
    path.write_bytes(data)
    record = read_game(path)
    assert [str(move) for move in record.moves] == expected
    assert record.game == "fire-and-ice" and not record.setup.holes and not record.computer


def test_text_import_reads_a_solitaire_and_a_handicap_game(tmp_path: Path) -> None:
    solitaire = tmp_path / "solitaire.txt"
    start = SolitairePosition.deal(42)
    first = start.legal_moves()[0]
    solitaire.write_text(f"Game: Fire & Ice solitaire\r\nDeal: 42\r\n\r\n1. {first}\r\n")
    assert read_game(solitaire) == GameRecord("solitaire", moves=(first,), setup=Deal(42))
    handicap = tmp_path / "handicap.txt"
    handicap.write_text("Game: Fire & Ice\nHandicap: Fire A3, B5\nComputer: Ice expert\n\nD4-C4\n")
    assert read_game(handicap) == GameRecord(
        moves=moves("D4-C4"), computer=((Color.ICE, "expert"),), setup=Handicap((2, 11), Color.FIRE)
    )


# --- round trips of random games ------------------------------------------------------------


@st.composite
def random_records(draw: st.DrawFn) -> GameRecord:
    """A random legal game: Fire & Ice with a random handicap and computer, or a solitaire."""
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    if draw(st.booleans()):
        deal = draw(st.integers(1, 1_000_000))
        position = SolitairePosition.deal(deal)
        played: list[Move] = []
        limit = draw(st.integers(0, 40))
        while position.legal_moves() and len(played) < limit:
            move = rng.choice(position.legal_moves())
            played.append(move)
            position = position.play(move)
        cut = draw(st.integers(0, len(played)))
        return GameRecord(
            "solitaire", moves=tuple(played[:cut]), undone=tuple(played[cut:]), setup=Deal(deal)
        )
    count = draw(st.integers(0, 6))
    holes = random_handicap(count, seed) if count else ()
    side = draw(st.sampled_from(Color))
    levels = draw(st.dictionaries(st.sampled_from(Color), st.sampled_from(["beginner", "expert"])))
    played, _ = random_game(rng, Position.start(holes, side), limit=draw(st.integers(0, 120)))
    cut = draw(st.integers(0, len(played)))
    return GameRecord(
        moves=tuple(played[:cut]),
        computer=tuple(levels.items()),
        undone=tuple(played[cut:]),
        setup=Handicap(holes, side),
    )


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(record=random_records())
def test_random_games_round_trip_as_json_and_as_text(record: GameRecord, tmp_path: Path) -> None:
    saved = tmp_path / "game.fireice"
    write_game(saved, record)
    loaded = read_game(saved)
    assert loaded == record
    assert loaded.positions() == record.positions()
    history = loaded.history()
    assert history.position == record.positions()[len(record.moves)]
    assert GameRecord.of_history(history, record.setup, record.computer) == record

    text = tmp_path / "game.txt"
    write_game(text, record)
    from_text = read_game(text)
    assert from_text == GameRecord(
        record.game,
        moves=record.moves,
        computer=record.computer,
        setup=record.setup,
    )
    assert from_text.positions() == record.positions()[: len(record.moves) + 1]


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("n" * 300, "File name too long"),
        ("deep/" * 1000 + "game.fireice", "File name too long"),
        ("nul\0.fireice", "cannot be a file name"),
    ],
    ids=["a 300-character name", "a 5000-character path", "a NUL"],
)
def test_a_name_no_file_can_have_is_refused_before_writing_in_a_short_message(
    tmp_path: Path, name: str, said: str
) -> None:
    """Before, ``check_target`` let such a name pass, and the callers' own checks ended
    in ``OSError: [Errno 36] File name too long`` or ``ValueError: embedded null byte``."""
    path = tmp_path / name
    writes: list[Callable[[Path], object]] = [
        storage.check_target,
        lambda path: write_atomic(path, "x"),
        lambda path: write_game(path, SAVED),
    ]
    for write in writes:
        with pytest.raises(SaveFileError) as refused:
            write(path)
        assert said in str(refused.value)
        assert len(str(refused.value)) < 250, "the name is quoted whole"
        assert not refused.value.system, "the user's mistake, not the system's failure"
    assert list(tmp_path.iterdir()) == []
