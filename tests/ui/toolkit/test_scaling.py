"""Every screen reads at every window size: a large window shows the 1280x800 layout made
larger (fonts, buttons, panels, cards), and at no size, in either language, does a
widget's text overflow it or a widget leave the window."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from fireice_desktop.ui.games.fireice.handicap import HandicapScene
from fireice_desktop.ui.toolkit import scaling
from fireice_desktop.ui.toolkit.language import tr
from fireice_desktop.ui.toolkit.notices import show_error
from tests.support.ui import Driver, open_ui, pygame, pygame_gui, text_overflows

SIZES = [(860, 600), (1280, 800), (2560, 1440), (3840, 2160)]


def test_the_scale_follows_the_window_from_1280x800() -> None:
    assert scaling.scale_for((860, 600)) == 1.0
    assert scaling.scale_for((1280, 800)) == 1.0
    assert scaling.scale_for((2560, 1440)) == 1.8
    assert scaling.scale_for((2560, 1600)) == 2.0
    assert scaling.scale_for((3840, 2160)) == 2.7
    assert scaling.scale_for((9000, 9000)) == scaling.MAX_SCALE


@pytest.mark.parametrize(
    ("size", "display", "expected"),
    [
        ((1600, 1000), 1.5, 1.5),  # the window alone would say 1.2
        ((1280, 800), 2.0, 1.3),  # as far as the smallest layout still fits
        ((860, 600), 2.0, 1.0),
        ((3840, 2160), 1.5, 2.7),  # a large window goes further than the display
        ((2560, 1600), 1.0, 2.0),
    ],
)
def test_a_display_the_system_scales_keeps_its_scale_in_a_smaller_window(
    size: tuple[int, int], display: float, expected: float
) -> None:
    assert scaling.scale_for(size, display) == expected


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, 1.0),
        ({"GDK_SCALE": "2"}, 2.0),
        ({"QT_SCALE_FACTOR": "1.5"}, 1.5),
        ({"GDK_SCALE": "1", "QT_SCALE_FACTOR": "1.25"}, 1.25),
        ({"GDK_SCALE": "two"}, 1.0),
        ({"GDK_SCALE": "0"}, 1.0),
        ({"GDK_SCALE": "-2"}, 1.0),
        ({"GDK_SCALE": "nan"}, 1.0),
        ({"QT_SCALE_FACTOR": "inf"}, 1.0),
        ({"QT_SCALE_FACTOR": "100"}, 1.0),
    ],
)
def test_the_desktops_scale_is_read_and_a_senseless_one_ignored(
    environ: dict[str, str], expected: float
) -> None:
    assert scaling.display_scale(environ, platform="linux") == expected


@pytest.mark.parametrize(("dpi", "expected"), [(96, 1.0), (144, 1.5), (192, 2.0), (0, 1.0)])
def test_windows_says_its_scale_in_dots_per_inch(
    monkeypatch: pytest.MonkeyPatch, dpi: float, expected: float
) -> None:
    monkeypatch.setattr(scaling, "_windows_dpi", lambda: dpi)
    assert scaling.display_scale({"GDK_SCALE": "3"}, platform="win32") == expected


@pytest.mark.parametrize(
    ("display", "desktop", "expected"),
    [
        (1.0, None, (1280, 800)),
        (1.0, (1920, 1080), (1280, 800)),
        (2.0, (3840, 2160), (2560, 1600)),
        (2.0, (2560, 1600), (2304, 1440)),  # nine tenths of the screen
        (1.0, (1366, 768), (1105, 691)),
        (1.0, (800, 600), (860, 600)),  # never under the smallest
    ],
)
def test_a_start_opens_a_window_for_the_display(
    display: float, desktop: tuple[int, int] | None, expected: tuple[int, int]
) -> None:
    assert scaling.default_window(display, desktop) == expected


def test_a_window_on_a_scaled_desktop_draws_its_words_larger(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path / "plain", monkeypatch, size=(1720, 1200)) as ui:
        plain = buttons(ui)
        assert scaling.scale() == 1.3
    monkeypatch.setenv("GDK_SCALE", "2")
    with open_ui(tmp_path / "scaled", monkeypatch, size=(1720, 1200)) as ui:
        scaled = buttons(ui)
        assert scaling.scale() == 2.0
        clipped = [element for element in ui.elements() if text_overflows(element)]
    assert scaled.keys() == plain.keys()
    for text, (_, _, font) in plain.items():
        assert scaled[text][2] > font, text
    assert clipped == []


# pygame-gui makes the windows' buttons at its own small size first, then they are scaled.
@pytest.mark.filterwarnings("ignore:Clamping shape_corner_radius")
@pytest.mark.parametrize("size", [(2560, 1600), (3840, 2160)], ids=["2560x1600", "4K"])
def test_the_games_windows_hold_their_words_in_a_large_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    with open_ui(tmp_path, monkeypatch, size=size) as ui:
        ui.app.go("game")
        ui.pump(2)
        ui.play("D4-C4")
        windows: list[pygame_gui.elements.UIWindow] = []
        ui.click_button(tr("view.new_game"))  # the question before the moves are lost
        assert ui.dialog is not None
        windows.append(ui.dialog)
        ui.key(pygame.K_ESCAPE)
        ui.key(pygame.K_o, mod=pygame.KMOD_CTRL)  # the file window
        windows += [w for w in ui.app.manager.get_root_container().elements
                    if isinstance(w, pygame_gui.windows.UIFileDialog)]  # fmt: skip
        windows.append(show_error(ui.app.manager, "A title", "What went wrong, said plainly."))
        ui.pump(2)
        assert len(windows) == 3
        for window in windows:
            parts = window.get_container().elements
            clipped = [f"{type(e).__name__} {e.text!r}" for e in parts if text_overflows(e)]
            assert clipped == [], type(window).__name__
            buttons_ = [e for e in parts if isinstance(e, pygame_gui.elements.UIButton)]
            assert all(e.rect.height >= scaling.px(20) for e in buttons_), type(window).__name__


def test_the_theme_scales_its_fonts_and_lengths() -> None:
    theme = {
        "#title": {"font": {"name": "noto_sans", "size": "44", "bold": "1"}},
        "#box": {"misc": {"padding": "8,4", "border_width": "1", "line_spacing": "0.95"}},
    }
    scaled = scaling.scaled_theme(theme, 2.0)
    assert scaled["#title"]["font"] == {"name": "noto_sans", "size": "88", "bold": "1"}
    assert scaled["#box"]["misc"] == {
        "padding": "16,8",
        "border_width": "2",
        "line_spacing": "0.95",
    }
    assert scaled["button"]["font"] == {"name": "noto_sans", "size": "28"}  # pygame-gui's 14
    assert theme["#title"]["font"]["size"] == "44", "the theme itself is left as it was"


# --- the screens -------------------------------------------------------------------------------


def to_game(ui: Driver) -> None:
    ui.app.go("game")
    ui.play("D4-C4")
    ui.play("D4-A4")


def to_review(ui: Driver) -> None:
    to_game(ui)
    ui.click_element(ui.panel.move_list.item_list[0]["button_element"])


def to_handicap(ui: Driver) -> None:
    ui.app.go("handicap")
    for name in ("A1", "B2"):
        ui.board_click(name)


def to_handicap_game(ui: Driver) -> None:
    to_handicap(ui)
    scene = ui.scene
    assert isinstance(scene, HandicapScene)
    ui.click_element(scene.start_button)


def going(route: str) -> Callable[[Driver], None]:
    return lambda ui: ui.app.go(route)


SCREENS: dict[str, Callable[[Driver], None]] = {
    "menu": going("menu"),
    "settings": going("settings"),
    "statistics": going("statistics"),
    "rules": going("rules"),
    "computer": going("computer"),
    "icebreaker-setup": going("icebreaker-setup"),
    "game": to_game,
    "review": to_review,
    "handicap": to_handicap,
    "handicap-game": to_handicap_game,
    "solitaire": going("solitaire"),
    "icebreaker": going("icebreaker"),
    "puzzles": going("puzzles"),
    "learn": going("learn"),
    "learn-solitaire": lambda ui: ui.app.go("learn", lesson="solitaire_turns"),
    "learn-icebreaker": lambda ui: ui.app.go("learn", lesson="icebreaker_nearest"),
    "practice": going("practice"),
}


def laid_out(ui: Driver, screen: str) -> None:
    """``screen`` opened and laid out: its events handled and its widgets updated, without
    drawing the frames (what is measured here is where the widgets are, not the pixels)."""
    ui.app.render = lambda: None  # type: ignore[method-assign]
    SCREENS[screen](ui)
    ui.pump(1)


def buttons(ui: Driver) -> dict[str, tuple[int, int, int]]:
    """The visible buttons by their text: width, height and the font's height."""
    shown: dict[str, tuple[int, int, int]] = {}
    for element in ui.elements():
        if isinstance(element, pygame_gui.elements.UIButton) and element.visible:
            font = element.font.size("Hg")[1]
            shown[element.text] = (element.rect.width, element.rect.height, font)
    return shown


@pytest.mark.slow
@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_a_large_window_shows_the_same_screen_made_larger(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, screen: str
) -> None:
    with open_ui(tmp_path / "small", monkeypatch, size=(1280, 800)) as ui:
        laid_out(ui, screen)
        small = buttons(ui)
    with open_ui(tmp_path / "large", monkeypatch, size=(2560, 1600)) as ui:
        laid_out(ui, screen)
        large = buttons(ui)
    assert small and large.keys() == small.keys()
    for text, (width, height, font) in small.items():
        big_width, big_height, big_font = large[text]
        assert abs(big_height - 2 * height) <= 3, (text, height, big_height)
        assert abs(big_font - 2 * font) <= 3, (text, font, big_font)
        assert big_width >= 1.8 * width, (text, width, big_width)


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.filterwarnings("ignore:Label Rect is too small for text")
def test_no_text_is_clipped_at_any_size_in_either_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], language: str
) -> None:
    problems: list[str] = []
    with open_ui(tmp_path / "config", monkeypatch, size=size, language=language) as ui:
        window = pygame.Rect(0, 0, *size)
        for screen in SCREENS:
            laid_out(ui, screen)
            for element in ui.elements():
                if not getattr(element, "visible", False):
                    continue
                rect = element.rect  # type: ignore[attr-defined]
                name = f"{screen}: {type(element).__name__} {getattr(element, 'text', '')!r}"
                if not window.contains(rect):
                    problems.append(f"{name} outside the window at {rect}")
                if text_overflows(element):
                    problems.append(f"{name} clipped")
    assert problems == []


@pytest.mark.filterwarnings("ignore:Label Rect is too small for text")
def test_a_move_list_too_short_to_scroll_is_refreshed_without_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The solitaire's panel in the smallest window, the graph over its moves: the list
    # is a line or two high, its scroll bar has no room to move.
    with open_ui(tmp_path / "config", monkeypatch, size=(860, 600)) as ui:
        ui.app.go("solitaire")
        game = ui.game
        for _ in range(6):
            position = game.controller.history.position
            if position.is_over:
                break
            ui.play(position.legal_moves()[0])
        ui.panel.set_graph(True)
        ui.panel.move_list.set_dimensions((ui.panel.move_list.rect.width, 44))
        bar = ui.panel.move_list.scroll_bar
        assert bar is not None and bar.scrollable_height <= 0
        game.controller.changed = True
        ui.pump(2)  # the list filled again, kept at its latest move
        ui.panel.focus_move(0)
        assert ui.panel.selected_index() == 0


@pytest.mark.parametrize(("size", "arrow"), [((1280, 800), 20), ((2560, 1600), 40)])
def test_a_scroll_bars_arrows_grow_with_the_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], arrow: int
) -> None:
    with open_ui(tmp_path / "config", monkeypatch, size=size) as ui:
        box = pygame_gui.elements.UITextBox(
            "<br>".join(["A line of the coach's words."] * 80),
            pygame.Rect(0, 0, size[0] // 4, size[1] // 4),
            ui.app.manager,
        )
        ui.pump(1)
        bar = box.scroll_bar
        assert bar is not None and bar.top_button is not None and bar.bottom_button is not None
        assert bar.top_button.rect.height == arrow
        assert bar.bottom_button.rect.height == arrow
