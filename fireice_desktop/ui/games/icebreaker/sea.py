"""Drawing Icebreaker's sea: a static layer made once per size, icebergs and ships over it.

``SeaArt`` holds what is rendered once per layout (the framed sea of hexagons, the
iceberg and ship sprites); ``draw_sea`` paints a :class:`SeaPicture` over it and
never changes any state.  Sprites are drawn four times too large and scaled down,
which smooths their edges.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from ....engine.games.icebreaker.board import Cell, HexBoard, Side
from ...keyboard.control import draw_cursor
from ...toolkit.art import cover, font, soft_blur, texture
from ...toolkit.drawing import PLAYED_COLOUR, draw_arrow, draw_trail
from ...toolkit.motion import Point
from ...toolkit.scaling import px, scale
from .layout import HexLayout

Rgb = tuple[int, int, int]
SCALE = 4  # sprites are drawn this many times too large, then smoothed down

SEA_DEEP: Rgb = (14, 62, 96)
SEA_CELL: Rgb = (34, 104, 140)
SEA_LIGHT: Rgb = (88, 168, 196)
FROST: tuple[int, int, int, int] = (214, 240, 250, 110)
PATH_RGB: Rgb = (255, 150, 40)  # orange, as the rule sheet marks a ship's way
MARK_RGB: Rgb = (250, 210, 90)
SELECT_RGB: Rgb = (255, 246, 190)
#: The ring around a cell marked for attention, as the pegs' board rings its holes.
MARKED_RGB: Rgb = (255, 120, 80)
HULLS: dict[Side, tuple[Rgb, Rgb, Rgb]] = {
    # hull, its dark edge, funnel band
    Side.RED: ((196, 38, 30), (96, 12, 8), (255, 255, 255)),
    Side.BLACK: ((40, 42, 48), (8, 8, 10), (255, 204, 60)),
}


@dataclass(frozen=True)
class SeaPicture:
    """Everything the sea shows at one moment; ``draw_sea`` turns it into pixels."""

    red: int
    black: int
    icebergs: int
    selected: Cell | None = None
    targets: int = 0  # cells the selected ship may step to
    paths: tuple[tuple[Cell, ...], ...] = ()  # each step's shortest way to an iceberg
    last_move: tuple[Cell, Cell] | None = None
    hint: tuple[Cell, Cell] | None = None
    played: tuple[Cell, Cell] | None = None  # in an analysed game, the move played from here
    marked: tuple[Cell, ...] = ()  # cells ringed for attention (a lesson's iceberg missed)
    cursor: Cell | None = None  # the keyboard's cursor (drawn over everything)
    hidden: int = 0  # ships not drawn in their cell (moving or carried)
    floating: tuple[tuple[Side, Point], ...] = ()  # ships in motion, drawn last
    fading: tuple[tuple[Cell, float], ...] = ()  # icebergs being broken (cell, 1 → 0)
    winner: Side | None = None
    coordinates: bool = False  # each open cell's number in its row (rows are lettered)
    finale: float | None = None  # the winner's ships lit in a swell, 0 to 1, as a game is won


def _hexagon(centre: Point, radius: float) -> list[Point]:
    cx, cy = centre
    return [
        (
            cx + radius * math.cos(math.radians(60 * k - 90)),
            cy + radius * math.sin(math.radians(60 * k - 90)),
        )
        for k in range(6)
    ]


def _mix(a: Rgb, b: Rgb, t: float) -> Rgb:
    return (
        int(a[0] + (b[0] - a[0]) * t),
        int(a[1] + (b[1] - a[1]) * t),
        int(a[2] + (b[2] - a[2]) * t),
    )


def iceberg_sprite(radius: float, variant: int) -> pygame.Surface:
    """A white iceberg seen from a little above: lit faces, shaded faces, a waterline."""
    r = max(3.0, radius) * SCALE
    size = int(2.3 * r)
    big = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    rng = random.Random(variant)
    # The waterline: a soft darker ring of sea round the ice.
    pygame.draw.ellipse(big, (10, 50, 80, 90), (c - r * 0.98, c - r * 0.1, r * 1.96, r * 0.95))
    # An irregular outline, a peak a little off centre, and faces between them.
    count = 9
    outline = []
    for k in range(count):
        angle = 2 * math.pi * k / count + rng.uniform(-0.15, 0.15)
        reach = r * rng.uniform(0.62, 0.8)
        outline.append((c + reach * math.cos(angle), c + 0.18 * r + reach * 0.78 * math.sin(angle)))
    peak = (c + rng.uniform(-0.18, 0.12) * r, c - r * rng.uniform(0.55, 0.72))
    for k in range(count):
        a, b = outline[k], outline[(k + 1) % count]
        # Faces turned to the upper left catch the light.
        mid = ((a[0] + b[0]) / 2 - c, (a[1] + b[1]) / 2 - c)
        light = 0.5 - 0.5 * (mid[0] * 0.7 + mid[1] * 0.7) / (r * 0.8)
        light = max(0.0, min(1.0, light))
        shade = _mix((150, 196, 222), (252, 254, 255), light)
        pygame.draw.polygon(big, shade, [a, b, peak])
    pygame.draw.polygon(big, (120, 170, 200), outline, max(1, SCALE))
    for k in range(0, count, 2):
        pygame.draw.line(big, (190, 222, 240), peak, outline[k], max(1, SCALE // 2))
    small = max(4, size // SCALE)
    return pygame.transform.smoothscale(big, (small, small))


def ship_sprite(side: Side, radius: float) -> pygame.Surface:
    """An icebreaker seen from the side: hull, deck house, bridge windows and a funnel.

    Red's ships face right and carry a white band on the funnel; Black's face left with
    a yellow band, so the two differ in shape as well as colour.
    """
    r = max(3.0, radius) * SCALE
    w, h = int(2.3 * r), int(2.0 * r)
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    hull, edge, band = HULLS[side]
    left, right = w * 0.06, w * 0.94
    deck = h * 0.56
    keel = h * 0.8
    # A soft shadow on the water, then the hull with its raked icebreaker bow.
    pygame.draw.ellipse(big, (0, 20, 40, 90), (left, keel - h * 0.06, right - left, h * 0.16))
    hull_shape = [
        (left, deck - h * 0.02),
        (right, deck - h * 0.08),
        (right - w * 0.12, keel),
        (left + w * 0.1, keel),
    ]
    pygame.draw.polygon(big, hull, hull_shape)
    pygame.draw.polygon(
        big,
        _mix(hull, (255, 255, 255), 0.25),
        [*hull_shape[:2], (right - w * 0.03, deck + h * 0.02), (left + w * 0.01, deck + h * 0.06)],
    )
    pygame.draw.polygon(big, edge, hull_shape, max(2, SCALE))
    # The red boot-topping stripe at the waterline of every icebreaker.
    pygame.draw.line(
        big,
        (150, 30, 24) if side is Side.BLACK else (110, 14, 10),
        (left + w * 0.08, keel - h * 0.05),
        (right - w * 0.1, keel - h * 0.05),
        max(2, int(SCALE * 1.5)),
    )
    # Deck house and bridge, set towards the stern.
    house = pygame.Rect(0, 0, int(w * 0.42), int(h * 0.2))
    house.bottomleft = (int(left + w * 0.12), int(deck))
    pygame.draw.rect(big, (244, 244, 238), house, border_radius=SCALE * 2)
    pygame.draw.rect(big, (120, 120, 120), house, max(1, SCALE // 2), border_radius=SCALE * 2)
    bridge = pygame.Rect(0, 0, int(w * 0.24), int(h * 0.14))
    bridge.bottomleft = (house.x + int(w * 0.1), house.y + 1)
    pygame.draw.rect(big, (250, 250, 246), bridge, border_radius=SCALE * 2)
    pygame.draw.rect(big, (120, 120, 120), bridge, max(1, SCALE // 2), border_radius=SCALE * 2)
    for k in range(3):
        window = pygame.Rect(0, 0, int(w * 0.045), int(h * 0.05))
        window.topleft = (bridge.x + int(w * (0.025 + 0.07 * k)), bridge.y + int(h * 0.035))
        pygame.draw.rect(big, (40, 70, 96), window, border_radius=SCALE)
    # The funnel in the side's colour with its band.
    funnel = pygame.Rect(0, 0, int(w * 0.11), int(h * 0.26))
    funnel.bottomleft = (house.x + int(w * 0.02), house.y + 2)
    pygame.draw.rect(
        big, hull, funnel, border_top_left_radius=SCALE * 2, border_top_right_radius=SCALE * 2
    )
    pygame.draw.rect(
        big, band, (funnel.x, funnel.y + funnel.height * 0.3, funnel.width, funnel.height * 0.22)
    )
    pygame.draw.rect(
        big,
        edge,
        funnel,
        max(1, SCALE // 2),
        border_top_left_radius=SCALE * 2,
        border_top_right_radius=SCALE * 2,
    )
    # A mast at the bow.
    mast_x = right - w * 0.2
    pygame.draw.line(
        big, (60, 60, 60), (mast_x, deck - h * 0.04), (mast_x, deck - h * 0.3), max(2, SCALE)
    )
    pygame.draw.line(
        big,
        (60, 60, 60),
        (mast_x - w * 0.04, deck - h * 0.24),
        (mast_x + w * 0.04, deck - h * 0.24),
        max(1, SCALE // 2),
    )
    if side is Side.BLACK:
        big = pygame.transform.flip(big, True, False)
    return pygame.transform.smoothscale(big, (max(4, w // SCALE), max(4, h // SCALE)))


@dataclass
class SeaArt:
    """What is drawn once per layout: the framed sea and the sprites."""

    layout: HexLayout
    static: pygame.Surface = field(init=False)
    origin: tuple[int, int] = field(init=False)
    icebergs: tuple[pygame.Surface, ...] = field(init=False)
    ships: dict[Side, pygame.Surface] = field(init=False)
    lifted: dict[Side, pygame.Surface] = field(init=False)
    icons: dict[Side, pygame.Surface] = field(init=False)  # the panel's turn marks
    numbers: dict[Cell, pygame.Surface] = field(init=False)  # each cell's number, open water

    def __post_init__(self) -> None:
        layout = self.layout
        self.origin = (layout.rect[0], layout.rect[1])
        self.static = self._render_static()
        self.icebergs = tuple(iceberg_sprite(layout.radius * 0.74, v) for v in range(5))
        self.ships = {side: ship_sprite(side, layout.peg_radius) for side in Side}
        self.lifted = {side: ship_sprite(side, layout.peg_radius * 1.12) for side in Side}
        self.icons = {side: ship_sprite(side, px(15)) for side in Side}
        self.numbers = {}

    def number(self, cell: Cell) -> pygame.Surface:
        """The number of ``cell`` in its row ("9" of e9), as open water shows it (the
        Coordinates setting)."""
        sprite = self.numbers.get(cell)
        if sprite is None:
            name = HexBoard.of(self.layout.size).name(cell)
            face = font(max(9, int(self.layout.radius * 0.5)))
            sprite = face.render(name.lstrip("abcdefghijklmnopqrstuvwxyz"), True, FROST[:3])
            sprite.set_alpha(200)
            self.numbers[cell] = sprite
        return sprite

    def _render_static(self) -> pygame.Surface:
        layout = self.layout
        x, y, w, h = layout.rect
        surface = pygame.Surface((w, h), pygame.SRCALPHA)

        def local(p: Point) -> Point:
            return (p[0] - x, p[1] - y)

        frame = [local(p) for p in layout.frame]
        # A wooden rim, as on the Fire & Ice board, holding a sea.
        wood = cover(texture("wood_board.jpg"), (w, h))
        rim = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.polygon(rim, (255, 255, 255, 255), frame)
        rim.blit(wood, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        shadow = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.polygon(shadow, (0, 0, 0, 140), [(px + 6, py + 9) for px, py in frame])
        surface.blit(soft_blur(shadow, 8), (0, 0))
        surface.blit(rim, (0, 0))
        pygame.draw.polygon(surface, (70, 40, 18), frame, 3)
        cx, cy = local(layout.centre)
        inner = [(cx + (px - cx) * 0.93, cy + (py - cy) * 0.93) for px, py in frame]
        # The sea: dark at the rim, lighter towards the middle.
        sea = pygame.Surface((w, h), pygame.SRCALPHA)
        steps = 24
        for k in range(steps):
            t = k / (steps - 1)
            ring = [
                (cx + (px - cx) * (1 - 0.9 * t), cy + (py - cy) * (1 - 0.9 * t)) for px, py in inner
            ]
            pygame.draw.polygon(sea, _mix(SEA_DEEP, (30, 96, 132), t), ring)
        surface.blit(sea, (0, 0))
        pygame.draw.polygon(surface, (40, 24, 10), inner, 2)
        pygame.draw.polygon(surface, (190, 150, 100), [(px + 1, py + 1) for px, py in frame], 1)
        # The cells: gently domed water, outlined in frost.
        cells = pygame.Surface((w, h), pygame.SRCALPHA)
        for centre in layout.holes.values():
            c = local(centre)
            pygame.draw.polygon(cells, (*SEA_CELL, 255), _hexagon(c, layout.radius * 0.97))
            pygame.draw.polygon(
                cells,
                (*_mix(SEA_CELL, SEA_LIGHT, 0.35), 255),
                _hexagon(
                    (c[0] - layout.radius * 0.08, c[1] - layout.radius * 0.1), layout.radius * 0.62
                ),
            )
        cells = soft_blur(cells, max(1, int(layout.radius * 0.08)))
        surface.blit(cells, (0, 0))
        for centre in layout.holes.values():
            pygame.draw.polygon(
                surface,
                FROST,
                _hexagon(local(centre), layout.radius * 0.97),
                max(1, int(layout.radius * 0.06)),
            )
        # Row letters beside the first and last cell of each row, to read moves by.
        board = HexBoard.of(layout.size)
        label_font = font(max(9, int(layout.radius * 0.55)))
        for r, row in enumerate(board.rows):
            letter = label_font.render(chr(ord("a") + r), True, (255, 236, 200))
            for cell, direction in ((row[0], -1), (row[-1], 1)):
                px, py = local(layout.holes[cell])
                spot = (px + direction * layout.radius * 1.55, py)
                surface.blit(letter, letter.get_rect(center=spot))
        return surface


def sea_art(rect: tuple[int, int, int, int], size: int) -> SeaArt:
    """The art for a side-``size`` board drawn into ``rect``, kept for reuse (rendering it
    takes a tenth of a second; the game, the menu's backdrop and the rules each ask for
    their own)."""
    return _sea_art(rect, size, scale())


@lru_cache(maxsize=4)
def _sea_art(rect: tuple[int, int, int, int], size: int, _scale: float) -> SeaArt:
    return SeaArt(HexLayout.fit(rect, size))


def _blit_centered(surface: pygame.Surface, sprite: pygame.Surface, centre: Point) -> None:
    surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))


def _iceberg_for(art: SeaArt, cell: Cell) -> pygame.Surface:
    return art.icebergs[(cell * 7 + cell // 5) % len(art.icebergs)]


def draw_sea(surface: pygame.Surface, art: SeaArt, picture: SeaPicture) -> None:
    """Paint the sea and ``picture`` onto ``surface`` (the window) at the layout's place."""
    layout = art.layout
    holes = layout.holes
    surface.blit(art.static, art.origin)
    line = max(2, int(layout.radius * 0.12))

    if picture.last_move is not None:
        src, dst = picture.last_move
        draw_trail(surface, holes[src], holes[dst], layout.radius * 0.68, MARK_RGB)
        pygame.draw.polygon(
            surface, MARK_RGB, _hexagon(holes[src], layout.radius * 0.86), max(2, line // 2)
        )
        pygame.draw.polygon(surface, MARK_RGB, _hexagon(holes[dst], layout.radius * 0.86), line)

    fading = dict(picture.fading)
    for cell, centre in holes.items():
        if picture.icebergs >> cell & 1 or cell in fading:
            sprite = _iceberg_for(art, cell)
            if cell in fading:
                sprite = sprite.copy()
                sprite.set_alpha(int(255 * fading[cell]))
            _blit_centered(surface, sprite, (centre[0], centre[1] - layout.radius * 0.05))
    if picture.coordinates:
        taken = picture.icebergs | ((picture.red | picture.black) & ~picture.hidden)
        for cell, centre in holes.items():
            if not taken >> cell & 1 and cell not in fading:
                _blit_centered(surface, art.number(cell), centre)

    # The selected ship's way: an orange line along the shortest path to its nearest
    # iceberg and orange dots on the cells it may step to, as in the rule sheet.
    for path in picture.paths:
        points = [holes[cell] for cell in path]
        pygame.draw.lines(
            surface, (60, 30, 0), False, [(px + 1, py + 2) for px, py in points], line + 2
        )
        pygame.draw.lines(surface, PATH_RGB, False, points, line)
        pygame.draw.circle(surface, PATH_RGB, points[-1], layout.radius * 0.78, line)
    if picture.selected is not None:
        pygame.draw.polygon(
            surface, SELECT_RGB, _hexagon(holes[picture.selected], layout.radius * 0.9), line
        )
    for cell in picture.marked:
        cx, cy = holes[cell]
        pygame.draw.circle(surface, (60, 30, 0), (cx + 1, cy + 2), layout.radius * 0.84, line)
        pygame.draw.circle(surface, MARKED_RGB, (cx, cy), layout.radius * 0.84, line)

    winner_glow = picture.winner
    # The finale: a ring swelling out from each of the winner's ships, then settling.
    swell = 1.0 if picture.finale is None else 1.0 + 0.6 * math.sin(math.pi * picture.finale)
    for side, ships in ((Side.RED, picture.red), (Side.BLACK, picture.black)):
        ships &= ~picture.hidden
        sprite = art.ships[side]
        for cell, centre in holes.items():
            if ships >> cell & 1:
                if winner_glow is side:
                    ring = layout.radius * 0.85 * swell
                    pygame.draw.circle(surface, (255, 236, 150), centre, ring, line)
                _blit_centered(surface, sprite, centre)

    for cell, centre in holes.items():
        if picture.targets >> cell & 1:
            pygame.draw.circle(
                surface, (60, 30, 0), (centre[0] + 1, centre[1] + 2), layout.radius * 0.26
            )
            pygame.draw.circle(surface, PATH_RGB, centre, layout.radius * 0.24)
            pygame.draw.circle(
                surface, (255, 230, 170), centre, layout.radius * 0.24, max(1, line // 2)
            )

    if picture.played is not None and picture.played != picture.hint:
        src, dst = picture.played
        draw_arrow(surface, holes[src], holes[dst], layout.peg_radius, PLAYED_COLOUR)
    if picture.hint is not None:
        src, dst = picture.hint
        draw_arrow(surface, holes[src], holes[dst], layout.peg_radius)

    for side, centre in picture.floating:
        _blit_centered(surface, art.lifted[side], centre)

    if picture.cursor is not None:
        draw_cursor(surface, holes[picture.cursor], layout.radius * 0.8)


__all__ = ["SeaArt", "SeaPicture", "draw_sea", "iceberg_sprite", "sea_art", "ship_sprite"]
