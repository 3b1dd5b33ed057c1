"""The analysis of one position: its best move, and the chance that the side to move
wins from there.

A two-player game's chances come from the search: the expert's search with a node
budget of the game's own (:attr:`~.registry.Game.analysis`), its score turned into a
chance by :meth:`~.registry.Game.win_chance`, a logistic curve fitted on many computer
games (``scripts/fit_win_chance.py``); a position the search has proved is won or lost
has a chance of 1 or 0.  A game may assess its positions itself instead
(:meth:`~.registry.Game.assess`): the solitaire asks its solver whether the deal can
still be won.

Nothing here knows a game: it asks the registry.  Budgets are counted in nodes, so an
assessment is the same on every machine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..interface import GameState
from ..levels import Budget
from ..registry import Assessment, Game, find_game
from ..treesearch import WIN, WON_ABOVE
from .verdicts import Verdict, judge

#: How many times its budget the analysis may spend more to look one depth deeper at a
#: move it is about to call a mistake.
CONFIRM_BUDGET = 8


def chance_of_score(game: Game, score: int) -> float:
    """The mover's chance for a search ``score``: 1 or 0 when the search proved it."""
    if score > WON_ABOVE:
        return 1.0
    if score < -WON_ABOVE:
        return 0.0
    return game.win_chance(score)


def moves_to_end(score: int) -> int:
    """For a proved score, the winner's moves to the win (1: it wins at once)."""
    return (WIN - abs(score) + 1) // 2


class Assessed(NamedTuple):
    """A position assessed, and the move played there: ``position`` holds the best move
    and the mover's chance with it; ``played`` the mover's chance with the move played,
    from the same search (``None`` when no move was played, or when the game assesses
    positions itself: then the next position's assessment says it)."""

    position: Assessment
    played: Assessment | None


def assess(
    position: GameState, stop: Callable[[], bool] | None = None, played: Any = None
) -> Assessed:
    """The best move in ``position`` (``None`` once it is over) and the mover's chance;
    with ``played``, also the chance that move leaves, searched from the same position
    to the same depth, so that the two compare fairly.

    Raises :class:`~.errors.Cancelled` if ``stop()`` turns true.
    """
    game = find_game(position.game)
    own = game.assess(position, stop)
    if own is not None:
        return Assessed(own, None)
    if position.is_over:
        winner = game.winner(position)
        chance = 0.5 if winner is None else float(winner == position.to_move)
        return Assessed(Assessment(None, chance, None, 0), None)
    return _searched(game, position, played, stop)


def _searched(
    game: Game, position: GameState, played: Any, stop: Callable[[], bool] | None
) -> Assessed:
    """Iterative deepening over every root move without noise, the played move searched
    with a full window at every depth so that its score is exact, not a bound.

    A position full of tactics swings from one depth to the next, and a move a deeper
    search would choose must not be called a mistake for the last depth's swing.  So a
    played move the search calls a mistake or worse (short of a proved loss) is searched
    one depth deeper, with up to :data:`CONFIRM_BUDGET` times the budget, and judged by
    that deeper search; if the budget does not reach it, by the one before.
    """
    level = game.analysis
    if level is None:
        raise ValueError(f"the computer does not analyse {game.title}")
    engine = game.searcher(Budget(level.nodes), stop)
    legal = position.legal_moves()
    if played is not None and played not in legal:
        raise ValueError(f"{played} is not a legal move here")
    # Symmetric twins of the played move (and of each other) are searched once.
    first = [] if played is None else [played]
    order = game.distinct_moves(position, first + [m for m in legal if m != played])
    if played is not None:
        order.remove(played)
    best: list[tuple[Any, int]] = []
    played_score: int | None = None
    confirming = False
    depth = 1
    while depth <= level.depth:
        mine: list[tuple[Any, int]] = []
        others: list[tuple[Any, int]] = []
        complete = True
        if played is not None:
            mine, complete = engine.root(position, depth, [played], {})
        if complete and order:
            others, complete = engine.root(position, depth, order, {})
        if not complete:
            if confirming or not _an_error(game, best, played_score):
                break
            # One more depth for a move about to be called a mistake, with a larger budget.
            confirming = True
            engine.budget = Budget(engine.nodes + CONFIRM_BUDGET * level.nodes)
            engine.out_of_budget = False
            continue
        best = sorted(mine + others, key=lambda item: item[1], reverse=True)
        played_score = mine[0][1] if mine else None
        if abs(best[0][1]) > WON_ABOVE or confirming:
            break
        order = [move for move, _ in others]
        depth += 1
    if not best:
        raise ValueError(f"the analysis of {game.title} cannot search even one move ahead")
    move, score = best[0]
    if played is not None and played_score == score:
        move = played  # as good as the best: call it the best
    played_assessment = None if played_score is None else _scored(game, played, played_score)
    return Assessed(_scored(game, move, score), played_assessment)


def _an_error(game: Game, best: list[tuple[Any, int]], played: int | None) -> bool:
    """Whether the played move, as searched so far, is a mistake or worse, without
    either score proved (a proved result needs no deeper look)."""
    if played is None or not best:
        return False
    move, score = best[0]
    if max(abs(score), abs(played)) > WON_ABOVE:
        return False
    verdict = judge(_scored(game, move, score), _scored(game, None, played), played_best=False)
    return verdict in (Verdict.MISTAKE, Verdict.BLUNDER)


def _scored(game: Game, move: Any, score: int) -> Assessment:
    proven = 0
    if abs(score) > WON_ABOVE:
        proven = moves_to_end(score) * (1 if score > 0 else -1)
    return Assessment(move, chance_of_score(game, score), score, proven)


def first_side_chance(position: GameState, chance: float, solo: bool) -> float:
    """``chance`` (the mover's) as the first side's."""
    if solo or position.to_move is None or position.to_move.value == 0:
        return chance
    return 1.0 - chance


def mover_view(
    before: GameState, after: GameState, assessment: Assessment, solo: bool
) -> Assessment:
    """``assessment`` of ``after`` as seen by the side that moved from ``before``."""
    if solo or after.to_move == before.to_move:
        return assessment
    return Assessment(
        assessment.best,
        1.0 - assessment.chance,
        None if assessment.score is None else -assessment.score,
        -assessment.proven,
    )


def percent(chance: float) -> int:
    """A chance as the percentage a player reads (the words add the " %")."""
    return round(100 * chance)


__all__ = [
    "CONFIRM_BUDGET",
    "Assessed",
    "assess",
    "chance_of_score",
    "first_side_chance",
    "mover_view",
    "moves_to_end",
    "percent",
]
