"""``fireice game analyse`` and ``fireice game export --annotate``: the review on the
command line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fireice_desktop.cli import analyse as analyse_command
from fireice_desktop.engine.games.fireice.solitaire import SolitairePosition
from fireice_desktop.engine.games.fireice.solver import winning_moves
from fireice_desktop.engine.records.game import GameRecord
from tests.support.cli import assert_one_line_error, no_traceback, run
from tests.support.monkey import quick_reviews
from tests.ui.game.advice.test_review import BLUNDER, LINE

MOVES = ("D4-C4", "D4-A4", "C4-C1", "A4-A1", "C1-C7")
KEYS = {
    "ply", "side", "move", "chance_before", "chance_after", "evaluation",
    "class", "symbol", "best", "better", "reason",
}  # fmt: skip


@pytest.fixture(scope="module")
def reviewed_once() -> Iterator[None]:
    """Each game reviewed once for all the commands of this module that review it.

    The review is the same every time (its search is counted in nodes, not seconds), and
    a few seconds long: ``game analyse``, ``game analyze --json`` and ``game export
    --annotate`` of one game then print from one review, each in its own way.
    """
    reviews: dict[tuple[Any, ...], Any] = {}
    review = analyse_command.review

    def once(positions: list[Any], moves: list[Any], **options: Any) -> Any:
        key = (tuple(positions), tuple(moves))
        if key not in reviews:
            reviews[key] = review(positions, moves, **options)
        return reviews[key]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(analyse_command, "review", once)
        yield


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory, reviewed_once: None) -> Path:
    path = tmp_path_factory.mktemp("analyse") / "game.fireice"
    path.write_text(GameRecord(moves=MOVES).to_json(), encoding="utf-8")  # type: ignore[arg-type]
    return path


@pytest.mark.slow
def test_the_json_review_has_a_line_per_move_and_a_summary_per_side(saved: Path) -> None:
    proc = run("game", "analyse", str(saved), "--json")
    no_traceback(proc)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["game"] == "fire-and-ice"
    assert data["first_side"] == "fire"
    assert [m["move"] for m in data["moves"]] == list(MOVES)
    assert [m["side"] for m in data["moves"]] == ["fire", "ice", "fire", "ice", "fire"]
    assert all(set(m) == KEYS for m in data["moves"])
    assert len(data["chances"]) == len(MOVES) + 1
    assert all(0 <= c <= 1 for c in data["chances"])
    assert [s["side"] for s in data["summary"]] == ["fire", "ice"]
    classes = {"best", "good", "inaccuracy", "mistake", "blunder"}
    assert all(m["class"] in classes for m in data["moves"])
    for move in data["moves"]:
        if move["class"] in ("inaccuracy", "mistake", "blunder"):
            assert move["better"] and move["reason"].startswith(move["better"])
        else:
            assert move["better"] is None


@pytest.mark.slow
def test_the_text_review_gives_the_summary_then_each_move(saved: Path) -> None:
    proc = run("game", "analyze", str(saved))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "Fire & Ice, 5 moves, reviewed by the computer"
    assert lines[1].startswith("Fire: accuracy ") and lines[2].startswith("Ice: accuracy ")
    moves = [line for line in lines[4:] if line.strip()]
    assert [line.split()[2] for line in moves] == list(MOVES)
    assert all(" Fire " in line for line in moves)


def test_an_annotated_export_reads_back_as_the_same_game(saved: Path, tmp_path: Path) -> None:
    out = tmp_path / "annotated.txt"
    proc = run("game", "export", "--annotate", str(saved), "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    text = out.read_text(encoding="utf-8")
    assert "# Reviewed by the computer:" in text
    move_lines = [line for line in text.splitlines() if line[:2] in {m[:2] for m in MOVES}]
    assert len(move_lines) == len(MOVES)
    assert all("# Fire " in line for line in move_lines)
    original = GameRecord.parse(saved.read_text())
    assert GameRecord.parse(text) == original
    back = run("game", "import", str(out))
    assert back.returncode == 0
    assert GameRecord.parse(back.stdout) == original


@pytest.mark.slow
def test_mistakes_lists_the_positions_to_practise(tmp_path: Path) -> None:
    moves = [*LINE, BLUNDER]  # Ice's last move hands Fire a win on the next
    saved = tmp_path / "blunder.fireice"
    saved.write_text(GameRecord(moves=tuple(moves)).to_json(), encoding="utf-8")  # type: ignore[arg-type]
    with quick_reviews(3000):
        listed = run("game", "analyse", str(saved), "--mistakes", "--json")
        review = json.loads(run("game", "analyse", str(saved), "--json").stdout)
        text = run("game", "analyse", str(saved), "--mistakes")
    assert listed.returncode == 0, listed.stderr
    rows = json.loads(listed.stdout)
    expected = [m for m in review["moves"] if m["class"] in ("mistake", "blunder")]
    assert [row["ply"] for row in rows] == [m["ply"] for m in expected]
    assert rows[-1]["ply"] == len(moves) and rows[-1]["verdict"] == "blunder"
    for row in rows:
        assert list(row) == ["ply", "side", "moves", "played", "verdict", "better"]
        assert row["moves"] == moves[: row["ply"] - 1]
        assert row["played"] == moves[row["ply"] - 1]
    lines = text.stdout.splitlines()
    assert len(lines) == len(rows)
    first = rows[0]
    assert lines[0].startswith(f"Move {first['ply']}, ")
    assert f"better: {first['better']}" in lines[0]


def test_a_game_without_moves_is_refused_in_a_sentence(tmp_path: Path) -> None:
    empty = tmp_path / "empty.fireice"
    empty.write_text(GameRecord().to_json(), encoding="utf-8")
    assert_one_line_error(run("game", "analyse", str(empty)), "no moves to review")


def test_a_missing_or_damaged_file_is_refused_in_a_sentence(tmp_path: Path) -> None:
    assert_one_line_error(run("game", "analyse", str(tmp_path / "nothing.fireice")), "nothing")
    broken = tmp_path / "broken.fireice"
    broken.write_text('{"format": "fireice-record", "moves": ["D4-C4", "Z9-')
    assert_one_line_error(run("game", "analyse", str(broken)), "broken.fireice")


def test_a_solitaire_game_is_reviewed_with_the_solver() -> None:
    deal = SolitairePosition.deal(7)
    first = winning_moves(deal)[0]
    text = f"Game: Fire & Ice solitaire\nDeal: 7\n\n{first}\n"
    proc = run("game", "analyse", "-", "--json", stdin=text)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["game"] == "solitaire"
    assert data["first_side"] is None
    assert data["chances"] == [1.0, 1.0]
    assert data["moves"][0]["class"] == "best" and data["moves"][0]["side"] is None
    assert data["summary"] == [
        {"side": "player", "accuracy": 100.0, "inaccuracies": 0, "mistakes": 0, "blunders": 0}
    ]
    assert_one_line_error(
        run("game", "analyse", "-", stdin="Game: Fire & Ice solitaire\nDeal: 7\n\n"), "no moves"
    )
