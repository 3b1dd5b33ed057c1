"""The computer's review of a game: every position assessed, every move judged.

:func:`review` runs the game's analysis over each position of a game, the way GNU
Backgammon's analysis and lichess's computer analysis do: the best move there, and the
*chance* that a side wins from there.  A move is judged by the chance its mover gave
away (the chance before it, less the chance after it):

========================  ==========  =====================================
verdict                   symbol      chance given away
========================  ==========  =====================================
best                                  none: the best move, or as good
good                                  under 5 points (of 100)
inaccuracy                ``?!``      5 to 10 points
mistake                   ``?``       10 to 15 points
blunder                   ``??``      15 points or more, or a forced loss
========================  ==========  =====================================

These are lichess's limits (0.1, 0.2 and 0.3 on its scale of -1 to 1).  A move that turns
a position the search has not proved lost into one it has is a blunder however little
the chance moved, and one that lets a forced win slip is at least a mistake.

A two-player game's chances come from the search: the expert's search with a node
budget of the game's own (:attr:`~.registry.Game.analysis`), its score turned into a
chance by :meth:`~.registry.Game.win_chance`, a logistic curve fitted on many computer
games (``scripts/fit_win_chance.py``); a position the search has proved is won or lost
has a chance of 1 or 0.  A game may assess its positions itself instead
(:meth:`~.registry.Game.assess`): the solitaire asks its solver whether the deal can
still be won.

Nothing here knows a game: it asks the registry.  Budgets are counted in nodes, so a
review is the same on every machine.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, NamedTuple

from .interface import GameState
from .levels import Budget
from .registry import Assessment, Game, find_game
from .treesearch import WIN, WON_ABOVE


class Verdict(Enum):
    """How good a move was, with its conventional symbol."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def symbol(self) -> str:
        """``?!``, ``?`` or ``??`` (nothing for a good or best move)."""
        return _SYMBOLS[self]

    @property
    def is_error(self) -> bool:
        """Whether the move was an inaccuracy, a mistake or a blunder."""
        return self in _SYMBOLS and bool(_SYMBOLS[self])


_SYMBOLS = {
    Verdict.BEST: "",
    Verdict.GOOD: "",
    Verdict.INACCURACY: "?!",
    Verdict.MISTAKE: "?",
    Verdict.BLUNDER: "??",
}

#: The chance a move may give away and still be a good move, an inaccuracy, a mistake.
GOOD_BELOW = 0.05
INACCURACY_BELOW = 0.10
MISTAKE_BELOW = 0.15
#: A move that gives away less than this is as good as the best.
AS_GOOD_AS_BEST = 0.01
#: How far :func:`forced_line_end` follows a forced win at most.
FORCED_LINE_PLIES = 40


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
    with a full window at every depth so that its score is exact, not a bound."""
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
    for depth in range(1, level.depth + 1):
        mine: list[tuple[Any, int]] = []
        if played is not None:
            mine, complete = engine.root(position, depth, [played], {})
            if not complete:
                break
        others, complete = engine.root(position, depth, order, {}) if order else ([], True)
        if not complete:
            break
        best = sorted(mine + others, key=lambda item: item[1], reverse=True)
        played_score = mine[0][1] if mine else None
        if abs(best[0][1]) > WON_ABOVE:
            break
        order = [move for move, _ in others]
    if not best:
        raise ValueError(f"the analysis of {game.title} cannot search even one move ahead")
    move, score = best[0]
    if played is not None and played_score == score:
        move = played  # as good as the best: call it the best
    played_assessment = None if played_score is None else _scored(game, played, played_score)
    return Assessed(_scored(game, move, score), played_assessment)


def _scored(game: Game, move: Any, score: int) -> Assessment:
    proven = 0
    if abs(score) > WON_ABOVE:
        proven = moves_to_end(score) * (1 if score > 0 else -1)
    return Assessment(move, chance_of_score(game, score), score, proven)


class MoveReview(NamedTuple):
    """One move of a reviewed game and what the analysis makes of it.

    Chances are the first side's (Fire's, Red's; in the solitaire, the player's) before
    and after the move; ``loss`` is what the mover gave away.  ``better`` is the best
    move when another move was, with ``reason`` saying what it would have done.
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
    reason: str


@dataclass(frozen=True)
class SideSummary:
    """One side's play in a review: the accuracy and the count of each error."""

    side: Any
    name: str
    moves: int
    accuracy: float  # 0 to 100
    inaccuracies: int
    mistakes: int
    blunders: int

    def line(self) -> str:
        """``Fire: accuracy 86 %, 1 inaccuracy, 2 mistakes, no blunders``."""
        counts = ", ".join(_count(number, word) for number, word in self._errors())
        return f"{self.name}: accuracy {self.accuracy:.0f} %, {counts}"

    def brief(self) -> str:
        """``Fire: accuracy 86 %, 2 mistakes`` (only the errors there were)."""
        counts = ", ".join(_count(number, word) for number, word in self._errors() if number)
        return f"{self.name}: accuracy {self.accuracy:.0f} %, {counts or 'no errors'}"

    def _errors(self) -> tuple[tuple[int, str], ...]:
        return (
            (self.inaccuracies, "inaccuracy"),
            (self.mistakes, "mistake"),
            (self.blunders, "blunder"),
        )


def _count(number: int, word: str) -> str:
    if number == 0:
        return f"no {_plural(word)}"
    return f"1 {word}" if number == 1 else f"{number} {_plural(word)}"


def _plural(word: str) -> str:
    return word[:-1] + "ies" if word.endswith("y") else word + "s"


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
            return [_summary(None, "You", list(self.moves))]
        sides = sorted({m.mover for m in self.moves}, key=lambda side: side.value)
        first = self.positions[0]
        return [
            _summary(side, first.side_name(side), [m for m in self.moves if m.mover == side])
            for side in sides
        ]


def _summary(side: Any, name: str, moves: list[MoveReview]) -> SideSummary:
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


def move_accuracy(loss: float) -> float:
    """A move's accuracy, 0 to 100, from the chance it gave away (lichess's curve:
    100 for no loss, about 80 for 5 points, 50 for 16, 10 for 50)."""
    value = 103.1668 * math.exp(-4.354 * loss) - 3.1669
    return max(0.0, min(100.0, value))


def first_side_chance(position: GameState, chance: float, solo: bool) -> float:
    """``chance`` (the mover's) as the first side's."""
    if solo or position.to_move is None or position.to_move.value == 0:
        return chance
    return 1.0 - chance


def judge(before: Assessment, after: Assessment, played_best: bool) -> Verdict:
    """The verdict on a move from the assessments before and after it (both from the
    mover's point of view: ``after`` already turned round when the turn changed)."""
    if played_best:
        return Verdict.BEST
    loss = max(0.0, before.chance - after.chance)
    if after.proven < 0 and before.proven >= 0:
        return Verdict.BLUNDER  # it hands over a win (or, in the solitaire, the deal)
    if loss < AS_GOOD_AS_BEST:
        return Verdict.BEST
    verdict = (
        Verdict.GOOD
        if loss < GOOD_BELOW
        else Verdict.INACCURACY
        if loss < INACCURACY_BELOW
        else Verdict.MISTAKE
        if loss < MISTAKE_BELOW
        else Verdict.BLUNDER
    )
    if before.proven > 0 and after.proven <= 0 and verdict in (Verdict.GOOD, Verdict.INACCURACY):
        return Verdict.MISTAKE  # a forced win let slip
    return verdict


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


def chance_words(review: Review, chance: float) -> str:
    """The first side's chance as a player reads it: "Fire 56 %" (in the solitaire:
    "winnable", "lost" or "undecided")."""
    first = review.positions[0]
    if review.solo:
        return "winnable" if chance >= 1.0 else "lost" if chance <= 0.0 else "undecided"
    name = first.side_name(first.to_move)
    return f"{name} {_percent(chance)}"


def annotation(review: Review, move: MoveReview) -> str:
    """One move's verdict in a line: "best", or for an error what it cost and the better
    move: "? mistake: Fire's chances from 55 % to 41 %; G4-G1 would have taken control
    of G" (the mover's chances with the best move and with the move played)."""
    verdict = move.verdict
    if not verdict.is_error:
        return verdict.value
    text = f"{verdict.symbol} {verdict.value}"
    if review.solo:
        cost = "the deal can no longer be won" if move.after.chance <= 0 else ""
    else:
        name = review.positions[0].side_name(move.mover)
        cost = (
            f"{name}'s chances from {_percent(move.before.chance)} to {_percent(move.after.chance)}"
        )
    better = describe_better(move)
    return "; ".join(part for part in (f"{text}: {cost}" if cost else text, better) if part)


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
                "reason": describe_better(move),
            }
            for move in review.moves
        ],
    }


#: The verbs a game's reasons begin with (``Game.explain``), and their past participles.
_PARTICIPLES = {
    "wins": "won",
    "stops": "stopped",
    "takes": "taken",
    "threatens": "threatened",
    "captures": "captured",
    "leaves": "left",
    "reaches": "reached",
    "keeps": "kept",
}


def would_have(reason: str) -> str:
    """A hint's reason as what a better move would have done: "takes control of G and
    threatens to win on A" -> "would have taken control of G and threatened to win on A".

    Raises ``ValueError`` for a reason that does not begin with a known verb, so that a
    game's new wording cannot come out as broken English.
    """
    if not reason:
        return ""
    clauses = reason.split(" and ")
    out = []
    for index, clause in enumerate(clauses):
        verb, _, rest = clause.partition(" ")
        if verb in _PARTICIPLES:
            clause = f"{_PARTICIPLES[verb]} {rest}".rstrip()
        elif index == 0:
            raise ValueError(f"a reason that begins with an unknown verb: {reason!r}")
        out.append(clause)
    return "would have " + " and ".join(out)


def describe_better(review_move: MoveReview) -> str:
    """``G4-G1 would have taken control of G`` (or ``G4-G1 was better``)."""
    if review_move.better is None:
        return ""
    if review_move.reason:
        return f"{review_move.better} {review_move.reason}"
    return f"{review_move.better} was better"


def tutor_warning(
    position: GameState, move: Any, stop: Callable[[], bool] | None = None
) -> str | None:
    """What the tutor says before ``move`` is played in ``position``, if it is a blunder:
    "D4-C4 lets Ice win with A-C-G in two moves." ``None`` when the move is not a blunder.

    The move is judged as :func:`review` would judge it (a search of about a third of a
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
) -> str:
    """Why ``move`` from ``position`` is a blunder, in a sentence; ``after`` is what the
    move leaves, from its mover's point of view."""
    game = find_game(position.game)
    if game.solo:
        return f"After {move} the deal can no longer be won."
    if after_position.is_over:
        return f"{move} loses at once."
    if after.proven < 0:
        opponent = position.side_name(position.to_move.other)
        how = game.win_words(forced_line_end(after_position, stop))
        moves = -after.proven
        when = "on the next move" if moves == 1 else f"in {_number_word(moves)} moves"
        return f"{move} lets {opponent} win {how + ' ' if how else ''}{when}."
    return f"{move} drops your chances from {_percent(before.chance)} to {_percent(after.chance)}."


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


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _number_word(number: int) -> str:
    return _NUMBER_WORDS[number] if 0 <= number < len(_NUMBER_WORDS) else str(number)


def _percent(chance: float) -> str:
    return f"{round(100 * chance)} %"


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
    "review",
    "review_from",
    "review_json",
    "tutor_warning",
    "would_have",
]
