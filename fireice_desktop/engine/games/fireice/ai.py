"""What the computer knows about Fire & Ice: its evaluation, its levels and its search.

The search is a negamax alpha-beta with iterative deepening, principal-variation
null windows, a transposition table, and move ordering (the table's move, tried
before the others are made; then moves that take an island or give nothing away,
then the history heuristic).  At the horizon a side that can win at once has won
(:func:`can_win`), otherwise the evaluation decides.  It works on plain integers
from the point of view of the side to move: ``me`` and ``opp`` are bitboards,
``ms``/``os`` the supplies, ``cm``/``co`` the 7-bit sets of islands each controls.

The evaluation reads the board island by island from a precomputed table
(``ISLAND_VALUE``): an island a side controls is worth 1 to it, one the opponent
controls 0; otherwise what it is worth depends on the class of the island's state
(both sides' pegs there, up to the symmetries of its lines), with values fitted to
the results of games (``weights.py``, written by ``scripts/fit_evaluation.py``).
Islands then combine along the seven lines of islands: the product of a side's
three island values is how close that line is to a win.

The level driver (:func:`fireice_desktop.engine.search.search`) runs this search
with iterative deepening; ``stop`` lets a caller (the desktop game) cancel it at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final, Literal

from ...errors import Cancelled
from ...levels import Budget, Level
from ...treesearch import WIN, with_noise
from ...words import Words, all_of, any_of, say
from . import weights
from .board import HAS_LINE, HOLE_COUNT, ISLANDS, REACH, controlled_islands
from .rules import Color, Move, Position
from .symmetry import SET_IMAGES

# --- the evaluation table ------------------------------------------------------------------

#: Being the side to move is worth something (in thousandths of a line, fitted).
TEMPO: Final = weights.TEMPO


def _build_island_value() -> tuple[int, ...]:
    """The table from the fitted values, one per class of an island's states.

    ``weights.ISLAND_VALUES`` keys each class (the orbit of a state under the
    permutations of the points that keep the lines) by its smallest ``(mine, theirs)``;
    every state of the class gets that value.  One pass per class, not per state.
    """
    table = [-1] * (1 << 14)
    for mine in range(128):
        for theirs in range(128):
            if mine & theirs or table[mine | theirs << 7] >= 0:
                continue
            images = {(image[mine], image[theirs]) for image in SET_IMAGES}
            value = weights.ISLAND_VALUES[min(images)]
            for a, b in images:
                table[a | b << 7] = value
    return tuple(max(value, 0) for value in table)


#: ``ISLAND_VALUE[mine | theirs << 7]``: the island's worth to the side owning ``mine``,
#: in hundredths, so a line's product is in millionths and the score, in thousandths of a
#: line, is their sum over a thousand.  Integers keep the sum exact, and so the same for a
#: position and its symmetric images (floats rounded differently as the order of the terms
#: changed); small ones keep it fast.
ISLAND_VALUE: Final[tuple[int, ...]] = _build_island_value()
_SHIFTS: Final = tuple(7 * i for i in range(7))
_ISLAND_MASKS: Final = tuple(127 << shift for shift in _SHIFTS)


def _build_move_tables() -> tuple[
    tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]
]:
    """The tables that order moves without looking at them one island at a time."""
    holds = [0] * 128  # pegs of a controlled island whose leaving loses the control
    takes = [0] * (1 << 14)  # empty points that complete a line: [mine | theirs << 7]
    gives = [0] * (1 << 14)  # my points that complete the opponent's: [theirs | mine << 7]
    move_lines = [0] * (128 * 7)  # [mine * 7 + src]: points the peg on src may go to keep a line
    for mine in range(128):
        for point in range(7):
            bit = 1 << point
            if mine & bit:
                if HAS_LINE[mine] and not HAS_LINE[mine ^ bit]:
                    holds[mine] |= bit
                for dst in range(7):
                    if not mine & 1 << dst and HAS_LINE[mine ^ bit | 1 << dst]:
                        move_lines[mine * 7 + point] |= 1 << dst
        for theirs in range(128):
            if mine & theirs:
                continue
            for point in range(7):
                bit = 1 << point
                if not (mine | theirs) & bit and HAS_LINE[mine | bit]:
                    takes[mine | theirs << 7] |= bit
                if mine & bit and HAS_LINE[theirs | bit]:
                    gives[theirs | mine << 7] |= bit
    return tuple(holds), tuple(takes), tuple(gives), tuple(move_lines)


_HOLDS, _TAKES, _GIVES, _MOVE_LINES = _build_move_tables()
_ISLAND_OF: Final = tuple(h // 7 for h in range(HOLE_COUNT))
_FULL: Final = (1 << HOLE_COUNT) - 1


def evaluate(me: int, opp: int) -> int:
    """The position's worth to the side to move (``me``), in thousandths of a line."""
    # Unrolled: this is the search's hot path.  ``m``/``t`` are the islands' values to
    # the side to move and to its opponent, in hundredths (``ISLAND_VALUE``).
    value = ISLAND_VALUE
    a = me & 127
    b = opp & 127
    m0 = value[a | b << 7]
    t0 = value[b | a << 7]
    a = (me >> 7) & 127
    b = (opp >> 7) & 127
    m1 = value[a | b << 7]
    t1 = value[b | a << 7]
    a = (me >> 14) & 127
    b = (opp >> 14) & 127
    m2 = value[a | b << 7]
    t2 = value[b | a << 7]
    a = (me >> 21) & 127
    b = (opp >> 21) & 127
    m3 = value[a | b << 7]
    t3 = value[b | a << 7]
    a = (me >> 28) & 127
    b = (opp >> 28) & 127
    m4 = value[a | b << 7]
    t4 = value[b | a << 7]
    a = (me >> 35) & 127
    b = (opp >> 35) & 127
    m5 = value[a | b << 7]
    t5 = value[b | a << 7]
    a = (me >> 42) & 127
    b = (opp >> 42) & 127
    m6 = value[a | b << 7]
    t6 = value[b | a << 7]
    score = (
        m0 * m1 * m4
        + m0 * m2 * m6
        + m4 * m5 * m6
        + m0 * m3 * m5
        + m4 * m3 * m2
        + m6 * m3 * m1
        + m1 * m2 * m5
        - t0 * t1 * t4
        - t0 * t2 * t6
        - t4 * t5 * t6
        - t0 * t3 * t5
        - t4 * t3 * t2
        - t6 * t3 * t1
        - t1 * t2 * t5
    )
    # Rounded towards zero; the quotient of two integers this small is exact enough for that.
    return int(score / 1000) + TEMPO


def evaluate_position(position: Position) -> int:
    """:func:`evaluate` for a :class:`Position`, from the side to move's point of view."""
    if position.to_move is Color.FIRE:
        return evaluate(position.fire, position.ice)
    return evaluate(position.ice, position.fire)


def _build_win_islands() -> tuple[int, ...]:
    table = []
    for controlled in range(128):
        gaps = 0
        for island in range(7):
            if not controlled >> island & 1 and HAS_LINE[controlled | 1 << island]:
                gaps |= 1 << island
        table.append(gaps)
    return tuple(table)


#: ``WIN_ISLANDS[c]``: the islands whose control would complete a line of islands for a
#: side that controls the set ``c``.
WIN_ISLANDS: Final[tuple[int, ...]] = _build_win_islands()
_POINTS: Final = tuple(range(7))


def can_win(me: int, opp: int, cm: int, co: int) -> bool:
    """Whether the side to move (``me``, controlling ``cm``) has a move that wins at once."""
    gaps = WIN_ISLANDS[cm] & ~co
    if not gaps:
        return False
    empty = ~(me | opp) & _FULL
    for island in _POINTS:
        if not gaps >> island & 1:
            continue
        shift = 7 * island
        mine = (me >> shift) & 127
        free = (empty >> shift) & 127
        for point in _POINTS:
            if not free >> point & 1 or not HAS_LINE[mine | 1 << point]:
                continue
            target = shift + point
            sources = me & REACH[target]
            while sources:
                low = sources & -sources
                sources ^= low
                src = low.bit_length() - 1
                s_isl = _ISLAND_OF[src]
                if s_isl == island:
                    if HAS_LINE[(mine ^ (1 << (src - shift))) | 1 << point]:
                        return True
                    continue
                after = cm | 1 << island
                if after >> s_isl & 1 and not HAS_LINE[((me ^ low) >> (7 * s_isl)) & 127]:
                    after ^= 1 << s_isl
                if HAS_LINE[after]:
                    return True
    return False


# --- levels ----------------------------------------------------------------------------------


LEVELS: Final[dict[str, Level]] = {
    "beginner": Level("beginner", depth=1, nodes=10_000, noise=220, blunder=0.35),
    "casual": Level("casual", depth=2, nodes=20_000, noise=90, blunder=0.1),
    "strong": Level("strong", depth=3, nodes=20_000, noise=25, blunder=0.0),
    "expert": Level("expert", depth=48, nodes=250_000, noise=8, blunder=0.0),
}

#: The search that reviews a game (:mod:`...analysis`): the expert's, without its noise
#: and with a smaller budget, so that a 40-move game is reviewed in well under 20 seconds.
ANALYSIS: Final = Level("analysis", depth=48, nodes=80_000, noise=0, blunder=0.0)

#: The mover's chance of winning for an analysis score, ``1 / (1 + exp(-(a * score + b)))``,
#: fitted by ``scripts/fit_win_chance.py --games 500 --every 2`` (the casual and strong
#: levels, each against itself, seed 1): 7,016 positions, held-out log-loss 0.652 (a coin
#: 0.693).  ``b`` is the side to move's edge: at a score of 0 it wins 55 % of the time.
CHANCE_CURVE: Final = (0.004949, 0.2082)


# --- the search ------------------------------------------------------------------------------

_EXACT, _LOWER, _UPPER = 0, 1, 2
_FIRST_KEY: Final = 100_000_000  # the order key of the transposition table's move


class BitboardSearch:
    """The Fire & Ice search on plain integers (see the module's docstring)."""

    def __init__(self, budget: Budget, stop: Callable[[], bool] | None) -> None:
        self.table: dict[tuple[int, int, int, int], tuple[int, int, int, int]] = {}
        self.history = [0] * (HOLE_COUNT * HOLE_COUNT)
        self.nodes = 0
        self.budget = budget
        self.stop = stop
        self.out_of_budget = False

    def ordered_moves(self, me: int, opp: int, os: int) -> list[tuple[int, int, int]]:
        """Every move as (order key, src, dst), best first.

        The key adds to the history heuristic: taking an island (+1,000,000), giving up
        one's own (-400,000), handing the opponent an island with the peg put into the
        hole left (-2,000,000).
        """
        empty = ~(me | opp) & _FULL
        # Per island, bitboards of: empty holes that take it for me when filled from
        # another island; my pegs that hold my line there; my pegs whose hole, handed
        # to the opponent, gives it the island.
        take = 0
        hold = 0
        give = 0
        for shift in _SHIFTS:
            mine = (me >> shift) & 127
            theirs = (opp >> shift) & 127
            if HAS_LINE[theirs]:
                continue
            if HAS_LINE[mine]:
                hold |= _HOLDS[mine] << shift
            else:
                take |= _TAKES[mine | theirs << 7] << shift
            if os:
                give |= _GIVES[theirs | mine << 7] << shift
        history = self.history
        moves = []
        pegs = me
        while pegs:
            low = pegs & -pegs
            src = low.bit_length() - 1
            pegs ^= low
            targets = REACH[src] & empty
            if not targets:
                continue
            s_shift = 7 * _ISLAND_OF[src]
            island = _ISLAND_MASKS[s_shift // 7]
            base = src * HOLE_COUNT
            gift = -2_000_000 if give & low else 0
            away = gift - 400_000 if hold & low else gift
            # Moves on the island itself: which keep or make a line there.
            my_pts = (me >> s_shift) & 127
            lines = _MOVE_LINES[my_pts * 7 + src - s_shift] << s_shift
            if HAS_LINE[my_pts]:
                here_good, here_bad = 0, island & ~lines
            else:
                here_good, here_bad = lines, 0
            while targets:
                bit = targets & -targets
                targets ^= bit
                dst = bit.bit_length() - 1
                key = history[base + dst]
                if bit & island:
                    key += gift
                    if bit & here_good:
                        key += 1_000_000
                    elif bit & here_bad:
                        key -= 400_000
                else:
                    key += away
                    if bit & take:
                        key += 1_000_000
                moves.append((key, src, dst))
        moves.sort(reverse=True)
        return moves

    def staged_moves(
        self, me: int, opp: int, os: int, first: int
    ) -> Iterator[tuple[int, int, int]]:
        """The table's move ``first`` (-1: none) first, then, only if that did not settle
        the node, the others best first: a node settled by the table's move makes no others."""
        if first < 0:
            yield from self.ordered_moves(me, opp, os)
            return
        yield _FIRST_KEY, first // HOLE_COUNT, first % HOLE_COUNT
        for move in self.ordered_moves(me, opp, os):
            if move[1] * HOLE_COUNT + move[2] != first:
                yield move

    def check_budget(self) -> None:
        """Stop at once if asked to; note when the budget is spent (every 1024 nodes)."""
        if self.stop is not None and self.stop():
            raise Cancelled
        if self.budget.spent(self.nodes):
            self.out_of_budget = True

    def negamax(
        self, me: int, opp: int, ms: int, os: int, cm: int, co: int, depth: int,
        alpha: int, beta: int, ply: int,
    ) -> int:  # fmt: skip
        self.nodes += 1
        if self.nodes & 1023 == 0:
            self.check_budget()
        if depth <= 0:
            # The horizon: a side that can win at once has won, else the evaluation.
            if WIN_ISLANDS[cm] & ~co and can_win(me, opp, cm, co):
                return WIN - ply - 1
            return evaluate(me, opp)
        key = (me, opp, ms, os)
        entry = self.table.get(key)
        first = -1
        if entry is not None:
            e_depth, flag, score, first = entry
            if e_depth >= depth:
                if flag == _EXACT:
                    return score
                if flag == _LOWER and score >= beta:
                    return score
                if flag == _UPPER and score <= alpha:
                    return score
        original_alpha = alpha
        best = -WIN - 1
        best_move = -1
        index = -1
        moves = self.staged_moves(me, opp, os, first)
        for index, (_, src, dst) in enumerate(moves):
            s_bit = 1 << src
            new_me = me ^ s_bit ^ (1 << dst)
            new_opp = opp | s_bit if os else opp
            s_isl = _ISLAND_OF[src]
            d_isl = _ISLAND_OF[dst]
            new_cm = cm
            for island in (s_isl, d_isl):
                if HAS_LINE[(new_me >> (7 * island)) & 127]:
                    new_cm |= 1 << island
                else:
                    new_cm &= ~(1 << island)
            new_co = co
            if os and HAS_LINE[(new_opp >> (7 * s_isl)) & 127]:
                new_co |= 1 << s_isl
            if HAS_LINE[new_cm]:
                score = WIN - ply - 1
            elif HAS_LINE[new_co]:
                score = -(WIN - ply - 1)
            elif depth <= 1:
                # The reply is the horizon, whose score does not depend on the window: it
                # is scored here, once, without a search of its own.
                new_os = os - 1 if os else 0
                self.nodes += 1
                if self.nodes & 1023 == 0:
                    self.check_budget()
                if WIN_ISLANDS[new_co] & ~new_cm and can_win(new_opp, new_me, new_co, new_cm):
                    score = -(WIN - ply - 2)
                else:
                    score = -evaluate(new_opp, new_me)
            elif index == 0:
                score = -self.negamax(
                    new_opp, new_me, os - 1 if os else 0, ms, new_co, new_cm,
                    depth - 1, -beta, -alpha, ply + 1,
                )  # fmt: skip
            else:
                # Principal variation search: a later move only has to be shown no better
                # than the best so far (a null window); it is searched again in full only
                # if it is better.
                new_os = os - 1 if os else 0
                score = -self.negamax(
                    new_opp, new_me, new_os, ms, new_co, new_cm,
                    depth - 1, -alpha - 1, -alpha, ply + 1,
                )  # fmt: skip
                if alpha < score < beta:
                    score = -self.negamax(
                        new_opp, new_me, new_os, ms, new_co, new_cm,
                        depth - 1, -beta, -alpha, ply + 1,
                    )  # fmt: skip
            if score > best:
                best = score
                best_move = src * HOLE_COUNT + dst
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self.history[best_move] += depth * depth
                        break
            if self.out_of_budget and ply > 0:
                break
        if index < 0:
            return -(WIN - ply)  # no legal move loses
        flag = _EXACT
        if best <= original_alpha:
            flag = _UPPER
        elif best >= beta:
            flag = _LOWER
        if not self.out_of_budget:
            self.table[key] = (depth, flag, best, best_move)
        return best

    def root(
        self, position: Position, depth: int, order: list[Move], noise: dict[Move, int]
    ) -> tuple[list[tuple[Move, int]], bool]:
        """Score every root move at ``depth`` (full window, so scores compare); best first."""
        if position.to_move is Color.FIRE:
            me, opp, ms, os = position.fire, position.ice, position.fire_supply, position.ice_supply
        else:
            me, opp, ms, os = position.ice, position.fire, position.ice_supply, position.fire_supply
        scored: list[tuple[Move, int]] = []
        for move in order:
            if self.stop is not None and self.stop():
                raise Cancelled
            src, dst = move
            s_bit = 1 << src
            new_me = me ^ s_bit ^ (1 << dst)
            new_opp = opp | s_bit if os else opp
            new_cm, new_co = controlled_islands(new_me), controlled_islands(new_opp)
            if HAS_LINE[new_cm]:
                score = WIN - 1
            elif HAS_LINE[new_co]:
                score = -(WIN - 1)
            else:
                best_so_far = max((s for _, s in scored), default=-WIN - 1)
                alpha = best_so_far - 2 * max(noise.values(), default=0) - 1
                score = -self.negamax(
                    new_opp, new_me, os - 1 if os else 0, ms, new_co, new_cm,
                    depth - 1, -WIN - 1, -alpha, 1,
                )  # fmt: skip
            if self.out_of_budget:
                # This move's search was cut short, so its score is not to be trusted.
                return scored, False
            scored.append((move, score))
        scored.sort(key=lambda item: with_noise(item, noise), reverse=True)
        return scored, True


def _immediate_wins(position: Position) -> list[Move]:
    mover = position.to_move
    return [m for m in position.legal_moves() if position.play_unchecked(m).winner is mover]


def explain(position: Position, move: Move) -> Words | Literal[""]:
    """Why ``move`` is good in ``position``, in a few words, where a reason is plain
    (``""`` where none is)."""
    mover = position.to_move
    after = position.play_unchecked(move)
    if after.winner is mover:
        return say("reason.wins_at_once")
    gained = after.control(mover) & ~position.control(mover)
    threats = _immediate_wins(position._replace(to_move=mover.other))
    if threats and not _immediate_wins(after):
        islands = sorted({ISLANDS[m.dst // 7] for m in threats})
        return say("reason.stops_win", side=mover.other.words, islands=any_of(islands))
    # What the mover could win with next, were it to move again: a threat to answer.
    wins_next = _immediate_wins(after._replace(to_move=mover))
    threat = None
    if wins_next:
        threat = any_of(sorted({ISLANDS[m.dst // 7] for m in wins_next}))
    if gained:
        taken = all_of([ISLANDS[i] for i in range(7) if gained >> i & 1])
        if threat is None:
            return say("reason.takes_control", islands=taken)
        return say("reason.takes_control_and_threatens", islands=taken, threat=threat)
    if threat is None:
        return ""
    return say("reason.threatens", islands=threat)


__all__ = [
    "ANALYSIS",
    "CHANCE_CURVE",
    "LEVELS",
    "BitboardSearch",
    "evaluate",
    "evaluate_position",
    "explain",
]
