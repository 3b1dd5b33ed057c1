"""Every level plays as it did: the same move, score, depth and node count for the same
position and seed, as written down in ``searches.json``; and the exact proofs of short
wins visit the same positions.

A player relies on it (a level is the same opponent from one version to the next, a
review says the same of a game, and a review's exact search gives up after the same
number of positions), and it lets the searches be made faster without changing a single
move.  When a change to the play is meant, write the file again with
``python -m tests.engine.fireice.test_searches`` and say why in the change.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from fireice_desktop.engine.games.fireice.ai.computer import ANALYSIS
from fireice_desktop.engine.games.fireice.ai.playout import random_playout
from fireice_desktop.engine.games.fireice.proof import Prover
from fireice_desktop.engine.games.fireice.rules import Color, Move, Position
from fireice_desktop.engine.levels import Level
from fireice_desktop.engine.search import search

RECORDED = Path(__file__).with_name("searches.json")
#: How many of the sample positions each level searches: the expert's take about a
#: second each.
SAMPLES = {"beginner": 48, "casual": 48, "strong": 48, "analysis": 6, "expert": 3}
#: How many of the sample positions the exact search asks for a win within 3 moves.
PROOFS = 24


def sample_positions(count: int) -> list[Position]:
    """Positions of uniformly random games, one in seven moves."""
    rng = random.Random(11)
    found: list[Position] = []
    while len(found) < count:
        position = Position.start()
        moves: list[Move] = []
        random_playout(position, rng, moves)
        for number, move in enumerate(moves):
            if number % 7 == 3 and not position.is_over:
                found.append(position)
            position = position.play_unchecked(move)
    return found[:count]


def level_of(name: str) -> str | Level:
    return ANALYSIS if name == "analysis" else name


def searched(name: str, index: int, position: Position) -> dict[str, object]:
    result = search(position, level_of(name), seed=index)
    return {
        "move": str(result.move),
        "score": result.score,
        "depth": result.depth,
        "nodes": result.nodes,
    }


def position_fields(position: Position) -> dict[str, int | str]:
    return {
        "fire": position.fire,
        "ice": position.ice,
        "fire_supply": position.fire_supply,
        "ice_supply": position.ice_supply,
        "to_move": position.to_move.name,
    }


def recorded(part: str = "searches") -> list[dict[str, object]]:
    """What the file says of ``searches`` or ``proofs`` (nothing while it is being written
    for the first time)."""
    if not RECORDED.exists():
        return []
    return json.loads(RECORDED.read_text(encoding="utf-8"))[part]  # type: ignore[no-any-return]


def proved(position: Position) -> dict[str, object]:
    prover = Prover()
    return {
        "distance": prover.distance(position, 3),
        "winning_moves": [str(move) for move in prover.winning_moves(position, 2)],
        "nodes": prover.nodes,
    }


def cases() -> list[object]:
    return [
        pytest.param(
            entry,
            id=f"{entry['level']}-{entry['index']}",
            marks=[pytest.mark.slow] if entry["level"] == "expert" else [],
        )
        for entry in recorded()
    ]


@pytest.mark.parametrize("entry", cases())
def test_every_level_plays_the_recorded_move_after_the_recorded_search(
    entry: dict[str, object],
) -> None:
    fields = dict(entry["position"])  # type: ignore[call-overload]
    position = Position(
        fields["fire"],
        fields["ice"],
        fields["fire_supply"],
        fields["ice_supply"],
        Color[fields["to_move"]],
    )
    assert searched(str(entry["level"]), int(entry["index"]), position) == entry["found"]  # type: ignore[call-overload]


def test_the_exact_search_proves_the_same_and_visits_as_many_positions() -> None:
    positions = sample_positions(PROOFS)
    assert [proved(position) for position in positions] == recorded("proofs")


def test_the_record_covers_every_level_and_its_positions() -> None:
    entries = recorded()
    positions = sample_positions(max(SAMPLES.values()))
    for name, count in SAMPLES.items():
        mine = [entry for entry in entries if entry["level"] == name]
        assert [entry["index"] for entry in mine] == list(range(count))
        for entry in mine:
            assert entry["position"] == position_fields(positions[int(entry["index"])])
    assert len(recorded("proofs")) == PROOFS


def write() -> None:
    """Search every sample again and write down what was found."""
    positions = sample_positions(max(*SAMPLES.values(), PROOFS))
    entries = [
        {
            "level": name,
            "index": index,
            "position": position_fields(positions[index]),
            "found": searched(name, index, positions[index]),
        }
        for name, count in SAMPLES.items()
        for index in range(count)
    ]
    proofs = [proved(position) for position in positions[:PROOFS]]
    RECORDED.write_text(
        json.dumps({"searches": entries, "proofs": proofs}, indent=1) + "\n", encoding="utf-8"
    )
    print(f"{len(entries)} searches, {len(proofs)} proofs written to {RECORDED}", file=sys.stderr)


if __name__ == "__main__":
    write()
