"""An exact solver for the solitaire (RULES.md §3): is there a win, and which moves keep one?

The solitaire is a game on the rook's graph
-------------------------------------------
A peg moves to any hole of its island or to the same hole number on another island.
Write the 49 holes as a 7x7 grid, island = row and hole number = column: a peg moves
along its row or its column, like a rook that jumps.  The Fano lines play no part in
the solitaire.  Three facts drive everything below.

1. **Holes only ever empty.**  A move goes *onto* a peg, so the hole it leaves is the
   only one whose state changes from full to empty, and no hole is ever filled again.
   Every move empties exactly one hole: its source.  The pegs therefore live on the
   graph ``G`` whose vertices are the occupied holes and whose edges join holes in the
   same row or column, and each move deletes its source vertex from ``G``.
2. **Colour counts.**  Let the colour to move have ``m`` pegs and the other ``o``, and
   ``d = o - m``.  The move removes one of the other colour's pegs, and then the other
   colour moves: the new difference is ``m - (o - 1) = 1 - d``.  So ``d`` in {0, 1}
   stays in {0, 1} and any other ``d`` stays outside.  A won game ends with the colour
   to move having no peg and the other exactly one (the last capture leaves the capturer,
   and the opponent must then move): ``d = 1``.  **A position can be won only if
   d is 0 or 1** (or it already has one peg).  With ``d = 0`` the colour to move makes
   the last capture, with ``d = 1`` the other colour does; either way this colour,
   ``F``, is the same in every position of the game, since ``d`` and the mover both
   flip.  A deal has 14 + 14 pegs, so ``d = 0`` whichever colour begins: the rule
   matters for hand-made positions.
3. **Connectivity.**  If ``G`` falls apart into two components, each keeps a peg for
   ever: a peg moves only along an edge of ``G`` at that moment, and edges only
   disappear, so it stays in its component; a capture leaves the capturer in the same
   component, so a component never loses its last peg.  Two pegs can never become one.
   **A position whose ``G`` is disconnected is lost**, and so is every move whose
   source is a cut vertex of ``G`` (the search never plays one).

Dead ends: pendant components
-----------------------------
Let ``q`` be a cut vertex of ``G``, ``C`` one of the components of ``G - q`` and ``R``
the others (not empty); ``m`` pegs of ``R`` are next to ``q``.  Look at a winning
continuation while ``C`` and ``R`` are both non-empty:

* ``q`` does not move (fact 3).  The neighbours of ``C``'s holes lie in ``C`` and
  ``q``, so ``C``'s pegs are captured only by pegs of ``C``: ``C`` changes only by
  captures inside ``C + q``, each leaving ``C + q`` connected (fact 3 again).
* ``q`` changes colour when a peg of ``C`` captures it, or when a peg of ``R`` next to
  ``q`` captures it: an *arrival*, which empties that neighbour for good (fact 1).
  ``R`` hangs on ``q`` by those neighbours only, so at least one is left as long as
  ``R`` is not empty: at most ``m - 1`` arrivals leave ``R`` non-empty.

One of ``C`` and ``R`` empties first (one move empties one hole):

* (A) ``C`` empties, after at most ``m - 1`` arrivals; or
* (B) ``R`` empties.  Its pegs leave it only into ``q`` (``q`` cannot move), so its last
  peg arrives on ``q`` (at most ``m`` arrivals in all).  The game goes on in ``C + q``
  alone with the other colour to move, and must be won, with last colour ``F``.

Between those moves the rest of the board can make any number of moves for either
colour, so the order of colours inside ``C + q`` is free.  **If no sequence of captures
inside C + q and arrivals reaches (A) or (B), the position is lost.**  And **if two
such components can only reach (B), and neither meets the other one or its cut vertex,
the position is lost too**: each would need the other to be empty while it is not.

The solver checks every pendant component of up to ``_PENDANT_LIMIT`` holes by a small
search of ``C + q`` (with the colours of moves left free, as argued).  The cut vertices
and components depend only on which holes are full, and the outcome only on the pegs
of ``C + q``, ``m`` and ``F``, so both are cached.  The rule decides at the first node
many positions on which a search without it spends millions of nodes.  A simple case: a
peg alone in its row whose only neighbour is a hole of degree 2 holding the same colour.
Neither can move while the rest of the board is there (the leaf has nothing to capture,
its neighbour is a cut vertex), so the rest must empty into the hole beyond them; that
hole then holds the other colour, the blocked colour moves next, and its only capture
strands the leaf.

The search
----------
Depth-first, from the position with the colour to move as "me": ``(me, opp)``
bitboards.  A table holds every position proved lost, keyed by ``(me, opp)`` (the
colour to move is implied by the key, which also identifies each position with its
colour-swapped twin: they have the same answer).  Moves are tried in an order that
finds wins early: sources with few neighbours first (they are the pegs that get
stranded), then targets with few of the mover's own pegs around them (after the
capture such a peg still has prey), then targets with many neighbours.  A search that
runs long is restarted with a larger budget and a shuffled order (see ``_decide``).

Symmetries
----------
The game is invariant under any permutation of the rows, any permutation of the
columns, swapping rows with columns and swapping the colours: far more than the
Fano plane's automorphisms.  The colour swap is used for free (the key above).  Keying
the lost table by a (partial, colour-refinement) canonical form under the rest was
measured on seven hard positions, before the dead-end rule existed: it saved 1.4 to 3.5
times the nodes but cost about 25 times as much per node in pure Python, so every
search took 7 to 13 times longer.  It is not used.

Difficulty
----------
See :func:`difficulty` for the rating and the measurements behind its thresholds.
"""

from __future__ import annotations

import datetime
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Final, NamedTuple

from ...errors import Cancelled
from .board import ISLAND_MASKS, POINT_MASKS, REACH, Bitboard
from .rules import Color, Move
from .solitaire import FIRST_DEAL, LAST_DEAL, SolitairePosition

#: One bit at the start of each row (island): holes A1, B1, ..., G1.
_ROW_STARTS: Final = sum(1 << (7 * row) for row in range(7))
#: Bits of the key that hold the opponent's pegs (the mover's pegs sit above them).
_KEY_SHIFT: Final = 49
#: Largest pendant component examined by the dead-end rule (a few thousand states).
_PENDANT_LIMIT: Final = 6
#: Node budget of the first search, growth factor of the next ones (see ``_decide``).
_FIRST_BUDGET: Final = 1000
_BUDGET_GROWTH: Final = 2
#: Random bits added to a move's rank (``order`` in ``_search``, at most ``1 << 12``) in
#: the later searches: enough to make their move order all but random.  Measured on
#: positions where the first search failed, random orders found wins in 1,000 to 2,000
#: nodes where orders near the first one needed millions.
_NOISE_BITS: Final = 16
#: How many nodes a search visits between two polls of its caller's ``stop``.
_STOP_EVERY: Final = 4096
#: A table of a :class:`Solver` is emptied before a search when it has grown past this
#: many entries (a few hundred megabytes at most, all tables together).
_CACHE_LIMIT: Final = 1 << 21

#: Difficulty names, easiest first (see :func:`difficulty`).
DIFFICULTIES: Final = ("easy", "medium", "hard", "very hard")
#: Lowest random-play survival share for "easy", "medium" and "hard"; below: "very hard".
DIFFICULTY_THRESHOLDS: Final = (0.474, 0.4635, 0.455)
#: Random playouts behind one difficulty rating, and the node limit of each of their steps.
PLAYOUTS: Final = 64
SURVIVAL_NODE_LIMIT: Final = 100_000

#: Outcomes of a pendant component (module docstring): no way out, only by (B), (A) too.
_DEAD: Final = 0
_ONLY_B: Final = 1
_FREE: Final = 2

#: A pendant component: (cut vertex q as a bit, the component's holes, m).
_Pendant = tuple[int, int, int]
#: What the dead-end rule needs to know about a set of full holes: cut vertices, pendants.
_Shape = tuple[int, tuple[_Pendant, ...]]


class Solution(NamedTuple):
    """What :func:`solve` found.

    ``line`` is a whole winning line (27 captures from a deal) or ``None`` when no win
    exists; ``complete`` is ``False`` only when ``node_limit`` stopped the search before
    it decided (then ``line`` is ``None`` and the answer is unknown).
    """

    line: tuple[Move, ...] | None
    nodes: int
    seconds: float
    complete: bool

    @property
    def solvable(self) -> bool | None:
        """``True``/``False`` when decided, ``None`` when the node limit stopped the search."""
        if not self.complete:
            return None
        return self.line is not None


class _Exhausted(Exception):
    """Raised inside the search when the node limit is reached."""


def _component(seed: Bitboard, within: Bitboard) -> Bitboard:
    """The component of ``seed`` in the rook's graph on the holes ``within``."""
    reached = seed
    while True:
        # Every hole in a row or a column of ``reached``: fold each 7-bit row onto its
        # lowest bit and spread it back, and fold the seven rows onto the first one.
        rows = reached | reached >> 1 | reached >> 2 | reached >> 3
        rows = (rows | rows >> 3) & _ROW_STARTS
        cols = reached | reached >> 28
        cols |= cols >> 14
        cols |= cols >> 7
        grown = (rows * 127 | (cols & 127) * _ROW_STARTS) & within
        if grown == reached:
            return reached
        reached = grown


def _connected(occupied: Bitboard) -> bool:
    """Whether the holes of ``occupied`` form one component of the rook's graph."""
    return _component(occupied & -occupied, occupied) == occupied


def _cut_vertices(occupied: Bitboard) -> Bitboard:
    """The holes whose removal disconnects ``G`` on ``occupied`` (which must be connected).

    Two quick tests spare most flood fills.  A peg alone in its row (or column) is not
    a cut vertex: every neighbour is in its column, and those are all joined to each
    other.  Nor is a peg on a rectangle of pegs (its row, its column and a fourth peg
    at the crossing of a row and a column of two of them): its two neighbours on the
    rectangle stay joined through the fourth corner, and every other neighbour shares a
    line with one of them.
    """
    cuts = 0
    holes = occupied
    while holes:
        hole = holes & -holes
        holes ^= hole
        index = hole.bit_length() - 1
        column = index % 7
        in_row = occupied & ISLAND_MASKS[index // 7] ^ hole
        in_col = occupied & POINT_MASKS[column] ^ hole
        if not in_row or not in_col:
            continue
        if (in_col >> column) * 127 & (in_row >> (index - column)) * _ROW_STARTS & occupied:
            continue
        if not _connected(occupied ^ hole):
            cuts |= hole
    return cuts


def _shape(occupied: Bitboard) -> _Shape:
    """The cut vertices of ``G`` on ``occupied`` and its pendant components.

    A pendant component is a component ``C`` of ``G - q`` for a cut vertex ``q``, of at
    most ``_PENDANT_LIMIT`` holes, with ``m``, the number of other neighbours of ``q``.
    """
    cuts = _cut_vertices(occupied)
    pendants = []
    holes = cuts
    while holes:
        hole = holes & -holes
        holes ^= hole
        rest = occupied ^ hole
        left = rest
        while left:
            part = _component(left & -left, rest)
            left ^= part
            if part.bit_count() <= _PENDANT_LIMIT:
                arrivals = (REACH[hole.bit_length() - 1] & rest & ~part).bit_count()
                pendants.append((hole, part, arrivals))
    return cuts, tuple(pendants)


def _apart(first: tuple[int, int], second: tuple[int, int]) -> bool:
    """Whether each pendant (cut vertex, holes) lies in the other one's rest."""
    return not second[1] & (first[0] | first[1]) and not first[1] & (second[0] | second[1])


def _bits_to_move(source: Bitboard, target: Bitboard) -> Move:
    return Move(source.bit_length() - 1, target.bit_length() - 1)


class Solver:
    """A solver whose tables persist from one call to the next.

    Use one ``Solver`` for many related questions (the hints of one game, the rating of
    one deal): positions proved lost or won once are answered at once afterwards.  The
    tables hold only facts about positions, so they are valid for any deal.
    """

    def __init__(self) -> None:
        self._stop: Callable[[], bool] | None = None
        self._lost: set[int] = set()
        self._won: dict[int, tuple[int, int]] = {}  # key -> (source bit, target bit)
        self._shapes: dict[int, _Shape] = {}
        self._outcomes: dict[tuple[int, int, int, int, int, int], int] = {}
        self._small: dict[int, bool] = {}
        self._local_cuts: dict[int, int] = {}

    def solve(
        self,
        position: SolitairePosition,
        node_limit: int | None = None,
        stop: Callable[[], bool] | None = None,
    ) -> Solution:
        """A winning line from ``position``, or proof that none exists (see :func:`solve`).

        ``stop`` is polled every few thousand nodes; when it turns true the search
        raises :class:`Cancelled` (the tables keep what was proved so far).
        """
        if stop is not None and stop():
            # Also polled here: most searches end long before their first checkpoint, and a
            # caller making many of them (a rating, a hint) must still stop at once.
            raise Cancelled
        begin = time.perf_counter()
        counter = [0]
        self._stop = stop
        try:
            line = self._solve(position, node_limit, counter)
        except _Exhausted:
            return Solution(None, counter[0], time.perf_counter() - begin, False)
        finally:
            self._stop = None
        return Solution(line, counter[0], time.perf_counter() - begin, True)

    def winning_moves(self, position: SolitairePosition) -> list[Move]:
        """Every legal move of ``position`` after which a win is still possible, sorted."""
        return [move for move in position.legal_moves() if self.wins(position.play_unchecked(move))]

    def wins(self, position: SolitairePosition, stop: Callable[[], bool] | None = None) -> bool:
        """Whether ``position`` can still be won (``stop`` as for :meth:`solve`)."""
        return self.solve(position, None, stop).line is not None

    def _solve(
        self, position: SolitairePosition, node_limit: int | None, counter: list[int]
    ) -> tuple[Move, ...] | None:
        fire, ice, to_move = position
        pegs = (fire | ice).bit_count()
        if pegs <= 1:
            return () if pegs == 1 else None
        if not _connected(fire | ice):
            return None  # fact 3
        if to_move is None:
            starts = [(fire, ice), (ice, fire)]
        else:
            starts = [(fire, ice) if to_move is Color.FIRE else (ice, fire)]
        for me, opp in starts:
            if opp.bit_count() - me.bit_count() in (0, 1) and self._decide(
                me, opp, node_limit, counter
            ):
                return self._line(me, opp)
        return None

    def _decide(
        self, me: Bitboard, opp: Bitboard, node_limit: int | None, counter: list[int]
    ) -> bool:
        """Whether ``me`` (to move) can win, by searches with growing budgets.

        The move order is good but not perfect: now and then it sends the search into a
        huge lost subtree while a win sits next door (a heavy-tailed search time).  So
        the first search gets ``_FIRST_BUDGET`` nodes; each next one gets
        ``_BUDGET_GROWTH`` times more and a shuffled move order (seeded by the attempt
        number, so the answers are reproducible).  Losses proved by a stopped search
        stay in the table, so little work is lost; the budgets grow without bound, so
        the search always ends with an exact answer.
        """
        budget = _FIRST_BUDGET
        attempt = 0
        while True:
            cap = counter[0] + budget
            if node_limit is not None and node_limit <= cap:
                return self._search(me, opp, node_limit, counter, attempt)
            try:
                return self._search(me, opp, cap, counter, attempt)
            except _Exhausted:
                budget *= _BUDGET_GROWTH
                attempt += 1

    def _line(self, me: Bitboard, opp: Bitboard) -> tuple[Move, ...]:
        """The winning line recorded in the won table, from ``(me, opp)`` to the end."""
        line = []
        while me:
            source, target = self._won[me << _KEY_SHIFT | opp]
            line.append(_bits_to_move(source, target))
            me, opp = opp ^ target, me ^ source ^ target
        return tuple(line)

    def _search(
        self, me: Bitboard, opp: Bitboard, node_limit: int, counter: list[int], shuffle: int
    ) -> bool:
        """Whether ``me`` (to move) can win, by one depth-first search.

        ``opp - me`` must be 0 or 1 in pegs and the position connected.  Nodes are
        counted in ``counter[0]``; past ``node_limit`` (a running total) the search raises
        :class:`_Exhausted`.  ``shuffle`` > 0 seeds a random move order.  Local names
        for everything the inner function touches keep it fast.
        """
        lost = self._lost
        won = self._won
        shapes = self._shapes
        outcomes = self._outcomes
        outcome_of = self._outcome
        reach = REACH
        limit = node_limit
        nodes = counter[0]
        noise = random.Random(shuffle).getrandbits if shuffle else None
        stop = self._stop
        # One comparison per node serves both the limit and polling ``stop``: the
        # search checks in at every multiple of _STOP_EVERY and at the limit.
        checkpoint = min(limit, nodes + _STOP_EVERY) if stop is not None else limit
        self._trim()

        def search(me: int, opp: int) -> bool:
            nonlocal nodes, checkpoint
            if nodes >= checkpoint:
                if nodes >= limit:
                    raise _Exhausted
                assert stop is not None
                if stop():
                    raise Cancelled
                checkpoint = min(limit, nodes + _STOP_EVERY)
            nodes += 1
            if not me:
                # d = opp - me is 0 or 1 (fact 2), so the opponent has one peg: won.
                return True
            key = me << _KEY_SHIFT | opp
            if key in lost:
                return False
            if key in won:
                return True
            occupied = me | opp
            shape = shapes.get(occupied)
            if shape is None:
                shape = shapes[occupied] = _shape(occupied)
            cuts, pendants = shape
            if pendants:
                last = 1 if me.bit_count() == opp.bit_count() else 0  # F: 1 is me
                only_b: list[tuple[int, int]] = []
                for link, part, arrivals in pendants:
                    facts = (me & part, opp & part, link, me & link, arrivals, last)
                    outcome = outcomes.get(facts)
                    if outcome is None:
                        outcome = outcomes[facts] = outcome_of(*facts)
                    if outcome == _DEAD:
                        lost.add(key)
                        return False
                    if outcome == _ONLY_B:
                        for other in only_b:
                            if _apart(other, (link, part)):
                                lost.add(key)
                                return False
                        only_b.append((link, part))
            moves = []
            pegs = me & ~cuts
            while pegs:
                source = pegs & -pegs
                pegs ^= source
                hole = source.bit_length() - 1
                targets = reach[hole] & opp
                rank = (reach[hole] & occupied).bit_count() << 8
                while targets:
                    target = targets & -targets
                    targets ^= target
                    near = reach[target.bit_length() - 1]
                    order = (
                        rank | (near & me).bit_count() << 4 | (15 - (near & occupied).bit_count())
                    )
                    if noise is not None:
                        order += noise(_NOISE_BITS)
                    moves.append((order, source, target))
            moves.sort()
            for _, source, target in moves:
                if search(opp ^ target, me ^ source ^ target):
                    won[key] = (source, target)
                    return True
            lost.add(key)
            return False

        try:
            return search(me, opp)
        finally:
            counter[0] = nodes

    def _trim(self) -> None:
        """Empty any table grown past ``_CACHE_LIMIT`` entries (between searches only).

        The tables only save work, so emptying one never changes an answer; a winning
        line is read from the won table right after the search that filled it.
        """
        tables: tuple[set[int] | dict[Any, Any], ...] = (
            self._lost,
            self._won,
            self._shapes,
            self._outcomes,
            self._small,
            self._local_cuts,
        )
        for table in tables:
            if len(table) > _CACHE_LIMIT:
                table.clear()

    def _outcome(
        self, mine: int, theirs: int, link: int, link_mine: int, arrivals: int, last: int
    ) -> int:
        """How the pendant component ``mine | theirs`` on cut vertex ``link`` can end.

        A search of the states of ``C + q`` (module docstring, "Dead ends") with the
        colours of moves left free: returns ``_FREE`` if (A) is reachable, else
        ``_ONLY_B`` if (B) is, else ``_DEAD``.  Colours are 1 for the colour to move in
        the position examined and 0 for the other; ``last`` is ``F`` in those terms.
        A state is the pegs of ``C`` of each colour and the colour of ``q``; for each
        state only the fewest arrivals that reach it matter (fewer is never worse).
        """
        fewest: dict[tuple[int, int, int], int] = {}
        local_cuts = self._local_cuts
        stack = [(mine, theirs, 1 if link_mine else 0, 0)]
        only_b = False
        link_hole = link.bit_length() - 1
        while stack:
            ours, others, link_colour, used = stack.pop()
            state = (ours, others, link_colour)
            if fewest.get(state, arrivals) <= used:
                continue
            fewest[state] = used
            if not ours | others:
                return _FREE  # (A), with used <= m - 1 arrivals
            if not only_b and self._ends_won(ours, others, link, 1 - link_colour, last):
                only_b = True  # (B): one more arrival (used + 1 <= m) empties R
            if used + 1 < arrivals:
                stack.append((ours, others, 1 - link_colour, used + 1))
            local = ours | others | link
            stuck = local_cuts.get(local)
            if stuck is None:
                stuck = local_cuts[local] = _cut_vertices(local)
            pegs = (ours | others) & ~stuck
            while pegs:
                source = pegs & -pegs
                pegs ^= source
                colour = 1 if ours & source else 0
                near = REACH[source.bit_length() - 1]
                if link_colour != colour and near >> link_hole & 1:
                    if colour:
                        stack.append((ours ^ source, others, colour, used))
                    else:
                        stack.append((ours, others ^ source, colour, used))
                targets = near & (others if colour else ours)
                while targets:
                    target = targets & -targets
                    targets ^= target
                    if colour:
                        stack.append((ours ^ source ^ target, others ^ target, link_colour, used))
                    else:
                        stack.append((ours ^ target, others ^ source ^ target, link_colour, used))
        return _ONLY_B if only_b else _DEAD

    def _ends_won(self, ours: int, others: int, link: int, arriving: int, last: int) -> bool:
        """Case (B): after a peg of colour ``arriving`` lands on ``link``, can ``C + q`` win?

        The colour other than ``arriving`` moves next; the game must also end with the
        last colour ``last`` (fact 2).
        """
        if arriving:
            mover, other, mover_colour = others, ours | link, 0
        else:
            mover, other, mover_colour = ours, others | link, 1
        surplus = other.bit_count() - mover.bit_count()
        if surplus not in (0, 1):
            return False
        final_colour = mover_colour if surplus == 0 else 1 - mover_colour
        return final_colour == last and self._small_win(mover, other)

    def _small_win(self, me: int, opp: int) -> bool:
        """Plain exhaustive search (with a memo) of a small position, ``me`` to move."""
        key = me << _KEY_SHIFT | opp
        known = self._small.get(key)
        if known is not None:
            return known
        result = False
        pegs = me
        while pegs and not result:
            source = pegs & -pegs
            pegs ^= source
            targets = REACH[source.bit_length() - 1] & opp
            while targets:
                target = targets & -targets
                targets ^= target
                if self._small_win(opp ^ target, me ^ source ^ target):
                    result = True
                    break
        if not result:
            result = (me | opp).bit_count() == 1  # with one peg there is no capture
        self._small[key] = result
        return result


def solve(position: SolitairePosition, node_limit: int | None = None) -> Solution:
    """Decide ``position`` exactly: a winning line, or ``line=None`` if no win exists.

    ``node_limit`` caps the positions visited; when it stops the search first, the
    result has ``complete=False`` and ``line=None`` (unknown).  Without a limit the
    answer is always complete.  Positions decided without search (one peg left,
    disconnected, impossible colour counts) take no node.
    """
    return Solver().solve(position, node_limit)


def winning_moves(position: SolitairePosition) -> list[Move]:
    """Every legal move of ``position`` from which a win is still possible, sorted."""
    return Solver().winning_moves(position)


def survival_share(
    position: SolitairePosition,
    playouts: int = PLAYOUTS,
    solver: Solver | None = None,
    stop: Callable[[], bool] | None = None,
) -> float:
    """The share of the remaining captures that uniformly random play gets through first.

    Each of ``playouts`` playouts picks uniformly random legal moves from ``position``
    and stops at the first move after which no win is possible, or at the end of a won
    game.  The result is the average number of moves made, divided by the number of
    captures a win still needs (``pegs_left - 1``); 1.0 when there is nothing left to
    do.  Each step is decided by the solver, with at most ``SURVIVAL_NODE_LIMIT`` nodes:
    a position it cannot decide within them (about one step in 50,000, measured) counts
    as lost, so that one rating never takes long.  The random generator is seeded from
    the position, so the same position always gives the same figure.  ``stop`` is
    polled as for :meth:`Solver.solve`.
    """
    needed = position.pegs_left - 1
    if needed <= 0:
        return 1.0
    solver = solver or Solver()
    rng = random.Random(f"{position.fire}:{position.ice}:{position.to_move}")
    total = 0
    for _ in range(playouts):
        here = position
        while not here.is_over:
            after = here.play_unchecked(rng.choice(here.legal_moves()))
            if solver.solve(after, SURVIVAL_NODE_LIMIT, stop).line is None:
                break
            here = after
            total += 1
    return total / (playouts * needed)


def difficulty(
    position: SolitairePosition,
    playouts: int = PLAYOUTS,
    stop: Callable[[], bool] | None = None,
) -> str | None:
    """How hard it is to win from ``position``: a name from :data:`DIFFICULTIES`.

    ``None`` if no win exists.  The rating comes from how many moves in a row still
    lead to a win when they are picked at random (:func:`survival_share`).

    Why not simply the share of winning first moves: over deals 1 to 300, every first
    move still wins on 298 deals (deal 80 has 2 losing first moves of 96, deal 236 has 4
    of 104), so that share cannot tell deals apart.  The game forgives everything for
    about eight moves and is decided later: random play keeps a win for 12.5 of the 27
    captures on average, then throws it away.

    Measured over deals 1 to 300 with 64 playouts each, the survival share has
    quartiles 0.455, 0.4635 and 0.474 (12.3, 12.5 and 12.8 captures), extremes 0.36
    and 0.51; the quartiles are the thresholds, so each name takes about a quarter of
    the deals (74 easy, 77 medium, 73 hard, 76 very hard).  Deals differ little: two
    independent sets of 32 playouts per deal agree only with a correlation of about 0.3
    (so about 0.5 for 64), and the rating of a fresh deal is a weak signal; it says more
    about positions later in a game, where the share varies far more.  One rating took
    1.0 s (median) and at most 2.4 s on those deals; fewer ``playouts`` are faster and
    noisier.
    """
    solver = Solver()
    if not solver.wins(position, stop):
        return None
    share = survival_share(position, playouts, solver, stop)
    for name, threshold in zip(DIFFICULTIES[:-1], DIFFICULTY_THRESHOLDS, strict=True):
        if share >= threshold:
            return name
    return DIFFICULTIES[-1]


class Hint(NamedTuple):
    """What the solitaire's Hint says (see :func:`hint`).

    ``move`` is the next move of a winning line when the position can still be won
    (``captures_left`` counts that line's moves).  Otherwise ``move`` is ``None``,
    ``undo`` counts the moves to take back to the latest earlier position known to
    win (``None`` when there is none) and ``instead`` is a winning move from there.
    ``decided`` is ``False`` when the node limit stopped the search of the current
    position before it knew: then it is probably lost, but not certainly.
    """

    move: Move | None
    captures_left: int
    undo: int | None
    instead: Move | None
    decided: bool


#: Node limit of each position a hint examines: nearly every position is decided in a
#: few hundred nodes, while the rare hard lost one could take minutes to prove.
HINT_NODE_LIMIT: Final = 40_000


def hint(
    positions: Sequence[SolitairePosition],
    solver: Solver | None = None,
    stop: Callable[[], bool] | None = None,
    node_limit: int | None = HINT_NODE_LIMIT,
) -> Hint:
    """The hint for the last of ``positions`` (a game's history, the deal first).

    Holes only ever empty, so a position that can be won was reached only through
    positions that could: the search walks back from the end to the latest one known
    to win, and says how many moves lie after it.  Each position gets ``node_limit``
    nodes; ``stop`` as for :meth:`Solver.solve`.
    """
    solver = solver or Solver()
    last = len(positions) - 1
    decided = True
    for index in range(last, -1, -1):
        solution = solver.solve(positions[index], node_limit, stop)
        if index == last:
            decided = solution.complete
        if solution.line is None:
            continue
        line = solution.line
        if index == last:  # an empty line: won already, nothing to hint at
            return Hint(line[0] if line else None, len(line), None, None, True)
        return Hint(None, 0, last - index, line[0], decided)
    return Hint(None, 0, None, None, decided)


#: Node limit when checking that a fresh deal can be won: deals are decided in a few
#: hundred nodes (bench.py: at most 1.6 ms over 200 deals), and one that is not decided
#: within this is passed over, so choosing a deal can never take long.
DEAL_NODE_LIMIT: Final = 5_000


def deal_of_the_day(day: datetime.date) -> int:
    """The day's deal: the same for everyone on that date, one the solver has proved can
    be won."""
    return random_deal(random.Random(f"deal of the day {day.isoformat()}"))


def random_deal(rng: random.Random, solvable_only: bool = True) -> int:
    """A random deal number; with ``solvable_only`` one proved to have a win."""
    solver = Solver()
    while True:
        deal = rng.randint(FIRST_DEAL, LAST_DEAL)
        if not solvable_only or solver.solve(SolitairePosition.deal(deal), DEAL_NODE_LIMIT).line:
            return deal
