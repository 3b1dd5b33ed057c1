"""Every wrong move of every lesson gets a reason of its own, found from the position, and
every reason is true: what it says the move did, and what it says follows, is checked
here again on the position, by other means than the ones that found it (a reply said to
win is played, a line said to be missing is read off the board, a deal said to end with
two pegs is played out every way).

The course takes its ideas in order: no lesson's words, and no reason its wrong moves
get, use an idea a later lesson teaches."""

from __future__ import annotations

import re
from typing import Any

import pytest

from fireice_desktop.engine.games.fireice.board import ISLANDS, LINES, hole_name
from fireice_desktop.engine.games.fireice.lessons import KINDS
from fireice_desktop.engine.games.fireice.rules import Color
from fireice_desktop.engine.teaching.lessons import Lesson, LessonAttempt, Reason, find_lesson
from fireice_desktop.engine.words import Words, say, spoken
from tests.support.lessons import COURSE, known_ideas, refused_steps

KEYS = [lesson.key for lesson in COURSE]
#: The same, the lesson of two moves (searched over every answer) marked slow.
PARAMS = [pytest.param(key, marks=pytest.mark.slow) if key == "handicap" else key for key in KEYS]


def lesson_of(key: str) -> Lesson:
    lesson = find_lesson(COURSE, key)
    assert lesson is not None
    return lesson


def tries(lesson: Lesson) -> list[tuple[Any, Any, Reason]]:
    """Each wrong try in ``lesson``, the position it is tried in, and its reason: the
    legal moves the goal does not take, at the start and, in a lesson of several moves,
    after each right move (and the other side's answer); where every legal move at the
    start is right, the steps the rules refuse there."""
    attempt = LessonAttempt(lesson)
    found: list[tuple[Any, Any, Reason]] = []
    while True:
        position = attempt.position
        right = attempt.right_moves()
        found += [
            (position, move, attempt.reason(move))
            for move in position.legal_moves()
            if move not in right
        ]
        if not right or attempt.play(right[0]).solved:
            break
    if not found:
        fresh = LessonAttempt(lesson)
        for move in refused_steps(lesson):
            reason = fresh.refused(move)
            if reason is not None:
                found.append((lesson.start, move, reason))
    return found


# --- each reason checked again on the board ---------------------------------------------


def _holes_of(line: Words) -> tuple[int, int, int]:
    """The points of a line named in words ("the edge 1-2-5")."""
    points = tuple(int(p) - 1 for p in line.values["holes"].split("-"))
    assert points in LINES and line.key == f"lesson.line_kind.{KINDS[LINES.index(points)]}"
    return points  # type: ignore[return-value]


def _names(text: str) -> list[str]:
    """The cells of "E6 and E7" or "c3"."""
    return re.findall(r"[A-Ga-i]\d", str(text))


def _island(position: Any, letter: str) -> int:
    return ISLANDS.index(letter)


def _check_fire_and_ice(lesson: Lesson, before: Any, move: Any, reason: Reason) -> None:
    after = before.play(move)
    me, other = before.to_move, before.to_move.other
    values = reason.words.values
    kind = reason.kind
    if kind == "loses":
        assert after.winner is other
    elif kind == "reply_wins":
        (reply,) = reason.show
        assert str(reply) == values["reply"]
        assert after.play(reply).winner is other
    elif kind == "stopped":
        (reply,) = reason.show
        answered = after.play(reply)
        goal = lesson.goal
        assert answered.winner is None
        assert not any(goal(answered, m, answered.play(m)) for m in answered.legal_moves())
    elif kind == "hands":
        island = _island(before, values["islands"])
        assert before.controller(island) is not other and after.controller(island) is other
        assert after.color_at(move.src) is other  # the dropped peg did it
        if "taken" in values:
            taken = _island(before, values["taken"])
            assert before.controller(taken) is not me and after.controller(taken) is me
    elif kind == "gives_up":
        island = _island(before, values["islands"])
        assert before.controller(island) is me and after.controller(island) is not me
        points = _holes_of(values["line"])
        assert values["hole"] == hole_name(move.src)
        assert move.src in {7 * island + p for p in points}
        assert all(before.color_at(7 * island + p) is me for p in points)
    elif kind in ("no_line", "off_line"):
        island = _island(before, values["island"])
        points = _holes_of(values["line"])
        holes = [7 * island + p for p in points]
        assert after.controller(island) is not me
        if kind == "no_line":
            lacking = sorted(h for h in holes if after.color_at(h) is not me)
            assert _names(values["holes"]) == [hole_name(h) for h in lacking]
            assert all(after.color_at(h) is None for h in lacking)  # open, not blocked
        else:
            assert move.src in holes and before.color_at(move.src) is me
            assert after.color_at(move.src) is other and values["hole"] == hole_name(move.src)
    elif kind == "owned":
        island = _island(before, values["island"])
        assert move.dst // 7 == island and before.controller(island) is other
        points = _holes_of(values["line"])
        assert all(before.color_at(7 * island + p) is other for p in points)
    elif kind == "no_win":
        assert after.winner is None
        line = [ISLANDS.index(i) for i in values["line"].split("-")]
        assert tuple(sorted(line)) in {tuple(sorted(x)) for x in LINES}
        lacking = [i for i in line if after.controller(i) is not me]
        assert values["islands"] == ", ".join(ISLANDS[i] for i in lacking)
        assert not any(after.controller(i) is other for i in line)
    elif kind == "jumps":
        assert values["island"] == ISLANDS[move.src // 7] != values["to"]
        assert values["to"] == ISLANDS[move.dst // 7]
    elif kind == "stays":
        assert move.src // 7 == move.dst // 7 and values["island"] == ISLANDS[move.src // 7]
        assert values["number"] == move.src % 7 + 1
    else:
        pytest.fail(f"no check for a reason of kind {kind!r}")


def _every_end(position: Any) -> set[int]:
    """How many pegs each way of playing a deal out leaves."""
    if position.is_over:
        return {position.pegs_left}
    return {n for m in position.legal_moves() for n in _every_end(position.play(m))}


def _check_solitaire(lesson: Lesson, before: Any, move: Any, reason: Reason) -> None:
    after = before.play(move)
    values = reason.words.values
    if reason.kind == "stuck":
        assert after.is_over and after.pegs_left == values["count"] > 1
        assert str(values["colour"]) == str(before.side_name(after.to_move))
    elif reason.kind == "wrong_colour":
        assert before.color_at(move.src) is Color.ICE and before.color_at(move.dst) is Color.FIRE
    elif reason.kind == "no_way":
        end = after
        for step in reason.show:
            end = end.play(step)
        assert end.is_over and end.pegs_left == values["count"]
        assert values["line"] == ", ".join(str(step) for step in reason.show)
        # "At best": no way of playing on leaves fewer pegs.
        assert min(_every_end(after)) == values["count"] > 1
    else:
        pytest.fail(f"no check for a reason of kind {reason.kind!r}")


def _check_icebreaker(lesson: Lesson, before: Any, move: Any, reason: Reason) -> None:
    values = reason.words.values
    board = before.board
    if reason.kind == "no_capture":
        after = before.play(move)
        me = before.to_move
        assert after.score(me) == before.score(me)
        ship, iceberg = board.parse_cell(values["ship"]), board.parse_cell(values["iceberg"])
        assert before.color_at(ship) is me and before.has_iceberg(iceberg)
        assert board.neighbours[ship] >> iceberg & 1
        if "target" in values:  # "one more capture makes 28 of 55"
            assert before.score(me) + 1 == values["target"] == board.target
            assert values["icebergs"] == board.iceberg_count
    elif reason.kind == "not_closer":
        assert before.illegal_reason(move) is not None
        assert before.distance(move.src) == values["count"]
        nearest = [board.parse_cell(name) for name in _names(values["nearest"].values["cells"])]
        for cell in nearest:  # each named iceberg is that far, going around ships
            path = before.path(move.src, next(iter(board.cells_of(before.steps(move.src)))))
            assert before.has_iceberg(cell) and len(path) - 1 == values["count"]
        assert reason.marks == tuple(nearest)
        steps = board.cells_of(before.steps(move.src))
        assert _names(values["cells"]) == [board.name(c) for c in steps]
        assert move.dst not in steps
    else:
        pytest.fail(f"no check for a reason of kind {reason.kind!r}")


CHECKS = {
    "fire-and-ice": _check_fire_and_ice,
    "solitaire": _check_solitaire,
    "icebreaker": _check_icebreaker,
}


@pytest.mark.parametrize("key", PARAMS)
def test_every_wrong_move_gets_a_true_reason_of_its_own(key: str) -> None:
    lesson = lesson_of(key)
    found = tries(lesson)
    assert found, "a lesson without a wrong try teaches nothing"
    for before, move, reason in found:
        assert reason.kind != "not_it", f"{move}: {reason.words}"
        assert reason.words.key != "lesson.wrong"
        assert str(reason.words).startswith(str(move))
        assert "%{" not in str(reason.words)
        CHECKS[lesson.game](lesson, before, move, reason)


@pytest.mark.parametrize("key", PARAMS)
def test_every_reason_is_said_in_italian_too(key: str) -> None:
    for _, move, reason in tries(lesson_of(key)):
        italian = spoken(reason.words, "it")
        assert italian != str(reason.words) and "%{" not in italian
        assert str(move) in italian


def test_what_the_issue_asked_of_the_lessons_reasons() -> None:
    # Lesson 8: D6-F6 takes F but gives up D; the line it broke is marked.
    line = lesson_of("line")
    reason = LessonAttempt(line).reason(line.start.parse_move("D6-F6"))
    assert str(reason.words) == (
        "D6-F6 takes island F but gives up island D: "
        "the peg taken off D6 breaks the median 1-4-6 there."
    )
    assert [hole_name(h) for h in reason.marks] == ["D1", "D4", "D6"]
    # Lesson 1: a jump to another island; the empty holes of D are marked.
    moving = lesson_of("moving")
    reason = LessonAttempt(moving).reason(moving.start.parse_move("D4-G4"))
    assert str(reason.words).startswith("D4-G4 jumps to island G: the peg leaves island D.")
    assert sorted(hole_name(h) for h in reason.marks) == ["D1", "D2", "D3", "D5", "D6", "D7"]
    # Lesson 4: the edge not made, and its holes marked.
    edge = lesson_of("edge")
    reason = LessonAttempt(edge).reason(edge.start.parse_move("C7-E7"))
    assert str(reason.words) == (
        "C7-E7 does not complete a line on island E: the edge 1-2-5 still lacks E5."
    )
    assert [hole_name(h) for h in reason.marks] == ["E1", "E2", "E5"]
    # Lesson 7: an island the other side holds.
    owner = lesson_of("one_controller")
    reason = LessonAttempt(owner).reason(owner.start.parse_move("C6-G6"))
    assert str(reason.words).startswith("C6-G6 cannot take island G: Ice holds it")
    # Lesson 11, two moves: Ice's answer is shown, and proved to stop the goal.
    handicap = lesson_of("handicap")
    reason = LessonAttempt(handicap).reason(handicap.start.parse_move("A1-A3"))
    assert reason.kind == "stopped" and len(reason.show) == 1
    assert str(reason.words).startswith(f"A1-A3 lets Ice stop you: Ice answers {reason.show[0]}")


def test_a_goal_of_more_moves_than_two_claims_only_what_the_search_shows() -> None:
    # Three moves between two sides, one peg each, and a goal out of reach: the words do
    # not say "no move of yours", which claims one move; they say Ice keeps the player
    # from the goal for the moves left.
    from fireice_desktop.engine.games.fireice.lessons import lesson, position

    class Never:
        aim = say("lesson.aim.wins")
        uses = frozenset({"island_lines"})

        def __call__(self, before: object, move: object, after: object) -> bool:
            return False

    three = lesson("three", position("A1", "G7"), Never(), par=3)
    move = three.start.legal_moves()[0]
    reason = LessonAttempt(three).reason(move)
    assert reason.kind == "stopped" and len(reason.show) == 1
    assert reason.words.key == "lesson.wrong_stopped_within"
    assert str(reason.words).endswith("can keep you from the goal for the 2 moves left.")


def test_the_rarer_reasons_say_what_the_move_did() -> None:
    from fireice_desktop.engine.games.fireice.lessons import (
        controls,
        lesson,
        position,
        takes_an_island,
    )
    from fireice_desktop.engine.games.icebreaker.lessons import lesson as sea_lesson
    from fireice_desktop.engine.games.icebreaker.lessons import sea, wins

    # Island A taken, but with a median where an edge was asked.
    edge = lesson("edge_asked", position("A1 A4 B6", "C3"), controls("A", "edge"))
    reason = LessonAttempt(edge).reason(edge.start.parse_move("B6-A6"))
    assert reason.kind == "wrong_kind"
    assert str(reason.words) == (
        "B6-A6 takes island A with the median 1-4-6, but the goal is an edge."
    )
    # A move on an island already held takes no new one.
    held = lesson("held", position("A1 A2 A5 A3", "C3"), takes_an_island)
    reason = LessonAttempt(held).reason(held.start.parse_move("A3-A4"))
    assert str(reason.words) == "A3-A4 takes no new island: island A was yours already."
    # A capture that does not make enough.
    race = sea_lesson("race", sea("c4", "a5", "b4 i1", red_score=20, black_score=3), wins)
    reason = LessonAttempt(race).reason(race.start.parse_move("c4-b4"))
    assert str(reason.words) == "c4-b4 captures, but Red has 21 icebergs: 28 win."


# --- the order of the course ------------------------------------------------------------


def test_the_course_teaches_each_idea_once_and_uses_it_only_after() -> None:
    taught: list[str] = [idea for lesson in COURSE for idea in lesson.teaches]
    assert len(taught) == len(set(taught)), "an idea taught twice"
    for lesson in COURSE:
        early = lesson.uses - known_ideas(lesson)
        assert not early, f"{lesson.key} uses {sorted(early)} before it is taught"
        assert not lesson.uses & lesson.teaches


@pytest.mark.parametrize("key", PARAMS)
def test_a_lessons_reasons_use_only_ideas_taught_by_then(key: str) -> None:
    lesson = lesson_of(key)
    for _, move, reason in tries(lesson):
        assert reason.uses, f"{move}: a reason that names no idea"
        early = reason.uses - known_ideas(lesson)
        assert not early, f"{move}: {reason.words} uses {sorted(early)}"


#: Words that show an idea is used, in the English of a lesson's title, task, intro
#: and done: a lesson of the game that teaches the idea and says them before it is
#: taught speaks out of order.
SPOKEN = {
    "lines": ("line",),
    "control": ("control",),
    "same_hole": ("same hole",),
    "handing": ("hand", "gift"),
    "one_owner": ("owner", "nobody else"),
    "island_lines": ("win", "line of islands"),
    "losing_move": ("loses at once",),
    "threat": ("threat",),
    "handicap": ("handicap",),
    "solitaire_turns": ("take turns", "last peg"),
    "iceberg_capture": ("captur",),
    "half_wins": ("half",),
}


@pytest.mark.parametrize("key", KEYS)
def test_no_lesson_speaks_of_an_idea_a_later_one_teaches(key: str) -> None:
    lesson = lesson_of(key)
    known = known_ideas(lesson)
    game_of = {idea: other.game for other in COURSE for idea in other.teaches}
    side = "" if lesson.learner is None else lesson.start.side_name(lesson.learner)
    text = " ".join(
        spoken(Words(f"lesson.{key}.{part}", {"side": side}), "en").lower()
        for part in ("title", "task", "intro", "done")
    )
    for idea, words in SPOKEN.items():
        if idea not in known and game_of[idea] == lesson.game:
            early = [w for w in words if w in text]
            assert not early, f"{key} speaks of {idea} ({early}) before it is taught"


def test_the_issue_s_lesson_3_speaks_of_lines_only_after_they_are_taught() -> None:
    keys = [lesson.key for lesson in COURSE]
    assert keys.index("edge") < keys.index("drop")  # the lines, then the dropped peg
    assert "lines" in lesson_of("edge").teaches and "lines" in lesson_of("drop").uses
