"""Icebreaker's set-up card: the board's size, and a friend or the computer at a level."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import pygame
import pygame_gui

from ....engine.games.icebreaker.ai import LEVELS
from ....engine.games.icebreaker.board import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, HexBoard, Side
from ....engine.games.icebreaker.spec import Sea
from ...frame.cards import ChoiceCard, level_name
from ...frame.navigation import Context
from ...game.players import Session
from ...toolkit.language import tr
from ...toolkit.scaling import px
from .backdrop import SeaInPlay

#: The keys of the choices' texts, and their values.
OPPONENTS = (("setup.friend", "friend"), ("setup.computer", "computer"))
SIDES = (("side.red", "red"), ("side.black", "black"), ("setup.watch", "watch"))


def icebreaker_levels(side: str, level: str) -> dict[Side, str]:
    """The sides the computer plays: the other one, or both when watching."""
    if side == "watch":
        return {Side.RED: level, Side.BLACK: level}
    return {Side.parse(side).other: level}


class IcebreakerSetupScene(ChoiceCard):
    """Choose the board's size and the opponent: a friend, or the computer at a level."""

    title = "Icebreaker"
    key = "icebreaker"
    defaults: ClassVar[Mapping[str, Any]] = {
        "size": DEFAULT_SIZE,
        "opponent": "friend",
        "side": "red",
        "level": "casual",
    }
    second = ("menu.rules", "setup.icebreaker_rules_tip")

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, SeaInPlay())

    def build(self, size: tuple[int, int]) -> None:
        super().build(size)
        width, height = size
        m = self.manager
        card = pygame.Rect(0, 0, min(px(680), width - 40), px(480))
        card.center = (width // 2, height // 2)
        self.panel_rect = card
        pygame_gui.elements.UILabel(
            pygame.Rect(card.x, card.y + px(6), card.width, px(64)),
            "Icebreaker",
            m,
            object_id="#title",
        )
        pygame_gui.elements.UILabel(
            pygame.Rect(card.x, card.y + px(64), card.width, px(26)),
            tr("setup.icebreaker_byline"),
            m,
            object_id="#subtitle",
        )
        tips = {
            value: tr(f"setup.{value}_tip")
            for value in ("friend", "computer", "red", "black", "watch")
        }
        tips.update((level, tr(f"level.{level}_tip")) for level in LEVELS)
        for n in range(MIN_SIZE, MAX_SIZE + 1):
            board = HexBoard.of(n)
            tips[str(n)] = tr(
                "setup.board_tip",
                cells=board.cell_count,
                icebergs=board.iceberg_count,
                target=board.target,
            )

        def said(choices: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
            return tuple((tr(key), value) for key, value in choices)

        rows = (
            (
                tr("setup.board_side"),
                "size",
                tuple((str(n), n) for n in range(MIN_SIZE, MAX_SIZE + 1)),
            ),
            (tr("setup.opponent"), "opponent", said(OPPONENTS)),
            (tr("setup.you_play"), "side", said(SIDES)),
            (tr("setup.level"), "level", tuple((level_name(name), name) for name in LEVELS)),
        )
        y = self.build_choices(
            card, card.y + px(104), rows, lambda v: tips.get(str(v)), step=px(60)
        )
        self.build_buttons(card, y + px(16), tr("setup.start_tip"))

    def refresh(self) -> None:
        # Enabling a button redraws it unselected and marking one redraws it live, so the
        # rows are enabled before marking and drawn disabled after it.
        computer = self.store["opponent"] == "computer"
        rows = self.rows["side"] + self.rows["level"]
        for element in rows:
            if computer:
                element.enable()
            else:
                element.disable()
        super().refresh()
        if not computer:
            for element in rows:
                element.drawable_shape.set_active_state("disabled")

    def start(self) -> None:
        store = self.store
        computer = {}
        if store["opponent"] == "computer":
            computer = icebreaker_levels(store["side"], store["level"])
        session = Session("icebreaker", Sea(store["size"]), computer, ("icebreaker-setup", {}))
        self.nav.go("play", session=session)

    def second_action(self) -> None:
        self.nav.go("rules", chapter="Icebreaker")


__all__ = ["IcebreakerSetupScene", "icebreaker_levels"]
