"""Message windows: what went wrong (a file that cannot be opened or saved, a game that
cannot be read), or what a screen has to tell, in a window the player closes."""

from __future__ import annotations

import html

import pygame
import pygame_gui

from ...engine.errors import words_of
from .language import say, tr
from .scaling import px, scale_window
from .text import shown


def show_error(
    manager: pygame_gui.UIManager, title: str, text: str, button_text: str | None = None
) -> pygame_gui.windows.UIMessageWindow:
    """A small window with ``text`` that the player closes with its button (or Esc);
    the button says ``button_text`` ("Close" when not given)."""
    width, height = manager.window_resolution
    rect = pygame.Rect(0, 0, min(px(460), width - 40), px(230) if len(text) < 240 else px(300))
    rect.center = (width // 2, height // 2)
    window = pygame_gui.windows.UIMessageWindow(
        rect,
        html.escape(shown(text)),
        manager,
        window_title=title,
        always_on_top=True,
    )
    # pygame-gui's own word for the button ("Dismiss", in Italian "Congedare") is not one
    # for an error: the game's "Close", without pygame-gui's English tip.
    if window.dismiss_button is not None:
        window.dismiss_button.set_text(button_text or tr("common.close"))
        window.dismiss_button.set_tooltip(None)
    scale_window(window)
    window.set_blocking(True)
    return window


class Notice:
    """At most one message window of a screen, such as "Your kept game could not be
    read"; Esc, Enter or its button closes it, and no key reaches the screen meanwhile."""

    def __init__(self, manager: pygame_gui.UIManager) -> None:
        self.manager = manager
        self.window: pygame_gui.windows.UIMessageWindow | None = None

    @property
    def is_open(self) -> bool:
        """Whether the window is on screen."""
        return self.window is not None and self.window.alive()

    def show(self, title: str, text: str, button_text: str | None = None) -> None:
        """Show ``text`` under ``title`` (replacing a notice already shown)."""
        self.close()
        self.window = show_error(self.manager, title, text, button_text)

    def close(self) -> None:
        """Close the window."""
        if self.window is not None and self.window.alive():
            self.window.kill()
        self.window = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """``True`` while the window takes the event (every key does)."""
        if not self.is_open:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.close()
            return True
        return False


def error_text(error: BaseException) -> str:
    """What ``error`` says (a file that cannot be opened or saved, a game that cannot be
    read), in the player's language where it was given in words the game translates."""
    return say(words_of(error))


__all__ = ["Notice", "error_text", "show_error"]
