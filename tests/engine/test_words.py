"""The engine's words: every key it says is in both languages with the same values, its
English is the English the command line has always printed, and its Italian is Italian.

The English cases are the sentences the engine wrote before it said :class:`Words`
(f-strings of English), byte for byte; the Italian ones are rendered from
``fireice.it.json`` by :func:`~fireice_desktop.engine.words.spoken`, as the desktop game
says them (``tests/ui/test_engine_words.py`` checks that pygame-gui's translator agrees).
"""

from __future__ import annotations

import ast
import functools
import json
import pickle
import random
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, Literal

import pytest

from fireice_desktop.engine.analysis.review import (
    Assessment,
    MoveReview,
    Review,
    SideSummary,
    Verdict,
    annotation,
    blunder_words,
    chance_words,
    describe_better,
    reason_of,
    would_have,
)
from fireice_desktop.engine.errors import NotationError, words_of
from fireice_desktop.engine.games import find_game
from fireice_desktop.engine.games.fireice.ai import computer as ai
from fireice_desktop.engine.games.fireice.ai.playout import random_playout
from fireice_desktop.engine.games.fireice.board import ISLANDS, parse_hole
from fireice_desktop.engine.games.fireice.rules import Color, Move, Position
from fireice_desktop.engine.games.fireice.solitaire import SolitairePosition
from fireice_desktop.engine.games.icebreaker.board import Side, Step
from fireice_desktop.engine.games.icebreaker.rules import IcebreakerPosition
from fireice_desktop.engine.words import (
    NAMESPACE,
    TRANSLATIONS,
    Words,
    all_of,
    any_of,
    is_plural,
    languages,
    say,
    spoken,
    texts,
)
from tests.support.boards import make_position

ROOT = Path(__file__).resolve().parents[2]
#: The code whose words the desktop game shows: the engine, and the statistics.
SOURCES = (*sorted((ROOT / "fireice_desktop" / "engine").rglob("*.py")),)
SOURCES += (ROOT / "fireice_desktop" / "files" / "statistics" / "store.py",)

PLACEHOLDER = re.compile(r"%\{(\w+)\}")
#: A string in the code that names a key: "section.name" (not a file's name).
KEY = re.compile(r"[a-z_]+\.(?!json$|md$|txt$)[a-z_]+")
#: python-i18n's names of plural forms: a section holding two of them is read as a plural.
PLURAL_NAMES = {"zero", "one", "few", "many", "other"}


# --- every key, in both languages -------------------------------------------------------------


@cache
def keys_in_code() -> dict[str, str]:
    """Every translation key the code names, with where: the first argument of each
    ``say(...)``/``Words(...)``, and every other string that reads "section.name" for a
    section of the English file (keys kept in tables, passed to helpers)."""
    sections = {key.split(".")[0] for key in texts("en")}
    found: dict[str, str] = {}
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            text: Any = None
            if isinstance(node, ast.Call) and node.args:
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                first = node.args[0]
                if name in ("say", "Words") and isinstance(first, ast.Constant):
                    text = first.value
            elif (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and KEY.fullmatch(node.value)
                and node.value.split(".")[0] in sections
            ):
                text = node.value
            if isinstance(text, str):
                line = getattr(node, "lineno", 0)
                found.setdefault(text, f"{path.relative_to(ROOT)}:{line}")
    return found


def placeholders(text: Any) -> set[str]:
    """The values a translation takes (all its plural forms' together)."""
    forms = text.values() if isinstance(text, dict) else [text]
    return {name for form in forms for name in PLACEHOLDER.findall(form)}


def test_the_code_names_many_keys() -> None:
    """The scan below finds the keys (a broken scan would find none and check nothing)."""
    found = keys_in_code()
    assert len(found) > 80
    for key in ("reason.takes_control", "illegal.no_peg", "review.mistakes", "side.fire"):
        assert key in found


@pytest.mark.parametrize("language", languages())
def test_every_key_the_engine_says_is_in_every_language(language: str) -> None:
    table = texts(language)
    missing = {key: where for key, where in keys_in_code().items() if key not in table}
    assert not missing, f"keys missing from fireice.{language}.json: {missing}"


@pytest.mark.parametrize("language", [code for code in languages() if code != "en"])
def test_every_key_takes_the_same_values_in_every_language(language: str) -> None:
    english, other = texts("en"), texts(language)
    assert sorted(set(other) - set(english)) == []
    differ = {
        key: (sorted(placeholders(english[key])), sorted(placeholders(other[key])))
        for key in english
        if key in other and placeholders(english[key]) != placeholders(other[key])
    }
    assert not differ


def test_every_reason_has_its_would_have_with_the_same_values() -> None:
    """A better move's reason is said with the hint's own key in ``would_have``."""
    for language in languages():
        table = texts(language)
        reasons = {key.partition(".")[2] for key in table if key.startswith("reason.")}
        past = {key.partition(".")[2] for key in table if key.startswith("would_have.")}
        assert reasons == past
        for name in reasons:
            assert placeholders(table[f"reason.{name}"]) == placeholders(
                table[f"would_have.{name}"]
            )


@pytest.mark.parametrize("language", languages())
def test_python_i18n_and_words_agree_on_which_tables_are_plurals(language: str) -> None:
    """python-i18n reads any table holding two plural names (``one``, ``other``...) as a
    plural; Words one holding ``one`` and ``other``.  A section named so would be lost."""
    path = TRANSLATIONS / f"{NAMESPACE}.{language}.json"
    tables = [json.loads(path.read_text(encoding="utf-8"))[language]]
    while tables:
        table = tables.pop()
        i18n_plural = len(PLURAL_NAMES & set(table)) >= 2
        assert i18n_plural == is_plural(table), table
        if i18n_plural:
            assert set(table) <= PLURAL_NAMES, table
        else:
            tables += [value for value in table.values() if isinstance(value, dict)]


def test_a_missing_key_is_refused_at_once() -> None:
    with pytest.raises(KeyError, match=r"reason\.flies_away"):
        say("reason.flies_away")


def test_words_are_their_english_and_keep_their_key() -> None:
    words = say("illegal.no_peg", hole="A1")
    assert words == "there is no peg on A1"
    assert str(words) == f"{words}" == "there is no peg on A1"
    assert type(str(words)) is str
    assert (words.key, dict(words.values)) == ("illegal.no_peg", {"hole": "A1"})
    assert pickle.loads(pickle.dumps(words)).key == "illegal.no_peg"
    with pytest.raises(AttributeError):
        words.key = "illegal.same_hole"  # type: ignore[misc]


# --- the English is what it always was --------------------------------------------------------

#: Fire controls A (1-2-5) and C (1-3-7) and holds G1 and G2: E5-G5 takes G and wins.
WINNING = make_position(fire="A1 A2 A5 C1 C3 C7 G1 G2 E5", ice="B4 F4")
START = Position.start()
AFTER_ONE = START.play("D4-C4")  # Ice to move; an Ice peg took D4's place
#: Ice to move, where A1-A6 lets Fire take island A with A1-A2.
TAKEN_AFTER = functools.reduce(
    Position.play, ["D4-A4", "D4-D3", "A4-A1", "A4-A5", "A1-A7", "D3-B3", "D4-E4"], START
)
AFTER_TWO = AFTER_ONE.play("D4-D1")  # Fire to move
FIRE, ICE = Color.FIRE, Color.ICE
SEA = IcebreakerPosition.start(5)


def mistake(reason: Words | Literal[""], solo: bool = False) -> tuple[Review, MoveReview]:
    """A review of D4-C4, a mistake where D4-A4 was better, with ``reason`` for D4-A4."""
    move, better = Move.parse("D4-C4"), Move.parse("D4-A4")
    after = 0.0 if solo else 0.41
    reviewed = MoveReview(
        0,
        move,
        None if solo else FIRE,
        Assessment(better, 0.55, 10, 0),
        Assessment(move, after, -10, 0),
        0.55,
        after,
        0.14,
        Verdict.BLUNDER if solo else Verdict.MISTAKE,
        better,
        reason,
    )
    game = "solitaire" if solo else "fire-and-ice"
    first: Any = SolitairePosition.deal(7) if solo else START
    return Review(game, (first, first), (0.55, after), (), (reviewed,)), reviewed


def refused(parse: Callable[[str], Any], text: str) -> Words | str:
    """What the notation error of ``parse(text)`` says."""
    with pytest.raises(NotationError) as raised:
        parse(text)
    return words_of(raised.value)


def annotated(reason: Words | Literal[""], solo: bool = False) -> Words:
    review, move = mistake(reason, solo)
    return annotation(review, move)


def summary(name: Words, accuracy: float, counts: tuple[int, int, int]) -> SideSummary:
    return SideSummary(None, name, 12, accuracy, *counts)


TAKES_G = say("reason.takes_control", islands="G")
ICE_CAN_WIN = say("reason.stops_win", side=ICE.words, islands=any_of(["B", "C"]))
TAKES_AND_THREATENS = say(
    "reason.takes_control_and_threatens",
    islands=all_of(["A", "G"]),
    threat=any_of(["B", "C", "E"]),
)
LEAVES_BLACK = say("reason.leaves_no_move", side=Side.BLACK.words)
REACHES = say("reason.reaches_icebergs", count=3)

#: (what is said, the English the engine printed before, the Italian).
CASES: list[tuple[str, Callable[[], Any], str, str]] = [
    (
        "a winning move",
        lambda: ai.explain(WINNING, Move.parse("E5-G5")),
        "wins at once",
        "vince subito",
    ),
    (
        "a stopped win",
        lambda: ICE_CAN_WIN,
        "stops Ice winning on B or C",
        "impedisce al Ghiaccio di vincere su B o C",
    ),
    (
        "islands taken and a threat",
        lambda: TAKES_AND_THREATENS,
        "takes control of A and G and threatens to win on B or C or E",
        "prende il controllo di A e G e minaccia di vincere su B, C o E",
    ),
    (
        "what the better move would have done",
        lambda: would_have(TAKES_AND_THREATENS),
        "would have taken control of A and G and threatened to win on B or C or E",
        "avrebbe preso il controllo di A e G e minacciato di vincere su B, C o E",
    ),
    (
        "a pass forced",
        lambda: would_have(LEAVES_BLACK),
        "would have left Black with no move, so Black must pass",
        "avrebbe lasciato il Nero senza mosse, costringendolo a passare",
    ),
    (
        "icebergs reached first",
        lambda: REACHES,
        "reaches 3 more icebergs first",
        "raggiunge prima dell'avversario 3 iceberg in più",
    ),
    (
        "the solitaire's reason",
        lambda: find_game("solitaire").explain(START, Move.parse("D4-C4")),
        "keeps the deal winnable",
        "mantiene lo schema vincibile",
    ),
    (
        "a hint",
        lambda: say("hint.move_which", move="E5-G5", reason=say("reason.wins_at_once")),
        "Hint: E5-G5, which wins at once.",
        "Consiglio: E5-G5, che vince subito.",
    ),
    (
        "a forced win's hint",
        lambda: say(
            "hint.move_which",
            move="E5-G5",
            reason=say("hint.forced_because", count=2, reason=TAKES_G),
        ),
        "Hint: E5-G5, which wins by force in 2 moves: it takes control of G.",
        "Consiglio: E5-G5, che forza la vittoria in 2 mosse: prende il controllo di G.",
    ),
    (
        "a verdict",
        lambda: Verdict.INACCURACY.words,
        "inaccuracy",
        "imprecisione",
    ),
    (
        "a mistake's line",
        lambda: annotated(would_have(TAKES_G)),
        "? mistake: Fire's chances from 55 % to 41 %; D4-A4 would have taken control of G",
        "? errore: probabilità del Fuoco da 55 % a 41 %; D4-A4 avrebbe preso il controllo di G",
    ),
    (
        "a better move with nothing to say",
        lambda: describe_better(mistake("")[1]),
        "D4-A4 was better",
        "D4-A4 era migliore",
    ),
    (
        "a solitaire blunder's line",
        lambda: annotated(would_have(say("reason.keeps_winnable")), solo=True),
        "?? blunder: the deal can no longer be won; D4-A4 would have kept the deal winnable",
        "?? errore grave: lo schema non si può più vincere; D4-A4 avrebbe mantenuto lo schema "
        "vincibile",
    ),
    (
        "a side's chance",
        lambda: chance_words(mistake(TAKES_G)[0], 0.564),
        "Fire 56 %",
        "Fuoco 56 %",
    ),
    (
        "a deal's chance",
        lambda: chance_words(mistake(TAKES_G, solo=True)[0], 1.0),
        "winnable",
        "vincibile",
    ),
    (
        "a summary with 0, 1 and 2 errors",
        lambda: summary(FIRE.words, 86.4, (1, 2, 0)).line(),
        "Fire: accuracy 86 %, 1 inaccuracy, 2 mistakes, no blunders",
        "Fuoco: precisione 86 %, 1 imprecisione, 2 errori, nessun errore grave",
    ),
    (
        "a brief summary",
        lambda: summary(FIRE.words, 86.4, (1, 2, 0)).brief(),
        "Fire: accuracy 86 %, 1 inaccuracy, 2 mistakes",
        "Fuoco: precisione 86 %, 1 imprecisione, 2 errori",
    ),
    (
        "a summary of one error",
        lambda: summary(ICE.words, 70.2, (0, 1, 1)).line(),
        "Ice: accuracy 70 %, no inaccuracies, 1 mistake, 1 blunder",
        "Ghiaccio: precisione 70 %, nessuna imprecisione, 1 errore, 1 errore grave",
    ),
    (
        "a brief summary of no errors",
        lambda: summary(say("review.you"), 100.0, (0, 0, 0)).brief(),
        "You: accuracy 100 %, no errors",
        "Tu: precisione 100 %, nessun errore",
    ),
    (
        "a brief summary of blunders",
        lambda: summary(ICE.words, 40.0, (0, 0, 2)).brief(),
        "Ice: accuracy 40 %, 2 blunders",
        "Ghiaccio: precisione 40 %, 2 errori gravi",
    ),
    (
        "the tutor on a lost deal",
        lambda: blunder_words(
            SolitairePosition.deal(7),
            Move.parse("A1-A4"),
            SolitairePosition.deal(7),
            Assessment(None, 1.0, None, 1),
            Assessment(None, 0.0, None, -1),
        ),
        "After A1-A4 the deal can no longer be won.",
        "Dopo A1-A4 lo schema non si può più vincere.",
    ),
    (
        "the tutor on a move that loses",
        lambda: blunder_words(
            WINNING._replace(to_move=ICE),
            Move.parse("B4-B1"),
            WINNING.play("E5-G5"),
            Assessment(None, 0.2, 0, 0),
            Assessment(None, 0.0, None, -1),
        ),
        "B4-B1 loses at once.",
        "B4-B1 perde subito.",
    ),
    (
        "the tutor on dropped chances",
        lambda: blunder_words(
            START,
            Move.parse("D4-C4"),
            AFTER_ONE,
            Assessment(None, 0.55, 0, 0),
            Assessment(None, 0.38, 0, 0),
        ),
        "D4-C4 drops Fire's chances from 55 % to 38 %.",
        "D4-C4 fa scendere le probabilità del Fuoco da 55 % a 38 %.",
    ),
    (
        "the tutor on dropped chances, with the answer that takes them",
        lambda: blunder_words(
            TAKEN_AFTER,
            Move.parse("A1-A6"),
            TAKEN_AFTER.play("A1-A6"),
            Assessment(None, 0.55, 0, 0),
            Assessment(None, 0.38, 0, 0),
        ),
        "A1-A6 drops Ice's chances from 55 % to 38 %: Fire can answer A1-A2, which takes"
        " control of A.",
        "A1-A6 fa scendere le probabilità del Ghiaccio da 55 % a 38 %: il Fuoco può rispondere"
        " A1-A2, che prende il controllo di A.",
    ),
    (
        "the tutor on a win in two moves",
        lambda: say(
            "tutor.lets_win",
            move="D4-C4",
            side=ICE.words,
            when=say("tutor.when", count=2, number=say("number.two")),
        ),
        "D4-C4 lets Ice win in two moves.",
        "D4-C4 permette al Ghiaccio di vincere in due mosse.",
    ),
    (
        "the tutor on a line won next move",
        lambda: say(
            "tutor.lets_win_with",
            move="G4-G3",
            side=ICE.words,
            how=find_game("fire-and-ice").win_words(WINNING.play("E5-G5")),
            when=say("tutor.when", count=1, number="1"),
        ),
        "G4-G3 lets Ice win with A-C-G on the next move.",
        "G4-G3 permette al Ghiaccio di vincere con A-C-G alla mossa successiva.",
    ),
    (
        "a peg of the other side",
        lambda: AFTER_TWO.illegal_reason(Move.parse("D1-D2")),
        "D1 holds an Ice peg and it is Fire's turn",
        "in D1 c'è una pedina del Ghiaccio e tocca al Fuoco",
    ),
    (
        "a taken hole",
        lambda: AFTER_ONE.illegal_reason(Move.parse("D4-C4")),
        "C4 is taken",
        "C4 è occupato",
    ),
    (
        "an illegal move's error",
        lambda: say("illegal.move", move="D4-A1", reason=START.illegal_reason(Move.parse("D4-A1"))),
        "D4-A1: pegs move within their island or to the same hole number on another island",
        "D4-A1: le pedine si spostano all'interno della propria isola o nel foro con lo stesso "
        "numero su un'altra isola",
    ),
    (
        "a game over",
        lambda: WINNING.play("E5-G5").illegal_reason(Move.parse("B4-B1")),
        "the game is over: Fire has won",
        "la partita è finita: ha vinto il Fuoco",
    ),
    (
        "a finished deal",
        lambda: say("illegal.solitaire_over", count=1),
        "the game is over: 1 pegs are left",
        "la partita è finita: resta una pedina",
    ),
    (
        "the solitaire's turn",
        lambda: SolitairePosition.deal(7).play("A2-A3").illegal_reason(Move.parse("A3-A1")),
        "red moves now, and A3 holds aqua",
        "ora muovono le pedine di colore rosso, e quella in A3 è di colore azzurro",
    ),
    (
        "a stuck peg",
        lambda: START.stuck_reason(0),
        "The peg on A1 cannot move now.",
        "La pedina in A1 ora non può muoversi.",
    ),
    (
        "a walled-in ship",
        lambda: SEA.stuck_reason(SEA.board.parse_cell("a1")),
        "The ship on a1 cannot reach any iceberg: ships block its way.",
        "La nave in a1 non può raggiungere alcun iceberg: altre navi le sbarrano la strada.",
    ),
    (
        "a ship of the other side",
        lambda: say(
            "illegal.not_your_turn", cell="d1", piece=Side.BLACK.ship_words, side=Side.RED.words
        ),
        "d1 holds a Black ship and it is Red's turn",
        "in d1 c'è una nave del Nero e tocca al Rosso",
    ),
    (
        "a move that is no move",
        lambda: refused(Move.parse, "x9"),
        "'x9' is not a move: write FROM-TO with two holes, like F6-C6",
        "'x9' non è una mossa: scrivi partenza-arrivo con due fori, come F6-C6",
    ),
    (
        "a hole that is no hole",
        lambda: refused(parse_hole, "H1"),
        "'H1' is not a hole: holes are an island A-G and a number 1-7, like D4",
        "'H1' non è un foro: un foro è un'isola da A a G e un numero da 1 a 7, come D4",
    ),
    (
        "a cell off the board",
        lambda: refused(lambda text: Step.parse(text, 4), "a1-q3"),
        "'q3' is not a cell of the side-4 board (rows a to g, cells numbered from the left)",
        "'q3' non è una casella del tavoliere di lato 4 (righe da a a g, caselle numerate da "
        "sinistra)",
    ),
]
CASE_IDS = [case[0] for case in CASES]


@pytest.mark.parametrize(("name", "make", "english", "italian"), CASES, ids=CASE_IDS)
def test_the_english_is_what_the_engine_always_printed(
    name: str, make: Callable[[], Any], english: str, italian: str
) -> None:
    said = make()
    assert isinstance(said, Words)
    assert str(said) == english


@pytest.mark.parametrize(("name", "make", "english", "italian"), CASES, ids=CASE_IDS)
def test_the_italian_is_italian(
    name: str, make: Callable[[], Any], english: str, italian: str
) -> None:
    said = make()
    assert spoken(said, "it") == italian
    assert not english_left_in(italian), english_left_in(italian)


def test_plural_forms_follow_the_count_in_italian() -> None:
    for count, text in ((0, "nessun errore"), (1, "1 errore"), (2, "2 errori"), (11, "11 errori")):
        assert spoken(say("review.mistakes", count=count), "it") == text
    assert spoken(say("illegal.solitaire_over", count=3), "it").endswith("restano 3 pedine")


# --- no English left in the Italian -----------------------------------------------------------

#: The sections of what the engine says while a game is played and reviewed.
PLAY_SECTIONS = {
    *("side", "colour", "piece", "list", "reason", "would_have", "hint", "verdict_name"),
    *("review", "tutor", "number", "illegal", "stuck", "notation"),
}
#: Words spelled the same in both languages, or names that stay as they are.
SHARED = {"in", "iceberg", "file", "json", "fifo", "socket", "mb"}


@cache
def english_vocabulary() -> frozenset[str]:
    """Every word of the English texts the engine says in a player's words (hints, the
    review, the tutor, the rules' refusals)."""
    english = texts("en")
    words: set[str] = set()
    for key in said_in_play():
        text = english[key]
        for form in text.values() if isinstance(text, dict) else [text]:
            words |= {w.lower() for w in re.findall(r"[A-Za-z']+", PLACEHOLDER.sub(" ", form))}
    return frozenset(words - SHARED)


def english_left_in(text: str) -> set[str]:
    """English words in ``text`` (island letters, move notation, file names and the
    fields of a file, "solitaire.won", are not words)."""
    text = re.sub(r"\w+(\.\w+)+|\"[^\"]*\"", " ", text)  # (and a file's "fields")
    found = {w.lower() for w in re.findall(r"[A-Za-z]{2,}", text)}
    return found & english_vocabulary()


def said_in_play() -> list[str]:
    """The keys the engine says while a game is played and reviewed (not those of files
    and records, whose Italian quotes English headers and fields)."""
    return [key for key in keys_in_code() if key.split(".")[0] in PLAY_SECTIONS]


def test_no_italian_text_the_engine_says_holds_an_english_word() -> None:
    italian = texts("it")
    assert len(said_in_play()) > 80
    for key in said_in_play():
        text = italian[key]
        for form in text.values() if isinstance(text, dict) else [text]:
            left = english_left_in(PLACEHOLDER.sub(" ", form))
            assert not left, (key, form, left)


# --- reasons and what a better move would have done -------------------------------------------


def old_explain(position: Position, move: Move) -> str:
    """The English hint reason as the engine wrote it before it said Words."""

    def wins(here: Position) -> list[Move]:
        mover = here.to_move
        return [m for m in here.legal_moves() if here.play_unchecked(m).winner is mover]

    mover = position.to_move
    after = position.play_unchecked(move)
    if after.winner is mover:
        return "wins at once"
    gained = after.control(mover) & ~position.control(mover)
    threats = wins(position._replace(to_move=mover.other))
    if threats and not wins(after):
        islands = sorted({ISLANDS[m.dst // 7] for m in threats})
        return f"stops {mover.other.title} winning on {' or '.join(islands)}"
    wins_next = wins(after._replace(to_move=mover))
    threat = ""
    if wins_next:
        islands = sorted({ISLANDS[m.dst // 7] for m in wins_next})
        threat = f"threatens to win on {' or '.join(islands)}"
    if gained:
        names = [ISLANDS[i] for i in range(7) if gained >> i & 1]
        taken = f"takes control of {' and '.join(names)}"
        return f"{taken} and {threat}" if threat else taken
    return threat


@pytest.mark.slow
def test_every_hint_reason_in_random_games_reads_as_before_and_in_the_past() -> None:
    rng = random.Random(11)
    keys: set[str] = set()
    for _ in range(12):
        position = Position.start()
        moves: list[Move] = []
        random_playout(position, rng, moves)
        for move in moves:
            reason = ai.explain(position, move)
            assert str(reason) == old_explain(position, move)
            position = position.play_unchecked(move)
            if not reason:
                keys.add("")
                assert would_have(reason) == ""
                continue
            keys.add(reason.key)
            past = would_have(reason)
            assert isinstance(past, Words)
            assert past.key == "would_have." + reason.key.partition(".")[2]
            # The old English text, read back, gives the same words.
            assert would_have(str(reason)) == past
            assert not english_left_in(spoken(past, "it"))
    assert {"reason.takes_control", "", "reason.wins_at_once"} <= keys


def test_a_reason_is_read_back_from_its_english() -> None:
    found = reason_of("takes control of G and threatens to win on A or C")
    assert found.key == "reason.takes_control_and_threatens"
    assert dict(found.values) == {"islands": "G", "threat": "A or C"}
    assert reason_of("reaches 2 more icebergs first").values["count"] == 2
    with pytest.raises(ValueError, match="no game gives"):
        reason_of("flies to the moon")
    with pytest.raises(ValueError, match="no words for a better move"):
        would_have(say("verdict_name.best"))
