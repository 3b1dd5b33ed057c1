"""The app as a whole: the main menu, window resizing, full screen and the screenshot command."""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from fireice_desktop.engine.games.fireice.board import REACH, hole_name, parse_hole
from fireice_desktop.engine.games.fireice.rules import Color
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.ui.app import MIN_SIZE
from fireice_desktop.ui.frame.scene import BoardScene, panel_width
from fireice_desktop.ui.games.fireice.handicap import HandicapScene
from fireice_desktop.ui.screens.menu import MenuScene
from tests.support.shared import made_once
from tests.support.ui import (
    Driver,
    is_game,
    message_box_of,
    open_ui,
    peg_colour_at,
    pygame,
    pygame_gui,
    text_overflows,
    winning_moves,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def ui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """A fresh app on the main menu."""
    with open_ui(tmp_path / "config", monkeypatch) as driver:
        yield driver


# --- the main menu -------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("entry", "is_screen", "title"),
    [
        ("Two players", lambda s: is_game(s, "fire-and-ice", computer=False), "Two players"),
        ("Handicap game", lambda s: type(s) is HandicapScene, "Handicap game"),
        ("Solitaire", lambda s: is_game(s, "solitaire"), "Deal "),
    ],
    ids=["Two players", "Handicap game", "Solitaire"],
)
def test_each_menu_entry_opens_its_screen(
    ui: Driver, entry: str, is_screen: Callable[[object], bool], title: str
) -> None:
    assert isinstance(ui.scene, MenuScene)
    ui.click_button(entry)
    assert is_screen(ui.scene), ui.scene
    assert ui.scene.title.startswith(title)  # type: ignore[attr-defined]
    assert not ui.has_button("Quit"), "the menu's widgets are gone"
    assert ui.app.running


def test_quit_in_the_menu_stops_the_app(ui: Driver) -> None:
    ui.click_button("Quit")
    assert not ui.app.running


def test_escape_in_the_menu_stops_the_app(ui: Driver) -> None:
    ui.key(pygame.K_ESCAPE)
    assert not ui.app.running


def test_closing_the_window_stops_the_app(ui: Driver) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    ui.pump()
    assert not ui.app.running


@pytest.mark.slow
def test_every_menu_button_does_something(ui: Driver) -> None:
    texts = [
        element.text
        for element in ui.elements()
        if isinstance(element, pygame_gui.elements.UIButton)
    ]
    assert {"Two players", "Handicap game", "Solitaire", "Quit"} <= set(texts)
    for text in texts:
        ui.app.show_menu()
        ui.pump()
        menu = ui.scene
        ui.click_button(text)
        if text == "Open a saved game":
            dialogs = [e for e in ui.elements() if isinstance(e, pygame_gui.windows.UIFileDialog)]
            assert len(dialogs) == 1, "the Open dialog"
            continue
        assert ui.scene is not menu or not ui.app.running, f"{text!r} did nothing"
        ui.app.running = True


def test_a_click_beside_the_menu_buttons_does_nothing(ui: Driver) -> None:
    ui.click((5, 5))
    assert isinstance(ui.scene, MenuScene) and ui.app.running


# --- resizing --------------------------------------------------------------------------------


def open_game(ui: Driver) -> None:
    ui.click_button("Two players")
    ui.play("D4-C4")
    ui.play("D4-A4")


def open_review(ui: Driver) -> None:
    open_game(ui)
    ui.click_element(ui.panel.move_list.item_list[0]["button_element"])


def open_game_over(ui: Driver) -> None:
    ui.click_button("Two players")
    for move in winning_moves(1745):
        ui.play(move)
    assert ui.panel.over_panel is not None


def open_handicap(ui: Driver) -> None:
    ui.click_button("Handicap game")
    ui.click_button("Ice")
    ui.click_button("6")
    for name in ("A1", "B2", "C3", "E5", "F6", "G7"):
        ui.board_click(name)


def open_handicap_game(ui: Driver) -> None:
    open_handicap(ui)
    ui.click_button("Start the game")


def open_solitaire(ui: Driver) -> None:
    ui.click_button("Solitaire")


STATES: dict[str, Callable[[Driver], None]] = {
    "menu": lambda ui: None,
    "game": open_game,
    "review": open_review,
    "handicap": open_handicap,
    "handicap-game": open_handicap_game,
    "solitaire": open_solitaire,
}


def widgets_outside(ui: Driver) -> list[str]:
    """The visible widgets that do not lie wholly inside the window."""
    window = pygame.Rect((0, 0), ui.app.size)
    return [
        f"{type(e).__name__} {getattr(e, 'text', '')!r} at {e.rect}"  # type: ignore[attr-defined]
        for e in ui.elements()
        if e.visible and not window.contains(e.rect)  # type: ignore[attr-defined]
    ]


def clipped_texts(ui: Driver) -> list[str]:
    """The visible buttons and labels whose text does not fit them."""
    return [
        f"{type(e).__name__} {e.text!r}"  # type: ignore[attr-defined]
        for e in ui.elements()
        if e.visible and text_overflows(e)  # type: ignore[attr-defined]
    ]


def check_board_fits(ui: Driver) -> None:
    """The board fills the window left of the panel, and the panel the rest."""
    scene = ui.scene
    assert isinstance(scene, BoardScene) and scene.layout is not None
    width, height = ui.app.size
    side = panel_width(width)
    assert scene.layout.rect == (0, 0, width - side, height)
    assert scene.panel_rect == pygame.Rect(width - side, 0, side, height)
    board = pygame.Rect(scene.layout.rect)
    radius = scene.layout.peg_radius
    for x, y in scene.layout.holes:
        assert board.contains(pygame.Rect(x - radius, y - radius, 2 * radius, 2 * radius))
    for pocket in scene.layout.pockets:
        assert board.contains(pygame.Rect(pocket))
    panel_widgets = [
        e
        for e in ui.elements()
        if e.visible and e.rect.x >= scene.panel_rect.x  # type: ignore[attr-defined]
    ]
    assert panel_widgets, "the panel has its widgets"
    for element in panel_widgets:
        assert scene.panel_rect.contains(element.rect)  # type: ignore[attr-defined]


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1000, 700), (1600, 1000)])
@pytest.mark.parametrize("state", ["menu", "game", "handicap", "solitaire"])
def test_a_resized_window_is_laid_out_again(ui: Driver, state: str, size: tuple[int, int]) -> None:
    STATES[state](ui)
    scene = ui.scene
    ui.resize(size)
    assert ui.app.size == size
    assert ui.app.surface.get_size() == size
    assert ui.scene is scene, "resizing keeps the scene and its state"
    assert ui.app.manager.window_resolution == size
    assert widgets_outside(ui) == []
    if state == "menu":
        buttons = [ui.find(text).rect for text in ("Two players", "Quit")]  # type: ignore[attr-defined]
        assert all(abs(rect.centerx - size[0] // 2) <= 1 for rect in buttons)
        return
    check_board_fits(ui)


def test_after_a_resize_clicks_on_the_new_hole_positions_still_play(ui: Driver) -> None:
    open_game(ui)
    old = ui.hole_pos("C4")
    ui.board_click("A4")
    ui.resize((1000, 700))
    assert ui.played == ["D4-C4", "D4-A4"]
    assert len(ui.panel.move_list.item_list) == 2, "the move list is filled again"
    new = ui.hole_pos("C4")
    assert new != old
    ui.click(new)
    assert ui.game.controller.selected == parse_hole("C4")
    ui.board_click("C1")
    assert ui.played == ["D4-C4", "D4-A4", "C4-C1"]
    assert peg_colour_at(ui, "C1") is Color.FIRE


def test_after_a_resize_handicap_clicks_land_on_the_new_holes(ui: Driver) -> None:
    ui.click_button("Handicap game")
    ui.resize((1500, 900))
    ui.board_click("G7")
    scene = ui.scene
    assert isinstance(scene, HandicapScene)
    assert scene.setup.holes == [parse_hole("G7")]
    assert peg_colour_at(ui, "G7") is Color.FIRE


@pytest.mark.slow
def test_the_game_over_panel_fits_and_follows_a_resize_down_to_the_minimum(ui: Driver) -> None:
    open_game_over(ui)
    for size in ((1280, 800), (1000, 700), MIN_SIZE):
        ui.resize(size)
        assert ui.app.size == size
        panel = ui.panel.over_panel
        assert panel is not None
        assert ui.game.panel_rect.contains(panel.rect)
        assert widgets_outside(ui) == []
        assert clipped_texts(ui) == []


def test_the_window_cannot_be_made_smaller_than_the_minimum(ui: Driver) -> None:
    ui.resize((500, 400))
    assert ui.app.size == MIN_SIZE


@pytest.mark.parametrize(
    "state",
    [
        "menu",
        "game",
        "review",
        "handicap",
        "handicap-game",
        "solitaire",
    ],
)
@pytest.mark.filterwarnings("ignore:Label Rect is too small for text")
def test_at_the_minimum_size_nothing_is_clipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, state: str
) -> None:
    with open_ui(tmp_path / "config", monkeypatch, size=MIN_SIZE) as ui:
        STATES[state](ui)
        assert ui.app.size == MIN_SIZE
        assert widgets_outside(ui) == []
        assert clipped_texts(ui) == []


@pytest.mark.parametrize("state", sorted(STATES))
def test_at_the_default_size_nothing_is_clipped(ui: Driver, state: str) -> None:
    STATES[state](ui)
    assert widgets_outside(ui) == []
    assert clipped_texts(ui) == []


def _illegal_two_player_click(ui: Driver) -> None:
    ui.click_button("Two players")
    ui.board_click("D4")
    ui.board_click("A1")


def _holding_a_peg(ui: Driver) -> None:
    ui.click_button("Two players")
    ui.board_click("D4")


def _opponents_peg(ui: Driver) -> None:
    ui.click_button("Two players")
    ui.play("D4-C4")
    ui.board_click("C4")


def _solitaire_start(ui: Driver) -> None:
    ui.click_button("Solitaire")


def _solitaire_holding(ui: Driver) -> None:
    ui.click_button("Solitaire")
    scene = ui.scene
    assert is_game(scene, "solitaire")
    move = ui.game.controller.history.position.legal_moves()[0]
    ui.click(ui.hole_pos(str(move).split("-")[0]))


def _solitaire_empty_target(ui: Driver) -> None:
    _solitaire_holding(ui)
    scene = ui.game
    assert is_game(scene, "solitaire") and scene.controller.selected is not None
    position = scene.controller.history.position
    empty = next(
        hole
        for hole in range(49)
        if REACH[scene.controller.selected] >> hole & 1 and position.color_at(hole) is None
    )
    ui.click(ui.hole_pos(hole_name(empty)))
    assert "is empty: every move must capture" in ui.message


def _review(ui: Driver) -> None:
    open_game(ui)
    ui.key(pygame.K_PAGEUP)


MESSAGE_STATES: dict[str, Callable[[Driver], None]] = {
    "holding-a-peg": _holding_a_peg,
    "opponents-peg": _opponents_peg,
    "illegal-move": _illegal_two_player_click,
    "review": _review,
    "solitaire-start": _solitaire_start,
    "solitaire-holding-a-peg": _solitaire_holding,
    "solitaire-empty-target": _solitaire_empty_target,
}


@pytest.mark.parametrize(
    ("size", "state"),
    [
        pytest.param(size, state, id=f"{size[0]}x{size[1]}-{state}")
        for size in ((1280, 800), MIN_SIZE)
        for state in MESSAGE_STATES
    ],
)
def test_the_side_panel_message_is_readable_without_scrolling(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], state: str
) -> None:
    with open_ui(tmp_path / "config", monkeypatch, size=size) as ui:
        MESSAGE_STATES[state](ui)
        assert ui.message
        box = message_box_of(ui.scene)
        assert box is not None and box.scroll_bar is None, f"{ui.message!r} does not fit its box"


# --- full screen -----------------------------------------------------------------------------


def test_f11_toggles_full_screen_and_remembers_it(ui: Driver, tmp_path: Path) -> None:
    open_game(ui)
    windowed = ui.app.size
    ui.key(pygame.K_F11)
    assert ui.app.settings.fullscreen
    saved = json.loads((tmp_path / "config" / "settings.json").read_text(encoding="utf-8"))
    assert saved["fullscreen"] is True
    assert ui.app.window is not None and ui.app.size == ui.app.window.size
    check_board_fits(ui)
    assert widgets_outside(ui) == []
    ui.key(pygame.K_F11)
    assert not ui.app.settings.fullscreen
    saved = json.loads((tmp_path / "config" / "settings.json").read_text(encoding="utf-8"))
    assert saved["fullscreen"] is False
    assert ui.app.size == windowed
    assert ui.played == ["D4-C4", "D4-A4"]


# --- the screenshot command ------------------------------------------------------------------

SHOTS: dict[str, tuple[list[str], tuple[int, int]]] = {
    "menu": (["--scene", "menu", "--size", "1024x700"], (1024, 700)),
    "game": (
        ["--scene", "game", "--moves", "D4-C4 D4-A4 C4-C1", "--size", "1100x760"],
        (1100, 760),
    ),
    "handicap": (["--scene", "handicap", "--size", "900x640"], (900, 640)),
    "solitaire": (["--scene", "solitaire", "--deal", "64"], (1280, 800)),
    "rules": (["--scene", "rules", "--page", "2", "--size", "1000x700"], (1000, 700)),
    "settings": (["--scene", "settings", "--size", "860x600"], (860, 600)),
    "computer": (["--scene", "computer", "--size", "860x600"], (860, 600)),
    "statistics": (["--scene", "statistics", "--size", "860x600"], (860, 600)),
    "game-hint": (
        ["--scene", "game", "--moves", "D4-C4 D4-A4 C4-C1", "--size", "1100x760", "--hint"],
        (1100, 760),
    ),
    "solitaire-hint": (["--scene", "solitaire", "--deal", "64", "--hint"], (1280, 800)),
}
BAD_SHOTS: dict[str, list[str]] = {
    "size-not-a-size": ["--scene", "menu", "--size", "large"],
    "size-too-small": ["--scene", "menu", "--size", "100x100"],
    "size-under-the-window-minimum": ["--scene", "menu", "--size", "640x480"],
    "illegal-move": ["--scene", "game", "--moves", "D4-C4 D4-B1"],
    "not-a-move": ["--scene", "game", "--moves", "D4-C4 Q9-Z1"],
    "no-such-rules-page": ["--scene", "rules", "--page", "99"],
    "hint-on-the-menu": ["--scene", "menu", "--hint"],
}


@pytest.fixture(scope="module")
def screenshot_runs(
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[str, tuple[subprocess.CompletedProcess[str], Path]]:
    """Every screenshot command of :data:`SHOTS`, run once for all of pytest-xdist's workers
    (they draw whole screens: the tests that read them are slow)."""
    good = {name: args for name, (args, _) in SHOTS.items()}
    return made_once(
        tmp_path_factory, "screenshot-runs", lambda: run_screenshots(tmp_path_factory, good)
    )


@pytest.fixture(scope="module")
def bad_screenshot_runs(
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[str, tuple[subprocess.CompletedProcess[str], Path]]:
    """Every screenshot command of :data:`BAD_SHOTS` (refused before anything is drawn)."""
    return made_once(
        tmp_path_factory,
        "bad-screenshot-runs",
        lambda: run_screenshots(tmp_path_factory, BAD_SHOTS),
    )


def run_screenshots(
    tmp_path_factory: pytest.TempPathFactory, commands: dict[str, list[str]]
) -> dict[str, tuple[subprocess.CompletedProcess[str], Path]]:
    """The screenshot ``commands`` (name: arguments), run side by side (they are
    independent)."""
    folder = tmp_path_factory.mktemp("shots")
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "FIREICE_CONFIG_DIR": str(folder / "config"),
        "FIREICE_DATA_DIR": str(folder / "data"),
    }
    started = {}
    for name, args in commands.items():
        path = folder / f"{name}.png"
        command = [sys.executable, "-m", "fireice_desktop", "--screenshot", str(path), *args]
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        started[name] = (process, command, path)
    runs = {}
    for name, (process, command, path) in started.items():
        stdout, stderr = process.communicate(timeout=120)
        result = subprocess.CompletedProcess(command, process.returncode, stdout, stderr)
        runs[name] = (result, path)
    return runs


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG file's header."""
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.slow
@pytest.mark.parametrize("scene", sorted(SHOTS))
def test_the_screenshot_command_writes_a_png_of_the_asked_size(
    screenshot_runs: dict[str, tuple[subprocess.CompletedProcess[str], Path]], scene: str
) -> None:
    result, path = screenshot_runs[scene]
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    size = SHOTS[scene][1]
    assert png_size(path) == size
    assert f"{size[0]}x{size[1]}" in result.stdout
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".")], "no temporary file"


@pytest.mark.parametrize("case", sorted(BAD_SHOTS))
def test_a_bad_screenshot_request_fails_with_the_usage_and_status_2(
    bad_screenshot_runs: dict[str, tuple[subprocess.CompletedProcess[str], Path]], case: str
) -> None:
    result, path = bad_screenshot_runs[case]
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("usage: fireice "), result.stderr
    lines = result.stderr.strip().splitlines()[-1:]
    assert lines[0].startswith("fireice: ")
    assert not path.exists()
    bad_text = {
        "size-not-a-size": "large",
        "size-too-small": "100x100",
        "size-under-the-window-minimum": "at least 860x600",
        "illegal-move": "D4-B1",
        "not-a-move": "Q9-Z1",
        "no-such-rules-page": "--page 99",
        "hint-on-the-menu": "--hint applies to the game, solitaire and icebreaker scenes",
    }[case]
    assert bad_text in lines[0]


def folder_state(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folder``: its bytes and its modification time."""
    return {
        str(path.relative_to(folder)): (path.read_bytes(), path.stat().st_mtime_ns)
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ["--scene", "game", "--moves", "D4-A4 D4-D1"],
        ["--scene", "settings"],
        ["--scene", "menu"],
        ["--scene", "statistics"],
        ["--open", "{game}"],
        ["--open", "{game}", "--scene", "menu"],
    ],
    ids=["moves", "settings", "menu", "statistics", "open", "open-on-the-menu"],
)
def test_a_screenshot_never_reads_or_touches_the_players_files(
    tmp_path: Path, args: list[str]
) -> None:
    """The player's kept game, settings and statistics survive a screenshot byte for byte
    (the picture is drawn with the default settings, no kept game and no statistics; a
    damaged statistics file is not even set aside)."""
    config, data = tmp_path / "config", tmp_path / "data"
    config.mkdir()
    data.mkdir()
    kept = GameRecord(moves=("D4-C4", "D4-B4")).to_json()
    (data / "autosave.fireice").write_text(kept, encoding="utf-8")
    (config / "settings.json").write_text('{"show_legal_moves": false, "fullscreen": true}')
    (data / "statistics.json").write_text('{"format": "fireice-statistics", "vers')
    other = tmp_path / "other.fireice"
    other.write_text(GameRecord(moves=("D4-A4",)).to_json(), encoding="utf-8")
    before = folder_state(tmp_path)
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "FIREICE_CONFIG_DIR": str(config),
        "FIREICE_DATA_DIR": str(data),
    }
    shot = tmp_path / "shots" / "shot.png"
    shot.parent.mkdir()
    command = [sys.executable, "-m", "fireice_desktop", "--screenshot", str(shot)]
    command += [arg.format(game=other) for arg in args]
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert shot.is_file()
    assert folder_state(config) == {"settings.json": before["config/settings.json"]}
    assert folder_state(data) == {
        "autosave.fireice": before["data/autosave.fireice"],
        "statistics.json": before["data/statistics.json"],
    }
    assert other.read_bytes() == before["other.fireice"][0]


@pytest.mark.slow  # it reads the screenshots the slow test above makes
@pytest.mark.parametrize("scene", ["game", "solitaire"])
def test_a_screenshot_with_hint_draws_the_hint(
    screenshot_runs: dict[str, tuple[subprocess.CompletedProcess[str], Path]], scene: str
) -> None:
    plain = pygame.image.load(str(screenshot_runs[scene][1]))
    hinted = pygame.image.load(str(screenshot_runs[f"{scene}-hint"][1]))
    # The same position: only the hint's marks on the board and its words differ.
    assert plain.get_size() == hinted.get_size()
    width, height = plain.get_size()
    changed = sum(
        plain.get_at((x, y)) != hinted.get_at((x, y))
        for x in range(0, width, 4)
        for y in range(0, height, 4)
    )
    assert changed > 50, "the hint left the picture unchanged"
