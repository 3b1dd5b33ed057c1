"""The computer's review: chances, verdicts, the better move, the tutor's warning.

The verdicts are checked on hand-built positions whose right answer follows from the
rules (RULES.md §2): a move that hands the opponent a win is a blunder, the only
winning move is the best, a move that keeps a solitaire deal winnable is the best.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fireice_desktop.engine.analysis.review import (
    Verdict,
    annotation,
    assess,
    judge,
    move_accuracy,
    review,
    review_json,
    tutor_warning,
    would_have,
)
from fireice_desktop.engine.errors import Cancelled
from fireice_desktop.engine.games import find_game
from fireice_desktop.engine.games.fireice.ai.playout import random_playout
from fireice_desktop.engine.games.fireice.rules import Move, Position
from fireice_desktop.engine.games.fireice.solitaire import SolitairePosition
from fireice_desktop.engine.games.fireice.solver import winning_moves
from fireice_desktop.engine.registry import Assessment
from fireice_desktop.engine.treesearch import WIN
from tests.support.boards import make_position

FIRE_AND_ICE = find_game("fire-and-ice")
ICEBREAKER = find_game("icebreaker")

#: Ice controls E (5-6-7) and F (5-4-3) and holds G5 and G6; Fire's G2, G4 and G7 block
#: every line of G.  A Fire peg leaving G puts an Ice peg in its place (RULES.md §2).
GUARDED = make_position(fire="D4 G2 G4 G7", ice="E5 E6 E7 F3 F4 F5 G5 G6 B1")
#: Fire controls A (1-2-5) and C (1-3-7) and holds G1 and G2: E5-G5 takes G, and A-C-G
#: wins.  No other move wins (A5-G5 would give up A's line).
WINNING = make_position(fire="A1 A2 A5 C1 C3 C7 G1 G2 E5", ice="B4 F4")


def reviewed_move(position: Position, text: str) -> tuple[Verdict, object, str]:
    move = position.parse_move(text)
    found = review([position, position.play(move)], [move]).moves[0]
    return found.verdict, found.better, found.reason


def test_the_only_winning_move_is_the_best() -> None:
    verdict, better, _ = reviewed_move(WINNING, "E5-G5")
    assert verdict is Verdict.BEST
    assert better is None
    assert assess(WINNING).position.best == WINNING.parse_move("E5-G5")
    assert assess(WINNING).position.chance == 1.0


def test_missing_a_win_at_once_names_the_winning_move() -> None:
    verdict, better, reason = reviewed_move(WINNING, "G1-G4")
    assert verdict.is_error
    assert str(better) == "E5-G5"
    assert reason == "would have won at once"


@pytest.mark.slow
def test_a_move_that_hands_over_the_win_at_once_is_a_blunder() -> None:
    """G7 emptied gets an Ice peg: G5-G6-G7, so Ice holds E-F-G."""
    verdict, better, _ = reviewed_move(GUARDED, "G7-G1")
    assert verdict is Verdict.BLUNDER
    assert better is not None and not GUARDED.play(better).is_over  # type: ignore[attr-defined]
    assert tutor_warning(GUARDED, GUARDED.parse_move("G7-G1")) == "G7-G1 loses at once."


@pytest.mark.slow
def test_a_move_that_lets_the_opponent_win_next_is_a_blunder_and_the_tutor_says_how() -> None:
    """G4 emptied gets an Ice peg: then B1-G1 makes G1-G4-G6 and wins with E-F-G."""
    verdict, _, _ = reviewed_move(GUARDED, "G4-G3")
    assert verdict is Verdict.BLUNDER
    warning = tutor_warning(GUARDED, GUARDED.parse_move("G4-G3"))
    assert warning == "G4-G3 lets Ice win with E-F-G on the next move."


@pytest.mark.slow
def test_the_tutor_keeps_quiet_about_a_sound_move() -> None:
    best = assess(GUARDED).position.best
    assert tutor_warning(GUARDED, best) is None
    assert reviewed_move(GUARDED, str(best))[0] is Verdict.BEST


@pytest.mark.slow  # searches position after position of random games for six such moves
def test_a_blunder_found_in_random_games_always_lets_the_opponent_win() -> None:
    """Across random positions with a move that lets the opponent win at once while
    another does not, such a move is always a blunder and its better move is safe."""
    rng = random.Random(5)
    checked = 0
    while checked < 6:
        position = Position.start()
        moves: list[Move] = []
        random_playout(position, rng, moves)
        for move in moves[: len(moves) - 2]:
            position = position.play_unchecked(move)
            if position.is_over or _wins_now(position):
                break
            gifts = [m for m in position.legal_moves() if _wins_now(position.play_unchecked(m))]
            if not gifts:
                continue
            found = review([position, position.play(gifts[0])], [gifts[0]]).moves[0]
            if found.before.proven == 0:  # no proved result either way
                assert found.verdict is Verdict.BLUNDER, (position, gifts[0])
                assert not _wins_now(position.play(found.better))
                checked += 1
                break


def _wins_now(position: Position) -> bool:
    mover = position.to_move
    return any(position.play_unchecked(m).winner is mover for m in position.legal_moves())


def test_a_solitaire_move_that_loses_the_deal_is_a_blunder_and_a_winning_one_best() -> None:
    position = SolitairePosition.deal(7)
    rng = random.Random(3)
    # Follow winning moves until one position has both winning and losing moves.
    while True:
        good = winning_moves(position)
        bad = [m for m in position.legal_moves() if m not in good]
        if good and bad:
            break
        position = position.play(rng.choice(good))
    lost = review([position, position.play(bad[0])], [bad[0]])
    assert lost.moves[0].verdict is Verdict.BLUNDER
    assert lost.moves[0].better in good
    assert lost.chances == (1.0, 0.0)
    kept = review([position, position.play(good[0])], [good[0]])
    assert kept.moves[0].verdict is Verdict.BEST
    assert [s.name for s in kept.summaries()] == ["You"]
    assert tutor_warning(position, bad[0]) == f"After {bad[0]} the deal can no longer be won."


@pytest.mark.parametrize(
    ("loss", "verdict"),
    [
        (0.0, Verdict.BEST),
        (0.009, Verdict.BEST),
        (0.03, Verdict.GOOD),
        (0.07, Verdict.INACCURACY),
        (0.12, Verdict.MISTAKE),
        (0.15, Verdict.BLUNDER),
        (0.6, Verdict.BLUNDER),
    ],
)
def test_the_verdict_follows_the_chance_given_away(loss: float, verdict: Verdict) -> None:
    before = Assessment(None, 0.7, 0, 0)
    after = Assessment(None, 0.7 - loss, 0, 0)
    assert judge(before, after, played_best=False) is verdict


def test_handing_over_a_forced_loss_is_a_blunder_however_small_the_chance() -> None:
    before = Assessment(None, 0.03, -400, 0)
    after = Assessment(None, 0.0, -(WIN - 4), -2)
    assert judge(before, after, played_best=False) is Verdict.BLUNDER
    # Already lost: no worse.
    assert judge(after, after, played_best=False) is Verdict.BEST


def test_letting_a_forced_win_slip_is_at_least_a_mistake() -> None:
    before = Assessment(None, 1.0, WIN - 3, 2)
    after = Assessment(None, 0.97, 900, 0)
    assert judge(before, after, played_best=False) is Verdict.MISTAKE


@given(st.floats(0, 1), st.floats(0, 1))
def test_accuracy_falls_as_the_loss_grows(a: float, b: float) -> None:
    low, high = sorted((a, b))
    assert 0 <= move_accuracy(high) <= move_accuracy(low) <= 100
    assert move_accuracy(0) == pytest.approx(100, abs=0.01)


@given(st.integers(-WIN, WIN), st.integers(-WIN, WIN))
@settings(max_examples=200)
def test_the_chance_grows_with_the_score(a: int, b: int) -> None:
    for game in (FIRE_AND_ICE, ICEBREAKER):
        low, high = sorted((a, b))
        assert 0.0 <= game.win_chance(low) <= game.win_chance(high) <= 1.0


@pytest.mark.parametrize(
    ("reason", "expected"),
    [
        ("wins at once", "would have won at once"),
        ("takes control of G", "would have taken control of G"),
        (
            "takes control of G and threatens to win on A",
            "would have taken control of G and threatened to win on A",
        ),
        ("stops Ice winning on B or C", "would have stopped Ice winning on B or C"),
        ("captures an iceberg", "would have captured an iceberg"),
        ("reaches 2 more icebergs first", "would have reached 2 more icebergs first"),
        ("keeps the deal winnable", "would have kept the deal winnable"),
        ("", ""),
    ],
)
def test_a_reason_becomes_what_the_better_move_would_have_done(reason: str, expected: str) -> None:
    assert would_have(reason) == expected


def test_every_reason_the_games_give_can_be_put_in_the_past() -> None:
    """Whatever a game's explain says in real positions becomes a sentence."""
    rng = random.Random(8)
    for _ in range(20):
        position = Position.start()
        moves: list[Move] = []
        random_playout(position, rng, moves)
        for move in moves:
            would_have(FIRE_AND_ICE.explain(position, move))
            position = position.play_unchecked(move)
    ice = ICEBREAKER.start(ICEBREAKER.default_setup())
    while not ice.is_over:
        move = rng.choice(ice.legal_moves())
        would_have(ICEBREAKER.explain(ice, move))
        ice = ice.play(move)


def test_a_review_can_be_cancelled() -> None:
    with pytest.raises(Cancelled):
        review(
            [GUARDED, GUARDED.play(GUARDED.legal_moves()[0])],
            [GUARDED.legal_moves()[0]],
            stop=lambda: True,
        )


@pytest.mark.slow
def test_a_whole_game_review_reports_progress_and_summaries() -> None:
    texts = ["D4-C4", "D4-A4", "C4-C1", "A4-A1"]
    positions = [Position.start()]
    moves = []
    for text in texts:
        moves.append(positions[-1].parse_move(text))
        positions.append(positions[-1].play(moves[-1]))
    seen: list[tuple[int, int]] = []
    result = review(positions, moves, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(i, 5) for i in range(1, 6)]
    assert len(result.chances) == 5
    assert [m.mover.title for m in result.moves] == ["Fire", "Ice", "Fire", "Ice"]
    summaries = result.summaries()
    assert [s.name for s in summaries] == ["Fire", "Ice"]
    assert all(s.moves == 2 for s in summaries)
    assert summaries[0].line().startswith("Fire: accuracy ")
    brief = summaries[0].brief()
    assert brief.startswith("Fire: accuracy ")
    assert "no mistakes" not in brief and "no blunders" not in brief
    data = json.loads(json.dumps(review_json(result)))
    assert list(data) == ["game", "first_side", "summary", "chances", "moves"]
    assert [m["move"] for m in data["moves"]] == texts
    assert set(data["moves"][0]) == {
        "ply", "side", "move", "chance_before", "chance_after", "evaluation",
        "class", "symbol", "best", "better", "reason",
    }  # fmt: skip
    for move in result.moves:
        assert annotation(result, move).split(":")[0].split()[-1] == move.verdict.value


@pytest.mark.slow
def test_an_icebreaker_game_is_reviewed_too() -> None:
    position = ICEBREAKER.start(ICEBREAKER.default_setup())
    positions, moves = [position], []
    for _ in range(4):
        move = position.legal_moves()[0]
        moves.append(move)
        position = position.play(move)
        positions.append(position)
    result = review(positions, moves)
    assert [s.name for s in result.summaries()] == ["Red", "Black"]
    assert all(0.0 <= chance <= 1.0 for chance in result.chances)


#: A position where Fire wins in 2 with B2-A2; A3-A1 wins too, a move later, which the
#: review's search alone does not prove (it took A3-A1 for a blunder, 88 % to 46 %).
SLOWER_WIN = [
    "D4-A4",
    "D4-E4",
    "A4-A3",
    "A4-C4",
    "A3-F3",
    "C4-C3",
    "D4-D1",
    "E4-E3",
    "F3-F4",
    "D4-D2",
    "D4-D3",
    "E3-E1",
    "E4-E2",
    "F3-F6",
    "F3-F7",
    "E1-C1",
    "E2-B2",
    "F6-A6",
    "B2-G2",
    "B2-B1",
    "A4-G4",
    "A3-B3",
    "F6-F2",
    "C3-C5",
    "C3-C7",
    "C5-G5",
    "C7-E7",
    "A6-G6",
]


@pytest.mark.slow  # two positions searched by the review, and the exact search
def test_a_move_that_keeps_a_proved_win_is_never_an_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    position = Position.start()
    for move in SLOWER_WIN:
        position = position.play(move)
    slower = Move.parse("A3-A1")
    proofs: list[tuple[object, object, bool | None]] = []
    exact = FIRE_AND_ICE.keeps_win

    def recorded(before: object, move: object) -> bool | None:
        kept = exact(before, move)
        proofs.append((before, move, kept))
        return kept

    monkeypatch.setattr(FIRE_AND_ICE, "keeps_win", recorded)
    judged = review([position, position.play(slower)], [slower]).moves[0]
    assert judged.before.proven > 0  # the win was proved
    # The search's chances alone call the slower win an error; the review asked the exact
    # search, which shows the win is kept.
    assert proofs == [(position, slower, True)]
    assert not judged.verdict.is_error


#: An expert's game (against itself, the review's trust measurement, game 2) up to its
#: 32nd move, D6-E6: the analysis's usual depth calls it a blunder (39 % to 19 %), one
#: depth deeper it is the best move.
SWINGING = (
    "D4-B4 D4-D5 D4-G4 D4-D3 D4-D7 D5-D1 D5-C5 D3-F3 B4-A4 F3-G3 D7-G7 D4-C4 D4-D2 D4-D6 "
    "D2-G2 B4-E4 D3-C3 D6-C6 G7-C7 D3-B3 F3-F4 D7-B7 D6-G6 F3-F1 C5-C1 F1-G1 G6-B6 C6-F6 "
    "A4-A1 G1-B1 G4-G5"
)


def test_a_move_a_deeper_look_plays_is_not_called_an_error() -> None:
    position = Position.start()
    for move in SWINGING.split():
        position = position.play(move)
    played = Move.parse("D6-E6")
    assessed = assess(position, played=played)
    assert assessed.played is not None
    verdict = judge(assessed.position, assessed.played, assessed.position.best == played)
    assert not verdict.is_error, (assessed.position, assessed.played)
