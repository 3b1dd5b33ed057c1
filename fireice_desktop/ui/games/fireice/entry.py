"""How the desktop shows Fire & Ice and its solitaire: the one descriptor of this package."""

from __future__ import annotations

import random
from collections.abc import Mapping

from ....engine.games.fireice.lessons import LESSONS
from ....engine.games.fireice.puzzles import all_puzzles
from ....engine.games.fireice.rules import Color, random_handicap
from ....engine.games.fireice.solitaire_lessons import LESSONS as SOLITAIRE_LESSONS
from ....engine.games.fireice.spec import Deal, Handicap
from ...frame.navigation import Context
from ...frame.registry import ChoiceRow, CodeSetUp, DealsShown, DuelShown, GameUI, OnlineShown, Shot
from ...frame.scene import Scene
from ...game.players import Session
from ...toolkit.language import side_name, tr
from .art import peg_sprite
from .backdrop import QuietBoard
from .computer_setup import ComputerSetupScene
from .drawings import DRAWINGS
from .handicap import HandicapScene, HandicapSetup
from .icon import board_icon
from .solitaire import SolitaireBoard, SolitaireView, random_deal_for
from .training.practice import PracticeScene
from .training.puzzles import PuzzleScene
from .view import FireIceView


def _handicap(
    ctx: Context,
    setup: HandicapSetup | None = None,
    handicap: Handicap | None = None,
    computer: Mapping[Color, str] | None = None,
    online: bool = False,
) -> Scene:
    if setup is None and handicap is not None and handicap.holes:
        setup = HandicapSetup.of(handicap)
    return HandicapScene(ctx, setup, computer, online=online)


def _online_words(setup: Handicap | None) -> str:
    """Fire & Ice's set-up in words: "Fire & Ice, handicap 2 for Ice"."""
    if setup is None or not setup.holes:
        return tr("online.fireice_plain")
    side = tr(f"side.{setup.side.key}")
    return tr("online.fireice_handicap", count=len(setup.holes), side=side)


def _two_players(ctx: Context) -> Session:
    return Session("fire-and-ice")


def _solitaire(ctx: Context, deal: int | None = None) -> Session:
    number = deal if deal is not None else random_deal_for(ctx.settings)
    return Session("solitaire", Deal(number))


def _handicap_picture(ctx: Context, shot: Shot) -> Scene:
    """Three extra pegs placed at random from the seed given (42 by default)."""
    handicap = HandicapScene(ctx)
    handicap.setup.count = 3
    handicap.setup.draw_random(shot.deal or 42)
    return handicap


#: The extra pegs a game by code may give a side (placed at random, as ``--handicap N``).
CODE_HANDICAPS = ("0", "1", "2", "3")


def _code_rows() -> list[ChoiceRow]:
    """No handicap, or 1 to 3 extra pegs for either side, placed at random."""
    counts: list[tuple[str, object, str | None]] = [
        (tr("code.no_handicap") if count == "0" else f"+{count}", count, _handicap_tip(int(count)))
        for count in CODE_HANDICAPS
    ]
    sides: list[tuple[str, object, str | None]] = [
        (
            side_name(side, "fire-and-ice"),
            side.key,
            tr("code.handicap_side_tip", side=side_name(side, "fire-and-ice")),
        )
        for side in (Color.FIRE, Color.ICE)
    ]
    return [
        (tr("code.handicap_row"), "handicap", counts),
        (tr("code.handicap_side"), "handicap_side", sides),
    ]


def _handicap_tip(count: int) -> str:
    if count == 0:
        return tr("code.no_handicap_tip")
    return tr("code.handicap_tip", count=count)


def _code_setup(chosen: Mapping[str, object]) -> Handicap:
    count = int(str(chosen.get("handicap", 0)))
    if count == 0:
        return Handicap()
    side = Color.parse(str(chosen.get("handicap_side", "fire")))
    return Handicap(random_handicap(count, random.randrange(1 << 30)), side)


def _solitaire_picture(ctx: Context, shot: Shot) -> Session:
    return _solitaire(ctx, shot.deal or 1)


UI = GameUI(
    name="fireice",
    views={"fire-and-ice": FireIceView, "solitaire": SolitaireView},
    screens={
        "computer": ComputerSetupScene,
        "handicap": _handicap,
        "puzzles": PuzzleScene,
        "practice": PracticeScene,
    },
    plays={"game": _two_players, "solitaire": _solitaire},
    menu=(
        ("two_players", "game"),
        ("computer", "computer"),
        ("handicap", "handicap"),
        ("solitaire", "solitaire"),
        ("puzzles", "puzzles"),
    ),
    keeps_game=frozenset({"puzzles"}),
    duels=(
        DuelShown(
            "fire-and-ice",
            (Color.FIRE, Color.ICE),
            peg_sprite,
            handicaps=True,
            colours={Color.FIRE: (255, 136, 110), Color.ICE: (120, 222, 228)},
        ),
    ),
    deals=(DealsShown("solitaire", "menu.solitaire"),),
    drawings=DRAWINGS,
    backdrop=QuietBoard,
    icon=board_icon,
    pictures={"handicap": _handicap_picture, "solitaire": _solitaire_picture},
    lessons=(*LESSONS, *SOLITAIRE_LESSONS),
    lesson_views={"solitaire": SolitaireBoard},
    puzzles=all_puzzles,
    online=(
        OnlineShown("fire-and-ice", (Color.FIRE, Color.ICE), _online_words, setup_route="handicap"),
    ),
    code_setups={
        "fire-and-ice": CodeSetUp(
            _code_rows, _code_setup, unused_when={"handicap_side": ("handicap", "0")}
        )
    },
)

__all__ = ["UI"]
