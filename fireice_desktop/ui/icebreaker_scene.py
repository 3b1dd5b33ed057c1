"""Icebreaker on the desktop: the set-up card and the game on a sea of hexagons.

The game is the same :class:`~.game_scene.GameScene` as Fire & Ice (board
controller, undo/redo, move list, hints, saving) with the sea drawn instead of the
wooden islands; against the computer it is the same
:class:`~.computer_scene.ComputerGameScene`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from ..engine.games.fireice.ai import LEVELS
from ..engine.games.icebreaker.board import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, HexBoard, Side
from ..engine.games.icebreaker.rules import IcebreakerPosition
from .board_view import font
from .computer_scene import LEVEL_TIPS, ComputerGameScene, game_title
from .game_scene import GameScene, _ease, _lerp
from .hex_view import SeaArt, SeaPicture, draw_sea, sea_art
from .menu import ChoiceCard
from .scene import backdrop, panel_width, shaded_panel

if TYPE_CHECKING:
    from .app import App

OPPONENTS = (("A friend", "friend"), ("Computer", "computer"))
SIDES = (("Red", "red"), ("Black", "black"), ("Watch", "watch"))
#: The last choices on the set-up card, kept while the app runs.
CHOICES: dict[str, Any] = {
    "size": DEFAULT_SIZE,
    "opponent": "friend",
    "side": "red",
    "level": "casual",
}
SCORE_HEIGHT = 74


def icebreaker_levels(side: str, level: str) -> dict[Side, str]:
    """The sides the computer plays: the other one, or both when watching."""
    if side == "watch":
        return {Side.RED: level, Side.BLACK: level}
    return {Side.parse(side).other: level}


def icebreaker_scene(app: App, size: int, levels: dict[Side, str] | None = None) -> IcebreakerScene:
    """A game of Icebreaker on the side-``size`` board, against the computer if ``levels``."""

    def restart() -> IcebreakerPosition:
        return IcebreakerPosition.start(size)

    def new_game() -> None:
        app.switch(IcebreakerSetupScene(app))

    if levels:
        return IcebreakerComputerScene(app, restart, game_title(levels), levels, new_game)
    return IcebreakerScene(app, restart, "Icebreaker", new_game)


class IcebreakerScene(GameScene):
    """Playing Icebreaker: ships, icebergs and the score towards more than half."""

    new_label = ("New game", "Choose the board and the opponent again (N)")

    def __init__(
        self,
        app: App,
        restart: Callable[[], IcebreakerPosition],
        title: str,
        new_game: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app, restart, title, new_game)  # type: ignore[arg-type]
        self.sea: SeaArt | None = None
        self.score_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def start_position(self) -> IcebreakerPosition:
        start = self.controller.history.positions[0]
        assert isinstance(start, IcebreakerPosition)
        return start

    # --- building ------------------------------------------------------------------

    def build_board(self, size: tuple[int, int]) -> tuple[int, int]:
        width, height = size
        side = panel_width(width)
        self.sea = sea_art((0, 0, width - side, height), self.start_position.size)
        self.layout = self.sea.layout  # type: ignore[assignment]
        self.art = None
        self.panel_rect = pygame.Rect(width - side, 0, side, height)
        return width - side + 14, side - 28

    def build_extra(self, x: int, y: int, width: int) -> int:
        board = HexBoard.of(self.start_position.size)
        self.target_label = pygame_gui.elements.UILabel(
            pygame.Rect(x - 8, y, width + 16, 20),
            f"First to {board.target} of {board.iceberg_count} icebergs wins",
            self.manager,
            object_id="#keys",
        )
        self.score_rect = pygame.Rect(x, y + 22, width, SCORE_HEIGHT - 26)
        return y + SCORE_HEIGHT

    # --- texts ---------------------------------------------------------------------

    def _turn_text(self) -> tuple[str, Any]:
        position = self.controller.shown
        winner = position.winner
        if winner is not None:
            return f"{winner.title} wins!", winner
        return f"{position.to_move.title} to move", position.to_move

    def _result_text(self) -> tuple[str, str]:
        position = self.controller.history.position
        assert isinstance(position, IcebreakerPosition)
        winner = position.winner
        assert winner is not None
        board = position.board
        return (
            f"{winner.title} wins!",
            f"{winner.title} took {position.score(winner)} of {board.iceberg_count} icebergs; "
            f"{winner.other.title} {position.score(winner.other)}.",
        )

    def _hint_text(self) -> str:
        controller = self.controller
        position = controller.history.position
        if position.is_over:
            return ""
        if controller.selected is not None:
            return "Click an orange dot, or drag the ship there. Esc puts it back."
        passed = self._passed()
        if passed is not None:
            return (
                f"{passed.title} has no legal move and passes: "
                f"{passed.other.title} moves again. Click one of your ships."
            )
        return "Click one of your ships: it must step closer to its nearest iceberg."

    def _passed(self) -> Side | None:
        """The side that had to pass after the last move, if one did."""
        history = self.controller.history
        if history.cursor == 0:
            return None
        before = history.positions[history.cursor - 1]
        after = history.position
        if not after.is_over and after.to_move == before.to_move:
            side: Side = before.to_move.other
            return side
        return None

    # --- drawing -------------------------------------------------------------------

    def picture(self) -> SeaPicture:  # type: ignore[override]
        """What the sea shows now: a function of the controller's state."""
        controller = self.controller
        position = controller.shown
        assert isinstance(position, IcebreakerPosition)
        last = controller.last_move
        selected = controller.selected
        paths: tuple[tuple[int, ...], ...] = ()
        targets = 0
        if selected is not None and self.app.settings.show_legal_moves:
            targets = controller.targets
            now = controller.history.position
            assert isinstance(now, IcebreakerPosition)
            paths = tuple(tuple(now.path(selected, cell)) for cell in now.board.cells_of(targets))
        picture = SeaPicture(
            red=position.red,
            black=position.black,
            icebergs=position.icebergs,
            selected=selected,
            targets=targets,
            paths=paths,
            last_move=(last.src, last.dst) if last else None,
            winner=position.winner,
            hint=(
                (self.hint.src, self.hint.dst)
                if self.hint is not None
                and controller.review is None
                and selected is None
                and controller.animation is None
                else None
            ),
        )
        if selected is not None and self.drag_pos is not None:
            side = position.color_at(selected)
            assert side is not None
            return replace(picture, hidden=1 << selected, floating=((side, self.drag_pos),))
        animation = controller.animation
        if animation is None or controller.review is not None or self.layout is None:
            return picture
        # The ship sails to its new cell; an iceberg there breaks up as it arrives.
        before, after = animation.before, animation.after
        src, dst = animation.move.src, animation.move.dst
        side = before.color_at(src)
        t = _ease(animation.progress)
        holes = self.layout.holes
        fading: tuple[tuple[int, float], ...] = ()
        if before.icebergs >> dst & 1:
            fading = ((dst, max(0.0, min(1.0, (1.0 - t) / 0.45))),)
        return replace(
            picture,
            red=before.red,
            black=before.black,
            icebergs=after.icebergs,
            hidden=1 << src,
            floating=((side, _lerp(holes[src], holes[dst], t)),),
            fading=fading,
            targets=0,
            paths=(),
            selected=None,
            winner=None,
        )

    def draw(self, surface: pygame.Surface) -> None:
        if self.sea is None:
            return
        surface.blit(backdrop(surface.get_size()), (0, 0))
        draw_sea(surface, self.sea, self.picture())
        surface.blit(shaded_panel(self.panel_rect.size), self.panel_rect.topleft)
        pygame.draw.line(
            surface, (122, 82, 48), self.panel_rect.topleft, self.panel_rect.bottomleft, 2
        )
        self._draw_turn_icon(surface)
        self._draw_scores(surface)

    def _draw_turn_icon(self, surface: pygame.Surface) -> None:
        _, side = self._turn_text()
        if side is not None and self.sea is not None:
            icon = self.sea.icons[side]
            centre = (self.turn_rect.x + 17, self.turn_rect.centery)
            surface.blit(icon, icon.get_rect(center=centre))

    def _draw_scores(self, surface: pygame.Surface) -> None:
        """Each side's icebergs, as a count and a bar that fills up to the winning mark."""
        position = self.controller.shown
        assert isinstance(position, IcebreakerPosition)
        board = position.board
        rect = self.score_rect
        row = rect.height // 2
        face = font(16)
        bar_left = rect.x + 92
        bar_width = rect.width - 92 - 40
        fills = {Side.RED: (214, 58, 44), Side.BLACK: (70, 74, 84)}
        for index, side in enumerate(Side):
            y = rect.y + index * row
            name = face.render(side.title, True, (251, 233, 207))
            surface.blit(name, (rect.x, y + (row - name.get_height()) // 2))
            score = face.render(str(position.score(side)), True, (255, 255, 255))
            surface.blit(score, score.get_rect(midright=(bar_left - 8, y + row // 2)))
            bar = pygame.Rect(bar_left, y + row // 2 - 7, bar_width, 14)
            pygame.draw.rect(surface, (20, 12, 6), bar, border_radius=7)
            filled = bar.copy()
            filled.width = int(bar.width * min(1.0, position.score(side) / board.target))
            if filled.width > 0:
                pygame.draw.rect(surface, fills[side], filled, border_radius=7)
            pygame.draw.rect(surface, (150, 110, 70), bar, 1, border_radius=7)
            goal = face.render(str(board.target), True, (255, 210, 120))
            surface.blit(goal, goal.get_rect(midleft=(bar.right + 6, bar.centery)))


class IcebreakerComputerScene(ComputerGameScene, IcebreakerScene):
    """Icebreaker against the computer: the computer player of Fire & Ice on the sea."""


class IcebreakerSetupScene(ChoiceCard):
    """Choose the board's size and the opponent: a friend, or the computer at a level."""

    title = "Icebreaker"
    store = CHOICES
    second = ("Rules", "How Icebreaker is played")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.sea: SeaArt | None = None
        # A game some way in, for the sea shown behind the card.
        position = IcebreakerPosition.start()
        rng = random.Random(5)
        for _ in range(24):
            position = position.play_unchecked(rng.choice(position.legal_moves()))
        self.sea_position = position

    def build_backdrop(self, size: tuple[int, int]) -> None:
        self.sea = sea_art((0, 0, *size), self.sea_position.size)

    def draw_game_behind(self, surface: pygame.Surface) -> None:
        if self.sea is not None:
            p = self.sea_position
            draw_sea(surface, self.sea, SeaPicture(p.red, p.black, p.icebergs))

    def build(self, size: tuple[int, int]) -> None:
        self.build_backdrop(size)
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
        computer = CHOICES["opponent"] == "computer"
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
        levels = None
        if CHOICES["opponent"] == "computer":
            levels = icebreaker_levels(CHOICES["side"], CHOICES["level"])
        self.app.switch(icebreaker_scene(self.app, CHOICES["size"], levels))

    def second_action(self) -> None:
        from .rules_scene import ICEBREAKER_CHAPTER, RulesScene

        self.app.switch(RulesScene(self.app, chapter=ICEBREAKER_CHAPTER))


__all__ = [
    "IcebreakerComputerScene",
    "IcebreakerScene",
    "IcebreakerSetupScene",
    "icebreaker_levels",
    "icebreaker_scene",
]
