"""The Rules screen: chapters on the left, the chosen chapter's text and drawings on the right.

The text comes from the rules source that docs/RULES.md is made from (:mod:`.rules_text`),
in the player's language; the drawings are the game's own board, drawn small
(:mod:`.rules_drawings`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

import pygame
import pygame_gui

from ..frame.navigation import Context
from ..frame.rules_drawings import ASPECT, Drawing
from ..frame.scene import Scene, backdrop, button, shaded_panel
from ..games.installed import drawing_set
from ..toolkit.art import font
from ..toolkit.language import current, tr
from ..toolkit.scaling import px
from .rules_text import Chapter, load_chapters

TEXT_RGB = (251, 233, 207)


def _checked(chapters: tuple[Chapter, ...]) -> tuple[Chapter, ...]:
    """``chapters``, once every set of drawings they name is known to exist: a chapter
    naming drawings that do not exist fails when the game starts, not when it is opened."""
    for chapter in chapters:
        drawing_set(chapter.drawings)
    return chapters


def chapters(language: str | None = None) -> tuple[Chapter, ...]:
    """The chapters in ``language`` (the player's, by default), in the order of their
    buttons; every language has the same chapters, with the same drawings."""
    return _chapters_in(language or current())


@cache
def _chapters_in(language: str) -> tuple[Chapter, ...]:
    # Kept by the language itself: "the player's" changes when the player switches.
    return _checked(load_chapters(language))


#: The chapters in English.
CHAPTERS: tuple[Chapter, ...] = chapters("en")


#: The chapter's text page: a dark, see-through page with a thin border and a soft edge.
PAGE = (31, 19, 11, 221)
PAGE_BORDER = (122, 82, 48)
PAGE_EDGE = (0, 0, 0, 70)


def page_backing(size: tuple[int, int]) -> pygame.Surface:
    """The page under a chapter's text (``size``: the text box's), drawn here rather than
    by pygame-gui: pygame-gui draws a rounded box at four times its size each way and
    shrinks it, for a page of about 1,300 by 1,800 pixels at 4K close to a second each time a
    chapter opened.  The page keeps a margin of ``px(2)`` for its soft edge, as the box
    pygame-gui drew did for its shadow (the theme's padding counts it)."""
    backing = pygame.Surface(size, pygame.SRCALPHA)
    edge = backing.get_rect()
    page = edge.inflate(-2 * px(2), -2 * px(2))
    radius = px(8)
    pygame.draw.rect(backing, PAGE_EDGE, edge, border_radius=radius + px(2))
    backing.fill((0, 0, 0, 0), page)
    pygame.draw.rect(backing, PAGE, page, border_radius=radius)
    pygame.draw.rect(backing, PAGE_BORDER, page, max(1, px(1)), border_radius=radius)
    return backing


class RulesScene(Scene):
    """Chapters on the left; the chosen chapter's text and drawings on the right."""

    title = "Rules"

    def __init__(self, ctx: Context, chapter: int = 0) -> None:
        super().__init__(ctx)
        self.chapter = chapter
        self.chapters = chapters()
        self.drawings: list[tuple[pygame.Rect, pygame.Surface, list[pygame.Surface]]] = []
        self.page_rect = pygame.Rect(0, 0, 0, 0)
        self.nav_rect = pygame.Rect(0, 0, 0, 0)
        self.size = (0, 0)
        self.text_box: pygame_gui.elements.UITextBox | None = None
        self.text_page = pygame.Surface((0, 0))
        self.focus.sideways = False  # Left and Right turn the pages

    def build(self, size: tuple[int, int]) -> None:
        self.size = size
        width, height = size
        m = self.manager
        nav = max(px(180), min(px(230), width // 6))
        self.nav_rect = pygame.Rect(0, 0, nav, height)
        pygame_gui.elements.UILabel(
            pygame.Rect(px(12), px(16), nav - px(24), px(40)),
            tr("menu.rules"),
            m,
            object_id="#turn",
        )
        self.chapter_buttons: list[pygame_gui.elements.UIButton] = []
        y = px(66)
        self.chapters = chapters()
        for chapter in self.chapters:
            element = button(m, pygame.Rect(px(12), y, nav - px(24), px(38)), chapter.title)
            self.chapter_buttons.append(element)
            y += px(44)
        self.back_button = button(
            m,
            pygame.Rect(px(12), height - px(52), nav - px(24), px(38)),
            tr("common.back"),
            tr("settings.back_tip"),
        )
        self.page_rect = pygame.Rect(nav + px(24), px(16), width - nav - px(40), height - px(32))
        self.show(self.chapter)

    def show(self, chapter: int) -> None:
        """Open chapter number ``chapter``."""
        self.chapter = chapter % len(self.chapters)
        for index, element in enumerate(self.chapter_buttons):
            if index == self.chapter:
                element.select()
            else:
                element.unselect()
        for element in getattr(self, "page_elements", ()):
            element.kill()
        page = self.page_rect
        m = self.manager
        content = self.chapters[self.chapter]
        art = drawing_set(content.drawings)
        drawings = art.make()
        title = pygame_gui.elements.UILabel(
            pygame.Rect(page.x, page.y, page.width, px(40)),
            content.title,
            m,
            object_id="#rules_title",
        )
        body_top = page.y + px(48)
        body_height = page.bottom - body_top - px(46)
        text_width = max(px(300), int(page.width * 0.42)) if drawings else min(page.width, px(760))
        text = pygame_gui.elements.UITextBox(
            content.text,
            pygame.Rect(page.x, body_top, text_width, body_height),
            m,
            object_id="#rules_text",
        )
        previous = button(
            m,
            pygame.Rect(page.x, page.bottom - px(38), px(150), px(38)),
            tr("rules.previous"),
            tr("rules.previous_tip"),
        )
        following = button(
            m,
            pygame.Rect(page.x + text_width - px(150), page.bottom - px(38), px(150), px(38)),
            tr("rules.next"),
            tr("rules.next_tip"),
        )
        if self.chapter == 0:
            previous.disable()
        if self.chapter == len(self.chapters) - 1:
            following.disable()
        self.previous_button, self.next_button = previous, following
        self.page_elements = [title, text, previous, following]
        self.text_box = text
        self.text_page = page_backing(text.rect.size)
        area = pygame.Rect(
            page.x + text_width + px(24),
            body_top,
            page.right - page.x - text_width - px(24),
            page.bottom - body_top,
        )
        self.drawings = self._lay_out(drawings, area, art.columns)
        self.nav.redraw()

    def _lay_out(
        self, drawings: tuple[Drawing, ...], area: pygame.Rect, columns: int | None
    ) -> list[tuple[pygame.Rect, pygame.Surface, list[pygame.Surface]]]:
        """Place and render ``drawings`` in a grid filling ``area``, each with its caption."""
        count = len(drawings)
        if not count or area.width < px(80):
            return []
        caption = px(40)  # two lines of caption under each drawing
        best = (0.0, 1)
        options = [columns] if columns else range(1, count + 1)
        for cols in options:
            rows = math.ceil(count / cols)
            cell_w = area.width / cols - px(10)
            cell_h = area.height / rows - caption - px(10)
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
            box.midtop = (cell.centerx, cell.y + px(5))
            face = font(px(15), bold=False)
            caption_lines = [
                face.render(line, True, TEXT_RGB)
                for line in _wrap(drawing.caption, face, min(box.width + px(36), cell_w - px(8)))
            ]
            placed.append((box, drawing.render(box.size), caption_lines))
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
            elif event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP) and self.scroll(
                event.key == pygame.K_PAGEDOWN
            ):
                pass  # the chapter's text moved, and the chapter turns only at its end
            elif event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN) and self.chapter + 1 < len(
                self.chapters
            ):
                self.show(self.chapter + 1)
            elif event.key in (pygame.K_LEFT, pygame.K_PAGEUP) and self.chapter > 0:
                self.show(self.chapter - 1)

    def scroll(self, down: bool) -> bool:
        """Page Down or Up: the chapter's text by most of a page; ``False`` when it is
        already at that end (or fits), where the key turns the page instead."""
        bar = self.text_box.scroll_bar if self.text_box is not None else None
        if bar is None or bar.scrollable_height <= 0:
            return False
        start, shown = bar.start_percentage, bar.visible_percentage
        end = 1.0 - shown
        if (down and start >= end - 1e-3) or (not down and start <= 1e-3):
            return False
        step = shown * 0.85
        bar.set_scroll_from_start_percentage(
            min(end, start + step) if down else max(0.0, start - step)
        )
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(surface.get_size()), (0, 0))
        surface.blit(shaded_panel(self.nav_rect.size), self.nav_rect.topleft)
        pygame.draw.line(
            surface, (122, 82, 48), self.nav_rect.topright, self.nav_rect.bottomright, 2
        )
        if self.text_box is not None:
            surface.blit(self.text_page, self.text_box.rect.topleft)
        for box, picture, caption_lines in self.drawings:
            frame = box.inflate(6, 6)
            pygame.draw.rect(surface, (40, 22, 10), frame.move(2, 3), border_radius=6)
            surface.blit(picture, box.topleft)
            pygame.draw.rect(surface, (150, 104, 62), frame, 2, border_radius=6)
            for index, rendered in enumerate(caption_lines):
                surface.blit(
                    rendered,
                    rendered.get_rect(
                        midtop=(frame.centerx, frame.bottom + px(4) + index * px(17))
                    ),
                )
        key = drawing_set(self.chapters[self.chapter].drawings).key
        if key is not None:
            self._draw_key(surface, key())

    def _draw_key(
        self, surface: pygame.Surface, pieces: Sequence[tuple[pygame.Surface, str]]
    ) -> None:
        """Large pieces with their names beside the text (the pegs with their marks, for
        the colour-blind note)."""
        page = self.page_rect
        text_width = min(page.width, px(760))
        if page.width - text_width < px(200):
            return
        x = page.x + text_width + (page.width - text_width) // 2
        caption_font = font(px(16))
        for row, (sprite, words) in enumerate(pieces):
            y = page.y + px(120) + row * px(130)
            surface.blit(sprite, sprite.get_rect(center=(x, y)))
            label = caption_font.render(words, True, TEXT_RGB)
            surface.blit(label, label.get_rect(midtop=(x, y + px(44))))


def _wrap(text: str, face: pygame.font.Font, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width`` pixels."""
    lines: list[str] = []
    for word in text.split():
        if lines and face.size(f"{lines[-1]} {word}")[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines
