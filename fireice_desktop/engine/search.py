"""The computer player's level driver, the same for every game.

:func:`search` looks the position's game up in the registry and plays one of its
levels: iterative deepening over the game's own search (``game.searcher``), with
the level's noise and slips.  Levels are deterministic for a seed: budgets are
counted in nodes, not seconds, and every random choice comes from a generator
seeded with the seed and the position.  A match may give a level a time per move
instead of its node budget (``seconds``), to compare engines at equal time.  ``stop``
lets a caller (the desktop game) cancel a search at once.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from .errors import Cancelled
from .interface import GameState
from .levels import RANDOM, Budget, Level
from .registry import Game, find_game
from .treesearch import WIN, WON_ABOVE
from .words import Words, quoted, say


class SearchResult(NamedTuple):
    """What a search found: the move, its score for the mover, and what it cost."""

    move: Any
    score: int
    depth: int
    nodes: int
    seconds: float
    principal: tuple[Any, ...]


def level_names(game: Game) -> tuple[str, ...]:
    """The levels a player may pick for ``game``: ``random`` and the game's own."""
    return (RANDOM, *game.levels) if game.levels else ()


def _rng(seed: int, game: Game, position: GameState, salt: str) -> random.Random:
    return random.Random(f"{salt}:{seed}:{game.seed_key(position)}")


def search(
    position: GameState,
    level: str | Level = "expert",
    seed: int = 0,
    stop: Callable[[], bool] | None = None,
    use_symmetry: bool = True,
    seconds: float | None = None,
) -> SearchResult:
    """The move ``level`` plays in ``position`` (which must not be over).

    The levels, their noise and slips, and the iterative deepening are the same for
    every game; the search itself is the game's.  With ``use_symmetry`` only one move
    of each class the position's symmetries make equal is searched (where the game
    knows its symmetries); the benchmark turns it off to measure what that saves.
    With ``seconds`` the level thinks for about that long instead of counting nodes:
    no new iteration starts after half of it, and the one under way stops at the end.

    Raises :class:`Cancelled` if ``stop()`` turns true, ``ValueError`` for an unknown
    level or a finished game.
    """
    begin = time.perf_counter()
    game = find_game(position.game)
    moves: list[Any] = list(position.legal_moves())
    if not moves:
        raise ValueError("the game is over: there is no move to choose")
    if isinstance(level, str):
        if level not in level_names(game):
            names = ", ".join(level_names(game)) or "none"
            raise ValueError(f"unknown level {quoted(level)}: choose from {names}")
        if level == RANDOM:
            move = _rng(seed, game, position, RANDOM).choice(moves)
            return SearchResult(move, 0, 0, 0, time.perf_counter() - begin, (move,))
        level = game.levels[level]
    rng = _rng(seed, game, position, level.name)
    rng.shuffle(moves)
    if use_symmetry:
        moves = game.distinct_moves(position, moves)
    budget = Budget(level.nodes) if seconds is None else Budget(1 << 62, begin + seconds)
    engine = game.searcher(budget, stop)
    noise = {move: rng.randint(-level.noise, level.noise) for move in moves} if level.noise else {}
    depth = 1 if rng.random() < level.blunder else level.depth
    best: list[tuple[Any, int]] = []
    reached = 0
    for iteration in range(1, depth + 1):
        scored, complete = engine.root(position, iteration, moves, noise)
        if complete or not best:
            best = scored if complete else sorted(scored, key=lambda s: s[1], reverse=True)
            reached = iteration
        elif scored and scored[0][1] > best[0][1]:
            # A partial iteration searched the previous best first: a better move it found
            # is better at the new depth too.
            best = sorted(scored, key=lambda s: s[1], reverse=True)
        if not complete or abs(best[0][1]) > WON_ABOVE:
            break
        if seconds is not None and time.perf_counter() - begin > seconds / 2:
            break
        moves = [move for move, _ in best]
    move, score = best[0]
    return SearchResult(move, score, reached, engine.nodes, time.perf_counter() - begin, (move,))


def hint(position: GameState, stop: Callable[[], bool] | None = None) -> tuple[Any, Words]:
    """The move the strongest level plays, and a player's sentence about it."""
    result = search(position, "expert", 0, stop)
    move = result.move
    reason = find_game(position.game).explain(position, move)
    moves = (WIN - result.score + 1) // 2
    if result.score > WON_ABOVE and moves > 1:
        # The search has proved a win: a player wants to know, and how soon.
        if reason:
            reason = say("hint.forced_because", count=moves, reason=reason)
        else:
            reason = say("hint.forced", count=moves)
    if reason:
        return move, say("hint.move_which", move=str(move), reason=reason)
    return move, say("hint.move", move=str(move))


__all__ = ["Cancelled", "SearchResult", "hint", "level_names", "search"]
