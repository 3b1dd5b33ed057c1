"""Two widgets of the game screen's side panel: the analysis' progress bar, and labels
whose letters shrink when their words would not fit."""

from __future__ import annotations

import pygame_gui

from ..language import tr


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


__all__ = ["ProgressBar", "fit_label"]
