"""The wooden board with its pegs, as Fire & Ice and its solitaire both show it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from ....engine.games.fireice.rules import Color
from ....engine.games.fireice.solitaire import PEGS_PER_COLOR
from ...frame.scene import backdrop
from ...game.view import GameView, HitLayout, Host, Moment
from ...toolkit.motion import Point, ease, lerp
from ...toolkit.scaling import px
from .board import BoardPicture, draw_board, pocket_slot
from .board_art import BoardArt, board_art
from .layout import BoardLayout


class PegView(GameView):
    """A game of pegs on the seven islands."""

    pocket_labels = ("side.fire", "side.ice")  # keys of the names under the trays
    #: Whether a move leaves an opponent's peg in the hole left (Fire & Ice) rather than
    #: capturing one (the solitaire).
    drops_a_peg = True
    fills_its_board = True  # the wooden board, edge to edge, laid on the table itself

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.art: BoardArt | None = None
        self.layout: BoardLayout | None = None

    def build_board(self, rect: tuple[int, int, int, int]) -> HitLayout:
        self.art = board_art(rect, self.pocket_labels)
        self.layout = self.art.layout
        return self.layout

    def pocket_counts(self, position: Any) -> tuple[int, int]:
        """What lies in the two pockets: the supplies, or in the solitaire the captured pegs."""
        if self.drops_a_peg:
            return (position.fire_supply, position.ice_supply)
        fire, ice = position.fire.bit_count(), position.ice.bit_count()
        return (PEGS_PER_COLOR - fire, PEGS_PER_COLOR - ice)

    def winning_line(self, position: Any) -> tuple[Color, tuple[int, int, int]] | None:
        """The winner and the three islands in a line, when there are some."""
        return None

    def picture(self, moment: Moment) -> BoardPicture:
        """What the board shows now: a function of the controller's state and ``moment``."""
        controller = self.host.controller
        assert self.layout is not None
        position = controller.shown
        won = self.winning_line(position)
        last = controller.last_move
        picture = BoardPicture(
            fire=position.fire,
            ice=position.ice,
            supplies=self.pocket_counts(position),
            selected=controller.selected,
            targets=controller.targets if moment.show_targets else 0,
            # In an analysed game the move judged is drawn instead of the one before it.
            last_move=(last.src, last.dst) if last and moment.played is None else None,
            winning_islands=won[1] if won else None,
            winner=won[0] if won else None,
            show_control=self.drops_a_peg,
            hint=moment.hint,
            marked=moment.marks,
            played=moment.played,
            cursor=moment.cursor,
            coordinates=moment.coordinates,
            # The finale lights the winning islands one after the other, then the line.
            lit=3 if moment.finale is None else min(3, int(moment.finale * 4)),
        )
        holes = self.layout.holes
        if controller.selected is not None and moment.drag_pos is not None:
            color = position.color_at(controller.selected)
            assert color is not None
            return replace(
                picture,
                hidden=1 << controller.selected,
                floating=((color, moment.drag_pos, True),),
            )
        animation = controller.animation
        if animation is None or controller.review is not None:
            return picture
        # The moving peg travels first; then, in the two-player game, the opponent's peg
        # drops from its pocket into the hole left behind, or in the solitaire the
        # captured peg goes to its colour's pocket.
        src, dst = animation.move
        before, after = animation.before, animation.after
        mover = before.color_at(src)
        assert mover is not None
        travel = 0.62
        p = animation.progress
        floating: tuple[tuple[Color, Point, bool], ...] = ()
        if p < travel:
            base = before
            hidden = 1 << src
            t = ease(p / travel)
            floating = ((mover, lerp(holes[src], holes[dst], t), True),)
        else:
            base = after
            t = ease((p - travel) / (1 - travel))
            if self.drops_a_peg:
                hidden = 1 << src
                dropped = after.color_at(src)
                if dropped is not None:
                    slot = pocket_slot(self.layout, dropped, before.supply(dropped) - 1)
                    floating = ((dropped, lerp(slot, holes[src], t), t < 0.85),)
            else:
                captured = mover.other
                counts = self.pocket_counts(before)
                slot = pocket_slot(self.layout, captured, counts[captured.value])
                floating = ((captured, lerp(holes[dst], slot, t), True),)
                return replace(
                    picture,
                    fire=after.fire,
                    ice=after.ice,
                    supplies=counts,
                    floating=floating,
                    targets=0,
                    selected=None,
                )
        return replace(
            picture,
            fire=base.fire,
            ice=base.ice,
            supplies=self.pocket_counts(base),
            hidden=hidden,
            floating=floating,
            targets=0,
            selected=None,
            winning_islands=None,
            winner=None,
        )

    def draw_board(self, surface: pygame.Surface, moment: Moment) -> None:
        if self.art is not None:
            table = backdrop(surface.get_size())
            draw_board(surface, self.art, self.picture(moment), table, moment.untouched)

    def draw_panel(self, surface: pygame.Surface, turn_rect: pygame.Rect, side: Any) -> None:
        if side is not None and self.art is not None:
            icon = pygame.transform.smoothscale(self.art.pegs[side], (px(30), px(30)))
            surface.blit(icon, (turn_rect.x, turn_rect.y + px(5)))


__all__ = ["PegView"]
