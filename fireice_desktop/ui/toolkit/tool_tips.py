"""pygame-gui's tool tips, placed where they cover no other button.

pygame-gui 0.6.14 puts a tool tip under the button it is about, from the mouse's x, and
above it when there is no room below: over the next row of buttons, in the side panel's
rows, the menu's column and the cards' rows alike.  Here a tool tip goes, in this order,
under its button, above it, to its left or to its right (centred on the button), at the
first of these places inside the window that covers no other button, box or list; where
none does, where pygame-gui puts it.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.core import UIElement
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UIHorizontalSlider,
    UISelectionList,
    UITextEntryLine,
    UITooltip,
)

from .scaling import px

#: What a tool tip must not cover: what a player clicks or types into.
CONTROLS = (UIButton, UIDropDownMenu, UIHorizontalSlider, UISelectionList, UITextEntryLine)
#: The room between a tool tip and its button, at scale 1.
GAP = 4

#: pygame-gui's own placing, for a tool tip that finds no clear place.
_pygame_gui_place = UITooltip.find_valid_position


def shown_rect(element: Any, root: Any) -> pygame.Rect:
    """The part of ``element`` on screen: its rectangle within each container it is in
    (a long list's rows are cut to the list)."""
    rect = pygame.Rect(element.rect)
    container = element.ui_container
    while container is not None and container is not root:
        rect = rect.clip(container.rect)
        container = getattr(container, "ui_container", None)
    return rect


def controls_around(manager: Any, target: Any) -> list[pygame.Rect]:
    """Where the controls on screen are, but ``target`` and what it is part of."""
    root = manager.get_root_container()
    found = []
    for element in manager.get_sprite_group().sprites():
        if not isinstance(element, CONTROLS) or element is target:
            continue
        if not element.alive() or not element.visible:
            continue
        rect = shown_rect(element, root)
        if rect.width > 0 and rect.height > 0 and not rect.contains(target.rect):
            found.append(rect)
    return found


def clear_place(
    size: tuple[int, int],
    target: pygame.Rect,
    window: pygame.Rect,
    controls: list[pygame.Rect],
    gap: int,
) -> tuple[int, int] | None:
    """Where a tool tip of ``size`` goes beside ``target``: just under or above it, else
    to its left or right, past the rest of its row; inside ``window`` and over none of
    ``controls``.  ``None`` where nowhere is."""
    width, height = size
    centred_x = target.centerx - width // 2
    centred_y = target.centery - height // 2
    for x, y in ((centred_x, target.bottom + gap), (centred_x, target.top - gap - height)):
        rect = pygame.Rect(x, y, width, height).clamp(window)  # slid along into the window
        if not rect.colliderect(target) and rect.collidelist(controls) == -1:
            return rect.topleft
    for step in (-1, 1):  # to the left, then to the right, of the row it is in
        rect = pygame.Rect(0, centred_y, width, height).clamp(window)
        rect.right = target.left - gap
        if step > 0:
            rect.left = target.right + gap
        while window.contains(rect):
            covered = [controls[i] for i in rect.collidelistall(controls)]
            if not covered:
                return rect.topleft
            if step < 0:
                rect.right = min(c.left for c in covered) - gap
            else:
                rect.left = max(c.right for c in covered) + gap
    return None


def place_tool_tips_clear() -> None:
    """Place every tool tip where it covers no other control (see the module)."""
    if getattr(UITooltip, "_placed_clear", False):
        return

    def find_valid_position(self: UITooltip, position: Any) -> bool:
        target = self.parent_element
        if not isinstance(target, UIElement):
            return bool(_pygame_gui_place(self, position))
        manager = self.ui_manager
        window = manager.get_root_container().get_rect()
        controls = controls_around(manager, target)
        place = clear_place(self.rect.size, target.rect, window, controls, px(GAP))
        if place is None:
            return bool(_pygame_gui_place(self, position))
        self.rect.topleft = place
        return bool(self._copy_rect_to_rel_and_set_text_pos())

    UITooltip.find_valid_position = find_valid_position  # type: ignore[method-assign]
    UITooltip._placed_clear = True  # type: ignore[attr-defined]


__all__ = ["clear_place", "controls_around", "place_tool_tips_clear"]
