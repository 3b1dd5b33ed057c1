"""The game code (engine/correspondence.py): what a player pastes into a messenger carries the
whole game back, any single slip in copying it is caught, and a friend's code continues the
game this side kept only when it really does."""

from __future__ import annotations

import contextlib
import dataclasses
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fireice_desktop.engine.correspondence import (
    ALPHABET,
    MOST_CHARACTERS,
    CodeError,
    continues,
    decode,
    encode,
    side_of,
)
from fireice_desktop.engine.games import find_game
from fireice_desktop.engine.records.game import GameRecord

FIRE_AND_ICE = find_game("fire-and-ice")
ICEBREAKER = find_game("icebreaker")
HANDICAP = FIRE_AND_ICE.setup_from_json({"handicap": {"side": "ice", "holes": ["A3", "B6"]}})


def random_game(game: Any, setup: Any, moves: int, seed: int = 1) -> GameRecord:
    """A game of ``moves`` random legal moves (fewer if it ends), the same for a seed."""
    rng = random.Random(seed)
    position, played = game.start(setup), []
    while len(played) < moves and position.legal_moves():
        move = rng.choice(sorted(position.legal_moves(), key=str))
        played.append(move)
        position = position.play(move)
    return GameRecord(game.name, tuple(played), setup)


def full_game(game: Any, setup: Any, moves: int) -> GameRecord:
    """A random game of exactly ``moves`` moves."""
    for seed in range(100):
        record = random_game(game, setup, moves, seed)
        if len(record.moves) == moves:
            return record
    raise AssertionError("no game that long")


def compact(code: str) -> str:
    return code.replace("-", "")


FIRE = side_of(FIRE_AND_ICE, 0)
ICE = side_of(FIRE_AND_ICE, 1)
GAME_48 = full_game(FIRE_AND_ICE, FIRE_AND_ICE.default_setup(), 48)
CODE_48 = encode(GAME_48, ICE)


# --- round trip -------------------------------------------------------------------------


@pytest.mark.parametrize("moves", [0, 1, 2, 17, 48])
@pytest.mark.parametrize("setup", [FIRE_AND_ICE.default_setup(), HANDICAP])
@pytest.mark.parametrize("sender", [0, 1])
def test_a_fire_and_ice_game_comes_back_from_its_code(setup: Any, moves: int, sender: int) -> None:
    record = random_game(FIRE_AND_ICE, setup, moves)  # a handicap ends a random game sooner
    code = decode(encode(record, side_of(FIRE_AND_ICE, sender)))
    assert code.record == record
    assert code.sender == side_of(FIRE_AND_ICE, sender)


@pytest.mark.parametrize("size", range(4, 9))
def test_an_icebreaker_game_of_every_size_comes_back_from_its_code(size: int) -> None:
    setup = ICEBREAKER.setup_from_numbers([size])
    for moves in (0, 1, 20):
        record = random_game(ICEBREAKER, setup, moves, seed=size)
        code = decode(encode(record, side_of(ICEBREAKER, 1)))
        assert code.record == record
        assert code.record.setup == setup
        assert code.sender == side_of(ICEBREAKER, 1)


def test_every_handicap_side_and_count_comes_back() -> None:
    for side in ("fire", "ice"):
        for holes in (["A1"], ["A3", "B6"], ["A1", "B2", "C3", "E4", "F5", "G6"]):
            setup = FIRE_AND_ICE.setup_from_json({"handicap": {"side": side, "holes": holes}})
            record = random_game(FIRE_AND_ICE, setup, 6)
            assert decode(encode(record, FIRE)).record == record


def test_the_code_is_short_grouped_and_named() -> None:
    assert CODE_48.startswith("FI1-")
    groups = CODE_48.split("-")[1:]
    assert all(len(group) == 4 for group in groups[:-1]) and 1 <= len(groups[-1]) <= 4
    assert set(compact(CODE_48[4:])) <= set(ALPHABET)
    assert not set("ILOU") & set(CODE_48[4:])
    assert len(CODE_48) < 100  # 12 bits a move would be 116 symbols alone
    game_60 = full_game(ICEBREAKER, ICEBREAKER.default_setup(), 60)
    assert len(encode(game_60, side_of(ICEBREAKER, 0))) < 100


def test_reading_ignores_case_spaces_line_breaks_and_look_alikes() -> None:
    assert decode(CODE_48.lower()).record == GAME_48
    assert decode(" " + CODE_48.replace("-", " \n ") + "\n").record == GAME_48
    assert decode(compact(CODE_48)).record == GAME_48
    body = compact(CODE_48)[3:]
    # Crockford's look-alikes: I and L read as 1, O as 0
    looks = body.replace("1", "L").replace("0", "o")
    assert decode("FI1" + looks).record == GAME_48


# --- refusals -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "empty"),
        ("   - \n", "empty"),
        ("hello there", "not a game code"),
        ("FI2-ABCD-EFGH", "later version (2)"),
        ("FI9-ABCD", "later version (9)"),
        ("FI1-UUUU", "'U'"),
        ("FI1-ABßC", "not in one"),
        ("FI1-", "cut"),
        ("FI1-0000-0000-0000", "cut"),
        ("x" * (MOST_CHARACTERS + 1), "too long"),
    ],
)
def test_what_is_not_a_code_is_refused_in_one_line(text: str, says: str) -> None:
    with pytest.raises(CodeError) as caught:
        decode(text)
    message = str(caught.value)
    assert says in message
    assert "\n" not in message and len(message) < 200


def test_the_solitaire_has_no_code() -> None:
    solitaire = find_game("solitaire")
    with pytest.raises(ValueError, match="cannot be sent"):
        encode(GameRecord(solitaire.name), FIRE)


def test_a_code_whose_check_fits_but_whose_moves_are_not_a_game_is_refused() -> None:
    from fireice_desktop.engine import correspondence as c

    def code_of(payload: bytes) -> str:
        import zlib

        body = c._symbols(payload + zlib.crc32(payload).to_bytes(4, "little"))
        count = (len(body) + 2) % 32
        return "FI1" + "".join(ALPHABET[v] for v in [count, *body, count])

    for payload, says in [
        (bytes([9, 0, 0, 0]), "does not play"),
        (bytes([1, 2, 0, 0]), "no side"),
        (bytes([2, 0, 1, 3, 0]), "4 to 8, not 3"),  # Icebreaker on a board of 3
        (bytes([1, 0, 2, 0, 24, 0]), "island D never"),  # a handicap peg on D4
        (bytes([1, 0, 0, 1, 255]), "more than its moves"),
        (bytes([1, 0, 0, 1, 0]), "not written as"),
        (bytes([1, 0, 0, 0xE8, 0x7F]), "more than 1000"),
        (bytes([1, 0, 0]), "cut"),
        (bytes([1, 0, 2, 0]), "too short"),
    ]:
        with pytest.raises(CodeError, match=says):
            decode(code_of(payload))


# --- every single slip is caught ----------------------------------------------------------


def slips(text: str) -> set[str]:
    """Every text one slip away from ``text``: a character changed, added or left out, or two
    neighbours swapped (on the compact code, whose every character counts)."""
    alphabet = ALPHABET + "IO"
    found = set()
    for i in range(len(text) + 1):
        found.update(text[:i] + char + text[i:] for char in alphabet)
        if i < len(text):
            found.add(text[:i] + text[i + 1 :])
            found.update(text[:i] + char + text[i + 1 :] for char in alphabet)
        if i + 1 < len(text):
            found.add(text[:i] + text[i + 1] + text[i] + text[i + 2 :])
    return found


def same_code(a: str, b: str) -> bool:
    """Whether two texts read as the same symbols (I and 1, O and 0 are one)."""
    table = str.maketrans("IO", "10")
    return a[:3] == b[:3] and a[3:].translate(table) == b[3:].translate(table)


@pytest.mark.parametrize(
    "record",
    [
        GAME_48,
        GameRecord(FIRE_AND_ICE.name),
        random_game(FIRE_AND_ICE, HANDICAP, 5),
        random_game(ICEBREAKER, ICEBREAKER.setup_from_numbers([8]), 31),
    ],
)
def test_every_single_slip_is_refused(record: GameRecord) -> None:
    code = compact(
        encode(record, FIRE if record.game == FIRE_AND_ICE.name else side_of(ICEBREAKER, 0))
    )
    accepted = []
    for slipped in slips(code):
        if same_code(slipped, code):
            continue
        try:
            decode(slipped)
        except CodeError:
            continue
        accepted.append(slipped)
    assert accepted == []


def test_one_slip_in_a_short_code_is_refused() -> None:
    code = compact(encode(GameRecord(ICEBREAKER.name), side_of(ICEBREAKER, 0)))
    for slipped in slips(code):
        if not same_code(slipped, code):
            with pytest.raises(CodeError):
                decode(slipped)


# --- fuzzing ------------------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.text(max_size=120))
def test_random_text_is_never_more_than_refused(text: str) -> None:
    with contextlib.suppress(CodeError):
        decode(text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET + "-", max_size=120))
def test_random_codes_are_never_more_than_refused(text: str) -> None:
    with contextlib.suppress(CodeError):
        decode("FI1" + text)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 200), st.sampled_from(["change", "add", "drop", "swap"])),
        min_size=1,
        max_size=4,
    ),
    st.text(alphabet=ALPHABET + "IOLU- x", min_size=4, max_size=4),
)
def test_mutated_codes_never_give_another_game(edits: list[tuple[int, str]], chars: str) -> None:
    text = compact(CODE_48)
    for (where, kind), char in zip(edits, chars, strict=False):
        i = where % (len(text) + 1)
        if kind == "change" and i < len(text):
            text = text[:i] + char + text[i + 1 :]
        elif kind == "add":
            text = text[:i] + char + text[i:]
        elif kind == "drop":
            text = text[:i] + text[i + 1 :]
        elif i + 1 < len(text):
            text = text[:i] + text[i + 1] + text[i] + text[i + 2 :]
    try:
        code = decode(text)
    except CodeError:
        return
    # Accepted: only a text that reads as the code itself (what was changed made no
    # difference: a hyphen, a space, a look-alike); several slips pass once in 4 billion.
    assert code.record == GAME_48
    assert same_code(
        text.upper().replace("-", "").replace(" ", "").replace("L", "1"), compact(CODE_48)
    )


# --- continuing the kept game ---------------------------------------------------------------


def test_a_code_with_the_kept_moves_and_more_gives_the_new_moves() -> None:
    kept = dataclasses.replace(GAME_48, moves=GAME_48.moves[:40])
    assert continues(kept, CODE_48) == GAME_48.moves[40:]
    assert continues(kept, CODE_48, side=FIRE) == GAME_48.moves[40:]
    assert continues(GAME_48, CODE_48) == ()
    assert continues(GameRecord(FIRE_AND_ICE.name), CODE_48) == GAME_48.moves


def test_a_code_that_parts_from_the_kept_game_says_at_which_move() -> None:
    kept = full_game(FIRE_AND_ICE, FIRE_AND_ICE.default_setup(), 10)
    other = random_game(FIRE_AND_ICE, FIRE_AND_ICE.default_setup(), 12, seed=99)
    part = next(i for i, (a, b) in enumerate(zip(kept.moves, other.moves, strict=False)) if a != b)
    with pytest.raises(CodeError) as caught:
        continues(kept, encode(other, ICE))
    assert str(caught.value) == (
        f"move {part + 1} differs: you kept {kept.moves[part]}, the code has {other.moves[part]}"
    )


def test_the_first_move_differing_is_named() -> None:
    kept = GameRecord(
        FIRE_AND_ICE.name, (FIRE_AND_ICE.start(FIRE_AND_ICE.default_setup()).parse_move("D4-C4"),)
    )
    start = FIRE_AND_ICE.start(FIRE_AND_ICE.default_setup())
    other = GameRecord(FIRE_AND_ICE.name, (start.parse_move("D4-D5"),))
    with pytest.raises(CodeError, match=r"^move 1 differs: you kept D4-C4, the code has D4-D5$"):
        continues(kept, encode(other, ICE))


def test_a_code_shorter_than_the_kept_game_is_refused() -> None:
    short = dataclasses.replace(GAME_48, moves=GAME_48.moves[:30])
    with pytest.raises(CodeError, match="the code has 30 moves, fewer than the 48 kept here"):
        continues(GAME_48, encode(short, ICE))


def test_a_code_of_another_set_up_or_from_this_side_is_refused() -> None:
    handicapped = GameRecord(FIRE_AND_ICE.name, setup=HANDICAP)
    with pytest.raises(CodeError, match="another game"):
        continues(handicapped, CODE_48)
    small = GameRecord(ICEBREAKER.name, setup=ICEBREAKER.setup_from_numbers([4]))
    large = GameRecord(ICEBREAKER.name, setup=ICEBREAKER.setup_from_numbers([6]))
    with pytest.raises(CodeError, match="another game"):
        continues(small, encode(large, side_of(ICEBREAKER, 0)))
    with pytest.raises(CodeError, match="another game"):
        continues(small, CODE_48)
    with pytest.raises(CodeError, match="sent by Ice, the side played here"):
        continues(GAME_48, CODE_48, side=ICE)


def test_a_refusal_leaves_the_kept_game_as_it_was() -> None:
    kept = dataclasses.replace(GAME_48, moves=GAME_48.moves[:20])
    before = kept.to_json()
    for text in (CODE_48[:-3], encode(GAME_48.__class__(FIRE_AND_ICE.name, setup=HANDICAP), ICE)):
        with pytest.raises(CodeError):
            continues(kept, text)
    assert kept.to_json() == before
