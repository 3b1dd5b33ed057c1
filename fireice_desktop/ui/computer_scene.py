"""Playing against the computer: the set-up card and the game where one side thinks.

The computer's search runs on a background :class:`~.worker.Job`, so the window
stays responsive; leaving the game, undoing or starting again cancels it.  Its
move is played after a short pause, animated like a player's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ..engine.games.fireice.ai import LEVELS
from ..engine.games.fireice.rules import Color, Move, Position
from ..engine.games.fireice.solitaire import SolitairePosition
from ..engine.record import GameRecord
from ..engine.search import search
from .game_scene import GameScene
from .handicap_scene import HandicapScene
from .menu import ChoiceCard
from .worker import Job

if TYPE_CHECKING:
    from .app import App

THINKING_PAUSE = 0.7  # seconds: even an instant answer waits this long, as a person would
LEVEL_TIPS = {
    "beginner": "Gentle: looks one move ahead and often misses things",
    "casual": "Looks two moves ahead, with the odd slip",
    "strong": "Looks three moves ahead and does not slip",
    "expert": "Searches as deep as it can: the strongest",
}
SIDES = (("Fire", "fire"), ("Ice", "ice"), ("Watch", "watch"))
#: The last choices on the set-up card, kept while the app runs.
CHOICES = {"side": "fire", "level": "casual"}


def levels_for(side: str, level: str) -> dict[Color, str]:
    """Which colours the computer plays: the other side, or both when watching."""
    if side == "watch":
        return {Color.FIRE: level, Color.ICE: level}
    human = Color.parse(side)
    return {human.other: level}


def game_title(levels: dict[Color, str]) -> str:
    """The panel's title: who plays whom (short enough for the narrowest panel)."""
    if len(levels) == 2:
        return f"Watching the {next(iter(levels.values()))} level"
    (color, level), *_ = levels.items()
    return f"You ({color.other.title}) vs {level}"


class ComputerSetupScene(ChoiceCard):
    """Choose your side and the computer's level, with or without a handicap."""

    title = "Against the computer"
    store = CHOICES
    second = ("Handicap...", "Give one side extra pegs first")

    def build(self, size: tuple[int, int]) -> None:
        self.build_backdrop(size)
        width, height = size
        card = pygame.Rect(0, 0, min(640, width - 40), 372)
        card.center = (width // 2, height // 2)
        self.panel_rect = card
        pygame_gui.elements.UILabel(
            pygame.Rect(card.x, card.y + 12, card.width, 64),
            "Against the computer",
            self.manager,
            object_id="#title",
        )
        rows = (
            ("You play", "side", SIDES),
            ("Computer level", "level", tuple((name.capitalize(), name) for name in LEVELS)),
        )
        side_tip = "Fire moves first; Watch lets the computer play both"
        y = self.build_choices(
            card, card.y + 96, rows, lambda v: LEVEL_TIPS.get(v, side_tip), step=64
        )
        self.build_buttons(card, y + 20, "Play from the usual start (Enter)")

    def start(self, handicap: bool = False) -> None:
        app = self.app
        levels = levels_for(CHOICES["side"], CHOICES["level"])

        def make_game(
            app: App, restart: Callable[[], Position], note: str, new_game: Callable[[], None]
        ) -> ComputerGameScene:
            return ComputerGameScene(app, restart, game_title(levels), levels, new_game)

        if handicap:
            app.switch(HandicapScene(app, make_game=make_game))
        else:
            app.switch(
                make_game(app, Position.start, "", lambda: app.switch(ComputerSetupScene(app)))
            )

    def second_action(self) -> None:
        self.start(handicap=True)


class ComputerGameScene(GameScene):
    """A game where ``levels`` names the computer's level for each colour it plays."""

    def __init__(
        self,
        app: App,
        restart: Callable[[], Position],
        title: str,
        levels: dict[Color, str],
        new_game: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app, restart, title, new_game)
        self.levels = levels
        self.think_job: Job[Move] | None = None
        self.think_position: object = None
        self.think_time = 0.0
        self.think_phase = -1

    # --- whose turn -----------------------------------------------------------------

    def computer_to_move(self) -> Color | None:
        """The colour the computer is to play now, if it is its turn and the game is on."""
        position = self.controller.history.position
        if isinstance(position, SolitairePosition) or position.is_over:
            return None
        return position.to_move if position.to_move in self.levels else None

    def _turn_text(self) -> tuple[str, Color | None]:
        color = self.computer_to_move()
        if color is not None and self.controller.review is None:
            dots = "." * (1 + max(0, self.think_phase) % 3)
            return f"{color.title} is thinking{dots}", color
        return super()._turn_text()

    # --- the computer's move ------------------------------------------------------------

    def update(self, dt: float) -> bool:
        moving = super().update(dt)
        controller = self.controller
        color = self.computer_to_move()
        if color is None:
            self.cancel_thinking()
            return moving
        position = controller.history.position
        assert not isinstance(position, SolitairePosition)
        if self.think_job is None or self.think_position != position:
            self.cancel_thinking()
            level = self.levels[color]
            seed = len(controller.history.played)
            self.think_position = position
            self.think_time = 0.0
            self.think_job = Job(lambda stop: search(position, level, seed, stop).move)
        self.think_time += dt
        busy = (
            controller.review is not None
            or controller.animation is not None
            or controller.selected is not None
            or (self.confirm_dialog is not None and self.confirm_dialog.alive())
            or self.files.is_open
        )
        job = self.think_job
        if job.done and not busy:
            if self.think_time < THINKING_PAUSE:
                return True  # keep the clock running until the pause is over
            self.think_job = None
            if job.result is not None:
                controller.play(job.result, controller.animation_time)
            elif job.error is not None:
                controller.say(f"The computer could not move: {job.error}")
            return True
        phase = int(self.think_time * 2.5)
        if phase != self.think_phase:
            self.think_phase = phase
            controller.changed = True  # the dots after "thinking"
            return True
        return moving

    def cancel_thinking(self) -> None:
        """Stop the computer's search, if one runs."""
        if self.think_job is not None:
            self.think_job.cancel()
        self.think_job = None
        self.think_position = None
        self.think_phase = -1

    def leave(self) -> None:
        self.cancel_thinking()
        super().leave()

    # --- what the player may do meanwhile --------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        color = self.computer_to_move()
        if (
            color is not None
            and event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.on_board(event.pos)
            and self.controller.review is None
        ):
            self.controller.say(f"{color.title} is the computer's side: wait for its move.")
            return
        super().handle_event(event)

    def undo(self) -> None:
        """Take back moves until it is a player's turn again (the computer's reply too)."""
        self.cancel_thinking()
        controller = self.controller
        reviewing = controller.review is not None  # then undo steps back through the review
        controller.undo()
        if len(self.levels) < 2 and not reviewing:
            while self.computer_to_move() is not None and controller.history.can_undo:
                controller.undo()

    def redo(self) -> None:
        """Replay undone moves up to the player's next turn."""
        self.cancel_thinking()
        controller = self.controller
        reviewing = controller.review is not None
        controller.redo()
        if len(self.levels) < 2 and not reviewing:
            while self.computer_to_move() is not None and controller.history.can_redo:
                controller.redo()

    def request_hint(self) -> None:
        if self.computer_to_move() is not None:
            self.controller.say("The computer is to move: ask for a hint on your turn.")
            return
        super().request_hint()

    def rematch(self) -> None:
        self.cancel_thinking()
        super().rematch()

    def record(self) -> GameRecord:
        return GameRecord.of_history(self.controller.history, computer=self.levels.items())


__all__ = ["ComputerGameScene", "ComputerSetupScene"]
