"""Fire & Ice puzzles: "Fire to play and win in N", each proved to have one first move
that wins within N.

The puzzles are data (``puzzles.json`` beside this module), found and measured by
``scripts/make_puzzles.py`` from games between the computer's levels and against an
outside program.  For each, the exact search of :mod:`.proof` showed that the side to
move wins within ``win_in`` of its moves, not within fewer, and with exactly one first
move.  Other first moves may still win, only more slowly: what each of them does at any
length, as far as it was proved offline, is the puzzle's :class:`FirstMoves`.

:class:`Attempt` judges a player's moves.  A move that keeps the win within the moves
left is right, and the defender answers with its best resistance (the reply after
which the win takes longest, the solution's own reply where there is a choice).  A move
that wins too, but only in more moves, is said so and taken back: the player tries
again.  Any other move fails the puzzle, in words that claim no more than the search
proved (:class:`Judgement`): "the win is gone" only where the defender was shown to
win, else "does not win within N moves".  The first move's verdict is the puzzle
file's; a later move's comes from a search with a budget counted in positions
(:data:`VERDICT_NODES`), so it is the same on every machine.

No pygame here: the command line (``fireice puzzle``) and the desktop game share it.
"""

from __future__ import annotations

import datetime
import functools
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

from ...errors import Cancelled
from ...interface import Step
from ...words import Words, say
from .ai.evaluation import evaluate_position
from .proof import Prover, winning_move
from .rules import Color, Move, Position

PUZZLE_FILE: Final = Path(__file__).with_name("puzzles.json")
#: The keys of a puzzle's JSON form for scripts (``fireice puzzle list --json``): a contract.
CONTRACT_KEYS: Final = ("id", "game", "moves", "to_move", "win_in", "solution", "rating")
#: The longest forced win a puzzle asks for, in the winner's moves.
MOST_MOVES: Final = 5
#: The puzzle of the day is one that a wide range of players can solve: rated at most
#: the Casual level's 1300 (so a newcomer has a fair chance), and more than a win in 1
#: (so it is a puzzle for everyone else too).
DAILY_MOST_RATING: Final = 1300
DAILY_FEWEST_MOVES: Final = 2


@dataclass(frozen=True)
class FirstMoves:
    """What each first move of a puzzle other than its solution's does at any length,
    proved offline by ``scripts/make_puzzles.py --alternatives`` (the C finder picks,
    the engine's search proves): each legal first move that does not end the game at
    once is in exactly one of these."""

    #: The moves that win too, only more slowly: each with the moves (itself counted)
    #: within which it was proved to win.
    slower: Mapping[str, int]
    #: The moves after which the defender was proved to win: each with the defender's
    #: reply that wins.
    refuted: Mapping[str, str]
    #: The moves neither was proved of within the search's limits.
    undecided: frozenset[str]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FirstMoves:
        refuted = {move: reply for reply, moves in data["refuted"].items() for move in moves}
        return cls(
            slower=MappingProxyType({str(k): int(v) for k, v in data["slower"].items()}),
            refuted=MappingProxyType(refuted),
            undecided=frozenset(data["undecided"]),
        )

    def to_json(self) -> dict[str, Any]:
        """The file's form: the refuted moves gathered under their reply (most share one)."""
        by_reply: dict[str, list[str]] = {}
        for move, reply in self.refuted.items():
            by_reply.setdefault(reply, []).append(move)
        return {
            "slower": dict(self.slower),
            "refuted": by_reply,
            "undecided": sorted(self.undecided),
        }

    @property
    def decided(self) -> bool:
        """Whether every first move was proved to win or not to win."""
        return not self.undecided


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the moves from the start position that reach it, and its proved win."""

    id: int
    moves: tuple[str, ...]
    win_in: int
    solution: tuple[str, ...]
    rating: int
    #: Positions the exact search visited to prove it (the win, no faster one, one move).
    nodes: int
    #: How often each level of the computer solved it (``{"casual": 0.5, ...}``).
    solved: dict[str, float]
    #: Where its game came from ("casual-strong", "mcts-expert", ...).
    source: str
    #: What the other first moves do at any length (``None``: not looked at yet).
    first_moves: FirstMoves | None = field(default=None, compare=False)

    @property
    def kind(self) -> str:
        """``"only"``: its first move is the only one that wins at any length (proved);
        ``"slower"``: other first moves were proved to win, only more slowly;
        ``"undecided"``: neither is proved."""
        first = self.first_moves
        if first is None:
            return "undecided"
        if first.slower:
            return "slower"
        return "only" if first.decided else "undecided"

    @functools.cached_property
    def position(self) -> Position:
        """The puzzle's position."""
        position = Position.start()
        for move in self.moves:
            position = position.play(move)
        return position

    @property
    def to_move(self) -> Color:
        """The side to play and win."""
        return self.position.to_move

    def contract(self) -> dict[str, Any]:
        """The puzzle's JSON form for scripts (exactly :data:`CONTRACT_KEYS`)."""
        return {
            "id": self.id,
            "game": "fire-and-ice",
            "moves": list(self.moves),
            "to_move": self.to_move.key,
            "win_in": self.win_in,
            "solution": list(self.solution),
            "rating": self.rating,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Puzzle:
        return cls(
            id=int(data["id"]),
            moves=tuple(data["moves"]),
            win_in=int(data["win_in"]),
            solution=tuple(data["solution"]),
            rating=int(data["rating"]),
            nodes=int(data["nodes"]),
            solved={str(k): float(v) for k, v in data["solved"].items()},
            source=str(data["source"]),
            first_moves=(
                FirstMoves.from_json(data["first_moves"]) if "first_moves" in data else None
            ),
        )

    def to_json(self) -> dict[str, Any]:
        """Everything the puzzle file keeps about it."""
        return {
            "id": self.id,
            "moves": list(self.moves),
            "win_in": self.win_in,
            "solution": list(self.solution),
            "rating": self.rating,
            "nodes": self.nodes,
            "solved": dict(self.solved),
            "source": self.source,
            **({} if self.first_moves is None else {"first_moves": self.first_moves.to_json()}),
        }


@functools.cache
def all_puzzles() -> tuple[Puzzle, ...]:
    """Every shipped puzzle, by id."""
    data = json.loads(PUZZLE_FILE.read_text(encoding="utf-8"))
    return tuple(sorted((Puzzle.from_json(item) for item in data["puzzles"]), key=lambda p: p.id))


def find_puzzle(puzzle_id: int) -> Puzzle | None:
    """The puzzle numbered ``puzzle_id``, if there is one."""
    for puzzle in all_puzzles():
        if puzzle.id == puzzle_id:
            return puzzle
    return None


@functools.cache
def daily_puzzles() -> tuple[Puzzle, ...]:
    """The puzzles a day's puzzle is drawn from (:data:`DAILY_MOST_RATING`), by id."""
    return tuple(
        puzzle
        for puzzle in all_puzzles()
        if puzzle.rating <= DAILY_MOST_RATING and puzzle.win_in >= DAILY_FEWEST_MOVES
    )


def puzzle_of_the_day(day: datetime.date) -> Puzzle:
    """The day's puzzle, of :func:`daily_puzzles`: the same for everyone on that date
    (a function of the date alone), a different one each day for as many days as there
    are such puzzles."""
    puzzles = daily_puzzles()
    # A fixed stride coprime with the count walks every puzzle before repeating, and
    # does not run through them in rating order.
    count = len(puzzles)
    stride = next(s for s in range(count // 3 + 1, 2 * count + 2) if _coprime(s, count))
    return puzzles[(day.toordinal() * stride) % count]


def _coprime(a: int, b: int) -> bool:
    while b:
        a, b = b, a % b
    return a == 1


# --- playing a puzzle ---------------------------------------------------------------------


def best_defence(prover: Prover, position: Position, most: int) -> Move:
    """The defender's reply in ``position`` after which its opponent needs the most moves
    to win (at most ``most``); among equals, the one the evaluation likes best for it."""
    resistance = prover.resistance(position, most)
    escapes = [move for move, left in resistance.items() if left is None]
    if escapes:
        # Not a proved win after all (only for positions that are not a puzzle's).
        candidates = escapes
    else:
        longest = max(left or 0 for left in resistance.values())
        candidates = [move for move, left in resistance.items() if left == longest]
    return min(
        candidates,
        key=lambda move: evaluate_position(position.play_unchecked(move)),
    )


#: The most positions the search behind a later move's verdict may visit (a move that
#: does not keep the win within the moves left: does it win more slowly, or does the
#: defender win?).  Counted in positions, not seconds: the verdict is the same on every
#: machine, and where the budget runs out the words claim only what was shown.
VERDICT_NODES: Final = 150_000
#: A later move that does not win within the moves left is asked whether it wins within
#: up to this many moves more.
SLOWER_MOST: Final = 2
#: ... and whether the defender then wins within up to this many of its moves.
DEFENCE_MOST: Final = 4

#: What a judged move is: right (keeps the win within the moves left), slower (wins too,
#: only in more moves: taken back, the player tries again), or wrong: ``lost`` (proved:
#: the defender wins, or the move hands it the win), ``short`` (proved only not to win
#: within the moves left).
RIGHT, SLOWER, LOST, SHORT = "right", "slower", "lost", "short"


@dataclass(frozen=True)
class Judgement:
    """What became of one move of a puzzle, and what the trainer says of it."""

    move: Move
    #: :data:`RIGHT`, :data:`SLOWER`, :data:`LOST` or :data:`SHORT`.
    kind: str
    #: The defender's answer to a right move, or the reply that shows why a wrong move
    #: is wrong (``None``: there is none, the game being over or the move taken back).
    reply: Move | None
    #: Whether the puzzle is solved by this move (and the reply, if any).
    solved: bool
    #: The trainer's words (the desktop game and ``fireice puzzle play`` say these).
    said: Words

    @property
    def right(self) -> bool:
        return self.kind == RIGHT

    @property
    def wins(self) -> bool | None:
        """Whether the move keeps a forced win at any length, as far as it was proved
        (``None``: not proved either way)."""
        return {RIGHT: True, SLOWER: True, LOST: False}.get(self.kind)

    @property
    def step(self) -> Step:
        """The judgement as the trainer's :class:`~...interface.Step`."""
        reply = self.reply if self.right else None
        return Step(self.move, self.right, reply, self.solved)


class Attempt:
    """One try at a puzzle: the player's moves judged, the defender's replies chosen.

    ``stop`` lets the desktop game cancel the search behind a judgement.
    """

    def __init__(self, puzzle: Puzzle, stop: Callable[[], bool] | None = None) -> None:
        self.puzzle = puzzle
        self.position = puzzle.position
        self.left = puzzle.win_in
        self.prover = Prover(stop)
        self.on_solution = True  # every move so far was the solution's
        self.played: list[Move] = []
        self.failed = False
        #: The latest move's judgement.
        self.judged: Judgement | None = None

    @property
    def stop(self) -> Callable[[], bool] | None:
        """What cancels the search behind a judgement (the desktop game's job)."""
        return self.prover.stop

    @stop.setter
    def stop(self, stop: Callable[[], bool] | None) -> None:
        self.prover.stop = stop

    @property
    def attacker(self) -> Color:
        return self.puzzle.to_move

    @property
    def solved(self) -> bool:
        return self.position.winner is self.attacker

    def keeps_win(self, move: Move) -> bool:
        """Whether ``move`` keeps a win within the moves left (it may win at once).

        The first move needs no search: a puzzle is proved to have exactly one winning
        first move within its length, its solution's (a win in 5 takes a search of a
        minute to prove again)."""
        after = self.position.play_unchecked(move)
        if after.winner is self.attacker:
            return True
        if after.winner is not None or self.left <= 1:
            return False
        if not self.played:
            return str(move) == self.puzzle.solution[0]
        return not self.prover.defends(after, self.left - 1)

    def play(self, move: Move) -> Step:
        """Judge the player's legal ``move`` (:meth:`judge`), as the trainer's step."""
        return self.judge(move).step

    def judge(self, move: Move) -> Judgement:
        """Judge the player's legal ``move``: if right, play it and the defender's reply;
        if it wins too but more slowly, nothing is played (the player tries again); else
        the puzzle is failed and the judgement has the reply that shows why."""
        if self.keeps_win(move):
            judgement = self._right(move)
        else:
            kind, reply = self._verdict(move)
            if kind != SLOWER:
                self.failed = True
            judgement = Judgement(move, kind, reply, False, self._wrong_words(move, kind, reply))
        self.judged = judgement
        return judgement

    def _right(self, move: Move) -> Judgement:
        index = len(self.played)
        self.on_solution = self.on_solution and self.puzzle.solution[index] == str(move)
        self.played.append(move)
        self.position = self.position.play_unchecked(move)
        other = self.attacker.other.words
        if self.position.winner is self.attacker:
            return Judgement(move, RIGHT, None, True, say("puzzle.solved"))
        if self.on_solution and index + 1 < len(self.puzzle.solution):
            reply = self.position.parse_move(self.puzzle.solution[index + 1])
        else:
            self.on_solution = False
            reply = best_defence(self.prover, self.position, self.left - 1)
        self.played.append(reply)
        self.position = self.position.play_unchecked(reply)
        self.left -= 1
        if self.position.winner is self.attacker:
            said = say("puzzle.solved_by_reply", side=other, reply=str(reply))
            return Judgement(move, RIGHT, reply, True, said)
        task = say("puzzle.task", side=self.attacker.words, count=self.left)
        right = say("puzzle.right", side=other, reply=str(reply))
        said = say("puzzle.right_then", right=right, task=task)
        return Judgement(move, RIGHT, reply, False, said)

    def _verdict(self, move: Move) -> tuple[str, Move | None]:
        """What a ``move`` that does not keep the win within the moves left does: its
        kind and the reply that shows it."""
        after = self.position.play_unchecked(move)
        if after.is_over:  # it hands the defender the win
            return LOST, None
        at_once = winning_move(after)
        if at_once is not None:
            return LOST, at_once
        first = self.puzzle.first_moves
        if not self.played and first is not None:
            text = str(move)
            if text in first.slower:
                return SLOWER, None
            if text in first.refuted:
                return LOST, after.parse_move(first.refuted[text])
            return SHORT, self._escape(move)
        kind, reply = self._search_verdict(after)
        if kind == SHORT:
            reply = self._escape(move)
        return kind, reply

    def _search_verdict(self, after: Position) -> tuple[str, Move | None]:
        """A later move's verdict, from a search of at most :data:`VERDICT_NODES`
        positions: :data:`SLOWER` if it wins within up to :data:`SLOWER_MOST` moves
        more than are left, :data:`LOST` (with the defender's winning reply) if the
        defender wins within :data:`DEFENCE_MOST` of its moves, else :data:`SHORT`.

        A fresh search each time, so that the verdict depends on nothing but the
        position: not on what this attempt's search has seen before."""
        cancel = self.prover.stop
        prover = Prover()
        prover.stop = lambda: prover.nodes > VERDICT_NODES or (cancel is not None and cancel())
        try:
            for extra in range(1, max(SLOWER_MOST, DEFENCE_MOST) + 1):
                if extra <= DEFENCE_MOST and prover.wins_within(after, extra):
                    return LOST, prover.winning_move(after, extra)
                if extra <= SLOWER_MOST and not prover.defends(after, self.left - 1 + extra):
                    return SLOWER, None
        except Cancelled:
            if cancel is not None and cancel():
                raise
        return SHORT, None

    def _wrong_words(self, move: Move, kind: str, reply: Move | None) -> Words:
        other = self.attacker.other.words
        text = str(move)
        after = self.position.play_unchecked(move)
        if kind == SLOWER:
            return say("puzzle.slower", move=text, count=self.left)
        if reply is None:  # the move itself hands the defender its line of islands
            return say("puzzle.wrong_hands", move=text, side=other)
        if after.play_unchecked(reply).winner is self.attacker.other:
            return say("puzzle.wrong_wins", move=text, side=other, reply=str(reply))
        if kind == LOST:  # proved: the defender wins, the win is gone
            return say("puzzle.wrong_escapes", move=text, side=other, reply=str(reply))
        # Proved only not to win within the moves left, against this reply.
        return say("puzzle.wrong_within", move=text, side=other, reply=str(reply), count=self.left)

    def punishment(self, move: Move) -> Move | None:
        """After a wrong ``move``, the defender's reply that shows why: the one its
        judgement found (a reply that wins, at once or by force), else :meth:`_escape`."""
        judged = self.judged
        if judged is not None and judged.move == move and not judged.right:
            return judged.reply
        return self._escape(move)

    def _escape(self, move: Move) -> Move | None:
        """A reply to ``move`` that wins at once if there is one, else the best defence
        (after which no win within the moves left remains, if ``move`` keeps none)."""
        after = self.position.play_unchecked(move)
        if after.is_over:
            return None
        return winning_move(after) or best_defence(self.prover, after, self.left - 1)


__all__ = [
    "CONTRACT_KEYS",
    "DAILY_FEWEST_MOVES",
    "DAILY_MOST_RATING",
    "DEFENCE_MOST",
    "LOST",
    "MOST_MOVES",
    "PUZZLE_FILE",
    "RIGHT",
    "SHORT",
    "SLOWER",
    "SLOWER_MOST",
    "VERDICT_NODES",
    "Attempt",
    "FirstMoves",
    "Judgement",
    "Puzzle",
    "all_puzzles",
    "best_defence",
    "daily_puzzles",
    "find_puzzle",
    "puzzle_of_the_day",
]
