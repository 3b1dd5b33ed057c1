"""The game-over card: how the game ended and what to do next (a new game, a rematch, a
review, an analysis), shown in the side panel over the message and the list, so that
the board stays in full view."""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from ..frame.scene import button
from ..toolkit.language import tr
from ..toolkit.scaling import px
from .view import GameView


@dataclass(frozen=True)
class OverCard:
    """The card's panel and its four buttons."""

    panel: pygame_gui.elements.UIPanel
    new: pygame_gui.elements.UIButton
    rematch: pygame_gui.elements.UIButton
    review: pygame_gui.elements.UIButton
    analyse: pygame_gui.elements.UIButton


def build_over_card(
    manager: pygame_gui.UIManager,
    view: GameView,
    box: pygame.Rect | pygame.FRect,
    position: Any,
) -> OverCard:
    """The card for the game ended in ``position``, just under the message box ``box``
    (its rectangle on the screen), over the move list."""
    rect = pygame.Rect(box.x - px(4), box.bottom + px(6), box.width + px(8), px(208))
    m = manager
    panel = pygame_gui.elements.UIPanel(rect, starting_height=5, manager=m, object_id="#panel")
    headline, detail = view.result_text(position)
    inner = rect.width - px(24)
    pygame_gui.elements.UILabel(
        pygame.Rect(px(10), px(8), inner, px(40)), headline, m, container=panel, object_id="#turn"
    )
    pygame_gui.elements.UITextBox(
        html.escape(detail),
        pygame.Rect(px(6), px(46), inner + px(8), px(60)),
        m,
        container=panel,
        object_id="#over_detail",
    )
    half = (inner - px(8)) // 2
    new = button(
        m,
        pygame.Rect(px(10), px(110), half, px(38)),
        *(tr(key) for key in view.new_label),
        container=panel,
    )
    rematch = button(
        m,
        pygame.Rect(px(18) + half, px(110), half, px(38)),
        *(tr(key) for key in view.rematch_label),
        container=panel,
    )
    review = button(
        m,
        pygame.Rect(px(10), px(154), half, px(38)),
        tr("panel.review"),
        tr("panel.review_tip"),
        container=panel,
    )
    analyse = button(
        m,
        pygame.Rect(px(18) + half, px(154), half, px(38)),
        tr("panel.analyse"),
        tr("panel.analyse_tip"),
        container=panel,
    )
    return OverCard(panel, new, rematch, review, analyse)


__all__ = ["OverCard", "build_over_card"]
