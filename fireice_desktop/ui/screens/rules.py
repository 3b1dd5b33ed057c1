"""The Rules screen: the rules of RULES.md in chapters, each with drawings of the real board.

The drawings are the game's own board renderer at a small size, so what a player
reads about looks exactly like what they will play on.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import pygame
import pygame_gui

from ...engine.games.fireice.board import LINES, REACH, hole_name, parse_hole
from ...engine.games.fireice.rules import Color, Position, random_handicap
from ...engine.games.fireice.solitaire import SolitairePosition
from ...engine.games.icebreaker.board import DEFAULT_SIZE
from ...engine.games.icebreaker.rules import IcebreakerPosition
from ..board_view import (
    BoardArt,
    BoardPicture,
    _cover,
    _peg_sprite,
    _texture,
    board_art,
    draw_arrow,
    draw_board,
    font,
)
from ..hex_view import SeaArt, SeaPicture, draw_sea, sea_art
from ..layout import ISLAND_SIDE
from ..navigation import Context
from ..scene import Scene, backdrop, button, shaded_panel

TEXT_RGB = (251, 233, 207)
DECISION = '<font color="#ffc66e"><b>Decision:</b></font>'
ISLANDS = "ABCDEFG"
POINT_LINE_NAMES = (
    "edge 1-2-5",
    "edge 1-3-7",
    "edge 5-6-7",
    "median 1-4-6",
    "median 5-4-3",
    "median 7-4-2",
    "circle 2-3-6",
)


def _line_pegs(island: int, line: int) -> int:
    """The three holes of ``line`` on ``island``, as a bitboard."""
    return sum(1 << (island * 7 + point) for point in LINES[line])


# --- drawings ------------------------------------------------------------------------


@dataclass(frozen=True)
class Drawing:
    """One small picture on a rules page: a board (or one island of it) and a caption."""

    caption: str
    picture: BoardPicture | SeaPicture  # a SeaPicture draws Icebreaker's side-5 sea
    island: int | None = None  # draw only this island, enlarged
    labels: tuple[tuple[int, str], ...] = ()  # text written on holes (hole, text)
    island_labels: bool = False  # write A..G beside the islands
    arrows: tuple[tuple[int, int], ...] = ()  # (from hole, to hole)


#: Width over height of a drawing: the board without its pockets, or one island.
ASPECT = 1.12


def _art(size: tuple[int, int]) -> BoardArt:
    return board_art((0, 0, *size), pockets=None)


def _sea_art(size: tuple[int, int]) -> SeaArt:
    return sea_art((0, 0, *size), DEFAULT_SIZE)


def render_drawing(drawing: Drawing, size: tuple[int, int]) -> pygame.Surface:
    """``drawing`` rendered to fit ``size`` (the caption is drawn by the caller)."""
    if isinstance(drawing.picture, SeaPicture):
        sea = pygame.Surface(size, pygame.SRCALPHA)
        draw_sea(sea, _sea_art(size), drawing.picture)
        return sea
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
        letter_font = font(max(12, int(layout.side * 0.07)))
        for island, (ix, iy) in enumerate(layout.island_centres):
            corner = layout.island_corners[island][1]  # bottom-left
            point = (corner[0] + (ix - corner[0]) * 0.05, iy - layout.side * 0.11)
            _outlined(surface, letter_font, ISLANDS[island], at(point))
    return surface


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
    mask = pygame.transform.gaussian_blur(mask, max(2, int(island_px * 0.03)))
    cut = pygame.Surface(size, pygame.SRCALPHA)
    cut.blit(full, shift)
    cut.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surface = _cover(_texture("wood_board.jpg"), size).convert_alpha()
    surface.blit(cut, (0, 0))
    return surface, art, (float(shift[0]), float(shift[1]))


def _outlined(
    surface: pygame.Surface, face: pygame.font.Font, text: str, centre: tuple[float, float]
) -> None:
    """Light text with a dark outline, readable on wood and on pegs."""
    dark = face.render(text, True, (40, 20, 6))
    light = face.render(text, True, (255, 246, 225))
    rect = light.get_rect(center=(int(centre[0]), int(centre[1])))
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
        surface.blit(dark, rect.move(dx, dy))
    surface.blit(light, rect)


# --- the chapters ----------------------------------------------------------------------


@dataclass(frozen=True)
class Chapter:
    title: str
    text: str
    drawings: Callable[[], tuple[Drawing, ...]]
    columns: int | None = None  # None: chosen to fit
    pegs_key: bool = False  # show the two pegs with their colour-blind marks


def _board_drawings() -> tuple[Drawing, ...]:
    numbers = tuple((3 * 7 + k, str(k + 1)) for k in range(7))
    empty = BoardPicture(0, 0, show_control=False)
    return (
        Drawing("The seven islands, A to G", empty, island_labels=True),
        Drawing("The holes of an island, 1 to 7", empty, island=3, labels=numbers),
    )


def _turn_drawings() -> tuple[Drawing, ...]:
    start = Position.start()
    d4 = parse_hole("D4")
    targets = REACH[d4] & ~start.occupied
    after = start.play("D4-C4")
    return (
        Drawing(
            "Fire picks up D4: the marked holes are its moves",
            BoardPicture(start.fire, start.ice, selected=d4, targets=targets),
        ),
        Drawing(
            "Fire plays D4-C4; Ice's peg fills D4",
            BoardPicture(after.fire, after.ice, last_move=(d4, parse_hole("C4"))),
            arrows=((d4, parse_hole("C4")),),
        ),
    )


def _control_drawings() -> tuple[Drawing, ...]:
    drawings = []
    for line, name in enumerate(POINT_LINE_NAMES):
        pegs = _line_pegs(3, line)
        picture = BoardPicture(pegs, 0) if line % 2 == 0 else BoardPicture(0, pegs)
        drawings.append(Drawing(name, picture, island=3))
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
        drawings.append(Drawing(f"{winner.title} wins: {name}", picture))
    return tuple(drawings)


def _handicap_drawings() -> tuple[Drawing, ...]:
    holes = random_handicap(4, 42)
    start = Position.start(holes)
    return (
        Drawing(
            f"Fire with 4 extra pegs: {', '.join(hole_name(h) for h in sorted(holes))}",
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
            f"Deal 1: the {colour} peg on {hole_name(src)} can capture the marked pegs",
            BoardPicture(deal.fire, deal.ice, selected=src, targets=targets, show_control=False),
        ),
    )


def _no_drawings() -> tuple[Drawing, ...]:
    return ()


def _icebreaker_drawings() -> tuple[Drawing, ...]:
    start = IcebreakerPosition.start()
    # A game some way in (a fixed random game), where a ship's shortest way to the
    # nearest iceberg has to go round other ships or has several equal ways.
    position = start
    rng = random.Random(11)
    for _ in range(46):
        position = position.play_unchecked(rng.choice(position.legal_moves()))
    board = position.board
    far = max(
        board.cells_of(position.ships(position.to_move)),
        key=lambda cell: (position.distance(cell) or 0, len(board.cells_of(position.steps(cell)))),
    )
    steps = position.steps(far)
    paths = tuple(tuple(position.path(far, cell)) for cell in board.cells_of(steps))
    name = board.name(far)
    return (
        Drawing(
            "The start: Red on a1, e9 and i1, Black on a5, e1 and i5",
            SeaPicture(start.red, start.black, start.icebergs),
        ),
        Drawing(
            f"{position.to_move.title} to move: the ship on {name} may take the "
            f"orange dot{'s' if len(paths) > 1 else ''}, along the way to its nearest iceberg",
            SeaPicture(
                position.red,
                position.black,
                position.icebergs,
                selected=far,
                targets=steps,
                paths=paths,
            ),
        ),
    )


CHAPTERS: tuple[Chapter, ...] = (
    Chapter(
        "The board",
        "<b>Fire &amp; Ice</b> is a game for two: <b>Fire</b> (red pegs) against <b>Ice</b> "
        "(aqua pegs). Each player owns 25 pegs; the pegs not on the board are the player's "
        "<b>supply</b>, kept in the pockets at the top of the board.<br><br>"
        "The board has <b>seven triangular islands</b>, each with <b>seven holes</b>: 49 holes "
        "in all. The islands are named A to G: A at the top, B and C half-way down the sides, "
        "D in the centre, E, F and G along the bottom. The holes of every island are numbered "
        "the same way, 1 to 7: 1 at the top corner, 2 and 3 half-way down the sides, 4 in the "
        "centre, 5, 6 and 7 along the bottom edge.<br><br>"
        "A hole is named by its island and its number: <b>D4</b> is the centre hole of the centre "
        "island. A move is written <b>from-to</b>: <b>F6-C6</b> moves the peg on F6 to C6.<br><br>"
        "<b>The seven lines.</b> On every island seven lines are engraved between the holes: the "
        "three edges (1-2-5, 1-3-7, 5-6-7), the three medians through the centre (1-4-6, 5-4-3, "
        "7-4-2) and the circle (2-3-6). The same seven lines join the islands: A-B-E, A-C-G, "
        "E-F-G, A-D-F, E-D-C, G-D-B and the circle B-C-F. Any two lines meet in exactly one "
        "hole (or island).",
        _board_drawings,
        columns=1,
    ),
    Chapter(
        "A turn",
        "<b>The start.</b> Fire's first peg stands on D4 (Fire's supply 24, Ice's 25). "
        "Fire moves first; then the players take turns.<br><br>"
        "<b>A turn has two parts</b>, and passing is not allowed:<br>"
        "<b>1.</b> Move one of your own pegs to an <b>empty</b> hole, either anywhere on the "
        "<b>same island</b>, or to the <b>same hole number on another island</b> (F6-C6).<br>"
        "<b>2.</b> A peg from your <b>opponent's</b> supply is put into the hole you just left.<br>"
        "<br>So every turn puts one more peg on the board, and the board fills up.<br><br>"
        f"{DECISION} if your opponent's supply is empty, the hole you left stays empty. "
        "(This can only happen in a handicap game.)<br><br>"
        f"{DECISION} a player who has to move but has no legal move loses. (This never happens "
        "in a game played from the start, with or without handicap; it only matters for "
        "positions set up by hand.)",
        _turn_drawings,
        columns=1,
    ),
    Chapter(
        "Control",
        "<b>Controlling an island.</b> You control an island while <b>three of your pegs stand "
        "on one of its seven lines</b>: an edge, a median or the circle. The other holes of "
        "the island do not matter.<br><br>"
        "Control belongs to the position: it is looked at again after every turn, so an island "
        "can change hands, or belong to nobody, as pegs move. Two players can never control the "
        "same island, because any two lines of an island share a hole.<br><br>"
        "On the board an island you control glows in your colour, with its line drawn. The "
        "seven ways to control an island are shown here.",
        _control_drawings,
    ),
    Chapter(
        "Winning",
        "<b>You win at once when you control three islands on one line</b>: one of A-B-E, "
        "A-C-G, E-F-G, A-D-F, E-D-C, G-D-B, or the circle B-C-F. It is checked after both "
        "parts of every turn.<br><br>"
        f"{DECISION} a turn can hand the win to the opponent: if the peg put into the hole you "
        "left completes your opponent's line, your opponent wins. Both players can never win at "
        "once.<br><br>"
        "<b>No draws.</b> Every game ends with a winner. Without a handicap the board is full "
        "after 48 turns, and a full board always has a winner, so a game lasts at most 24 moves "
        "each. A position can never repeat, so no repetition rule is needed.",
        _win_drawings,
    ),
    Chapter(
        "Handicap",
        "A stronger player can give a weaker one a head start.<br><br>"
        f"{DECISION} one side (the weaker player's; Fire unless you choose Ice) receives "
        "<b>1 to 6 extra pegs</b> before play, taken from that side's supply: <b>at most one "
        "per island, and none on island D</b> (D4 already holds Fire's first peg). Any hole of "
        "those islands may be used. Fire still moves first.<br><br>"
        "On the <b>Handicap game</b> screen you place the extra pegs by clicking holes, or let "
        "the game place them at random. A random set-up comes from a <b>seed</b> number shown "
        "on the screen: the same seed gives the same set-up, so a set-up can be repeated.",
        _handicap_drawings,
        columns=1,
    ),
    Chapter(
        "Solitaire",
        "The boxed edition's puzzle for one player.<br><br>"
        "<b>Set-up.</b> 14 red and 14 aqua pegs stand at random on the 49 holes.<br><br>"
        "<b>A move</b> moves one peg, by the usual rule (same island, or same hole number on "
        "another island), onto a hole that holds a peg of the <b>other colour</b>, which is "
        "removed. Moving into an empty hole is not allowed.<br><br>"
        "<b>The colours take turns.</b> "
        f"{DECISION} either colour may make the first move; after it they alternate.<br><br>"
        "<b>The end.</b> The game ends when the colour to move has no capture. You win if "
        "<b>exactly one peg</b> is left: 27 moves, and the last peg has the colour that moved "
        "first.<br><br>"
        f"{DECISION} every set-up has a <b>deal number</b> from 1 to 1,000,000, so the same "
        "puzzle can be played again or given to a friend: type it in the Deal box.",
        _solitaire_drawings,
        columns=1,
    ),
    Chapter(
        "Icebreaker",
        "<b>Icebreaker</b> by Mark Steere is a second game for two: <b>Red</b> against "
        "<b>Black</b>, three ships each, on a sea of hexagons. Every other cell holds a white "
        "<b>iceberg</b>.<br><br>"
        "<b>The board.</b> Choose a board of side 4 to 8 (side 5 has 61 cells and 55 "
        "icebergs). Rows are lettered from the top (a to i on side 5) and cells numbered from "
        "the left in each row, so <b>a1</b> is the top-left corner and <b>e9</b> the right "
        "corner. A move is written from-to: <b>a1-b2</b>.<br><br>"
        "<b>A turn.</b> Red moves first; then the players take turns. Move one of your ships "
        "one step to a neighbouring cell without a ship, and the step must bring that ship "
        "<b>one step closer to its nearest iceberg</b>. Distance counts the cells along the "
        "shortest way <b>round the other ships</b>; icebergs do not block. When several "
        "icebergs are equally near, or several ways are equally short, any of those steps "
        "is allowed. A ship next to an iceberg must therefore capture one.<br><br>"
        "<b>Capturing.</b> Moving onto an iceberg captures it: one point.<br><br>"
        "<b>Winning.</b> The first to capture <b>more than half</b> of the icebergs wins "
        "(28 of 55 on side 5). The number of icebergs is always odd, so there are no draws."
        "<br><br>"
        f"{DECISION} a player with no legal move <b>passes</b> (ships walled in by other "
        "ships); this is the only time passing happens.<br><br>"
        "<b>Playing here.</b> Click a ship: orange dots mark the cells it may step to, and "
        "an orange line shows its shortest way to the nearest iceberg, as on Mark Steere's "
        "rule sheet. Click a dot or drag the ship there. The panel shows both scores and "
        "how many icebergs win.",
        _icebreaker_drawings,
        columns=1,
    ),
    Chapter(
        "Playing here",
        "<b>Moving a peg.</b> Click one of your pegs to pick it up: every hole it can move to "
        "is marked. Click a marked hole to move there, or drag the peg to it. Click the peg "
        "again, click the wood or press Esc to put it back.<br><br>"
        "<b>Telling the pegs apart.</b> Fire's pegs carry a triangle and Ice's pegs a star, "
        "so the colours can be told apart without seeing red and aqua.<br><br>"
        "<b>The move list</b> shows every move. Click a move to look at the board as it was "
        "then; no moves can be made until you go back to the game.<br><br>"
        "<b>Your games are kept.</b> The game is saved after every move, so after closing "
        "the window (or a crash) <b>Continue</b> on the menu brings it back as it was. "
        "<b>Save</b> keeps a game in a file of your choice (a name ending in .txt saves it as "
        "text), <b>Open</b> reads it back, and <b>Text</b> shows the game in pbmserv notation "
        "to copy into a message, or takes one pasted from a message.<br><br>"
        "<b>Keys</b><br>"
        "Ctrl+Z: undo a move<br>"
        "Ctrl+Y or Ctrl+Shift+Z: redo<br>"
        "Left / Right: step back / forward through the moves<br>"
        "End: back to the game after looking at a move<br>"
        "H: a hint: the move the strongest computer level would play, or in the solitaire "
        "the next move of a winning line (or how many moves to undo to get one back)<br>"
        "N: new game (new deal in the solitaire)<br>"
        "Ctrl+S: save the game · Ctrl+O: open a saved game · T: the game as text<br>"
        "Esc: put a peg back, or go back (to the menu, where Continue returns to the game)<br>"
        "F11: full screen on or off<br><br>"
        "Sound, the marks for legal moves, the animation speed, full screen and whether new "
        "solitaire deals are always solvable can be changed on the <b>Settings</b> screen.",
        _no_drawings,
        pegs_key=True,
    ),
)


#: The Icebreaker chapter, which Icebreaker's set-up card opens.
ICEBREAKER_CHAPTER = next(i for i, c in enumerate(CHAPTERS) if c.title == "Icebreaker")


class RulesScene(Scene):
    """Chapters on the left; the chosen chapter's text and drawings on the right."""

    title = "Rules"

    def __init__(self, ctx: Context, chapter: int = 0) -> None:
        super().__init__(ctx)
        self.chapter = chapter
        self.drawings: list[tuple[pygame.Rect, pygame.Surface, list[pygame.Surface]]] = []
        self.page_rect = pygame.Rect(0, 0, 0, 0)
        self.nav_rect = pygame.Rect(0, 0, 0, 0)
        self.size = (0, 0)

    def build(self, size: tuple[int, int]) -> None:
        self.size = size
        width, height = size
        m = self.manager
        nav = max(180, min(230, width // 6))
        self.nav_rect = pygame.Rect(0, 0, nav, height)
        pygame_gui.elements.UILabel(
            pygame.Rect(12, 16, nav - 24, 40), "Rules", m, object_id="#turn"
        )
        self.chapter_buttons: list[pygame_gui.elements.UIButton] = []
        y = 66
        for chapter in CHAPTERS:
            element = button(m, pygame.Rect(12, y, nav - 24, 38), chapter.title)
            self.chapter_buttons.append(element)
            y += 44
        self.back_button = button(
            m,
            pygame.Rect(12, height - 52, nav - 24, 38),
            "Back",
            "Back to the main menu (Esc)",
        )
        self.page_rect = pygame.Rect(nav + 24, 16, width - nav - 40, height - 32)
        self.show(self.chapter)

    def show(self, chapter: int) -> None:
        """Open chapter number ``chapter``."""
        self.chapter = chapter % len(CHAPTERS)
        for index, element in enumerate(self.chapter_buttons):
            if index == self.chapter:
                element.select()
            else:
                element.unselect()
        for element in getattr(self, "page_elements", ()):
            element.kill()
        page = self.page_rect
        m = self.manager
        content = CHAPTERS[self.chapter]
        drawings = content.drawings()
        title = pygame_gui.elements.UILabel(
            pygame.Rect(page.x, page.y, page.width, 40),
            content.title,
            m,
            object_id="#rules_title",
        )
        body_top = page.y + 48
        body_height = page.bottom - body_top - 46
        text_width = max(300, int(page.width * 0.42)) if drawings else min(page.width, 760)
        text = pygame_gui.elements.UITextBox(
            content.text,
            pygame.Rect(page.x, body_top, text_width, body_height),
            m,
            object_id="#rules_text",
        )
        previous = button(
            m,
            pygame.Rect(page.x, page.bottom - 38, 150, 38),
            "< Previous",
            "The previous chapter (Left)",
        )
        following = button(
            m,
            pygame.Rect(page.x + text_width - 150, page.bottom - 38, 150, 38),
            "Next >",
            "The next chapter (Right)",
        )
        if self.chapter == 0:
            previous.disable()
        if self.chapter == len(CHAPTERS) - 1:
            following.disable()
        self.previous_button, self.next_button = previous, following
        self.page_elements = [title, text, previous, following]
        area = pygame.Rect(
            page.x + text_width + 24,
            body_top,
            page.right - page.x - text_width - 24,
            page.bottom - body_top,
        )
        self.drawings = self._lay_out(drawings, area, content.columns)
        self.nav.redraw()

    def _lay_out(
        self, drawings: tuple[Drawing, ...], area: pygame.Rect, columns: int | None
    ) -> list[tuple[pygame.Rect, pygame.Surface, list[pygame.Surface]]]:
        """Place and render ``drawings`` in a grid filling ``area``, each with its caption."""
        count = len(drawings)
        if not count or area.width < 80:
            return []
        caption = 34
        best = (0.0, 1)
        options = [columns] if columns else range(1, count + 1)
        for cols in options:
            rows = math.ceil(count / cols)
            cell_w = area.width / cols - 10
            cell_h = area.height / rows - caption - 10
            scale = min(cell_w / ASPECT, cell_h)
            if scale > best[0]:
                best = (scale, cols)
        scale, cols = best
        rows = math.ceil(count / cols)
        cell_w = area.width // cols
        cell_h = area.height // rows
        placed = []
        for index, drawing in enumerate(drawings):
            row, col = divmod(index, cols)
            cell = pygame.Rect(area.x + col * cell_w, area.y + row * cell_h, cell_w, cell_h)
            box = pygame.Rect(0, 0, int(scale * ASPECT), int(scale))
            box.midtop = (cell.centerx, cell.y + 5)
            face = font(15, bold=False)
            caption_lines = [
                face.render(line, True, TEXT_RGB)
                for line in _wrap(drawing.caption, face, box.width + 36)
            ]
            placed.append((box, render_drawing(drawing, box.size), caption_lines))
        return placed

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self.chapter_buttons:
                self.show(self.chapter_buttons.index(event.ui_element))
            elif event.ui_element is self.previous_button:
                self.show(self.chapter - 1)
            elif event.ui_element is self.next_button:
                self.show(self.chapter + 1)
            elif event.ui_element is self.back_button:
                self.nav.show_menu()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.nav.show_menu()
            elif event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN) and self.chapter + 1 < len(
                CHAPTERS
            ):
                self.show(self.chapter + 1)
            elif event.key in (pygame.K_LEFT, pygame.K_PAGEUP) and self.chapter > 0:
                self.show(self.chapter - 1)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(surface.get_size()), (0, 0))
        surface.blit(shaded_panel(self.nav_rect.size), self.nav_rect.topleft)
        pygame.draw.line(
            surface, (122, 82, 48), self.nav_rect.topright, self.nav_rect.bottomright, 2
        )
        for box, picture, caption_lines in self.drawings:
            frame = box.inflate(6, 6)
            pygame.draw.rect(surface, (40, 22, 10), frame.move(2, 3), border_radius=6)
            surface.blit(picture, box.topleft)
            pygame.draw.rect(surface, (150, 104, 62), frame, 2, border_radius=6)
            for index, rendered in enumerate(caption_lines):
                surface.blit(
                    rendered,
                    rendered.get_rect(midtop=(frame.centerx, frame.bottom + 4 + index * 17)),
                )
        if CHAPTERS[self.chapter].pegs_key:
            self._draw_pegs_key(surface)

    def _draw_pegs_key(self, surface: pygame.Surface) -> None:
        """Large Fire and Ice pegs with their marks, for the colour-blind note."""
        page = self.page_rect
        text_width = min(page.width, 760)
        if page.width - text_width < 200:
            return
        x = page.x + text_width + (page.width - text_width) // 2
        caption_font = font(16)
        for row, (color, words) in enumerate(
            ((Color.FIRE, "Fire: red, triangle"), (Color.ICE, "Ice: aqua, star"))
        ):
            sprite = _big_peg(color)
            y = page.y + 120 + row * 130
            surface.blit(sprite, sprite.get_rect(center=(x, y)))
            label = caption_font.render(words, True, TEXT_RGB)
            surface.blit(label, label.get_rect(midtop=(x, y + 44)))


@cache
def _big_peg(color: Color) -> pygame.Surface:
    return _peg_sprite(color, 34)


def _wrap(text: str, face: pygame.font.Font, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width`` pixels."""
    lines: list[str] = []
    for word in text.split():
        if lines and face.size(f"{lines[-1]} {word}")[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines
