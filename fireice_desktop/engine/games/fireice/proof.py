"""Exact proofs of short wins: does the side to move win within ``n`` of its own moves?

The puzzles (:mod:`.puzzles`) rest on this search.  It answers a yes-or-no question
exactly, with no evaluation and no budget: the side to move (the *attacker*) wins
within ``n`` moves if one of its moves wins at once (a line of islands, or leaving the
opponent no legal move), or if one of its moves leaves every reply of the defender
either handing it the win (the dropped peg completes its line, RULES.md §2) or in a
position it wins within ``n - 1``.  A reply that wins for the defender refutes the move.

It works on plain integers from the attacker's point of view: ``me``/``opp`` are
bitboards and ``ms``/``os`` the supplies.  A table keeps, for each position, the
smallest ``n`` proved to win and the largest proved not to, with the move or reply that
showed it, which is tried first next time.  Games never repeat a position (RULES.md §2),
so the depth-limited tree is finite and every answer is a proof.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ...errors import Cancelled
from .ai.evaluation import FULL, ISLAND_BIT, ISLAND_SHIFT, WIN_ISLANDS, can_win
from .board import HAS_LINE, HOLE_COUNT, LINE_MASKS, REACH, controlled_islands
from .rules import Color, Move, Position

#: A state from the point of view of the side to move: ``(me, opp, ms, os)``.
State = tuple[int, int, int, int]


def state_of(position: Position) -> State:
    """``position`` from the side to move's point of view."""
    if position.to_move is Color.FIRE:
        return position.fire, position.ice, position.fire_supply, position.ice_supply
    return position.ice, position.fire, position.ice_supply, position.fire_supply


def _moves(me: int, opp: int) -> list[tuple[int, int]]:
    """Every move of ``me`` as ``(src, dst)``, in board order."""
    empty = ~(me | opp) & FULL
    moves = []
    pegs = me
    while pegs:
        low = pegs & -pegs
        pegs ^= low
        src = low.bit_length() - 1
        targets = REACH[src] & empty
        while targets:
            bit = targets & -targets
            targets ^= bit
            moves.append((src, bit.bit_length() - 1))
    return moves


def _has_move(me: int, opp: int) -> bool:
    empty = ~(me | opp) & FULL
    pegs = me
    while pegs:
        low = pegs & -pegs
        if REACH[low.bit_length() - 1] & empty:
            return True
        pegs ^= low
    return False


def _line_after(islands: int, pegs: int, src: int, dst: int) -> bool:
    """Whether ``pegs`` hold a line of islands after a move from ``src`` to ``dst``, given
    the islands held before (``islands``): only those of ``src`` and ``dst`` changed."""
    s_island = ISLAND_BIT[src]
    if HAS_LINE[(pegs >> ISLAND_SHIFT[src]) & 127]:
        islands |= s_island
    else:
        islands &= ~s_island
    d_island = ISLAND_BIT[dst]
    if HAS_LINE[(pegs >> ISLAND_SHIFT[dst]) & 127]:
        islands |= d_island
    else:
        islands &= ~d_island
    return HAS_LINE[islands]


def _hands_line(islands: int, pegs: int, src: int) -> bool:
    """Whether the opponent (``pegs``, holding ``islands``) holds a line of islands once the
    peg dropped on ``src`` is among ``pegs``."""
    s_island = ISLAND_BIT[src]
    if HAS_LINE[(pegs >> ISLAND_SHIFT[src]) & 127]:
        return HAS_LINE[islands | s_island]
    return HAS_LINE[islands & ~s_island]


#: ``_NEEDS[mine]``: the fewest pegs an island's owner-to-be still needs on one of its
#: lines.  Each comes from one of its own moves, or from a defender's move out of that
#: hole (the defender's peg leaves and one from the attacker's supply drops in).
_NEEDS: Final = tuple(min((mask & ~mine).bit_count() for mask in LINE_MASKS) for mine in range(128))


def _out_of_reach(me: int, ms: int, moves: int, replies: int) -> bool:
    """Whether the attacker (``me``) cannot possibly complete a line of islands with its
    next ``moves`` moves and the defender's next ``replies``: every line of islands needs
    more pegs than those can add (the replies no more than the attacker's supply)."""
    need = _NEEDS
    n0 = need[me & 127]
    n1 = need[(me >> 7) & 127]
    n2 = need[(me >> 14) & 127]
    n3 = need[(me >> 21) & 127]
    n4 = need[(me >> 28) & 127]
    n5 = need[(me >> 35) & 127]
    n6 = need[(me >> 42) & 127]
    # The seven lines of islands (board.LINES), unrolled: this is the search's hot path.
    fewest = min(
        n0 + n1 + n4, n0 + n2 + n6, n4 + n5 + n6, n0 + n3 + n5,
        n4 + n3 + n2, n6 + n3 + n1, n1 + n2 + n5,
    )  # fmt: skip
    return fewest > moves + (replies if replies < ms else ms)


_NO_MOVE: Final = -1


def _rank(code: int, first: int, killer: int) -> int:
    """Try the table's move first, then the killer (the one that worked in a sibling)."""
    return 0 if code == first else 1 if code == killer else 2


class Prover:
    """The win-within-``n`` search, with a table kept between questions.

    ``stop`` lets a caller cancel a long proof (raises :class:`Cancelled`); ``nodes``
    counts the positions visited, the measure of how hard a proof was.
    """

    def __init__(self, stop: Callable[[], bool] | None = None) -> None:
        self.stop = stop
        self.nodes = 0
        # (me, opp, ms, os) -> [smallest n proved won or 0, largest n proved not won,
        #                       the winning or last-tried move as src * 49 + dst]
        self._wins: dict[State, list[int]] = {}
        # the defender's refuting replies, by the defender's state
        self._refutes: dict[State, int] = {}
        # the last move that won, by the moves left (it often wins in a sibling too)
        self._killer_moves = [_NO_MOVE] * 64

    # --- questions on positions --------------------------------------------------------

    def wins_within(self, position: Position, n: int) -> bool:
        """Whether the side to move in ``position`` wins within ``n`` of its moves."""
        if position.is_over or n <= 0:
            return False
        return self.wins(*state_of(position), n)

    def distance(self, position: Position, most: int) -> int:
        """The fewest moves the side to move needs to force a win, if at most ``most``;
        else 0."""
        for n in range(1, most + 1):
            if self.wins_within(position, n):
                return n
        return 0

    def winning_moves(self, position: Position, n: int) -> list[Move]:
        """Every move of the side to move that keeps a win within ``n`` of its moves
        (the move itself counted), in board order."""
        found = []
        mover = position.to_move
        for move in position.legal_moves():
            after = position.play_unchecked(move)
            if after.winner is mover or (
                after.winner is None and n > 1 and not self.defends(after, n - 1)
            ):
                found.append(move)
        return found

    def winning_move(self, position: Position, n: int) -> Move | None:
        """A move of the side to move that keeps a win within ``n`` of its moves: one
        that wins at once if there is one, else the one the search found (tried first:
        after :meth:`wins_within` proved the win, no other move needs a search)."""
        mover = position.to_move
        moves = position.legal_moves()
        for move in moves:
            if position.play_unchecked(move).winner is mover:
                return move
        entry = self._wins.get(state_of(position))
        found = entry[2] if entry is not None else _NO_MOVE
        moves.sort(key=lambda move: move.src * HOLE_COUNT + move.dst != found)
        for move in moves:
            after = position.play_unchecked(move)
            if after.winner is None and n > 1 and not self.defends(after, n - 1):
                return move
        return None

    def defends(self, position: Position, n: int) -> bool:
        """Whether the side to move in ``position`` can avoid losing within ``n`` moves of
        its opponent (its own move first)."""
        if position.is_over:
            return position.winner is position.to_move
        me, opp, ms, os = state_of(position)
        return self.defended(me, opp, ms, os, n)

    def resistance(self, position: Position, most: int) -> dict[Move, int | None]:
        """For each reply of the side to move, how many more moves its opponent then needs
        to win (0 where the reply itself hands over the win), or ``None`` where the reply
        escapes a win within ``most``."""
        answer: dict[Move, int | None] = {}
        defender = position.to_move
        for move in position.legal_moves():
            after = position.play_unchecked(move)
            if after.winner is defender:
                answer[move] = None
            elif after.winner is not None:
                answer[move] = 0
            else:
                answer[move] = self.distance(after, most) or None
        return answer

    # --- the search --------------------------------------------------------------------

    def wins(self, me: int, opp: int, ms: int, os: int, n: int) -> bool:
        """Whether the side to move (``me``) wins within ``n`` of its moves."""
        if n <= 1:
            return n == 1 and self._wins_at_once(me, opp, os)
        if _out_of_reach(me, ms, n, n - 1):
            return False
        key = (me, opp, ms, os)
        entry = self._wins.get(key)
        if entry is None:
            entry = self._wins[key] = [0, 0, _NO_MOVE]
        elif entry[0] and entry[0] <= n:
            return True
        elif n <= entry[1]:
            return False
        self.nodes += 1
        if self.nodes & 4095 == 0 and self.stop is not None and self.stop():
            raise Cancelled
        won = self._search(me, opp, ms, os, n, entry)
        if won:
            entry[0] = n if not entry[0] else min(entry[0], n)
        else:
            entry[1] = max(entry[1], n)
        return won

    def _wins_at_once(self, me: int, opp: int, os: int) -> bool:
        """Whether the side to move has a move that wins at once: a line of islands, or
        leaving the opponent no legal move."""
        self.nodes += 1
        cm, co = controlled_islands(me), controlled_islands(opp)
        if WIN_ISLANDS[cm] & ~co and can_win(me, opp, cm, co):
            return True
        # Only a move into the last empty hole the opponent's pegs reach can leave them
        # without a move (the move empties a hole only where no peg is dropped).
        empty = ~(me | opp) & FULL
        reach = 0
        pegs = opp
        while pegs:
            low = pegs & -pegs
            pegs ^= low
            reach |= REACH[low.bit_length() - 1]
        open_holes = reach & empty
        if open_holes & (open_holes - 1):
            return False
        pegs = me
        while pegs:
            low = pegs & -pegs
            pegs ^= low
            src = low.bit_length() - 1
            targets = REACH[src] & empty
            if not targets:
                continue
            new_opp = opp | low if os else opp
            if os and _hands_line(co, new_opp, src):
                continue
            rest = me ^ low
            while targets:
                bit = targets & -targets
                targets ^= bit
                if not _has_move(new_opp, rest | bit):
                    return True
        return False

    def _search(self, me: int, opp: int, ms: int, os: int, n: int, entry: list[int]) -> bool:
        cm, co = controlled_islands(me), controlled_islands(opp)
        new_os = os - 1 if os else 0
        later: list[tuple[int, int, int, int]] = []
        empty = ~(me | opp) & FULL
        pegs = me
        while pegs:
            low = pegs & -pegs
            pegs ^= low
            src = low.bit_length() - 1
            targets = REACH[src] & empty
            if not targets:
                continue
            new_opp = opp | low if os else opp
            # Whether the dropped peg completes the opponent's line: then a move from
            # here loses, unless it wins first.
            hands_line = os and _hands_line(co, new_opp, src)
            rest = me ^ low
            while targets:
                bit = targets & -targets
                targets ^= bit
                dst = bit.bit_length() - 1
                new_me = rest | bit
                if _line_after(cm, new_me, src, dst):
                    entry[2] = src * HOLE_COUNT + dst
                    return True
                if hands_line:
                    continue
                if not _has_move(new_opp, new_me):
                    entry[2] = src * HOLE_COUNT + dst
                    return True
                if not _out_of_reach(new_me, ms, n - 1, n - 1):
                    later.append((src, dst, new_me, new_opp))
        if n <= 1:
            return False
        first, killer = entry[2], self._killer_moves[n]
        later.sort(key=lambda item: _rank(item[0] * HOLE_COUNT + item[1], first, killer))
        for src, dst, new_me, new_opp in later:
            if not self.defended(new_opp, new_me, new_os, ms, n - 1):
                entry[2] = self._killer_moves[n] = src * HOLE_COUNT + dst
                return True
        return False

    def defended(self, me: int, opp: int, ms: int, os: int, n: int) -> bool:
        """Whether the side to move (``me``, the defender) has a reply after which its
        opponent does not win within ``n`` moves.  The opponent has not won yet."""
        key = (me, opp, ms, os)
        new_os = os - 1 if os else 0
        if os:
            # A reply changes the attacker's pegs only by the one dropped where the
            # defender's peg left: a peg that can move and whose hole would not bring the
            # attacker within reach is an escape, whatever its move.
            empty = ~(me | opp) & FULL
            pegs = me
            while pegs:
                low = pegs & -pegs
                pegs ^= low
                if REACH[low.bit_length() - 1] & empty and _out_of_reach(
                    opp | low, new_os, n, n - 1
                ):
                    return True
        cm, co = controlled_islands(me), controlled_islands(opp)
        replies = _moves(me, opp)
        first = self._refutes.get(key, _NO_MOVE)
        if first != _NO_MOVE:
            replies.sort(key=lambda item: item[0] * HOLE_COUNT + item[1] != first)
        for src, dst in replies:
            low = 1 << src
            new_me = me ^ low | 1 << dst
            new_opp = opp | low if os else opp
            if _line_after(cm, new_me, src, dst) or (
                not (os and _hands_line(co, new_opp, src))  # not handing a line
                and not self.wins(new_opp, new_me, new_os, ms, n)
            ):
                # The defender wins, or escapes.
                self._refutes[key] = src * HOLE_COUNT + dst
                return True
        return False


def winning_move(position: Position) -> Move | None:
    """A move that wins at once for the side to move, if there is one (``None`` also
    when the game is over)."""
    mover = position.to_move
    for move in position.legal_moves():
        if position.play_unchecked(move).winner is mover:
            return move
    return None


#: The most positions :func:`keeps_win` visits before it gives up (a review stays quick).
KEEPS_WIN_NODES: Final = 300_000


def keeps_win(position: Position, move: Move, most: int) -> bool | None:
    """Whether ``move`` leaves the side to move a forced win within ``most`` of its moves
    (the move counted); ``None`` if finding out takes more than :data:`KEEPS_WIN_NODES`."""
    mover = position.to_move
    after = position.play_unchecked(move)
    if after.winner is not None:
        return after.winner is mover
    prover = Prover()
    prover.stop = lambda: prover.nodes > KEEPS_WIN_NODES
    try:
        return most > 1 and not prover.defends(after, most - 1)
    except Cancelled:
        return None


__all__ = ["KEEPS_WIN_NODES", "Prover", "State", "keeps_win", "state_of", "winning_move"]
