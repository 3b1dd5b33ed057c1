"""``fireice game analyse``: the computer's review of a saved game on the command line,
and the review as comments in an exported game (``game export --annotate``).

The review is :func:`~fireice_desktop.engine.analysis.review.review`, the same the desktop
game shows: each move's chances, its verdict and the better move.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..engine.analysis.review import Review, annotation, chance_words, review, review_json
from ..engine.records.game import GameRecord
from ..engine.teaching.practice import mistakes
from ..engine.words import named
from .errors import CommandError
from .streams import (
    STANDARD_STREAM,
    check_output_file,
    read_game_argument,
    say,
    write_output,
)


def review_record(record: GameRecord) -> Review:
    """Review ``record``'s moves; progress goes to standard error when it is a terminal."""
    game = record.kind
    if game.analysis is None and not game.solo:
        raise CommandError(f"the computer does not review {game.title} games")
    if not record.moves:
        raise CommandError("the game has no moves to review")
    positions = record.positions()[: len(record.moves) + 1]
    show = sys.stderr is not None and sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if show:
            end = "\n" if done == total else ""
            print(f"\ranalysing: {done} of {total} positions", end=end, file=sys.stderr, flush=True)

    return review(positions, list(record.moves), progress=progress)


def review_text(record: GameRecord, reviewed: Review) -> str:
    """The review as a table: the summary, then one line per move."""
    game = record.kind
    lines = [f"{game.title}, {len(record.moves)} moves, reviewed by the computer"]
    lines += [summary.line() for summary in reviewed.summaries()]
    lines.append("")
    first = reviewed.positions[0]
    for move in reviewed.moves:
        side = "" if move.mover is None else first.side_name(move.mover)
        played = f"{move.move} {move.verdict.symbol}".strip()
        after = chance_words(reviewed, move.chance_after)
        lines.append(
            f"{move.ply + 1:4d}. {side:<6} {played:<10} {after:<10} {annotation(reviewed, move)}"
        )
    return "\n".join(lines) + "\n"


def cmd_game_analyse(args: argparse.Namespace) -> int:
    """``fireice game analyse``: each move's chances, its verdict and the better move."""
    record = read_game_argument(args.file)
    reviewed = review_record(record)
    if args.mistakes:
        say(mistakes_text(record, reviewed, args.json), end="")
    elif args.json:
        say(json.dumps(review_json(reviewed)))
    else:
        say(review_text(record, reviewed), end="")
    return 0


def mistakes_text(record: GameRecord, reviewed: Review, as_json: bool) -> str:
    """The positions to practise: where each mistake or blunder was played, the move and
    the better one; a JSON array of ``{"ply", "side", "moves", "played", "verdict",
    "better"}`` with ``as_json`` (``ply``: the move's number, as in the review's JSON;
    ``moves``: the moves that reach the position)."""
    found = mistakes(reviewed)
    first = reviewed.positions[0]
    if as_json:
        rows = [
            {
                "ply": m.ply + 1,  # the move's number, as in the whole review
                "side": None if m.mover is None else m.mover.key,
                "moves": [str(move) for move in record.moves[: m.ply]],
                "played": str(m.played),
                "verdict": m.verdict.value,
                "better": None if m.better is None else str(m.better),
            }
            for m in found
        ]
        return json.dumps(rows) + "\n"
    if not found:
        return "No mistakes or blunders to practise.\n"
    lines = []
    for m in found:
        side = "" if m.mover is None else f"{first.side_name(m.mover)}: "
        better = f"; better: {m.better}" if m.better is not None else ""
        lines.append(
            f"Move {m.ply + 1}, {side}{m.played}{m.verdict.symbol} ({m.verdict.value}){better}"
        )
    return "\n".join(lines) + "\n"


def annotated_text(record: GameRecord) -> str:
    """``record`` as text with the review as comments (``game export --annotate``)."""
    reviewed = review_record(record)
    preface = ["Reviewed by the computer:", *(s.line() for s in reviewed.summaries())]
    notes = {
        move.ply: f"{chance_words(reviewed, move.chance_after)}, {annotation(reviewed, move)}"
        for move in reviewed.moves
    }
    return record.to_text(preface, notes)


def cmd_game_export(args: argparse.Namespace) -> int:
    """``fireice game export``: a saved game as text in pbmserv notation, with the
    computer's review as comments when ``--annotate`` is given."""
    record = read_game_argument(args.file)
    # A path that cannot take the text is said before the long analysis, not after it.
    if (
        args.annotate
        and args.output not in (None, STANDARD_STREAM)
        and check_output_file(args.output).exists()
        and not args.force
    ):
        raise CommandError(f"{named(args.output)} already exists: add --force to replace it")
    text = annotated_text(record) if args.annotate else record.to_text()
    write_output(args.output, text, args.force)
    return 0


__all__ = ["annotated_text", "cmd_game_analyse", "cmd_game_export", "review_record", "review_text"]
