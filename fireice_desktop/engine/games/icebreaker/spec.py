"""Icebreaker as the registry knows it (:mod:`...registry`): its names, its board size
in records, in text and on the command line (whose commands :mod:`.command_line`
describes), how the command line shows a position, and the computer's levels, search
and hint reasons."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Literal

from ...command_line import CommandLine
from ...errors import NotationError
from ...interface import GameState
from ...levels import Budget, Level
from ...registry import Game, RootSearch
from ...treesearch import TreeSearch
from ...words import Words, quoted
from . import ai
from .board import DEFAULT_SIZE, Side, check_size
from .command_line import ICEBREAKER_COMMANDS
from .formats import icebreaker_json, icebreaker_report
from .rules import IcebreakerPosition
from .textboard import render


@dataclass(frozen=True)
class Sea:
    """Icebreaker's set-up: the board's side, 4 to 8."""

    size: int = DEFAULT_SIZE


class Icebreaker(Game):
    """Mark Steere's Icebreaker (RULES.md §4)."""

    name: ClassVar[str] = "icebreaker"
    title: ClassVar[str] = "Icebreaker"
    title_key: ClassVar[str | None] = "parse.title_icebreaker"
    move_example: ClassVar[str] = "a1-b2"
    setup_fields: ClassVar[Mapping[str, tuple[str, str]]] = {"size": ("Size", "a board size")}
    levels: ClassVar[Mapping[str, Level]] = ai.LEVELS
    analysis: ClassVar[Level | None] = ai.ANALYSIS
    chance_curve: ClassVar[tuple[float, float]] = ai.CHANCE_CURVE
    command_line: ClassVar[CommandLine | None] = ICEBREAKER_COMMANDS
    code_number: ClassVar[int | None] = 2

    def default_setup(self) -> Sea:
        return Sea()

    def start(self, setup: Sea) -> IcebreakerPosition:
        return IcebreakerPosition.start(setup.size)

    def setup_of(self, start: GameState) -> Sea:
        assert isinstance(start, IcebreakerPosition)
        return Sea(start.size)

    def parse_side(self, text: str) -> Side:
        return Side.parse(text)

    def side_example(self) -> str:
        return "Black expert"

    def setup_arguments(self, setup: Sea) -> list[str]:
        return ["--size", str(setup.size)]

    def setup_from_options(self, values: Mapping[str, Any]) -> Sea:
        return Sea(values["board_size"])

    def setup_to_numbers(self, setup: Sea) -> tuple[int, ...]:
        return (setup.size,)

    def setup_from_numbers(self, numbers: Sequence[int]) -> Sea:
        if len(numbers) != 1:
            raise NotationError("Icebreaker's set-up is one number, its board size")
        return Sea(_size(numbers[0]))

    def setup_to_json(self, setup: Sea) -> dict[str, Any]:
        return {"size": setup.size}

    def setup_from_json(self, data: Mapping[str, Any]) -> Sea:
        raw = data.get("size", DEFAULT_SIZE)
        if not isinstance(raw, int) or isinstance(raw, bool):
            raise NotationError.of("parse.size_not_number", size=quoted(raw))
        return Sea(_size(raw))

    def setup_to_text(self, setup: Sea) -> list[str]:
        return [f"Size: {setup.size}"]

    def setup_from_text(self, headers: Mapping[str, str]) -> Sea:
        size_text = headers.get("Size", str(DEFAULT_SIZE))
        if not re.fullmatch(r"[0-9]{1,2}", size_text):
            raise NotationError.of("parse.size_text", text=quoted(size_text))
        return Sea(_size(int(size_text)))

    def position_json(self, setup: Any, position: GameState) -> dict[str, Any]:
        assert isinstance(position, IcebreakerPosition)
        return icebreaker_json(position)

    def describe(self, position: GameState) -> str:
        assert isinstance(position, IcebreakerPosition)
        return render(position) + "\n" + icebreaker_report(position)

    def searcher(self, budget: Budget, stop: Callable[[], bool] | None) -> RootSearch:
        return TreeSearch(ai.evaluate, budget, stop, ai.capture_first)

    def seed_key(self, position: GameState) -> str:
        assert isinstance(position, IcebreakerPosition)
        return (
            f"icebreaker:{position.size}:{position.red}:{position.black}:{position.icebergs}:"
            f"{position.red_score}:{position.black_score}:{position.to_move.value}"
        )

    def explain(self, position: GameState, move: Any) -> Words | Literal[""]:
        assert isinstance(position, IcebreakerPosition)
        return ai.explain(position, move)


def _size(raw: int) -> int:
    try:
        return check_size(raw)
    except ValueError as error:
        raise NotationError.of("parse.icebreaker_record", error=str(error)) from None


ICEBREAKER: Final = Icebreaker()

__all__ = ["ICEBREAKER", "Icebreaker", "Sea"]
