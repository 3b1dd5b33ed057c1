"""The Statistics screen: games won and lost against the computer by level and colour, games
between two players, and each game of deals' deals, streaks and the deals won.

The counts come from the player's files (:mod:`...files.statistics.store` says what counts and
when); a damaged statistics file has been set aside by then, and a line on the card says so.
Reset asks first, with the same question window the game screen uses.  The card's
content is drawn once when the screen is laid out or the counts change, not every frame.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import partial

import pygame
import pygame_gui

from ...engine.games import find_game
from ...files.statistics.store import DASH, DuelStatistics, Statistics
from ..frame.cards import CardScreen, level_name
from ..frame.navigation import Context
from ..frame.registry import DealsShown, DuelShown
from ..frame.scene import button, translucent
from ..frame.statistics_words import (
    deal_figures,
    deals_won_lines,
    handicap_text,
    notice_text,
    provisional_words,
    puzzle_figures,
    puzzle_lines,
    tally_text,
    two_player_text,
    wrap,
)
from ..game.windows.question import Question
from ..games.installed import DEALS, DUELS, main_backdrop, rated_puzzles
from ..toolkit.art import Rgb, font
from ..toolkit.language import side_name, tr
from ..toolkit.scaling import px, scale

TEXT: Rgb = (251, 233, 207)
HEADING: Rgb = (255, 241, 214)
MUTED: Rgb = (201, 169, 131)
NOTICE: Rgb = (255, 217, 160)
EDGE: Rgb = (122, 82, 48)

#: What the card says under the tables, when a game counts: keys of ``statistics``.
HOW_IT_COUNTS = ("counts_games", "counts_deals")


@dataclass(frozen=True)
class Metrics:
    """The card's sizes in pixels, roomy or (in a short window) compact."""

    title: int  # the title's row
    pad: int  # inside a panel, above and below
    heading: int  # a panel's heading
    row: int  # a table's row
    line: int  # a line of text in a panel
    tiles: int  # a game of deals' figures
    gap: int  # between panels
    notes: int  # lines of notes under the panels (news of the file, how games count)
    button: int
    text: int  # font sizes
    small: int

    @classmethod
    def for_height(cls, height: int) -> Metrics:
        """Roomy from a height of 720 at scale 1, compact below; every length (but the
        count of notes) at the present scale."""
        factor = scale()
        if height / factor >= 720:
            base = cls(70, 12, 34, 30, 26, 70, 16, 2, 46, 17, 15)
        else:
            base = cls(64, 8, 28, 23, 21, 54, 9, 2, 40, 16, 14)
        lengths = {
            item.name: px(getattr(base, item.name)) for item in fields(cls) if item.name != "notes"
        }
        return cls(**lengths, notes=base.notes)

    @property
    def duel_height(self) -> int:
        """A game's panel: heading, the table's header, four levels and all, two lines."""
        return 2 * self.pad + self.heading + 6 * self.row + px(4) + 2 * self.line

    @property
    def deals_height(self) -> int:
        """A game of deals' panel: heading, the figures, two lines of deals won."""
        return 2 * self.pad + self.heading + self.tiles + px(4) + 2 * self.line

    @property
    def note_step(self) -> int:
        return self.small + px(8)

    def card_height(self, deal_panels: int) -> int:
        """Everything, from the title to the buttons."""
        panels = self.duel_height + self.gap + deal_panels * (self.deals_height + self.gap)
        notes = self.notes * self.note_step + px(10)
        return px(6) + self.title + panels + notes + self.button + px(16)


class StatisticsScene(CardScreen):
    """The statistics on a card over the board, with Reset (asking first) and Back."""

    title = "Statistics"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, main_backdrop())
        self.question = Question(ctx.manager)
        self.metrics = Metrics.for_height(800)
        self.statistics = Statistics()
        self.message = ""  # what the last action did ("The statistics were reset...")
        self.sheet: pygame.Surface | None = None  # the card's content, drawn once
        self.texts: list[str] = []  # every text on the card, in the order drawn
        self.cells: dict[tuple[str, str, str], str] = {}  # (game, level, side) -> cell
        self.figures: dict[str, str] = {}  # the figures of the (last) game of deals
        self.puzzle_figures: dict[str, str] = {}
        self.provisional = ""  # what the puzzle rating's "?" means, if it has one

    # --- building -------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        super().build(size)
        width, height = size
        m = self.manager
        metrics = self.metrics = Metrics.for_height(height)
        card = pygame.Rect(
            0, 0, min(px(1060), width - 40), min(height - 20, metrics.card_height(len(DEALS)))
        )
        card.center = (width // 2, height // 2)
        self.panel_rect = card
        self.question = Question(m)  # the manager was cleared
        pygame_gui.elements.UILabel(
            pygame.Rect(card.x, card.y + px(6), card.width, metrics.title),
            tr("menu.statistics"),
            m,
            object_id="#title",
        )
        y = card.bottom - metrics.button - px(16)
        self.reset_button = button(
            m,
            pygame.Rect(card.centerx - px(238), y, px(230), metrics.button),
            tr("statistics.reset_button"),
            tr("statistics.reset_button_tip"),
        )
        self.back_button = button(
            m,
            pygame.Rect(card.centerx + px(8), y, px(230), metrics.button),
            tr("common.back"),
            tr("settings.back_tip"),
        )
        self.refresh()

    def refresh(self) -> None:
        """Read the statistics again and draw the card's content."""
        self.statistics = self.ctx.files.statistics()
        metrics = self.metrics
        card = self.panel_rect
        self.sheet = pygame.Surface(card.size, pygame.SRCALPHA)
        self.texts, self.cells, self.figures = [], {}, {}
        left, top, width = px(22), px(6) + metrics.title, card.width - px(44)
        half = (width - px(16)) // 2
        for index, shown in enumerate(DUELS):
            self._draw_duel(
                pygame.Rect(left + index * (half + px(16)), top, half, metrics.duel_height), shown
            )
        top += metrics.duel_height + metrics.gap
        # The games of deals and the puzzles, two panels side by side.
        draws: list[Callable[[pygame.Rect], None]] = [
            *(partial(self._draw_deals, shown=deals) for deals in DEALS),
            self._draw_puzzles,
        ]
        for index, draw in enumerate(draws):
            x = left + index % 2 * (half + px(16))
            draw(pygame.Rect(x, top, half, metrics.deals_height))
            if index % 2 or index == len(draws) - 1:
                top += metrics.deals_height + metrics.gap
        self._draw_notes(pygame.Rect(left, top, width, metrics.notes * metrics.note_step))
        self.nav.redraw()

    # --- drawing the card's content --------------------------------------------------

    def _text(
        self,
        text: str,
        pos: tuple[int, int],
        size: int,
        colour: Rgb = TEXT,
        bold: bool = False,
        anchor: str = "midleft",
    ) -> pygame.Rect:
        """Draw ``text`` on the sheet with its ``anchor`` at ``pos``; returns where."""
        assert self.sheet is not None
        rendered = font(size, bold).render(text, True, colour)
        rect = rendered.get_rect(**{anchor: pos})
        self.sheet.blit(rendered, rect)
        self.texts.append(text)
        return rect

    def _panel(self, rect: pygame.Rect, heading: str, note: str = "") -> int:
        """A panel's backing, its heading and a note at the right; returns the ``y`` under
        the heading."""
        assert self.sheet is not None
        self.sheet.blit(translucent(rect.size, (16, 9, 4, 150), radius=px(10)), rect.topleft)
        pygame.draw.rect(self.sheet, EDGE, rect, 1, border_radius=px(10))
        metrics = self.metrics
        top = rect.y + metrics.pad
        middle = top + metrics.heading // 2
        drawn = self._text(heading, (rect.x + px(14), middle), metrics.text + px(4), HEADING, True)
        if note:
            room = rect.right - px(14) - (drawn.right + px(12))
            size = metrics.small  # smaller, where the note would run into the heading
            while size > px(10) and font(size, False).size(note)[0] > room:
                size -= 1
            self._text(note, (rect.right - px(14), middle + px(2)), size, MUTED, anchor="midright")
        return top + metrics.heading

    @staticmethod
    def _columns(left: int, right: int) -> list[int]:
        """The centres of a table's three columns of counts (the levels' names first)."""
        first = max(px(92), (right - left) * 26 // 100)
        column = (right - left - first) // 3
        return [left + first + column * k + column // 2 for k in range(3)]

    def _draw_duel(self, rect: pygame.Rect, shown: DuelShown) -> None:
        """One game's table against the computer, and the lines under it."""
        assert self.sheet is not None
        metrics = self.metrics
        kind = find_game(shown.game)
        duel = self.statistics.duel(shown.game)
        y = self._panel(rect, kind.title, tr("statistics.against_computer", dash=DASH))
        left, right = rect.x + px(14), rect.right - px(14)
        centres = self._columns(left, right)
        middle = y + metrics.row // 2
        self._text(tr("statistics.level"), (left, middle), metrics.small, MUTED, True)
        for centre, side in zip(centres, shown.sides, strict=False):
            icon = shown.icon(side, metrics.row * 0.38)
            words = tr("statistics.as_side", side=side_name(side))
            x = centre - (font(metrics.small, True).size(words)[0] + icon.get_width() + px(5)) // 2
            self.sheet.blit(icon, icon.get_rect(midleft=(x, middle)))
            where = (x + icon.get_width() + px(5), middle)
            self._text(words, where, metrics.small, shown.colours[side], True)
        in_all = tr("statistics.in_all")
        self._text(in_all, (centres[2], middle), metrics.small, MUTED, True, "center")
        y += metrics.row
        pygame.draw.line(self.sheet, EDGE, (left, y), (right, y))
        for index, level in enumerate([*kind.levels, ""]):
            if not level:
                pygame.draw.line(self.sheet, EDGE, (left, y + 1), (right, y + 1))
            elif index % 2:
                stripe = pygame.Rect(left - px(6), y, right - left + px(12), metrics.row)
                self.sheet.blit(translucent(stripe.size, (255, 236, 210, 14)), stripe.topleft)
            self._draw_row(shown, duel, level, left, y + metrics.row // 2, centres)
            y += metrics.row
        y += px(4) + metrics.line // 2
        if shown.handicaps:
            self._text(handicap_text(duel), (left, y), metrics.small)
        y += metrics.line
        self._text(two_player_text(duel, shown.sides), (left, y), metrics.small)

    def _draw_row(
        self,
        shown: DuelShown,
        duel: DuelStatistics,
        level: str,
        left: int,
        middle: int,
        centres: list[int],
    ) -> None:
        """A level's row (all levels' for ``""``): won and lost with each side and in all."""
        size = self.metrics.text
        name = level_name(level) if level else tr("statistics.all_levels")
        self._text(name, (left, middle), size, TEXT, not level)
        for centre, side in zip(centres, (*shown.sides, None), strict=True):
            key = side.key if side is not None else None
            tally = duel.against(level or None, key)
            text = tally_text(tally.won, tally.lost)
            self.cells[(shown.game, level or "all", key or "all")] = text
            colour = TEXT if tally.played else MUTED
            self._text(text, (centre, middle), size, colour, not level, "center")

    def _draw_puzzles(self, rect: pygame.Rect) -> None:
        """The puzzles: the rating, solved, the streaks; the days, the puzzles to come back.
        Beside the heading, what a provisional rating's "?" means."""
        puzzles = self.statistics.puzzles
        self.puzzle_figures = puzzle_figures(puzzles)
        self.provisional = provisional_words(puzzles, rated_puzzles())
        y = self._draw_figures(rect, tr("menu.puzzles"), self.puzzle_figures, self.provisional)
        for text in puzzle_lines(puzzles, self.statistics.lessons):
            self._text(text, (rect.x + px(14), y), self.metrics.small)
            y += self.metrics.line

    def _draw_deals(self, rect: pygame.Rect, shown: DealsShown) -> None:
        """A game of deals: its four figures in a row, and the deals won."""
        deals = self.statistics.deals_of(shown.game)
        self.figures = deal_figures(deals)
        y = self._draw_figures(rect, tr(shown.title), self.figures)
        left, right = rect.x + px(14), rect.right - px(14)
        face = font(self.metrics.small, False)

        def fits(text: str) -> bool:
            return face.size(text)[0] <= right - left

        for text in deals_won_lines(deals.deals_won, fits, 2):
            self._text(text, (left, y), self.metrics.small)
            y += self.metrics.line

    def _draw_figures(
        self, rect: pygame.Rect, heading: str, figures: dict[str, str], note: str = ""
    ) -> int:
        """A panel of four figures in a row; returns the ``y`` of the first line under them."""
        assert self.sheet is not None
        metrics = self.metrics
        y = self._panel(rect, heading, note)
        left, right = rect.x + px(14), rect.right - px(14)
        width = (right - left) // len(figures)
        for k, (words, figure) in enumerate(figures.items()):
            tile = pygame.Rect(left + k * width + px(4), y, width - px(8), metrics.tiles)
            self.sheet.blit(translucent(tile.size, (255, 236, 210, 16), radius=px(8)), tile.topleft)
            top = (tile.centerx, tile.y + metrics.tiles * 40 // 100)
            self._text(figure, top, metrics.text + px(10), HEADING, True, "center")
            bottom = (tile.centerx, tile.y + metrics.tiles * 79 // 100)
            size = metrics.small  # smaller, where a narrow tile would not hold the words
            while size > px(10) and font(size, False).size(words)[0] > tile.width - px(8):
                size -= 1
            self._text(words, bottom, size, MUTED, anchor="center")
        return y + metrics.tiles + px(4) + metrics.line // 2

    def _draw_notes(self, rect: pygame.Rect) -> None:
        """What happened to the file or the last reset, when anything did (on two lines if
        need be), then how games count, as far as there is room."""
        metrics = self.metrics
        face = font(metrics.small, False)

        def fits(text: str) -> bool:
            return face.size(text)[0] <= rect.width

        notice = self.message or notice_text(self.ctx.files.statistics_notice)
        lines = [(text, NOTICE) for text in wrap(notice.split(), fits)]
        if len(lines) > metrics.notes:
            del lines[metrics.notes :]
            last = lines[-1][0]
            while not fits(last + "...") and " " in last:
                last = last.rsplit(" ", 1)[0]
            lines[-1] = (last + "...", NOTICE)
        counts = (tr(f"statistics.{key}") for key in HOW_IT_COUNTS)
        lines += [(text, MUTED) for text in counts if fits(text)]
        for index, (text, colour) in enumerate(lines[: metrics.notes]):
            middle = (rect.centerx, rect.y + index * metrics.note_step + metrics.note_step // 2)
            self._text(text, middle, metrics.small, colour, anchor="center")

    def update(self, dt: float) -> bool:
        self.question.update(dt)
        return super().update(dt)

    # --- input ------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.question.handle_event(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.reset_button:
                self.ask_reset()
            elif event.ui_element is self.back_button:
                self.nav.show_menu()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.nav.show_menu()

    def ask_reset(self) -> None:
        """Reset: first ask, since every count would be lost."""
        self.question.ask(
            self.panel_rect.center,
            tr("statistics.reset_question"),
            tr("statistics.reset_verb"),
            self.reset,
            tr("statistics.reset_detail"),
        )

    def reset(self) -> None:
        """Forget every count (the player has said yes)."""
        reset = self.ctx.files.reset_statistics()
        self.message = tr("statistics.reset_done") if reset else ""
        self.refresh()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.sheet is not None:
            surface.blit(self.sheet, self.panel_rect.topleft)


__all__ = ["StatisticsScene"]
