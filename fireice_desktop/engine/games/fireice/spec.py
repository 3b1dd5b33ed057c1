"""Fire & Ice and its solitaire as the registry knows them (:mod:`...registry`).

Each game is described once here: its names, its set-up (a handicap; a deal number)
in records, in text and on the command line (whose commands :mod:`.command_line`
describes), how the command line shows a position, and for the two-player game the
computer's levels, search and hint reasons.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Literal

from ...command_line import CommandLine
from ...errors import NotationError
from ...interface import GameState
from ...levels import Budget, Level
from ...registry import Assessment, Game, RootSearch
from ...words import Words, quoted, say
from . import proof, solver, symmetry, textboard
from .ai import computer as ai
from .board import HOLE_COUNT, ISLANDS, Hole, hole_name, parse_hole, parse_holes
from .command_line import FIRE_AND_ICE_COMMANDS, SOLITAIRE_COMMANDS
from .formats import position_json, position_report, solitaire_board, solitaire_json
from .puzzles import MOST_MOVES
from .rules import CENTRE, MAX_HANDICAP, Color, Position, check_handicap
from .solitaire import FIRST_DEAL, SolitairePosition, check_deal, parse_deal


@dataclass(frozen=True)
class Handicap:
    """Fire & Ice's set-up: extra pegs for one side (none: the usual start)."""

    holes: tuple[Hole, ...] = ()
    side: Color = Color.FIRE

    def __post_init__(self) -> None:
        # Without pegs the side means nothing: one spelling of "no handicap", so that
        # equal games give equal records.
        if not self.holes and self.side is not Color.FIRE:
            object.__setattr__(self, "side", Color.FIRE)


@dataclass(frozen=True)
class Deal:
    """The solitaire's set-up: the deal number, 1 to 1,000,000."""

    number: int = FIRST_DEAL


class FireAndIce(Game):
    """The two-player game (RULES.md §2)."""

    name: ClassVar[str] = "fire-and-ice"
    title: ClassVar[str] = "Fire & Ice"
    title_key: ClassVar[str | None] = "parse.title_fire_and_ice"
    aliases: ClassVar[tuple[str, ...]] = ("fireice", "fire and ice")
    move_example: ClassVar[str] = "F6-C6"
    setup_fields: ClassVar[Mapping[str, tuple[str, str]]] = {"handicap": ("Handicap", "a handicap")}
    levels: ClassVar[Mapping[str, Level]] = ai.LEVELS
    analysis: ClassVar[Level | None] = ai.ANALYSIS
    chance_curve: ClassVar[tuple[float, float]] = ai.CHANCE_CURVE
    command_line: ClassVar[CommandLine | None] = FIRE_AND_ICE_COMMANDS
    code_number: ClassVar[int | None] = 1

    def default_setup(self) -> Handicap:
        return Handicap()

    def start(self, setup: Handicap) -> Position:
        return Position.start(setup.holes, setup.side)

    def setup_of(self, start: GameState) -> Handicap:
        assert isinstance(start, Position)
        side = Color.ICE if start.ice else Color.FIRE
        extra = start.pegs(side) & ~(1 << CENTRE)
        return Handicap(tuple(hole for hole in range(HOLE_COUNT) if extra >> hole & 1), side)

    def parse_side(self, text: str) -> Color:
        return Color.parse(text)

    def side_example(self) -> str:
        return "Ice expert"

    def setup_arguments(self, setup: Handicap) -> list[str]:
        if not setup.holes:
            return []
        holes = ",".join(hole_name(hole) for hole in setup.holes)
        return ["--handicap-at", holes, "--side", setup.side.key]

    def setup_from_options(self, values: Mapping[str, Any]) -> Handicap:
        side = Color.parse(values["side"])
        text = values["handicap_at"]
        if text is None:
            return Handicap((), side)
        try:
            holes = check_handicap(parse_holes(text))
        except ValueError as error:
            raise ValueError(f"--handicap-at {quoted(text)}: {error}") from None
        if not holes:
            raise ValueError(
                f"--handicap-at {quoted(text)}: name 1 to {MAX_HANDICAP} holes, like A3,B5"
            )
        return Handicap(holes, side)

    def setup_to_numbers(self, setup: Handicap) -> tuple[int, ...]:
        """The handicap's side (0 Fire, 1 Ice) and its holes; nothing without a handicap."""
        return (setup.side.value, *setup.holes) if setup.holes else ()

    def setup_from_numbers(self, numbers: Sequence[int]) -> Handicap:
        if not numbers:
            return Handicap()
        side, *holes = numbers
        if side not in (0, 1) or not holes or any(hole >= HOLE_COUNT for hole in holes):
            raise NotationError("the handicap is not a side and its holes")
        try:
            return Handicap(check_handicap(holes), Color.ICE if side else Color.FIRE)
        except ValueError as error:
            raise NotationError(str(error)) from None

    def setup_to_json(self, setup: Handicap) -> dict[str, Any]:
        if not setup.holes:
            return {}
        return {"handicap": {"side": setup.side.key, "holes": [hole_name(h) for h in setup.holes]}}

    def setup_from_json(self, data: Mapping[str, Any]) -> Handicap:
        raw = data.get("handicap")
        if raw is None:
            return Handicap()
        if not isinstance(raw, dict):
            raise NotationError.of("parse.handicap_shape")
        side_text = raw.get("side", "fire")
        holes_raw = raw.get("holes", [])
        if (
            not isinstance(side_text, str)
            or not isinstance(holes_raw, list)
            or not all(isinstance(h, str) for h in holes_raw)
        ):
            raise NotationError.of("parse.handicap_shape")
        side = Color.parse(side_text)
        return Handicap(check_handicap(parse_hole(h) for h in holes_raw), side)

    def setup_to_text(self, setup: Handicap) -> list[str]:
        if not setup.holes:
            return []
        return [f"Handicap: {setup.side.title} {' '.join(hole_name(h) for h in setup.holes)}"]

    def setup_from_text(self, headers: Mapping[str, str]) -> Handicap:
        if "Handicap" not in headers:
            return Handicap()
        parts = headers["Handicap"].replace(",", " ").split()
        if len(parts) < 2:
            raise NotationError.of("parse.handicap_text", text=quoted(headers["Handicap"]))
        side = Color.parse(parts[0])
        return Handicap(check_handicap(parse_hole(part) for part in parts[1:]), side)

    def position_json(self, setup: Any, position: GameState) -> dict[str, Any]:
        assert isinstance(position, Position)
        return position_json(position)

    def describe(self, position: GameState) -> str:
        assert isinstance(position, Position)
        return textboard.render(position) + "\n" + position_report(position)

    def searcher(self, budget: Budget, stop: Callable[[], bool] | None) -> RootSearch:
        return ai.BitboardSearch(budget, stop)

    def distinct_moves(self, position: GameState, moves: list[Any]) -> list[Any]:
        assert isinstance(position, Position)
        return symmetry.distinct_moves(position, moves)

    def seed_key(self, position: GameState) -> str:
        assert isinstance(position, Position)
        return (
            f"{position.fire}:{position.ice}:{position.fire_supply}:"
            f"{position.ice_supply}:{position.to_move.value}"
        )

    def explain(self, position: GameState, move: Any) -> Words | Literal[""]:
        assert isinstance(position, Position)
        return ai.explain(position, move)

    def keeps_win(self, position: GameState, move: Any) -> bool | None:
        """Whether ``move`` keeps a forced win within :data:`~.puzzles.MOST_MOVES` moves,
        by the exact search (``None`` beyond its node limit)."""
        assert isinstance(position, Position)
        return proof.keeps_win(position, move, MOST_MOVES)

    def win_words(self, position: GameState) -> Words | None:
        assert isinstance(position, Position)
        won = position.winning_line()
        if won is None:
            return None
        return say("tutor.with_line", line="-".join(ISLANDS[island] for island in won[1]))


class Solitaire(Game):
    """The boxed edition's solitaire puzzle (RULES.md §3)."""

    name: ClassVar[str] = "solitaire"
    title: ClassVar[str] = "Fire & Ice solitaire"
    title_key: ClassVar[str | None] = "parse.title_solitaire"
    aliases: ClassVar[tuple[str, ...]] = ("fire & ice solitaire",)
    move_example: ClassVar[str] = "F6-C6"
    setup_fields: ClassVar[Mapping[str, tuple[str, str]]] = {"deal": ("Deal", "deal numbers")}
    solo: ClassVar[bool] = True
    command_line: ClassVar[CommandLine | None] = SOLITAIRE_COMMANDS

    def default_setup(self) -> Deal:
        return Deal()

    def start(self, setup: Deal) -> SolitairePosition:
        return SolitairePosition.deal(setup.number)

    def parse_side(self, text: str) -> Color:
        return Color.parse(text)

    def side_example(self) -> str:
        return "Ice expert"

    def setup_from_options(self, values: Mapping[str, Any]) -> Deal:
        try:
            return Deal(parse_deal(values["deal"]))
        except ValueError as error:
            raise ValueError(f"--deal: {error}") from None

    def setup_to_json(self, setup: Deal) -> dict[str, Any]:
        return {"deal": setup.number}

    def setup_from_json(self, data: Mapping[str, Any]) -> Deal:
        deal = data.get("deal")
        if not isinstance(deal, int) or isinstance(deal, bool):
            raise NotationError.of("parse.deal_not_number", deal=quoted(deal))
        return Deal(_deal(deal))

    def setup_to_text(self, setup: Deal) -> list[str]:
        return [f"Deal: {setup.number}"]

    def setup_from_text(self, headers: Mapping[str, str]) -> Deal:
        deal_text = headers.get("Deal")
        if deal_text is None or not re.fullmatch(r"[0-9][0-9,]{0,15}", deal_text):
            raise NotationError.of("parse.deal_text", text=quoted(deal_text))
        return Deal(_deal(int(deal_text.replace(",", ""))))

    def position_json(self, setup: Deal, position: GameState) -> dict[str, Any]:
        assert isinstance(position, SolitairePosition)
        return solitaire_json(setup.number, position)

    def describe(self, position: GameState) -> str:
        assert isinstance(position, SolitairePosition)
        return solitaire_board(position) + f"\nPegs left: {position.pegs_left}"

    def seed_key(self, position: GameState) -> str:
        assert isinstance(position, SolitairePosition)
        return f"{position.fire}:{position.ice}:{position.to_move}"

    def assess(self, position: GameState, stop: Callable[[], bool] | None) -> Assessment:
        """Whether the deal can still be won from ``position``, as the solver decides
        it: a chance of 1 or 0 (one half if it could not decide within its node limit),
        and the next move of a winning line."""
        assert isinstance(position, SolitairePosition)
        found = solver.Solver().solve(position, solver.HINT_NODE_LIMIT, stop)
        if found.line is not None:
            return Assessment(
                found.line[0] if found.line else None, 1.0, None, len(found.line) or 1
            )
        if not found.complete:
            return Assessment(None, 0.5, None, 0)
        return Assessment(None, 0.0, None, -1)

    def explain(self, position: GameState, move: Any) -> Words:
        return say("reason.keeps_winnable")


def _deal(number: int) -> int:
    try:
        return check_deal(number)
    except ValueError as error:
        raise NotationError.of("parse.solitaire_record", error=str(error)) from None


FIRE_AND_ICE: Final = FireAndIce()
SOLITAIRE: Final = Solitaire()

__all__ = ["FIRE_AND_ICE", "SOLITAIRE", "Deal", "FireAndIce", "Handicap", "Solitaire"]
