"""Fire & Ice puzzles: "Fire to play and win in N", each proved to have one winning move.

The puzzles are data (``puzzles.json`` beside this module), found and measured by
``scripts/make_puzzles.py`` from games between the computer's levels and against an
outside program.  For each, the exact search of :mod:`.proof` showed that the side to
move wins within ``win_in`` of its moves, not within fewer, and with exactly one first
move.  After that first move, any move that keeps the win within the moves left is
right: :class:`Attempt` judges a player's moves that way and answers each with the
defender's best resistance (the reply after which the win takes longest, the solution's
own reply where there is a choice).

No pygame here: the command line (``fireice puzzle``) and the desktop game share it.
"""

from __future__ import annotations

import datetime
import functools
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from ...interface import Step
from .ai_evaluation import evaluate_position
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
        first move, its solution's (a win in 5 takes a search of a minute to prove again)."""
        after = self.position.play_unchecked(move)
        if after.winner is self.attacker:
            return True
        if after.winner is not None or self.left <= 1:
            return False
        if not self.played:
            return str(move) == self.puzzle.solution[0]
        return not self.prover.defends(after, self.left - 1)

    def play(self, move: Move) -> Step:
        """Judge the player's legal ``move``; if right, play it and the defender's reply."""
        if not self.keeps_win(move):
            self.failed = True
            return Step(move, False, None, False)
        index = len(self.played)
        self.on_solution = self.on_solution and self.puzzle.solution[index] == str(move)
        self.played.append(move)
        self.position = self.position.play_unchecked(move)
        if self.position.winner is self.attacker:
            return Step(move, True, None, True)
        if self.on_solution and index + 1 < len(self.puzzle.solution):
            reply = self.position.parse_move(self.puzzle.solution[index + 1])
        else:
            self.on_solution = False
            reply = best_defence(self.prover, self.position, self.left - 1)
        self.played.append(reply)
        self.position = self.position.play_unchecked(reply)
        self.left -= 1
        return Step(move, True, reply, self.position.winner is self.attacker)

    def punishment(self, move: Move) -> Move | None:
        """After a wrong ``move``, the defender's reply that shows why: one that wins at
        once if there is one, else the best defence."""
        after = self.position.play_unchecked(move)
        if after.is_over:
            return None
        return winning_move(after) or best_defence(self.prover, after, self.left - 1)


__all__ = [
    "CONTRACT_KEYS",
    "DAILY_FEWEST_MOVES",
    "DAILY_MOST_RATING",
    "MOST_MOVES",
    "PUZZLE_FILE",
    "Attempt",
    "Puzzle",
    "all_puzzles",
    "best_defence",
    "daily_puzzles",
    "find_puzzle",
    "puzzle_of_the_day",
]
