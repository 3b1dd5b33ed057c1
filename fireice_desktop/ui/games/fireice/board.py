"""Drawing the wooden board: the pegs, marks and glows of one moment over the static layer.

:class:`~.board_art.BoardArt` holds what is rendered once per layout (the board, the peg
sprites); ``draw_board`` paints a :class:`BoardPicture` over it and never changes any state.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from ....engine.games.fireice.board import HAS_LINE, LINE_OF, LINES
from ....engine.games.fireice.rules import Color
from ...keyboard.control import draw_cursor
from ...toolkit.art import Rgb, font
from ...toolkit.drawing import PLAYED_COLOUR, TRAIL_EDGE, draw_arrow, draw_trail
from ...toolkit.motion import Point
from .board_art import BoardArt
from .layout import HOLE_SPREAD, INCIRCLE, BoardLayout

#: Each side's colour on the islands it controls: the line it holds, and a tint over the
#: island (GLOW_ALPHA: its opacity) that reads as fire or as ice on the orange wood.
GLOW: dict[Color, Rgb] = {Color.FIRE: (255, 92, 60), Color.ICE: (40, 190, 255)}
GLOW_ALPHA: dict[Color, int] = {Color.FIRE: 70, Color.ICE: 90}
MARK_RGB = (250, 210, 90)
TARGET_RGB = (255, 246, 190)


@dataclass(frozen=True)
class BoardPicture:
    """Everything that varies on the board: the view is a function of this and the layout."""

    fire: int
    ice: int
    supplies: tuple[int, int] | None = None  # Fire's, Ice's; None hides the pockets' pegs
    counts: bool = True  # the supplies' counts beside the pockets (not on a quiet board)
    selected: int | None = None
    targets: int = 0  # bitboard of holes marked as legal destinations
    last_move: tuple[int, int] | None = None
    winning_islands: tuple[int, int, int] | None = None
    winner: Color | None = None
    lit: int = 3  # how many of the winning islands are lit yet (the finale lights them in turn)
    show_control: bool = True
    hidden: int = 0  # holes whose peg is drawn elsewhere (moving or held)
    coordinates: bool = False  # the islands' letters, and each empty hole's number
    floating: tuple[tuple[Color, Point, bool], ...] = ()  # (colour, centre, lifted)
    marked: tuple[int, ...] = ()  # holes ringed for attention (the handicap pegs being placed)
    hint: tuple[int, int] | None = None  # a suggested move, drawn as an arrow
    played: tuple[int, int] | None = None  # in an analysed game, the move played from here
    cursor: int | None = None  # the keyboard's cursor (drawn over everything)


def _blit_centered(surface: pygame.Surface, sprite: pygame.Surface, centre: Point) -> pygame.Rect:
    return surface.blit(
        sprite, (centre[0] - sprite.get_width() / 2, centre[1] - sprite.get_height() / 2)
    )


def _island_glow(art: BoardArt, surface: pygame.Surface, island: int, rgb: Rgb, alpha: int) -> None:
    mask, (left, top) = art.island_masks[island]
    tint = mask.copy()
    tint.fill((*rgb, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    ox, oy = art.origin
    surface.blit(tint, (left + ox, top + oy))


@dataclass
class _Frames:
    """What :func:`draw_board` keeps from one frame to the next."""

    #: The board last drawn on a table without its pegs in the air and its cursor, while
    #: it stays the same: ``(art, picture, table, pixels)``.  An idle frame, or one of a
    #: move's flight, is then one copy and the moving peg (a 4K board has a hundred pegs
    #: and trays).
    kept: tuple[BoardArt, BoardPicture, pygame.Surface, pygame.Surface] | None = None
    #: What the frame before drew: ``(art, picture, table)``.  A board is kept once it has
    #: been drawn the same twice in a row, so that a changing one costs no extra copy.
    previous: tuple[BoardArt, BoardPicture, pygame.Surface | None] | None = None
    #: The window the kept board was last copied onto, and where the pegs in the air and
    #: the cursor were drawn over it then: ``(surface, kept, parts)``.
    shown: tuple[pygame.Surface, object, list[pygame.Rect]] | None = None


_frames = _Frames()


def forget_frames() -> None:
    """Keep nothing from the frames drawn so far: the next one is drawn whole."""
    global _frames
    _frames = _Frames()


def draw_board(
    surface: pygame.Surface,
    art: BoardArt,
    picture: BoardPicture,
    table: pygame.Surface | None = None,
    untouched: bool = False,
) -> None:
    """Paint the board and ``picture`` onto ``surface`` (the window) at the layout's place;
    with ``table`` (the window's picture under the board), the board is laid on it here,
    and the table need not be drawn under the board first.

    ``untouched``: nothing else has drawn over the board's part of ``surface`` since this
    board was drawn there last (no window, card or tip over it).  Then, while the board
    stays the same, only the parts where pegs moved are drawn again: a 4K window's board
    is not copied whole each frame."""
    still = replace(picture, floating=(), cursor=None)
    frames = _frames
    kept, shown = frames.kept, frames.shown
    if table is not None and kept is not None and _same(kept[:3], (art, still, table)):
        if untouched and shown is not None and shown[0] is surface and shown[1] is kept:
            ox, oy = art.origin
            for part in shown[2]:  # the board again where the pegs in the air were
                surface.blit(kept[3], part, part.move(-ox, -oy))
        else:
            surface.blit(kept[3], art.origin)
    else:
        _draw_still(surface, art, still, table)
        area = pygame.Rect(art.origin, art.static.get_size()).clip(surface.get_rect())
        if table is not None and _same(frames.previous, (art, still, table)):
            frames.kept = (art, still, table, surface.subsurface(area).copy())
    frames.previous = (art, still, table)
    parts = _draw_moving(surface, art, picture)
    kept = frames.kept
    on_window = kept is not None and _same(kept[:3], (art, still, table))
    frames.shown = (surface, kept, parts) if on_window else None


def _same(
    earlier: tuple[BoardArt, BoardPicture, pygame.Surface | None] | None,
    now: tuple[BoardArt, BoardPicture, pygame.Surface | None],
) -> bool:
    """Whether ``earlier`` is the same art and table (the very ones) and an equal picture."""
    return (
        earlier is not None
        and earlier[0] is now[0]
        and earlier[2] is now[2]
        and earlier[1] == now[1]
    )


def _draw_still(
    surface: pygame.Surface, art: BoardArt, picture: BoardPicture, table: pygame.Surface | None
) -> None:
    """Everything but the pegs in the air and the keyboard's cursor."""
    layout = art.layout
    ox, oy = art.origin
    # The static layer, with the islands' letters when the coordinates are shown.
    if table is not None:
        surface.blit(art.on_table(table, picture.coordinates), (ox, oy))
    else:
        surface.blit(art.lettered if picture.coordinates else art.static, (ox, oy))
    side = layout.side

    # Islands under control: tinted in the controller's colour, the line drawn in it.
    for color, pegs in ((Color.FIRE, picture.fire), (Color.ICE, picture.ice)):
        for island in range(7):
            points = (pegs >> (7 * island)) & 127
            if not (picture.show_control and HAS_LINE[points]):
                continue
            _island_glow(art, surface, island, GLOW[color], GLOW_ALPHA[color])
            a, _, c = sorted(layout.holes[island * 7 + p] for p in LINES[LINE_OF[points]])
            if LINE_OF[points] == 6:  # the circle
                pygame.draw.circle(
                    surface,
                    GLOW[color],
                    layout.holes[island * 7 + 3],
                    INCIRCLE * HOLE_SPREAD * side,
                    max(2, int(side * 0.007)),
                )
            else:
                pygame.draw.line(surface, GLOW[color], a, c, max(2, int(side * 0.008)))

    # The winning line of islands.
    if picture.winning_islands is not None and picture.winner is not None:
        rgb = GLOW[picture.winner]
        islands = picture.winning_islands
        line_index = LINES.index(tuple(islands)) if tuple(islands) in LINES else -1
        width = max(4, int(side * 0.016))
        if picture.lit >= len(islands):  # the line once its islands are all lit
            if line_index == 6:
                pygame.draw.circle(surface, rgb, layout.centre, INCIRCLE * side, width)
            else:
                ends = sorted(layout.island_centres[i] for i in islands)
                pygame.draw.line(surface, rgb, ends[0], ends[2], width)
        for island in islands[: picture.lit]:
            _island_glow(art, surface, island, (255, 255, 210), 40)
            pygame.draw.polygon(
                surface, rgb, layout.island_corners[island], max(3, int(side * 0.008))
            )

    # The last move: a ring where the peg came from and one where it went, edged in dark
    # wood so that they show on the light islands, and the trail between (within one
    # island, bold, and bent round beside the two holes when they are near).
    if picture.last_move is not None:
        src, dst = picture.last_move
        ring = layout.peg_radius * 1.32
        island = src // 7
        within = layout.holes[island * 7 : island * 7 + 7] if dst // 7 == island else ()
        draw_trail(
            surface, layout.holes[src], layout.holes[dst], layout.peg_radius, MARK_RGB, within
        )
        for hole, width in ((src, max(2, int(side * 0.004))), (dst, max(3, int(side * 0.007)))):
            pygame.draw.circle(surface, TRAIL_EDGE, layout.holes[hole], ring + 1, width + 2)
            pygame.draw.circle(surface, MARK_RGB, layout.holes[hole], ring, width)

    for hole in picture.marked:  # a ring clear of the peg, bold enough to see at a glance
        pygame.draw.circle(
            surface,
            (255, 120, 80),
            layout.holes[hole],
            layout.peg_radius * 1.36,
            max(3, int(side * 0.009)),
        )

    # Coordinates: the number of every empty hole (a peg covers its own).
    if picture.coordinates:
        empty = ~(picture.fire | picture.ice) | picture.hidden
        for hole, centre in enumerate(layout.holes):
            if empty >> hole & 1 and not picture.targets >> hole & 1:
                _blit_centered(surface, art.number(hole), centre)

    # Pegs in their holes.
    shadow_shift = layout.peg_radius * 0.16
    for color, pegs in ((Color.FIRE, picture.fire), (Color.ICE, picture.ice)):
        pegs &= ~picture.hidden
        sprite = art.pegs[color]
        for hole, (hx, hy) in enumerate(layout.holes):
            if pegs >> hole & 1:
                _blit_centered(surface, art.shadow, (hx + shadow_shift, hy + shadow_shift * 1.4))
                _blit_centered(surface, sprite, (hx, hy))

    # Legal destinations of the picked-up peg.
    if picture.targets:
        for hole, centre in enumerate(layout.holes):
            if picture.targets >> hole & 1:
                pygame.draw.circle(
                    surface,
                    TARGET_RGB,
                    centre,
                    layout.hole_radius * 0.95,
                    max(2, int(side * 0.005)),
                )
                if picture.coordinates:  # its number, in the mark's colour
                    _blit_centered(surface, art.number(hole, TARGET_RGB), centre)
                else:
                    pygame.draw.circle(surface, TARGET_RGB, centre, layout.hole_radius * 0.35)

    if picture.selected is not None and not picture.hidden >> picture.selected & 1:
        pygame.draw.circle(
            surface,
            TARGET_RGB,
            layout.holes[picture.selected],
            layout.peg_radius * 1.25,
            max(2, int(side * 0.005)),
        )

    if picture.played is not None and picture.played != picture.hint:
        src, dst = picture.played
        draw_arrow(surface, layout.holes[src], layout.holes[dst], layout.peg_radius, PLAYED_COLOUR)
    if picture.hint is not None:
        src, dst = picture.hint
        draw_arrow(surface, layout.holes[src], layout.holes[dst], layout.peg_radius)

    # The supply pockets: the pegs left, lying in their tray, and their count.
    if picture.supplies is not None:
        for color, count, rect in zip(Color, picture.supplies, layout.pockets, strict=True):
            _draw_pocket_pegs(surface, art, color, count, rect, picture.counts)


def _draw_moving(
    surface: pygame.Surface, art: BoardArt, picture: BoardPicture
) -> list[pygame.Rect]:
    """The pegs in the air (moving or held), drawn last with a longer shadow, and the
    keyboard's cursor over everything; the parts of ``surface`` they were drawn in."""
    layout = art.layout
    shadow_shift = layout.peg_radius * 0.16
    parts = []
    for color, (fx, fy), lifted in picture.floating:
        if lifted:
            shadow, sprite = art.lifted_shadow, art.lifted[color]
            below = (fx + layout.peg_radius * 0.5, fy + layout.peg_radius * 0.8)
        else:
            shadow, sprite = art.shadow, art.pegs[color]
            below = (fx + shadow_shift, fy + shadow_shift * 1.4)
        parts.append(_blit_centered(surface, shadow, below))
        parts.append(_blit_centered(surface, sprite, (fx, fy)))
    if picture.cursor is not None:
        parts.append(draw_cursor(surface, layout.holes[picture.cursor], layout.peg_radius * 1.6))
    return [part.inflate(2, 2) for part in parts]  # the edges' smoothing, to the last pixel


def pocket_slot(layout: BoardLayout, color: Color, index: int) -> Point:
    """Where the ``index``-th peg lies in ``color``'s pocket (two rows of up to 13)."""
    x, y, w, h = layout.pockets[color.value]
    per_row = 13
    row, col = divmod(index, per_row)
    step = (w - h * 0.4) / per_row
    return (x + h * 0.2 + step * (col + 0.5), y + h * (0.32 + 0.36 * row))


def _draw_pocket_pegs(
    surface: pygame.Surface,
    art: BoardArt,
    color: Color,
    count: int,
    rect: tuple[int, int, int, int],
    counted: bool = True,
) -> None:
    sprite = art.pocket_pegs[color]
    for index in range(min(count, 26)):
        _blit_centered(surface, sprite, pocket_slot(art.layout, color, index))
    if not counted:
        return
    x, y, w, h = rect
    label = font(max(9, int(h * 0.3))).render(str(count), True, (255, 244, 220))
    badge = pygame.Rect(0, 0, label.get_width() + h * 0.3, label.get_height())
    badge.midleft = (x + w + h * 0.12, y + h / 2) if color is Color.FIRE else (0, 0)
    if color is Color.ICE:
        badge.midright = (x - h * 0.12, y + h / 2)
    pygame.draw.rect(surface, (70, 38, 16), badge, border_radius=badge.height // 2)
    surface.blit(label, label.get_rect(center=badge.center))


__all__ = ["BoardPicture", "draw_board", "forget_frames", "pocket_slot"]
