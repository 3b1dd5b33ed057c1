"""The wooden board's static layer: the wood, the seven raised islands with their holes and
engraved lines, the trays with their burnt names, and the peg sprites, rendered once per
layout and kept for reuse (:func:`board_art`). :mod:`.board` draws the pegs over it."""

from __future__ import annotations

from functools import cached_property

import pygame

from ....engine.games.fireice.board import ISLANDS
from ....engine.games.fireice.rules import Color
from ...toolkit.art import Rgb, cover, font, soft_blur, texture
from ...toolkit.language import tr
from ...toolkit.motion import Point
from .art import peg_sprite
from .island_letters import letter_boxes
from .layout import HOLE_SPREAD, INCIRCLE, BoardLayout, straight_lines

ENGRAVE_DARK = (92, 56, 28, 150)
ENGRAVE_LIGHT = (255, 236, 200, 70)
NUMBER_RGB = (236, 204, 158)  # a hole's number in its bore
POCKETS = ("side.fire", "side.ice")  # keys of the names burnt under the trays (None: none)


def _engrave_line(surface: pygame.Surface, a: Point, b: Point, width: int) -> None:
    pygame.draw.line(surface, ENGRAVE_LIGHT, (a[0] + 1, a[1] + 1), (b[0] + 1, b[1] + 1), width)
    pygame.draw.line(surface, ENGRAVE_DARK, a, b, width)


def _engrave_circle(surface: pygame.Surface, centre: Point, radius: float, width: int) -> None:
    pygame.draw.circle(surface, ENGRAVE_LIGHT, (centre[0] + 1, centre[1] + 1), radius, width)
    pygame.draw.circle(surface, ENGRAVE_DARK, centre, radius, width)


def engrave_lines(
    surface: pygame.Surface, points: tuple[Point, ...], centre: Point, radius: float, width: int
) -> None:
    """The six straight lines and the circle joining seven points, engraved into
    ``surface``: nothing else, so that the board shows exactly the lines of the game."""
    for a, b in straight_lines(points):
        _engrave_line(surface, a, b, width)
    _engrave_circle(surface, centre, radius, width)


def _shadow_sprite(radius: float, blur: int) -> pygame.Surface:
    size = int(radius * 2 + blur * 4 + 4)
    shadow = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(shadow, (20, 10, 0, 150), (size / 2, size / 2), radius)
    return soft_blur(shadow, max(1, blur))


def mix(rgb: Rgb, alpha: float) -> tuple[int, int, int, int]:
    """``rgb`` with ``alpha`` (0 to 1, clamped) as an opacity."""
    return (*rgb, int(255 * max(0.0, min(1.0, alpha))))


class BoardArt:
    """The parts of the board drawn once for a layout."""

    def __init__(self, layout: BoardLayout, pockets: tuple[str, str] | None = None) -> None:
        self.layout = layout
        x, y, w, h = layout.rect
        self.origin = (x, y)
        self.has_pockets = pockets is not None
        self.static = self._render_static((w, h), pockets)
        self.pegs = {color: peg_sprite(color, layout.peg_radius) for color in Color}
        self.lifted = {color: peg_sprite(color, layout.peg_radius * 1.12) for color in Color}
        self.pocket_pegs = {color: peg_sprite(color, layout.peg_radius * 0.62) for color in Color}
        self.shadow = _shadow_sprite(layout.peg_radius, max(1, int(layout.peg_radius * 0.18)))
        self.lifted_shadow = _shadow_sprite(
            layout.peg_radius * 1.05, max(2, int(layout.peg_radius * 0.45))
        )
        self.island_masks = [self._island_surface(i) for i in range(7)]
        self._numbers: dict[tuple[int, Rgb], pygame.Surface] = {}
        self._on_table: dict[tuple[int, bool], tuple[pygame.Surface, pygame.Surface]] = {}

    @cached_property
    def lettered(self) -> pygame.Surface:
        """The static layer with the islands' letters burnt into the board beside each
        island, on bare wood (the Coordinates setting)."""
        layer = self.static.copy()
        for letter, (x, y) in zip(ISLANDS, self.letter_spots, strict=True):
            text = self._letter(letter, (70, 36, 12))
            glow = self._letter(letter, (245, 210, 160))
            layer.blit(glow, self.local((x + 1, y + 1)))
            layer.blit(text, self.local((x, y)))
        return layer

    def _letter(self, letter: str, rgb: Rgb) -> pygame.Surface:
        """An island's letter, burnt in: cut to its ink, so that it is placed by what shows."""
        size = max(11, int(self.layout.side * 0.042))
        text = font(size, bold=True).render(letter, True, rgb)
        return text.subsurface(text.get_bounding_rect()).copy()

    @cached_property
    def letter_spots(self) -> tuple[Point, ...]:
        """Where each island's letter goes on the lettered layer (its top left corner, in
        the window), on bare wood beside the island (:mod:`.island_letters`)."""
        sizes = []
        for letter in ISLANDS:
            width, height = self._letter(letter, (0, 0, 0)).get_size()
            sizes.append((width + 1.0, height + 1.0))  # the glow, a pixel down and right
        boxes = letter_boxes(self.layout, sizes, pockets=self.has_pockets)
        return tuple((round(x), round(y)) for x, y, _, _ in boxes)

    def on_table(self, table: pygame.Surface, lettered: bool) -> pygame.Surface:
        """The static layer (``lettered`` or not) laid on ``table``, the window's picture
        under the board, as one surface without transparency: what drawing the table and
        then the board gives, in one quick copy (a good part of each frame in a large
        window).  Made once for each table."""
        key = (id(table), lettered)
        made = self._on_table.get(key)
        if made is None or made[0] is not table:  # a table of the same id made anew
            x, y = self.origin
            width, height = self.static.get_size()
            layer = pygame.Surface((width, height))
            layer.blit(table, (0, 0), pygame.Rect(x, y, width, height))
            layer.blit(self.lettered if lettered else self.static, (0, 0))
            made = (table, layer)
            # Only the present table's layers are kept (a 4K one is tens of megabytes).
            self._on_table = {k: v for k, v in self._on_table.items() if v[0] is table}
            self._on_table[key] = made
        return made[1]

    def number(self, hole: int, rgb: Rgb = NUMBER_RGB) -> pygame.Surface:
        """The number (1 to 7) of ``hole`` on its island, as an empty hole shows it (the
        Coordinates setting): light wood in the dark bore, or ``rgb``."""
        key = (hole % 7, rgb)
        sprite = self._numbers.get(key)
        if sprite is None:
            size = max(9, int(self.layout.hole_radius * 1.45))
            sprite = font(size, bold=True).render(str(key[0] + 1), True, rgb)
            self._numbers[key] = sprite
        return sprite

    def local(self, point: Point) -> Point:
        """A window point in this art's coordinates."""
        return (point[0] - self.origin[0], point[1] - self.origin[1])

    def _island_surface(self, island: int) -> tuple[pygame.Surface, tuple[int, int]]:
        corners = [self.local(p) for p in self.layout.island_corners[island]]
        left = int(min(p[0] for p in corners)) - 2
        top = int(min(p[1] for p in corners)) - 2
        width = int(max(p[0] for p in corners)) - left + 4
        height = int(max(p[1] for p in corners)) - top + 4
        mask = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255), [(px - left, py - top) for px, py in corners])
        return mask, (left, top)

    def _render_static(
        self, size: tuple[int, int], pockets: tuple[str, str] | None
    ) -> pygame.Surface:
        layout = self.layout
        side = layout.side
        surface = cover(texture("wood_board.jpg"), size).convert_alpha()
        w, h = size
        # The board's edge: a rounded bevel, light above and left, dark below and right.
        edge = max(3, int(side * 0.018))
        frame = pygame.Surface(size, pygame.SRCALPHA)
        for i in range(edge):
            t = i / edge
            pygame.draw.line(frame, (255, 230, 190, int(90 * (1 - t))), (i, i), (w - i, i))
            pygame.draw.line(frame, (255, 230, 190, int(70 * (1 - t))), (i, i), (i, h - i))
            pygame.draw.line(
                frame, (40, 20, 5, int(120 * (1 - t))), (i, h - 1 - i), (w - i, h - 1 - i)
            )
            pygame.draw.line(
                frame, (40, 20, 5, int(100 * (1 - t))), (w - 1 - i, i), (w - 1 - i, h - i)
            )
        surface.blit(frame, (0, 0))

        # The pockets: two routed trays with their names burnt in.
        for index, label in enumerate(pockets or ()):
            self._draw_pocket(surface, layout.pockets[index], label)

        # The lines joining the islands, engraved into the board.
        width = max(2, int(side * 0.006))
        centres = tuple(self.local(p) for p in layout.island_centres)
        engrave_lines(surface, centres, self.local(layout.centre), INCIRCLE * side, width)

        # The raised islands: a soft shadow, the lighter wood, bevelled edges.
        shadow_layer = pygame.Surface(size, pygame.SRCALPHA)
        drop = side * 0.016
        for corners in layout.island_corners:
            pts = [self.local((px + drop * 0.6, py + drop)) for px, py in corners]
            pygame.draw.polygon(shadow_layer, (30, 12, 0, 150), pts)
        surface.blit(soft_blur(shadow_layer, max(2, int(side * 0.014))), (0, 0))
        island_wood = texture("wood_island.jpg")
        bevel = max(2, int(side * 0.008))
        for island, corners in enumerate(layout.island_corners):
            self._draw_island(surface, island, corners, island_wood, bevel)
        return surface

    def _draw_pocket(
        self, surface: pygame.Surface, rect: tuple[int, int, int, int], label: str
    ) -> None:
        x, y, w, h = rect
        x -= self.origin[0]
        y -= self.origin[1]
        radius = int(h * 0.35)
        pygame.draw.rect(surface, (96, 58, 28), (x, y, w, h), border_radius=radius)
        inner = pygame.Surface((w, h), pygame.SRCALPHA)
        for i in range(max(2, int(h * 0.18))):
            alpha = int(120 * (1 - i / (h * 0.18)))
            pygame.draw.rect(inner, (30, 14, 2, alpha), (i, i, w - 2 * i, h - 2 * i), 1, radius)
        surface.blit(inner, (x, y))
        pygame.draw.rect(surface, (250, 220, 170), (x, y, w, h), 1, radius)
        # The name is burnt into the wood under the tray.
        text = font(max(8, int(h * 0.3))).render(label, True, (86, 44, 16))
        glow = font(max(8, int(h * 0.3))).render(label, True, (240, 200, 150))
        tx = x + (w - text.get_width()) / 2
        ty = y + h + h * 0.04
        surface.blit(glow, (tx + 1, ty + 1))
        surface.blit(text, (tx, ty))

    def _draw_island(
        self,
        surface: pygame.Surface,
        island: int,
        corners: tuple[Point, Point, Point],
        wood: pygame.Surface,
        bevel: int,
    ) -> None:
        layout = self.layout
        mask, (left, top) = self._island_surface(island)
        tile = pygame.Surface(mask.get_size(), pygame.SRCALPHA)
        offset = ((island * 97) % 200, (island * 61) % 200)
        width, height = mask.get_size()
        if wood.get_width() < width + offset[0] or wood.get_height() < height + offset[1]:
            # An island larger than the texture (a 4K window): the wood, made larger.
            wood = cover(wood, (width + offset[0], height + offset[1]))
        tile.blit(wood, (-offset[0], -offset[1]))
        tile.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(tile, (left, top))
        top_pt, left_pt, right_pt = (self.local(p) for p in corners)
        # Bevel: the two upper edges catch the light, the bottom edge is in shade.
        for i in range(bevel):
            inset = i * 0.9
            a = (top_pt[0], top_pt[1] + inset * 2)
            b = (left_pt[0] + inset * 1.7, left_pt[1] - inset)
            c = (right_pt[0] - inset * 1.7, right_pt[1] - inset)
            fade = 1 - i / bevel
            pygame.draw.line(surface, mix((255, 240, 210), fade), a, b, 1)
            pygame.draw.line(surface, mix((214, 170, 120), fade), a, c, 1)
            pygame.draw.line(surface, mix((120, 74, 36), fade), b, c, 1)
        pygame.draw.aalines(surface, (110, 66, 30), True, [top_pt, left_pt, right_pt])
        # The island's seven lines, engraved between its holes.
        holes = [self.local(layout.holes[island * 7 + k]) for k in range(7)]
        width = max(1, int(layout.side * 0.0045))
        centre = holes[3]
        engrave_lines(surface, tuple(holes), centre, INCIRCLE * HOLE_SPREAD * layout.side, width)
        # Drilled holes: a dark bore with light catching its lower rim.
        r = layout.hole_radius
        for hx, hy in holes:
            pygame.draw.circle(surface, (236, 200, 150), (hx, hy + r * 0.16), r * 1.08)
            pygame.draw.circle(surface, (58, 32, 14), (hx, hy), r)
            pygame.draw.circle(surface, (36, 18, 6), (hx, hy - r * 0.12), r * 0.78)


_art_cache: dict[tuple[tuple[int, int, int, int], bool], BoardArt] = {}


def board_art(
    rect: tuple[int, int, int, int], pockets: tuple[str, str] | None = POCKETS
) -> BoardArt:
    """The board art for ``rect``, kept for reuse: rendering it takes a good part of a second.
    ``pockets`` are the keys of the names under the trays, burnt in capitals."""
    if pockets is not None:
        pockets = (tr(pockets[0]).upper(), tr(pockets[1]).upper())
    key = (rect, pockets)
    art = _art_cache.pop(key, None)
    if art is None:
        art = BoardArt(BoardLayout.fit(rect), pockets)
    _art_cache[key] = art  # most recently used last
    while len(_art_cache) > 8:
        del _art_cache[next(iter(_art_cache))]
    return art


__all__ = ["POCKETS", "BoardArt", "board_art", "engrave_lines", "mix", "straight_lines"]
