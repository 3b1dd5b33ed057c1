"""Play a friend by game code: two players, each with their own files, passing codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pygame_gui.core.utility import clipboard_copy, clipboard_paste

from fireice_desktop.engine.correspondence import decode, encode
from fireice_desktop.engine.games.fireice.rules import Color
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.files import storage as storage_module
from fireice_desktop.files.code_game import CODE_GAME_NAME
from fireice_desktop.ui.app import MIN_SIZE
from fireice_desktop.ui.game.windows import code as code_module
from fireice_desktop.ui.game.windows.code import CodeWindow
from fireice_desktop.ui.screens import friend as friend_module
from fireice_desktop.ui.screens.friend import FriendScene
from fireice_desktop.ui.screens.game import GameScreen
from tests.support.ui import (
    WINNING_SEEDS,
    Driver,
    open_ui,
    over_panel_texts,
    plain_text,
    pygame,
    text_overflows,
    winning_moves,
)

FIRE_MOVES = ["D4-C4", "A1-A2"]


def code_window(ui: Driver) -> CodeWindow:
    scene = ui.scene
    assert isinstance(scene, GameScreen) and scene.by_code is not None
    window = scene.by_code.window
    assert window is not None and window.is_open, "no code window"
    return window


def said(window: CodeWindow) -> str:
    return plain_text(window.status.html_text)


def start_by_code(ui: Driver, side: str = "Fire") -> None:
    ui.click_button("Play a friend")
    assert isinstance(ui.scene, FriendScene)
    ui.click_button("Start a game by code")
    ui.click_button("Fire & Ice")
    ui.click_button("None")
    choose(ui, "side", side)
    ui.click_button("Start")
    assert isinstance(ui.scene, GameScreen)


def choose(ui: Driver, row: str, text: str) -> None:
    """Click the option that says ``text`` in the set-up card's ``row``."""
    scene = ui.scene
    assert isinstance(scene, FriendScene)
    ui.click_element(next(e for e in scene.rows[row] if e.text == text))


def first_legal(ui: Driver) -> str:
    position = ui.game.controller.history.position
    return str(sorted(position.legal_moves(), key=str)[0])


def paste_into_window(ui: Driver, text: str) -> str:
    window = code_window(ui)
    clipboard_copy(text)
    ui.click_element(window.paste_button)
    if window.entry.get_text():
        ui.click_element(window.ok_button)
    return said(window) if window.is_open else ""


def changed(code: str) -> str:
    """``code`` with one character in its middle changed."""
    at = len(code) // 2 + (code[len(code) // 2] == "-")
    return code[:at] + ("0" if code[at] != "0" else "1") + code[at + 1 :]


def kept(data: Path) -> dict[str, str]:
    return json.loads((data / CODE_GAME_NAME).read_text(encoding="utf-8"))


def test_two_friends_play_by_code_and_the_game_survives_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob = tmp_path / "alice", tmp_path / "bob"
    # Alice starts, plays Fire, moves, and copies the code.
    with open_ui(alice, monkeypatch) as ui:
        start_by_code(ui, "Fire")
        move = first_legal(ui)
        ui.play(move)
        ui.settle()
        window = code_window(ui)
        assert kept(alice / "data")["side"] == "fire"
        assert decode(kept(alice / "data")["code"]).record.moves[0].__str__() == move
        ui.click_element(window.copy_button)
        assert "Copied" in said(window)
        alices_code = clipboard_paste()
        assert decode(alices_code).sender is Color.FIRE
        assert not (alice / "data" / "autosave.fireice").exists()  # Continue's game untouched
    # Bob takes it up from his own files: he plays Ice, and it is his turn.
    with open_ui(bob, monkeypatch) as ui:
        ui.click_button("Play a friend")
        ui.click_button("Continue from a friend's code")
        clipboard_copy(alices_code)
        ui.click_button("Paste")
        ui.click_button("Play it")
        assert isinstance(ui.scene, GameScreen)
        assert ui.played == [move]
        assert ui.game.table.away is Color.FIRE
        assert f"played {move}" in ui.message  # what the friend played, said at once
        reply = first_legal(ui)
        ui.play(reply)
        ui.settle()
        window = code_window(ui)
        ui.click_element(window.copy_button)
        bobs_code = clipboard_paste()
        assert kept(bob / "data")["side"] == "ice"
    # Alice, after a restart, finds the game under Play a friend and pastes Bob's code.
    with open_ui(alice, monkeypatch) as ui:
        ui.click_button("Play a friend")
        summary = ui.find("Continue the game by code").tool_tip_text  # type: ignore[attr-defined]
        assert "1 move" in summary and "Ice" in summary
        ui.click_button("Continue the game by code")
        assert ui.played == [move]
        # Fire cannot move Ice's pegs, nor take back, while Ice's code is awaited.
        assert not ui.game.person_to_move()
        assert paste_into_window(ui, bobs_code) == ""
        ui.settle()
        assert ui.played == [move, reply]
        assert ui.game.person_to_move()
        assert "Your turn" in ui.message
        ui.game.undo()
        assert ui.played == [move, reply]


@pytest.mark.parametrize(
    ("pasted", "says"),
    [
        ("garbage", "not a game code"),
        ("x" * 2500, "too long"),
        ("FI1\0-<b>bold</b>", "not a game code"),
        ("<b>FI1-ZZZZ</b>", "not a game code"),
    ],
)
def test_odd_pasted_text_gets_a_message_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pasted: str, says: str
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        start_by_code(ui, "Fire")
        ui.play(first_legal(ui))
        ui.settle()
        before = (tmp_path / "data" / CODE_GAME_NAME).read_text(encoding="utf-8")
        # What another program put on the clipboard (a NUL cannot be put there from here).
        monkeypatch.setattr(code_module, "clipboard_paste", lambda: pasted)
        window = code_window(ui)
        ui.click_element(window.paste_button)
        if window.entry.get_text():
            ui.click_element(window.ok_button)
        message = said(window)
        assert says in message
        assert len(ui.played) == 1
        assert (tmp_path / "data" / CODE_GAME_NAME).read_text(encoding="utf-8") == before


def test_every_refusal_leaves_the_game_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        start_by_code(ui, "Fire")
        ui.play("D4-C4")
        ui.settle()
        mine = code_window(ui).code
        record = decode(mine).record
        position = record.history().position
        ice = sorted(position.legal_moves(), key=str)
        good = encode(GameRecord(record.game, (*record.moves, ice[0])), Color.ICE)
        start = GameRecord("fire-and-ice", ()).history().position
        another = next(m for m in sorted(start.legal_moves(), key=str) if str(m) != "D4-C4")
        reply = sorted(start.play(another).legal_moves(), key=str)[0]
        other_first = encode(GameRecord("fire-and-ice", (another, reply)), Color.ICE)
        cases = {
            good[:-3]: "cut",  # a cut code
            changed(good): "mistake",
            encode(GameRecord("icebreaker", ()), Color.ICE): "another game",
            other_first: "move 1 differs",
            encode(GameRecord("fire-and-ice", ()), Color.ICE): "fewer",
            mine: "sent by Fire",
        }
        for text, says in cases.items():
            message = paste_into_window(ui, text)
            assert says in message, (text, message)
            assert ui.played == ["D4-C4"]
            assert decode(kept(tmp_path / "data")["code"]).record.moves == record.moves


def test_a_damaged_kept_game_by_code_is_set_aside_with_a_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / CODE_GAME_NAME).write_text('{"side": "fire", "code": "FI1-0000"}', encoding="utf-8")
    with open_ui(tmp_path, monkeypatch) as ui:
        ui.click_button("Play a friend")
        text = plain_text(ui.scene.status.html_text)  # type: ignore[attr-defined]
        assert "could not be read" in text and "unreadable" in text
        assert not ui.has_button("Continue the game by code")
    assert (data / "game-by-code.unreadable.json").exists()
    assert not (data / CODE_GAME_NAME).exists()


def test_the_screen_speaks_italian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_ui(tmp_path, monkeypatch, language="it") as ui:
        ui.click_button("Gioca con un amico")
        ui.click_button("Inizia una partita per codice")
        ui.click_button("Nessuno")
        ui.click_button("Inizia")
        ui.play("D4-C4")
        ui.settle()
        message = paste_into_window(ui, "garbage")
        assert "Non è cambiato nulla" in message and "non è un codice di partita" in message
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
        ui.pump(3)


def keep_for(data: Path, record: GameRecord, side: object) -> None:
    """Keep ``record`` as the game by code played from ``side`` in ``data``."""
    data.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"side": side.key, "code": encode(record, side)})  # type: ignore[attr-defined]
    (data / CODE_GAME_NAME).write_text(text, encoding="utf-8")


def continue_kept(ui: Driver) -> None:
    ui.click_button("Play a friend")
    ui.click_button("Continue the game by code")
    assert isinstance(ui.scene, GameScreen)


def test_the_end_of_a_game_by_code_is_said_on_both_sides(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    moves = winning_moves(next(iter(WINNING_SEEDS)))
    last = moves[-1]
    before = GameRecord("fire-and-ice", tuple(moves[:-1]))
    winner = before.history().position.to_move
    keep_for(tmp_path / "winner" / "data", before, winner)
    keep_for(tmp_path / "loser" / "data", before, winner.other)
    with open_ui(tmp_path / "winner", monkeypatch) as ui:
        continue_kept(ui)
        ui.play(last)
        ui.settle(limit=400)
        assert ui.game.controller.history.position.is_over
        window = code_window(ui)
        assert "The game is over" in plain_text(window.heading.html_text)
        final = window.code
        ui.key(pygame.K_ESCAPE)  # the window closes; the card says who won
        ui.settle(limit=400)
        assert any("wins" in text or "won" in text for text in over_panel_texts(ui))
    with open_ui(tmp_path / "loser", monkeypatch) as ui:
        continue_kept(ui)
        assert paste_into_window(ui, final) == ""
        ui.settle(limit=400)
        assert ui.game.controller.history.position.is_over
        assert ui.played[-1] == str(last)


def test_the_window_the_keys_and_the_mouse_in_a_game_by_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        start_by_code(ui, "Fire")
        ui.play("D4-C4")
        ui.settle()
        ui.key(pygame.K_ESCAPE)  # Esc closes the code window, not the game
        assert isinstance(ui.scene, GameScreen) and not ui.game.by_code.is_open  # type: ignore[union-attr]
        assert "code window" in ui.message  # the panel says where Ice's move comes from
        # Ice's pegs do not move from here, by mouse or by keys.
        ice = sorted(ui.game.controller.history.position.legal_moves(), key=str)[0]
        ui.play(ice)
        assert ui.played == ["D4-C4"]
        ui.key(pygame.K_z, pygame.KMOD_CTRL)  # no take-back of a move sent
        assert ui.played == ["D4-C4"]
        assert "take-backs" in ui.message
        assert not ui.panel.undo_button.is_enabled and not ui.panel.hint_button.is_enabled
        ui.key(pygame.K_h)
        assert "No computer help" in ui.message
        ui.key(pygame.K_t, text="t")  # T opens the code window again
        assert code_window(ui).code == kept(tmp_path / "data")["code"]


def test_a_new_game_by_code_asks_before_replacing_the_kept_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    keep_for(tmp_path / "data", GameRecord("fire-and-ice", ()), Color.ICE)
    before = kept(tmp_path / "data")
    with open_ui(tmp_path, monkeypatch) as ui:
        ui.click_button("Play a friend")
        ui.click_button("Start a game by code")
        ui.click_button("Icebreaker")
        choose(ui, "side", "Black")
        ui.click_button("Start")
        ui.read_question()
        ui.answer(False)
        assert isinstance(ui.scene, FriendScene) and kept(tmp_path / "data") == before
        ui.click_button("Start")
        ui.read_question()
        ui.answer(True)
        assert isinstance(ui.scene, GameScreen) and ui.game.session.game == "icebreaker"
        # Red, the friend, moves first: the code of the set-up is there to send at once.
        assert "Red plays next" in plain_text(code_window(ui).heading.html_text)
        assert kept(tmp_path / "data")["side"] == "black"


@pytest.mark.parametrize(
    ("pasted", "says"),
    [
        ("x" * 2500, "too long"),
        ("FI1\0<b>bold</b>", "not a game code"),
        ("<b>" * 300, "not a game code"),
        ("  ", "Paste or type"),
        ("FI9-AAAA-BBBB", "later version"),
    ],
)
def test_odd_text_in_a_friends_code_gets_a_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pasted: str, says: str
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        ui.click_button("Play a friend")
        ui.click_button("Continue from a friend's code")
        monkeypatch.setattr(friend_module, "clipboard_paste", lambda: pasted)
        ui.click_button("Paste")
        scene = ui.scene
        assert isinstance(scene, FriendScene)
        messages = [plain_text(scene.status.html_text)]
        ui.click_button("Play it")
        assert ui.scene is scene
        messages.append(plain_text(scene.status.html_text))
        assert any(says in message for message in messages), messages
        assert not (tmp_path / "data" / CODE_GAME_NAME).exists()


def test_pasting_ones_own_code_as_a_friends_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = GameRecord("fire-and-ice", ())
    keep_for(tmp_path / "data", record, Color.FIRE)
    with open_ui(tmp_path, monkeypatch) as ui:
        ui.click_button("Play a friend")
        ui.click_button("Continue from a friend's code")
        clipboard_copy(encode(record, Color.FIRE))
        ui.click_button("Paste")
        ui.click_button("Play it")
        scene = ui.scene
        assert isinstance(scene, FriendScene)
        assert "your own code" in plain_text(scene.status.html_text)
        assert kept(tmp_path / "data")["side"] == "fire"


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("mode", ["entries", "start", "paste"])
def test_the_cards_fit_the_smallest_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str, mode: str
) -> None:
    keep_for(tmp_path / "data", GameRecord("fire-and-ice", ()), Color.ICE)
    with open_ui(tmp_path, monkeypatch, size=MIN_SIZE, language=language) as ui:
        ui.app.go("friend", mode=mode)
        ui.pump(2)
        scene = ui.scene
        assert isinstance(scene, FriendScene)
        window = pygame.Rect((0, 0), MIN_SIZE)
        assert window.contains(scene.panel_rect)
        for element in ui.elements():
            if element.visible:  # type: ignore[attr-defined]
                assert scene.panel_rect.contains(element.rect), element  # type: ignore[attr-defined]
                assert not text_overflows(element), element


def test_the_code_window_comes_back_after_the_window_is_resized(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        start_by_code(ui, "Fire")
        ui.play("D4-C4")
        ui.settle()
        code = code_window(ui).code
        ui.resize((1600, 1000))
        assert code_window(ui).code == code
        assert code_window(ui).window.rect.width > 500


def test_a_damaged_file_that_cannot_be_moved_is_never_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / CODE_GAME_NAME).write_text("damaged", encoding="utf-8")

    def cannot_rename(*args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage_module.os, "rename", cannot_rename)  # where files are set aside
    with open_ui(tmp_path, monkeypatch) as ui:
        ui.click_button("Play a friend")
        text = plain_text(ui.scene.status.html_text)  # type: ignore[attr-defined]
        assert "could not be moved" in text
        ui.click_button("Start a game by code")
        ui.click_button("Start")
        assert isinstance(ui.scene, FriendScene)
        assert "could not be moved" in plain_text(ui.scene.status.html_text)
    assert (data / CODE_GAME_NAME).read_text(encoding="utf-8") == "damaged"


def test_no_code_is_shown_for_a_move_that_could_not_be_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        start_by_code(ui, "Fire")
        (tmp_path / "data" / CODE_GAME_NAME).unlink()
        (tmp_path / "data" / CODE_GAME_NAME).mkdir()  # the file cannot be written now
        ui.play("D4-C4")
        ui.settle()
        scene = ui.game
        assert scene.by_code is not None and not scene.by_code.is_open
        assert scene.keeper.failed
        ui.key(pygame.K_t, text="t")
        assert not scene.by_code.is_open and "Not kept" in ui.message
        (tmp_path / "data" / CODE_GAME_NAME).rmdir()  # room again: the code comes
        ui.key(pygame.K_t, text="t")
        assert code_window(ui).code == kept(tmp_path / "data")["code"]
