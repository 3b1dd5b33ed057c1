"""Fire & Ice's drawings on the Rules screen: the wooden board (or one island of it), drawn
small by the game's own renderer, for the chapters on the board, a turn, control, winning,
the handicap, the solitaire and the pegs' colour-blind marks (:data:`DRAWINGS`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

import pygame

from ....engine.games.fireice.board import LINES, REACH, hole_name, parse_hole
from ....engine.games.fireice.rules import Color, Position, random_handicap
from ....engine.games.fireice.solitaire import SolitairePosition
from ...frame.rules_drawings import DrawingSet, no_drawings
from ...toolkit.art import cover, font, soft_blur, texture
from ...toolkit.drawing import draw_arrow
from ...toolkit.language import side_name, tr
from ...toolkit.scaling import px
from .art import peg_sprite
from .board import BoardPicture, draw_board
from .board_art import BoardArt, board_art
from .island_letters import Box, letter_boxes
from .layout import ISLAND_SIDE, BoardLayout

ISLANDS = "ABCDEFG"
#: The seven lines of an island: (the kind of line, a key of ``drawings``; its holes).
POINT_LINE_NAMES = (
    ("edge", "1-2-5"),
    ("edge", "1-3-7"),
    ("edge", "5-6-7"),
    ("median", "1-4-6"),
    ("median", "5-4-3"),
    ("median", "7-4-2"),
    ("circle", "2-3-6"),
)


def _line_pegs(island: int, line: int) -> int:
    """The three holes of ``line`` on ``island``, as a bitboard."""
    return sum(1 << (island * 7 + point) for point in LINES[line])


# --- drawing --------------------------------------------------------------------------


@dataclass(frozen=True)
class Drawing:
    """One small picture on a rules page: the board (or one island of it) and a caption."""

    caption: str
    picture: BoardPicture
    island: int | None = None  # draw only this island, enlarged
    labels: tuple[tuple[int, str], ...] = ()  # text written on holes (hole, text)
    island_labels: bool = False  # write A..G beside the islands
    arrows: tuple[tuple[int, int], ...] = ()  # (from hole, to hole)

    def render(self, size: tuple[int, int]) -> pygame.Surface:
        """The drawing rendered to fit ``size`` (the caption is drawn by the caller)."""
        return _render(self, size)


def _art(size: tuple[int, int]) -> BoardArt:
    return board_art((0, 0, *size), pockets=None)


def _render(drawing: Drawing, size: tuple[int, int]) -> pygame.Surface:
    """``drawing`` rendered to fit ``size`` (the caption is drawn by the caller)."""
    if drawing.island is None:
        art = _art(size)
        surface = pygame.Surface(size, pygame.SRCALPHA)
        draw_board(surface, art, drawing.picture)
        shift = (0.0, 0.0)
    else:
        surface, art, shift = _island_close_up(drawing, size)
    layout = art.layout

    def at(point: tuple[float, float]) -> tuple[float, float]:
        return (point[0] + shift[0], point[1] + shift[1])

    for src, dst in drawing.arrows:
        draw_arrow(surface, at(layout.holes[src]), at(layout.holes[dst]), layout.peg_radius)
    label_font = font(max(10, int(layout.peg_radius * 1.1)))
    for hole, text in drawing.labels:
        _outlined(surface, label_font, text, at(layout.holes[hole]))
    if drawing.island_labels:
        face = letter_font(layout)
        for letter, (x, y, _, _) in zip(ISLANDS, letter_boxes_of(layout), strict=True):
            ink = face.render(letter, True, (0, 0, 0)).get_bounding_rect()
            # The letter's ink, with its outline a pixel round it, fills its box.
            topleft = at((x + 1 - ink.x, y + 1 - ink.y))
            _outlined(surface, face, letter, topleft, corner=True)
    return surface


def letter_font(layout: BoardLayout) -> pygame.font.Font:
    """The islands' letters' font in a drawing of the board."""
    return font(max(12, int(layout.side * 0.07)))


def letter_boxes_of(layout: BoardLayout) -> tuple[Box, ...]:
    """Where the islands' letters go in a drawing of the whole board (their outlined
    text's boxes, a pixel of outline round it): beside each island, on bare wood."""
    sizes = []
    for letter in ISLANDS:
        ink = letter_font(layout).render(letter, True, (0, 0, 0)).get_bounding_rect()
        sizes.append((ink.width + 2.0, ink.height + 2.0))
    return letter_boxes(layout, sizes, pockets=False, outward=True)


def _island_close_up(
    drawing: Drawing, size: tuple[int, int]
) -> tuple[pygame.Surface, BoardArt, tuple[float, float]]:
    """One island filling ``size``, alone on plain wood; returns the art and the offset."""
    width, height = size
    assert drawing.island is not None
    # A board large enough that one island fills ``size``...
    island_px = min(width, height * 1.1547) * 0.9
    board_side = island_px / ISLAND_SIDE
    art = _art((int(board_side * 1.43), int(board_side * 1.26)))
    full = pygame.Surface(art.static.get_size(), pygame.SRCALPHA)
    draw_board(full, art, drawing.picture)
    # ...cut out around the island, its shadow fading into the plain wood around it.
    corners = art.layout.island_corners[drawing.island]
    cx = sum(p[0] for p in corners) / 3
    cy = sum(p[1] for p in corners) / 3
    middle = (min(p[1] for p in corners) + max(p[1] for p in corners)) / 2
    crop = pygame.Rect(0, 0, width, height)
    crop.center = (int(cx), int(middle + island_px * 0.02))
    shift = (-crop.x, -crop.y)
    mask = pygame.Surface(size, pygame.SRCALPHA)
    grown = [
        (cx + (px - cx) * 1.1 + shift[0], cy + (py - cy) * 1.1 + shift[1]) for px, py in corners
    ]
    pygame.draw.polygon(mask, (255, 255, 255, 255), grown)
    mask = soft_blur(mask, max(2, int(island_px * 0.03)))
    cut = pygame.Surface(size, pygame.SRCALPHA)
    cut.blit(full, shift)
    cut.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surface = cover(texture("wood_board.jpg"), size).convert_alpha()
    surface.blit(cut, (0, 0))
    return surface, art, (float(shift[0]), float(shift[1]))


def _outlined(
    surface: pygame.Surface,
    face: pygame.font.Font,
    text: str,
    centre: tuple[float, float],
    corner: bool = False,
) -> None:
    """Light text with a dark outline, readable on wood and on pegs, centred on ``centre``
    (``corner``: its top left corner there)."""
    dark = face.render(text, True, (40, 20, 6))
    light = face.render(text, True, (255, 246, 225))
    where = (round(centre[0]), round(centre[1]))
    rect = light.get_rect(topleft=where) if corner else light.get_rect(center=where)
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
        surface.blit(dark, rect.move(dx, dy))
    surface.blit(light, rect)


# --- the sets of drawings ----------------------------------------------------------


def _board_drawings() -> tuple[Drawing, ...]:
    numbers = tuple((3 * 7 + k, str(k + 1)) for k in range(7))
    empty = BoardPicture(0, 0, show_control=False)
    return (
        Drawing(tr("drawings.islands"), empty, island_labels=True),
        Drawing(tr("drawings.holes"), empty, island=3, labels=numbers),
    )


def _turn_drawings() -> tuple[Drawing, ...]:
    start = Position.start()
    d4 = parse_hole("D4")
    targets = REACH[d4] & ~start.occupied
    after = start.play("D4-C4")
    return (
        Drawing(
            tr("drawings.picks_up"),
            BoardPicture(start.fire, start.ice, selected=d4, targets=targets),
        ),
        Drawing(
            tr("drawings.plays"),
            BoardPicture(after.fire, after.ice, last_move=(d4, parse_hole("C4"))),
            arrows=((d4, parse_hole("C4")),),
        ),
    )


def _control_drawings() -> tuple[Drawing, ...]:
    drawings = []
    for line, (kind, holes) in enumerate(POINT_LINE_NAMES):
        pegs = _line_pegs(3, line)
        picture = BoardPicture(pegs, 0) if line % 2 == 0 else BoardPicture(0, pegs)
        drawings.append(Drawing(tr(f"drawings.{kind}", holes=holes), picture, island=3))
    return tuple(drawings)


def _win_drawings() -> tuple[Drawing, ...]:
    drawings = []
    for line, islands in enumerate(LINES):
        winner = Color.FIRE if line % 2 == 0 else Color.ICE
        pegs = 0
        for k, island in enumerate(islands):
            pegs |= _line_pegs(island, (line + 2 * k) % 7)
        fire, ice = (pegs, 0) if winner is Color.FIRE else (0, pegs)
        name = "-".join(ISLANDS[i] for i in islands)
        picture = BoardPicture(fire, ice, winning_islands=islands, winner=winner)
        drawings.append(Drawing(tr("drawings.wins", side=side_name(winner), islands=name), picture))
    return tuple(drawings)


def _handicap_drawings() -> tuple[Drawing, ...]:
    holes = random_handicap(4, 42)
    start = Position.start(holes)
    return (
        Drawing(
            tr(
                "drawings.extra_pegs",
                count=len(holes),
                holes=", ".join(hole_name(h) for h in sorted(holes)),
            ),
            BoardPicture(start.fire, start.ice, marked=tuple(holes)),
        ),
    )


def _solitaire_drawings() -> tuple[Drawing, ...]:
    deal = SolitairePosition.deal(1)
    moves = deal.legal_moves()
    src = moves[0].src
    targets = sum(1 << move.dst for move in moves if move.src == src)
    colour = "red" if deal.fire >> src & 1 else "aqua"
    return (
        Drawing(
            tr(f"drawings.deal_{colour}", deal=1, hole=hole_name(src)),
            BoardPicture(deal.fire, deal.ice, selected=src, targets=targets, show_control=False),
        ),
    )


def _pegs_key() -> tuple[tuple[pygame.Surface, str], ...]:
    """Large Fire and Ice pegs with their marks, for the colour-blind note."""
    return ((big_peg(Color.FIRE), tr("rules.fire_peg")), (big_peg(Color.ICE), tr("rules.ice_peg")))


#: The sets of drawings, by the names that the chapters of the rules source give them.
DRAWINGS: Mapping[str, DrawingSet] = MappingProxyType(
    {
        "board": DrawingSet(_board_drawings, columns=1),
        "turn": DrawingSet(_turn_drawings, columns=1),
        "control": DrawingSet(_control_drawings),
        "winning": DrawingSet(_win_drawings),
        "handicap": DrawingSet(_handicap_drawings, columns=1),
        "solitaire": DrawingSet(_solitaire_drawings, columns=1),
        "pegs": DrawingSet(no_drawings, key=_pegs_key),
    }
)


def big_peg(color: Color) -> pygame.Surface:
    """A large peg of ``color`` with its colour-blind mark, for the key to the pegs."""
    return _peg_of_radius(color, px(34))


@cache
def _peg_of_radius(color: Color, radius: int) -> pygame.Surface:
    return peg_sprite(color, radius)


__all__ = ["DRAWINGS", "Drawing", "big_peg"]
