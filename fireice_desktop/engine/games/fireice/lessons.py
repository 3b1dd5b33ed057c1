"""Fire & Ice lessons (:mod:`...teaching.lessons` says what a lesson is): moving, the same hole,
the lines of an island and its control, the dropped peg, one owner per island, a line
of islands, a move that loses, a threat, a handicap game.

Each goal is a rule about the move, checked on the bitboards; a goal of stopping a
threat asks the puzzles' exact search (:mod:`.proof`).  A wrong move's reason is found
from the position: the game it hands over at once, the other side's winning reply, the
island it hands over or gives up (:func:`harm`), else what the goal wanted and did not
get (each goal's ``miss``: the line it did not make, the island it could not take).

The ideas the lessons teach and use: ``moving`` (a peg moves within its island),
``drop`` (the opponent's peg drops into the hole left), ``same_hole``, ``lines`` (an
island's seven lines), ``control`` (three pegs on a line control an island),
``handing`` (a dropped peg can hand over an island), ``one_owner``, ``island_lines``
(three islands on a line win), ``losing_move`` (a move can lose at once), ``threat``,
``handicap``.  The lessons' words are in the translations under ``lesson.<key>``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from ...teaching.lessons import Lesson, Reason
from ...words import Words, all_of, say
from .ai.evaluation import evaluate_position
from .board import ISLANDS, LINE_MASKS, LINES, hole_name, parse_hole
from .proof import Prover, winning_move
from .rules import PEGS_PER_SIDE, Color, Move, Position, describe_islands

#: The kinds of line of an island, by the index of the line in ``LINES``.
KINDS: Final = ("edge", "edge", "edge", "median", "median", "median", "circle")


def position(fire: str, ice: str, to_move: Color = Color.FIRE) -> Position:
    """A position from the holes of each side's pegs ("A1 A2 D4"); the supplies are what
    is left of each side's pegs."""
    fire_holes = [parse_hole(name) for name in fire.split()]
    ice_holes = [parse_hole(name) for name in ice.split()]
    fire_bits = sum(1 << hole for hole in fire_holes)
    ice_bits = sum(1 << hole for hole in ice_holes)
    return Position(
        fire_bits,
        ice_bits,
        PEGS_PER_SIDE - len(fire_holes),
        PEGS_PER_SIDE - len(ice_holes),
        to_move,
    )


def _island(letter: str) -> int:
    return ISLANDS.index(letter)


def _points(island: int, pegs: int) -> int:
    """The 7-bit set of the holes of ``island`` that ``pegs`` fill."""
    return (pegs >> (7 * island)) & 127


def _lines_of(island: int, pegs: int) -> set[tuple[int, int, int]]:
    """The lines of ``island`` that ``pegs`` fill."""
    mine = _points(island, pegs)
    return {line for line in LINES if all(mine >> p & 1 for p in line)}


def _holes(island: int, line: int) -> tuple[int, ...]:
    """The three holes of line ``line`` (an index into ``LINES``) on ``island``."""
    return tuple(7 * island + p for p in LINES[line])


def _names(holes: Iterable[int]) -> Any:
    """Holes by name, in board order: "E5" or "E6 and E7"."""
    return all_of([hole_name(h) for h in sorted(holes)])


def line_words(line: int) -> Words:
    """A line of an island by its kind and holes: "the edge 1-2-5"."""
    holes = "-".join(str(p + 1) for p in LINES[line])
    return say(f"lesson.line_kind.{KINDS[line]}", holes=holes)


def _held_line(island: int, pegs: int) -> int:
    """The index of a line of ``island`` that ``pegs`` fill (the first, in ``LINES``)."""
    points = _points(island, pegs)
    return next(i for i, mask in enumerate(LINE_MASKS) if points & mask == mask)


def _islands(islands: int) -> tuple[int, ...]:
    return tuple(i for i in range(7) if islands >> i & 1)


def _island_words(key: str, islands: int, **values: Any) -> Words:
    """Words about an island handed over or given up (a move changes the control of one
    island only: the one of the hole it leaves)."""
    return say(key, islands=describe_islands(islands), **values)


# --- what a move does wrong, whatever the goal ------------------------------------------


def harm(before: Position, move: Move) -> Reason | None:
    """What ``move`` does wrong whatever the lesson's goal: it hands over the game at
    once, it lets the other side win with its reply (proved by trying every reply), it
    hands over an island, or it gives up one of the mover's own; ``None`` if none."""
    after = before.play_unchecked(move)
    me, other = before.to_move, before.to_move.other
    side = before.side_name(other)
    if after.winner is other:
        words = say("lesson.wrong_loses", move=str(move), side=side)
        return Reason("loses", words, marks=(move.src,), uses=frozenset({"island_lines"}))
    reply = winning_move(after)
    if reply is not None:
        words = say("lesson.wrong_wins", move=str(move), side=side, reply=str(reply))
        return Reason("reply_wins", words, show=(reply,), uses=frozenset({"island_lines"}))
    gained = after.control(me) & ~before.control(me)
    given = after.control(other) & ~before.control(other)
    taken = {"taken": describe_islands(gained)} if gained else {}
    if given:
        key = "lesson.wrong_takes_but_hands" if gained else "lesson.wrong_hands"
        marks = tuple(
            h for i in _islands(given) for h in _holes(i, _held_line(i, after.pegs(other)))
        )
        words = _island_words(key, given, move=str(move), side=side, **taken)
        return Reason("hands", words, marks=marks, uses=frozenset({"drop", "control"}))
    lost = before.control(me) & ~after.control(me)
    if lost:
        island = _islands(lost)[0]
        line = _held_line(island, before.pegs(me))
        key = "lesson.wrong_takes_but_gives_up" if gained else "lesson.wrong_gives_up"
        words = _island_words(
            key, lost, move=str(move), hole=hole_name(move.src), line=line_words(line), **taken
        )
        return Reason("gives_up", words, marks=_holes(island, line), uses=frozenset({"control"}))
    return None


def _no_line(
    before: Position, move: Move, after: Position, island: int, lines: Iterable[int]
) -> Reason:
    """Why ``move`` does not make a line of ``lines`` on ``island``: it took a peg off the
    line the mover was building, or that line still lacks holes, or every one of them
    holds a peg of the other side."""
    me, other = before.to_move, before.to_move.other
    mine, theirs = _points(island, before.pegs(me)), _points(island, before.pegs(other))
    mine_after = _points(island, after.pegs(me))
    open_lines = [i for i in lines if not theirs & LINE_MASKS[i]]
    letter = ISLANDS[island]
    if not open_lines:
        side = before.side_name(other)
        words = say("lesson.wrong_blocked", move=str(move), island=letter, side=side)
        return Reason("blocked", words, uses=frozenset({"control"}))
    # The line the mover was nearest to: most pegs on it, then the one the move went to.
    best = max(
        open_lines,
        key=lambda i: ((mine & LINE_MASKS[i]).bit_count(), move.dst in _holes(island, i), -i),
    )
    holes = _holes(island, best)
    lacking = [h for h in holes if not mine_after >> (h % 7) & 1]
    if move.src in holes:
        values = {"move": str(move), "line": line_words(best), "island": letter}
        if after.color_at(move.src) is other:  # the other side's peg dropped in
            side = before.side_name(other)
            words = say("lesson.wrong_off_line", side=side, hole=hole_name(move.src), **values)
        else:
            words = say("lesson.wrong_off_line_empty", holes=_names(lacking), **values)
        return Reason("off_line", words, marks=holes, uses=frozenset({"control"}))
    words = say(
        "lesson.wrong_no_line",
        move=str(move),
        island=letter,
        line=line_words(best),
        holes=_names(lacking),
    )
    return Reason("no_line", words, marks=holes, uses=frozenset({"control"}))


def _owned(before: Position, move: Move, island: int) -> Reason:
    """``move`` goes to ``island``, which the other side controls: no line fits there."""
    other = before.to_move.other
    line = _held_line(island, before.pegs(other))
    words = say(
        "lesson.wrong_owned",
        move=str(move),
        island=ISLANDS[island],
        side=before.side_name(other),
        line=line_words(line),
    )
    return Reason("owned", words, marks=_holes(island, line), uses=frozenset({"one_owner"}))


# --- the goals --------------------------------------------------------------------------


class WithinIsland:
    """The goal of moving a peg within its island."""

    uses = frozenset({"moving"})
    aim = say("lesson.aim.within_island")

    def __call__(self, before: Position, move: Move, after: Position) -> bool:
        return move.src // 7 == move.dst // 7

    def miss(self, before: Position, move: Move, after: Position, moves: int) -> Reason:
        """The peg jumped to another island: the empty holes of its own are marked."""
        island = move.src // 7
        empty = [h for h in range(7 * island, 7 * island + 7) if before.color_at(h) is None]
        words = say(
            "lesson.wrong_jumps",
            move=str(move),
            island=ISLANDS[island],
            to=ISLANDS[move.dst // 7],
        )
        return Reason("jumps", words, marks=tuple(empty), uses=self.uses)


class SameHole:
    """The goal of moving a peg to the same hole of another island."""

    uses = frozenset({"same_hole"})
    aim = say("lesson.aim.same_hole")

    def __call__(self, before: Position, move: Move, after: Position) -> bool:
        return move.src % 7 == move.dst % 7 and move.src // 7 != move.dst // 7

    def miss(self, before: Position, move: Move, after: Position, moves: int) -> Reason:
        """The peg stayed on its island: the free holes of its number elsewhere are
        marked."""
        number = move.src % 7
        free = [7 * i + number for i in range(7) if before.color_at(7 * i + number) is None]
        words = say(
            "lesson.wrong_stays",
            move=str(move),
            island=ISLANDS[move.src // 7],
            number=number + 1,
        )
        return Reason("stays", words, marks=tuple(free), uses=self.uses)


class Controls:
    """The goal of controlling island ``letter`` (with a line of the kind ``by``: an
    edge, a median, the circle or any), handing the opponent no island by the peg
    dropped."""

    uses = frozenset({"control"})

    def __init__(self, letter: str, by: str = "any") -> None:
        self.island = _island(letter)
        self.by = by
        self.lines = tuple(i for i in range(7) if by in ("any", KINDS[i]))
        self.aim = (
            say("lesson.aim.controls", island=letter)
            if by == "any"
            else say("lesson.aim.controls_by", island=letter, kind=say(f"lesson.kind.{by}"))
        )

    def __call__(self, before: Position, move: Move, after: Position) -> bool:
        mover = before.to_move
        if after.controller(self.island) is not mover:
            return False
        if after.control(mover.other) & ~before.control(mover.other):
            return False
        return bool(_lines_of(self.island, after.pegs(mover)) & {LINES[i] for i in self.lines})

    def miss(self, before: Position, move: Move, after: Position, moves: int) -> Reason:
        """The island taken with another kind of line, held by the other side, or the
        line not made."""
        me = before.to_move
        island = self.island
        if after.controller(island) is me:
            line = _held_line(island, after.pegs(me))
            words = say(
                "lesson.wrong_kind",
                move=str(move),
                island=ISLANDS[island],
                line=line_words(line),
                kind=say(f"lesson.kind.{self.by}"),
            )
            return Reason("wrong_kind", words, marks=_holes(island, line), uses=self.uses)
        if before.controller(island) is me.other:
            return _owned(before, move, island)
        return _no_line(before, move, after, island, self.lines)


class TakesAnIsland:
    """The goal of controlling an island one did not, handing the opponent none."""

    uses = frozenset({"control"})
    aim = say("lesson.aim.takes_an_island")

    def __call__(self, before: Position, move: Move, after: Position) -> bool:
        mover = before.to_move
        gained = after.control(mover) & ~before.control(mover)
        handed = after.control(mover.other) & ~before.control(mover.other)
        return bool(gained) and not handed

    def miss(self, before: Position, move: Move, after: Position, moves: int) -> Reason:
        """The island the peg went to: held by the other side, or still without a line."""
        island = move.dst // 7
        me = before.to_move
        if before.controller(island) is me.other:
            return _owned(before, move, island)
        if before.controller(island) is me:
            words = say("lesson.wrong_already", move=str(move), island=ISLANDS[island])
            return Reason("already", words, uses=self.uses)
        return _no_line(before, move, after, island, range(7))


class Wins:
    """The goal of winning at once."""

    uses = frozenset({"island_lines"})
    aim = say("lesson.aim.wins")

    def __call__(self, before: Position, move: Move, after: Position) -> bool:
        return after.winner is before.to_move

    def miss(self, before: Position, move: Move, after: Position, moves: int) -> Reason:
        """The line of islands the mover is nearest to, and the island it still lacks;
        the line that island lacks is marked."""
        me, other = before.to_move, before.to_move.other
        mine, theirs = after.control(me), after.control(other)
        open_lines = [i for i in range(7) if not theirs & LINE_MASKS[i]] or list(range(7))
        best = max(open_lines, key=lambda i: ((mine & LINE_MASKS[i]).bit_count(), -i))
        lacking = [i for i in LINES[best] if not mine >> i & 1]
        island = lacking[0]
        marks = _no_line(before, move, after, island, range(7)).marks
        words = say(
            "lesson.wrong_no_win",
            move=str(move),
            line="-".join(ISLANDS[i] for i in LINES[best]),
            islands=", ".join(ISLANDS[i] for i in lacking),
            count=len(lacking),
        )
        return Reason("no_win", words, marks=marks, uses=self.uses)


class StopsTheThreat:
    """The goal of leaving the opponent no winning move."""

    uses = frozenset({"threat"})
    aim = say("lesson.aim.stops_the_threat")

    def __call__(self, before: Position, move: Move, after: Position) -> bool:
        return after.winner is None and not Prover().wins_within(after, 1)

    def miss(self, before: Position, move: Move, after: Position, moves: int) -> Reason | None:
        """The threat still stands: the other side's winning reply (:func:`harm` finds
        it first)."""
        return harm(before, move)


#: The goals by their old names (a function each before).
within_island = WithinIsland()
same_hole = SameHole()
takes_an_island = TakesAnIsland()
wins = Wins()
stops_the_threat = StopsTheThreat()


def controls(letter: str, by: str = "any") -> Controls:
    """The goal of controlling island ``letter`` (see :class:`Controls`)."""
    return Controls(letter, by)


def _reply(position: Position, moves: list[Move] | None = None) -> Move:
    """The other side's answer in a goal over several moves, of ``moves`` (by default
    every legal move): the one the evaluation likes best for it."""
    return min(
        moves if moves is not None else position.legal_moves(),
        key=lambda r: evaluate_position(position.play_unchecked(r)),
    )


def handed(position: Position, move: Move) -> int:
    """The islands ``move`` hands the other side (its dropped peg completes a line)."""
    after = position.play_unchecked(move)
    other = position.to_move.other
    return after.control(other) & ~position.control(other)


def lesson(
    key: str,
    start: Position,
    goal: Any,
    par: int = 1,
    uses: Iterable[str] = (),
    teaches: Iterable[str] = (),
) -> Lesson:
    """A Fire & Ice lesson: the replies and the harms looked for are this game's."""
    return Lesson(
        key,
        start,
        goal,
        par,
        reply=_reply,
        harm=harm,
        uses=frozenset(uses),
        teaches=frozenset(teaches),
    )


#: The lessons, in the order a new player takes them: no lesson uses an idea a later
#: one teaches.
LESSONS: Final[tuple[Lesson, ...]] = (
    lesson("moving", Position.start(), within_island, teaches={"moving", "drop"}),
    lesson(
        "same_hole",
        position("D4 B2", "C4"),
        same_hole,
        uses={"moving", "drop"},
        teaches={"same_hole"},
    ),
    lesson(
        "edge",
        position("E1 E2 G5 C7", "E4 D4 F3"),
        controls("E", "edge"),
        uses={"same_hole"},
        teaches={"lines", "control"},
    ),
    lesson(
        "median",
        position("F1 F4 A6 B2", "F2 F3 D4"),
        controls("F", "median"),
        uses={"lines", "control"},
    ),
    lesson(
        "circle",
        position("C2 C3 G6 A1", "C1 C4 D4"),
        controls("C", "circle"),
        uses={"lines", "control"},
    ),
    lesson(
        "drop",
        position("A1 A2 A4 B5", "B1 B2 C3 E7"),
        controls("A"),
        uses={"drop", "lines", "control"},
        teaches={"handing"},
    ),
    lesson(
        "one_controller",
        position("D1 D2 B5 G4 C6", "G1 G3 G7 A6 E2"),
        takes_an_island,
        uses={"lines", "control"},
        teaches={"one_owner"},
    ),
    lesson(
        "line",
        position("A1 A2 A5 D1 D4 D6 F5 F7 B6", "F1 F2 E4 C3 B4 G1"),
        wins,
        uses={"lines", "control"},
        teaches={"island_lines"},
    ),
    lesson(
        "handed",
        position("D1 D2 B5 G5 C3", "A1 A2 A5 B1 B2 E1 E3 E7 F4"),
        controls("D"),
        uses={"drop", "handing", "island_lines"},
        teaches={"losing_move"},
    ),
    lesson(
        "threat",
        position("D1 D2 C5 G3 A7", "A1 A2 A5 B1 B2 B5 E1 E2 F5"),
        stops_the_threat,
        uses={"lines", "island_lines"},
        teaches={"threat"},
    ),
    lesson(
        "handicap",
        Position.start(handicap=(parse_hole("A1"), parse_hole("B2"), parse_hole("E5"))),
        controls("A"),
        par=2,
        uses={"control"},
        teaches={"handicap"},
    ),
)


__all__ = [
    "LESSONS",
    "Controls",
    "controls",
    "handed",
    "harm",
    "lesson",
    "line_words",
    "position",
    "same_hole",
    "stops_the_threat",
    "takes_an_island",
    "wins",
    "within_island",
]
