"""``fireice`` without a command: ``--open`` and the flags of ``--screenshot``, and the
window and board sizes that ``--size`` gives a screenshot.

A game's scene may take flags of its own (:class:`~..engine.command_line.ShotScene`): they are
listed after ``--moves``, and a scene with a board size takes its side as ``--size N``.
"""

from __future__ import annotations

import argparse
from typing import Final

from ..engine.command_line import ShotScene
from ..engine.games import registered_games
from ..engine.words import languages
from .options import add_option

#: The largest window drawn: a 4K screen, either way up.  Drawing one takes about 300 MB
#: and a few seconds; the memory grows with the area, so a larger one is refused.
MAX_WINDOW: Final = (3840, 2160)


def scenes() -> list[ShotScene]:
    """The registered games' scenes, in the order the games were registered."""
    found = (game.command_line.scene for game in registered_games() if game.command_line)
    return [scene for scene in found if scene is not None]


def shot_options() -> tuple[tuple[str, str], ...]:
    """The flags that draw a screenshot, as (flag, the attribute it is parsed into)."""
    own = [(option.flag[2:], option.dest) for scene in scenes() for option in scene.options]
    return (
        ("scene", "scene"),
        ("moves", "shot_moves"),
        *own,
        ("page", "shot_page"),
        ("hint", "shot_hint"),
        ("analyse", "shot_analyse"),
        ("language", "shot_language"),
        ("size", "size"),
    )


# --- --size for screenshots ---------------------------------------------------------------


def parse_size(text: str) -> tuple[int, int]:
    """``"1280x800"`` → ``(1280, 800)``; raises ``ValueError`` with a clear message."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise ValueError(
            f"--size {text!r} is not a size: write WIDTHxHEIGHT, like 1280x800"
        ) from None
    if width < 200 or height < 200:
        raise ValueError(f"--size {text!r} is not a sensible window size")
    longest, shortest = MAX_WINDOW
    if max(width, height) > longest or width * height > longest * shortest:
        raise ValueError(
            f"--size {text!r}: a window is at most a 4K screen, {longest}x{shortest} "
            f"(or {shortest}x{longest})"
        )
    return width, height


def _board_scenes() -> dict[str, ShotScene]:
    """The scenes that take a board's side as ``--size N``, by name."""
    return {scene.name: scene for scene in scenes() if scene.board_sides is not None}


def split_sizes(values: list[str], scene: str | None) -> tuple[tuple[int, int] | None, int | None]:
    """``--size`` values: the window (``WxH``) and, for a scene with a board size, the
    board's side (``N``).

    Raises ``ValueError`` for a bad value, a value given twice, or a board side with
    a scene that has no board size.
    """
    boards = _board_scenes()
    window: tuple[int, int] | None = None
    board: int | None = None
    for text in values:
        if text.strip().isdigit():
            if scene not in boards:
                raise ValueError(
                    f"--size {text}: a board size applies to --scene {' or '.join(boards)}; "
                    "a window size is WIDTHxHEIGHT, like 1280x800"
                )
            if board is not None:
                raise ValueError("--size: give the board's side once")
            board = _board_side(boards[scene], text)
        else:
            if window is not None:
                raise ValueError("--size: give the window size once")
            window = parse_size(text)
    return window, board


def _board_side(scene: ShotScene, text: str) -> int:
    try:
        if scene.check_board is None:
            return int(text)
        return scene.check_board(int(text))
    except ValueError as error:
        raise ValueError(f"--size {text}: {error}") from None


# --- the flags ----------------------------------------------------------------------------


def _size_help() -> str:
    """``--size``'s help: a window size, or a board's side for the scenes that have one."""
    parts = [f"window size, like 1280x800, at most {MAX_WINDOW[0]}x{MAX_WINDOW[1]}"]
    for scene in _board_scenes().values():
        assert scene.board_sides is not None
        smallest, largest = scene.board_sides
        parts.append(f"or with --scene {scene.name} the board's side, {smallest} to {largest}")
    return "; ".join(parts) + (" (both may be given)" if len(parts) > 1 else "")


def _hint_help() -> str:
    """``--hint``'s help, naming the scenes the games ask it to name."""
    named = " and ".join(scene.name for scene in scenes() if scene.in_hint_help)
    return "ask for a hint after the moves" + (f" ({named})" if named else "")


def add_desktop_options(parser: argparse.ArgumentParser) -> None:
    """``--open`` and the screenshot flags, which go without a command."""
    parser.add_argument(
        "--open", metavar="FILE", help="start with the game saved in FILE (.fireice or text)"
    )
    shots = parser.add_argument_group("screenshots (render one scene to a PNG, no display needed)")
    shots.add_argument("--screenshot", metavar="PATH", help="write the scene to PATH and exit")
    shots.add_argument(
        "--scene",
        metavar="NAME",
        help="which screen to draw (default menu, or with --open the game; --scene menu "
        "then draws the menu offering to continue it); an unknown name is answered with the list",
    )
    shots.add_argument(
        "--moves", dest="shot_moves", metavar='"D4-C4 ..."', help="moves played first"
    )
    for scene in scenes():
        for option in scene.options:
            add_option(shots, option)
    shots.add_argument(
        "--page", dest="shot_page", type=int, metavar="N", help="rules chapter, from 1"
    )
    shots.add_argument(
        "--hint", dest="shot_hint", action="store_const", const=True, help=_hint_help()
    )
    shots.add_argument(
        "--analyse",
        dest="shot_analyse",
        action="store_const",
        const=True,
        help="analyse the game after the moves and show its first mistake, if any",
    )
    shots.add_argument(
        "--language",
        dest="shot_language",
        choices=languages(),
        help="the language of the words on the screen (default en)",
    )
    shots.add_argument("--size", action="append", metavar="WxH|N", help=_size_help())


__all__ = [
    "MAX_WINDOW",
    "add_desktop_options",
    "parse_size",
    "scenes",
    "shot_options",
    "split_sizes",
]
