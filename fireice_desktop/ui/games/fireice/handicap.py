"""The handicap set-up screen: choose the side and the number, place the pegs by hand or
at random from a seed shown on screen, then play."""

from __future__ import annotations

import html
import random
from collections.abc import Mapping

import pygame
import pygame_gui

from ....engine.games.fireice.board import ISLANDS, hole_name, island_of
from ....engine.games.fireice.rules import (
    CENTRE_ISLAND,
    MAX_HANDICAP,
    Color,
    Position,
    random_handicap,
)
from ....engine.games.fireice.spec import Handicap
from ...frame.cards import level_name
from ...frame.navigation import Context
from ...frame.scene import BoardScene, backdrop, button
from ...game.players import Session
from ...keyboard.control import BoardCursor, BoardFocus, centres_of, nearest
from ...toolkit.language import tr
from ...toolkit.scaling import px
from ...toolkit.text import SafeTextEntryLine
from .board import BoardPicture, draw_board
from .board_art import BoardArt, board_art
from .computer_setup import ComputerSetupScene, levels_for


class HandicapSetup:
    """The choices on the set-up screen, and the rule that every placement obeys."""

    def __init__(self) -> None:
        self.side = Color.FIRE
        self.count = 2
        self.holes: list[int] = []
        self.seed: int | None = None  # set when the pegs were drawn at random

    @classmethod
    def of(cls, handicap: Handicap) -> HandicapSetup:
        """The screen's choices that set up ``handicap`` again."""
        setup = cls()
        setup.side, setup.count, setup.holes = (
            handicap.side,
            len(handicap.holes),
            list(handicap.holes),
        )
        return setup

    def toggle(self, hole: int) -> str:
        """Place or remove a handicap peg on ``hole``; returns what happened, in words."""
        name = hole_name(hole)
        if hole in self.holes:
            self.holes.remove(hole)
            self.seed = None
            return tr("handicap.took_off", hole=name)
        island = island_of(hole)
        if island == CENTRE_ISLAND:
            return tr("handicap.not_d")
        for other in self.holes:
            if island_of(other) == island:
                return tr("handicap.one_per_island", island=ISLANDS[island], hole=hole_name(other))
        if len(self.holes) >= self.count:
            return tr("handicap.all_placed", count=self.count)
        self.holes.append(hole)
        self.seed = None
        return tr("handicap.placed", peg=tr(f"peg.{self.side.key}"), hole=name)

    def set_count(self, count: int) -> str:
        self.count = count
        if len(self.holes) > count:
            del self.holes[count:]
            self.seed = None
            return tr("handicap.kept", count=count)
        return ""

    def draw_random(self, seed: int) -> None:
        """pbmserv's random handicap for this seed."""
        self.seed = seed
        self.holes = list(random_handicap(self.count, seed))

    @property
    def ready(self) -> bool:
        return len(self.holes) == self.count

    def start(self) -> Position:
        return Position.start(self.holes, self.side)


class HandicapScene(BoardScene):
    """Setting up a handicap game."""

    title = "Handicap game"

    def __init__(
        self,
        ctx: Context,
        setup: HandicapSetup | None = None,
        computer: Mapping[Color, str] | None = None,
        online: bool = False,
    ) -> None:
        super().__init__(ctx)
        #: Set up for a game hosted online: Start goes back to the host's card with it.
        self.online = online
        self.setup = setup or HandicapSetup()
        self.computer = dict(computer or {})  # the sides the computer will play
        self.message = tr("handicap.intro")
        self.keys = BoardFocus(self, self.focus, BoardCursor())
        self.art: BoardArt | None = None

    def build_board(self, size: tuple[int, int]) -> tuple[int, int]:
        """Lay out the board and the panel; returns the panel's inner left edge and width."""
        board, x, inner = self.split(size)
        self.art = board_art(board, ("side.fire", "side.ice"))
        self.layout = self.art.layout
        return x, inner

    def build(self, size: tuple[int, int]) -> None:
        height = size[1]
        x, inner = self.build_board(size)
        m = self.manager
        y = px(14)
        pygame_gui.elements.UILabel(
            pygame.Rect(x, y, inner, px(36)), tr("handicap.title"), m, object_id="#turn"
        )
        y += px(44)
        pygame_gui.elements.UILabel(pygame.Rect(x, y, inner, px(24)), tr("handicap.extra_for"), m)
        y += px(26)
        half = (inner - px(8)) // 2
        self.side_buttons = {
            button(
                m, pygame.Rect(x, y, half, px(36)), tr("side.fire"), tr("handicap.weaker_fire")
            ): Color.FIRE,
            button(
                m,
                pygame.Rect(x + half + px(8), y, half, px(36)),
                tr("side.ice"),
                tr("handicap.weaker_ice"),
            ): Color.ICE,
        }
        y += px(46)
        # Who plays against whom: a friend at the same computer, or the computer as its
        # card was last set (your side, its level).
        opponent = tr("online.against_online") if self.online else tr("handicap.opponent")
        pygame_gui.elements.UILabel(pygame.Rect(x, y, inner, px(24)), opponent, m)
        y += px(26)
        choice = self.computer_choice
        side = tr(f"side.{choice['side']}") if choice["side"] in ("fire", "ice") else ""
        self.opponent_buttons = {
            button(
                m, pygame.Rect(x, y, half, px(36)), tr("handicap.friend"), tr("handicap.friend_tip")
            ): False,
            button(
                m,
                pygame.Rect(x + half + px(8), y, half, px(36)),
                tr("handicap.computer"),
                tr("handicap.computer_tip", side=side, level=level_name(choice["level"])),
            ): True,
        }
        y += px(46)
        pygame_gui.elements.UILabel(pygame.Rect(x, y, inner, px(24)), tr("handicap.how_many"), m)
        y += px(26)
        step = (inner + px(6)) // MAX_HANDICAP
        self.count_buttons = {
            button(
                m,
                pygame.Rect(x + i * step, y, step - px(6), px(36)),
                str(i + 1),
                tr("handicap.extra_pegs", count=i + 1),
            ): i + 1
            for i in range(MAX_HANDICAP)
        }
        y += px(48)
        pygame_gui.elements.UILabel(pygame.Rect(x, y, inner, px(24)), tr("handicap.place_them"), m)
        y += px(28)
        label = (half - px(8)) // 2
        pygame_gui.elements.UILabel(
            pygame.Rect(x, y, label, px(36)), tr("handicap.seed"), m, object_id="#seed_label"
        )
        self.seed_entry = SafeTextEntryLine(
            pygame.Rect(x + label + px(4), y, half - label - px(4), px(36)), m
        )
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(9)
        self.random_button = button(
            m,
            pygame.Rect(x + half + px(8), y, half, px(36)),
            tr("handicap.at_random"),
            tr("handicap.at_random_tip"),
        )
        y += px(44)
        self.clear_button = button(m, pygame.Rect(x, y, inner, px(36)), tr("handicap.clear"))
        y += px(46)
        box_height = max(px(90), min(px(170), height - y - px(110)))
        self.message_box = pygame_gui.elements.UITextBox(
            "", pygame.Rect(x, y, inner, box_height), m
        )
        y += box_height + px(8)
        self.start_button = button(
            m,
            pygame.Rect(x, max(y, height - px(96)), inner, px(40)),
            tr("handicap.start"),
            tr("handicap.start_tip"),
            object_id="#menu_button",
        )
        self.back_button = button(
            m,
            pygame.Rect(x, max(y, height - px(96)) + px(48), inner, px(36)),
            tr("common.back"),
            tr("settings.back_tip"),
        )
        if self.setup.seed is not None:
            self.seed_entry.set_text(str(self.setup.seed))
        if self.online:  # the friend plays the other side, online
            for element in self.opponent_buttons:
                element.hide()
            self.start_button.set_text(tr("online.use_setup"))
        self.refresh()

    @property
    def computer_choice(self) -> dict[str, str]:
        """The computer's card as last set: the side the player takes, and the level."""
        choice = dict(ComputerSetupScene.defaults)
        choice.update(self.ctx.choices.get("computer", {}))
        if choice["side"] not in ("fire", "ice"):
            choice["side"] = "fire"  # watching the computer play itself: the player takes Fire
        return choice

    def refresh(self) -> None:
        setup = self.setup
        for element, computer in self.opponent_buttons.items():
            element.select() if computer == bool(self.computer) else element.unselect()
        for element, color in self.side_buttons.items():
            element.select() if color is setup.side else element.unselect()
        for element, count in self.count_buttons.items():
            element.select() if count == setup.count else element.unselect()
        placed = len(setup.holes)
        status = tr(f"handicap.status_{setup.side.key}", placed=placed, count=setup.count)
        if setup.seed is not None:
            status = tr("handicap.status_seeded", status=status, seed=setup.seed)
        text = f"<b>{html.escape(status)}.</b><br>{html.escape(self.message)}"
        self.message_box.set_text(text)
        self.start_button.enable() if setup.ready else self.start_button.disable()

    def handle_event(self, event: pygame.event.Event) -> None:
        setup = self.setup
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.layout is not None:
            if self.on_board(event.pos):
                self.activate(self.layout.hole_at(event.pos))
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            element = event.ui_element
            if element in self.side_buttons:
                setup.side = self.side_buttons[element]
                self.message = tr(f"handicap.gets_{setup.side.key}")
            elif element in self.count_buttons:
                self.message = setup.set_count(self.count_buttons[element]) or tr(
                    "handicap.extra_pegs_said", count=setup.count
                )
            elif element in self.opponent_buttons:
                self.choose_opponent(self.opponent_buttons[element])
            elif element is self.random_button:
                self.place_at_random()
            elif element is self.clear_button:
                setup.holes.clear()
                setup.seed = None
                self.seed_entry.set_text("")
                self.message = tr("handicap.cleared")
            elif element is self.start_button:
                self.start()
            elif element is self.back_button:
                self.back()
            self.refresh()
        elif (
            event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.seed_entry
        ):
            self.manager.set_focus_set(None)  # a click on the box focuses it again
            self.place_at_random()  # Enter in the seed box draws from that seed
            self.refresh()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif (
                event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self.seed_entry.is_focused
            ):
                self.start()

    def back(self) -> None:
        """Back to the menu, or to the host's card when set up for online play."""
        if self.online:
            self.nav.go("online_host")
        else:
            self.nav.show_menu()

    def choose_opponent(self, computer: bool) -> None:
        """Play against a friend, or against the computer as its card was last set."""
        if not computer:
            self.computer = {}
            self.message = tr("handicap.against_friend")
            return
        choice = self.computer_choice
        self.computer = levels_for(choice["side"], choice["level"])
        self.message = tr(
            "handicap.against_computer",
            side=tr(f"side.{choice['side']}"),
            level=level_name(choice["level"]),
        )

    def place_at_random(self) -> None:
        text = self.seed_entry.get_text().strip()
        seed = int(text) if text.isdigit() else random.randrange(1, 1_000_000)
        self.setup.draw_random(seed)
        self.seed_entry.set_text(str(seed))
        self.message = tr("handicap.drawn", seed=seed)

    def start(self) -> None:
        setup = self.setup
        if not setup.ready:
            missing = setup.count - len(setup.holes)
            self.message = tr("handicap.place_more", count=missing)
            self.refresh()
            return
        handicap = Handicap(tuple(setup.holes), setup.side)
        if self.online:
            self.nav.go("online_host", setup=handicap)
            return
        again = ("handicap", {"setup": setup, "computer": self.computer})
        self.nav.go("play", session=Session("fire-and-ice", handicap, self.computer, again))

    def activate(self, hole: int | None) -> None:
        """A click on ``hole`` (or Enter on it): place a peg there or take it off."""
        if hole is None:
            self.message = tr("handicap.click_a_hole")
        else:
            self.message = self.setup.toggle(hole)
            if self.setup.seed is None:
                self.seed_entry.set_text("")
        self.refresh()

    # --- the keys: the board's cursor, or the ring on the buttons (F6, or Tab) ----------

    def handle_keyboard(self, event: pygame.event.Event) -> bool:
        self.keys.ring.area = self.panel_rect
        return self.keys.handle_event(event)

    def draw_focus(self, surface: pygame.Surface) -> None:
        self.keys.draw(surface)

    def cell_centres(self) -> dict[int, tuple[float, float]]:
        """The holes' centres, as drawn."""
        return centres_of(self.art.layout) if self.art is not None else {}

    def cursor_start(self) -> int | None:
        """The cursor starts on the first peg placed, else on the hole nearest the middle
        of the board that may take one (island D takes none)."""
        if self.setup.holes:
            return self.setup.holes[0]
        if self.art is None:
            return None
        open_holes = {
            hole: centre
            for hole, centre in self.cell_centres().items()
            if island_of(hole) != CENTRE_ISLAND
        }
        return nearest(open_holes, self.art.layout.centre)

    def tab_stops(self) -> list[int]:
        """Nothing moves here: Tab goes to the buttons."""
        return []

    def windows_open(self) -> bool:
        return False

    def focus_moved(self, to_panel: bool) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        position = self.setup.start()
        picture = BoardPicture(
            position.fire,
            position.ice,
            (position.fire_supply, position.ice_supply),
            marked=tuple(self.setup.holes),
            cursor=self.keys.cursor.visible,
        )
        surface.blit(backdrop(surface.get_size()), (0, 0))
        if self.art is not None:
            draw_board(surface, self.art, picture)
        self.draw_panel_backing(surface)


__all__ = ["HandicapScene", "HandicapSetup"]
