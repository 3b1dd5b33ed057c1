"""The game in English and Italian: the translation files, the Language setting, and no
shown word that bypasses them.

The last test plays every screen in a made-up language whose every text is the English
one in ⟦brackets⟧: whatever a screen shows outside brackets, other than move notation,
numbers and names, was not translated.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import i18n  # type: ignore[import-untyped]
import pytest

from fireice_desktop.engine.words import TRANSLATIONS, flatten, is_plural, languages, texts
from fireice_desktop.ui.app import App
from fireice_desktop.ui.frame.settings import Settings
from fireice_desktop.ui.screens import rules_text
from fireice_desktop.ui.screens.rules_text import load_chapters
from fireice_desktop.ui.toolkit import art, language
from tests.support.ui import (
    WINNING_SEEDS,
    Driver,
    all_elements,
    open_ui,
    plain_text,
    pygame,
    text_overflows,
    winning_moves,
)

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"%\{(\w+)\}")


def placeholders(value: Any) -> set[str]:
    forms = value.values() if isinstance(value, dict) else [value]
    return {name for form in forms for name in PLACEHOLDER.findall(form)}


# --- the files ---------------------------------------------------------------------------


def test_the_game_speaks_english_and_italian() -> None:
    assert languages() == ["en", "it"]
    assert set(language.LANGUAGES) == set(languages())


@pytest.mark.parametrize("code", ["it"])
def test_every_key_is_in_every_language_with_the_same_values(code: str) -> None:
    english, other = texts("en"), texts(code)
    assert sorted(set(english) - set(other)) == [], f"missing in {code}"
    assert sorted(set(other) - set(english)) == [], f"only in {code}"
    for key, text in english.items():
        assert placeholders(other[key]) == placeholders(text), key
        assert is_plural(other[key]) == is_plural(text), key
        assert other[key], key


def test_every_file_is_one_language_under_its_code() -> None:
    for path in TRANSLATIONS.glob("fireice.*.json"):
        code = path.name.split(".")[1]
        data = json.loads(path.read_text(encoding="utf-8"))
        assert list(data) == [code], path.name


def _keys_in_code() -> Iterator[tuple[str, str, bool]]:
    """(file, key, whether only the key's start is known) of every ``tr``/``say``/``Words``
    call whose key is written in the code."""
    package = ROOT / "fireice_desktop"
    paths = [*(package / "ui").rglob("*.py"), *(package / "engine").rglob("*.py")]
    for path in sorted(paths):  # (the command line's say() prints: it is not a key)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            name = getattr(node.func, "id", "")  # functions, not methods such as self.say
            if name not in ("tr", "say", "Words"):
                continue
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                yield path.name, first.value, False
            elif isinstance(first, ast.JoinedStr) and isinstance(first.values[0], ast.Constant):
                yield path.name, str(first.values[0].value), True


def test_every_key_the_code_asks_for_is_in_the_files() -> None:
    english = texts("en")
    asked = list(_keys_in_code())
    assert len(asked) > 150  # the scan finds the calls
    for file, key, prefix in asked:
        if prefix:
            assert any(k.startswith(key) for k in english), f"{file}: no key starts {key!r}"
        else:
            assert key in english, f"{file}: {key!r} is not in fireice.en.json"


def test_plurals_and_numbers_in_both_languages() -> None:
    said = {}
    for code in ("en", "it"):
        language.use(code)
        said[code] = [language.tr("solitaire.pegs_left", count=n) for n in (1, 2)]
        said[code].append(language.number(1_000_000))
    language.use("en")
    assert said["en"] == ["1 peg left", "2 pegs left", "1,000,000"]
    assert said["it"] == ["1 pedina rimasta", "2 pedine rimaste", "1.000.000"]


def test_the_italian_rules_have_the_english_chapters() -> None:
    english, italian = load_chapters("en"), load_chapters("it")
    assert [c.drawings for c in italian] == [c.drawings for c in english]
    assert [c.title for c in italian][:2] == ["Il tavoliere", "Il turno"]
    assert all(a.text != b.text for a, b in zip(english, italian, strict=True))
    assert "Decisione:</b></font>" in " ".join(c.text for c in italian)


# --- the setting ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variable", "code"),
    [("it_IT.UTF-8", "it"), ("it_CH", "it"), ("de_DE.UTF-8", "en"), ("C", "en"), ("", "en")],
)
def test_the_first_run_speaks_the_systems_language(
    variable: str, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FIREICE_CONFIG_DIR", str(tmp_path))
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", variable)
    monkeypatch.setattr(language.locale, "getlocale", lambda: (None, None))
    assert Settings.load().language == code


def test_a_saved_language_wins_over_the_system_and_a_bad_one_is_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FIREICE_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    (tmp_path / "settings.json").write_text('{"language": "en"}', encoding="utf-8")
    assert Settings.load().language == "en"
    (tmp_path / "settings.json").write_text('{"language": "klingon"}', encoding="utf-8")
    assert Settings.load().language == "it"


def test_a_new_app_leaves_one_copy_of_each_translation_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pygame-gui's UI manager adds its folders to python-i18n's search path each time one
    is made, and a text that is no key of pygame-gui's is looked for in every copy: with
    an app made for every window or every test, making a label grew slower and slower."""
    monkeypatch.setenv("FIREICE_CONFIG_DIR", str(tmp_path))
    for _ in range(3):
        App((860, 600), settings=Settings(sound=False), window=False)
    assert len(i18n.load_path) == len(set(i18n.load_path))
    assert str(TRANSLATIONS) in i18n.load_path


def texts_on_screen(ui: Driver) -> list[str]:
    return [
        plain_text(getattr(e, "html_text", None) or getattr(e, "text", "") or "")
        for e in all_elements(ui.app.manager.get_root_container())
        if getattr(e, "visible", True)
    ]


def test_choosing_italiano_says_everything_in_italian_and_survives_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        ui.click_button("Settings")
        ui.click_button("Italiano")
        assert ui.app.settings.language == "it"
        assert "Impostazioni" in texts_on_screen(ui)
        assert "Settings" not in texts_on_screen(ui)
        saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
        assert saved["language"] == "it"
        ui.key(pygame.K_ESCAPE)
        assert "Due giocatori" in texts_on_screen(ui)
        ui.click_button("Impostazioni")
        ui.click_button("English")
        assert "Settings" in texts_on_screen(ui)
        assert ui.app.settings.language == "en"
        ui.click_button("Italiano")
    # The next run, as the game starts: the settings from the player's file.
    restarted = App((1280, 800), settings=Settings.load(), window=False)
    try:
        assert restarted.settings.language == "it"
        assert language.current() == "it"
        shown = [
            getattr(e, "text", "") for e in all_elements(restarted.manager.get_root_container())
        ]
        assert "Due giocatori" in shown
    finally:
        language.use("en", restarted.manager)


# --- nothing bypasses the files ---------------------------------------------------------------

OPEN, CLOSE = "⟦", "⟧"
#: What may be shown untranslated: move notation, cell, row and island names, numbers,
#: symbols (the move list's scroll arrows and the review's step marks among them), and
#: names (the games', the designers', the languages').
ALLOWED = re.compile(
    r"(?:[A-Ga-g][1-7]|\b[A-G]\b|\b[a-z]\d{0,2}\b|[\u25b2\u25bc\u00ab\u00bb\u2039\u203a]|\d[\d,.]*|[-+:;,.!?·%/()\[\]'\"\u2026\u2013\u2014=_<>|#*]|\s"
    r"|Fire & Ice|Icebreaker|Jens-Peter Schliemann|Mark Steere|English|Italiano|Ctrl|Esc"
    r"|Tab|F11|pbmserv|PerGioco|Fire and Ice|OK)*"
)


def pseudo_language(folder: Path) -> None:
    """``fireice.xx.json`` in ``folder``: every English text in brackets."""

    def wrap(value: Any) -> Any:
        if isinstance(value, dict):
            return {name: wrap(form) for name, form in value.items()}
        return f"{OPEN}{value}{CLOSE}"

    english = json.loads((TRANSLATIONS / "fireice.en.json").read_text(encoding="utf-8"))["en"]

    def walk(node: dict[str, Any]) -> dict[str, Any]:
        return {
            k: (wrap(v) if not isinstance(v, dict) or is_plural(v) else walk(v))
            for k, v in node.items()
        }

    tree = {"xx": walk(english)}
    (folder / "fireice.xx.json").write_text(json.dumps(tree, ensure_ascii=False), "utf-8")
    assert flatten(tree["xx"]).keys() == texts("en").keys()


def pseudo_rules(folder: Path) -> Path:
    """``rules.xx.md`` in ``folder``: the English rules with every line of text in brackets."""
    lines = []
    fenced = False
    for line in (TRANSLATIONS / "rules.en.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        text = line.strip()
        if fenced or not text or text.startswith(("<!--", "```", "|", "-->")):
            lines.append(line)
        elif heading := re.fullmatch(r"(#+ (?:\d+\. )?)(.*)", text):
            lines.append(f"{heading[1]}{OPEN}{heading[2]}{CLOSE}")
        elif item := re.fullmatch(r"([-*+] |\d+\. )(.*)", text):
            lines.append(f"{item[1]}{OPEN}{item[2]}{CLOSE}")
        else:
            lines.append(f"{OPEN}{text}{CLOSE}")
    path = folder / "rules.xx.md"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def untranslated(text: str) -> str:
    """What is left of ``text`` once the bracketed (translated) parts are taken out."""
    previous = None
    while previous != text:
        previous, text = text, re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", " ", text)
    return "" if ALLOWED.fullmatch(text) else text.strip()


def joined(lines: list[str]) -> list[str]:
    """Drawn lines, those of one text drawn on several lines (a caption) joined again."""
    texts: list[str] = []
    pending = ""
    for line in lines:
        pending = f"{pending} {line}" if pending else line
        if pending.count(OPEN) <= pending.count(CLOSE):
            texts.append(pending)
            pending = ""
    return [*texts, pending] if pending else texts


class Recorder:
    """A font that notes every text drawn with it."""

    def __init__(self, face: Any, drawn: list[str]) -> None:
        self.face, self.drawn = face, drawn

    def render(self, text: str, *args: Any, **kwargs: Any) -> Any:
        self.drawn.append(text)
        return self.face.render(text, *args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.face, name)


@pytest.mark.slow
def test_no_shown_string_bypasses_the_translation_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pseudo = tmp_path / "pseudo"
    pseudo.mkdir()
    pseudo_language(pseudo)
    loaded = list(i18n.load_path)
    i18n.load_path.append(str(pseudo))
    monkeypatch.setitem(language.LANGUAGES, "xx", "Pseudo")
    rules = pseudo_rules(pseudo)
    real_source = rules_text.source_path
    monkeypatch.setattr(
        rules_text, "source_path", lambda code: rules if code == "xx" else real_source(code)
    )
    drawn: list[str] = []
    real_font = art.font  # every text the game draws itself is drawn with one of its fonts
    for module in list(sys.modules.values()):
        if (
            getattr(module, "__name__", "").startswith("fireice_desktop.ui")
            and getattr(module, "font", None) is real_font
        ):
            monkeypatch.setattr(module, "font", lambda *a, **k: Recorder(real_font(*a, **k), drawn))
    shown: dict[str, str] = {}

    def look(ui: Driver, where: str) -> None:
        ui.pump(3)
        surface = ui.app.surface
        ui.app.scene.draw(surface)
        for text in texts_on_screen(ui) + joined(drawn):
            left = untranslated(text)
            if left:
                shown.setdefault(left, where)
        for element in all_elements(ui.app.manager.get_root_container()):
            tip = getattr(element, "tool_tip_text", None)
            if tip and untranslated(tip):
                shown.setdefault(untranslated(tip), where + " (tool tip)")
        drawn.clear()

    try:
        with open_ui(tmp_path / "config", monkeypatch) as ui:
            language.use("xx", ui.app.manager)
            ui.app.settings.language = "xx"
            drawn.clear()  # the menu as the app opened, in English
            for route in ("menu", "settings", "computer", "handicap", "statistics"):
                ui.app.go(route)
                look(ui, route)
            ui.app.go("icebreaker-setup")
            look(ui, "icebreaker-setup")
            ui.app.go("handicap")
            ui.board_click("A1")
            look(ui, "handicap, a peg placed")
            ui.board_click("D4")
            look(ui, "handicap, island D")
            # A two-player game to its end, a peg picked up, a wrong click, an undo.
            ui.app.go("game")
            look(ui, "game")
            ui.board_click("D4")
            look(ui, "game, a peg picked up")
            ui.board_click("A1")
            look(ui, "game, a wrong move")
            ui.key(pygame.K_ESCAPE)
            ui.board_click("A1")
            look(ui, "game, an empty hole")
            for move in winning_moves(next(iter(WINNING_SEEDS))):
                ui.play(move)
            look(ui, "game over")
            ui.key(pygame.K_z, pygame.KMOD_CTRL)
            ui.key(pygame.K_h)
            ui.settle()
            look(ui, "game, a hint")
            ui.app.go("solitaire")
            look(ui, "solitaire")
            ui.key(pygame.K_h)
            ui.settle()
            look(ui, "solitaire, a hint")
            ui.app.go("icebreaker")
            look(ui, "icebreaker")
            for page in range(1, 9):
                ui.app.go("rules", chapter=page - 1)  # by number: titles are translated
                look(ui, f"rules, chapter {page}")
    finally:
        i18n.load_path[:] = loaded
        language.use("en")
    assert shown == {}, "\n".join(f"{where}: {text!r}" for text, where in shown.items())


def test_italian_labels_fit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_ui(tmp_path, monkeypatch, size=(860, 600)) as ui:
        language.use("it", ui.app.manager)
        ui.app.settings.language = "it"
        for route in ("menu", "settings", "computer", "handicap", "icebreaker-setup", "game"):
            ui.app.go(route)
            ui.pump(2)
            over = [
                e.text  # type: ignore[attr-defined]
                for e in all_elements(ui.app.manager.get_root_container())
                if getattr(e, "visible", True) and text_overflows(e)
            ]
            assert over == [], route
        language.use("en", ui.app.manager)


def turn_lines() -> list[str]:
    """Every line the panel's turn label can show in the current language."""
    lines = [language.tr(f"solitaire.{key}") for key in ("solved", "no_captures", "either_colour")]
    for key in texts("en"):
        if key.startswith("sides."):
            side = language.tr(key)
            lines += [language.tr(line, side=side) for line in ("view.to_move", "view.wins")]
            lines += [language.tr("players.thinking", side=side, dots=d) for d in (".", "...")]
    name = "Anna"  # a friend's name (a long one is cut: see below)
    lines += [
        language.tr(f"online.{key}", name=name) for key in ("friend_turn", "turn_friend_wins")
    ]
    lines += [language.tr("online.turn_you_win"), language.tr("online.paused")]
    return lines


def fits_the_narrowest_panel(
    code: str, where: Path, monkeypatch: pytest.MonkeyPatch, part: str, small: str
) -> None:
    """Each of the ``part`` lines (``turn``, ``title``) goes through the panel's own fitting
    at 860x600 in language ``code``, into the ``small`` letters and out: none overflows
    its label, and each fits in the small letters."""
    lines = {"turn": turn_lines, "title": title_lines}[part]
    with open_ui(where, monkeypatch, size=(860, 600), language=code) as ui:
        ui.click_button(language.tr("menu.two_players"))
        panel = ui.app.scene.panel  # type: ignore[attr-defined]
        label = getattr(panel, f"{part}_label")
        fit = getattr(panel, f"_fit_{part}")
        for line in lines() + lines()[::-1]:  # into the small letters and out
            fit(line)
            ui.pump()
            assert label.text == line
            assert not text_overflows(label), (line, label.object_ids)
        font = label.ui_theme.get_font([small, *label.element_ids])
        too_long = [line for line in lines() if font.size(line)[0] > label.rect.width]
        assert too_long == []


@pytest.mark.parametrize("code", languages())
def test_every_turn_line_fits_the_narrowest_panel(
    code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, recwarn: pytest.WarningsRecorder
) -> None:
    fits_the_narrowest_panel(code, tmp_path, monkeypatch, "turn", "#turn_small")
    assert [str(w.message) for w in recwarn if "Label Rect" in str(w.message)] == []


@pytest.mark.parametrize("code", languages())
def test_a_friend_s_long_name_is_cut_in_the_turn_line_never_clipped(
    code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The turn line names the friend, whose name may be 24 wide letters: at 860x600 the
    line is cut with "…" in the small letters rather than drawn past its label."""
    with open_ui(tmp_path, monkeypatch, size=(860, 600), language=code) as ui:
        ui.click_button(language.tr("menu.two_players"))
        panel = ui.app.scene.panel  # type: ignore[attr-defined]
        line = language.tr("online.friend_turn", name="W" * 24)
        panel._fit_turn(line)
        ui.pump()
        shown = panel.turn_label.text
        assert "…" in shown and len(shown) < len(line)
        assert "WWWW" in shown  # the name is cut, and its start stays
        assert panel.turn_label.object_ids[-1] == "#turn_small"
        assert not text_overflows(panel.turn_label)


def title_lines() -> list[str]:
    """Every title the panel can show in the current language: the games', each handicap,
    each game against the computer or watched, the solitaire's largest deal."""
    from fireice_desktop.engine.games.fireice.rules import Color
    from fireice_desktop.engine.games.icebreaker.board import Side
    from fireice_desktop.ui.frame.cards import LEVEL_NAMES
    from fireice_desktop.ui.games.fireice.view import computer_title, handicap_title

    lines = [language.tr("menu.two_players"), "Icebreaker"]
    lines += [handicap_title(count, side) for count in range(1, 7) for side in Color]
    for sides in (tuple(Color), tuple(Side)):
        for level in LEVEL_NAMES:
            lines += [computer_title({side: level}) for side in sides]
            lines.append(computer_title(dict.fromkeys(sides, level)))
    lines += [language.tr("solitaire.title", deal=language.number(10**6), count=n) for n in (1, 28)]
    return lines


@pytest.mark.parametrize("code", languages())
def test_every_title_fits_the_narrowest_panel(
    code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, recwarn: pytest.WarningsRecorder
) -> None:
    fits_the_narrowest_panel(code, tmp_path, monkeypatch, "title", "#message_small")
    assert [str(w.message) for w in recwarn if "Label Rect" in str(w.message)] == []
