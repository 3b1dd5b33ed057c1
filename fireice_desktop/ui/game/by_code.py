"""A game by code on the game screen: this player moves one side; the friend's moves come
in a game code pasted into the code window (:mod:`.windows.code`), each checked by
:func:`~...engine.correspondence.continues`.

The game is kept in its own file (:class:`CodeKeeper`), apart from the game under
Continue, before the code that carries a move is shown; a refused code changes nothing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pygame_gui

from ...engine.correspondence import CodeError, continues
from ...engine.errors import words_of
from ...engine.records.game import GameRecord
from ...files.code_game import CodeGame
from ...files.storage import SaveFileError
from ..frame.player_files import PlayerFiles
from ..toolkit.language import say, side_name, tr
from .controller import BoardController
from .keeping import Keeper
from .panel import GamePanel
from .windows.code import CodeWindow


class CodeKeeper(Keeper):
    """Keeps the game by code, with the side played here, in its own file."""

    def __init__(self, files: PlayerFiles, side: Any) -> None:
        super().__init__(files)
        self.side = side

    def write(self, record: GameRecord) -> SaveFileError | None:
        return self.files.keep_code_game(CodeGame(replace(record, undone=()), self.side))


class CodePlay:
    """This player's side of a game by code (``side``), and the code window."""

    def __init__(self, files: PlayerFiles, side: Any, setup: Any) -> None:
        self.side = side
        self.setup = setup
        self.keeper = CodeKeeper(files, side)
        self.window: CodeWindow | None = None
        self.manager: pygame_gui.UIManager | None = None
        self.shown_for: object = None  # the moves the window last opened for by itself

    def record(self, controller: BoardController[Any]) -> GameRecord:
        """The game as it stands (a game by code keeps no undone moves)."""
        return replace(GameRecord.of_history(controller.history, self.setup), undone=())

    def code(self, controller: BoardController[Any]) -> str:
        """The code to send now."""
        return CodeGame(self.record(controller), self.side).code

    @property
    def is_open(self) -> bool:
        """Whether the code window is on screen."""
        return self.window is not None and self.window.is_open

    def build(self, manager: pygame_gui.UIManager, controller: BoardController[Any]) -> None:
        """A new layout (the widgets were cleared): the window again while the friend's
        code is awaited, where it is pasted."""
        self.manager = manager
        self.window = None
        position = controller.history.position
        if self.shown_for is not None and not position.is_over and position.to_move != self.side:
            self.show(controller)

    def show(self, controller: BoardController[Any]) -> None:
        """Open the code window for the game as it stands, once it is kept (a code is
        never shown for a move that could be lost)."""
        if self.manager is None:
            return
        if self.keeper.failed:
            self.keeper.keep_now(controller, lambda: self.record(controller))
            if self.keeper.failed:
                controller.say(self.keeper.warning())
                return
        if self.window is not None:
            self.window.close()
        position = controller.history.position
        game = position.game
        if position.is_over:
            heading = tr("code.send_last")
        elif position.to_move == self.side:
            heading = tr("code.your_turn", side=side_name(self.side, game))
        elif controller.history.played and controller.history.positions[-2].to_move == self.side:
            heading = tr("code.send", side=side_name(position.to_move, game))
        else:  # the friend's turn, by a move of theirs or from the start
            heading = tr("code.send_kept", side=side_name(position.to_move, game))
        self.window = CodeWindow(
            self.manager,
            heading,
            self.code(controller),
            lambda text: self.receive(text, controller),
        )

    def greet(self, controller: BoardController[Any]) -> None:
        """Opening the game on this player's turn: the panel says what the friend played."""
        history = controller.history
        position = history.position
        if not history.played or position.is_over or position.to_move != self.side:
            return
        side = side_name(self.side.other, position.game)
        controller.say(tr("code.received", side=side, moves=str(history.played[-1])))

    def update(self, controller: BoardController[Any]) -> None:
        """Once this player's move is kept and the friend is to move (and the game is
        on, or just ended by this move), the window opens by itself with the code."""
        history = controller.history
        moves = (id(history), len(history.played))
        if moves == self.shown_for or self.keeper.failed or self.manager is None:
            return
        if self.keeper.kept is None or not controller.at_rest():
            return
        position = history.position
        last_mine = bool(history.played) and history.positions[-2].to_move == self.side
        if (position.is_over and last_mine) or (
            not position.is_over and position.to_move != self.side
        ):
            self.shown_for = moves
            self.show(controller)
            if not position.is_over:  # the panel says where the friend's move comes from
                controller.say(
                    tr("code.friend_to_move", side=side_name(position.to_move, position.game))
                )
        else:
            self.shown_for = moves

    def receive(self, text: str, controller: BoardController[Any]) -> str:
        """The friend's code: its new moves played on the board, each checked; what to
        say instead when it is refused (nothing changes then)."""
        try:
            moves = continues(self.record(controller), text, self.side)
        except CodeError as error:
            return tr("code.refused", error=say(words_of(error)))
        if not moves:
            return tr("code.no_new_moves")
        if controller.history.position.is_over:
            return tr("code.game_over")
        for index, move in enumerate(moves):
            last = index == len(moves) - 1
            controller.finish_animation()
            controller.play(move, controller.animation_time if last else 0)
        game = controller.history.position.game
        side = side_name(self.side.other, game)
        played = ", ".join(str(move) for move in moves)
        controller.say(tr("code.received", side=side, moves=played))
        self.shown_for = (id(controller.history), len(controller.history.played))
        return ""

    def dress(self, panel: GamePanel) -> None:
        """The panel of a game by code: no take-backs nor hints (a move sent is sent), and
        the Text button opens the code window."""
        for unused in (panel.undo_button, panel.redo_button, panel.hint_button):
            unused.disable()
        label = tr("code.window_button")
        if panel.text_button.text != label:
            panel.text_button.set_text(label)
            panel.text_button.set_tooltip(tr("code.window_button_tip"))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The code window's events; ``True`` if it took one."""
        return self.window is not None and self.window.handle_event(event)


__all__ = ["CodeKeeper", "CodePlay"]
