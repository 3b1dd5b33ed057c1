"""pygame-gui's widgets draw each of their looks when it is first shown, not all ahead.

A button has five looks (normal, hovered, disabled, selected, pressed), and pygame-gui
0.6 draws the one it starts with at once and the others over the next frames, whether
or not they will ever be shown: the panel's Redo button is never pressed while it is
disabled, a move of the move list is seldom hovered.  Every screen built, every change
of a button's words, drew them all again.  pygame-gui itself draws a look that is not
drawn yet when the widget first shows it (its disabled look has always come that way),
so here every look but the one shown is left to come that way.
"""

from __future__ import annotations

from collections import deque

from pygame_gui.core.drawable_shapes.drawable_shape import DrawableShape


def _redraw_shown_state(shape: DrawableShape, force_full_redraw: bool = False) -> None:
    """Draw the look shown now; the others are drawn when first shown (``force_full_redraw``
    asked for every look to be drawn again: each one is, when it is next shown)."""
    for state in shape.states.values():
        state.generated = False
    shape.states_to_redraw_queue = deque()
    shape.redraw_state(shape.active_state.state_id)
    shape.need_to_clean_up = True  # the drawing's scratch surfaces, freed at the next update


def draw_states_when_shown() -> None:
    """Install :func:`_redraw_shown_state` as every shape's ``redraw_all_states``."""
    DrawableShape.redraw_all_states = _redraw_shown_state  # type: ignore[method-assign]


__all__ = ["draw_states_when_shown"]
