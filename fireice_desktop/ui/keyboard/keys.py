"""The keys that move the keyboard's focus, and the colours its marks are drawn in: what
the focus ring over the buttons (:mod:`.keyboard.ring`), the cursor on a board
(:mod:`.keyboard.cursor`) and the screens' own keys share."""

from __future__ import annotations

import pygame

#: The arrow keys, as directions on the screen (y grows downwards).
ARROWS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
PRESS_KEYS = (*ENTER_KEYS, pygame.K_SPACE)
CTRL = pygame.KMOD_CTRL | pygame.KMOD_META

INK = (255, 255, 255)  # the keyboard's marks: white with a dark edge, apart from every
EDGE = (16, 20, 28)  # other mark (gold, pale yellow, green, orange) and on wood or sea


__all__ = ["ARROWS", "CTRL", "EDGE", "ENTER_KEYS", "INK", "PRESS_KEYS"]
