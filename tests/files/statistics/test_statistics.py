"""The statistics: what a finished game adds, the solitaire's streaks, the JSON file and its
checks, a damaged file set aside with a message, atomic writes, and a screenshot's player
files that neither read nor write."""

from __future__ import annotations

import datetime
import errno
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fireice_desktop.files.statistics import store as statistics_module
from fireice_desktop.files.statistics.store import (
    DASH,
    FILE_NAME,
    MAX_BYTES,
    MAX_COUNT,
    DealPlayed,
    DealStatistics,
    DuelPlayed,
    DuelStatistics,
    Statistics,
    StatisticsError,
    StatisticsFile,
    Tally,
    deal_ranges,
)
from fireice_desktop.files.storage import data_dir
from fireice_desktop.ui.frame.player_files import PlayerFiles
from tests.support.files import deny_reading

# --- counting games between two sides --------------------------------------------------------


def against(person: str, level: str, winner: str, handicap: bool = False) -> DuelPlayed:
    """A Fire & Ice game against the computer at ``level``, the person playing ``person``."""
    return DuelPlayed("fire-and-ice", winner, person, level, handicap=handicap)


def test_games_against_the_computer_count_by_level_and_the_persons_colour() -> None:
    statistics = Statistics()
    statistics.count_end(against("fire", "beginner", "fire"))
    statistics.count_end(against("fire", "beginner", "ice"))
    statistics.count_end(against("fire", "beginner", "fire"))
    statistics.count_end(against("ice", "expert", "fire"))
    duel = statistics.duel("fire-and-ice")
    assert duel.computer == {
        "beginner": {"fire": Tally(won=2, lost=1)},
        "expert": {"ice": Tally(won=0, lost=1)},
    }
    assert duel.against("beginner", "fire") == Tally(2, 1)
    assert duel.against("beginner", "ice") == Tally(0, 0)
    assert duel.against(side="ice") == Tally(0, 1)
    assert duel.against("expert") == Tally(0, 1)
    assert duel.against() == Tally(2, 2)
    assert duel.handicap == Tally()
    assert duel.two_players == {}
    assert statistics.duel("icebreaker") == DuelStatistics(), "another game is apart"


def test_a_handicap_game_against_the_computer_counts_at_its_level_and_on_its_own() -> None:
    statistics = Statistics()
    statistics.count_end(against("ice", "strong", "ice", handicap=True))
    statistics.count_end(against("ice", "strong", "fire", handicap=False))
    duel = statistics.duel("fire-and-ice")
    assert duel.against("strong", "ice") == Tally(1, 1)
    assert duel.handicap == Tally(1, 0)


def test_games_between_two_people_count_by_the_side_that_won() -> None:
    statistics = Statistics()
    for winner in ("red", "black", "red"):
        statistics.count_end(DuelPlayed("icebreaker", winner))
    statistics.count_end(DuelPlayed("icebreaker", "red", handicap=True))
    duel = statistics.duel("icebreaker")
    assert duel.two_players == {"red": 3, "black": 1}
    assert duel.two_player_games == 4
    assert duel.against() == Tally() and duel.handicap == Tally()


def test_watched_and_undecided_games_and_moves_count_nothing() -> None:
    statistics = Statistics()
    statistics.count_end(DuelPlayed("fire-and-ice", "fire", watched=True))
    statistics.count_end(DuelPlayed("fire-and-ice", None, "fire", "casual"))
    statistics.count_move(DuelPlayed("fire-and-ice", None, "fire", "casual"))
    assert statistics == Statistics()


# --- the solitaire ---------------------------------------------------------------------------


def test_a_deal_counts_as_played_from_its_first_move_and_once() -> None:
    solitaire = Statistics()
    solitaire.count_move(DealPlayed("solitaire", 5))
    solitaire.count_move(DealPlayed("solitaire", 5))  # a restart, or Continue, of the same deal
    assert (solitaire.deals_of("solitaire").played, solitaire.deals_of("solitaire").open_deal) == (
        1,
        5,
    )
    solitaire.count_end(
        DealPlayed("solitaire", 5, won=False)
    )  # no capture left: it may be taken back
    assert solitaire.deals_of("solitaire").won == 0
    solitaire.count_end(DealPlayed("solitaire", 5, won=True))
    assert solitaire.deals_of("solitaire") == DealStatistics(1, 1, 1, 1, {5}, None)


def test_the_streak_ends_when_another_deal_is_played_after_one_not_won() -> None:
    statistics = Statistics()

    def win(deal: int) -> None:
        statistics.count_move(DealPlayed("solitaire", deal))
        statistics.count_end(DealPlayed("solitaire", deal, won=True))

    win(5)
    win(7)
    statistics.count_move(DealPlayed("solitaire", 64))  # played, and left unwon...
    assert statistics.deals_of("solitaire").streak == 2, "...which is only known at the next deal"
    win(10)
    assert statistics.deals_of("solitaire").streak == 1
    win(5)  # a deal won before, played again
    solitaire = statistics.deals_of("solitaire")
    assert (solitaire.played, solitaire.won, solitaire.streak, solitaire.best_streak) == (
        5,
        4,
        2,
        2,
    )
    assert solitaire.deals_won == {5, 7, 10}
    assert solitaire.open_deal is None


def test_a_win_without_a_move_reported_first_still_counts_the_deal_as_played() -> None:
    statistics = Statistics()
    statistics.count_end(DealPlayed("solitaire", 12, won=True))
    assert (statistics.deals_of("solitaire").played, statistics.deals_of("solitaire").won) == (1, 1)


# --- JSON ---------------------------------------------------------------------------------


def filled() -> Statistics:
    """Statistics with something counted everywhere."""
    statistics = Statistics()
    statistics.count_end(against("fire", "casual", "fire"))
    statistics.count_end(against("ice", "expert", "fire", handicap=True))
    statistics.count_end(DuelPlayed("icebreaker", "black"))
    statistics.count_end(DuelPlayed("icebreaker", "red", "black", "beginner"))
    for deal in (3, 1, 2):
        statistics.count_end(DealPlayed("solitaire", deal, won=True))
    statistics.count_move(DealPlayed("solitaire", 99))
    return statistics


def test_the_file_is_readable_json_that_loads_back_equal() -> None:
    statistics = filled()
    text = statistics.to_text()
    data = json.loads(text)
    assert data["format"] == "fireice-statistics" and data["version"] == 1
    assert data["duels"]["fire-and-ice"]["computer"]["casual"]["fire"] == {"won": 1, "lost": 0}
    assert data["duels"]["icebreaker"]["two_players"] == {"black": 1}
    assert data["solitaire"]["deals_won"] == [1, 2, 3]
    assert data["solitaire"]["open_deal"] == 99
    assert Statistics.from_text(text) == statistics


def test_fields_of_a_newer_version_are_kept_and_written_back() -> None:
    data = filled().to_json()
    data["version"] = 3
    data["achievements"] = ["first win"]
    data["solitaire"]["fastest"] = {"deal": 2, "seconds": 31.5}
    data["duels"]["fire-and-ice"]["by_size"] = {"5": 2}
    data["duels"]["fire-and-ice"]["computer"]["casual"]["fire"]["draws"] = 0
    data["duels"]["chess"] = {"two_players": {"white": 4}}
    loaded = Statistics.from_json(data)
    loaded.count_end(against("fire", "casual", "ice"))
    written = json.loads(loaded.to_text())
    assert written["version"] == 3
    assert written["achievements"] == ["first win"]
    assert written["solitaire"]["fastest"] == {"deal": 2, "seconds": 31.5}
    assert written["duels"]["fire-and-ice"]["by_size"] == {"5": 2}
    tally = written["duels"]["fire-and-ice"]["computer"]["casual"]["fire"]
    assert tally == {"won": 1, "lost": 1, "draws": 0}
    assert written["duels"]["chess"]["two_players"] == {"white": 4}


def test_missing_sections_are_empty_counts() -> None:
    text = json.dumps({"format": "fireice-statistics", "version": 1})
    assert Statistics.from_text(text) == Statistics()


#: A text -> what the message says is wrong with it.
BAD_TEXTS: dict[str, tuple[str, str]] = {
    "empty": ("", "is empty"),
    "not JSON": ("statistics: lots", "is not JSON"),
    "cut short": (filled().to_text()[:-40], "is cut short"),
    "cut inside a string": ('{"format": "fireice-statistics", "vers', "is cut short"),
    "a list": ("[1, 2]", "is not a statistics file"),
    "another format": ('{"format": "fireice-record", "version": 1}', "is not a statistics file"),
    "no version": ('{"format": "fireice-statistics"}', "None, which is not a version"),
    "a version of 0": ('{"format": "fireice-statistics", "version": 0}', "not a version"),
    "a negative count": (
        '{"format": "fireice-statistics", "version": 1, "solitaire": {"won": -1}}',
        "solitaire.won = -1, which is not a count",
    ),
    "a count that is a string": (
        '{"format": "fireice-statistics", "version": 1, '
        '"duels": {"icebreaker": {"two_players": {"red": "3"}}}}',
        'icebreaker.two_players.red = "3", which is not a count',
    ),
    "a count that is true": (
        '{"format": "fireice-statistics", "version": 1, "solitaire": {"played": true}}',
        "solitaire.played = true",
    ),
    "a count that is a fraction": (
        '{"format": "fireice-statistics", "version": 1, "duels": {"fire-and-ice": '
        '{"computer": {"casual": {"fire": {"won": 1.5}}}}}}',
        "fire-and-ice.computer.casual.fire.won = 1.5",
    ),
    "a tally that is a number": (
        '{"format": "fireice-statistics", "version": 1, "duels": {"fire-and-ice": '
        '{"computer": {"casual": {"fire": 3}}}}}',
        "fire-and-ice.computer.casual.fire that is not an object",
    ),
    "a deal that does not exist": (
        '{"format": "fireice-statistics", "version": 1, "solitaire": {"deals_won": [0]}}',
        "0 in solitaire.deals_won, which is not a deal number",
    ),
    "deals won that are not a list": (
        '{"format": "fireice-statistics", "version": 1, "solitaire": {"deals_won": 5}}',
        "solitaire.deals_won that is not a list",
    ),
    "a puzzle rating that is text": (
        '{"format": "fireice-statistics", "version": 1, "puzzles": {"rating": "high"}}',
        "puzzles.rating = 'high', which is not a number",
    ),
    "a puzzle rating out of range": (
        '{"format": "fireice-statistics", "version": 1, "puzzles": {"rating": 1e400}}',
        "puzzles.rating = inf, which is not a number",
    ),
    "a missed puzzle that is no number": (
        '{"format": "fireice-statistics", "version": 1, "puzzles": {"again": {"x": 3}}}',
        "puzzles.again",
    ),
    "a missed puzzle numbered with a superscript": (
        '{"format": "fireice-statistics", "version": 1, "puzzles": {"again": {"\u00b2": 3}}}',
        "puzzles.again",
    ),
    "a puzzle volatility of 0": (
        '{"format": "fireice-statistics", "version": 1, "puzzles": {"volatility": 0}}',
        "puzzles.volatility = 0, which is not a number",
    ),
    "a day that is no date": (
        '{"format": "fireice-statistics", "version": 1, "puzzles": {"days": ["2026-13-01"]}}',
        "'2026-13-01' in puzzles.days, which is not a date",
    ),
    "solved puzzles that are not a list": (
        '{"format": "fireice-statistics", "version": 1, "puzzles": {"solved_ids": 4}}',
        "puzzles.solved_ids that is not a list",
    ),
    "a huge number": ("1" * 5000, "is not JSON"),
    "nested too deeply": ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
}


def test_the_puzzles_load_back_equal() -> None:
    statistics = Statistics()
    statistics.puzzles.count(7, 1400, True, datetime.date(2026, 11, 26))
    statistics.puzzles.count(9, 1600, False, None)
    loaded = Statistics.from_text(statistics.checked_text())
    assert loaded.puzzles.to_json() == statistics.puzzles.to_json()
    assert loaded.puzzles.again == {9: 2 + 5} and loaded.puzzles.solved_ids == {7}
    assert loaded.puzzles.days == {"2026-11-26"}
    # Solving a missed puzzle later takes it off the list, without rating it again.
    rating = loaded.puzzles.rating
    loaded.puzzles.count(9, 1600, True, None)
    assert loaded.puzzles.again == {} and loaded.puzzles.rating == rating


@pytest.mark.parametrize("case", list(BAD_TEXTS))
def test_a_text_that_is_not_statistics_is_refused_saying_why(case: str) -> None:
    text, fragment = BAD_TEXTS[case]
    with pytest.raises(StatisticsError) as excinfo:
        Statistics.from_text(text)
    assert fragment in str(excinfo.value)


def test_deals_won_are_written_compactly() -> None:
    assert deal_ranges([]) == []
    assert deal_ranges([7]) == ["7"]
    assert deal_ranges([8, 7]) == ["7", "8"]
    assert deal_ranges([3, 1, 2, 2, 10, 1000, 1001, 1002, 999_999]) == [
        f"1{DASH}3",
        "10",
        f"1,000{DASH}1,002",
        "999,999",
    ]


# --- properties ---------------------------------------------------------------------------


def json_values(nan: bool = True) -> st.SearchStrategy[Any]:
    """Any JSON value; with ``nan``, NaN and the infinities too, which Python's ``json``
    reads and writes."""
    leaves = st.none() | st.booleans() | st.integers() | st.text(max_size=8)
    return st.recursive(
        leaves | st.floats(allow_nan=nan, allow_infinity=nan),
        lambda children: (
            st.lists(children, max_size=4)
            | st.dictionaries(st.text(max_size=8), children, max_size=4)
        ),
        max_leaves=20,
    )


names = st.text(min_size=1, max_size=12)
counts = st.integers(0, 10**6)
tallies = st.builds(Tally, counts, counts)
duels = st.builds(
    DuelStatistics,
    st.dictionaries(names, st.dictionaries(names, tallies, max_size=2), max_size=4),
    tallies,
    st.dictionaries(names, counts, max_size=2),
    st.dictionaries(
        names.filter(lambda k: k not in ("computer", "handicap", "two_players")),
        json_values(nan=False),
        max_size=2,
    ),
)
models = st.builds(
    Statistics,
    st.dictionaries(names, duels, max_size=3),
    st.fixed_dictionaries(
        {
            "solitaire": st.builds(
                DealStatistics,
                counts,
                counts,
                counts,
                counts,
                st.sets(st.integers(1, 1_000_000), max_size=20),
                st.none() | st.integers(1, 1_000_000),
            )
        }
    ),
    st.integers(1, 5),
)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(models)
def test_a_saved_and_loaded_model_equals_itself(statistics: Statistics) -> None:
    assert Statistics.from_text(statistics.to_text()) == statistics


def _mutated(value: Any, path: list[int], replacement: Any) -> Any:
    """``value`` with one of its parts (chosen by ``path``) replaced."""
    if not path or not isinstance(value, dict | list) or not value:
        return replacement
    keys = list(value) if isinstance(value, dict) else list(range(len(value)))
    key = keys[path[0] % len(keys)]
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[key] = _mutated(value[key], path[1:], replacement)  # type: ignore[index]
    return copy


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(
        json_values(),
        st.builds(
            _mutated,
            st.just(filled().to_json()),
            st.lists(st.integers(0, 20), max_size=6),
            json_values(),
        ),
    )
)
def test_loading_any_json_value_never_raises(value: Any) -> None:
    text = json.dumps(value)
    try:
        loaded = Statistics.from_text(text)
    except StatisticsError:
        loaded = None
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / FILE_NAME
        path.write_text(text)
        files = StatisticsFile(path)
        statistics = files.load()  # never raises
        if loaded is None:
            assert statistics == Statistics()
            assert (Path(folder) / f"{FILE_NAME}.damaged").read_text() == text
            assert files.notice
        else:
            assert statistics == loaded and not files.notice
            assert path.read_text() == text


# --- the file -----------------------------------------------------------------------------


def folder_state(folder: Path) -> dict[str, bytes | None]:
    """Every entry under ``folder`` with its bytes (``None`` for a folder), read with the
    built-in ``open``, which a faked refusal of ``Path.open`` leaves alone."""
    state: dict[str, bytes | None] = {}
    for entry in sorted(folder.rglob("*")):
        if entry.is_file():
            with open(entry, "rb") as stream:
                state[str(entry.relative_to(folder))] = stream.read()
        else:
            state[str(entry.relative_to(folder))] = None
    return state


def count_a_win(statistics: Statistics) -> None:
    statistics.count_end(against("fire", "casual", "fire"))


def test_the_file_lives_in_the_data_folder_and_counts_add_up(tmp_path: Path) -> None:
    files = StatisticsFile()
    assert files.path == data_dir() / FILE_NAME
    assert files.load() == Statistics()
    assert not files.path.exists(), "reading writes nothing"
    assert files.change(count_a_win)
    assert files.change(count_a_win)
    assert files.load().duel("fire-and-ice").against("casual", "fire") == Tally(2, 0)
    assert files.notice == ""


def test_a_change_is_written_atomically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / FILE_NAME
    files = StatisticsFile(path)
    files.change(count_a_win)
    before = path.read_bytes()
    written: list[tuple[str, str]] = []
    real_replace = os.replace

    def replace(source: str, target: str) -> None:
        written.append((Path(source).name, Path(target).name))
        assert path.read_bytes() == before, "the old file stays whole until it is replaced"
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", replace)
    files.change(count_a_win)
    assert len(written) == 1
    temporary, target = written[0]
    assert target == FILE_NAME and temporary.startswith(f".{FILE_NAME}.")
    assert sorted(entry.name for entry in tmp_path.iterdir()) == [FILE_NAME]


def test_a_failed_write_keeps_the_old_counts_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / FILE_NAME
    files = StatisticsFile(path)
    files.change(count_a_win)
    before = folder_state(tmp_path)

    def full(*args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    assert files.change(count_a_win) is False
    assert folder_state(tmp_path) == before
    assert files.notice.startswith("The statistics could not be saved:")
    assert "No space left on device" in files.notice
    monkeypatch.undo()
    assert files.change(count_a_win)
    assert files.load().duel("fire-and-ice").against() == Tally(2, 0)


Maker = Callable[[Path, pytest.MonkeyPatch], None]


def writes(data: bytes) -> Maker:
    def make(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        path.write_bytes(data)

    return make


def make_folder(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path.mkdir()
    (path / "inside.txt").write_text("kept")


def make_unreadable(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path.write_text(filled().to_text())
    deny_reading(path, monkeypatch)


def make_too_large(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = filled().to_text()
    path.write_text(text[:-2] + " " * (MAX_BYTES + 1 - len(text)) + text[-2:])


#: How the file is damaged -> what the notice says about it.
DAMAGED: dict[str, tuple[Maker, str]] = {
    "not JSON": (writes(b"won: 3, lost: 1\n"), "is not JSON"),
    "cut short": (writes(filled().to_text()[:50].encode()), "is cut short"),
    "empty": (writes(b""), "is empty"),
    "wrong types": (
        writes(b'{"format": "fireice-statistics", "version": 1, "solitaire": {"won": "17"}}'),
        "solitaire.won",
    ),
    "not text": (writes(b"\xff\xfe\x00\x01binary"), "is not text"),
    "a folder": (make_folder, "is a folder"),
    "a named pipe": (lambda path, _: os.mkfifo(path), "is a named pipe"),
    "unreadable": (make_unreadable, "may not be read"),
    "too large": (make_too_large, "is too large"),
}


@pytest.mark.parametrize("case", list(DAMAGED))
def test_a_damaged_file_is_set_aside_with_a_message_and_counting_starts_afresh(
    case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make, fragment = DAMAGED[case]
    path = tmp_path / FILE_NAME
    make(path, monkeypatch)
    before = folder_state(tmp_path)
    files = StatisticsFile(path)
    assert files.load() == Statistics()
    assert fragment in files.notice
    assert files.notice.endswith(f"it was kept as {FILE_NAME}.damaged, and counting starts afresh.")
    monkeypatch.undo()  # the kept file may be read again
    after = folder_state(tmp_path)
    assert FILE_NAME not in after
    kept = {name.replace(".damaged", "", 1): data for name, data in after.items()}
    assert kept == before, "the damaged file is kept, unchanged, under its new name"
    assert files.change(count_a_win)
    assert files.load().duel("fire-and-ice").against() == Tally(1, 0)


def test_a_second_damaged_file_does_not_replace_the_first(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    path.write_text("first")
    StatisticsFile(path).load()
    path.write_text("second")
    files = StatisticsFile(path)
    files.load()
    assert (tmp_path / f"{FILE_NAME}.damaged").read_text() == "first"
    others = [
        entry for entry in tmp_path.iterdir() if entry.name.startswith(f"{FILE_NAME}.damaged-")
    ]
    assert len(others) == 1 and others[0].read_text() == "second"
    assert others[0].name in files.notice


def test_a_damaged_file_that_cannot_be_set_aside_is_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / FILE_NAME
    path.write_text("not statistics")

    def refuse(*args: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "rename", refuse)
    files = StatisticsFile(path)
    assert files.change(count_a_win) is False
    assert path.read_text() == "not statistics", "never written over"
    assert "could not be set aside (Permission denied)" in files.notice
    assert "nothing is counted until it is moved away" in files.notice


def test_reset_writes_empty_statistics_and_clears_the_notice(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    path.write_text("{")
    files = StatisticsFile(path)
    files.load()
    assert files.notice
    assert files.reset()
    assert files.notice == ""
    assert Statistics.from_text(path.read_text()) == Statistics()


def test_temporary_files_a_kill_left_behind_are_cleared(tmp_path: Path) -> None:
    stale = tmp_path / f".{FILE_NAME}.abc123.tmp"
    stale.write_text("half")
    os.utime(stale, (1, 1))
    StatisticsFile(tmp_path / FILE_NAME).load()
    assert not stale.exists()


# --- the player's files ------------------------------------------------------------------


@pytest.mark.parametrize("content", [filled().to_text(), "damaged"], ids=["good", "damaged"])
def test_a_screenshots_player_files_neither_read_nor_write_statistics(
    content: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = data_dir()
    folder.mkdir(parents=True)
    (folder / FILE_NAME).write_text(content)
    before = folder_state(folder)
    files = PlayerFiles(keep=False)
    assert files.statistics() == Statistics()
    files.change_statistics(count_a_win)
    assert files.reset_statistics()
    assert files.statistics_notice == ""
    assert folder_state(folder) == before


def test_the_players_files_count_in_the_data_folder() -> None:
    files = PlayerFiles()
    files.change_statistics(count_a_win)
    assert PlayerFiles().statistics().duel("fire-and-ice").against() == Tally(1, 0)
    assert (data_dir() / FILE_NAME).is_file()
    assert statistics_module.StatisticsFile().load() == files.statistics()


# --- what the writer writes, the reader reads -----------------------------------------------

#: Counts anywhere up to the most a file may hold, most often near either end.
any_counts = st.integers(0, 20) | st.integers(MAX_COUNT - 3, MAX_COUNT) | st.integers(0, MAX_COUNT)
#: What a screen might report as a name: text, or something else by mistake.
reported_names = names | st.sampled_from(["fire", "ice", "red", "black", "casual"])
odd_names = st.none() | st.integers(-2, 2) | st.booleans() | reported_names
#: What a screen might report as a deal: a deal, or a number that is none.
reported_deals = (
    st.integers(1, 5)
    | st.sampled_from([0, -1, 1_000_000, 1_000_001, 10**30, True, False])
    | st.integers()
)
played = st.one_of(
    st.builds(
        DuelPlayed,
        st.sampled_from(["fire-and-ice", "icebreaker"]) | odd_names,
        odd_names,
        odd_names,
        odd_names,
        st.booleans(),
        st.booleans(),
    ),
    st.builds(DealPlayed, st.just("solitaire") | odd_names, reported_deals, st.booleans()),
)
near_full = st.builds(
    Statistics,
    st.dictionaries(
        st.sampled_from(["fire-and-ice", "icebreaker"]),
        st.builds(
            DuelStatistics,
            st.dictionaries(
                st.sampled_from(["casual", "expert"]),
                st.dictionaries(
                    st.sampled_from(["fire", "ice", "red"]),
                    st.builds(Tally, any_counts, any_counts),
                    max_size=2,
                ),
                max_size=2,
            ),
            st.builds(Tally, any_counts, any_counts),
            st.dictionaries(st.sampled_from(["fire", "ice", "red", "black"]), any_counts),
        ),
        max_size=2,
    ),
    st.fixed_dictionaries(
        {
            "solitaire": st.builds(
                DealStatistics,
                any_counts,
                any_counts,
                any_counts,
                any_counts,
                st.sets(st.integers(1, 1_000_000), max_size=5),
                st.none() | st.integers(1, 1_000_000),
            )
        }
    ),
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(near_full, st.lists(st.tuples(st.booleans(), played), max_size=12))
def test_whatever_the_writer_counts_the_reader_reads_back_equal(
    statistics: Statistics, changes: list[tuple[bool, DealPlayed | DuelPlayed]]
) -> None:
    """A count at the most a file holds, a number that is no deal, a name that is not
    text: the writer used to count each, and the next start set the whole file aside."""
    for ended, game in changes:
        if ended:
            statistics.count_end(game)
        else:
            statistics.count_move(game)
    assert Statistics.from_text(statistics.to_text()) == statistics


def test_counts_stop_at_the_most_a_file_holds() -> None:
    statistics = Statistics()
    deals = statistics.deals.setdefault("solitaire", DealStatistics())
    deals.played = deals.won = MAX_COUNT
    statistics.count_end(DealPlayed("solitaire", 4, won=True))
    statistics.count_end(against("fire", "casual", "fire"))
    duel = statistics.duel("fire-and-ice")
    duel.computer["casual"]["fire"].won = MAX_COUNT
    statistics.count_end(against("fire", "casual", "fire"))
    assert (statistics.deals_of("solitaire").played, statistics.deals_of("solitaire").won) == (
        MAX_COUNT,
        MAX_COUNT,
    )
    assert duel.computer["casual"]["fire"] == Tally(MAX_COUNT, 0)
    assert Statistics.from_text(statistics.to_text()) == statistics


@pytest.mark.parametrize("deal", [0, 1_000_001, -5, True])
def test_a_number_that_is_no_deal_is_not_counted(deal: int) -> None:
    statistics = Statistics()
    statistics.count_move(DealPlayed("solitaire", deal))
    statistics.count_end(DealPlayed("solitaire", deal, won=True))
    assert statistics == Statistics()


def test_statistics_that_would_not_read_back_are_not_written(tmp_path: Path) -> None:
    """Fields of a newer version, written compactly by it, that this version would write
    over the size limit (one a line): the file is left as it was, and the notice says why,
    instead of a file the next start sets aside as damaged."""
    path = tmp_path / FILE_NAME
    data = filled().to_json()
    data["history"] = [0] * 900_000  # 2.7 MB as it is, 4.5 MB one a line
    path.write_text(json.dumps(data))
    before = folder_state(tmp_path)
    files = StatisticsFile(path)
    assert files.load() == Statistics.from_json(data) and files.notice == ""
    assert files.change(count_a_win) is False
    assert files.notice == (
        "The statistics were not saved, as the file would not read back: "
        "it is too large (over 4 MB)."
    )
    assert folder_state(tmp_path) == before


@pytest.mark.parametrize("under", [False, True], ids=["the folder", "a folder above it"])
def test_a_data_folder_that_is_a_file_is_said_to_be_one(
    tmp_path: Path, under: bool, italian: None
) -> None:
    """The notice used to speak of a statistics file that "cannot be read (Not a
    directory)" and "could not be set aside": there is no such file."""
    from fireice_desktop.ui.toolkit import language

    blocker = tmp_path / "data"
    blocker.write_text("not a folder")
    folder = blocker / "fireice" if under else blocker
    files = StatisticsFile(folder / FILE_NAME)
    if under:
        english = (
            f"The statistics cannot be kept: the data folder {folder} cannot be made, "
            f"as {blocker} is a file, not a folder."
        )
        said = f"la cartella dei dati {folder} non si può creare, perché {blocker} è un file"
    else:
        english = (
            f"The statistics cannot be kept: the data folder {folder} is a file, not a folder."
        )
        said = f"la cartella dei dati {folder} è un file, non una cartella"
    assert files.load() == Statistics()
    assert files.notice == english
    assert said in language.say(files.notice.words)  # type: ignore[attr-defined]
    files.notice = ""
    assert files.change(count_a_win) is False
    assert files.notice == english
    assert files.reset() is False  # its words are tests/files/test_storage_words.py's
    assert [p.name for p in tmp_path.iterdir()] == ["data"]
    assert blocker.read_text() == "not a folder"
