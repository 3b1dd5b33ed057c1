"""Icebreaker lessons (:mod:`...teaching.lessons` says what a lesson is): a ship steps towards its
nearest iceberg, a ship next to an iceberg captures one, and more than half of the
icebergs win.

A wrong move's reason is found from the position: the other side's winning reply
(:func:`harm`), else the goal's (the capture missed, and the ship that could make it);
a step the rules refuse as no closer to an iceberg is told with the ship's distance, its
nearest iceberg and the steps that are closer (:func:`refusal`).

The ideas the lessons teach: ``ship_steps`` (a ship steps towards its nearest iceberg),
``iceberg_capture`` and ``half_wins``.  The lessons' words are in the translations under
``lesson.<key>``.
"""

from __future__ import annotations

from typing import Any, Final

from ...teaching.lessons import Lesson, Reason
from ...words import Words, all_of, say
from .board import DEFAULT_SIZE, Cell, HexBoard, Side, Step
from .rules import IcebreakerPosition


def sea(red: str, black: str, icebergs: str, **scores: int) -> IcebreakerPosition:
    """A position on the board of side 5, Red to move, from the cells of Red's ships,
    Black's ships and the icebergs ("e5 a1"); ``red_score`` and ``black_score`` as given."""
    board = HexBoard.of(DEFAULT_SIZE)

    def cells(text: str) -> int:
        return sum(1 << board.parse_cell(name) for name in text.split())

    return IcebreakerPosition(
        DEFAULT_SIZE,
        cells(red),
        cells(black),
        cells(icebergs),
        scores.get("red_score", 0),
        scores.get("black_score", 0),
        Side.RED,
    )


def _names(position: IcebreakerPosition, cells: list[Cell]) -> Any:
    """Cells by name: "c3" or "c3 and e1"."""
    return all_of([position.board.name(cell) for cell in cells])


def _capturable(position: IcebreakerPosition) -> list[tuple[Cell, Cell]]:
    """Each ship of the side to move next to an iceberg, with the icebergs next to it."""
    board = position.board
    return [
        (ship, iceberg)
        for ship in board.cells_of(position.ships(position.to_move))
        for iceberg in board.cells_of(board.neighbours[ship] & position.icebergs)
    ]


def nearest_icebergs(position: IcebreakerPosition, cell: Cell) -> list[Cell]:
    """The icebergs nearest to the ship on ``cell``, going around ships."""
    board = position.board
    blocked = position.all_ships
    seen = reach = 1 << cell
    while reach:
        reach = board.spread(reach) & ~blocked & ~seen
        found = reach & position.icebergs
        if found:
            return board.cells_of(found)
        seen |= reach
    return []


# --- what a move does wrong, whatever the goal ------------------------------------------


def harm(before: IcebreakerPosition, move: Step) -> Reason | None:
    """A move after which the other side wins with its reply (every reply tried)."""
    after = before.play_unchecked(move)
    other = before.to_move.other
    if after.to_move is not other:
        return None
    for reply in after.legal_moves():
        if after.play_unchecked(reply).winner is other:
            words = say(
                "lesson.wrong_wins",
                move=str(move),
                side=before.side_name(other),
                reply=str(reply),
            )
            return Reason("reply_wins", words, show=(reply,), uses=frozenset({"half_wins"}))
    return None


def refusal(position: IcebreakerPosition, move: Step) -> Reason | None:
    """A step the rules refuse as no closer to an iceberg: how far the ship is from its
    nearest iceberg (marked), and the steps that would be closer."""
    reason = position.illegal_reason(move)
    if reason is None or reason.key != "illegal.not_closer":
        return None
    near = position.distance(move.src)
    icebergs = nearest_icebergs(position, move.src)
    steps = position.board.cells_of(position.steps(move.src))
    if near is None or not icebergs or not steps:
        return None
    key = "lesson.ib_nearest_one" if len(icebergs) == 1 else "lesson.ib_nearest_many"
    words = say(
        "lesson.ib_not_closer",
        move=str(move),
        src=position.board.name(move.src),
        dst=position.board.name(move.dst),
        count=near,
        nearest=say(key, cells=_names(position, icebergs)),
        cells=_names(position, steps),
    )
    return Reason("not_closer", words, marks=tuple(icebergs), uses=frozenset({"ship_steps"}))


def _no_capture(position: IcebreakerPosition, move: Step, key: str, **values: object) -> Reason:
    """``move`` captures nothing: the ship that could have, and its iceberg (marked)."""
    pairs = _capturable(position)
    uses = frozenset({"iceberg_capture"})
    if not pairs:
        return Reason("no_capture", say("lesson.no_capture_at_all", move=str(move)), uses=uses)
    ship, iceberg = pairs[0]
    board = position.board
    words: Words = say(
        key, move=str(move), ship=board.name(ship), iceberg=board.name(iceberg), **values
    )
    marks = tuple(sorted({cell for _, cell in pairs}))
    return Reason("no_capture", words, marks=marks, uses=uses)


# --- the goals --------------------------------------------------------------------------


class MovesShip:
    """The goal of moving the ship on ``cell`` (the rules allow it only towards its
    nearest iceberg)."""

    uses = frozenset({"ship_steps"})

    def __init__(self, cell: str) -> None:
        self.cell = HexBoard.of(DEFAULT_SIZE).parse_cell(cell)

    def __call__(self, before: IcebreakerPosition, move: Step, after: IcebreakerPosition) -> bool:
        return move.src == self.cell

    def miss(
        self, before: IcebreakerPosition, move: Step, after: IcebreakerPosition, moves: int
    ) -> Reason:
        """Another ship moved: the one asked for is marked."""
        board = before.board
        words = say(
            "lesson.ib_other_ship",
            move=str(move),
            src=board.name(move.src),
            cell=board.name(self.cell),
        )
        return Reason("other_ship", words, marks=(self.cell,), uses=self.uses)


class Captures:
    """The goal of capturing an iceberg."""

    uses = frozenset({"iceberg_capture"})

    def __call__(self, before: IcebreakerPosition, move: Step, after: IcebreakerPosition) -> bool:
        return after.score(before.to_move) > before.score(before.to_move)

    def miss(
        self, before: IcebreakerPosition, move: Step, after: IcebreakerPosition, moves: int
    ) -> Reason:
        return _no_capture(before, move, "lesson.no_capture")


class Wins:
    """The goal of winning: the mover's side has captured more than half of the
    icebergs."""

    uses = frozenset({"half_wins"})

    def __call__(self, before: IcebreakerPosition, move: Step, after: IcebreakerPosition) -> bool:
        return after.winner is before.to_move

    def miss(
        self, before: IcebreakerPosition, move: Step, after: IcebreakerPosition, moves: int
    ) -> Reason:
        """A capture that does not make enough, or the capture missed that would."""
        me = before.to_move
        board = before.board
        target = board.target
        if after.score(me) > before.score(me):
            words = say(
                "lesson.ib_not_enough",
                move=str(move),
                side=before.side_name(me),
                count=after.score(me),
                target=target,
            )
            return Reason("not_enough", words, uses=self.uses)
        if before.score(me) + 1 == target:
            return _no_capture(
                before, move, "lesson.ib_no_win", target=target, icebergs=board.iceberg_count
            )
        return _no_capture(before, move, "lesson.no_capture")


def moves_ship(cell: str) -> MovesShip:
    """The goal of moving the ship on ``cell`` (see :class:`MovesShip`)."""
    return MovesShip(cell)


captures = Captures()
wins = Wins()


def lesson(
    key: str,
    start: IcebreakerPosition,
    goal: MovesShip | Captures | Wins,
    uses: frozenset[str] = frozenset(),
    teaches: frozenset[str] = frozenset(),
) -> Lesson:
    """An Icebreaker lesson: the harm and the refusals looked for are this game's."""
    return Lesson(key, start, goal, harm=harm, refusal=refusal, uses=uses, teaches=teaches)


#: The lessons, in the order a new player takes them.
LESSONS: Final[tuple[Lesson, ...]] = (
    lesson(
        "icebreaker_nearest",
        sea("e5", "a5 i5", "c3 a1 a2 i1 i2 e9"),
        moves_ship("e5"),
        teaches=frozenset({"ship_steps"}),
    ),
    lesson(
        "icebreaker_capture",
        sea("c4 g3", "a5 i5", "b4 e1 i1 g7 e8"),
        captures,
        uses=frozenset({"ship_steps"}),
        teaches=frozenset({"iceberg_capture"}),
    ),
    lesson(
        "icebreaker_half",
        sea("d5 f2", "d1 h5", "c4 i3 e9", red_score=27, black_score=25),
        wins,
        uses=frozenset({"ship_steps", "iceberg_capture"}),
        teaches=frozenset({"half_wins"}),
    ),
)

__all__ = [
    "LESSONS",
    "captures",
    "harm",
    "moves_ship",
    "nearest_icebergs",
    "refusal",
    "sea",
    "wins",
]
