"""Online play in the window: the host's and the joiner's cards, the online settings, and
whole games between two game screens in one process over a pair of fake links (no network:
what one side sends arrives on the other as the real link would deliver it)."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest

from fireice_desktop.engine import correspondence
from fireice_desktop.engine.games.fireice.rules import Color
from fireice_desktop.engine.games.fireice.spec import Handicap
from fireice_desktop.engine.games.icebreaker.spec import Sea
from fireice_desktop.engine.records.game import GameRecord
from fireice_desktop.engine.words import languages
from fireice_desktop.online.addresses import PUBLIC_MAILBOX, PUBLIC_RELAY
from fireice_desktop.online.kept import Keeper, keep_online, load_online
from fireice_desktop.online.messages import Move, encode
from fireice_desktop.online.session import Session, Started, new_game
from fireice_desktop.online.table import Table
from fireice_desktop.ui.app import App
from fireice_desktop.ui.frame import connecting
from fireice_desktop.ui.frame.settings import Settings
from fireice_desktop.ui.game.panel_widgets import text_height
from fireice_desktop.ui.game.remote import FriendTable, OnlinePlay
from fireice_desktop.ui.screens.friend import FriendScene
from fireice_desktop.ui.screens.game import GameScreen
from fireice_desktop.ui.screens.hosting import HostScene
from fireice_desktop.ui.screens.joining import JoinScene
from fireice_desktop.ui.screens.menu import MenuScene
from tests.support.cli import run
from tests.support.online import CODE, Event, FakeLink, link_pair
from tests.support.ui import Driver, open_ui, plain_text, text_overflows

NOT_ONLINE = (
    "Not in a game online: hints, undo and the computer's review are for games at one computer."
)


def connect(a: FakeLink, b: FakeLink) -> None:
    for link in (a, b):
        link.events.put(Event("paired"))
        link.events.put(Event("connected"))


class Kept:
    """The friend's own keeping (the other side's files are elsewhere)."""

    def __init__(self) -> None:
        self.games: list[Any] = []

    def __call__(self, game: Any) -> None:
        self.games.append(game)


def host_and_guest(me: Color = Color.FIRE) -> tuple[Table, Table, FakeLink, FakeLink]:
    """A host (this window's side, kept in its files) and a guest (the friend)."""
    a, b = link_pair()
    game = new_game(GameRecord("fire-and-ice"), me)
    host = Table(Session("host", game, "Anna", Keeper(), connecting.version()), a)
    guest = Table(Session("guest", None, "<b>Bea</b>", Kept(), connecting.version()), b)
    connect(a, b)
    return host, guest, a, b


def started(*tables: Table) -> list[list[Any]]:
    """Pump ``tables`` in turn until the game starts on each; what came after the start."""
    after: dict[int, list[Any]] = {}
    for _ in range(20):
        for number, table in enumerate(tables):
            happened = table.pump(0)
            for index, event in enumerate(happened):
                if isinstance(event, Started):
                    after[number] = happened[index + 1 :]
        if len(after) == len(tables):
            return [after[number] for number in range(len(tables))]
    raise AssertionError("the game never started")


class Friend:
    """The friend's window: a second app drawn off-screen, stepped by the test (the event
    queue is the first window's)."""

    def __init__(self, table: Table, rest: list[Any]) -> None:
        self.app = App((1280, 800), Settings(sound=False, animation_speed="off"), window=False)
        self.app.go("online_play", play=OnlinePlay(table, rest))

    @property
    def screen(self) -> GameScreen:
        scene = self.app.scene
        assert isinstance(scene, GameScreen)
        return scene

    def step(self, frames: int = 3) -> None:
        for _ in range(frames):
            self.app.step(1 / 30)


def both(ui: Driver, friend: Friend, frames: int = 3) -> None:
    for _ in range(frames):
        ui.pump(1)
        friend.step(1)


def online_game(ui: Driver) -> tuple[GameScreen, Friend, FakeLink, FakeLink]:
    host, guest, a, b = host_and_guest()
    rest_host, rest_guest = started(host, guest)
    friend = Friend(guest, rest_guest)
    ui.app.go("online_play", play=OnlinePlay(host, rest_host))
    both(ui, friend)
    scene = ui.app.scene
    assert isinstance(scene, GameScreen)
    return scene, friend, a, b


def texts(ui: Driver) -> list[str]:
    found = []
    for element in ui.elements():
        if not getattr(element, "visible", True):
            continue
        if isinstance(element, pygame_gui.elements.UILabel):
            found.append(element.text)
        elif isinstance(element, pygame_gui.elements.UITextBox):
            found.append(plain_text(element.html_text))
    return found


def notice_text(ui: Driver) -> str:
    windows = [
        element
        for element in ui.elements()
        if isinstance(element, pygame_gui.windows.UIMessageWindow) and element.alive()
    ]
    assert windows, "no message window"
    return plain_text(windows[-1].text_block.html_text)


def wait_for_servers(ui: Driver) -> None:
    """Pump frames until the servers on this computer have started (off the UI thread)."""
    for _ in range(200):
        ui.pump(1)
        if getattr(ui.app.scene, "lan_job", None) is None:
            ui.pump(2)
            return
        time.sleep(0.01)
    raise AssertionError("the servers never started")


@pytest.fixture
def fake_links(monkeypatch: pytest.MonkeyPatch) -> list[FakeLink]:
    made: list[FakeLink] = []

    def open_link(servers: Any) -> FakeLink:
        link = FakeLink()
        link.servers = servers  # type: ignore[attr-defined]
        made.append(link)
        return link

    monkeypatch.setattr(connecting, "open_link", open_link)
    return made


# --- the host's card -----------------------------------------------------------------


def test_hosting_shows_the_code_large_and_copy_puts_it_on_the_clipboard(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_links: list[FakeLink]
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        ui.app.go("online_host")
        ui.pump(2)
        ui.click_button("Host")
        ui.pump(3)
        assert isinstance(ui.app.scene, HostScene)
        assert ui.find(CODE, pygame_gui.elements.UILabel) is not None
        assert "Waiting for your friend…" in texts(ui)
        assert "Fire & Ice; you play Fire" in texts(ui)
        ui.click_button("Copy")
        assert pygame_gui.core.utility.clipboard_paste() == CODE
        ui.click_button("Cancel")
        assert fake_links[0].closed
        assert isinstance(ui.app.scene, FriendScene)


def test_the_joiner_sees_the_hosts_setup_and_the_game_starts_on_both(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_links: list[FakeLink]
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        ui.app.go("online_join")
        ui.pump(2)
        scene = ui.app.scene
        assert isinstance(scene, JoinScene)
        scene.code_entry.set_text("  7 Guitarist REVENGE ")
        ui.click_button("Join")
        link = fake_links[0]
        assert link.joined == CODE
        assert "Joining 7-guitarist-revenge…" in texts(ui)
        # The host's side, with a handicap of two for Ice, hosting as Fire.
        record = GameRecord("fire-and-ice", (), Handicap((3, 9), Color.ICE))
        host = Table(Session("host", new_game(record, Color.FIRE), "Anna", Kept()), FakeLink())
        host.link.friend, link.friend = link, host.link  # type: ignore[attr-defined]
        connect(host.link, link)  # type: ignore[arg-type]
        host.pump(0)
        ui.pump(3)
        host.pump(0)
        ui.pump(3)
        game = ui.app.scene
        assert isinstance(game, GameScreen)
        assert game.table.online and game.session.setup == record.setup
        assert game.panel is not None and game.panel.title_label.text == "Playing Anna online"
        assert game.panel.turn_label.text == "Anna to move"
        assert ui.message == "Anna hosts: Fire & Ice, handicap 2 for Ice; you play Ice."


def paste(ui: Driver, entry: Any, text: str) -> None:
    """Put ``text`` on the clipboard, click into ``entry`` and press Ctrl+V."""
    pygame_gui.core.utility.clipboard_copy(text)
    ui.click_element(entry)
    ui.key(pygame.K_v, mod=pygame.KMOD_CTRL)


def test_the_host_chooses_a_handicap_on_its_card_and_icebreakers_board_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_links: list[FakeLink]
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        ui.app.go("online_host")
        ui.pump(2)
        ui.click_button("Handicap…")
        assert ui.has_button("Use this set-up") and not ui.has_button("Computer")
        ui.click_button("2")
        ui.click_button("Ice")
        ui.click_button("At random")
        ui.click_button("Use this set-up")
        assert isinstance(ui.app.scene, HostScene)
        assert "Fire & Ice, handicap 2 for Ice" in texts(ui)
        ui.click_button("Icebreaker")
        ui.click_button("6")
        ui.click_button("Black")
        assert "Icebreaker, board size 6" in texts(ui)
        ui.click_button("Host")
        assert "Icebreaker, board size 6; you play Black" in texts(ui)
        game = ui.app.scene.online  # type: ignore[attr-defined]
        assert game.record.setup.size == 6 and game.me.key == "black"


@pytest.mark.parametrize(
    "pasted", ["x" * 2000, "<b>7-guitarist-revenge</b>", "hello", "7- -revenge"]
)
def test_a_pasted_text_that_is_no_code_is_said_never_a_crash(
    pasted: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_links: list[FakeLink]
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        ui.app.go("online_join")
        ui.pump(2)
        scene = ui.app.scene
        assert isinstance(scene, JoinScene)
        paste(ui, scene.code_entry, pasted)
        if len(pasted) < 200:
            ui.click_button("Join")
        assert fake_links == []  # nothing started
        assert "not an invite code" in notice_text(ui)
        ui.press(pygame.K_RETURN)
        assert isinstance(ui.app.scene, JoinScene) and ui.has_button("Join")


def test_a_pasted_code_with_a_nul_and_spaces_is_cleaned_and_joined(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_links: list[FakeLink]
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        ui.app.go("online_join")
        ui.pump(2)
        scene = ui.app.scene
        assert isinstance(scene, JoinScene)
        # The clipboard holds no NUL; a box given one (by another way in) shows a space.
        scene.code_entry.set_text(" 7-Guitarist\x00revenge\n")
        ui.click_button("Join")
        assert fake_links[0].joined == CODE


def test_an_unreachable_mailbox_is_said_then_back_to_play_a_friend(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_links: list[FakeLink]
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        ui.app.go("online_join")
        ui.pump(2)
        scene = ui.app.scene
        assert isinstance(scene, JoinScene)
        scene.code_entry.set_text(CODE)
        ui.click_button("Join")
        fake_links[0].events.put(Event("failed", words="Cannot reach the mailbox server"))
        ui.pump(3)
        assert "Cannot reach the mailbox server" in notice_text(ui)
        assert scene.table is None
        ui.press(pygame.K_RETURN)  # the window read: back to Play a friend
        ui.pump(2)
        assert isinstance(ui.app.scene, FriendScene)


# --- the settings --------------------------------------------------------------------


def test_online_settings_refuse_a_bad_address_and_default_restores_the_public_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        ui.app.go("settings")
        ui.pump(2)
        ui.click_button("Online play…")
        name, mailbox, relay = ui.app.scene.entries  # type: ignore[attr-defined]
        name.set_text("  Anna   Rossi ")
        mailbox.set_text("http://example.org")
        ui.click_button("Save")
        assert "is not a mailbox server's address" in notice_text(ui)
        assert ui.app.settings.mailbox == PUBLIC_MAILBOX
        ui.press(pygame.K_RETURN)
        mailbox.set_text("ws://127.0.0.1:4000/v1")
        relay.set_text("tcp:127.0.0.1:4001")
        ui.click_button("Off")
        ui.click_button("Save")
        saved = json.loads((tmp_path / "settings.json").read_text())
        assert saved["mailbox"] == "ws://127.0.0.1:4000/v1"
        assert saved["relay"] == "tcp:127.0.0.1:4001"
        assert saved["direct_connections"] is False
        assert saved["player_name"] == "Anna Rossi"
        assert ui.app.settings.servers().direct is False
        ui.press(pygame.K_RETURN)
        ui.click_button("Default")
        ui.click_button("Save")
        assert ui.app.settings.servers().mailbox == PUBLIC_MAILBOX
        assert ui.app.settings.servers().relay == PUBLIC_RELAY


# --- a whole game between two windows --------------------------------------------------


def test_moves_clicked_here_appear_there_and_the_friends_come_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        scene, friend, _, _ = online_game(ui)
        assert scene.panel is not None
        assert scene.panel.title_label.text == "Playing <b>Bea</b> online"
        assert scene.panel.turn_label.text == "Your turn"
        ui.play("D4-C4")  # by clicks on the board
        both(ui, friend)
        assert [str(m) for m in friend.screen.controller.history.played] == ["D4-C4"]
        assert load_online().online is not None and load_online().online.count == 1
        # The friend's pegs do not move here.
        before = list(ui.played)
        position = scene.controller.history.position
        ice = next(hole for hole in range(64) if position.color_at(hole) is Color.ICE)
        ui.click(ui.hole_pos(position.cell_name(ice)))
        assert ui.played == before
        assert "Waiting for <b>Bea</b>'s move." in ui.message
        # The friend's move arrives and is shown.
        friend_controller = friend.screen.controller
        friend_controller.play(friend_controller.history.position.legal_moves()[0], 0)
        both(ui, friend, 4)
        assert len(ui.played) == 2 and ui.played == [
            str(m) for m in friend.screen.controller.history.played
        ]
        assert "<b>Bea</b> (Ice) played" in ui.message
        # No autosave of an online game: Continue's game is untouched.
        assert not (tmp_path / "data" / "autosave.json").exists()


def test_the_banner_says_a_lost_connection_at_once_and_goes_when_it_is_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        scene, _friend, a, _ = online_game(ui)
        table = scene.table
        assert isinstance(table, FriendTable) and table.banner is not None
        assert not table.banner.visible
        a.events.put(Event("lost"))
        ui.pump(1)
        assert table.banner.visible
        assert "Connection lost — reconnecting…" in texts(ui)
        a.events.put(Event("back"))
        ui.pump(1)
        assert not table.banner.visible


def test_resigning_asks_first_and_both_sides_see_the_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        _scene, friend, _, _ = online_game(ui)
        ui.click_button("Resign")
        assert ui.dialog is not None
        ui.read_question()
        ui.answer(True)
        both(ui, friend)
        assert "You resigned" in ui.message
        assert "resigned: you win" in friend.screen.controller.message
        assert ui.panel.turn_label.text == "<b>Bea</b> wins"
        assert friend.screen.panel.turn_label.text == "You win"  # type: ignore[union-attr]
        assert ui.find("Rematch").is_enabled  # type: ignore[attr-defined]
        # No computer online: neither its review nor the game-over card's offers.
        assert not ui.has_button("Analyse") and ui.panel.over_panel is None
        for key, mod in ((pygame.K_h, 0), (pygame.K_n, 0), (pygame.K_z, pygame.KMOD_CTRL)):
            ui.press(key, mod)
            assert isinstance(ui.app.scene, GameScreen)
            assert ui.message == NOT_ONLINE


def test_a_takeback_offered_and_accepted_takes_the_move_back_on_both_sides(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        _scene, friend, _, _ = online_game(ui)
        ui.play("D4-C4")
        both(ui, friend)
        ui.click_button("Take-back")
        both(ui, friend)
        friend_table = friend.screen.table
        assert friend.screen.windows.question.is_open
        friend.screen.windows.question.action()  # the friend clicks Accept
        friend.screen.windows.question.dialog.kill()  # type: ignore[union-attr]
        assert isinstance(friend_table, FriendTable)
        both(ui, friend, 4)
        assert ui.played == [] and friend.screen.controller.history.played == []
        assert "accepted" in ui.message


def test_leaving_keeps_the_game_and_the_friend_is_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        _scene, friend, _, _ = online_game(ui)
        ui.play("D4-C4")
        both(ui, friend)
        ui.click_button("Leave")
        assert isinstance(ui.app.scene, MenuScene)
        for _ in range(5):
            friend.step(1)
        assert "Anna left; the game is kept" in friend.screen.table.ended  # type: ignore[attr-defined]
        kept = load_online().online
        assert kept is not None and kept.count == 1 and not kept.over


def test_a_hostile_line_from_the_friend_is_said_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        _scene, friend, a, _ = online_game(ui)
        ui.play("D4-C4")
        both(ui, friend)
        before = load_online().online
        a.events.put(Event("line", data=encode(Move(2, "C4-D4", "0" * 16))))  # Fire's peg
        ui.pump(3)
        assert isinstance(ui.app.scene, MenuScene)
        assert "broke the rules of online play" in notice_text(ui)
        assert load_online().online == before


def test_a_code_nobody_hosts_is_waited_for_saying_so_until_cancelled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_links: list[FakeLink]
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        ui.app.go("online_join")
        ui.pump(2)
        scene = ui.app.scene
        assert isinstance(scene, JoinScene)
        scene.code_entry.set_text(CODE)
        ui.click_button("Join")
        ui.pump(2, dt=10.0)  # twenty seconds and nobody
        assert f"Nobody is hosting {CODE} yet: still waiting (Cancel to stop)." in texts(ui)
        assert not fake_links[0].closed
        ui.click_button("Cancel")
        assert fake_links[0].closed and ui.has_button("Join")
        assert "Joining cancelled." in texts(ui)


def test_the_friend_leaving_is_said_and_the_board_takes_no_more_moves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        scene, friend, _, _ = online_game(ui)
        friend.screen.table.leave()  # type: ignore[attr-defined]
        ui.pump(3)
        assert "<b>Bea</b> left; the game is kept" in notice_text(ui)
        ui.press(pygame.K_RETURN)
        assert ui.panel.turn_label.text == "Game paused"
        before = list(ui.played)
        ui.play("D4-C4")
        assert ui.played == before
        assert not ui.find("Resign").is_enabled  # type: ignore[attr-defined]
        ui.click_button("Leave")
        assert isinstance(ui.app.scene, MenuScene)
        assert scene.keeper is not None and load_online().online is not None


def test_with_no_internet_the_host_serves_on_this_computer_and_shows_the_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_links: list[FakeLink]
) -> None:
    stopped = []

    class Running:
        def stop(self) -> None:
            stopped.append(True)

    lan = connecting.LanServers("ws://192.168.1.5:4000/v1", "tcp:192.168.1.5:4001", Running())
    monkeypatch.setattr(connecting, "start_lan_servers", lambda: lan)
    with open_ui(tmp_path, monkeypatch) as ui:
        ui.app.go("online_host")
        ui.pump(2)
        ui.click_button("On")
        ui.click_button("Host")
        wait_for_servers(ui)
        said = "Your friend types this server address on Join: ws://192.168.1.5:4000/v1"
        assert said in texts(ui)
        servers = fake_links[0].servers  # type: ignore[attr-defined]
        assert (servers.mailbox, servers.relay) == (lan.mailbox, lan.relay)
        ui.click_button("Cancel")
        assert stopped == [True]


def test_servers_that_cannot_start_are_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_links: list[FakeLink]
) -> None:
    def refuse() -> connecting.LanServers:
        raise OSError("address already in use")

    monkeypatch.setattr(connecting, "start_lan_servers", refuse)
    with open_ui(tmp_path, monkeypatch) as ui:
        ui.app.go("online_host")
        ui.pump(2)
        ui.click_button("On")
        ui.click_button("Host")
        wait_for_servers(ui)
        assert "could not be started on this computer: address already in use" in notice_text(ui)
        assert fake_links == []
        ui.press(pygame.K_RETURN)
        ui.pump(2)
        assert isinstance(ui.app.scene, FriendScene)


def test_a_rematch_offered_after_the_end_and_accepted_starts_a_new_game_on_both(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        scene, friend, _, _ = online_game(ui)
        ui.play("D4-C4")
        both(ui, friend)
        friend.screen.table.resign()  # type: ignore[attr-defined]
        both(ui, friend)
        assert "resigned: you win" in ui.message
        ui.click_button("Rematch")
        both(ui, friend)
        question = friend.screen.windows.question
        assert question.is_open
        question.action()  # the friend clicks Accept
        both(ui, friend, 4)
        assert ui.played == [] and friend.screen.controller.history.played == []
        mine = scene.table.play.session.online  # type: ignore[attr-defined]
        assert mine.me is Color.ICE and not mine.over  # the sides swapped
        assert ui.panel.turn_label.text == "<b>Bea</b> to move"
        assert ui.message == "A new game against <b>Bea</b>: you play Ice."
        assert load_online().online == mine


def test_resuming_hosts_the_kept_game_and_the_friend_behind_catches_up_move_by_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_links: list[FakeLink]
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        # A game kept here after its first move; the friend's reply, kept on its side,
        # never arrived (this side quit first).
        game = new_game(GameRecord("fire-and-ice"), Color.FIRE)
        record = GameRecord("fire-and-ice", ("D4-C4",), game.record.setup)
        kept = replace(game, record=GameRecord.from_json(record.to_json()), friend="Bea")
        keep_online(kept)
        ui.app.go("online_resume")
        ui.pump(3)
        assert ui.find(CODE, pygame_gui.elements.UILabel) is not None
        assert "Waiting for Bea: they choose Join and type this code." in texts(ui)
        # The friend's copy has the game as the host's offer gave it, and its reply.
        offered = correspondence.decode(kept.offer().code)
        their = replace(offered.record, moves=(*kept.record.moves, "D4-D1"))
        their = GameRecord.from_json(their.to_json())
        behind = replace(kept, record=their, me=offered.sender.other, friend="Anna")
        link = fake_links[0]
        other = FakeLink()
        link.friend, other.friend = other, link
        guest = Table(Session("guest", behind, "Bea", Kept(), connecting.version()), other)
        connect(link, other)
        rest: list[Any] | None = None
        for _ in range(10):
            ui.pump(1)
            happened = guest.pump(0)
            starts = [i for i, event in enumerate(happened) if isinstance(event, Started)]
            if starts:
                rest = happened[starts[0] + 1 :]
                break
        assert rest is not None, "the friend's game never started"
        friend = Friend(guest, rest)
        both(ui, friend, 3)
        assert isinstance(ui.app.scene, GameScreen)
        assert ui.played == ["D4-C4", "D4-D1"]  # the reply came with the friend's hello
        assert [str(m) for m in friend.screen.controller.history.played] == ui.played
        assert load_online().online.count == 2  # type: ignore[union-attr]
        assert ui.panel.turn_label.text == "Your turn"


def test_play_a_friend_offers_hosting_joining_and_the_kept_online_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_links: list[FakeLink]
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        ui.app.go("friend")
        ui.pump(2)
        assert ui.has_button("Host a game online") and ui.has_button("Join a game online")
        assert not ui.has_button("Resume the online game")  # none kept
        ui.click_button("Join a game online")
        assert isinstance(ui.app.scene, JoinScene)
        ui.click_button("Back")
        assert isinstance(ui.app.scene, FriendScene)
        game = new_game(GameRecord("fire-and-ice"), Color.ICE)
        record = GameRecord("fire-and-ice", ("D4-C4",), game.record.setup)
        keep_online(replace(game, record=GameRecord.from_json(record.to_json()), friend="Bea"))
        ui.app.go("friend")
        ui.pump(2)
        assert "against Bea, move 2" in texts(ui)
        ui.click_button("Resume the online game")
        ui.pump(2)
        assert isinstance(ui.app.scene, HostScene)
        assert ui.find(CODE, pygame_gui.elements.UILabel) is not None
        assert "Fire & Ice; you play Ice; at move 2" in texts(ui)
        session = ui.app.scene.table.session  # type: ignore[attr-defined]
        assert session.role == "host" and session.online.count == 1


def test_icebreaker_online_the_hosts_move_reaches_the_friends_sea(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_ui(tmp_path, monkeypatch) as ui:
        a, b = link_pair()
        record = GameRecord("icebreaker", (), Sea(5))
        game = new_game(record, record.kind.parse_side("red"))
        host = Table(Session("host", game, "Anna", Keeper(), connecting.version()), a)
        guest = Table(Session("guest", None, "Bea", Kept(), connecting.version()), b)
        connect(a, b)
        rest_host, rest_guest = started(host, guest)
        friend = Friend(guest, rest_guest)
        ui.app.go("online_play", play=OnlinePlay(host, rest_host))
        both(ui, friend)
        scene = ui.app.scene
        assert isinstance(scene, GameScreen) and scene.session.game == "icebreaker"
        assert friend.screen.session.setup == Sea(5)
        move = scene.controller.history.position.legal_moves()[0]
        ui.play_cells(move)  # by clicks on the sea
        both(ui, friend, 4)
        assert [str(m) for m in friend.screen.controller.history.played] == [str(move)]
        assert ui.panel.turn_label.text == "Bea to move"


@pytest.mark.parametrize("code", languages())
def test_the_online_panel_fits_the_smallest_window(
    code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 860x600, in every language, the online game's buttons and lines show all their
    words: none is drawn past its button or label."""
    with open_ui(tmp_path, monkeypatch, size=(860, 600), language=code) as ui:
        scene, _, _, _ = online_game(ui)
        assert scene.panel is not None
        shown = [
            element
            for element in ui.elements()
            if isinstance(element, (pygame_gui.elements.UIButton, pygame_gui.elements.UILabel))
            and element.visible
        ]
        assert len([e for e in shown if isinstance(e, pygame_gui.elements.UIButton)]) >= 4
        assert [e.text for e in shown if text_overflows(e)] == []
        # pygame-gui draws a button's words inside its rounded corners: leave them room.
        buttons = [e for e in shown if isinstance(e, pygame_gui.elements.UIButton)]
        assert [e.text for e in buttons if e.font.size(e.text)[0] > e.rect.width - 12] == []


@pytest.mark.parametrize("code", languages())
def test_hosting_over_a_kept_game_says_so_whole_in_the_smallest_window(
    code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_links: list[FakeLink]
) -> None:
    """The host card warns that a new game sets the unfinished one aside, naming the friend
    (40 letters at most): the warning shows whole, with no scroll bar, at 860x600."""
    name = "W" * 40
    game = new_game(GameRecord("fire-and-ice"), Color.ICE)
    record = GameRecord("fire-and-ice", ("D4-C4",), game.record.setup)
    with open_ui(tmp_path, monkeypatch, size=(860, 600), language=code) as ui:
        keep_online(replace(game, record=GameRecord.from_json(record.to_json()), friend=name))
        ui.app.go("online_host")
        ui.pump(2)
        boxes = [
            element
            for element in ui.elements()
            if isinstance(element, pygame_gui.elements.UITextBox) and "WWWW" in element.html_text
        ]
        assert len(boxes) == 1
        box = boxes[0]
        assert text_height(box, box.html_text) <= box.rect.height
        assert box.scroll_bar is None
        assert pygame.Rect(0, 0, 860, 600).contains(box.rect)


def test_a_screenshot_never_starts_hosting_the_kept_game(tmp_path: Path) -> None:
    """``--scene online_resume`` would host the kept online game at once, a connection to
    the mailbox server: a picture refuses it, with the scenes it can draw."""
    proc = run("--screenshot", str(tmp_path / "shot.png"), "--scene", "online_resume")
    assert proc.returncode == 2
    assert "no such screen" in proc.stderr and "online_host" in proc.stderr
    assert not (tmp_path / "shot.png").exists()
