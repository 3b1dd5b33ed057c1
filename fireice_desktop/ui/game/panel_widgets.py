"""Widgets of the game screen's side panel: the move list, the analysis' progress bar,
labels whose letters shrink when their words would not fit, and the height a text box
needs for its words."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core.text.text_box_layout import TextBoxLayout

from ..toolkit.language import tr


class MoveList(pygame_gui.elements.UISelectionList):  # type: ignore[misc]
    """The moves of the game, the latest in sight.

    A move played, undone or redone changes only the end of the list.  pygame-gui's
    ``set_item_list`` would make a button for every line in sight from the top, which
    scrolling to the latest move then replaces with the lines at the foot: about twenty
    buttons a move, a frame's time, and for that frame the list showed its first moves.
    :meth:`show_latest` changes only the lines at the end and lays the list out at once.

    A line picked again stays picked (pygame-gui's list would drop it): the panel hears it
    as picked anew, and shows that move again.
    """

    def process_event(self, event: pygame.event.Event) -> bool:
        if (
            event.type == pygame_gui.UI_BUTTON_PRESSED
            and self.is_enabled
            and self.item_list_container is not None
            and event.ui_element in self.item_list_container.elements
        ):
            for item in self.item_list:
                if item["selected"] and item["button_element"] is event.ui_element:
                    event.ui_element.select()  # drawn picked again (pressed, it looked not)
                    said = {"text": item["text"], "ui_element": self}
                    pygame.event.post(
                        pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, said)
                    )
                    return False
        return bool(super().process_event(event))

    def scroll_to(self, index: int) -> None:
        """Scroll as little as needed for line ``index`` to be in sight whole, with a
        line of the moves around it where the list has room (its buttons laid out now)."""
        bar = self.bar_with_room()
        if bar is None or self.item_list_container is None:
            return
        line = self.list_item_height
        room = int(self.item_list_container.relative_rect.height)
        total = self.total_height_of_list
        margin = line if room >= 3 * line else 0
        top = min(bar.start_percentage * total, self.lowest_list_pos)
        wanted = top
        if index * line - margin < top:
            wanted = index * line - margin
        elif (index + 1) * line + margin > top + room:
            wanted = (index + 1) * line + margin - room
        wanted = max(0, min(wanted, self.lowest_list_pos))
        if wanted != top:
            self._scroll(bar, wanted / total)
        self.update(0.0)

    def _scroll(self, bar: pygame_gui.elements.UIVerticalScrollBar, start: float) -> None:
        """Show the list from ``start`` (0 to 1) of its height, and lay its buttons out now.

        The list is shown from the bar's ``start_percentage``; pygame-gui keeps that where
        its slider can be, and a slider at least 5 pixels long on a track of 10 (a list
        two lines high) never reaches the foot: the last lines could not be shown.  The
        list's own start is set after the slider has moved as far as it can."""
        bar.set_scroll_from_start_percentage(start)
        bar.start_percentage = start
        self.update(0.0)  # the buttons of the lines now in sight, in this frame

    def show_latest(self, names: list[str]) -> None:
        """List ``names`` (every line, in order), scrolled so that the last is in sight."""
        if not self._change_end(names):
            self.set_item_list(names)
        bar = self.bar_with_room()
        if bar is not None:
            self._scroll(bar, 1.0)

    def bar_with_room(self) -> pygame_gui.elements.UIVerticalScrollBar | None:
        """The scroll bar, when it has room to scroll (pygame-gui divides by that room: a
        list only a line or two high in the smallest window has none)."""
        bar = self.scroll_bar
        return bar if bar is not None and bar.scrollable_height > 0 else None

    def _change_end(self, names: list[str]) -> bool:
        """Add or drop lines at the end so that the list holds ``names``, where only the end
        changes and the list scrolls before and after; ``False`` where it cannot."""
        items = self.item_list
        kept = min(len(items), len(names))
        if self.scroll_bar is None or self.list_and_scroll_bar_container is None:
            return False
        room = int(self.list_and_scroll_bar_container.relative_rect.height)
        total = self.list_item_height * len(names)
        if total <= room or any(items[i]["text"] != names[i] for i in range(kept)):
            return False
        for item in items[kept:]:
            if item["button_element"] is not None:
                item["button_element"].kill()
        del items[kept:]
        for index in range(kept, len(names)):
            items.append(
                {
                    "text": names[index],
                    "button_element": None,
                    "selected": False,
                    "object_id": "#item_list_item",
                    "height": index * self.list_item_height,
                }
            )
        for item in items:  # as a new list: no line picked
            if item["selected"]:
                item["selected"] = False
                if item["button_element"] is not None:
                    item["button_element"].unselect()
        # What set_item_list sets besides the buttons (its rebuilds list these lines again).
        self._raw_item_list = names
        self.total_height_of_list = total
        self.lowest_list_pos = total - room
        self.scroll_bar.reset_scroll_position()
        self.scroll_bar.set_visible_percentage(room / total)
        self.scroll_bar.start_percentage = 0
        return True


def text_height(box: pygame_gui.elements.UITextBox, text: str) -> int:
    """The height ``box`` needs to show ``text`` (pygame-gui's HTML) whole at its width,
    with no scroll bar: the words laid out by pygame-gui's own parser and layout, as the
    box lays them out, without drawing them."""
    parser = box.parser
    if parser is None:
        return int(box.rect.height)
    parser.feed(text)
    style = parser.default_style
    font = box.ui_theme.get_font_dictionary().find_font(
        font_name=style["font_name"],
        font_size=style["font_size"],
        bold=style["bold"],
        italic=style["italic"],
        antialiased=style["antialiased"],
        script=style["script"],
        direction=style["direction"],
    )
    data = {"font": font, "font_colour": style["font_colour"], "bg_colour": style["bg_colour"]}
    wrap = box.text_wrap_rect
    area = pygame.Rect(0, 0, wrap.width, wrap.height)
    layout = TextBoxLayout(
        parser.layout_rect_queue,
        area,
        area.copy(),
        line_spacing=box.line_spacing,
        default_font_data=data,
        allow_split_dashes=box.allow_split_dashes,
        text_direction=style["direction"],
        editable=True,
    )
    parser.empty_layout_queue()
    words = max((row.bottom for row in layout.layout_rows), default=0)
    return int(words + box.rect.height - wrap.height)


class ProgressBar(pygame_gui.elements.UIProgressBar):  # type: ignore[misc]
    """A progress bar that reads "12 of 33"."""

    counts = (0, 1)

    def status_text(self) -> str:
        return tr("panel.progress", done=self.counts[0], total=self.counts[1])

    def show_counts(self, done: int, total: int) -> None:
        """Fill the bar to ``done`` of ``total``, and say so."""
        if (done, total) == self.counts:
            return
        self.counts = (done, total)
        percent = 100 * done / max(1, total)
        if percent == self.percent_full:
            self.redraw()  # the same fill, but the words changed
        self.set_current_progress(percent)


def shortened(text: str) -> str:
    """``text`` a letter shorter: its longest word cut, with "…" (so a long name goes before
    the words around it: "Margher… to move"), or its end when no word can be cut."""
    words = text.split(" ")
    longest = max(range(len(words)), key=lambda i: len(words[i].rstrip("…")))
    word = words[longest].rstrip("…")
    if len(word) > 3:
        words[longest] = word[:-1] + "…"
        return " ".join(words)
    return text[:-2].rstrip() + "…"


def fit_label(label: pygame_gui.elements.UILabel, text: str, usual: str, small: str) -> None:
    """Set ``text`` on ``label`` in the theme's ``usual`` letters, or its ``small`` ones
    when the words are too wide for the label in the usual.

    The letters are chosen before the words are set, so the label is never drawn with
    words it cannot hold."""
    font = label.ui_theme.get_font([usual, *label.element_ids])
    wanted = small if font.size(text)[0] > label.rect.width else usual
    if wanted == small:  # too wide even so (a friend's long name): cut, and say so with …
        small_font = label.ui_theme.get_font([small, *label.element_ids])
        while len(text) > 1 and small_font.size(text)[0] > label.rect.width:
            text = shortened(text)
    if label.object_ids[-1] != wanted:
        label.set_text("")  # the old words may not fit the new letters
        label.change_object_id(wanted)
    label.set_text(text)


__all__ = ["MoveList", "ProgressBar", "fit_label", "text_height"]
