"""Matches: how strength is measured rather than claimed.

A match is played between two players, each a built-in level or an outside program
(``cmd:PROGRAM ARGS``), in any game of the registry with levels.  Games come in
pairs from the same random opening, each player taking the side that moves first
in one game of the pair, so neither colour nor opening favours either player.

An outside program speaks the protocol of ``fireice ai-move``: it is run once per
move with its own words, the game's set-up flags (:meth:`Game.setup_arguments`) and
the moves played so far as arguments, and prints one move.  A program that fails
(a non-zero exit status, no answer within the time limit, or anything but one legal
move) loses that game at once, and the fault is recorded.

Game ``i`` of a match is in pair ``i // 2``; the first player moves first in the
even games.  A level in game ``i`` uses seed ``seed + i``, so with node budgets any
game between levels can be replayed exactly.  Every move's wall-clock time is
measured here, around the search or the program's whole run.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import random
import shlex
import shutil
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import IO, Any, Final, Protocol, cast

from .interface import GameState
from .registry import Game, SideType, find_game
from .search import level_names, search
from .words import NAME_LIMIT, quoted

#: A guard only: the rules of every game end it long before this many moves.
MAX_MOVES = 10_000

#: What ``cmd:`` starts: an outside program instead of a level.
PROGRAM_PREFIX = "cmd:"

#: The two-sided normal distribution's 97.5 % point: a 95 % interval.
Z_95 = 1.959963984540054

#: Printed text and error lines are cut to this many characters in a fault's reason.
_QUOTE_LIMIT = 80

#: A move is a few characters: a program that prints more than this many bytes for one is
#: not giving a move, and is stopped before its output can fill the memory.
OUTPUT_LIMIT = 64 * 1024

#: How much of a program's error output is kept: its end, where the reason for a failure is.
_ERROR_TAIL = 4 * 1024


class Contest(GameState, Protocol):
    """A position of a two-player game that ends with a winner."""

    @property
    def to_move(self) -> SideType: ...

    @property
    def winner(self) -> SideType | None: ...

    def play_unchecked(self, move: Any) -> Contest: ...


# --- the players ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Player:
    """One side of a match: a built-in level, or an outside program's command."""

    name: str  # as given: "expert", "cmd:/tmp/mcts --ms 1000"
    level: str | None = None
    command: tuple[str, ...] = ()


def parse_player(text: str, game: Game) -> Player:
    """The player named ``text``: a level of ``game`` or ``cmd:PROGRAM ARGS``.

    Raises ``ValueError`` saying what is wrong: an unknown level, no program, unbalanced
    quotes, or a program that cannot be found or run.
    """
    if not text.startswith(PROGRAM_PREFIX):
        names = level_names(game)
        if text not in names:
            raise ValueError(
                f"no level is called {quoted(text)}: choose from {', '.join(names)}, "
                "or cmd:PROGRAM ARGS for a program"
            )
        return Player(text, level=text)
    if "\0" in text:  # no program can be given one: the system ends its words at a NUL
        raise ValueError("a command cannot hold a NUL byte")
    try:
        words = tuple(shlex.split(text[len(PROGRAM_PREFIX) :]))
    except ValueError as error:
        raise ValueError(f"cannot split the command into words: {error}") from None
    if not words:
        raise ValueError("name a program after cmd:, like cmd:/usr/local/bin/engine --ms 1000")
    program = words[0]
    if shutil.which(program) is None:
        shown = quoted(program, NAME_LIMIT)
        if os.sep not in program and not (os.altsep and os.altsep in program):
            raise ValueError(f"no program {shown} on the PATH")
        try:
            os.stat(program)
        except (FileNotFoundError, NotADirectoryError):
            raise ValueError(f"{shown} does not exist") from None
        except OSError as error:  # a name too long for the system, a loop of links
            raise ValueError(f"{shown} cannot be run: {error.strerror or error}") from None
        raise ValueError(f"{shown} is not a program that can be run")
    return Player(text, command=words)


# --- the settings and the results -----------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """How a match is played."""

    game: str = "fire-and-ice"  # the registry's name of the game
    setup: Any = None  # the game's set-up; None: its default
    seed: int = 1  # game i: levels use seed + i; the openings come from it too
    opening: int = 2  # random plies before the players take over
    ms: int | None = None  # levels think this long a move instead of their node budgets
    timeout: float = 60.0  # seconds a program may take for a move

    def game_setup(self) -> tuple[Game, Any]:
        """The game, and its set-up (its default if none was given)."""
        game = find_game(self.game)
        return game, game.default_setup() if self.setup is None else self.setup

    def start(self) -> Contest:
        """The position every game of the match starts from, before its opening."""
        game, setup = self.game_setup()
        return cast(Contest, game.start(setup))


@dataclass(frozen=True)
class Fault:
    """A program's failure, which lost it a game."""

    game: int  # the game's number in the match, from 0
    player: int  # 0: the first player named, 1: the second
    side: str  # the side it played: "Fire"
    reason: str  # in a few words: 'timed out after 0.5 s'


@dataclass(frozen=True)
class GameResult:
    """One finished game."""

    number: int  # from 0: game i is in pair i // 2 and its levels use seed + i
    seed: int
    first: int  # the player (0 or 1) that played the side that moves first
    sides: tuple[str, str]  # the sides' titles, the side that moves first first: Fire, Ice
    winner: int  # the player that won
    moves: tuple[str, ...]  # every move, the opening's included
    opening: int  # how many of the moves were the random opening
    seconds: tuple[tuple[float, ...], tuple[float, ...]]  # each player's move times
    fault: Fault | None = None

    def side_of(self, player: int) -> str:
        """The side ``player`` played in this game: "Fire"."""
        return self.sides[player ^ self.first]


def opening(settings: Settings, pair: int) -> tuple[str, ...]:
    """The random opening of pair ``pair``: ``settings.opening`` plies, each drawn uniformly
    among the legal moves that do not end the game (among all if every one does)."""
    rng = random.Random(f"opening:{settings.seed}:{pair}")
    position = settings.start()
    moves: list[str] = []
    for _ in range(settings.opening):
        if position.is_over:
            break
        legal = position.legal_moves()
        going_on = [move for move in legal if not position.play_unchecked(move).is_over]
        move = rng.choice(going_on or legal)
        moves.append(str(move))
        position = position.play_unchecked(move)
    return tuple(moves)


# --- one move ---------------------------------------------------------------------------------


def _quote(text: str) -> str:
    """``text`` in double quotes, control characters escaped, cut if long."""
    if len(text) > _QUOTE_LIMIT:
        text = text[: _QUOTE_LIMIT - 1] + "…"
    return json.dumps(text, ensure_ascii=False)


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return ""
    line = lines[-1]
    return line if len(line) <= _QUOTE_LIMIT else line[: _QUOTE_LIMIT - 1] + "…"


class _Capture(threading.Thread):
    """One of a program's output pipes, read to its end on a thread of its own, keeping at
    most ``limit`` bytes: the first ones (``keep="start"``: more is an ``overflow``, and
    ``on_overflow`` is called and the reading stops) or the last ones (``keep="end"``)."""

    def __init__(
        self,
        stream: IO[bytes],
        limit: int,
        keep: str = "start",
        on_overflow: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(daemon=True)  # a pipe a runaway child keeps open must not hold us
        self.stream = stream
        self.limit = limit
        self.keep = keep
        self.on_overflow = on_overflow
        self.data = bytearray()
        self.overflow = False

    def run(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            while chunk := os.read(self.stream.fileno(), 64 * 1024):
                self.data += chunk
                if len(self.data) <= self.limit:
                    continue
                if self.keep == "end":
                    del self.data[: -self.limit]
                    continue
                del self.data[self.limit :]
                self.overflow = True
                if self.on_overflow is not None:
                    self.on_overflow()
                return


#: How long the pipes of a program that has ended (or was killed) may take to deliver what
#: is left in them.  Something it started and that left its process group can keep them
#: open for ever: the match does not wait for that.
_DRAIN_SECONDS = 0.5

#: How a program is started: in a process group (a session) of its own, so that it can be
#: ended with everything it started, and so that a Ctrl+C typed at the match's terminal
#: is the match's to handle, not the program's.
_OWN_GROUP: dict[str, Any] = (
    {"start_new_session": True}
    if os.name == "posix"
    else {"creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)}
)

#: The program this process is running for a move, if any: a pool's process that is told
#: to stop ends it first (:func:`_start_worker`).
_running: subprocess.Popen[bytes] | None = None


def _signal_group(process: subprocess.Popen[bytes]) -> None:
    """Kill ``process`` and everything it started (its own process group)."""
    try:
        if hasattr(os, "killpg"):
            os.killpg(process.pid, signal.SIGKILL)
        else:  # pragma: no cover - Windows has no process groups to kill
            process.kill()
    except (ProcessLookupError, PermissionError):
        pass


def _drain(readers: Sequence[_Capture], seconds: float = _DRAIN_SECONDS) -> None:
    """Let the readers of a program's pipes finish, for at most ``seconds`` in all."""
    deadline = time.monotonic() + seconds
    for reader in readers:
        reader.join(timeout=max(0.0, deadline - time.monotonic()))


def _kill(process: subprocess.Popen[bytes], readers: Sequence[_Capture]) -> None:
    """Kill ``process`` with its group, reap it and let its pipes' readers finish."""
    _signal_group(process)
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL is not refused
        process.kill()
        process.wait()
    _drain(readers)  # a child that left the group may hold a pipe: then give up


def run_program(argv: Sequence[str], timeout: float) -> tuple[str | None, str]:
    """Run ``argv`` for one move: ``(what it printed, "")``, or ``(None, what went wrong)``
    when it could not start, timed out (it and its children are killed), printed more
    than a move could be (:data:`OUTPUT_LIMIT`; it is killed at once) or failed.

    Its output is read as it comes and only so much is kept, so no program can fill
    the memory.  The program's answer is what it printed until it ended: whatever it
    started and left running is killed then, so nothing it leaves behind holds the match
    (nor outlives the move); the whole run takes at most ``timeout`` seconds and a
    moment to collect the pipes.
    """
    global _running
    try:
        process = subprocess.Popen(
            list(argv),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            **_OWN_GROUP,
        )
    except (OSError, ValueError) as error:  # ValueError: a NUL in a word
        return None, f"could not be started: {getattr(error, 'strerror', None) or error}"
    _running = process
    assert process.stdout is not None and process.stderr is not None
    output = _Capture(process.stdout, OUTPUT_LIMIT, on_overflow=lambda: _signal_group(process))
    errors = _Capture(process.stderr, _ERROR_TAIL, keep="end")
    readers = (output, errors)
    for reader in readers:
        reader.start()
    try:
        process.wait(timeout=timeout)
        _signal_group(process)  # what it left running: its pipes then end at once
        _drain(readers)
    except subprocess.TimeoutExpired:
        _kill(process, readers)
        return None, f"timed out after {timeout:g} s"
    except BaseException:
        _kill(process, readers)
        raise
    finally:
        _running = None
        for reader in readers:
            if not reader.is_alive():
                reader.stream.close()
    # A reader still running is held by something that escaped the group: what the
    # program itself printed is all there, as it has ended.
    printed, complaint = bytes(output.data), bytes(errors.data)
    if output.overflow:
        return None, f"printed more than {OUTPUT_LIMIT // 1024} kB, which is not one move"
    status = process.returncode
    if status < 0:
        try:
            name = signal.Signals(-status).name
        except ValueError:
            name = str(-status)
        return None, f"was killed by signal {name}"
    if status != 0:
        last = _last_line(complaint.decode("utf-8", "replace"))
        return None, f"exited with status {status}" + (f": {last}" if last else "")
    return printed.decode("utf-8", "replace"), ""


def read_move(position: Contest, printed: str) -> tuple[Any, str]:
    """The legal move a program printed: ``(move, "")``, or ``(None, what is wrong)``."""
    words = printed.split()
    if not words:
        return None, "printed nothing"
    if len(words) > 1:
        return None, f"printed {_quote(printed.strip())}, which is {len(words)} words, not one move"
    text = words[0]
    try:
        move = position.parse_move(text)
    except ValueError:  # NotationError, or a move's own check
        return None, f"printed {_quote(text)}, which is not a move"
    if move not in position.legal_moves():
        try:
            reason = position.illegal_reason(move)
        except ValueError:
            reason = None
        return None, f"printed {_quote(text)}, which is not a legal move" + (
            f" ({reason})" if reason else ""
        )
    return move, ""


# --- one game ---------------------------------------------------------------------------------


def play_game(
    players: tuple[Player, Player],
    settings: Settings,
    number: int,
    opening_moves: Sequence[str] = (),
) -> GameResult:
    """Play game ``number`` of a match from ``opening_moves`` to the end.

    The first player takes the side that moves first if ``number`` is even.
    """
    game, setup = settings.game_setup()
    position = settings.start()
    first_side = position.to_move
    sides = (first_side.title, first_side.other.title)
    first = number % 2
    seed = settings.seed + number
    moves: list[str] = []
    for text in opening_moves:
        position = cast(Contest, position.play(position.parse_move(text)))
        moves.append(str(text))
    times: tuple[list[float], list[float]] = ([], [])

    def result(winner: int, fault: Fault | None = None) -> GameResult:
        seconds = (tuple(times[0]), tuple(times[1]))
        return GameResult(
            number, seed, first, sides, winner, tuple(moves), len(opening_moves), seconds, fault
        )

    while not position.is_over:
        if len(moves) >= MAX_MOVES:  # pragma: no cover - the rules end every game before
            raise RuntimeError(f"game {number} did not end in {MAX_MOVES} moves")
        side = position.to_move
        mover = side.value ^ first
        player = players[mover]
        begin = time.perf_counter()
        if player.level is not None:
            seconds = None if settings.ms is None else settings.ms / 1000
            move = search(position, player.level, seed, seconds=seconds).move
            problem = ""
        else:
            argv = [*player.command, *game.setup_arguments(setup), *moves]
            printed, problem = run_program(argv, settings.timeout)
            move = None
            if printed is not None:
                move, problem = read_move(position, printed)
        elapsed = time.perf_counter() - begin
        if problem:
            return result(1 - mover, Fault(number, mover, side.title, problem))
        times[mover].append(elapsed)
        moves.append(str(move))
        position = position.play_unchecked(move)
    winner = position.winner
    assert winner is not None, "a finished game has a winner"
    return result(winner.value ^ first)


#: One game of a match as a process is given it: the players, the settings, the game's
#: number and its opening.
_Work = tuple[tuple[Player, Player], Settings, int, tuple[str, ...]]


def _play(work: _Work) -> GameResult:
    """Play one game of a match (the work a process of the pool is given)."""
    return play_game(*work)


# --- a match ----------------------------------------------------------------------------------


def wilson_interval(wins: int, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a win rate of ``wins`` in ``games`` (95 % by default)."""
    if games <= 0:
        return 0.0, 1.0
    rate = wins / games
    spread = z * z / games
    centre = (rate + spread / 2) / (1 + spread)
    half = z * math.sqrt(rate * (1 - rate) / games + spread / (4 * games)) / (1 + spread)
    # At no wins (all wins) the bound is 0 (1) exactly, whatever the rounding says.
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= games else min(1.0, centre + half)
    return low, high


class MoveTimes:
    """One player's move times in a match, kept as a count per microsecond.

    The memory grows with how spread out the times are, never with the number of moves,
    so a match of a million games keeps no more than one of a hundred; the median and
    the longest time are exact to the microsecond, the precision the summary prints.
    """

    def __init__(self) -> None:
        self._counts: dict[int, int] = {}
        self._count = 0
        self.longest: float | None = None  # seconds, exactly as measured

    def add(self, seconds: float) -> None:
        """Count one move that took ``seconds``."""
        key = round(seconds * 1_000_000)
        self._counts[key] = self._counts.get(key, 0) + 1
        self._count += 1
        if self.longest is None or seconds > self.longest:
            self.longest = seconds

    def __len__(self) -> int:
        return self._count

    @property
    def median(self) -> float | None:
        """The median move time in seconds (to the microsecond), ``None`` with no moves."""
        if not self._count:
            return None
        # The middle move, or the two middle ones, counted from 0 in the sorted times.
        low, high = (self._count - 1) // 2, self._count // 2
        low_key = 0
        counted = 0
        for key in sorted(self._counts):
            if counted <= low:
                low_key = key
            counted += self._counts[key]
            if counted > high:
                return (low_key + key) / 2 / 1_000_000
        raise AssertionError("the counts add up to the number of moves")


@dataclass
class MatchSummary:
    """A match's results from each player's side: player 0 is the first named.

    It keeps counts, not the games: its memory does not grow with the number of games
    (but for the faults, which are listed one by one).
    """

    players: tuple[Player, Player]
    settings: Settings
    games: int = 0  # how many games were played
    moves: int = 0  # the moves of every game, the openings' included
    _played: list[list[int]] = field(default_factory=lambda: [[0, 0], [0, 0]])
    _won: list[list[int]] = field(default_factory=lambda: [[0, 0], [0, 0]])
    _faults: list[Fault] = field(default_factory=list)
    _times: tuple[MoveTimes, MoveTimes] = field(default_factory=lambda: (MoveTimes(), MoveTimes()))

    def add(self, game: GameResult) -> None:
        """Count one finished game."""
        self.games += 1
        self.moves += len(game.moves)
        for player in (0, 1):
            side = game.first ^ player
            self._played[player][side] += 1
            if game.winner == player:
                self._won[player][side] += 1
            for seconds in game.seconds[player]:
                self._times[player].add(seconds)
        if game.fault is not None:
            self._faults.append(game.fault)

    def won(self, player: int) -> int:
        """How many games ``player`` won."""
        return sum(self._won[player])

    def lost(self, player: int) -> int:
        """How many games ``player`` lost."""
        return self.games - self.won(player)

    def played_as(self, player: int, side: int) -> int:
        """How many games ``player`` played as ``side`` (0: the side that moves first)."""
        return self._played[player][side]

    def won_as(self, player: int, side: int) -> int:
        """How many games ``player`` won as ``side`` (0: the side that moves first)."""
        return self._won[player][side]

    def faults(self, player: int | None = None) -> list[Fault]:
        """The faults of ``player`` (of both if ``None``), in the order of the games."""
        return [fault for fault in self._faults if player is None or fault.player == player]

    def move_times(self, player: int) -> MoveTimes:
        """The move times of ``player`` (the openings are not timed)."""
        return self._times[player]

    @property
    def average_length(self) -> float:
        """The average number of moves in a game, the openings' included."""
        return self.moves / self.games if self.games else 0.0

    @property
    def score(self) -> float:
        """The first player's share of the games won."""
        return self.won(0) / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson score interval of :attr:`score`."""
        return wilson_interval(self.won(0), self.games)


def run_match(
    players: tuple[Player, Player],
    games: int,
    settings: Settings | None = None,
    jobs: int = 1,
    progress: Callable[[GameResult], None] | None = None,
) -> MatchSummary:
    """Play ``games`` games between ``players`` (in ``jobs`` processes), in pairs from the
    same random opening with the sides swapped; ``progress`` hears of each game in order.

    The games stream through: each is made when a process is ready for it, counted in
    the summary and passed to ``progress`` as it ends, and then let go, so the memory
    stays the same however many games are played.

    Ctrl+C (``KeyboardInterrupt``) stops the match at once: the games being played are
    ended, with the programs playing them, and :class:`MatchInterrupted` is raised with
    the summary of the games that were over (``progress`` hears of those too).
    """
    settings = settings or Settings()
    game = find_game(settings.game)
    for player in players:
        if player.level is not None and player.level not in level_names(game):
            names = ", ".join(level_names(game)) or "none"
            raise ValueError(f"unknown level {player.level!r}: choose from {names}")
    summary = MatchSummary(players, settings)
    work = _work(players, settings, games)
    pool: Executor | None = None
    finished: list[GameResult] = []  # over, but not yet counted when the match stopped
    try:
        if jobs > 1 and games > 1:
            pool = ProcessPoolExecutor(max_workers=min(jobs, games), initializer=_start_worker)
            _gather(summary, _in_order(pool, work, _WINDOW * jobs, finished), progress)
        else:
            _gather(summary, map(_play, work), progress)
    except KeyboardInterrupt:
        _stop(pool)
        _gather(summary, iter(finished), progress)
        raise MatchInterrupted(summary) from None
    except BaseException:
        _stop(pool)  # a failure (a reader gone away, say) does not wait for the games either
        raise
    if pool is not None:
        pool.shutdown()
    return summary


class MatchInterrupted(KeyboardInterrupt):
    """A match stopped by Ctrl+C: :attr:`summary` counts the games that were over."""

    def __init__(self, summary: MatchSummary) -> None:
        super().__init__("the match was interrupted")
        self.summary = summary


#: Processes a match may play in for each processor.  A level keeps a processor busy, so
#: more processes than processors only share them (and make the times measured longer);
#: a few more still help when programs wait on something else (a disk, a network).  Each
#: process is a copy of the program, about 20 MB: unbounded, ``--jobs 300`` took 5 GB.
JOBS_PER_CPU: Final = 4


def processors() -> int:
    """How many processors this program may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # no affinity on this system (macOS, Windows)
        return max(1, os.cpu_count() or 1)


def max_jobs() -> int:
    """The most processes a match may play in at once: :data:`JOBS_PER_CPU` a processor."""
    return JOBS_PER_CPU * processors()


def _start_worker() -> None:
    """Prepare a process of a match's pool.

    Ctrl+C at a terminal reaches every process of the match, and the match decides what
    happens (it counts the games that are over and stops the rest), so a pool's process
    lets it pass, with a handler that does nothing: ignoring the signal instead
    (``SIG_IGN``) would be inherited by the programs it starts.  SIGTERM, the match
    asking it to stop, ends the move's program with everything it started, then the
    process.
    """
    signal.signal(signal.SIGINT, _let_pass)
    signal.signal(signal.SIGTERM, _stop_worker)


def _let_pass(signum: int, frame: object) -> None:
    """Ctrl+C in a process of the pool: the match's own process handles it."""


def _stop_worker(signum: int, frame: object) -> None:
    """SIGTERM in a process of the pool: end the move's program, and this process at once
    (exiting the usual way would wait for the game to end)."""
    program = _running
    if program is not None:
        _signal_group(program)
    os._exit(128 + signum)


#: How long a pool's processes may take to end when told to; then they are killed.
_STOP_SECONDS = 1.0


def _stop(pool: Executor | None) -> None:
    """End ``pool``'s processes now, rather than wait for the games they are playing.

    Each is told to stop (SIGTERM: it ends its move's program first), and killed if it
    has not ended within :data:`_STOP_SECONDS`.
    """
    if pool is None:
        return
    # The pool's processes: ProcessPoolExecutor does not offer to end them (before 3.14).
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            process.terminate()
    deadline = time.monotonic() + _STOP_SECONDS
    for process in processes:
        with contextlib.suppress(OSError, ValueError, AttributeError, AssertionError):
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
    # The processes are gone, so the pool's own thread ends at once.  Waiting for it (and
    # not cancelling the games left: see _in_order) keeps it from racing the
    # interpreter's exit, which in Python 3.11 wakes it through a pipe it may be closing
    # (a traceback: "Bad file descriptor").
    pool.shutdown(wait=True)


#: Games queued or playing at once, per process: enough to keep every process busy while
#: the results are taken in order, few enough that the queue's memory does not matter.
_WINDOW = 4


def _work(players: tuple[Player, Player], settings: Settings, games: int) -> Iterator[_Work]:
    """Each game's work, made as it is needed: a pair's opening when its first game is."""
    moves: tuple[str, ...] = ()
    for number in range(games):
        if number % 2 == 0:
            moves = opening(settings, number // 2)
        yield players, settings, number, moves


def _in_order(
    pool: Executor, work: Iterator[_Work], window: int, finished: list[GameResult]
) -> Iterator[GameResult]:
    """The games of ``work`` played in ``pool``, in order, with at most ``window`` of them
    queued or playing at any moment.  Stopped early, it puts the games that are over but
    were not yet given (a later one than the game it was waiting for) in ``finished``."""
    pending: deque[Future[GameResult]] = deque()
    try:
        for item in work:
            pending.append(pool.submit(_play, item))
            if len(pending) >= window:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:  # stopped early (an error, Ctrl+C): the games already over still count
        # The games not started are not cancelled here: :func:`_stop` ends the processes,
        # and the pool then fails every game left.  A future cancelled meanwhile would make
        # the pool's own thread fail on it with a traceback (Python 3.11's
        # ``terminate_broken`` sets an exception on every game left, cancelled or not).
        for future in pending:
            if future.done() and not future.cancelled() and future.exception() is None:
                finished.append(future.result())


def _gather(
    summary: MatchSummary,
    results: Iterator[GameResult],
    progress: Callable[[GameResult], None] | None,
) -> None:
    for result in results:
        summary.add(result)
        if progress is not None:
            progress(result)


__all__ = [
    "JOBS_PER_CPU",
    "OUTPUT_LIMIT",
    "PROGRAM_PREFIX",
    "Contest",
    "Fault",
    "GameResult",
    "MatchInterrupted",
    "MatchSummary",
    "MoveTimes",
    "Player",
    "Settings",
    "max_jobs",
    "opening",
    "parse_player",
    "play_game",
    "processors",
    "read_move",
    "run_match",
    "run_program",
    "wilson_interval",
]
