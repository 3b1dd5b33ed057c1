"""The messages about game files that cannot be opened or saved, in words: the English the
command line prints is as it always was, and the desktop game says them in Italian."""

from __future__ import annotations

import errno
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from fireice_desktop.engine.errors import NotationError
from fireice_desktop.engine.records.game import GameRecord, json_problem
from fireice_desktop.engine.words import Words
from fireice_desktop.files.statistics.store import StatisticsFile
from fireice_desktop.files.storage import (
    MAX_RECORD_BYTES,
    SYSTEM_WORDS,
    SaveFileError,
    check_target,
    decode_text,
    read_bytes,
    read_game,
    system_words,
    write_game,
)
from fireice_desktop.ui.toolkit import language

ROOT = os.geteuid() == 0 if hasattr(os, "geteuid") else False
RECORD = '{"format": "fireice-record", "version": 1, "game": "fire-and-ice", "moves": ["D4-C4"]}'


def refused(call: Callable[[], object]) -> SaveFileError:
    with pytest.raises(SaveFileError) as caught:
        call()
    return caught.value


def _write(path: Path, data: str | bytes) -> Path:
    if isinstance(data, str):
        data = data.encode()
    path.write_bytes(data)
    return path


#: A case -> (what raises the error in ``folder``, its English, words of its Italian).
CASES: dict[str, tuple[Callable[[Path], object], str, list[str]]] = {
    "a folder to write to": (
        lambda folder: check_target(folder),
        "{folder} is a folder: choose a file name",
        ["{folder} è una cartella: scegli un nome di file"],
    ),
    "no such folder": (
        lambda folder: check_target(folder / "no" / "g.fireice"),
        "the folder {folder}/no does not exist",
        ["la cartella {folder}/no non esiste"],
    ),
    "a file as the folder": (
        lambda folder: check_target(_write(folder / "f", "") / "g.fireice"),
        "{folder}/f is not a folder, so {folder}/f/g.fireice cannot be written",
        ["{folder}/f non è una cartella, quindi non si può scrivere {folder}/f/g.fireice"],
    ),
    "a missing file": (
        lambda folder: read_game(folder / "gone.fireice"),
        "{folder}/gone.fireice does not exist",
        ["{folder}/gone.fireice non esiste"],
    ),
    "a folder to open": (
        lambda folder: read_bytes(folder),
        "{name} is a folder, not a saved game",
        ["{name} è una cartella, non una partita salvata"],
    ),
    "not text": (
        lambda folder: decode_text(b"\x00\x01", "g.fireice"),
        "g.fireice is not a saved game: it is not a text file",
        ["g.fireice non è una partita salvata: non è un file di testo"],
    ),
    "not UTF-8": (
        lambda folder: decode_text("caf\xe9".encode("latin-1"), "g.fireice"),
        "g.fireice is not a saved game: it is not UTF-8 text",
        ["g.fireice non è una partita salvata: non è testo UTF-8"],
    ),
    "too large": (
        lambda folder: decode_text(b" " * (MAX_RECORD_BYTES + 1), "g.fireice"),
        "g.fireice is too large to be a saved game (over 256 kB; a game takes about 1 kB)",
        ["g.fireice è troppo grande per essere una partita salvata (oltre 256 kB"],
    ),
    "empty": (
        lambda folder: read_game(_write(folder / "g.fireice", "")),
        "g.fireice: not a game record: it is empty",
        ["g.fireice: non è una registrazione di partita: è vuota"],
    ),
    "not JSON": (
        lambda folder: read_game(_write(folder / "g.fireice", '{"format": x}')),
        "g.fireice: not a game record: it is not valid JSON "
        "(Expecting value: line 1 column 12 (char 11))",
        ["non è JSON valido (manca un valore: riga 1, colonna 12 (carattere 11))"],
    ),
    "cut short": (
        lambda folder: read_game(_write(folder / "g.fireice", RECORD[:40])),
        "g.fireice: not a game record: it ends too soon, as if cut off (truncated)",
        ["g.fireice: non è una registrazione di partita: finisce troppo presto"],
    ),
    "a newer version": (
        lambda folder: read_game(
            _write(folder / "g.fireice", RECORD.replace('"version": 1', '"version": 2'))
        ),
        "g.fireice: game record version 2 is not supported (this program reads 1)",
        ["g.fireice: la versione 2 della registrazione di partita non è supportata"],
    ),
    "another game": (
        lambda folder: read_game(_write(folder / "g.txt", "Game: Chess\n\nD4-C4\n")),
        "g.txt: Game: 'Chess' is not a game this program plays "
        "(Fire & Ice or Fire & Ice solitaire or Icebreaker)",
        ["g.txt: Game: 'Chess' non è un gioco di questo programma", "il solitario di Fire & Ice o"],
    ),
    "an unknown header": (
        lambda folder: read_game(_write(folder / "g.txt", "Colour: blue\n")),
        "g.txt: line 1: unknown header 'Colour' (known: Game, Handicap, Deal, Size, Computer)",
        ["g.txt: riga 1: intestazione sconosciuta 'Colour'"],
    ),
    "a header after the moves": (
        lambda folder: read_game(_write(folder / "g.txt", "D4-C4\nGame: Icebreaker\n")),
        "g.txt: line 2: the header (Game:) must come before the moves",
        ["g.txt: riga 2: l'intestazione (Game:) deve venire prima delle mosse"],
    ),
    "a bad deal": (
        lambda folder: read_game(_write(folder / "g.txt", "Game: solitaire\nDeal: x\n")),
        "g.txt: Deal: 'x' is not a deal number (1 to 1,000,000)",
        ["g.txt: Deal: 'x' non è un numero di schema (da 1 a 1.000.000)"],
    ),
    "a size in a Fire & Ice record": (
        lambda folder: read_game(_write(folder / "g.fireice", RECORD.replace("}", ', "size": 5}'))),
        'g.fireice: game record: only Icebreaker has a board size ("size")',
        ['solo Icebreaker ha una dimensione del tavoliere ("size")'],
    ),
    "an illegal move": (
        lambda folder: read_game(
            _write(folder / "g.fireice", RECORD.replace('"D4-C4"]', '"D4-C4", "D4-A4", "A4-A4"]'))
        ),
        "g.fireice holds an illegal move: move 3: A4-A4: A4 holds an Ice peg and it is Fire's turn",
        ["g.fireice contiene una mossa illegale: mossa 3: A4-A4"],
    ),
}
if not ROOT:  # root may write anywhere
    CASES["a read-only folder"] = (
        lambda folder: check_target(_locked(folder) / "g.fireice"),
        "this program may not write into {folder}/locked",
        ["questo programma non può scrivere in {folder}/locked"],
    )


def _locked(folder: Path) -> Path:
    locked = folder / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    return locked


if hasattr(os, "mkfifo"):

    def _fifo(folder: Path) -> Path:
        os.mkfifo(folder / "pipe.fireice")
        return folder / "pipe.fireice"

    CASES["a named pipe"] = (
        lambda folder: read_game(_fifo(folder)),
        "{folder}/pipe.fireice is a named pipe (FIFO), not a saved game",
        ["{folder}/pipe.fireice è una pipe con nome (FIFO), non una partita salvata"],
    )
    CASES["a named pipe to write to"] = (
        lambda folder: check_target(_fifo(folder)),
        "{folder}/pipe.fireice is a named pipe (FIFO), not a file: choose a file name",
        ["{folder}/pipe.fireice è una pipe con nome (FIFO), non un file: scegli un nome di file"],
    )


def _filled(text: str, folder: Path) -> str:
    return text.format(folder=folder, name=folder.name)


@pytest.mark.parametrize("case", list(CASES))
def test_the_english_is_as_it_was(case: str, tmp_path: Path) -> None:
    call, english, _ = CASES[case]
    error = refused(lambda: call(tmp_path))
    assert str(error) == _filled(english, tmp_path)
    assert isinstance(error.words, Words)
    assert str(error.words) == str(error)


@pytest.mark.parametrize("case", list(CASES))
def test_the_italian_names_the_file(case: str, tmp_path: Path, italian: None) -> None:
    call, english, parts = CASES[case]
    error = refused(lambda: call(tmp_path))
    said = language.say(error.words)
    for part in parts:
        assert _filled(part, tmp_path) in said, said
    assert said != str(error)
    assert str(error) == _filled(english, tmp_path), "str() stays English in any language"


def test_a_plain_message_is_kept_as_it_is() -> None:
    error = SaveFileError("a message", system=True)
    assert str(error) == "a message" and error.words == "a message" and error.system
    assert language.say(error.words) == "a message"


def test_parse_errors_have_words_and_their_english(italian: None) -> None:
    with pytest.raises(NotationError) as caught:
        GameRecord.parse("")
    assert str(caught.value) == "not a game record: it is empty"
    assert language.say(caught.value.words) == "non è una registrazione di partita: è vuota"
    assert str(NotationError("plain")) == "plain" and NotationError("plain").words == "plain"


@pytest.mark.parametrize("number", sorted(SYSTEM_WORDS))
def test_the_systems_words_are_its_own_and_said_in_italian(number: int, italian: None) -> None:
    english = os.strerror(number)
    words = system_words(OSError(number, english))
    assert str(words) == english  # what the command line prints, byte for byte
    if sys.platform.startswith("linux"):  # the words the table was written from
        assert isinstance(words, Words)
    if isinstance(words, Words):
        said = language.say(words)
        shared = set(english.lower().split()) & set(said.split())
        assert said != english and shared <= {"file", "quota"}, said  # Italian words too


def test_other_system_errors_keep_the_systems_words() -> None:
    error = OSError(errno.ECONNRESET, os.strerror(errno.ECONNRESET))
    assert system_words(error) == os.strerror(errno.ECONNRESET)
    assert not isinstance(system_words(error), Words)
    assert system_words(OSError("no number")) == "no number"


#: A text that is not JSON -> where the Italian says it breaks.
NOT_JSON = {
    "x": "manca un valore: riga 1, colonna 1 (carattere 0)",
    '{"a" 1}': "mancano i due punti: riga 1, colonna 6 (carattere 5)",
    '{"a": 1 "b"}': "manca una virgola: riga 1, colonna 9 (carattere 8)",
    "{a: 1}": "manca un nome tra virgolette doppie: riga 1, colonna 2 (carattere 1)",
    "{}\n}": "c'è altro dopo la fine: riga 2, colonna 1 (carattere 3)",
    '"a\x01"': "carattere di controllo non valido: riga 1, colonna 3 (carattere 2)",
    '"\\q"': "sequenza con \\ non valida: riga 1, colonna 2 (carattere 1)",
    '"\\u12"': "sequenza \\uXXXX non valida: riga 1, colonna 3 (carattere 2)",
}


@pytest.mark.parametrize("text", list(NOT_JSON))
def test_where_a_text_is_not_json_in_the_parsers_english_and_in_italian(
    text: str, italian: None
) -> None:
    with pytest.raises(json.JSONDecodeError) as caught:
        json.loads(text)
    words = json_problem(caught.value)
    assert str(words) == str(caught.value)
    assert language.say(words) == NOT_JSON[text]


def test_a_full_disk_is_said_in_italian(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, italian: None
) -> None:
    def full(*args: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    error = refused(lambda: write_game(tmp_path / "g.fireice", GameRecord.parse(RECORD)))
    assert str(error) == f"cannot write {tmp_path / 'g.fireice'}: No space left on device"
    assert language.say(error.words) == (
        f"impossibile scrivere {tmp_path / 'g.fireice'}: spazio esaurito sul disco"
    )
    path = tmp_path / "statistics.json"
    files = StatisticsFile(path)
    assert files.reset() is False
    assert files.notice == (
        f"The statistics could not be saved: cannot write {path}: No space left on device."
    )
    assert language.say(files.notice.words) == (
        f"Non è stato possibile salvare le statistiche: impossibile scrivere {path}: "
        "spazio esaurito sul disco."
    )


def test_a_statistics_folder_that_cannot_be_made_is_said_in_italian(
    tmp_path: Path, italian: None
) -> None:
    _write(tmp_path / "f", "")
    files = StatisticsFile(tmp_path / "f" / "statistics.json")
    assert files.reset() is False
    folder = tmp_path / "f"
    assert (
        files.notice
        == f"The statistics could not be saved: cannot write into {folder}: File exists."
    )
    said = language.say(files.notice.words)
    assert said.endswith(f"impossibile scrivere in {folder}: il file esiste già."), said
