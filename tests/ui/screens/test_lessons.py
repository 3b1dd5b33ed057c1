"""Learn, played with real events: from the menu through a lesson, a wrong move
explained (said, shown and marked) and tried again, stars kept by lesson, the next
lesson, every game's lessons on its own board, every title in the same letters, and on
to the puzzles."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from fireice_desktop.engine.games.fireice.board import hole_name, parse_hole
from fireice_desktop.engine.games.fireice.rules import Color
from fireice_desktop.engine.teaching.lessons import LessonAttempt
from fireice_desktop.engine.words import spoken
from fireice_desktop.files.statistics.store import Statistics
from fireice_desktop.ui.frame.scene import backdrop
from fireice_desktop.ui.game.trainer import FAILED, PLAYING, SOLVED
from fireice_desktop.ui.games.fireice.pegs import PegView
from fireice_desktop.ui.games.fireice.solitaire import SolitaireView
from fireice_desktop.ui.games.fireice.training.puzzles import PuzzleScene
from fireice_desktop.ui.games.icebreaker.view import IcebreakerView
from fireice_desktop.ui.games.installed import LESSONS
from fireice_desktop.ui.screens.learn import LessonScene
from tests.engine.fireice.test_lessons import RIGHT as FIRE_AND_ICE
from tests.engine.fireice.test_solitaire_lessons import RIGHT as SOLITAIRE
from tests.engine.icebreaker.test_lessons import RIGHT as ICEBREAKER
from tests.support.ui import Driver, judged, open_ui, text_overflows

RIGHT = {**FIRE_AND_ICE, **SOLITAIRE, **ICEBREAKER}


def lesson_screen(ui: Driver) -> LessonScene:
    scene = ui.scene
    assert isinstance(scene, LessonScene), scene
    return scene


def open_lesson(ui: Driver, key: str) -> LessonScene:
    """Open lesson ``key`` by its route, as Learn's Next does, and lay it out."""
    ui.app.go("learn", lesson=key)
    ui.pump(2)
    return lesson_screen(ui)


def wait(ui: Driver) -> LessonScene:
    """Run frames until the move is judged and every reply shown."""
    scene: LessonScene = judged(ui, LessonScene)
    return scene


def test_learn_starts_with_the_first_lesson_and_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path / "config", monkeypatch) as ui:
        ui.click_button("Learn")
        scene = lesson_screen(ui)
        assert scene.lesson is LESSONS[0]
        assert "Click the red peg on D4" in ui.message
        ui.play("D4-D6")
        scene = wait(ui)
        assert scene.state == SOLVED
        assert "an Ice peg dropped into the hole you left" in ui.message
        assert "3 stars" in ui.message
        assert ui.app.context.files.statistics().lessons == {"moving": 3}
        ui.click_button("Next lesson")
        assert lesson_screen(ui).lesson is LESSONS[1]
        # Learn opens again at the first lesson not done.
        ui.press(pygame.K_ESCAPE)
        ui.click_button("Learn")
        assert lesson_screen(ui).lesson is LESSONS[1]


def test_a_wrong_move_is_explained_and_a_second_try_earns_two_stars(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path / "config", monkeypatch) as ui:
        open_lesson(ui, "handed")
        ui.play("B5-D5")  # takes D, and drops Ice's peg into B5: Ice's line A-B-E
        scene = wait(ui)
        assert scene.state == FAILED
        assert "B5-D5 loses at once" in ui.message
        assert scene.controller.history.position.winner is not None
        ui.click_button("Try again")
        scene = lesson_screen(ui)
        assert scene.controller.history.position == scene.lesson.start
        ui.play("G5-D5")
        scene = wait(ui)
        assert scene.state == SOLVED and "2 stars" in ui.message
        assert ui.app.context.files.statistics().lessons == {"handed": 2}


def test_a_move_that_hands_an_island_is_explained(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path / "config", monkeypatch) as ui:
        open_lesson(ui, "drop")
        ui.play("B5-A5")
        scene = wait(ui)
        assert scene.state == FAILED
        assert "B5-A5 takes island A but hands Ice island B" in ui.message
        assert len(scene.controller.history.moves) == 1  # no reply: the drop shows it


def test_every_lesson_is_done_from_the_keyboard_and_leads_to_the_puzzles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path / "config", monkeypatch) as ui:
        ui.click_button("Learn")
        for lesson in LESSONS:
            scene = lesson_screen(ui)
            assert scene.lesson is lesson
            while scene.state != SOLVED:
                right = sorted(str(m) for m in scene.attempt.right_moves())
                ui.type_keys(right[0].replace("-", "").lower())
                ui.press(pygame.K_RETURN)
                scene = wait(ui)
            assert str(scene.attempt.played[0]) in RIGHT[lesson.key]
            if lesson is LESSONS[-1]:
                assert "the puzzles are next" in ui.message
            ui.click_button("Next lesson")
        assert isinstance(ui.scene, PuzzleScene)
        assert ui.app.context.files.statistics().lessons == {lesson.key: 3 for lesson in LESSONS}


def test_learn_and_puzzles_leave_the_unfinished_game_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path / "config", monkeypatch) as ui:
        ui.click_button("Two players")
        ui.play("D4-C4")
        ui.press(pygame.K_ESCAPE)
        for entry, kind in (("Learn", LessonScene), ("Puzzles", PuzzleScene)):
            ui.click_button(entry)  # no question: nothing is replaced
            assert isinstance(ui.scene, kind)
            ui.press(pygame.K_ESCAPE)
            assert ui.has_button("Continue")
        ui.click_button("Continue")
        assert ui.played == ["D4-C4"]


def test_the_course_takes_every_game_on_its_own_board(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert [lesson.key for lesson in LESSONS] == list(RIGHT)
    with open_ui(tmp_path / "config", monkeypatch) as ui:
        assert type(open_lesson(ui, "threat").view).__name__ == "FireIceView"
        view = open_lesson(ui, "solitaire_capture").view
        assert isinstance(view, PegView) and not isinstance(view, SolitaireView)
        ui.app.go("learn", lesson="icebreaker_nearest")
        ui.pump(3)
        view = lesson_screen(ui).view
        assert isinstance(view, IcebreakerView)
        assert "nearest iceberg" in ui.message
        assert view.score_rect.width > 0  # the scores are in the panel
        # The sea lies on the table: nothing of the wooden board drawn before shows around
        # it (where Fire & Ice's tray of pegs was).
        surface = ui.app.surface
        tray = (60, 60)
        assert surface.get_at(tray) == backdrop(surface.get_size()).get_at(tray)


def test_a_step_the_rules_refuse_is_explained_and_the_lesson_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path / "config", monkeypatch) as ui:
        open_lesson(ui, "icebreaker_nearest")
        ui.click_cell("e5")
        ui.click_cell("e6")  # away from c3, the nearest iceberg
        scene = lesson_screen(ui)
        assert scene.state == PLAYING and not scene.attempt.played
        assert "not closer to the nearest iceberg" in ui.message
        ui.click_cell("d4")  # the ship is still in hand
        scene = wait(ui)
        assert scene.state == SOLVED
        assert ui.app.context.files.statistics().lessons == {"icebreaker_nearest": 3}


def test_the_solitaire_lesson_takes_three_captures_in_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path / "config", monkeypatch) as ui:
        open_lesson(ui, "solitaire_turns")
        ui.play("A1-A2")  # red first: aqua takes back, and red has no capture then
        scene = wait(ui)
        assert scene.state == FAILED
        assert "no way down to one peg" in ui.message and "red has no capture" in ui.message
        assert [str(m) for m in scene.controller.history.moves] == ["A1-A2", "A3-A2"]
        ui.click_button("Try again")
        ui.play("A2-A1")
        scene = wait(ui)
        assert scene.state == PLAYING and "Now the next move" in ui.message
        ui.play("C1-A1")
        scene = wait(ui)
        assert scene.state == PLAYING
        ui.play("A3-A1")
        scene = wait(ui)
        assert scene.state == SOLVED
        end = scene.controller.history.position
        assert (
            end.pegs_left == 1 and end.color_at(parse_hole("A1")) is Color.ICE
        )  # aqua first, aqua last


@pytest.mark.parametrize("language", ["en", "it"])
def test_every_lessons_words_fit_the_smallest_window_unclipped_and_unscrolled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    too_long = []
    with open_ui(tmp_path / "config", monkeypatch, size=(860, 600), language=language) as ui:
        ui.app.render = lambda: None  # type: ignore[method-assign]
        for lesson in LESSONS:
            scene = open_lesson(ui, lesson.key)
            box = scene.message_box
            assert box is not None
            if box.scroll_bar is not None:
                too_long.append(f"{lesson.key}: the coach's words scroll")
            for name in ("title", "task"):
                if text_overflows(scene.widgets[name]):
                    too_long.append(f"{lesson.key}: {scene.widgets[name].text!r} clipped")
    assert too_long == []


#: A wrong try at each lesson, of the kind a newcomer makes (in the Icebreaker lesson of
#: ships, whose one legal move is right, a step the rules refuse).
WRONG = {
    "moving": "D4-A4",
    "same_hole": "B2-B5",
    "edge": "C7-E7",
    "median": "F1-F5",
    "circle": "A1-A2",
    "drop": "B5-A5",
    "one_controller": "C6-G6",
    "line": "D6-F6",
    "handed": "C3-C1",
    "threat": "D1-D3",
    "handicap": "A1-A3",
    "solitaire_capture": "D7-D5",
    "solitaire_turns": "A1-A2",
    "icebreaker_nearest": "e5-e6",
    "icebreaker_capture": "g3-h2",
    "icebreaker_half": "f2-e3",
}


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "it"])
def test_every_lessons_wrong_move_is_said_shown_and_marked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    assert list(WRONG) == [lesson.key for lesson in LESSONS]
    generic = {"en": "is not it", "it": "non è la mossa"}[language]
    # In the smallest window, where the message box is narrowest: the words need no scroll.
    with open_ui(tmp_path / "config", monkeypatch, size=(860, 600), language=language) as ui:
        for lesson in LESSONS:
            scene = open_lesson(ui, lesson.key)
            move = lesson.start.parse_move(WRONG[lesson.key])
            attempt = LessonAttempt(lesson)
            legal = lesson.start.illegal_reason(move) is None
            reason = attempt.reason(move) if legal else attempt.refused(move)
            assert reason is not None, lesson.key
            ui.play_cells(move)
            scene = wait(ui)
            words = spoken(reason.words, language)
            assert ui.message.startswith(words), (lesson.key, ui.message)
            assert generic not in ui.message
            ui.pump(3)
            box = scene.message_box
            assert box is not None and box.scroll_bar is None, (lesson.key, "scrolls")
            assert scene.marks == reason.marks
            if legal:  # the wrong move, then what shows it, are on the board
                assert scene.state == FAILED
                played = [str(m) for m in scene.controller.history.moves]
                assert played == [str(move), *(str(m) for m in reason.show)]
            else:  # refused: the piece is still in hand, the lesson goes on
                assert scene.state == PLAYING and not scene.attempt.played


def test_a_wrong_moves_marks_are_drawn_on_the_board_and_go_with_try_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path / "config", monkeypatch) as ui:
        scene = open_lesson(ui, "edge")
        ui.play("C7-E7")
        scene = wait(ui)
        assert [hole_name(h) for h in scene.marks] == ["E1", "E2", "E5"]
        ui.pump(2)
        layout = scene.layout
        surface = ui.app.surface
        # The ring around E5, the hole the edge lacks, in the marks' colour.
        x, y = layout.holes[parse_hole("E5")]
        ring = layout.peg_radius * 1.3
        colours = [
            surface.get_at((round(x + dx * ring), round(y + dy * ring)))[:3]
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        ]
        assert any(r > 230 and 90 < g < 150 and b < 110 for r, g, b in colours), colours
        ui.click_button("Try again")
        assert lesson_screen(ui).marks == ()


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("size", [(860, 600), (1280, 800), (2560, 1440), (3840, 2160)])
def test_every_lessons_title_is_drawn_alike_and_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str, size: tuple[int, int]
) -> None:
    with open_ui(tmp_path / "config", monkeypatch, size=size, language=language) as ui:
        ui.app.render = lambda: None  # type: ignore[method-assign]
        letters = set()
        for lesson in LESSONS:
            title = open_lesson(ui, lesson.key).widgets["title"]
            assert title.object_ids[-1] == "#lesson_title", lesson.key
            assert not text_overflows(title), (lesson.key, title.text)
            letters.add((title.font.get_point_size(), title.font.bold))
        assert len(letters) == 1, letters  # one size, bold, for every title


@pytest.mark.parametrize(
    ("key", "said"),
    [
        ("icebreaker_nearest", "A lesson's small sea: 6 icebergs"),
        ("icebreaker_capture", "A lesson's small sea: 5 icebergs"),
        ("icebreaker_half", "First to 28 of 55 icebergs wins"),
    ],
)
def test_an_icebreaker_lesson_says_what_its_own_sea_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, key: str, said: str
) -> None:
    lesson = next(lesson for lesson in LESSONS if lesson.key == key)
    start = lesson.start
    icebergs = start.icebergs.bit_count() + start.red_score + start.black_score
    assert str(icebergs) in said  # the count is the sea's own: afloat and captured
    with open_ui(tmp_path / "config", monkeypatch) as ui:
        view = open_lesson(ui, key).view
        assert isinstance(view, IcebreakerView)
        assert view.target_label.text == said


def test_stars_kept_by_lesson_stay_with_their_lesson_in_the_new_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A player's file from before the order changed: the first three lessons of then
    # (moving, same_hole, drop) done.  Stars are kept by the lesson's key, so they stay
    # with the same lessons; Learn opens at the first lesson of the new order not done.
    assert set(OLD_ORDER) == {lesson.key for lesson in LESSONS}
    with open_ui(tmp_path / "config", monkeypatch) as ui:

        def done_then(statistics: Statistics) -> None:
            statistics.lessons.update({"moving": 3, "same_hole": 2, "drop": 1})

        ui.app.context.files.change_statistics(done_then)
        ui.click_button("Learn")
        scene = lesson_screen(ui)
        assert scene.lesson.key == "edge"
        assert scene.widgets["stars"].text == "Not done yet"
        scene = open_lesson(ui, "drop")
        assert scene.widgets["stars"].text == "Best: 1 star of 3"
        assert scene.widgets["progress"].text == "Lesson 6 of 16"


#: The lessons in the order they were taken before the lines came before the dropped peg.
OLD_ORDER = (
    "moving",
    "same_hole",
    "drop",
    "edge",
    "median",
    "circle",
    "one_controller",
    "line",
    "handed",
    "threat",
    "handicap",
    "solitaire_capture",
    "solitaire_turns",
    "icebreaker_nearest",
    "icebreaker_capture",
    "icebreaker_half",
)
