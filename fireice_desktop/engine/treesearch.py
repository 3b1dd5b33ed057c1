"""A game-independent alpha-beta search over the engine's game interface.

:class:`TreeSearch` needs only what every game offers (``legal_moves``,
``play_unchecked``, ``is_over``, ``winner``, ``to_move``) and an evaluation from the
side to move's point of view.  Positions are immutable and hashable, so the
transposition table keys on them.  A side may move twice running (Icebreaker's
pass), so a child's score is negated only when the turn changes hands.

:func:`~.search.search` drives it with the levels, as it drives any game's own search
(Fire & Ice keeps a bitboard search of its own, several times faster there).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Generic, Protocol, TypeVar

from .errors import Cancelled
from .levels import Budget

WIN: Final = 1_000_000
WON_ABOVE: Final = WIN - 1000  # scores beyond this are forced wins (WIN - plies)


class SearchablePosition(Protocol):
    """What the search reads of a position."""

    @property
    def to_move(self) -> Any: ...

    @property
    def winner(self) -> Any: ...

    @property
    def is_over(self) -> bool: ...

    def legal_moves(self) -> list[Any]: ...

    def play_unchecked(self, move: Any) -> Any: ...


P = TypeVar("P", bound=SearchablePosition)

_EXACT, _LOWER, _UPPER = 0, 1, 2


class TreeSearch(Generic[P]):
    """Negamax alpha-beta with a transposition table, a budget and a stop check.

    ``evaluate(position)`` scores a position that is not over for the side to move;
    ``urgency(position, move)`` (optional) puts promising moves first.
    """

    def __init__(
        self,
        evaluate: Callable[[P], int],
        budget: Budget,
        stop: Callable[[], bool] | None = None,
        urgency: Callable[[P, Any], int] | None = None,
    ) -> None:
        self.evaluate = evaluate
        self.urgency = urgency
        self.budget = budget
        self.stop = stop
        self.nodes = 0
        self.out_of_budget = False
        self.table: dict[P, tuple[int, int, int, Any]] = {}
        self.history: dict[Any, int] = {}

    def _ordered(self, position: P, first: Any) -> list[Any]:
        history = self.history
        urgency = self.urgency

        def key(move: Any) -> int:
            value = history.get(move, 0)
            if urgency is not None:
                value += urgency(position, move)
            if move == first:
                value += 1 << 40
            return value

        return sorted(position.legal_moves(), key=key, reverse=True)

    def _terminal(self, position: P, ply: int) -> int:
        # The game is over: the side to move has either won (never, in these games:
        # a win ends the winner's own move) or lost.
        return WIN - ply if position.winner == position.to_move else -(WIN - ply)

    def negamax(self, position: P, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The position's score for its side to move, searched ``depth`` plies."""
        self.nodes += 1
        if self.nodes & 255 == 0:
            if self.stop is not None and self.stop():
                raise Cancelled
            if self.budget.spent(self.nodes):
                self.out_of_budget = True
        if position.is_over:
            return self._terminal(position, ply)
        if depth <= 0:
            return self.evaluate(position)
        entry = self.table.get(position)
        first = None
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
        best_move = None
        for move in self._ordered(position, first):
            score = self._child(position, move, depth, alpha, beta, ply)
            if score > best:
                best, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self.history[move] = self.history.get(move, 0) + depth * depth
                        break
            if self.out_of_budget and ply > 0:
                break
        flag = _EXACT
        if best <= original_alpha:
            flag = _UPPER
        elif best >= beta:
            flag = _LOWER
        if not self.out_of_budget:
            self.table[position] = (depth, flag, best, best_move)
        return best

    def _child(self, position: P, move: Any, depth: int, alpha: int, beta: int, ply: int) -> int:
        child = position.play_unchecked(move)
        if child.to_move == position.to_move and not child.is_over:
            # The opponent has no move and passes: the same side moves again.
            return self.negamax(child, depth - 1, alpha, beta, ply + 1)
        return -self.negamax(child, depth - 1, -beta, -alpha, ply + 1)

    def root(
        self, position: P, depth: int, order: list[Any], noise: dict[Any, int]
    ) -> tuple[list[tuple[Any, int]], bool]:
        """Score every root move at ``depth``, best first; ``False`` if the budget ran out."""
        scored: list[tuple[Any, int]] = []
        spread = 2 * max(noise.values(), default=0)
        for move in order:
            if self.stop is not None and self.stop():
                raise Cancelled
            best_so_far = max((s for _, s in scored), default=-WIN - 1)
            alpha = max(-WIN - 1, best_so_far - spread - 1)
            score = self._child(position, move, depth, alpha, WIN + 1, 0)
            if self.out_of_budget:
                return scored, False
            scored.append((move, score))
        scored.sort(key=lambda item: with_noise(item, noise), reverse=True)
        return scored, True


def with_noise(scored: tuple[Any, int], noise: dict[Any, int]) -> int:
    """A root move's score with its noise: a level's whims never reorder forced results."""
    move, score = scored
    if abs(score) > WON_ABOVE:
        return score
    return score + noise.get(move, 0)


__all__ = ["WIN", "WON_ABOVE", "TreeSearch", "with_noise"]
