"""How moves move on screen: the one move duration and the one easing curve."""

from __future__ import annotations

from typing import Final

#: A point on the window, in pixels (not rounded).
Point = tuple[float, float]

#: Seconds a move takes at normal speed (the settings scale it).
MOVE_SECONDS: Final = 0.45


def ease(t: float) -> float:
    """Smoothstep: starts and ends gently; ``t`` from 0 to 1."""
    return t * t * (3 - 2 * t)


def lerp(a: Point, b: Point, t: float) -> Point:
    """The point ``t`` of the way from ``a`` to ``b``."""
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


__all__ = ["MOVE_SECONDS", "Point", "ease", "lerp"]
