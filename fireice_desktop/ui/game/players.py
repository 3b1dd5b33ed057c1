"""The players at the table: each side of a game is a person or a computer level.

A :class:`Session` says which game is played, from which set-up, and which sides the
computer plays; :class:`Table` drives the computer's turns the same way for every
game.  The computer's search runs on a background :class:`~.jobs.Job`, so the window
stays responsive; its move comes after a short pause, as a person's would.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...engine.games import find_game
from ...engine.registry import Game
from ...engine.search import search
from ..toolkit.jobs import Job
from ..toolkit.language import side_name, tr
from .controller import BoardController

#: Seconds: even an instant answer waits this long, as a person would.
THINKING_PAUSE = 0.7


@dataclass(frozen=True)
class Session:
    """One game at the table: the game, its set-up and the computer's sides.

    ``new_game`` is the route (and its options) that New game opens, such as the
    set-up card the game came from; ``None`` starts the same set-up again.
    """

    game: str
    setup: Any = None
    computer: Mapping[Any, str] = field(default_factory=dict)
    new_game: tuple[str, Mapping[str, Any]] | None = None
    #: An online game (:class:`~.remote.OnlinePlay`): the friend plays the other side.
    online: Any = None
    #: The side a friend plays elsewhere, in a game by code: the board takes no move for it.
    away: Any = None

    @property
    def kind(self) -> Game:
        """The registered game."""
        return find_game(self.game)

    def start(self) -> Any:
        """The position the game starts from."""
        kind = self.kind
        return kind.start(self.setup if self.setup is not None else kind.default_setup())


class Human:
    """A person at the table: moves come from the board, through clicks and drags."""

    is_computer = False

    def update(self, dt: float, controller: BoardController[Any], busy: bool) -> bool:
        """Nothing to do: the person moves when they like."""
        return False

    def cancel(self) -> None:
        """Nothing runs for a person."""


class Computer:
    """A computer level: it thinks in the background and plays after a short pause."""

    is_computer = True

    def __init__(self, level: str) -> None:
        self.level = level
        self.job: Job[Any] | None = None
        self.position: object = None  # the position the job thinks about
        self.time = 0.0
        self.phase = -1  # counts the dots after "is thinking"

    def update(self, dt: float, controller: BoardController[Any], busy: bool) -> bool:
        """Think about the present position, or play once the thought is done and the
        board is free (``busy``: a review, an animation, an open window).  ``True``
        while the frame must be redrawn."""
        position = controller.history.position
        if self.job is None or self.position != position:
            self.cancel()
            level, seed = self.level, len(controller.history.played)
            self.position = position
            self.time = 0.0
            self.job = Job(lambda stop: search(position, level, seed, stop).move)
        self.time += dt
        job = self.job
        if job.done and not busy:
            if self.time < THINKING_PAUSE:
                return True  # keep the clock running until the pause is over
            self.job = None
            if job.result is not None:
                before = controller.history.position
                if controller.play(job.result, controller.animation_time):
                    controller.say(announcement(before, job.result))
            elif job.error is not None:
                controller.say(tr("players.could_not_move", error=job.error))
            return True
        phase = int(self.time * 2.5)
        if phase != self.phase:
            self.phase = phase
            controller.changed = True  # the dots after "thinking"
            return True
        return False

    def cancel(self) -> None:
        """Stop the search, if one runs."""
        if self.job is not None:
            self.job.cancel()
        self.job = None
        self.position = None
        self.phase = -1


Player = Human | Computer


def announcement(before: Any, move: Any) -> str:
    """What the message box says of the computer's ``move`` from ``before``: "Ice played
    D4-E4, which takes control of E." (the reason, where one is plain)."""
    game = before.game
    side = side_name(before.to_move, game)
    reason = find_game(game).explain(before, move)
    if reason:
        return tr("players.played_which", side=side, move=str(move), reason=reason)
    return tr("players.played", side=side, move=str(move))


class Table:
    """The sides of a game, each a :class:`Human` or a :class:`Computer` player, driven
    alike: each frame the side to move is asked to play, the others to stop."""

    #: Whether the other side is a friend online (:class:`~.remote.FriendTable`).
    online = False

    def __init__(self, computer: Mapping[Any, str], away: Any = None) -> None:
        self.players: dict[Any, Computer] = {
            side: Computer(level) for side, level in computer.items()
        }
        self.human = Human()
        self.away = away  # the side a friend plays elsewhere (a game by code)

    def away_to_move(self, controller: BoardController[Any]) -> bool:
        """Whether the friend who plays elsewhere is to move, in the game being played."""
        position = controller.history.position
        return self.away is not None and not position.is_over and position.to_move == self.away

    def player(self, side: Any) -> Player:
        """Who plays ``side``: the computer at its level, or a person."""
        return self.players.get(side, self.human)

    @property
    def computer(self) -> dict[Any, str]:
        """The level of each side the computer plays."""
        return {side: player.level for side, player in self.players.items()}

    @property
    def watching(self) -> bool:
        """The computer plays both sides."""
        return len(self.players) > 1

    def computer_to_move(self, controller: BoardController[Any]) -> Any:
        """The side the computer is to play now, if it is its turn and the game is on."""
        position = controller.history.position
        if position.is_over:
            return None
        return position.to_move if self.player(position.to_move).is_computer else None

    def thinking(self, controller: BoardController[Any]) -> Any:
        """The side the computer is choosing a move for now (``None``: nobody thinks, or
        an earlier position is shown)."""
        side = self.computer_to_move(controller)
        return side if controller.review is None else None

    def why_locked(self, controller: BoardController[Any], judging: bool) -> str:
        """Why the board takes no move from a person now, in the panel's words: the tutor
        is ``judging`` the last one, or the computer is to move ("" while it takes one)."""
        if judging:
            return tr("game.tutor_looking")
        if self.away_to_move(controller) and controller.review is None:
            game = controller.history.position.game
            return tr("code.friend_to_move", side=side_name(self.away, game))
        side = self.thinking(controller)
        if side is not None:
            return tr("game.computer_side", side=side_name(side, controller.history.position.game))
        return ""

    def person_to_move(self, controller: BoardController[Any], judging: bool) -> bool:
        """Whether a person may move now, in the game itself (not a review of it), the
        tutor not ``judging`` the last move."""
        return (
            controller.review is None
            and not controller.history.position.is_over
            and not judging
            and self.computer_to_move(controller) is None
            and not self.away_to_move(controller)
        )

    def update(self, dt: float, controller: BoardController[Any], busy: bool) -> bool:
        """Let the side to move play; the others stop thinking."""
        position = controller.history.position
        to_move = None if position.is_over else position.to_move
        for side, player in self.players.items():
            if side != to_move:
                player.cancel()
        return to_move is not None and self.player(to_move).update(dt, controller, busy)

    def step(self, controller: BoardController[Any], back: bool) -> None:
        """Undo (``back``) or redo a move; against the computer, on to a person's turn, so
        that Undo takes back the player's move and the computer's reply together.  While
        reviewing, one step through the review."""
        self.cancel()
        if self.away is not None:
            controller.say(tr("code.no_undo"))  # a move sent is sent
            return
        reviewing = controller.review is not None
        step = controller.undo if back else controller.redo
        step()
        if not self.players or self.watching or reviewing:
            return
        history = controller.history
        while self.computer_to_move(controller) is not None and (
            history.can_undo if back else history.can_redo
        ):
            step()

    def turn_text(
        self, controller: BoardController[Any], shown: Callable[[Any], tuple[str, Any]]
    ) -> tuple[str, Any]:
        """The turn line and the side beside it: "Ice is thinking..." while the computer
        chooses a move, else what ``shown`` says of the position shown.  While a move is
        shown travelling, the line still speaks of the position it was played in: the
        turn passes when the peg has landed."""
        animation = controller.animation
        if animation is not None and controller.review is None:
            return shown(animation.before)
        side = self.thinking(controller)
        if side is None:
            return shown(controller.shown)
        name = side_name(side, controller.history.position.game)
        return self.thinking_text(side, name), side

    def thinking_text(self, side: Any, side_name: str) -> str:
        """What the panel says while the computer thinks: "Ice is thinking..."."""
        player = self.player(side)
        phase = player.phase if isinstance(player, Computer) else 0
        return tr("players.thinking", side=side_name, dots="." * (1 + max(0, phase) % 3))

    def cancel(self) -> None:
        """Stop every search."""
        for player in self.players.values():
            player.cancel()

    def build(self, manager: Any, panel: Any, screen: Any) -> None:
        """Widgets of the table's own in the panel: none at one computer."""

    def handle_event(self, event: Any) -> bool:
        """An event for the table's own widgets: none at one computer."""
        return False


__all__ = ["THINKING_PAUSE", "Computer", "Human", "Player", "Session", "Table"]
