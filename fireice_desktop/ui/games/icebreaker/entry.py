"""How the desktop shows Icebreaker: the one descriptor of this package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....engine.games.icebreaker.board import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, HexBoard, Side
from ....engine.games.icebreaker.lessons import LESSONS
from ....engine.games.icebreaker.spec import Sea
from ...frame.navigation import Context
from ...frame.registry import ChoiceRow, CodeSetUp, DuelShown, GameUI, OnlineShown, Shot
from ...game.players import Session
from ...toolkit.language import tr
from .backdrop import SeaInPlay
from .drawings import DRAWINGS
from .sea import ship_sprite
from .setup import IcebreakerSetupScene
from .view import IcebreakerView


def _play(
    ctx: Context, size: int = DEFAULT_SIZE, computer: Mapping[Any, str] | None = None
) -> Session:
    return Session("icebreaker", Sea(size), dict(computer or {}), ("icebreaker-setup", {}))


def _code_rows() -> list[ChoiceRow]:
    """The board sizes a game by code may be played on."""
    options: list[tuple[str, Any, str | None]] = []
    for n in range(MIN_SIZE, MAX_SIZE + 1):
        board = HexBoard.of(n)
        tip = tr(
            "setup.board_tip",
            cells=board.cell_count,
            icebergs=board.iceberg_count,
            target=board.target,
        )
        options.append((str(n), n, tip))
    return [(tr("setup.board_side"), "size", options)]


#: A game by code of Icebreaker: the board's size.
BY_CODE = CodeSetUp(
    _code_rows,
    lambda chosen: Sea(int(chosen.get("size", DEFAULT_SIZE))),
    {"size": DEFAULT_SIZE},
)


def _picture(ctx: Context, shot: Shot) -> Session:
    return _play(ctx, shot.board_size or DEFAULT_SIZE)


UI = GameUI(
    name="icebreaker",
    views={"icebreaker": IcebreakerView},
    screens={"icebreaker-setup": IcebreakerSetupScene},
    plays={"icebreaker": _play},
    menu=(("icebreaker", "icebreaker-setup"),),
    duels=(
        DuelShown(
            "icebreaker",
            (Side.RED, Side.BLACK),
            ship_sprite,
            handicaps=False,
            colours={Side.RED: (255, 136, 110), Side.BLACK: (214, 214, 222)},
        ),
    ),
    drawings=DRAWINGS,
    backdrop=SeaInPlay,
    pictures={"icebreaker": _picture},
    sized=("icebreaker",),
    lessons=LESSONS,
    online=(
        OnlineShown(
            "icebreaker",
            (Side.RED, Side.BLACK),
            lambda sea: tr("online.icebreaker_words", size=sea.size),
            sizes=(MIN_SIZE, MAX_SIZE),
            sized=Sea,
        ),
    ),
    code_setups={"icebreaker": BY_CODE},
)

__all__ = ["UI"]
