"""The main menu: the title over the quiet board, and the ways into the game."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from ...engine.records.game import GameRecord
from ...engine.words import named
from ...files.storage import KeptGame, autosave_path, system_words
from ..frame.cards import CardScreen
from ..frame.navigation import Context
from ..frame.scene import button
from ..game.windows.question import Question
from ..games.installed import KEEPS_GAME, MENU, main_backdrop
from ..toolkit.language import say, tr
from ..toolkit.scaling import px
from .saving import FileDialogs, Notice, error_text, record_summary

#: The menu's entries after Continue: (name, the route it opens, if it opens one), Learn
#: and the games' first. An entry's text and tool tip are the keys ``menu.NAME`` and
#: ``menu.NAME_tip``.
ENTRIES: tuple[tuple[str, str | None], ...] = (
    ("learn", "learn"),
    *MENU,
    ("friend", "friend"),
    ("open", None),
    ("statistics", "statistics"),
    ("rules", "rules"),
    ("settings", "settings"),
    ("quit", None),
)
ROUTES_OF = {name: route for name, route in ENTRIES if route is not None}
#: The entries that start another game in place of the one kept for Continue (a game
#: opened from a file replaces it too, unless it is over: that one is only reviewed). The
#: lessons and the puzzles leave it alone.
REPLACING = frozenset(name for name, _ in MENU) - KEEPS_GAME


def unreadable_text(kept: KeptGame) -> str:
    """What the menu says of a kept game that could not be read, and where it went."""
    problem = error_text(kept.problem) if kept.problem is not None else ""
    problem = problem.rstrip(".")
    if kept.set_aside_as is not None:
        return tr(
            "keeping.set_aside",
            problem=problem,
            name=named(kept.set_aside_as.name),
            folder=named(kept.set_aside_as.parent),
        )
    error = say(system_words(kept.set_aside_error)) if kept.set_aside_error is not None else ""
    return tr("keeping.not_set_aside", problem=problem, error=error, path=named(autosave_path()))


class MenuScene(CardScreen):
    """Title, the quiet board behind it, and the ways into the game."""

    title = "Menu"

    def __init__(self, ctx: Context, notice: tuple[str, str] | None = None) -> None:
        super().__init__(ctx, main_backdrop())
        #: A window the menu shows until the player closes it: (title, text, button), such
        #: as why online play stopped (``notice``).
        self.pending: tuple[str, str, str | None] | None = (
            None if notice is None else (*notice, None)
        )

    def build(self, size: tuple[int, int]) -> None:
        super().build(size)
        width, height = size
        m = self.manager
        self.files = FileDialogs(
            m, self.open_record, remembered=self.ctx.folders(), keep_folder=self.ctx.keep_folder
        )
        # Narrower in a narrow window, clear of the trays' counts in the top corners.
        column = pygame.Rect(0, 0, min(px(340), int(width * 0.31)), 0)
        column.centerx = width // 2
        self.saved_game = self.ctx.files.kept_game()
        unreadable = self.ctx.files.take_kept_game_notice()
        if unreadable is not None:
            self.pending = (tr("keeping.unreadable_title"), unreadable_text(unreadable), None)
        entries = []
        if self.saved_game is not None and not self.saved_game.history().position.is_over:
            entries.append(("continue", record_summary(self.saved_game)))
        entries += [(name, tr(f"menu.{name}_tip")) for name, _ in ENTRIES]
        # Rows 62 pixels apart, closer together when the window is short, where the title
        # closes up too: every entry fits the smallest window, Continue among them.
        head = px(110) if height >= px(700) else px(98)  # the title and the subtitle
        step = max(px(34), min(px(62), (height - px(60) - head + px(10)) // len(entries)))
        top = max(px(14), (height - head - len(entries) * step + px(10)) // 2)
        self.title_label = pygame_gui.elements.UILabel(
            pygame.Rect(column.x - px(80), top, column.width + px(160), px(64)),
            "Fire & Ice",
            m,
            object_id="#title",
        )
        pygame_gui.elements.UILabel(
            pygame.Rect(column.x - px(80), top + head - px(48), column.width + px(160), px(28)),
            tr("menu.byline"),
            m,
            object_id="#subtitle",
        )
        y = top + head
        # Rows closed up in a short window take a smaller type, clear of their edges.
        kind = "#menu_button" if step >= px(52) else "#menu_button_small"
        self.buttons: dict[object, str] = {}
        for name, tip in entries:
            element = button(
                m,
                pygame.Rect(column.x, y, column.width, step - min(px(10), step // 8)),
                tr(f"menu.{name}"),
                tip,
                object_id=kind,
            )
            self.buttons[element] = name
            y += step
        self.panel_rect = pygame.Rect(
            column.x - px(40), top - px(14), column.width + px(80), y - top + px(16)
        )
        self.notice = Notice(m)
        if self.pending is not None:
            self.notice.show(*self.pending)
        self.question = Question(m)

    def notify(self, title: str, text: str, button_text: str | None = None) -> None:
        """Show a window over the menu until the player closes it (a new window size keeps
        it)."""
        self.pending = (title, text, button_text)
        self.notice.show(*self.pending)

    def update(self, dt: float) -> bool:
        self.question.update(dt)
        return super().update(dt)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.question.handle_event(event) or self.notice.handle_event(event):
            return
        if self.pending is not None and not self.notice.is_open:
            self.pending = None  # closed by its button
        if self.files.handle_event(event):
            return
        if self.question.is_open:
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.choose(self.buttons[event.ui_element])
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.nav.quit()
        elif (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_o
            and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        ):
            self.choose("open")
        elif (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and "continue" in self.buttons.values()
        ):
            self.choose("continue")

    def open_record(self, record: GameRecord, path: object = None) -> None:
        """Play the game read from a file (asked first if it would replace an unfinished
        game kept for Continue)."""
        if self.unfinished is not None and not record.history().position.is_over:
            self.ask_to_replace(lambda: self.nav.open_record(record))
        else:
            self.nav.open_record(record)

    def ask_to_replace(self, go_on: Callable[[], None]) -> None:
        """Ask before another game takes the place of the unfinished one; ``go_on`` if yes."""
        unfinished = self.unfinished
        assert unfinished is not None
        width, height = self.manager.window_resolution
        self.question.ask(
            (int(width) // 2, int(height) // 2),
            tr("menu.replace_question"),
            tr("menu.replace_verb"),
            go_on,
            detail=tr("menu.replace_detail", game=record_summary(unfinished)),
            title=tr("menu.replace_title"),
            no_label=tr("menu.replace_keep"),
        )

    @property
    def unfinished(self) -> GameRecord | None:
        """The game kept for Continue, while it is not over."""
        saved = self.saved_game
        if saved is None or saved.history().position.is_over:
            return None
        return saved

    def choose(self, entry: str, asked: bool = False) -> None:
        """Open the menu entry named ``entry`` (a name of :data:`ENTRIES`, or continue).
        An entry that would start another game in place of an unfinished one asks first,
        unless it was ``asked`` already."""
        if entry in REPLACING and self.unfinished is not None and not asked:
            self.ask_to_replace(lambda: self.choose(entry, asked=True))
            return
        if entry == "continue" and self.saved_game is not None:
            self.nav.open_record(self.saved_game)
        elif entry == "open":
            self.files.ask_open()
        elif entry == "quit":
            self.nav.quit()
        elif entry in ROUTES_OF:
            self.nav.go(ROUTES_OF[entry])


__all__ = ["ENTRIES", "MenuScene"]
