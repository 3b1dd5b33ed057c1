"""Fire & Ice on the game screen: titles, the end of a game, and the expert's hint."""

from __future__ import annotations

from typing import Any

from ....engine.games.fireice.board import ISLANDS
from ....engine.games.fireice.rules import Color, Position
from ....engine.records.game import GameRecord
from ...frame.cards import level_words
from ...game.view import HintWork, Host, computer_title, expert_hint, moves_text
from ...toolkit.language import side_name, tr
from .pegs import PegView


def handicap_title(count: int, side: Color) -> str:
    """The game's title for a handicap of ``count`` pegs for ``side``."""
    return tr(f"fireice.handicap_title_{side.key}", count=count)


class FireIceView(PegView):
    """The two-player game, with or without a handicap, against a friend or the computer."""

    practice_route = "practice"

    @classmethod
    def summary(cls, record: GameRecord) -> str:
        final: Any = record.positions()[len(record.moves)]
        if record.computer:
            levels = dict(record.computer)
            level = next(iter(levels.values()))
            who = (
                tr("fireice.computer_itself", level=level_words(level))
                if len(levels) == 2
                else tr("fireice.you_against", level=level_words(level))
            )
        else:
            who = tr("menu.handicap" if record.setup.holes else "menu.two_players")
        state = (
            tr("fireice.has_won", side=side_name(final.winner))
            if final.winner
            else tr("view.to_move", side=side_name(final.to_move))
        )
        return f"{who}: {moves_text(record)}, {state}"

    @classmethod
    def file_stem(cls, record: GameRecord) -> str:
        return "Fire and Ice"

    @classmethod
    def new_game(cls, record: GameRecord) -> tuple[str, dict[str, Any]] | None:
        if record.computer:
            return ("computer", {})
        if record.setup.holes:
            return ("handicap", {"handicap": record.setup})
        return None

    def title(self) -> str:
        session = self.host.session
        if session.computer:
            return computer_title(session.computer)
        holes = session.setup.holes if session.setup is not None else ()
        if holes:
            return handicap_title(len(holes), session.setup.side)
        return tr("menu.two_players")

    def handicapped(self) -> bool:
        setup = self.host.session.setup
        return setup is not None and bool(setup.holes)

    def winning_line(self, position: Any) -> tuple[Color, tuple[int, int, int]] | None:
        assert isinstance(position, Position)
        return position.winning_line()

    def result_text(self, position: Any) -> tuple[str, str]:
        won = position.winning_line()
        winner = position.winner
        assert winner is not None
        wins = tr("view.wins", side=side_name(winner))
        if won is None:
            return wins, tr("fireice.no_legal_move", side=side_name(position.to_move))
        a, b, c = (ISLANDS[i] for i in won[1])
        return wins, tr("fireice.line", a=a, b=b, c=c)

    def hint_work(self) -> HintWork:
        return expert_hint(self.host.controller.history.position)


def board_view(game: str, host: Host) -> FireIceView:
    """The view a trainer's board (puzzles, practice) is drawn with: Fire & Ice's."""
    return FireIceView(host)


__all__ = ["FireIceView", "board_view", "handicap_title"]
