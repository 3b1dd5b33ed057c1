"""The game screen's shortcuts and the panel's buttons, and what each of them does.

:func:`press_key` is the table of keys (Esc, Ctrl+S, Ctrl+O, T, Ctrl+Z, Ctrl+Y, H, N, A,
Page Up, Page Down, Home, End); :func:`button_action` the table of the panel's buttons,
and :func:`panel_event` their presses and the moves picked in the panel's list.  They
ask the screen through :class:`Commands`, the few things they start; stepping through
the moves is the board controller's own.  The letters a typed move may start
with (the islands, Icebreaker's rows) reach here only with Ctrl: :mod:`.keys` takes them
first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame
import pygame_gui

from .controller import BoardController
from .panel import GamePanel


class Commands(Protocol):
    """What the shortcuts and the panel's buttons ask of the game screen."""

    def undo(self) -> None:
        """Take back a move (against the computer, its reply too)."""
        ...

    def redo(self) -> None:
        """Play undone moves again, up to the player's next turn."""
        ...

    def ask_new(self) -> None:
        """A new game, first asking if a game in progress would be lost."""
        ...

    def rematch(self) -> None:
        """The same set-up again."""
        ...

    def to_menu(self) -> None:
        """Back to the menu."""
        ...

    def ask_save(self) -> None:
        """Choose a file and save the game there."""
        ...

    def ask_open(self) -> None:
        """Choose a saved game to open."""
        ...

    def show_text(self) -> None:
        """The game as text to copy, or a pasted game to play."""
        ...

    def request_hint(self) -> None:
        """Look for the best move."""
        ...

    def toggle_analysis(self) -> None:
        """Start the computer's review of the game, or stop it."""
        ...

    def review_from_start(self) -> None:
        """Show the finished game from its first position."""
        ...


def press_key(
    event: pygame.event.Event,
    controller: BoardController[Any],
    commands: Commands,
    analysing: bool,
) -> None:
    """A key the board's keys (:mod:`.keys`) did not take; ``analysing`` while the
    computer reviews the game (Esc stops it)."""
    ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
    key = event.key
    if key == pygame.K_ESCAPE:
        if analysing:
            commands.toggle_analysis()
        elif controller.selected is not None:
            controller.put_back()
        elif controller.review is not None:
            controller.leave_review()
        else:
            commands.to_menu()
    elif ctrl and key == pygame.K_s:
        commands.ask_save()
    elif ctrl and key == pygame.K_o:
        commands.ask_open()
    elif key == pygame.K_t:  # T, or Ctrl+T where T would start a typed move
        commands.show_text()
    elif ctrl and key == pygame.K_z:
        if event.mod & pygame.KMOD_SHIFT:
            commands.redo()
        else:
            commands.undo()
    elif ctrl and key == pygame.K_y:
        commands.redo()
    elif key == pygame.K_h:  # H, or Ctrl+H where H would start a typed move
        commands.request_hint()
    elif key == pygame.K_n:
        commands.ask_new()
    elif key == pygame.K_a:
        commands.toggle_analysis()
    else:
        step_key(key, controller)


def step_key(key: int, controller: BoardController[Any]) -> None:
    """Page Up and Page Down step back and forth through the moves (the arrow keys are
    the board cursor's), Home shows the start, End the game as it stands."""
    if key == pygame.K_PAGEUP:
        if controller.review is None:
            controller.show_move(controller.history.cursor - 2)
        elif controller.review > 0:
            controller.show_move(controller.review - 2)
    elif key == pygame.K_PAGEDOWN and controller.review is not None:
        controller.show_move(controller.review)
    elif key == pygame.K_HOME and controller.history.cursor > 0:
        controller.show_start()
    elif key == pygame.K_END:
        controller.leave_review()


def panel_event(
    event: pygame.event.Event,
    panel: GamePanel,
    commands: Commands,
    controller: BoardController[Any],
    analysed: bool,
) -> None:
    """A button of the panel pressed, or a move picked in its list: in an ``analysed``
    game, the position the move was chosen in (and what was better), else the position
    after it."""
    if event.type == pygame_gui.UI_BUTTON_PRESSED:
        action = button_action(panel, event.ui_element, commands, controller)
        if action is not None:
            action()
    elif (
        event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION
        and event.ui_element is panel.move_list
    ):
        index = panel.selected_index()
        if index is not None and analysed:
            controller.show_position(index)
        elif index is not None:
            controller.show_move(index)


def button_action(
    panel: GamePanel, element: object, commands: Commands, controller: BoardController[Any]
) -> Callable[[], None] | None:
    """What the panel's button ``element`` does, if it is one of the panel's."""
    if element is None:
        return None
    actions: dict[object, Callable[[], None]] = {
        panel.undo_button: commands.undo,
        panel.redo_button: commands.redo,
        panel.new_button: commands.ask_new,
        panel.over_new: commands.ask_new,
        panel.menu_button: commands.to_menu,
        panel.save_button: commands.ask_save,
        panel.open_file_button: commands.ask_open,
        panel.text_button: commands.show_text,
        panel.present_button: controller.leave_review,
        panel.hint_button: commands.request_hint,
        panel.over_rematch: commands.rematch,
        panel.over_review: commands.review_from_start,
        panel.analyse_button: commands.toggle_analysis,
        panel.over_analyse: commands.toggle_analysis,
    }
    steps = (pygame.K_HOME, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_END)
    for step, key in zip(panel.step_buttons, steps, strict=True):
        actions[step] = lambda key=key: step_key(key, controller)
    return actions.get(element)


__all__ = ["Commands", "button_action", "panel_event", "press_key", "step_key"]
