"""The computer's review on the game screen: the analysis off the UI thread, its
progress, and the evaluation graph drawn in the panel.

:class:`GameAnalysis` runs :func:`~fireice_desktop.engine.analysis.review.review` on a
:class:`~.jobs.Job` and keeps the result for the line of moves it was made for; a
change to the game (an undo and another move) makes it stale, and it is dropped.
:func:`graph_picture` draws the first side's chances along the game (once per review and
size: :meth:`GameAnalysis.picture`), :func:`draw_cursor` the position shown, and
:func:`graph_index_at` says which position a click on the graph picks.
"""

from __future__ import annotations

import threading
from typing import Any

import pygame

from ....engine.analysis.review import MoveReview, Review, Verdict, review
from ....engine.interface import History
from ...toolkit.art import font
from ...toolkit.jobs import Job
from ...toolkit.language import current, say, tr
from ...toolkit.scaling import px

Rgb = tuple[int, int, int]

#: The marks of the errors on the graph and their words' colours.
VERDICT_RGB: dict[Verdict, Rgb] = {
    Verdict.INACCURACY: (240, 214, 90),
    Verdict.MISTAKE: (245, 150, 50),
    Verdict.BLUNDER: (235, 60, 50),
}
GRAPH_BACK: Rgb = (38, 26, 16)
GRAPH_EDGE: Rgb = (122, 82, 48)
GRAPH_TEXT: Rgb = (240, 226, 200)
CURSOR_RGB: Rgb = (255, 246, 190)
#: The lengths of the graph at scale 1 (each drawn at the window's scale, :func:`px`).
SUMMARY_ROOM = 42  # the summary lines under the graph, and the gap above them
SUMMARY_GAP = 6  # between the graph and the summary lines
SUMMARY_LINE = 17  # from one summary line to the next
SUMMARY_FONT = 13
MARGIN = 5  # between the graph's edge and its curve
DOT = 4  # an error's mark on the curve (with an edge of one pixel more)


class GameAnalysis:
    """The review of one line of moves: in the making, done, or none."""

    def __init__(self) -> None:
        self.job: Job[Review] | None = None
        self.result: Review | None = None  # the review, once made
        self.moves: tuple[Any, ...] = ()  # the line of moves reviewed (or being reviewed)
        self._progress = (0, 1)
        self._lock = threading.Lock()
        #: The graph as last drawn: for which review, with which size, colours and summary.
        self._picture: tuple[Review, object, pygame.Surface] | None = None

    @property
    def running(self) -> bool:
        """Whether an analysis is under way."""
        return self.job is not None

    @property
    def progress(self) -> tuple[int, int]:
        """Positions assessed so far, and how many there are."""
        with self._lock:
            return self._progress

    def start(self, history: History[Any]) -> None:
        """Review every move of ``history`` (the undone ones too) in the background."""
        self.cancel()
        moves = tuple(history.moves)
        positions = list(history.positions[: len(moves) + 1])
        self.moves = moves
        self._progress = (0, len(positions))

        def note(done: int, total: int) -> None:
            with self._lock:
                self._progress = (done, total)

        self.job = Job(lambda stop: review(positions, list(moves), stop, note))

    def keep(self, reviewed: Review, history: History[Any]) -> None:
        """Take ``reviewed`` as the review of ``history``'s moves, made earlier: no analysis
        runs.  Dropped at the next :meth:`poll` if it is not of those moves."""
        self.cancel()
        self.result = reviewed
        self.moves = tuple(move.move for move in reviewed.moves)
        self._picture = None

    def cancel(self) -> None:
        """Stop an analysis under way (a finished review is kept)."""
        if self.job is not None:
            self.job.cancel()
        self.job = None

    def forget(self) -> None:
        """Stop any analysis and drop the review."""
        self.cancel()
        self.result = None
        self.moves = ()
        self._picture = None

    def poll(self, history: History[Any]) -> str | None:
        """Take a finished analysis; drop one the game has left behind.  Returns what to
        say when an analysis ends (done, or failed)."""
        if (self.result is not None or self.job is not None) and not self.fits(history):
            self.forget()
            return None
        job = self.job
        if job is None or not job.done:
            return None
        self.job = None
        if job.error is not None:
            return tr("analysis.failed", error=job.error)
        if job.result is None:
            return None
        self.result = job.result
        return tr("analysis.done")

    def fits(self, history: History[Any]) -> bool:
        """Whether the review (or the one being made) is of ``history``'s moves."""
        return tuple(history.moves) == self.moves

    def move(self, index: int) -> MoveReview | None:
        """The review of move ``index`` (from 0), once there is one."""
        if self.result is None or not 0 <= index < len(self.result.moves):
            return None
        return self.result.moves[index]

    def picture(
        self, size: tuple[int, int], colours: tuple[Rgb, Rgb], summary: bool
    ) -> pygame.Surface | None:
        """The review's graph (see :func:`graph_picture`), drawn once for each review,
        size, scale and language, not every frame."""
        reviewed = self.result
        if reviewed is None:
            return None
        drawn = self._picture
        key = (size, colours, summary, px(100), current())
        if drawn is None or drawn[0] is not reviewed or drawn[1] != key:
            drawn = (reviewed, key, graph_picture(reviewed, size, colours, summary))
            self._picture = drawn
        return drawn[2]

    def settle(self, timeout: float) -> None:
        """Wait up to ``timeout`` s for the analysis (screenshots, tests)."""
        if self.job is not None:
            self.job.wait(timeout)


# --- the graph --------------------------------------------------------------------------


def _point(rect: pygame.Rect, index: int, count: int, chance: float) -> tuple[int, int]:
    x = rect.x + round(index * (rect.width - 1) / max(1, count - 1))
    y = rect.y + round((1.0 - chance) * (rect.height - 1))
    return x, y


def graph_picture(
    reviewed: Review, size: tuple[int, int], colours: tuple[Rgb, Rgb], summary: bool
) -> pygame.Surface:
    """The graph of ``size`` (and under it, with ``summary``, each side's summary line):
    the first side's chance at every position, from the start (left) to the end (right),
    the area above the middle line in the first side's colour, below it in the second's,
    and the errors marked by colour."""
    width, height = size
    room = px(SUMMARY_ROOM) if summary else 0
    picture = pygame.Surface((width, height + room), pygame.SRCALPHA)
    rect = pygame.Rect((0, 0), size)
    pygame.draw.rect(picture, GRAPH_BACK, rect, border_radius=px(6))
    inner = _inner(rect)
    chances = reviewed.chances
    count = len(chances)
    middle = inner.centery
    points = [_point(inner, i, count, c) for i, c in enumerate(chances)]
    first, second = colours
    for i in range(count - 1):
        (x0, y0), (x1, y1) = points[i], points[i + 1]
        for x in range(x0, x1 + 1):
            t = (x - x0) / max(1, x1 - x0)
            y = round(y0 + (y1 - y0) * t)
            if y < middle:
                pygame.draw.line(picture, first, (x, y), (x, middle))
            elif y > middle:
                pygame.draw.line(picture, second, (x, middle), (x, y))
    pygame.draw.line(picture, GRAPH_EDGE, (inner.x, middle), (inner.right, middle))
    if count > 1:
        pygame.draw.lines(picture, GRAPH_TEXT, False, points, px(2))
    for move in reviewed.moves:
        rgb = VERDICT_RGB.get(move.verdict)
        if rgb is not None:
            pygame.draw.circle(picture, (20, 12, 6), points[move.ply + 1], px(DOT + 1))
            pygame.draw.circle(picture, rgb, points[move.ply + 1], px(DOT))
    pygame.draw.rect(picture, GRAPH_EDGE, rect, px(2), border_radius=px(6))
    if summary:
        gap = px(SUMMARY_GAP)
        _draw_summary(picture, pygame.Rect(0, height + gap, width, room - gap), reviewed)
    return picture


def _inner(rect: pygame.Rect) -> pygame.Rect:
    """Where the curve runs within the graph at ``rect``."""
    return rect.inflate(-2 * px(MARGIN), -2 * px(MARGIN))


def draw_cursor(surface: pygame.Surface, rect: pygame.Rect, count: int, shown: int) -> None:
    """The line on the graph at ``rect`` that marks the position on the board."""
    if 0 <= shown < count:
        inner = _inner(rect)
        x = _point(inner, shown, count, 0.0)[0]
        pygame.draw.line(surface, CURSOR_RGB, (x, inner.y), (x, inner.bottom), px(2))


def _draw_summary(surface: pygame.Surface, rect: pygame.Rect, reviewed: Review) -> None:
    """The summary lines under the graph: each side's accuracy and errors."""
    text_font = font(px(SUMMARY_FONT), bold=False)
    y = rect.y
    for summary in reviewed.summaries():
        counts = f"?! {summary.inaccuracies}   ? {summary.mistakes}   ?? {summary.blunders}"
        name, accuracy = say(summary.name), round(summary.accuracy)
        for line in (
            say(summary.line()),
            tr("analysis.accuracy_counts", name=name, accuracy=accuracy, counts=counts),
            f"{name} {accuracy} %   {counts}",
        ):
            rendered = text_font.render(line, True, GRAPH_TEXT)
            if rendered.get_width() <= rect.width:
                break
        surface.blit(rendered, (rect.x, y))
        y += px(SUMMARY_LINE)


def graph_index_at(rect: pygame.Rect, pos: tuple[int, int], count: int) -> int | None:
    """The position a click at ``pos`` on the graph picks (the nearest), if it is on it."""
    if not rect.collidepoint(pos) or count < 1:
        return None
    inner = _inner(rect)
    fraction = (pos[0] - inner.x) / max(1, inner.width - 1)
    return max(0, min(count - 1, round(fraction * (count - 1))))


__all__ = [
    "GameAnalysis",
    "draw_cursor",
    "graph_index_at",
    "graph_picture",
]
