"""Widgets of the game screen's side panel: the move list, the analysis' progress bar,
and labels whose letters shrink when their words would not fit."""

from __future__ import annotations

import pygame_gui

from ..language import tr


class MoveList(pygame_gui.elements.UISelectionList):  # type: ignore[misc]
    """The moves of the game, the latest in sight.

    A move played, undone or redone changes only the end of the list.  pygame-gui's
    ``set_item_list`` would make a button for every line in sight from the top, which
    scrolling to the latest move then replaces with the lines at the foot: about twenty
    buttons a move, a frame's time, and for that frame the list showed its first moves.
    :meth:`show_latest` changes only the lines at the end and lays the list out at once.
    """

    def show_latest(self, names: list[str]) -> None:
        """List ``names`` (every line, in order), scrolled so that the last is in sight."""
        if not self._change_end(names):
            self.set_item_list(names)
        bar = self.bar_with_room()
        if bar is not None:
            bar.set_scroll_from_start_percentage(1.0)
            self.update(0.0)  # the buttons of the lines now in sight, in this frame

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


def fit_label(label: pygame_gui.elements.UILabel, text: str, usual: str, small: str) -> None:
    """Set ``text`` on ``label`` in the theme's ``usual`` letters, or its ``small`` ones
    when the words are too wide for the label in the usual.

    The letters are chosen before the words are set, so the label is never drawn with
    words it cannot hold."""
    font = label.ui_theme.get_font([usual, *label.element_ids])
    wanted = small if font.size(text)[0] > label.rect.width else usual
    if label.object_ids[-1] != wanted:
        label.set_text("")  # the old words may not fit the new letters
        label.change_object_id(wanted)
    label.set_text(text)


__all__ = ["MoveList", "ProgressBar", "fit_label"]
