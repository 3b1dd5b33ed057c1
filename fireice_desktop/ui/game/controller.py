"""The board controller: picking up, dropping and dragging pegs, undo/redo, review.

It is written once for every game that follows the engine's game interface (the
two-player game, the solitaire and Icebreaker).  It knows cells, not pixels or
pygame events: the scene translates clicks through the layout and calls
``press``/``release``; names and moves come from the position.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ...engine.errors import words_of
from ...engine.interface import GameState, History
from ..toolkit.language import say as spoken
from ..toolkit.language import side_name, tr
from ..toolkit.motion import MOVE_SECONDS

S = TypeVar("S", bound=GameState)


@dataclass
class MoveAnimation:
    """A move being shown: the piece travels, then what follows it (a peg dropping in)."""

    move: Any
    before: Any
    after: Any
    elapsed: float = 0.0
    duration: float = MOVE_SECONDS

    @property
    def progress(self) -> float:
        """0 at the start, 1 when done."""
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)


class BoardController(Generic[S]):
    """What the player is doing with the pegs of one game."""

    def __init__(self, start: S) -> None:
        self.history: History[S] = History(start)
        self.selected: int | None = None
        self.message = ""
        self.review: int | None = None  # index into history.positions while reviewing
        self.animation: MoveAnimation | None = None
        self.changed = True  # tells the scene to redraw / refresh its panels
        self.sounds: list[str] = []  # "pick" / "place" events for the scene to play
        self.animation_time = MOVE_SECONDS  # seconds for a move; 0 plays moves without animation
        self._pressed_selected = False  # the mouse went down on the peg already held
        #: The latest move played, and the position it was played from, until taken.
        self.just_played: tuple[S, Any] | None = None
        #: The latest move the rules refused (its reason said), until taken.
        self.refused: Any = None
        #: News of something done beside the game (a save), and the board it was told on.
        self._notice: tuple[str, tuple[object, ...]] = ("", ())
        self.notice_name = ""  # the file's name in the news told

    # --- what is shown ----------------------------------------------------------

    @property
    def shown(self) -> S:
        """The position on the board: the present one, or a past one while reviewing."""
        if self.review is not None:
            return self.history.positions[self.review]
        return self.history.position

    @property
    def targets(self) -> int:
        """Bitboard of the legal destinations of the picked-up peg."""
        if self.selected is None:
            return 0
        position = self.history.position
        mask = 0
        for move in position.legal_moves():
            if move.src == self.selected:
                mask |= 1 << move.dst
        return mask

    @property
    def last_move(self) -> Any:
        """The move that led to the shown position."""
        index = self.review if self.review is not None else self.history.cursor
        return self.history.moves[index - 1] if index > 0 else None

    # --- input ------------------------------------------------------------------

    def say(self, text: str) -> None:
        """Show ``text`` in the panel's message box."""
        self.message = text
        self.changed = True

    def tell(self, text: str, name: str = "") -> None:
        """Show ``text`` in the message box over what it shows there now, the review's or
        the analysis' words too, until the board changes (a move, a step, a peg picked up):
        news of something done beside the game, like a save (``name``: the file's name
        in it, written as file names are)."""
        self._notice = (text, self._moment())
        self.notice_name = name
        self.changed = True

    @property
    def notice(self) -> str:
        """The news told (:meth:`tell`) while the board is as it was then, else ``""``."""
        text, moment = self._notice
        return text if moment == self._moment() else ""

    def _moment(self) -> tuple[object, ...]:
        return (id(self.history), self.history.changes, self.review, self.selected)

    def _mover_name(self, position: S) -> str:
        to_move = position.to_move
        if to_move is None:
            return tr("controller.either_colour")
        return side_name(to_move, position.game, in_text=True)

    def can_pick(self, hole: int) -> bool:
        """Whether the peg on ``hole`` may be picked up now (it has a move to make)."""
        position = self.history.position
        return any(move.src == hole for move in position.legal_moves())

    def at_rest(self) -> bool:
        """Whether the board is free: the present position shown, no move under way and no
        piece in hand."""
        return self.review is None and self.animation is None and self.selected is None

    def reviewing(self) -> bool:
        """Whether an earlier position is on the board, where no move is made."""
        return self.review is not None

    def press(self, hole: int | None) -> None:
        """A click (or the start of a drag) on ``hole``, or on empty wood if ``None``."""
        self.finish_animation()
        if self.reviewing():
            self.say(tr("controller.reviewing"))
            return
        position = self.history.position
        if hole is None:
            if self.selected is not None:
                self.put_back()
            return
        if self.selected is not None and hole == self.selected:
            # Put back on release, unless the press turns into a drag of the same peg.
            self._pressed_selected = True
            return
        if self.selected is not None and self.targets >> hole & 1:
            self.move_to(hole)
            return
        name = position.cell_name
        if position.is_over:
            self.say(tr("controller.over"))
            return
        color = position.color_at(hole)
        to_move = position.to_move
        if color is not None and (to_move is None or color is to_move):
            if self.can_pick(hole):
                self.selected = hole
                self.sounds.append("pick")
                self.say("")
            else:
                self.say(spoken(position.stuck_reason(hole)))
            return
        if self.selected is not None:
            refused = position.make_move(self.selected, hole)
            reason = position.illegal_reason(refused)
            self.refused = refused
            self.say(f"{name(self.selected)}-{name(hole)}: {spoken(reason or '')}")
            return
        game = position.game
        if color is None:
            self.say(tr(f"controller.holds_none.{game}", hole=name(hole)))
        else:
            piece = tr(f"controller.piece.{game}.{color.key}")
            mover = self._mover_name(position)
            self.say(tr("controller.holds", hole=name(hole), piece=piece, mover=mover))

    def release(self, hole: int | None, dragged: bool) -> None:
        """The mouse button comes up over ``hole``; ``dragged`` if the peg was carried."""
        pressed_selected, self._pressed_selected = self._pressed_selected, False
        if self.selected is None:
            return
        if not dragged:
            if pressed_selected and hole == self.selected:
                self.put_back()  # a click on the held peg
            return
        if hole is None or hole == self.selected:
            return  # dropped back where it was: it stays picked up
        if self.targets >> hole & 1:
            self.move_to(hole)
        else:
            position = self.history.position
            refused = position.make_move(self.selected, hole)
            reason = position.illegal_reason(refused)
            self.refused = refused
            name = position.cell_name
            self.say(f"{name(self.selected)}-{name(hole)}: {spoken(reason or '')}")

    def put_back(self) -> None:
        """Put the picked-up peg back in its hole."""
        if self.selected is not None:
            self.selected = None
            self.sounds.append("place")
            self.say("")

    def move_to(self, hole: int) -> None:
        """Play the picked-up peg to ``hole`` (which must be a marked destination)."""
        assert self.selected is not None
        self.play(self.history.position.make_move(self.selected, hole), self.animation_time)

    def play(self, move: Any, duration: float = MOVE_SECONDS) -> bool:
        """Play ``move`` (or its text) in the present position; a reason is shown if it is
        illegal."""
        before = self.history.position
        try:
            if isinstance(move, str):
                move = before.parse_move(move)
            after = self.history.play(move)
        except ValueError as error:
            if not isinstance(move, str):
                self.refused = move
            self.say(spoken(words_of(error)))  # an illegal move's reason, or bad notation
            return False
        self.selected = None
        self.review = None
        self.just_played = (before, move)
        self.animation = MoveAnimation(move, before, after, duration=duration)
        if duration <= 0:
            self.animation = None
            self.sounds.append("place")
        self.say("")
        return True

    # --- animation ---------------------------------------------------------------

    def update(self, dt: float) -> bool:
        """Advance the animation by ``dt`` seconds; ``True`` while something moves."""
        if self.animation is None:
            return False
        self.animation.elapsed += dt
        if self.animation.progress >= 1.0:
            self.animation = None
            self.sounds.append("place")
            self.changed = True  # the panel shows the result once the peg has landed
        return True

    def finish_animation(self) -> None:
        """Jump to the end of any animation (on undo, new input, leaving the scene)."""
        if self.animation is not None:
            self.animation = None
            self.changed = True

    # --- history -----------------------------------------------------------------

    def undo(self) -> None:
        """Take back the last move (in review: step back)."""
        self.finish_animation()
        self.selected = None
        if self.review is not None:
            self.review = max(0, self.review - 1)
            self.say("")
        elif self.history.undo():
            self.say("")
        else:
            self.say(tr("controller.nothing_to_undo"))

    def redo(self) -> None:
        """Play an undone move again (in review: step forward)."""
        self.finish_animation()
        self.selected = None
        if self.review is not None:
            self.review += 1
            if self.review >= self.history.cursor:
                self.review = None
            self.say("")
        elif self.history.redo():
            self.say("")
        else:
            self.say(tr("controller.nothing_to_redo"))

    def show_move(self, index: int) -> None:
        """Show the position after move ``index`` (0-based) of the game; review mode if past."""
        self.finish_animation()
        self.selected = None
        target = max(0, index + 1)
        # The present position is the game itself, not a review of it (even at move 0).
        self.review = None if target >= self.history.cursor else target
        self.changed = True

    def show_start(self) -> None:
        """Review the position before the first move."""
        self.finish_animation()
        self.selected = None
        self.review = 0 if self.history.cursor > 0 else None
        self.changed = True

    def show_position(self, index: int) -> None:
        """Show position ``index`` of the game (0: the start): a review of it if it is past."""
        if index >= self.history.cursor:
            self.leave_review()
        elif index == 0:
            self.show_start()
        else:
            self.show_move(index - 1)

    def leave_review(self) -> None:
        """Return to the present position."""
        self.review = None
        self.say("")
