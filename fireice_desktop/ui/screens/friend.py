"""Play a friend: the ways to play someone who is not in the room.

For now by game code, with no connection at all: start a game (the game, its set-up and
the side played here), take up a game from a friend's code (this player plays the side
other than the sender's), or go on with the game by code kept here.  The screen is one
card in three modes: the entries (:data:`ENTRIES`, which more ways to play join by being
added there), the new game's choices, and the box a friend's code is pasted into.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any, ClassVar

import pygame
import pygame_gui
from pygame_gui.core.utility import clipboard_paste

from ...engine.correspondence import MOST_CHARACTERS, CodeError, continues, decode, side_of
from ...engine.errors import words_of
from ...engine.games import find_game
from ...engine.records.game import GameRecord
from ...engine.registry import game_title
from ...engine.words import named
from ...files.code_game import CodeGame, KeptCodeGame, code_game_path
from ...online.kept import load_online
from ...online.session import shown_name
from ..frame.cards import ChoiceCard
from ..frame.navigation import Context
from ..frame.scene import button
from ..game.windows.question import Question
from ..games.installed import CODE_SETUPS, main_backdrop
from ..toolkit.language import say, side_name, tr
from ..toolkit.notices import error_text
from ..toolkit.scaling import px
from ..toolkit.text import SafeTextEntryLine, shown

#: The screen's entries after the kept game's: (name, the route it opens, the route's
#: options).  An entry's text and tool tip are the keys ``friend.NAME`` and
#: ``friend.NAME_tip``.
ENTRIES: tuple[tuple[str, str, Mapping[str, Any]], ...] = (
    ("online_host", "online_host", {}),
    ("online_join", "online_join", {}),
    ("code_start", "friend", {"mode": "start"}),
    ("code_paste", "friend", {"mode": "paste"}),
)
#: The entries of a kept game, with a line under the button that says which game it is.
KEPT_ROUTES = ("by-code", "online_resume")


def code_summary(game: CodeGame) -> str:
    """The kept game by code in a line: its game, its moves so far and whose turn it is."""
    record = game.record
    name = record.game
    title = say(game_title(record.kind))
    to_move = game.to_move
    if to_move is None:
        turn = tr("friend.summary_over")
    elif to_move == game.side:
        turn = tr("friend.summary_yours", side=side_name(game.side, name))
    else:
        turn = tr("friend.summary_theirs", side=side_name(to_move, name))
    return tr("friend.summary", game=title, count=len(record.moves), turn=turn)


def unreadable_code_text(kept: KeptCodeGame) -> str:
    """What the screen says of a kept game by code that could not be read."""
    problem = error_text(kept.problem).rstrip(".") if kept.problem is not None else ""
    if kept.set_aside_as is not None:
        name, folder = named(kept.set_aside_as.name), named(kept.set_aside_as.parent)
        return tr("friend.set_aside", problem=problem, name=name, folder=folder)
    path = named(code_game_path())
    return tr("friend.not_set_aside", problem=problem, path=path)


class FriendScene(ChoiceCard):
    """Play a friend: the entries, a new game by code, or a friend's code to take up."""

    title = "Play a friend"
    key = "friend"
    defaults: ClassVar[Mapping[str, Any]] = {"game": "", "side": 0}
    second = ("menu.rules", "friend.rules_tip")

    def __init__(self, ctx: Context, mode: str = "entries") -> None:
        super().__init__(ctx, main_backdrop())
        self.mode = mode
        kept = ctx.files.code_game()
        self.kept = kept.game
        self.said = unreadable_code_text(kept) if kept.problem is not None else ""
        online = load_online()
        #: The unfinished online game kept here, which Resume takes up with a new code.
        self.online = online.online if online.online and not online.online.over else None
        if online.problem:
            where = named(online.set_aside_as.name) if online.set_aside_as else ""
            said = tr("online.unreadable", problem=online.problem.rstrip("."), name=where)
            self.said = f"{self.said} {said}".strip()
        if self.store["game"] not in CODE_SETUPS:
            self.store["game"] = next(iter(CODE_SETUPS))

    # --- building ------------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        super().build(size)
        width, height = size
        self.entry_buttons: dict[object, tuple[str, Mapping[str, Any]]] = {}
        self.choices = {}
        self.rows = {}
        wide = px(820) if self.mode == "start" else px(640)
        # The card holds its title, its own rows and, under them, what it has to say.
        content = {
            "entries": px(104) + len(self.entries()) * px(62) + px(52) + self.summary_height,
            "start": px(104) + (2 + self.setup_rows) * px(60) + px(130),
            "paste": px(104) + px(138) + px(52),
        }[self.mode]
        # Room for a message under the rows where one may come (or is there already).
        room = {"entries": px(84) if self.said else px(20), "start": px(60), "paste": px(84)}[
            self.mode
        ]
        card = pygame.Rect(0, 0, min(wide, width - 40), content + room)
        card.center = (width // 2, height // 2)
        self.panel_rect = card
        pygame_gui.elements.UILabel(
            pygame.Rect(card.x, card.y + px(6), card.width, px(64)),
            tr(f"friend.{self.mode}_title"),
            self.manager,
            object_id="#title",
        )
        pygame_gui.elements.UILabel(
            pygame.Rect(card.x, card.y + px(64), card.width, px(26)),
            tr(f"friend.{self.mode}_byline"),
            self.manager,
            object_id="#subtitle",
        )
        y = {"entries": self.build_entries, "start": self.build_start, "paste": self.build_paste}[
            self.mode
        ](card)
        if self.mode != "start":
            self.back_button = button(
                self.manager,
                pygame.Rect(card.centerx - px(100), y + px(6), px(200), px(40)),
                tr("common.back"),
                tr("friend.back_tip"),
            )
        self.status = pygame_gui.elements.UITextBox(
            "",
            pygame.Rect(
                card.x + px(20), card.y + content + px(4), card.width - px(40), room - px(12)
            ),
            self.manager,
            object_id="#keys",
        )
        self.say(self.said)
        self.question = Question(self.manager)

    @property
    def setup_rows(self) -> int:
        """How many rows of choices the chosen game's set-up takes."""
        return len(CODE_SETUPS[self.store["game"]].rows())

    @property
    def summary_height(self) -> int:
        """The height of the lines that say what the kept games (by code, online) are."""
        return px(26) * ((self.kept is not None) + (self.online is not None))

    def entries(self) -> list[tuple[str, str, tuple[str, Mapping[str, Any]]]]:
        """The card's entries: the kept game by code first, then :data:`ENTRIES`."""
        entries: list[tuple[str, str, tuple[str, Mapping[str, Any]]]] = []
        if self.kept is not None:
            route = ("by-code", {"game": self.kept})
            entries.append((tr("friend.code_continue"), code_summary(self.kept), route))
        if self.online is not None:
            friend = shown_name(self.online.friend) or tr("online.your_friend")
            summary = tr("online.resume_summary", name=friend, move=self.online.count + 1)
            entries.append((tr("online.resume_entry"), summary, ("online_resume", {})))
        for name, route_name, options in ENTRIES:
            entries.append((tr(f"friend.{name}"), tr(f"friend.{name}_tip"), (route_name, options)))
        return entries

    def build_entries(self, card: pygame.Rect) -> int:
        y = card.y + px(104)
        for text, tip, route in self.entries():
            element = button(
                self.manager,
                pygame.Rect(card.x + px(60), y, card.width - px(120), px(50)),
                text,
                tip,
                object_id="#menu_button",
            )
            self.entry_buttons[element] = route
            y += px(62)
            if route[0] in KEPT_ROUTES:  # the kept game, in a line under its button
                pygame_gui.elements.UILabel(
                    pygame.Rect(card.x + px(40), y - px(10), card.width - px(80), px(26)),
                    tip,
                    self.manager,
                    object_id="#subtitle",
                )
                y += px(26)
        return y

    def build_start(self, card: pygame.Rect) -> int:
        game = find_game(self.store["game"])
        by_code = CODE_SETUPS[game.name]
        tips: dict[object, str | None] = {}
        games = tuple((say(game_title(find_game(name))), name) for name in CODE_SETUPS)
        rows: list[tuple[str, str, tuple[tuple[str, Any], ...]]] = [
            (tr("friend.game"), "game", games)
        ]
        for label, key, options in by_code.rows():
            values = [value for _, value, _ in options]
            if self.store.get(key) not in values:
                self.store[key] = by_code.defaults.get(key, values[0])
            rows.append((label, key, tuple((text, value) for text, value, _ in options)))
            tips.update((value, tip) for _, value, tip in options)
        sides = [side_of(game, value) for value in (0, 1)]
        said = tuple((side_name(side, game.name), value) for value, side in enumerate(sides))
        rows.append((tr("setup.you_play"), "side", said))
        y = self.build_choices(card, card.y + px(104), rows, tips.get, px(60))
        self.build_buttons(card, y + px(20), tr("friend.start_tip"))
        return y + px(130)

    def build_paste(self, card: pygame.Rect) -> int:
        m = self.manager
        pygame_gui.elements.UILabel(
            pygame.Rect(card.x + px(30), card.y + px(100), card.width - px(60), px(26)),
            tr("friend.paste_label"),
            m,
        )
        self.entry = SafeTextEntryLine(
            pygame.Rect(card.x + px(30), card.y + px(130), card.width - px(60), px(38)), m
        )
        self.entry.set_text_length_limit(MOST_CHARACTERS)
        half = (card.width - px(68)) // 2
        self.paste_button = button(
            m,
            pygame.Rect(card.x + px(30), card.y + px(180), half, px(44)),
            tr("code.paste"),
            tr("code.paste_tip"),
        )
        self.ok_button = button(
            m,
            pygame.Rect(card.x + px(38) + half, card.y + px(180), half, px(44)),
            tr("friend.take_up"),
            tr("friend.take_up_tip"),
            object_id="#menu_button",
        )
        return card.y + px(242)

    def refresh(self) -> None:
        """Mark the chosen options; a row that means nothing with the others' choices
        (whose handicap, without one) is drawn disabled."""
        unused = []
        if self.mode == "start":
            by_code = CODE_SETUPS[self.store["game"]]
            for row, (other, value) in by_code.unused_when.items():
                elements = self.rows.get(row, [])
                off = self.store.get(other) == value
                for element in elements:
                    element.disable() if off else element.enable()
                if off:
                    unused += elements
        # Enabling redraws a button unselected, so the marks come after it.
        super().refresh()
        for element in unused:
            if element.drawable_shape is not None:
                element.drawable_shape.set_active_state("disabled")

    # --- what the entries and buttons do ---------------------------------------------------

    def say(self, text: str) -> None:
        """Say ``text`` on the card (plain text, whatever it quotes)."""
        self.said = text
        self.status.set_text(html.escape(shown(text)))
        self.status.show() if text else self.status.hide()

    def play(self, game: CodeGame) -> None:
        """Keep ``game`` as the game by code (asked first if it replaces an unfinished one
        that it does not continue) and play it."""
        kept = self.kept
        if kept is not None and kept.to_move is not None and not _continued(kept, game):
            width, height = self.manager.window_resolution
            self.question.ask(
                (int(width) // 2, int(height) // 2),
                tr("friend.replace_question"),
                tr("menu.replace_verb"),
                lambda: self._play(game),
                detail=tr("friend.replace_detail", game=code_summary(kept)),
                title=tr("friend.replace_title"),
                no_label=tr("menu.replace_keep"),
            )
            return
        self._play(game)

    def _play(self, game: CodeGame) -> None:
        now = self.ctx.files.code_game()
        if now.problem is not None and now.set_aside_as is None:
            # An unreadable file that could not be moved: a new game would replace it.
            self.say(unreadable_code_text(now))
            return
        problem = self.ctx.files.keep_code_game(game)
        if problem is not None:
            self.say(tr("friend.not_kept", error=error_text(problem)))
            return
        self.nav.go("by-code", game=game)

    def start(self) -> None:
        if self.mode != "start":
            return
        game = find_game(self.store["game"])
        setup = CODE_SETUPS[game.name].make(self.store)
        side = side_of(game, self.store["side"])
        self.play(CodeGame(GameRecord(game.name, (), setup), side))

    def second_action(self) -> None:
        self.nav.go("rules")

    def take_up(self) -> None:
        """The friend's code in the box: its game, this player on the other side."""
        text = self.entry.get_text()
        if not text.strip():
            self.say(tr("code.paste_first"))
            return
        try:
            found = decode(text)
        except CodeError as error:
            self.say(tr("friend.refused", error=say(words_of(error))))
            return
        kept = self.kept
        if (
            kept is not None
            and found.sender == kept.side
            and _continued(kept, CodeGame(found.record, kept.side))
        ):
            self.say(tr("friend.own_code", side=side_name(kept.side, kept.record.game)))
            return
        self.play(CodeGame(found.record, found.sender.other))

    def paste(self) -> None:
        pasted = clipboard_paste() or ""
        if not pasted.strip():
            self.say(tr("code.nothing_to_paste"))
        elif len(pasted) > MOST_CHARACTERS:
            self.say(tr("code.paste_too_long", most=MOST_CHARACTERS))
        else:
            self.entry.set_text(shown(pasted).replace("\n", " "))
            self.say(tr("code.pasted"))

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.question.handle_event(event) or self.question.is_open:
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            element = event.ui_element
            if element in self.entry_buttons:
                route, options = self.entry_buttons[element]
                self.nav.go(route, **options)
                return
            if self.mode == "paste" and element is self.paste_button:
                self.paste()
                return
            if self.mode == "paste" and element is self.ok_button:
                self.take_up()
                return
            if self.mode != "entries" and element is self.back_button:
                self.nav.go("friend")
                return
            if element in self.choices and self.choices[element][0] == "game":
                self.store["game"] = self.choices[element][1]
                self.nav.go("friend", mode="start")  # the new game's own set-ups
                return
        if self.mode == "paste" and event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.take_up()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.nav.go("friend") if self.mode != "entries" else self.nav.show_menu()
            return
        if self.mode == "start":
            super().handle_event(event)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_button:
            self.nav.show_menu()

    def update(self, dt: float) -> bool:
        self.question.update(dt)
        return super().update(dt)


def _continued(kept: CodeGame, game: CodeGame) -> bool:
    """Whether ``game`` is the kept game, or it further on, played from the same side."""
    if game.side != kept.side:
        return False
    try:
        continues(kept.record, game.code)
    except CodeError:
        return False
    return True


__all__ = ["ENTRIES", "FriendScene", "code_summary"]
