"""Damaged kept games and odd player folders never stop the desktop game, and never cost
the player a byte: each example makes the player's folders afresh, opens the app on them
(the dummy video driver), which must reach the menu; then a game is started (Continue
when the menu offers it, else a new game of Fire & Ice, the solitaire or Icebreaker) and
a move played by clicks, and the folders are compared with what they held.

What may change in the player's folders (and nothing else may):

- ``autosave.fireice``: a regular file the game cannot read is moved, byte for byte, to
  ``autosave.unreadable*.fireice``; a game (or nothing: no file, a link that leads
  nowhere or to itself) is replaced by the game played.  A folder or a named pipe there
  stays as it is, and the game says that its moves are not kept.
- ``statistics.json``: whatever is there that is not statistics (damaged bytes, a folder
  with what is in it, a named pipe) is moved, as it is, to ``statistics.json.damaged*``;
  statistics (or nothing, or a link that leads nowhere) may be rewritten as statistics
  with the game counted.
- a temporary file a killed write left (``.NAME.*.tmp``) may go when it is older than a
  minute; a newer one stays (another copy of the game may be writing it).
- the data folder is made when it is missing.

Everything else stays as it was: ``settings.json`` whatever it holds (the game reads it,
and writes it only when the player changes a setting), every other file, folder, pipe
and link, and a data or settings folder that is a file.  No ``errors.log`` is written.
"""

from __future__ import annotations

import json
import os
import random
import re
import stat
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.files.statistics.store import Statistics
from fireice_desktop.files.storage import (
    AUTOSAVE_NAME,
    MAX_RECORD_BYTES,
    autosave_path,
    decode_text,
    read_game,
)
from fireice_desktop.ui.app import App
from fireice_desktop.ui.frame.settings import SETTINGS_NAME, Settings
from fireice_desktop.ui.games.icebreaker.setup import IcebreakerSetupScene
from fireice_desktop.ui.screens.game import GameScreen
from fireice_desktop.ui.screens.menu import MenuScene
from fireice_desktop.ui.toolkit.language import tr
from fireice_desktop.ui.toolkit.language import use as use_language
from tests.support.monkey import HUGE_FIELDS, played_record, record_bytes
from tests.support.ui import Driver, pygame

STATISTICS_NAME = "statistics.json"

#: What can be where a player's file goes, besides a regular file of some bytes.
ODD_PLACES = ("folder", "dangling link", "looping link", *(("named pipe",) * hasattr(os, "mkfifo")))

#: The games a move is played in after the menu ("continue": the kept game, if offered),
#: by how often.
GAMES = ("continue", "continue", "fire-and-ice", "icebreaker", "solitaire")

#: Seconds a thread holds the interpreter before another may have it, while an example
#: runs: a new solitaire deal's difficulty is rated on a thread at once, and each frame
#: would wait on it for five milliseconds a turn (pure speed: nothing else changes).
SWITCH_INTERVAL = 0.001

FUZZ = settings(
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,  # each example makes its own folders
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)


# --- what the folders hold ------------------------------------------------------------------

#: A thing at one place: ("absent", b""), ("file", its bytes) or (an odd place, b"").
Thing = tuple[str, bytes]
ABSENT: Thing = ("absent", b"")


@dataclass(frozen=True)
class PlayerFolders:
    """The player's folders as an example makes them."""

    autosave: Thing = ABSENT
    settings: Thing = ABSENT
    statistics: Thing = ABSENT
    data_is_file: bool = False
    data_missing: bool = False  # a new player: no data folder yet
    config_is_file: bool = False
    #: Temporary files a killed write left: (the file it was for, whether it is old).
    leftovers: tuple[tuple[str, bool], ...] = ()
    game: str = "fire-and-ice"

    def make(self, config: Path, data: Path) -> None:
        """Make the folders under ``config`` and ``data``."""
        for folder, is_file in ((config, self.config_is_file), (data, self.data_is_file)):
            if is_file:
                folder.write_bytes(b"the player's own file, where a folder is looked for\n")
            elif folder is config or not self.data_missing:
                folder.mkdir(parents=True)
        if not self.config_is_file:
            put(config / SETTINGS_NAME, self.settings)
            put(config / "notes.txt", ("file", b"the player's own notes\n"))
        if data.is_dir():
            put(data / AUTOSAVE_NAME, self.autosave)
            put(data / STATISTICS_NAME, self.statistics)
            put(data / "my game.fireice", ("file", GameRecord(moves=()).to_json().encode()))
        now = time.time()
        for number, (name, old) in enumerate(self.leftovers):
            folder = config if name == SETTINGS_NAME else data
            if folder.is_dir():
                path = folder / f".{name}.{number}{'old' if old else 'new'}.tmp"
                path.write_bytes(b'{"half": "writ')
                if old:
                    os.utime(path, (now - 3600, now - 3600))

    @property
    def autosave_made(self) -> Thing:
        """What is at the autosave's place as the app starts."""
        return ABSENT if self.data_is_file or self.data_missing else self.autosave

    @property
    def kept_writable(self) -> bool:
        """Whether the game played can be kept (the autosave's place takes a file)."""
        return not self.data_is_file and self.autosave_made[0] not in ("folder", "named pipe")


def put(path: Path, thing: Thing) -> None:
    """Make ``thing`` at ``path``."""
    kind, content = thing
    if kind == "file":
        path.write_bytes(content)
    elif kind == "folder":
        path.mkdir()
        (path / "inside.txt").write_bytes(b"kept in the folder\n")
    elif kind == "dangling link":
        path.symlink_to(path.with_name("nowhere"))
    elif kind == "looping link":
        path.symlink_to(path.name)
    elif kind == "named pipe":
        os.mkfifo(path)
    else:
        assert kind == "absent", kind


def json_values() -> st.SearchStrategy[object]:
    """Any JSON value, small."""
    return st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
        max_leaves=8,
    )


@st.composite
def records(draw: st.DrawFn) -> GameRecord:
    """A game of Fire & Ice (perhaps with a handicap), a solitaire deal or Icebreaker,
    played some way, some moves perhaps taken back (the redo list)."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    game = draw(st.sampled_from(["fire-and-ice", "handicap", "solitaire", "icebreaker"]))
    start = {
        "fire-and-ice": '{"game": "fire-and-ice"}',
        "handicap": '{"game": "fire-and-ice", "handicap": {"side": "fire", "holes": ["A3", "B5"]}}',
        "solitaire": f'{{"game": "solitaire", "deal": {rng.randint(1, 1_000_000)}}}',
        "icebreaker": f'{{"game": "icebreaker", "size": {rng.randint(4, 8)}}}',
    }[game]
    fields = {"format": "fireice-record", "version": 1, "moves": [], **json.loads(start)}
    record = played_record(GameRecord.from_json(json.dumps(fields)), rng, draw(st.integers(0, 40)))
    back = draw(st.integers(0, len(record.moves)))
    kept = len(record.moves) - back
    return GameRecord(record.game, record.moves[:kept], record.setup, (), record.moves[kept:])


@st.composite
def kept_games(draw: st.DrawFn) -> bytes:
    """The bytes of a kept game: good, or damaged as a disk, a crash, another program or
    a newer version of the game would leave it."""
    record = draw(records())
    data = record.to_json().encode()
    how = draw(
        st.sampled_from(
            [
                "good",
                "plain text",
                "cut",
                "flipped",
                "random",
                "encoding",
                "huge field",
                "version",
                "over the limit",
                "nul",
            ]
        )
    )
    if how == "good":
        return data
    if how == "plain text":
        return record.to_text().encode()
    if how == "cut":
        return data[: draw(st.integers(0, len(data) - 1))]
    if how == "flipped":
        flips = st.tuples(st.integers(0, len(data) - 1), st.integers(0, 7))
        damaged = bytearray(data)
        for index, bit in draw(st.lists(flips, min_size=1, max_size=8)):
            damaged[index] ^= 1 << bit
        return bytes(damaged)
    if how == "random":
        return draw(st.binary(max_size=3000))
    if how == "encoding":
        text = record.to_json().replace('"moves"', '"note": "\u00e9t\u00e9 \u2744", "moves"', 1)
        encoding = draw(st.sampled_from(["utf-16", "utf-32", "latin-1", "cp1252", "utf-8-sig"]))
        return text.encode(encoding, "replace")
    if how == "huge field":
        key, value = draw(st.sampled_from(HUGE_FIELDS))
        fields: dict[str, object] = {"game": record.game, key: value("h" * 200_000)}
        return record_bytes(**fields)
    if how == "version":
        version = draw(st.sampled_from([0, 2, 99, "1", None, 1.5, True, -1, 10**30]))
        return data.replace(b'"version": 1', b'"version": ' + json.dumps(version).encode())
    if how == "over the limit":
        return data.rstrip(b"}\n") + b', "note": "' + b"n" * MAX_RECORD_BYTES + b'"}'
    index = draw(st.integers(0, len(data)))
    return data[:index] + b"\0" + data[index:]


def damaged_json(valid: bytes) -> st.SearchStrategy[bytes]:
    """``valid`` as it is, cut short, or other bytes: random, any JSON, deep nesting, too
    large."""
    return st.one_of(
        st.just(valid),
        st.integers(0, max(0, len(valid) - 1)).map(lambda cut: valid[:cut]),
        st.binary(max_size=2000),
        json_values().map(lambda value: json.dumps(value).encode()),
        st.just(b"[" * 100_000),
        st.just(valid + b" " * (4 * 1024 * 1024 + 10)),
    )


def setting_files() -> st.SearchStrategy[bytes]:
    """``settings.json``: settings of any values, or damaged."""
    keys = [*Settings.__dataclass_fields__, "junk"]
    settings_values = st.dictionaries(st.sampled_from(keys), json_values() | st.booleans())
    valid = json.dumps({"sound": False}).encode()
    return st.one_of(
        settings_values.map(lambda value: json.dumps(value).encode()), damaged_json(valid)
    )


def things(files: st.SearchStrategy[bytes]) -> st.SearchStrategy[Thing]:
    """Nothing, a file of ``files`` or an odd place."""
    return st.one_of(
        st.just(ABSENT),
        files.map(lambda content: ("file", content)),
        st.sampled_from(ODD_PLACES).map(lambda kind: (kind, b"")),
    )


def player_folders() -> st.SearchStrategy[PlayerFolders]:
    """Player's folders with anything in them, odd places and leftovers too."""
    return st.builds(
        PlayerFolders,
        autosave=things(kept_games()),
        settings=things(setting_files()),
        statistics=things(damaged_json(Statistics().to_text().encode())),
        data_is_file=st.integers(0, 3).map(lambda draw: draw == 0),
        data_missing=st.integers(0, 5).map(lambda draw: draw == 0),
        config_is_file=st.integers(0, 3).map(lambda draw: draw == 0),
        leftovers=st.lists(
            st.tuples(
                st.sampled_from([AUTOSAVE_NAME, SETTINGS_NAME, STATISTICS_NAME]), st.booleans()
            ),
            max_size=4,
        ).map(tuple),
        game=st.sampled_from(GAMES),
    )


# --- the app on them ------------------------------------------------------------------------


def readable_game(data: bytes) -> GameRecord | None:
    """The game in a kept file's bytes, as the game reads it; ``None`` if it cannot."""
    try:
        return GameRecord.parse(decode_text(data, AUTOSAVE_NAME))
    except ValueError:  # SaveFileError too
        return None


def readable_statistics(data: bytes) -> bool:
    """Whether ``data`` is statistics the game reads."""
    try:
        Statistics.from_text(data.decode("utf-8-sig"))
    except (ValueError, RecursionError):
        return False
    return True


def run_on(folders: PlayerFolders) -> None:
    """Make ``folders``, run the app on them and check what came of it."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        with tempfile.TemporaryDirectory() as name, pytest.MonkeyPatch.context() as patch:
            root = Path(name)
            config, data = root / "config", root / "data"
            folders.make(config, data)
            before = snapshot(root)
            patch.setenv("FIREICE_CONFIG_DIR", str(config))
            patch.setenv("FIREICE_DATA_DIR", str(data))
            play_on(folders)
            check_changes(before, snapshot(root))
    finally:
        sys.setswitchinterval(interval)


def play_on(folders: PlayerFolders) -> None:
    """Open the app on the player's folders (the settings read from there, not given):
    the menu, a game started, a move played and kept where it can be."""
    if pygame.display.get_init():
        pygame.event.clear()
    app = App((900, 640), window=True)
    driver = Driver(app)
    try:
        driver.pump(2)
        check_menu(driver, folders)
        scene = start_game(driver, folders.game)
        play_a_move(driver, scene)
        if folders.kept_writable:
            assert not scene.keeper.failed, scene.keeper.problem
            assert read_game(autosave_path()) == scene.record(), "the move was not kept"
        else:
            assert scene.keeper.failed, "the game says it is kept where it cannot be"
    finally:
        app.scene.leave()
        if app.window is not None:
            app.window.destroy()
        pygame.event.clear()
        use_language("en")  # the settings may have chosen another language


def check_menu(driver: Driver, folders: PlayerFolders) -> None:
    """The app is on the menu; it offers the kept game if it could read one, and says so
    if it could not."""
    scene = driver.app.scene
    assert driver.app.running and isinstance(scene, MenuScene), f"the app shows {scene!r}"
    kind, content = folders.autosave_made
    if kind != "file":
        assert not scene.notice.is_open, "a notice about a kept game that is not there"
        return
    record = readable_game(content)
    if record is None:
        assert scene.notice.window is not None and scene.notice.is_open, "no word of it"
        assert scene.notice.window.window_display_title == tr("keeping.unreadable_title")
        return
    assert not scene.notice.is_open, "a kept game that can be read was not read"
    offered = "continue" in scene.buttons.values()
    assert offered == (not record.history().position.is_over), "Continue offered wrongly"


def replace_when_asked(driver: Driver, menu: MenuScene) -> None:
    """Say yes when the menu asks before a new game replaces the unfinished one kept."""
    if menu.question.is_open:
        driver.answer(confirm=True)


def start_game(driver: Driver, game: str) -> GameScreen:
    """Close the menu's notice, then Continue (for "continue", when offered) or start a
    new ``game`` by its buttons; the game on screen once a person may move in it."""
    menu = driver.app.scene
    assert isinstance(menu, MenuScene)
    if menu.notice.is_open:
        driver.key(pygame.K_RETURN)
        assert not menu.notice.is_open, "Enter did not close the notice"
    entries = {name: element for element, name in menu.buttons.items()}
    if game == "continue" and "continue" in entries:
        driver.click_element(entries["continue"])
    elif game == "icebreaker":
        driver.click_element(entries["icebreaker"])
        replace_when_asked(driver, menu)
        card = driver.app.scene
        assert isinstance(card, IcebreakerSetupScene)
        driver.click_element(card.start_button)
    else:
        driver.click_element(entries["solitaire" if game == "solitaire" else "two_players"])
        replace_when_asked(driver, menu)
    scene = driver.game
    deadline = time.monotonic() + 20
    while not scene.person_to_move():  # a continued game: a review, the computer to move
        if scene.controller.review is not None:
            scene.controller.leave_review()
        assert time.monotonic() < deadline, "no person may ever move"
        assert not scene.controller.history.position.is_over, "a finished game continued"
        driver.pump(1, dt=0.1)
        time.sleep(0.002)
    return scene


def play_a_move(driver: Driver, scene: GameScreen) -> None:
    """Click a legal move's two cells; it is played."""
    history = scene.controller.history
    played = len(history.played)
    move = history.position.legal_moves()[0]
    assert scene.layout is not None
    for cell in (move.src, move.dst):
        x, y = scene.layout.holes[cell]
        driver.mouse_down((round(x), round(y)))
        driver.mouse_up((round(x), round(y)))
    driver.pump(3)  # the move is kept at the next frame; its animation may go on
    assert driver.app.scene is scene
    assert len(scene.controller.history.played) > played, f"{move} was not played"


# --- what changed ---------------------------------------------------------------------------

#: One place in a snapshot: (its kind, its bytes for a file, its target for a link).
Entry = tuple[str, bytes | str]

TEMPORARY = re.compile(r"\..+\.\d+(old|new)\.tmp")
SET_ASIDE = re.compile(r"data/autosave\.unreadable.*\.fireice")
STATISTICS_ASIDE = re.compile(r"data/statistics\.json\.damaged[^/]*")


def snapshot(root: Path) -> dict[str, Entry]:
    """Everything under ``root``, by its path from there (no link followed)."""
    found: dict[str, Entry] = {}
    for folder, folders, files in os.walk(root):
        for name in folders + files:
            path = Path(folder, name)
            mode = os.lstat(path).st_mode
            relative = path.relative_to(root).as_posix()
            if stat.S_ISLNK(mode):
                found[relative] = ("link", os.readlink(path))
            elif stat.S_ISDIR(mode):
                found[relative] = ("folder", b"")
            elif stat.S_ISFIFO(mode):
                found[relative] = ("named pipe", b"")
            else:
                found[relative] = ("file", path.read_bytes())
    return found


def is_link(entry: Entry | None) -> bool:
    """Whether ``entry`` is a link (the examples' links lead nowhere, or to themselves)."""
    return entry is not None and entry[0] == "link"


def check_changes(before: dict[str, Entry], after: dict[str, Entry]) -> None:
    """Only what the module text allows changed between ``before`` and ``after``."""
    new = {path for path in after if path not in before}
    aside = {path for path in new if SET_ASIDE.fullmatch(path)}
    statistics_aside = {path for path in new if STATISTICS_ASIDE.fullmatch(path)}
    moved: set[str] = set()  # the new places of what was set aside
    for path, entry in before.items():
        now = after.get(path)
        if now == entry:
            continue
        leftover = TEMPORARY.fullmatch(path.rsplit("/", 1)[-1])
        if leftover is not None and now is None:
            assert leftover.group(1) == "old", f"{path}, a temporary file of a minute ago, is gone"
            continue
        if path == f"data/{AUTOSAVE_NAME}":
            kind, content = entry
            assert kind == "file" or is_link(entry), f"the autosave's {kind} was changed"
            if kind == "file" and readable_game(content) is None:
                places = [place for place in aside if after[place] == entry]
                assert places, "an unreadable kept game was lost: it was set aside nowhere"
                moved.add(places[0])
            assert now is None or (now[0] == "file" and readable_game(now[1]) is not None), (
                "the autosave holds no game now"
            )
            continue
        if path == f"data/{STATISTICS_NAME}" or path.startswith(f"data/{STATISTICS_NAME}/"):
            rest = path.removeprefix(f"data/{STATISTICS_NAME}")
            places = [
                place + rest for place in statistics_aside if after.get(place + rest) == entry
            ]
            if places:
                moved.add(places[0])
                if not rest and now is not None:
                    assert readable_statistics(bytes(now[1])), "statistics written unreadable"
                continue
            assert path == f"data/{STATISTICS_NAME}", f"{path} is gone"
            assert entry[0] == "link" or readable_statistics(bytes(entry[1])), (
                "statistics that could not be read were replaced, not set aside"
            )
            assert now is not None and readable_statistics(bytes(now[1])), "no statistics now"
            continue
        raise AssertionError(f"{path} changed: it was {describe(entry)}, it is {describe(now)}")
    for path in new - moved:
        entry = after[path]
        if path == "data" and entry[0] == "folder":
            continue
        if path == f"data/{AUTOSAVE_NAME}":
            assert readable_game(bytes(entry[1])) is not None, "the new autosave holds no game"
            continue
        if path == f"data/{STATISTICS_NAME}":
            assert readable_statistics(bytes(entry[1])), "the new statistics cannot be read"
            continue
        raise AssertionError(f"{path} appeared: {describe(entry)}")


def describe(entry: Entry | None) -> str:
    """An entry of a snapshot, in short."""
    if entry is None:
        return "gone"
    kind, content = entry
    if kind == "file":
        return f"a file of {len(content)} bytes starting {bytes(content)[:40]!r}"
    return f"a {kind}" + (f" to {content!r}" if kind == "link" else "")


# --- the tests ------------------------------------------------------------------------------


@pytest.mark.slow
@settings(FUZZ, max_examples=22)
@given(autosave=kept_games(), game=st.sampled_from(GAMES))
def test_a_damaged_kept_game_is_never_lost_and_the_game_goes_on(autosave: bytes, game: str) -> None:
    run_on(PlayerFolders(autosave=("file", autosave), game=game))


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="links and named pipes of POSIX")
@settings(FUZZ, max_examples=22)
@given(folders=player_folders())
@example(folders=PlayerFolders(data_is_file=True, config_is_file=True, game="solitaire"))
@example(folders=PlayerFolders(data_missing=True, game="solitaire"))
def test_odd_player_folders_never_stop_the_game_nor_lose_a_file(folders: PlayerFolders) -> None:
    run_on(folders)


@pytest.mark.skipif(sys.platform == "win32", reason="links and named pipes of POSIX")
@pytest.mark.parametrize("place", ODD_PLACES)
@pytest.mark.parametrize("which", ["autosave", "settings", "statistics"])
def test_an_odd_place_where_a_file_goes_is_left_alone_or_set_aside(which: str, place: str) -> None:
    thing: Thing = (place, b"")
    game = "solitaire" if which == "statistics" else "fire-and-ice"  # a deal counts at once
    run_on(PlayerFolders(game=game, **{which: thing}))  # type: ignore[arg-type]


def test_temporary_files_left_by_killed_writes_go_only_when_old() -> None:
    leftovers = tuple(
        (name, old) for name in (AUTOSAVE_NAME, SETTINGS_NAME) for old in (True, False)
    )
    folders = PlayerFolders(leftovers=leftovers)
    with tempfile.TemporaryDirectory() as name, pytest.MonkeyPatch.context() as patch:
        root = Path(name)
        folders.make(root / "config", root / "data")
        patch.setenv("FIREICE_CONFIG_DIR", str(root / "config"))
        patch.setenv("FIREICE_DATA_DIR", str(root / "data"))
        play_on(folders)
        left = sorted(path.name for path in root.rglob("*.tmp"))
    assert left == [".autosave.fireice.1new.tmp", ".settings.json.3new.tmp"]
