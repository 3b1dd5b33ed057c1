"""Icebreaker on the game screen: the sea of hexagons with icebergs and ships, the way
of a picked-up ship to its nearest iceberg, and the scores towards more than half."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pygame_gui

from ....engine.games.icebreaker.board import HexBoard, Side
from ....engine.records.game import GameRecord
from ...frame.cards import level_words
from ...game.view import (
    GameView,
    HintWork,
    HitLayout,
    Host,
    Moment,
    computer_title,
    expert_hint,
    moves_text,
)
from ...toolkit.art import font
from ...toolkit.language import side_name, tr
from ...toolkit.motion import ease, lerp
from ...toolkit.scaling import px
from .sea import SeaArt, SeaPicture, draw_sea, sea_art

SCORE_HEIGHT = 74


class IcebreakerView(GameView):
    """Playing Icebreaker against a friend or the computer."""

    new_label = ("view.new_game", "icebreaker.new_game_tip")
    # Its rows are lettered, and H types a move on row h: the hint is Ctrl+H here.
    keys_lines = ("keys.icebreaker_keys_1", "keys.icebreaker_keys_2")
    graph_colours = ((205, 62, 50), (150, 150, 160))  # Red's ships; Black's, lightened

    @classmethod
    def summary(cls, record: GameRecord) -> str:
        final: Any = record.positions()[len(record.moves)]
        game = tr("icebreaker.summary_side", size=record.setup.size)
        if record.computer:
            level = level_words(next(iter(dict(record.computer).values())))
            game = tr("icebreaker.summary_against", game=game, level=level)
        score = tr("icebreaker.score", red=final.red_score, black=final.black_score)
        return f"{game}: {moves_text(record)}, {score}"

    @classmethod
    def file_stem(cls, record: GameRecord) -> str:
        return f"Icebreaker side {record.setup.size}"

    @classmethod
    def new_game(cls, record: GameRecord) -> tuple[str, dict[str, Any]] | None:
        return ("icebreaker-setup", {})

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.sea: SeaArt | None = None
        self.score_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def size(self) -> int:
        """The board's side."""
        return int(self.host.controller.history.positions[0].size)

    @property
    def sea_icebergs(self) -> int | None:
        """The icebergs of a lesson's small sea (the ones floating at its start and those
        already captured), or ``None`` on a whole board, where more than half win."""
        start = self.host.controller.history.positions[0]
        count = int(start.icebergs.bit_count() + start.red_score + start.black_score)
        return None if count == HexBoard.of(self.size).iceberg_count else count

    def title(self) -> str:
        computer = self.host.session.computer
        return computer_title(computer) if computer else "Icebreaker"  # the game's name

    # --- building -------------------------------------------------------------------

    def build_board(self, rect: tuple[int, int, int, int]) -> HitLayout:
        self.sea = sea_art(rect, self.size)
        return self.sea.layout

    def build_extra(self, manager: pygame_gui.UIManager, x: int, y: int, width: int) -> int:
        board = HexBoard.of(self.size)
        sea = self.sea_icebergs
        # A lesson's small sea says so: the race to more than half of a whole board's
        # icebergs is not run there.
        goal = (
            tr("icebreaker.target", target=board.target, icebergs=board.iceberg_count)
            if sea is None
            else tr("icebreaker.lesson_sea", count=sea)
        )
        self.target_label = pygame_gui.elements.UILabel(
            pygame.Rect(x - px(8), y, width + px(16), px(20)), goal, manager, object_id="#keys"
        )
        self.score_rect = pygame.Rect(x, y + px(22), width, px(SCORE_HEIGHT - 26))
        return y + px(SCORE_HEIGHT)

    # --- words ------------------------------------------------------------------------

    def result_text(self, position: Any) -> tuple[str, str]:
        winner = position.winner
        assert winner is not None
        return (
            tr("view.wins", side=side_name(winner)),
            tr(
                "icebreaker.result",
                side=side_name(winner),
                score=position.score(winner),
                icebergs=position.board.iceberg_count,
                other=side_name(winner.other),
                other_score=position.score(winner.other),
            ),
        )

    def idle_hint(self, position: Any, selected: int | None) -> str:
        if position.is_over:
            return ""
        if selected is not None:
            return tr("icebreaker.put_down")
        passed = self.passed()
        if passed is not None:
            return tr("icebreaker.passed", side=side_name(passed), other=side_name(passed.other))
        return tr("icebreaker.pick_up")

    def passed(self) -> Side | None:
        """The side that had to pass after the last move, if one did."""
        history = self.host.controller.history
        if history.cursor == 0:
            return None
        before = history.positions[history.cursor - 1]
        after = history.position
        if not after.is_over and after.to_move == before.to_move:
            side: Side = before.to_move.other
            return side
        return None

    def hint_work(self) -> HintWork:
        return expert_hint(self.host.controller.history.position)

    # --- drawing ----------------------------------------------------------------------

    def picture(self, moment: Moment) -> SeaPicture:
        """What the sea shows now: a function of the controller's state and ``moment``."""
        controller = self.host.controller
        position = controller.shown
        last = controller.last_move
        selected = controller.selected
        paths: tuple[tuple[int, ...], ...] = ()
        targets = 0
        if selected is not None and moment.show_targets:
            targets = controller.targets
            now = controller.history.position
            paths = tuple(tuple(now.path(selected, cell)) for cell in now.board.cells_of(targets))
        picture = SeaPicture(
            red=position.red,
            black=position.black,
            icebergs=position.icebergs,
            selected=selected,
            targets=targets,
            paths=paths,
            # In an analysed game the move judged is drawn instead of the one before it.
            last_move=(last.src, last.dst) if last and moment.played is None else None,
            winner=position.winner,
            hint=moment.hint,
            marked=moment.marks,
            played=moment.played,
            cursor=moment.cursor,
            coordinates=moment.coordinates,
            finale=moment.finale,
        )
        if selected is not None and moment.drag_pos is not None:
            side = position.color_at(selected)
            assert side is not None
            return replace(picture, hidden=1 << selected, floating=((side, moment.drag_pos),))
        animation = controller.animation
        if animation is None or controller.review is not None or self.sea is None:
            return picture
        # The ship sails to its new cell; an iceberg there breaks up as it arrives.
        before, after = animation.before, animation.after
        src, dst = animation.move.src, animation.move.dst
        side = before.color_at(src)
        t = ease(animation.progress)
        holes = self.sea.layout.holes
        fading: tuple[tuple[int, float], ...] = ()
        if before.icebergs >> dst & 1:
            fading = ((dst, max(0.0, min(1.0, (1.0 - t) / 0.45))),)
        return replace(
            picture,
            red=before.red,
            black=before.black,
            icebergs=after.icebergs,
            hidden=1 << src,
            floating=((side, lerp(holes[src], holes[dst], t)),),
            fading=fading,
            targets=0,
            paths=(),
            selected=None,
            winner=None,
        )

    def draw_board(self, surface: pygame.Surface, moment: Moment) -> None:
        if self.sea is not None:
            draw_sea(surface, self.sea, self.picture(moment))

    def draw_panel(self, surface: pygame.Surface, turn_rect: pygame.Rect, side: Any) -> None:
        if side is not None and self.sea is not None:
            icon = self.sea.icons[side]
            surface.blit(icon, icon.get_rect(center=(turn_rect.x + px(17), turn_rect.centery)))
        self._draw_scores(surface)

    def _draw_scores(self, surface: pygame.Surface) -> None:
        """Each side's icebergs, as a count and a bar that fills up to the winning mark (on
        a lesson's small sea, up to all of its icebergs, with no mark)."""
        position = self.host.controller.shown
        board = position.board
        sea = self.sea_icebergs
        full = board.target if sea is None else max(1, sea)
        rect = self.score_rect
        row = rect.height // 2
        face = font(px(16))
        bar_left = rect.x + px(92)
        bar_width = rect.width - px(132)
        fills = {Side.RED: (214, 58, 44), Side.BLACK: (70, 74, 84)}
        for index, side in enumerate(Side):
            y = rect.y + index * row
            name = face.render(side_name(side), True, (251, 233, 207))
            surface.blit(name, (rect.x, y + (row - name.get_height()) // 2))
            score = face.render(str(position.score(side)), True, (255, 255, 255))
            surface.blit(score, score.get_rect(midright=(bar_left - px(8), y + row // 2)))
            bar = pygame.Rect(bar_left, y + row // 2 - px(7), bar_width, px(14))
            pygame.draw.rect(surface, (20, 12, 6), bar, border_radius=px(7))
            filled = bar.copy()
            filled.width = int(bar.width * min(1.0, position.score(side) / full))
            if filled.width > 0:
                pygame.draw.rect(surface, fills[side], filled, border_radius=px(7))
            # The winning score: its bar framed in gold once the game is won.
            won = position.winner is side
            edge, edge_width = ((255, 220, 120), px(2)) if won else ((150, 110, 70), 1)
            pygame.draw.rect(surface, edge, bar, edge_width, border_radius=px(7))
            if sea is None:
                goal = face.render(str(board.target), True, (255, 210, 120))
                surface.blit(goal, goal.get_rect(midleft=(bar.right + px(6), bar.centery)))


__all__ = ["IcebreakerView"]
