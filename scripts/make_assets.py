"""Generate the game's wood textures into assets/images/ (run once; the results are committed).

    python scripts/make_assets.py

Needs numpy and pygame-ce (numpy only here, never at run time).  The textures are
made from noise by this script, so they are the project's own work under its licence.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import numpy as np
import pygame

OUT = Path(__file__).resolve().parent.parent / "assets" / "images"


def value_noise(
    shape: tuple[int, int], cells: tuple[int, int], rng: np.random.Generator
) -> np.ndarray:
    """Smooth noise in [0, 1]: random values on a coarse grid, cubic-interpolated."""
    h, w = shape
    gy, gx = cells
    grid = rng.random((gy + 2, gx + 2))
    ys = np.linspace(0, gy, h, endpoint=False)
    xs = np.linspace(0, gx, w, endpoint=False)
    y0 = ys.astype(int)
    x0 = xs.astype(int)
    ty = ys - y0
    tx = xs - x0
    ty = ty * ty * (3 - 2 * ty)
    tx = tx * tx * (3 - 2 * tx)
    a = grid[y0][:, x0]
    b = grid[y0][:, x0 + 1]
    c = grid[y0 + 1][:, x0]
    d = grid[y0 + 1][:, x0 + 1]
    top = a + (b - a) * tx[None, :]
    bottom = c + (d - c) * tx[None, :]
    return top + (bottom - top) * ty[:, None]


def fractal(shape: tuple[int, int], base: tuple[int, int], octaves: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    total = np.zeros(shape)
    amplitude, weight = 1.0, 0.0
    for octave in range(octaves):
        cells = (base[0] * 2**octave, base[1] * 2**octave)
        total += amplitude * value_noise(shape, cells, rng)
        weight += amplitude
        amplitude *= 0.5
    return total / weight


def wood(
    size: int,
    seed: int,
    light: tuple[float, float, float],
    dark: tuple[float, float, float],
    ring_count: float,
) -> np.ndarray:
    """Planks of long-grain wood: stretched noise bent into growth rings, with fine fibres."""
    shape = (size, size)
    warp = fractal(shape, (4, 2), 5, seed)
    wobble = fractal(shape, (2, 1), 3, seed + 3)
    # Grain runs horizontally: growth rings are the distance from a heart below the
    # plank, bent by noise so that they sweep into the arches of flat-sawn boards.
    y = np.linspace(0, 1, size)[:, None]
    x = np.linspace(0, 1, size)[None, :]
    heart_x = 0.35 + 0.3 * wobble
    heart = np.sqrt((y - 1.6) ** 2 + ((x - heart_x) * 0.55) ** 2)
    phase = heart * ring_count + warp * 2.2
    rings = (np.sin(phase * 2 * np.pi) + 1) / 2
    rings = rings**3.0  # narrow dark latewood, wide light earlywood
    fibres = fractal(shape, (220, 5), 3, seed + 1)
    fibres = np.clip((fibres - 0.5) * 2.2 + 0.5, 0, 1)
    blotches = fractal(shape, (5, 3), 4, seed + 2)
    t = 0.42 * rings + 0.30 * fibres + 0.28 * blotches
    t = np.clip(t, 0, 1)
    light_a = np.array(light)
    dark_a = np.array(dark)
    rgb = dark_a[None, None, :] * t[:, :, None] + light_a[None, None, :] * (1 - t[:, :, None])
    return np.clip(rgb, 0, 255).astype(np.uint8)


def save(rgb: np.ndarray, name: str) -> None:
    surface = pygame.surfarray.make_surface(rgb.swapaxes(0, 1))
    path = OUT / name
    pygame.image.save(surface, str(path))
    print(f"{path.relative_to(OUT.parent.parent)}: {path.stat().st_size:,} bytes")


def main() -> int:
    pygame.init()
    OUT.mkdir(parents=True, exist_ok=True)
    # The board: a warm, medium beech; the islands: a lighter maple cut across the grain.
    save(
        wood(1024, 11, light=(214, 160, 104), dark=(150, 96, 52), ring_count=64.0), "wood_board.jpg"
    )
    save(
        wood(512, 23, light=(236, 196, 142), dark=(190, 136, 82), ring_count=40.0),
        "wood_island.jpg",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
