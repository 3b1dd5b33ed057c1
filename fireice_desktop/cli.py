"""The ``fireice`` command: the desktop game, terminal play and scripting commands.

Only the desktop game imports pygame, and only when it starts, so the terminal
commands start fast and run where there is no display.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from .engine.errors import IllegalMoveError, NotationError
from .engine.games.fireice import textboard
from .engine.games.fireice.board import HOLE_NAMES, ISLANDS, parse_holes
from .engine.games.fireice.rules import (
    MAX_HANDICAP,
    Color,
    Position,
    check_handicap,
    describe_islands,
    random_handicap,
)
from .engine.games.fireice.solitaire import COLOR_NAMES, SolitairePosition, parse_deal
from .engine.games.fireice.solver import Solution, solve
from .engine.games.icebreaker.board import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, check_size
from .engine.games.icebreaker.rules import IcebreakerPosition
from .engine.games.icebreaker.textboard import render as render_icebreaker
from .engine.interface import History
from .engine.record import GameRecord, replay
from .storage import MAX_RECORD_BYTES, SaveFileError, read_game, write_atomic

EXIT_USAGE = 2


class CommandError(Exception):
    """A user's mistake on the command line: reported in one line, exit status 2 by default.

    ``usage``: the mistake is in a flag's value, so the command's usage is printed first.
    """

    def __init__(self, message: str, status: int = EXIT_USAGE, usage: bool = False) -> None:
        super().__init__(message)
        self.status = status
        self.usage = usage


def _split_moves(words: Sequence[str]) -> list[str]:
    # Moves may come as separate arguments or as one quoted, space-separated string.
    return [move for word in words for move in word.split()]


def _handicap_holes(text: str | None) -> tuple[int, ...]:
    if text is None:
        return ()
    try:
        holes = check_handicap(parse_holes(text))
    except ValueError as error:
        raise CommandError(f"--handicap-at {text!r}: {error}", usage=True) from None
    if not holes:
        raise CommandError(
            f"--handicap-at {text!r}: name 1 to {MAX_HANDICAP} holes, like A3,B5", usage=True
        )
    return holes


def _replay(start: Any, moves: list[str]) -> Any:
    try:
        return replay(start, moves)[-1]
    except ValueError as error:
        raise CommandError(str(error)) from None


def _board_json(fire: int, ice: int) -> dict[str, str]:
    board = {}
    for hole, name in enumerate(HOLE_NAMES):
        if fire >> hole & 1:
            board[name] = "fire"
        elif ice >> hole & 1:
            board[name] = "ice"
    return board


def position_json(position: Position) -> dict[str, Any]:
    """The ``fireice show --json`` object for a two-player position."""
    winner = position.winner
    return {
        "to_move": None if winner is not None else position.to_move.key,
        "board": _board_json(position.fire, position.ice),
        "supply": {"fire": position.fire_supply, "ice": position.ice_supply},
        "control": {
            ISLANDS[i]: (c.key if (c := position.controller(i)) is not None else None)
            for i in range(7)
        },
        "result": winner.key if winner is not None else None,
        "legal_moves": sorted(str(m) for m in position.legal_moves()),
    }


def solitaire_json(deal: int, position: SolitairePosition) -> dict[str, Any]:
    """The ``fireice solitaire show --json`` object."""
    over = position.is_over
    to_move = None if over else (position.to_move.key if position.to_move is not None else "either")
    return {
        "deal": deal,
        "board": _board_json(position.fire, position.ice),
        "to_move": to_move,
        "legal_moves": sorted(str(m) for m in position.legal_moves()) if not over else [],
        "pegs_left": position.pegs_left,
        "result": position.result,
    }


def position_report(position: Position) -> str:
    """The text that ``fireice show`` prints under the board."""
    winner = position.winner
    lines = [
        "To move: "
        + ("nobody, the game is over" if winner is not None else position.to_move.title),
        f"Fire controls: {describe_islands(position.control(Color.FIRE))}",
        f"Ice controls: {describe_islands(position.control(Color.ICE))}",
    ]
    won = position.winning_line()
    if won is not None:
        color, islands = won
        letters = ", ".join(ISLANDS[i] for i in islands)
        lines.append(f"Result: {color.title} wins with islands {letters}")
    elif winner is not None:
        lines.append(f"Result: {winner.title} wins ({position.to_move.title} has no legal move)")
    else:
        lines.append("Result: none yet")
    return "\n".join(lines)


def solitaire_board(position: SolitairePosition) -> str:
    """The solitaire position drawn in pbmserv's layout, with red and aqua peg counts."""
    counts = (position.fire.bit_count(), position.ice.bit_count())
    return textboard.render_pegs(position.fire, position.ice, counts, ("RED", "AQUA"))


def _cmd_show(args: argparse.Namespace) -> int:
    start = Position.start(_handicap_holes(args.handicap_at), Color.parse(args.side))
    position = _replay(start, _split_moves(args.moves))
    if args.json:
        print(json.dumps(position_json(position)))
    else:
        print(textboard.render(position))
        print(position_report(position))
    return 0


def _cmd_ai_move(args: argparse.Namespace) -> int:
    from .engine.search import search

    start = Position.start(_handicap_holes(args.handicap_at), Color.parse(args.side))
    position = _replay(start, _split_moves(args.moves))
    if position.is_over:
        winner = position.winner
        assert winner is not None
        raise CommandError(f"the game is over: {winner.title} has won")
    print(search(position, args.level, args.seed).move)
    return 0


def _cmd_match(args: argparse.Namespace) -> int:
    import statistics

    from .engine.match import GameResult, run_match

    if args.games < 1:
        raise CommandError(f"--games {args.games}: play at least one game", usage=True)
    if args.jobs < 1:
        raise CommandError(f"--jobs {args.jobs}: use at least one process", usage=True)

    def progress(game: GameResult) -> None:
        if args.verbose:
            print(
                f"game {game.seed}: {game.winner.title} wins in {len(game.moves)} moves",
                file=sys.stderr,
            )

    summary = run_match(args.fire, args.ice, args.games, args.seed, args.jobs, progress)
    games = len(summary.games)
    print(f"{games} game{'s' if games != 1 else ''}: Fire ({args.fire}) against Ice ({args.ice})")
    for color, level, wins, losses in (
        (Color.FIRE, args.fire, summary.fire_wins, summary.ice_wins),
        (Color.ICE, args.ice, summary.ice_wins, summary.fire_wins),
    ):
        times = summary.move_times(color)
        timing = (
            f"median {statistics.median(times):.3f} s, longest {max(times):.3f} s per move"
            if times
            else "no moves"
        )
        print(
            f"{color.title:<4} ({level}): {wins} won, 0 drawn, {losses} lost "
            f"({100 * wins / games:.0f}%); {timing}"
        )
    print(f"average game length: {summary.average_length:.1f} moves")
    return 0


def icebreaker_json(position: IcebreakerPosition) -> dict[str, Any]:
    """The ``fireice icebreaker show --json`` object."""
    board = position.board
    winner = position.winner

    def names(cells: int) -> list[str]:
        return [board.name(cell) for cell in board.cells_of(cells)]

    return {
        "size": position.size,
        "to_move": None if winner is not None else position.to_move.key,
        "ships": {"red": names(position.red), "black": names(position.black)},
        "icebergs": names(position.icebergs),
        "score": {"red": position.red_score, "black": position.black_score},
        "legal_moves": sorted(str(m) for m in position.legal_moves()),
        "result": winner.key if winner is not None else None,
    }


def icebreaker_report(position: IcebreakerPosition) -> str:
    """The text that ``fireice icebreaker show`` prints under the board."""
    winner = position.winner
    target = position.board.target
    lines = [
        "To move: "
        + ("nobody, the game is over" if winner is not None else position.to_move.title),
        f"Score: Red {position.red_score}, Black {position.black_score} (first to {target})",
        f"Icebergs left: {position.icebergs.bit_count()}",
        "Result: " + (f"{winner.title} wins" if winner is not None else "none yet"),
    ]
    return "\n".join(lines)


def _cmd_icebreaker_show(args: argparse.Namespace) -> int:
    position = _replay(IcebreakerPosition.start(args.board_size), _split_moves(args.moves))
    if args.json:
        print(json.dumps(icebreaker_json(position)))
    else:
        print(render_icebreaker(position))
        print(icebreaker_report(position))
    return 0


def _board_size(text: str) -> int:
    try:
        return check_size(int(text))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a board size: Icebreaker boards have side {MIN_SIZE} to {MAX_SIZE}"
        ) from None


def _deal_after_moves(args: argparse.Namespace) -> tuple[int, SolitairePosition]:
    """The deal named by ``--deal`` and the position after the captures given."""
    try:
        deal = parse_deal(args.deal)
    except ValueError as error:
        raise CommandError(f"--deal: {error}", usage=True) from None
    return deal, _replay(SolitairePosition.deal(deal), _split_moves(args.moves))


def _cmd_solitaire_show(args: argparse.Namespace) -> int:
    deal, position = _deal_after_moves(args)
    if args.json:
        print(json.dumps(solitaire_json(deal, position)))
        return 0
    print(solitaire_board(position))
    if position.is_over:
        print("To move: nobody, the game is over")
    elif position.to_move is None:
        print("To move: either colour (red # or aqua O)")
    else:
        print(f"To move: {COLOR_NAMES[position.to_move]} ({position.to_move.symbol})")
    print(f"Pegs left: {position.pegs_left}")
    result = position.result
    print("Result: " + {None: "none yet", "won": "won, one peg left", "lost": "lost"}[result])
    return 0


def solve_json(deal: int, solution: Solution) -> dict[str, Any]:
    """The ``fireice solitaire solve --json`` object."""
    return {
        "deal": deal,
        "solvable": solution.line is not None,
        "moves": [str(move) for move in solution.line or ()],
        "nodes": solution.nodes,
        "seconds": round(solution.seconds, 6),
    }


def _cmd_solitaire_solve(args: argparse.Namespace) -> int:
    deal, position = _deal_after_moves(args)
    solution = solve(position)
    if args.json:
        print(json.dumps(solve_json(deal, solution)))
        return 0
    if solution.line is None:
        print("No win exists from this position.")
    elif not solution.line:
        print("Already won: one peg is left.")
    for number, move in enumerate(solution.line or (), 1):
        print(f"{number}. {move}")
    print(f"Nodes searched: {solution.nodes:,} in {solution.seconds:.3f} s")
    return 0


def _read_record(name: str) -> GameRecord:
    """The game in file ``name`` (``-``: standard input), or a one-line reason it is not one."""
    if name != "-":
        try:
            return read_game(Path(name))
        except SaveFileError as error:
            raise CommandError(str(error)) from None
    try:
        return GameRecord.parse(sys.stdin.read(MAX_RECORD_BYTES + 1))
    except ValueError as error:
        raise CommandError(f"standard input: {error}") from None


def _write_output(args: argparse.Namespace, text: str) -> None:
    """Print ``text``, or write it atomically to ``--output`` (an old file only with --force)."""
    if args.output is None:
        sys.stdout.write(text)
        return
    path = Path(args.output)
    if path.exists() and not args.force:
        raise CommandError(f"{path} already exists: add --force to replace it")
    try:
        write_atomic(path, text)
    except SaveFileError as error:
        raise CommandError(str(error)) from None


def record_json(record: GameRecord) -> dict[str, Any]:
    """The ``fireice game show --json`` object: the record and the position it has reached."""
    positions = record.positions()
    position = positions[len(record.moves)]
    shown: dict[str, Any]
    if isinstance(position, SolitairePosition):
        shown = solitaire_json(record.deal, position)
    elif isinstance(position, IcebreakerPosition):
        shown = icebreaker_json(position)
    else:
        shown = position_json(position)
    return {"record": json.loads(record.to_json()), "position": shown}


def _cmd_game_show(args: argparse.Namespace) -> int:
    record = _read_record(args.file)
    if args.json:
        print(json.dumps(record_json(record)))
        return 0
    position = record.positions()[len(record.moves)]
    print(record.to_text(), end="")
    print()
    if isinstance(position, SolitairePosition):
        print(solitaire_board(position))
        print(f"Pegs left: {position.pegs_left}")
    elif isinstance(position, IcebreakerPosition):
        print(render_icebreaker(position))
        print(icebreaker_report(position))
    else:
        print(textboard.render(position))
        print(position_report(position))
    if record.undone:
        print("Undone: " + " ".join(str(move) for move in record.undone))
    return 0


def _cmd_game_export(args: argparse.Namespace) -> int:
    _write_output(args, _read_record(args.file).to_text())
    return 0


def _cmd_game_import(args: argparse.Namespace) -> int:
    _write_output(args, _read_record(args.file).to_json())
    return 0


TEXT_HELP = """\
Type a move as FROM-TO, like D4-C4: move one of your pegs to an empty hole on
the same island, or to the same hole number on another island. Your opponent's
peg then goes into the hole you left. Control an island with three pegs on one
of its lines; win with three islands on one line.
Commands: help, legal (list your legal moves), undo, redo, board, quit."""


def _cmd_text(args: argparse.Namespace) -> int:
    side = Color.parse(args.side)
    holes: tuple[int, ...] = ()
    intro = "Fire & Ice: two players at one terminal. Type help for the rules in brief."
    if args.handicap is not None:
        seed = args.seed if args.seed is not None else random.randrange(1_000_000)
        holes = random_handicap(args.handicap, seed)
        names = ",".join(HOLE_NAMES[h] for h in holes)
        intro += f"\nHandicap: {side.title} starts with extra pegs on {names} (seed {seed})."
    history = History(Position.start(holes, side))
    print(intro)
    show_board = True
    while True:
        position = history.position
        if show_board:
            print(textboard.render(position))
            print(position.summary() + ".")
            show_board = False
        prompt = (
            "game over> "
            if position.is_over
            else f"{position.to_move.title} ({position.to_move.symbol})> "
        )
        try:
            line = input(prompt)
        except EOFError:
            print()
            return 0
        command = line.strip().lower()
        if not command:
            continue
        if command in ("quit", "exit", "q"):
            return 0
        if command in ("help", "?", "h"):
            print(TEXT_HELP)
        elif command == "board":
            show_board = True
        elif command == "legal":
            moves = position.legal_moves()
            print(" ".join(str(m) for m in moves) if moves else "No legal moves: the game is over.")
        elif command == "undo":
            show_board = history.undo()
            if not show_board:
                print("Nothing to undo.")
        elif command == "redo":
            show_board = history.redo()
            if not show_board:
                print("Nothing to redo.")
        else:
            try:
                after = history.play(line)
            except ValueError as error:
                print(f"Not played: {error}")
                continue
            mover = position.to_move
            print(f"{mover.title} played {history.moves[history.cursor - 1]}.")
            show_board = True
            if after.is_over:
                print(textboard.render(after))
                print(position_report(after).splitlines()[-1].removeprefix("Result: ") + "!")
                print("Type undo to take the move back, or quit.")
                show_board = False


SCENES = (
    "menu",
    "game",
    "handicap",
    "solitaire",
    "rules",
    "settings",
    "computer",
    "icebreaker",
    "icebreaker-setup",
)


def _screenshot(args: argparse.Namespace) -> int:
    # Off-screen rendering: no display or sound device is needed.
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from .ui.app import screenshot

    try:
        return screenshot(args)
    except ValueError as error:
        raise CommandError(str(error), usage=True) from None


def _launch_desktop(args: argparse.Namespace) -> int:
    args.record = _read_record(args.open) if args.open is not None else None
    if args.screenshot:
        return _screenshot(args)
    for flag, dest in (
        ("scene", "scene"),
        ("moves", "shot_moves"),
        ("deal", "shot_deal"),
        ("page", "shot_page"),
        ("hint", "shot_hint"),
        ("size", "size"),
    ):
        if getattr(args, dest) is not None:
            raise CommandError(f"--{flag} only applies with --screenshot PATH", usage=True)
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY")
        or os.environ.get("WAYLAND_DISPLAY")
        or os.environ.get("SDL_VIDEODRIVER")
    ):
        raise CommandError(
            "no display found (DISPLAY is not set), so the desktop game cannot open a window; "
            "play in the terminal with 'fireice text'",
            status=1,
        )
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        from .ui.app import run
    except ModuleNotFoundError as error:
        if error.name and error.name.startswith("fireice_desktop.ui"):
            raise CommandError(
                "the desktop game is not part of this build; play in the terminal with "
                "'fireice text'",
                status=1,
            ) from None
        raise CommandError(
            f"the desktop game needs {error.name}, which is not installed", status=1
        ) from None
    return run(args)


def _deal_number(text: str) -> int:
    try:
        return parse_deal(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _handicap_count(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of pegs") from None
    if not 1 <= count <= MAX_HANDICAP:
        raise argparse.ArgumentTypeError(f"a handicap is 1 to {MAX_HANDICAP} pegs, not {count}")
    return count


def _add_set_up_options(command: argparse.ArgumentParser) -> None:
    """``--handicap-at`` and ``--side``: the set-up the moves are played from."""
    command.add_argument(
        "--handicap-at",
        metavar="HOLES",
        help="handicap pegs placed before play, comma-separated, like A3,B5",
    )
    command.add_argument(
        "--side",
        choices=("fire", "ice"),
        default="fire",
        help="the side that owns the handicap pegs (default fire)",
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every ``fireice`` command."""
    parser = argparse.ArgumentParser(
        prog="fireice",
        description="Fire & Ice, the board game by Jens-Peter Schliemann. "
        "With no command, starts the desktop game.",
    )
    parser.add_argument(
        "--open", metavar="FILE", help="start with the game saved in FILE (.fireice or text)"
    )
    shots = parser.add_argument_group("screenshots (render one scene to a PNG, no display needed)")
    shots.add_argument("--screenshot", metavar="PATH", help="write the scene to PATH and exit")
    shots.add_argument("--scene", choices=SCENES, help="which screen (default menu)")
    shots.add_argument(
        "--moves", dest="shot_moves", metavar='"D4-C4 ..."', help="moves played first"
    )
    shots.add_argument(
        "--deal", dest="shot_deal", type=_deal_number, metavar="N", help="solitaire deal number"
    )
    shots.add_argument(
        "--page", dest="shot_page", type=int, metavar="N", help="rules chapter, from 1"
    )
    shots.add_argument(
        "--hint",
        dest="shot_hint",
        action="store_const",
        const=True,
        help="ask for a hint after the moves (game and solitaire)",
    )
    shots.add_argument(
        "--size",
        action="append",
        metavar="WxH|N",
        help="window size, like 1280x800; or with --scene icebreaker the board's side, "
        f"{MIN_SIZE} to {MAX_SIZE} (both may be given)",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    text = commands.add_parser("text", help="play two-player Fire & Ice in the terminal")
    text.add_argument(
        "--handicap",
        type=_handicap_count,
        metavar="N",
        help=f"give one side N extra pegs (1 to {MAX_HANDICAP}) at random",
    )
    text.add_argument(
        "--seed", type=int, metavar="S", help="seed for the random handicap, to repeat a set-up"
    )
    text.add_argument(
        "--side",
        choices=("fire", "ice"),
        default="fire",
        help="the side that gets the handicap pegs (default fire)",
    )
    text.set_defaults(handler=_cmd_text, subparser=text)

    show = commands.add_parser("show", help="print the position after some moves")
    _add_set_up_options(show)
    show.add_argument("--json", action="store_true", help="print one JSON object")
    show.add_argument("moves", nargs="*", metavar="MOVE", help="moves from the start, like D4-C4")
    show.set_defaults(handler=_cmd_show, subparser=show)

    from .engine.games.fireice.ai import LEVEL_NAMES

    ai_move = commands.add_parser(
        "ai-move", help="print the move a computer level plays after some moves"
    )
    ai_move.add_argument(
        "--level", choices=LEVEL_NAMES, default="expert", help="how well to play (default expert)"
    )
    ai_move.add_argument(
        "--seed", type=int, default=0, help="the level's random choices (default 0)"
    )
    _add_set_up_options(ai_move)
    ai_move.add_argument(
        "moves", nargs="*", metavar="MOVE", help="moves from the start, like D4-C4"
    )
    ai_move.set_defaults(handler=_cmd_ai_move, subparser=ai_move)

    match = commands.add_parser("match", help="play computer levels against each other")
    match.add_argument("--fire", choices=LEVEL_NAMES, required=True, help="Fire's level")
    match.add_argument("--ice", choices=LEVEL_NAMES, required=True, help="Ice's level")
    match.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    match.add_argument("--seed", type=int, default=1, help="game i uses seed SEED+i (default 1)")
    match.add_argument("--jobs", type=int, default=1, help="games played side by side (default 1)")
    match.add_argument(
        "--verbose", action="store_true", help="report each game on stderr as it ends"
    )
    match.set_defaults(handler=_cmd_match, subparser=match)

    solitaire = commands.add_parser("solitaire", help="the one-player puzzle")
    solitaire_commands = solitaire.add_subparsers(
        dest="solitaire_command", metavar="COMMAND", required=True
    )
    sol_show = solitaire_commands.add_parser("show", help="print a deal after some captures")
    sol_show.add_argument("--deal", required=True, metavar="N", help="deal number, 1 to 1000000")
    sol_show.add_argument("--json", action="store_true", help="print one JSON object")
    sol_show.add_argument("moves", nargs="*", metavar="MOVE", help="captures, like A1-A4")
    sol_show.set_defaults(handler=_cmd_solitaire_show, subparser=sol_show)
    sol_solve = solitaire_commands.add_parser(
        "solve", help="find a winning line from a deal after some captures, or prove none exists"
    )
    sol_solve.add_argument("--deal", required=True, metavar="N", help="deal number, 1 to 1000000")
    sol_solve.add_argument("--json", action="store_true", help="print one JSON object")
    sol_solve.add_argument("moves", nargs="*", metavar="MOVE", help="captures, like A1-A4")
    sol_solve.set_defaults(handler=_cmd_solitaire_solve, subparser=sol_solve)

    icebreaker = commands.add_parser("icebreaker", help="Icebreaker, Mark Steere's game of ships")
    icebreaker_commands = icebreaker.add_subparsers(
        dest="icebreaker_command", metavar="COMMAND", required=True
    )
    ice_show = icebreaker_commands.add_parser("show", help="print the position after some moves")
    ice_show.add_argument(
        "--size",
        dest="board_size",
        type=_board_size,
        default=DEFAULT_SIZE,
        metavar="N",
        help=f"the board's side, {MIN_SIZE} to {MAX_SIZE} (default {DEFAULT_SIZE})",
    )
    ice_show.add_argument("--json", action="store_true", help="print one JSON object")
    ice_show.add_argument(
        "moves", nargs="*", metavar="MOVE", help="moves from the start, like a1-b2"
    )
    ice_show.set_defaults(handler=_cmd_icebreaker_show, subparser=ice_show)

    game = commands.add_parser("game", help="saved games: show, export as text, import text")
    game_commands = game.add_subparsers(dest="game_command", metavar="COMMAND", required=True)
    game_show = game_commands.add_parser("show", help="print a saved game and where it stands")
    game_show.add_argument(
        "file", metavar="FILE", help="a .fireice file or a game as text; - reads stdin"
    )
    game_show.add_argument("--json", action="store_true", help="print one JSON object")
    game_show.set_defaults(handler=_cmd_game_show, subparser=game_show)
    for name, handler, helps in (
        ("export", _cmd_game_export, "write a saved game as text in pbmserv notation"),
        ("import", _cmd_game_import, "turn a game written as text into a .fireice record"),
    ):
        command = game_commands.add_parser(name, help=helps)
        command.add_argument("file", metavar="FILE", help="the game to read; - reads stdin")
        command.add_argument(
            "-o", "--output", metavar="OUT", help="write to OUT instead of standard output"
        )
        command.add_argument("--force", action="store_true", help="replace OUT if it exists")
        command.set_defaults(handler=handler, subparser=command)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``fireice`` command; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "text" and args.handicap is None and args.seed is not None:
        args.subparser.error("--seed only applies with --handicap N")
    shot_options = (
        args.screenshot,
        args.scene,
        args.shot_moves,
        args.shot_deal,
        args.shot_page,
        args.shot_hint,
        args.size,
    )
    if args.command is not None and any(
        option is not None for option in (*shot_options, args.open)
    ):
        parser.error("--open, --screenshot and its options go without a command")
    if args.screenshot and args.scene is None:
        args.scene = "menu"
    handler = getattr(args, "handler", _launch_desktop)
    try:
        return int(handler(args))
    except CommandError as error:
        _fail(args, parser, error)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``fireice show | head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _fail(
    args: argparse.Namespace, parser: argparse.ArgumentParser, error: CommandError
) -> NoReturn:
    name = "fireice" + (f" {args.command}" if args.command else "")
    for group in ("solitaire_command", "game_command", "icebreaker_command"):
        if getattr(args, group, None):
            name += f" {getattr(args, group)}"
    if error.usage:
        print(getattr(args, "subparser", parser).format_usage(), end="", file=sys.stderr)
    print(f"{name}: {error}", file=sys.stderr)
    raise SystemExit(error.status)


__all__ = ["IllegalMoveError", "NotationError", "build_parser", "main"]
