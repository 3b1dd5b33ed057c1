"""Icebreaker's set-up card: the board's size, and a friend or the computer at a level."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import pygame
import pygame_gui

from ...engine.games.icebreaker.ai import LEVELS
from ...engine.games.icebreaker.board import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, HexBoard, Side
from ...engine.games.icebreaker.spec import Sea
from ..backdrops import SeaInPlay
from ..cards import LEVEL_TIPS, ChoiceCard
from ..game.players import Session
from ..navigation import Context

OPPONENTS = (("A friend", "friend"), ("Computer", "computer"))
SIDES = (("Red", "red"), ("Black", "black"), ("Watch", "watch"))


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
    second = ("Rules", "How Icebreaker is played")

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, SeaInPlay())

    def build(self, size: tuple[int, int]) -> None:
        super().build(size)
        width, height = size
        m = self.manager
        card = pygame.Rect(0, 0, min(680, width - 40), 480)
        card.center = (width // 2, height // 2)
        self.panel_rect = card
        pygame_gui.elements.UILabel(
            pygame.Rect(card.x, card.y + 10, card.width, 60), "Icebreaker", m, object_id="#title"
        )
        pygame_gui.elements.UILabel(
            pygame.Rect(card.x, card.y + 64, card.width, 26),
            "a game by Mark Steere",
            m,
            object_id="#subtitle",
        )
        tips = {
            "friend": "Two players at this computer, taking turns",
            "computer": "Play against the computer",
            "red": "Red moves first",
            "black": "Black moves second",
            "watch": "The computer plays both sides",
            **LEVEL_TIPS,
        }
        for n in range(MIN_SIZE, MAX_SIZE + 1):
            board = HexBoard.of(n)
            tips[str(n)] = (
                f"{board.cell_count} cells, {board.iceberg_count} icebergs, first to {board.target}"
            )
        rows = (
            ("Board side", "size", tuple((str(n), n) for n in range(MIN_SIZE, MAX_SIZE + 1))),
            ("Opponent", "opponent", OPPONENTS),
            ("You play", "side", SIDES),
            ("Computer level", "level", tuple((name.capitalize(), name) for name in LEVELS)),
        )
        y = self.build_choices(card, card.y + 104, rows, lambda v: tips.get(str(v)), step=60)
        self.build_buttons(card, y + 16, "Start the game (Enter)")

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
