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
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal, NamedTuple

from .interface import GameState
from .levels import Budget
from .registry import Assessment, Game, find_game
from .treesearch import WIN, WON_ABOVE
from .words import Words, joined, quoted, say, texts


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

    @property
    def words(self) -> Words:
        """The verdict's name (its :attr:`value` in English), for a player in any language."""
        return say(_VERDICT_KEYS[self])


_SYMBOLS = {
    Verdict.BEST: "",
    Verdict.GOOD: "",
    Verdict.INACCURACY: "?!",
    Verdict.MISTAKE: "?",
    Verdict.BLUNDER: "??",
}
_VERDICT_KEYS = {
    Verdict.BEST: "verdict_name.best",
    Verdict.GOOD: "verdict_name.good",
    Verdict.INACCURACY: "verdict_name.inaccuracy",
    Verdict.MISTAKE: "verdict_name.mistake",
    Verdict.BLUNDER: "verdict_name.blunder",
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


def chance_words(review: Review, chance: float) -> Words:
    """The first side's chance as a player reads it: "Fire 56 %" (in the solitaire:
    "winnable", "lost" or "undecided")."""
    first = review.positions[0]
    if review.solo:
        if chance >= 1.0:
            return say("review.winnable")
        return say("review.lost") if chance <= 0.0 else say("review.undecided")
    name = first.side_name(first.to_move)
    return say("review.chance", side=name, percent=_percent(chance))


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
        before, after = _percent(move.before.chance), _percent(move.after.chance)
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


def would_have(reason: Words | str) -> Words | Literal[""]:
    """A hint's reason as what a better move would have done: ``reason.takes_control``,
    "takes control of G", becomes ``would_have.takes_control``, "would have taken control
    of G" (each reason has its own key in the ``would_have`` section, so that every
    language says it in its own grammar).  A reason given as English text is first
    found by its wording (:func:`reason_of`).

    Raises ``ValueError`` for a reason with no ``would_have`` key, so that a game's new
    reason cannot come out as broken words.  No reason (``""``) stays none.
    """
    if not reason:
        return ""
    if not isinstance(reason, Words):
        reason = reason_of(reason)
    prefix, _, name = reason.key.partition(".")
    key = f"would_have.{name}"
    if prefix != "reason" or key not in texts("en"):
        raise ValueError(f"a reason with no words for a better move: {reason.key!r}")
    return Words(key, reason.values)


def reason_of(text: str) -> Words:
    """The reason whose English is ``text`` ("takes control of G"): the ``reason`` key
    whose wording it follows, with the values read from it (the most specific wording
    when several fit).  Raises ``ValueError`` when none does."""
    found: tuple[int, Words] | None = None
    for key, template in texts("en").items():
        if not key.startswith("reason."):
            continue
        forms = template.values() if isinstance(template, dict) else (template,)
        for form in forms:
            match = _wording(form).fullmatch(text)
            if match is None:
                continue
            literal = len(_PLACEHOLDER.sub("", form))
            if found is None or literal > found[0]:
                values: dict[str, Any] = dict(match.groupdict())
                if "count" in values and values["count"].isdigit():
                    values["count"] = int(values["count"])
                found = (literal, Words(key, values))
    if found is None:
        raise ValueError(f"a reason in words no game gives: {quoted(text)}")
    return found[1]


_PLACEHOLDER = re.compile(r"%\{(\w+)\}")


def _wording(template: str) -> re.Pattern[str]:
    """A regular expression that reads the values of ``template`` back out of its text."""
    pattern, seen, end = "", set(), 0
    for placeholder in _PLACEHOLDER.finditer(template):
        name = placeholder.group(1)
        pattern += re.escape(template[end : placeholder.start()])
        pattern += f"(?P={name})" if name in seen else f"(?P<{name}>.+?)"
        seen.add(name)
        end = placeholder.end()
    return re.compile(pattern + re.escape(template[end:]))


def describe_better(review_move: MoveReview) -> Words | None:
    """``G4-G1 would have taken control of G`` (or ``G4-G1 was better``); ``None`` when the
    move played was as good as any."""
    if review_move.better is None:
        return None
    better = str(review_move.better)
    if review_move.reason:
        return say("review.better", move=better, reason=review_move.reason)
    return say("review.was_better", move=better)


def tutor_warning(
    position: GameState, move: Any, stop: Callable[[], bool] | None = None
) -> Words | None:
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
    before_percent, after_percent = _percent(before.chance), _percent(after.chance)
    return say("tutor.drops_chances", move=played, before=before_percent, after=after_percent)


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


def _percent(chance: float) -> int:
    """A chance as the percentage a player reads (the words add the " %")."""
    return round(100 * chance)


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
