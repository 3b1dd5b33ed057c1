"""The tutor's warning: before a move is played, whether it is a blunder and why, in a
sentence ("D4-C4 lets Ice win with A-C-G in two moves")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..interface import GameState
from ..registry import Assessment, find_game
from ..words import Words, say
from .chances import assess, mover_view, percent
from .verdicts import Verdict, judge

#: How far :func:`forced_line_end` follows a forced win at most.
FORCED_LINE_PLIES = 40


def tutor_warning(
    position: GameState, move: Any, stop: Callable[[], bool] | None = None
) -> Words | None:
    """What the tutor says before ``move`` is played in ``position``, if it is a blunder:
    "D4-C4 lets Ice win with A-C-G in two moves." ``None`` when the move is not a blunder.

    The move is judged as :func:`~.analysis.review` would judge it (a search of about a third of a
    second, so off the UI thread).  Raises :class:`~.errors.Cancelled` if ``stop()``
    turns true.
    """
    game = find_game(position.game)
    after_position = position.play(move)
    assessed = assess(position, stop, move)
    before = assessed.position
    after = assessed.played
    if after is None:  # the game assesses positions itself: ask about the next one
        after = mover_view(
            position, after_position, assess(after_position, stop).position, game.solo
        )
    if judge(before, after, move == before.best) is not Verdict.BLUNDER:
        return None
    return blunder_words(position, move, after_position, before, after, stop)


def blunder_words(
    position: GameState,
    move: Any,
    after_position: GameState,
    before: Assessment,
    after: Assessment,
    stop: Callable[[], bool] | None = None,
) -> Words:
    """Why ``move`` from ``position`` is a blunder, in a sentence; ``after`` is what the
    move leaves, from its mover's point of view."""
    game = find_game(position.game)
    played = str(move)
    if game.solo:
        return say("tutor.deal_lost", move=played)
    if after_position.is_over:
        return say("tutor.loses_at_once", move=played)
    if after.proven < 0:
        opponent = position.side_name(position.to_move.other)
        how = game.win_words(forced_line_end(after_position, stop))
        moves = -after.proven
        when = say("tutor.when", count=moves, number=_number_words(moves))
        if how is None:
            return say("tutor.lets_win", move=played, side=opponent, when=when)
        return say("tutor.lets_win_with", move=played, side=opponent, how=how, when=when)
    # Whose chances drop, and the answer that takes them: the opponent's best reply, with
    # what it does where that is plain.
    chances = {
        "move": played,
        "side": position.side_name(position.to_move),
        "before": percent(before.chance),
        "after": percent(after.chance),
    }
    reply = assess(after_position, stop).position.best
    reason = game.explain(after_position, reply) if reply is not None else ""
    if not reason:
        return say("tutor.drops_chances", **chances)
    opponent = position.side_name(position.to_move.other)
    return say(
        "tutor.drops_chances_reply", **chances, opponent=opponent, reply=str(reply), reason=reason
    )


def forced_line_end(position: GameState, stop: Callable[[], bool] | None = None) -> GameState:
    """Where the search's forced win from ``position`` ends: each side plays the move the
    analysis finds (the winner the quickest win, the loser the longest defence)."""
    for _ in range(FORCED_LINE_PLIES):
        if position.is_over:
            break
        found = assess(position, stop).position
        if found.best is None or found.proven == 0:
            break
        position = position.play(found.best)
    return position


#: The numbers said in words: "in two moves".
_NUMBER_KEYS = {
    2: "number.two",
    3: "number.three",
    4: "number.four",
    5: "number.five",
    6: "number.six",
    7: "number.seven",
    8: "number.eight",
    9: "number.nine",
}


def _number_words(number: int) -> Words | str:
    return say(_NUMBER_KEYS[number]) if number in _NUMBER_KEYS else str(number)


__all__ = ["FORCED_LINE_PLIES", "blunder_words", "forced_line_end", "tutor_warning"]
