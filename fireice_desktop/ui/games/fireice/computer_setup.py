"""Against the computer: choose your side and the computer's level, with or without a
handicap."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import pygame
import pygame_gui

from ....engine.games.fireice.ai.computer import LEVELS
from ....engine.games.fireice.rules import Color
from ....engine.games.fireice.spec import Handicap
from ...frame.cards import ChoiceCard, level_name, level_tip
from ...frame.navigation import Context
from ...game.players import Session
from ...toolkit.language import tr
from ...toolkit.scaling import px
from .backdrop import QuietBoard

#: Your side: the keys of the choices' texts, and their values.
SIDES = (("side.fire", "fire"), ("side.ice", "ice"), ("setup.watch", "watch"))


def levels_for(side: str, level: str) -> dict[Color, str]:
    """Which colours the computer plays: the other side, or both when watching."""
    if side == "watch":
        return {Color.FIRE: level, Color.ICE: level}
    human = Color.parse(side)
    return {human.other: level}


class ComputerSetupScene(ChoiceCard):
    """Choose your side and the computer's level, with or without a handicap."""

    title = "Against the computer"
    key = "computer"
    defaults: ClassVar[Mapping[str, Any]] = {"side": "fire", "level": "casual"}
    second = ("setup.handicap", "setup.handicap_tip")

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, QuietBoard())

    def build(self, size: tuple[int, int]) -> None:
        super().build(size)
        width, height = size
        card = pygame.Rect(0, 0, min(px(640), width - 40), px(372))
        card.center = (width // 2, height // 2)
        self.panel_rect = card
        pygame_gui.elements.UILabel(
            pygame.Rect(card.x, card.y + px(12), card.width, px(64)),
            tr("menu.computer"),
            self.manager,
            object_id="#title",
        )
        rows = (
            (tr("setup.you_play"), "side", tuple((tr(key), value) for key, value in SIDES)),
            (tr("setup.level"), "level", tuple((level_name(name), name) for name in LEVELS)),
        )
        side_tip = tr("setup.fire_side_tip")
        y = self.build_choices(
            card, card.y + px(96), rows, lambda v: level_tip(v) or side_tip, step=px(64)
        )
        self.build_buttons(card, y + px(20), tr("setup.usual_start_tip"))

    @property
    def levels(self) -> dict[Color, str]:
        """The sides the computer plays, as chosen."""
        return levels_for(self.store["side"], self.store["level"])

    def start(self) -> None:
        new_game: tuple[str, dict[str, Any]] = ("computer", {})
        self.nav.go("play", session=Session("fire-and-ice", Handicap(), self.levels, new_game))

    def second_action(self) -> None:
        self.nav.go("handicap", computer=self.levels)


__all__ = ["ComputerSetupScene", "levels_for"]
