"""The board engraves exactly the lines of the game: on every island and between the
islands, the six straight lines of the line table and the circle, and nothing else.

Every pair of points shares exactly one of the seven lines, so a groove between two
points that share only the circle (holes 2, 3 and 6; islands B, C and F) would teach a
straight line the game does not have."""

from __future__ import annotations

import math
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path

import pygame
import pytest

from fireice_desktop.engine.games.fireice.board import LINES
from fireice_desktop.ui.games.fireice import board_art
from fireice_desktop.ui.games.fireice.layout import (
    HOLE_SPREAD,
    INCIRCLE,
    BoardLayout,
)
from tests.support.ui import Driver, open_ui

Point = tuple[float, float]
CIRCLE = LINES[-1]  # holes 2-3-6, islands B-C-F
STRAIGHT = LINES[:-1]
RECTS = [(0, 0, 560, 520), (40, 30, 1200, 1100), (0, 0, 2400, 2160)]


def island_points(layout: BoardLayout, island: int) -> tuple[Point, ...]:
    return tuple(layout.holes[island * 7 + k] for k in range(7))


def point_sets(layout: BoardLayout) -> list[tuple[str, tuple[Point, ...]]]:
    """The board's seven island centres and each island's seven holes."""
    sets = [("the board", layout.island_centres)]
    sets += [(f"island {'ABCDEFG'[i]}", island_points(layout, i)) for i in range(7)]
    return sets


def between(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def same(a: Point, b: Point) -> bool:
    return math.dist(a, b) < 1e-6


def test_the_circle_is_the_only_line_whose_points_are_not_in_a_row() -> None:
    # What the drawing relies on to tell the straight lines from the circle.
    layout = BoardLayout.fit(RECTS[1])
    for _, points in point_sets(layout):
        assert len(board_art.straight_lines(points)) == 6
        a, b, c = (points[p] for p in CIRCLE)
        area = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        assert abs(area) > 100


@pytest.mark.parametrize("rect", RECTS, ids=["small", "large", "4k"])
def test_each_groove_runs_from_end_to_end_of_one_straight_line(
    rect: tuple[int, int, int, int],
) -> None:
    layout = BoardLayout.fit(rect)
    for where, points in point_sets(layout):
        grooves = board_art.straight_lines(points)
        expected = []
        for line in STRAIGHT:
            ends = sorted(points[p] for p in line)
            expected.append((ends[0], ends[2]))
            middle = ends[1]  # the third point of the line lies on the groove
            assert math.dist(ends[0], middle) + math.dist(middle, ends[2]) == pytest.approx(
                math.dist(ends[0], ends[2])
            ), where
        assert sorted(grooves) == sorted(expected), where


@pytest.fixture
def window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """The app's window open (the board's art is made for it)."""
    with open_ui(tmp_path / "config", monkeypatch) as driver:
        yield driver


def drawn_lines(rect: tuple[int, int, int, int], monkeypatch: pytest.MonkeyPatch):
    """The straight grooves and the circles the board's art engraves for ``rect``."""
    lines: list[tuple[Point, Point]] = []
    circles: list[tuple[Point, float]] = []
    monkeypatch.setattr(board_art, "_engrave_line", lambda _s, a, b, _w: lines.append((a, b)))
    monkeypatch.setattr(board_art, "_engrave_circle", lambda _s, c, r, _w: circles.append((c, r)))
    art = board_art.BoardArt(BoardLayout.fit(rect))
    return art, lines, circles


@pytest.mark.parametrize("rect", RECTS[:2], ids=["small", "large"])
def test_the_board_engraves_six_straight_lines_and_a_circle_per_pattern(
    rect: tuple[int, int, int, int], monkeypatch: pytest.MonkeyPatch, window: Driver
) -> None:
    art, lines, circles = drawn_lines(rect, monkeypatch)
    layout = art.layout
    local = [tuple(art.local(p) for p in points) for _, points in point_sets(layout)]
    assert len(lines) == 6 * 8 and len(circles) == 8
    for a, b in lines:
        # Each groove joins two points of one pattern that share a straight line...
        found = [
            (points, line)
            for points in local
            for line in STRAIGHT
            if any(same(a, points[i]) for i in line) and any(same(b, points[i]) for i in line)
        ]
        assert found, f"a groove from {a} to {b} is on no straight line"
        # ...and never two that share only the circle.
        for points in local:
            for i, j in combinations(CIRCLE, 2):
                assert not (same(a, points[i]) and same(b, points[j]))
                assert not (same(a, points[j]) and same(b, points[i]))
    # Each circle passes through the three points of the circle line.
    for (centre, radius), points in zip(circles, local, strict=True):
        for i in CIRCLE:
            assert math.dist(centre, points[i]) == pytest.approx(radius, rel=1e-6)


@pytest.mark.parametrize("pattern", range(8), ids=["board", *"ABCDEFG"])
def test_what_is_drawn_has_no_groove_between_points_of_the_circle(pattern: int) -> None:
    # Drawn on clear glass: every straight line shows along its length, and the chords
    # between the points of the circle stay clear.
    layout = BoardLayout.fit(RECTS[1])
    x, y, w, h = layout.rect
    points = tuple((px - x, py - y) for px, py in point_sets(layout)[pattern][1])
    radius = INCIRCLE * layout.side * (HOLE_SPREAD if pattern else 1)
    glass = pygame.Surface((w, h), pygame.SRCALPHA)
    glass.fill((0, 0, 0, 0))
    board_art.engrave_lines(glass, points, points[3], radius, 3)

    def alpha(point: Point) -> int:
        return glass.get_at((round(point[0]), round(point[1]))).a

    for line in STRAIGHT:
        ends = sorted(points[p] for p in line)
        for a, b in ((ends[0], ends[1]), (ends[1], ends[2])):
            for t in (0.25, 0.5, 0.75):
                assert alpha(between(a, b, t)) > 0
    for i in CIRCLE:
        assert alpha(points[i]) > 0  # the circle runs through its points
    for i, j in combinations(CIRCLE, 2):
        for t in (0.25, 0.75):
            assert alpha(between(points[i], points[j], t)) == 0, (i + 1, j + 1)
