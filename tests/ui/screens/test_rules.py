"""The Rules screen: its chapters come from the rules source that docs/RULES.md is made from,
each with its drawings, and the pager moves between them with buttons and keys."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from fireice_desktop.ui.games.installed import DRAWING_SETS, drawing_set
from fireice_desktop.ui.screens.menu import MenuScene
from fireice_desktop.ui.screens.rules import CHAPTERS, RulesScene
from fireice_desktop.ui.screens.rules_text import chapter_html, parse_chapters
from tests.support.ui import (
    Driver,
    all_elements,
    open_ui,
    pygame,
    pygame_gui,
    text_overflows,
)

ROOT = Path(__file__).resolve().parents[3]
TITLES = [chapter.title for chapter in CHAPTERS]


# --- where the chapters come from -------------------------------------------------------------


#: The Icebreaker chapter, which Icebreaker's set-up card opens: the one with its drawings.
ICEBREAKER_CHAPTER = next(i for i, c in enumerate(CHAPTERS) if c.drawings == "icebreaker")


def test_every_chapter_comes_from_the_rules_source() -> None:
    source = (ROOT / "fireice_desktop" / "translations" / "rules.en.md").read_text(encoding="utf-8")
    assert parse_chapters(source) == CHAPTERS


def test_every_chapter_says_what_its_section_of_docs_rules_md_says() -> None:
    document = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8").splitlines()
    headings = [i for i, line in enumerate(document) if re.match(r"#{1,6} ", line)]
    for chapter in CHAPTERS:
        heading = re.compile(rf"#+ (\d+\. )?{re.escape(chapter.title)}")
        [start] = [i for i in headings if heading.fullmatch(document[i])]
        end = min([i for i in headings if i > start], default=len(document))
        assert chapter_html(document[start + 1 : end]) == chapter.text, chapter.title


def test_the_chapters_and_their_drawings() -> None:
    # The screen's chapters in their order; which drawings each shows is part of the source.
    assert TITLES == [
        "The board",
        "A turn",
        "Control",
        "Winning",
        "Handicap",
        "Solitaire",
        "Icebreaker",
        "Playing here",
    ]
    named = Counter(chapter.drawings for chapter in CHAPTERS)
    assert set(named) == set(DRAWING_SETS), "every set of drawings belongs to a chapter"
    assert max(named.values()) == 1, "no set of drawings in two chapters"
    assert CHAPTERS[ICEBREAKER_CHAPTER].title == "Icebreaker"
    assert CHAPTERS[ICEBREAKER_CHAPTER].drawings == "icebreaker"
    assert [drawing_set(c.drawings).key is not None for c in CHAPTERS].count(True) == 1
    key = drawing_set(CHAPTERS[-1].drawings).key
    assert key is not None, "the key to the pegs is in Playing here"


def test_a_chapter_naming_unknown_drawings_fails_with_the_known_names() -> None:
    with pytest.raises(KeyError, match=r"no drawings called 'nowhere'.*board, turn"):
        drawing_set("nowhere")
    assert drawing_set(None).make() == ()


# --- the screen ---------------------------------------------------------------------------------


@pytest.fixture(params=[(1280, 800), (860, 600)], ids=["large", "smallest"])
def rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> Iterator[Driver]:
    """The Rules screen, opened from the menu, in a window of each size."""
    with open_ui(tmp_path / "config", monkeypatch, size=request.param) as driver:
        driver.click_button("Rules")
        yield driver


def scene_of(ui: Driver) -> RulesScene:
    scene = ui.scene
    assert isinstance(scene, RulesScene), f"expected the Rules screen, the scene is {scene!r}"
    return scene


def shown_text(ui: Driver) -> str:
    """The HTML of the chapter's text box."""
    boxes = [
        element
        for element in all_elements(ui.app.manager.get_root_container())
        if isinstance(element, pygame_gui.elements.UITextBox) and element.alive()
    ]
    assert len(boxes) == 1
    return str(boxes[0].html_text)


@pytest.mark.slow
def test_every_chapter_shows_its_text_and_its_drawings(rules: Driver) -> None:
    for index, chapter in enumerate(CHAPTERS):
        rules.click_button(chapter.title)
        scene = scene_of(rules)
        assert scene.chapter == index
        assert scene.chapter_buttons[index].is_selected
        assert rules.find(chapter.title, pygame_gui.elements.UILabel)
        assert shown_text(rules) == chapter.text
        drawings = drawing_set(chapter.drawings).make()
        assert len(scene.drawings) == len(drawings), chapter.title
        page = scene.page_rect
        for box, picture, captions in scene.drawings:
            assert page.contains(box), f"{chapter.title}: a drawing off the page"
            assert picture.get_size() == box.size
            assert captions, f"{chapter.title}: a drawing without its caption"
    for element in rules.elements():
        assert not text_overflows(element), getattr(element, "text", element)


@pytest.mark.slow
def test_the_pager_moves_with_next_previous_and_the_keys(rules: Driver) -> None:
    scene = scene_of(rules)
    assert scene.chapter == 0
    assert not scene.previous_button.is_enabled
    rules.key(pygame.K_LEFT)
    assert scene.chapter == 0
    rules.click_button("Next >")
    assert scene.chapter == 1
    rules.key(pygame.K_RIGHT)
    rules.key(pygame.K_RIGHT)
    assert scene.chapter == 3
    rules.key(pygame.K_LEFT)
    rules.click_button("< Previous")
    assert scene.chapter == 1
    rules.click_button(CHAPTERS[-1].title)
    assert not scene.next_button.is_enabled
    rules.key(pygame.K_RIGHT)
    assert scene.chapter == len(CHAPTERS) - 1
    assert shown_text(rules) == CHAPTERS[-1].text


@pytest.mark.slow
@pytest.mark.parametrize("how", ["escape", "back"])
def test_escape_and_back_return_to_the_menu(rules: Driver, how: str) -> None:
    rules.click_button(CHAPTERS[2].title)
    if how == "escape":
        rules.key(pygame.K_ESCAPE)
    else:
        rules.click_button("Back")
    assert type(rules.scene) is MenuScene
    assert rules.app.running


def test_a_chapters_page_is_drawn_flat_under_its_text_at_any_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # pygame-gui draws a rounded box at four times its size each way: at 4K the page of
    # text took close to a second to draw each time a chapter opened.  The game draws it.
    with open_ui(tmp_path, monkeypatch, size=(2560, 1600)) as ui:
        ui.app.go("rules")
        ui.pump(2)
        scene = ui.scene
        assert isinstance(scene, RulesScene) and scene.text_box is not None
        box = scene.text_box
        assert type(box.drawable_shape).__name__ == "RectDrawableShape"
        assert scene.text_page.get_size() == box.rect.size
        # Below the last line of text the page shows, dark over the wooden table.
        corner = (box.rect.x + box.rect.width // 2, box.rect.bottom - 12)
        red, green, blue, *_ = ui.app.surface.get_at(corner)
        assert red + green + blue < 150
        scene.show(scene.chapter + 1)
        ui.pump(2)
        assert scene.text_page.get_size() == scene.text_box.rect.size
