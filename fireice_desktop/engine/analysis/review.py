"""The computer's review of a game: every position assessed, every move judged.

:func:`review` runs the game's analysis over each position of a game, the way GNU
Backgammon's analysis and lichess's computer analysis do: the best move there, and the
*chance* that a side wins from there.  A move is judged by the chance its mover gave
away (the chance before it, less the chance after it).

The work is shared with the modules beside this one: :mod:`.analysis.chances` assesses
one position, :mod:`.analysis.verdicts` judges a move by the chance it gave away,
:mod:`.analysis.reasons` says what a better move would have done, and
:mod:`.analysis.tutor` warns of a blunder before it is played.  This module puts them
together into a :class:`Review`, and says it in words and as JSON.

Nothing here knows a game: it asks the registry.  Budgets are counted in nodes, so a
review is the same on every machine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from ..interface import GameState
from ..registry import Assessment, Game, find_game
from ..words import Words, joined, say
from .chances import Assessed, assess, first_side_chance, mover_view, percent
from .reasons import reason_of, would_have
from .tutor import blunder_words, tutor_warning
from .verdicts import Verdict, judge, move_accuracy


class MoveReview(NamedTuple):
    """One move of a reviewed game and what the analysis makes of it.

    Chances are the first side's (Fire's, Red's; in the solitaire, the player's) before
    and after the move; ``loss`` is what the mover gave away.  ``better`` is the best
    move when another move was, with ``reason`` saying what it would have done (``""``
    when there is no better move, or nothing plain to say of it).
    """

    ply: int  # index of the move in the game, from 0
    move: Any
    mover: Any  # the side that played it (None in the solitaire)
    before: Assessment  # the position before the move, with its best move
    after: Assessment  # the move played, from the mover's point of view
    chance_before: float
    chance_after: float
    loss: float
    verdict: Verdict
    better: Any | None
    reason: Words | Literal[""]


@dataclass(frozen=True)
class SideSummary:
    """One side's play in a review: the accuracy and the count of each error."""

    side: Any
    name: Words
    moves: int
    accuracy: float  # 0 to 100
    inaccuracies: int
    mistakes: int
    blunders: int

    def line(self) -> Words:
        """``Fire: accuracy 86 %, 1 inaccuracy, 2 mistakes, no blunders``."""
        counts = [say(key, count=number) for number, key in self._errors()]
        return self._said(joined(counts, "list.comma"))

    def brief(self) -> Words:
        """``Fire: accuracy 86 %, 2 mistakes`` (only the errors there were)."""
        counts = [say(key, count=number) for number, key in self._errors() if number]
        return self._said(joined(counts, "list.comma") if counts else say("review.no_errors"))

    def _said(self, errors: Words) -> Words:
        accuracy = f"{self.accuracy:.0f}"
        return say("review.summary", side=self.name, accuracy=accuracy, errors=errors)

    def _errors(self) -> tuple[tuple[int, str], ...]:
        return (
            (self.inaccuracies, "review.inaccuracies"),
            (self.mistakes, "review.mistakes"),
            (self.blunders, "review.blunders"),
        )


@dataclass(frozen=True)
class Review:
    """A whole game reviewed: the first side's chance at every position, every move
    judged, and a summary per side."""

    game: str
    positions: tuple[GameState, ...]
    chances: tuple[float, ...]  # the first side's chance at each position
    assessments: tuple[Assessment, ...]
    moves: tuple[MoveReview, ...]

    @property
    def solo(self) -> bool:
        """Whether one player plays the whole game (the solitaire)."""
        return find_game(self.game).solo

    def summaries(self) -> list[SideSummary]:
        """Each side's accuracy and errors (one summary for the solitaire's player)."""
        if not self.moves:
            return []
        if self.solo:
            return [_summary(None, say("review.you"), list(self.moves))]
        sides = sorted({m.mover for m in self.moves}, key=lambda side: side.value)
        first = self.positions[0]
        return [
            _summary(side, first.side_name(side), [m for m in self.moves if m.mover == side])
            for side in sides
        ]


def _summary(side: Any, name: Words, moves: list[MoveReview]) -> SideSummary:
    accuracy = sum(move_accuracy(m.loss) for m in moves) / len(moves)
    verdicts = [m.verdict for m in moves]
    return SideSummary(
        side,
        name,
        len(moves),
        accuracy,
        verdicts.count(Verdict.INACCURACY),
        verdicts.count(Verdict.MISTAKE),
        verdicts.count(Verdict.BLUNDER),
    )


def review(
    positions: Sequence[GameState],
    moves: Sequence[Any],
    stop: Callable[[], bool] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Review a game: ``positions[i + 1]`` follows ``positions[i]`` by ``moves[i]``.

    ``progress(done, total)`` is called after each position is assessed; ``stop`` as
    for :func:`assess` (the review raises :class:`~.errors.Cancelled`).
    """
    if len(positions) != len(moves) + 1:
        raise ValueError("a review needs one more position than moves")
    game = find_game(positions[0].game)
    assessed: list[Assessed] = []
    for index, position in enumerate(positions):
        played = moves[index] if index < len(moves) else None
        assessed.append(assess(position, stop, played))
        if progress is not None:
            progress(index + 1, len(positions))
    return review_from(game, positions, moves, assessed)


def review_from(
    game: Game,
    positions: Sequence[GameState],
    moves: Sequence[Any],
    assessed: Sequence[Assessed],
) -> Review:
    """The review made of every position's assessment (see :func:`review`)."""
    solo = game.solo
    chances = tuple(
        first_side_chance(p, a.position.chance, solo)
        for p, a in zip(positions, assessed, strict=True)
    )
    reviewed = []
    for ply, move in enumerate(moves):
        position, before = positions[ply], assessed[ply].position
        after = assessed[ply].played or mover_view(
            position, positions[ply + 1], assessed[ply + 1].position, solo
        )
        played_best = before.best is not None and move == before.best
        verdict = judge(before, after, played_best)
        if verdict.is_error and before.proven > 0 and game.keeps_win(position, move):
            verdict = Verdict.GOOD  # an exact search shows the win is kept: no error
        better = before.best if verdict.is_error else None
        reviewed.append(
            MoveReview(
                ply,
                move,
                None if solo else position.to_move,
                before,
                after,
                chances[ply],
                chances[ply + 1],
                0.0 if played_best else max(0.0, before.chance - after.chance),
                verdict,
                better,
                "" if better is None else would_have(game.explain(position, better)),
            )
        )
    return Review(
        game.name,
        tuple(positions),
        chances,
        tuple(a.position for a in assessed),
        tuple(reviewed),
    )


def chance_words(review: Review, chance: float) -> Words:
    """The first side's chance as a player reads it: "Fire 56 %" (in the solitaire:
    "winnable", "lost" or "undecided")."""
    first = review.positions[0]
    if review.solo:
        if chance >= 1.0:
            return say("review.winnable")
        return say("review.lost") if chance <= 0.0 else say("review.undecided")
    name = first.side_name(first.to_move)
    return say("review.chance", side=name, percent=percent(chance))


def annotation(review: Review, move: MoveReview) -> Words:
    """One move's verdict in a line: "best", or for an error what it cost and the better
    move: "? mistake: Fire's chances from 55 % to 41 %; G4-G1 would have taken control
    of G" (the mover's chances with the best move and with the move played)."""
    verdict = move.verdict
    if not verdict.is_error:
        return verdict.words
    text = say("review.marked", symbol=verdict.symbol, verdict=verdict.words)
    cost: Words | None = None
    if not review.solo:
        name = review.positions[0].side_name(move.mover)
        before, after = percent(move.before.chance), percent(move.after.chance)
        cost = say("review.chances", side=name, before=before, after=after)
    elif move.after.chance <= 0:
        cost = say("review.deal_lost")
    if cost is not None:
        text = say("review.cost", verdict=text, cost=cost)
    better = describe_better(move)
    return text if better is None else say("review.and_better", verdict=text, better=better)


def review_json(review: Review) -> dict[str, Any]:
    """The review as ``fireice game analyse --json`` prints it."""
    first = review.positions[0]
    return {
        "game": review.game,
        "first_side": None if review.solo else first.to_move.key,
        "summary": [
            {
                "side": "player" if summary.side is None else summary.side.key,
                "accuracy": round(summary.accuracy, 1),
                "inaccuracies": summary.inaccuracies,
                "mistakes": summary.mistakes,
                "blunders": summary.blunders,
            }
            for summary in review.summaries()
        ],
        "chances": [round(chance, 4) for chance in review.chances],
        "moves": [
            {
                "ply": move.ply + 1,
                "side": None if move.mover is None else move.mover.key,
                "move": str(move.move),
                "chance_before": round(move.chance_before, 4),
                "chance_after": round(move.chance_after, 4),
                "evaluation": move.after.score,
                "class": move.verdict.value,
                "symbol": move.verdict.symbol,
                "best": None if move.before.best is None else str(move.before.best),
                "better": None if move.better is None else str(move.better),
                "reason": str(describe_better(move) or ""),
            }
            for move in review.moves
        ],
    }


def describe_better(review_move: MoveReview) -> Words | None:
    """``G4-G1 would have taken control of G`` (or ``G4-G1 was better``); ``None`` when the
    move played was as good as any."""
    if review_move.better is None:
        return None
    better = str(review_move.better)
    if review_move.reason:
        return say("review.better", move=better, reason=review_move.reason)
    return say("review.was_better", move=better)


__all__ = [
    "Assessed",
    "Assessment",
    "MoveReview",
    "Review",
    "SideSummary",
    "Verdict",
    "annotation",
    "assess",
    "blunder_words",
    "chance_words",
    "describe_better",
    "move_accuracy",
    "reason_of",
    "review",
    "review_from",
    "review_json",
    "tutor_warning",
    "would_have",
]
