"""The board layouts, without pygame: where the wooden board's holes and the sea's cells go
in a window's rectangle, and which hole or cell a click lands on."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest

from fireice_desktop.engine.games.fireice.board import HOLE_COUNT, island_of
from fireice_desktop.engine.games.icebreaker.board import MAX_SIZE, MIN_SIZE, HexBoard
from fireice_desktop.ui.games.fireice.layout import FANO_POINTS, BoardLayout
from fireice_desktop.ui.games.icebreaker.layout import HexLayout

ROOT = Path(__file__).resolve().parents[3]

Rect = tuple[int, int, int, int]
Point = tuple[float, float]

#: Board rectangles of different shapes and sizes, some not at the window's origin.
RECTS: dict[str, Rect] = {
    "small 600x600": (0, 0, 600, 600),
    "large 1900x1000": (0, 0, 1900, 1000),
    "wide": (30, 40, 1600, 500),
    "tall": (10, 20, 500, 1200),
    "panel beside": (320, 0, 980, 760),
}
SIZES = range(MIN_SIZE, MAX_SIZE + 1)
#: Directions around a centre to probe clicks in.
ANGLES = [2 * math.pi * k / 12 for k in range(12)]

every_rect = pytest.mark.parametrize("rect", RECTS.values(), ids=RECTS.keys())
every_size = pytest.mark.parametrize("size", SIZES, ids=lambda size: f"side {size}")


def inside(point: Point, rect: Rect) -> bool:
    """Whether ``point`` lies within ``rect``."""
    x, y, width, height = rect
    return x <= point[0] <= x + width and y <= point[1] <= y + height


def around(centre: Point, distance: float) -> list[Point]:
    """Points ``distance`` from ``centre`` in twelve directions."""
    cx, cy = centre
    return [(cx + distance * math.cos(a), cy + distance * math.sin(a)) for a in ANGLES]


def far_outside(rect: Rect) -> list[Point]:
    """Points well away from ``rect`` on every side, and its corners."""
    x, y, width, height = rect
    return [
        (x, y),
        (x + width, y + height),
        (x - width, y + height / 2),
        (x + 2 * width, y + height / 2),
        (x + width / 2, y - height),
        (x + width / 2, y + 2 * height),
        (-1e6, -1e6),
        (1e6, 1e6),
    ]


def closest_pair(points: list[Point]) -> float:
    """The least distance between two of ``points``."""
    return min(math.dist(a, b) for a, b in itertools.combinations(points, 2))


def in_triangle(point: Point, corners: tuple[Point, Point, Point]) -> bool:
    """Whether ``point`` lies inside the triangle ``corners``."""

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    a, b, c = corners
    signs = [cross(a, b, point), cross(b, c, point), cross(c, a, point)]
    return all(s >= 0 for s in signs) or all(s <= 0 for s in signs)


def in_convex_polygon(point: Point, corners: tuple[Point, ...]) -> bool:
    """Whether ``point`` lies inside the convex polygon ``corners`` (in order)."""
    crosses = [
        (b[0] - a[0]) * (point[1] - a[1]) - (b[1] - a[1]) * (point[0] - a[0])
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True)
    ]
    return all(c >= 0 for c in crosses) or all(c <= 0 for c in crosses)


# --- Fire & Ice's board ---------------------------------------------------------------------


@every_rect
def test_board_has_49_holes_7_islands_of_7(rect: Rect) -> None:
    """There is a hole for every hole of the board, and seven islands with their corners."""
    layout = BoardLayout.fit(rect)
    assert len(layout.holes) == HOLE_COUNT == 49
    assert len(layout.island_centres) == len(layout.island_corners) == 7
    assert layout.centre == layout.island_centres[3]  # island D


@every_rect
def test_every_hole_centre_maps_back_to_its_hole(rect: Rect) -> None:
    """A click on a hole's centre picks that hole."""
    layout = BoardLayout.fit(rect)
    for hole, centre in enumerate(layout.holes):
        assert layout.hole_at(centre) == hole


@every_rect
def test_a_click_anywhere_on_a_peg_picks_its_hole(rect: Rect) -> None:
    """Every point of a drawn peg (and so of its hole) maps to that hole, in all directions."""
    layout = BoardLayout.fit(rect)
    assert layout.hole_radius < layout.peg_radius
    for hole, centre in enumerate(layout.holes):
        for point in around(centre, layout.peg_radius * 0.99):
            assert layout.hole_at(point) == hole


@every_rect
def test_a_click_far_from_every_hole_picks_none(rect: Rect) -> None:
    """Points outside the board, its corners, and wood far from any hole pick nothing."""
    layout = BoardLayout.fit(rect)
    for point in far_outside(rect):
        assert layout.hole_at(point) is None
    reach = layout.peg_radius * 1.35  # the distance hole_at still counts as a hit
    for centre in layout.holes:
        for point in around(centre, reach * 1.01):
            if all(math.dist(point, other) > reach * 1.01 for other in layout.holes):
                assert layout.hole_at(point) is None


@every_rect
def test_a_click_picks_the_nearest_hole_within_reach(rect: Rect) -> None:
    """Between two close holes, a click goes to the nearer one."""
    layout = BoardLayout.fit(rect)
    for a, b in itertools.combinations(range(HOLE_COUNT), 2):
        (ax, ay), (bx, by) = layout.holes[a], layout.holes[b]
        if math.dist((ax, ay), (bx, by)) > 2 * layout.peg_radius * 1.35:
            continue
        near_a = (ax + (bx - ax) * 0.45, ay + (by - ay) * 0.45)
        near_b = (ax + (bx - ax) * 0.55, ay + (by - ay) * 0.55)
        assert layout.hole_at(near_a) == a
        assert layout.hole_at(near_b) == b


@every_rect
def test_pegs_on_neighbouring_holes_do_not_overlap(rect: Rect) -> None:
    """No two holes are closer than a peg's diameter, so drawn pegs never overlap."""
    layout = BoardLayout.fit(rect)
    assert closest_pair(list(layout.holes)) > 2 * layout.peg_radius


@every_rect
def test_holes_and_islands_lie_inside_the_rect(rect: Rect) -> None:
    """Every hole with its peg, and every island's corner, lies within the rectangle."""
    layout = BoardLayout.fit(rect)
    for x, y in layout.holes:
        for point in around((x, y), layout.peg_radius):
            assert inside(point, rect)
    for corners in layout.island_corners:
        for corner in corners:
            assert inside(corner, rect)


@every_rect
def test_each_islands_holes_sit_on_that_island(rect: Rect) -> None:
    """Holes ``island * 7 .. island * 7 + 6`` lie inside their island's triangle, around its
    centre, in the Fano pattern of the board (hole 4 in the middle)."""
    layout = BoardLayout.fit(rect)
    for hole, centre in enumerate(layout.holes):
        island = island_of(hole)
        assert in_triangle(centre, layout.island_corners[island])
        for other, corners in enumerate(layout.island_corners):
            if other != island:
                assert not in_triangle(centre, corners)
        if hole % 7 == 3:  # hole 4 of its island
            assert math.dist(centre, layout.island_centres[island]) < 1e-9
    for island in range(7):
        holes = layout.holes[island * 7 : island * 7 + 7]
        spread = [math.dist(h, layout.island_centres[island]) for h in holes]
        assert max(spread) < min(
            math.dist(layout.island_centres[island], c)
            for i, c in enumerate(layout.island_centres)
            if i != island
        )


@every_rect
def test_holes_and_islands_follow_the_same_pattern(rect: Rect) -> None:
    """Hole ``n`` of every island sits where island ``n`` sits on the board, scaled down: the
    holes of an island are the island pattern in small."""
    layout = BoardLayout.fit(rect)
    centre = layout.centre
    big = [(x - centre[0], y - centre[1]) for x, y in layout.island_centres]
    scale = math.hypot(*big[0]) / math.hypot(*FANO_POINTS[0])
    for (bx, by), (fx, fy) in zip(big, FANO_POINTS, strict=True):
        assert math.isclose(bx, fx * scale, abs_tol=1e-6)
        assert math.isclose(by, fy * scale, abs_tol=1e-6)
    for island in range(7):
        icx, icy = layout.island_centres[island]
        small = [(x - icx, y - icy) for x, y in layout.holes[island * 7 : island * 7 + 7]]
        ratio = math.hypot(*small[0]) / math.hypot(*big[0])
        for (sx, sy), (bx, by) in zip(small, big, strict=True):
            assert math.isclose(sx, bx * ratio, abs_tol=1e-6)
            assert math.isclose(sy, by * ratio, abs_tol=1e-6)


@every_rect
def test_the_board_is_centred_and_as_large_as_fits(rect: Rect) -> None:
    """The islands are centred in the rectangle, and in its tighter direction the board fills
    it up to an even margin of wood."""
    layout = BoardLayout.fit(rect)
    x, y, width, height = rect
    xs = [p[0] for corners in layout.island_corners for p in corners]
    ys = [p[1] for corners in layout.island_corners for p in corners]
    left, right = min(xs) - x, x + width - max(xs)
    top, bottom = min(ys) - y, y + height - max(ys)
    assert math.isclose(left, right, abs_tol=1e-6)
    assert math.isclose(top, bottom, abs_tol=1e-6)
    tight = min(left, top)
    assert 0 < tight <= 0.1 * layout.side
    assert math.isclose(tight, 0.06 * layout.side, rel_tol=1e-9)


@every_rect
def test_the_pockets_sit_in_the_top_corners_clear_of_the_islands(rect: Rect) -> None:
    """Fire's pocket is top left, Ice's top right, both inside the rectangle, the same size,
    apart from each other and from every island and peg."""
    layout = BoardLayout.fit(rect)
    fire, ice = layout.pockets
    x, _, width, _ = rect
    assert fire[2:] == ice[2:]
    assert fire[1] == ice[1]
    assert fire[0] + fire[2] < ice[0]
    assert fire[0] - x < width / 4
    assert x + width - (ice[0] + ice[2]) < width / 4
    for px, py, pw, ph in layout.pockets:
        assert pw > 0 and ph > 0
        assert inside((px, py), rect) and inside((px + pw, py + ph), rect)
        for corners in layout.island_corners:
            xs, ys = [c[0] for c in corners], [c[1] for c in corners]
            assert max(xs) < px or min(xs) > px + pw or max(ys) < py or min(ys) > py + ph
        for hx, hy in layout.holes:
            nearest = (min(max(hx, px), px + pw), min(max(hy, py), py + ph))
            assert math.dist((hx, hy), nearest) > layout.peg_radius


@every_rect
@pytest.mark.parametrize("factor", [0.5, 2, 3])
def test_the_board_scales_with_its_rect(rect: Rect, factor: float) -> None:
    """A rectangle ``factor`` times as large (same origin) gives the same board ``factor``
    times as large; radii scale alike."""
    x, y, width, height = rect
    small = BoardLayout.fit(rect)
    large = BoardLayout.fit((x, y, int(width * factor), int(height * factor)))
    assert math.isclose(large.side, small.side * factor, rel_tol=1e-9)
    assert math.isclose(large.hole_radius, small.hole_radius * factor, rel_tol=1e-9)
    assert math.isclose(large.peg_radius, small.peg_radius * factor, rel_tol=1e-9)
    for (sx, sy), (lx, ly) in zip(small.holes, large.holes, strict=True):
        assert math.isclose(lx - x, (sx - x) * factor, rel_tol=1e-9, abs_tol=1e-6)
        assert math.isclose(ly - y, (sy - y) * factor, rel_tol=1e-9, abs_tol=1e-6)


@every_rect
def test_moving_the_rect_moves_the_board(rect: Rect) -> None:
    """The same rectangle elsewhere in the window gives the same board, shifted."""
    x, y, width, height = rect
    here = BoardLayout.fit(rect)
    there = BoardLayout.fit((x + 100, y + 37, width, height))
    assert there.side == here.side
    for (hx, hy), (tx, ty) in zip(here.holes, there.holes, strict=True):
        assert math.isclose(tx, hx + 100) and math.isclose(ty, hy + 37)
    for (hx, hy, hw, hh), (tx, ty, tw, th) in zip(here.pockets, there.pockets, strict=True):
        assert (tx - hx, ty - hy, tw, th) == (100, 37, hw, hh)


# --- Icebreaker's sea -----------------------------------------------------------------------


@every_rect
@every_size
def test_sea_has_a_point_for_every_cell(rect: Rect, size: int) -> None:
    """The layout places exactly the board's cells."""
    layout = HexLayout.fit(rect, size)
    board = HexBoard.of(size)
    assert layout.size == size
    assert set(layout.holes) == set(board.cells)
    assert len(layout.holes) == 3 * size * (size - 1) + 1


@every_rect
@every_size
def test_every_cell_centre_maps_back_to_its_cell(rect: Rect, size: int) -> None:
    """A click on a cell's centre picks that cell."""
    layout = HexLayout.fit(rect, size)
    for cell, centre in layout.holes.items():
        assert layout.hole_at(centre) == cell


@pytest.mark.slow
@every_rect
@every_size
def test_a_click_anywhere_in_a_cell_picks_it(rect: Rect, size: int) -> None:
    """Every point of a cell's hexagon, out to just inside its corners, maps to that cell."""
    layout = HexLayout.fit(rect, size)
    for cell, (cx, cy) in layout.holes.items():
        for point in around((cx, cy), layout.hole_radius * 0.99):
            assert layout.hole_at(point) == cell
        for k in range(6):  # pointy-topped: corners straight up and down
            angle = math.pi / 2 + k * math.pi / 3
            corner = (
                cx + 0.97 * layout.radius * math.cos(angle),
                cy + 0.97 * layout.radius * math.sin(angle),
            )
            assert layout.hole_at(corner) == cell


@every_rect
@every_size
def test_a_click_off_the_sea_picks_none(rect: Rect, size: int) -> None:
    """Points outside the board's cells, the rectangle's corners and far away pick nothing."""
    layout = HexLayout.fit(rect, size)
    for point in far_outside(rect):
        assert layout.hole_at(point) is None
    for corner in layout.frame:
        assert layout.hole_at(corner) is None
    for centre in layout.holes.values():
        for point in around(centre, layout.radius * 1.01):
            if all(math.dist(point, c) > layout.radius for c in layout.holes.values()):
                assert layout.hole_at(point) is None


@every_rect
@every_size
def test_neighbouring_cells_touch_and_ships_do_not_overlap(rect: Rect, size: int) -> None:
    """Neighbours (by the board) are one cell width apart, others farther; two ships side by
    side do not overlap."""
    layout = HexLayout.fit(rect, size)
    board = HexBoard.of(size)
    step = math.sqrt(3) * layout.radius
    assert math.isclose(step, 2 * layout.hole_radius)
    for a, b in itertools.combinations(board.cells, 2):
        distance = math.dist(layout.holes[a], layout.holes[b])
        if board.neighbours[a] >> b & 1:
            assert math.isclose(distance, step, rel_tol=1e-9)
        else:
            assert distance > step * 1.5
    assert 2 * layout.peg_radius < step


@every_rect
@every_size
def test_rows_of_cells_are_horizontal_and_centred(rect: Rect, size: int) -> None:
    """Each row of the board is one horizontal line, centred on the board's centre; the
    middle row runs through it."""
    layout = HexLayout.fit(rect, size)
    board = HexBoard.of(size)
    cx, cy = layout.centre
    x, y, width, height = rect
    assert (cx, cy) == (x + width / 2, y + height / 2)
    rows_y = []
    for row in board.rows:
        ys = {round(layout.holes[cell][1], 6) for cell in row}
        assert len(ys) == 1
        rows_y.append(ys.pop())
        xs = [layout.holes[cell][0] for cell in row]
        assert xs == sorted(xs)
        assert math.isclose((xs[0] + xs[-1]) / 2, cx, abs_tol=1e-6)
    assert rows_y == sorted(rows_y)
    assert math.isclose(rows_y[size - 1], cy, abs_tol=1e-6)


@every_rect
@every_size
def test_the_sea_and_its_frame_lie_inside_the_rect(rect: Rect, size: int) -> None:
    """The frame lies within the rectangle and holds every cell's whole hexagon."""
    layout = HexLayout.fit(rect, size)
    assert len(layout.frame) == 6
    for corner in layout.frame:
        assert inside(corner, rect)
    for cx, cy in layout.holes.values():
        for k in range(6):
            angle = math.pi / 2 + k * math.pi / 3
            corner = (cx + layout.radius * math.cos(angle), cy + layout.radius * math.sin(angle))
            assert inside(corner, rect)
            assert in_convex_polygon(corner, layout.frame)


@every_rect
@every_size
@pytest.mark.parametrize("factor", [0.5, 2])
def test_the_sea_scales_with_its_rect(rect: Rect, size: int, factor: float) -> None:
    """A rectangle ``factor`` times as large gives a sea ``factor`` times as large."""
    x, y, width, height = rect
    small = HexLayout.fit(rect, size)
    large = HexLayout.fit((x, y, int(width * factor), int(height * factor)), size)
    assert math.isclose(large.radius, small.radius * factor, rel_tol=1e-9)
    assert math.isclose(large.peg_radius, small.peg_radius * factor, rel_tol=1e-9)
    for cell, (sx, sy) in small.holes.items():
        lx, ly = large.holes[cell]
        assert math.isclose(lx - x, (sx - x) * factor, rel_tol=1e-9, abs_tol=1e-6)
        assert math.isclose(ly - y, (sy - y) * factor, rel_tol=1e-9, abs_tol=1e-6)


@every_rect
def test_a_larger_sea_has_smaller_cells(rect: Rect) -> None:
    """In the same rectangle, each larger side makes the cells smaller."""
    radii = [HexLayout.fit(rect, size).radius for size in SIZES]
    assert radii == sorted(radii, reverse=True)
    assert len(set(radii)) == len(radii)


# --- no pygame --------------------------------------------------------------------------------
