"""Practise your mistakes: after Analyse, each position where a mistake or a blunder was
played, offered again on the board to find a move the review would call at least good
(:mod:`.....engine.teaching.practice`), with a hint on request.  A move found is said in a hint's
words, with the islands it hands the other side; Back returns to the analysed game."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .....engine.games.fireice.board import ISLANDS
from .....engine.games.fireice.rules import Color, Move, Position
from .....engine.records.game import GameRecord
from .....engine.teaching.practice import Mistake, PracticeAttempt
from .....engine.words import all_of
from ....frame.navigation import Context
from ....game.trainer import JUDGING, PLAYING, SOLVED, TrainerScene
from ....game.view import verdict_words
from ....toolkit.language import say, side_name, tr
from ..view import board_view


def handed_islands(position: Position, move: Move) -> list[str]:
    """The islands ``move`` hands the other side: those it controls after the move and did
    not before (the other side's peg put into the hole the move left completes a line)."""
    other = position.to_move.other
    after = position.play_unchecked(move)
    handed = after.control(other) & ~position.control(other)
    return [ISLANDS[i] for i in range(7) if handed >> i & 1]


class PracticeScene(TrainerScene):
    """The mistakes of one analysed game, one after the other."""

    rows = (("try_again", "hint_button"), ("next", "back"))
    words = "practice"
    info_lines = ("progress", "played")

    def __init__(
        self,
        ctx: Context,
        mistakes: Sequence[Mistake] = (),
        record: GameRecord | None = None,
        back: Mapping[str, Any] | None = None,
    ) -> None:
        self.ctx = ctx
        self.mistakes = list(mistakes)
        self.record = record
        #: What the game screen needs to come back as it was: its session and its review.
        self.way_back = dict(back or {})
        if not self.mistakes:  # opened by its name alone: nothing to practise yet
            super().__init__(ctx, Position.start(), board_view)
            self.index = 0
            self.state = SOLVED
            self.say(tr("practice.none"))
            return
        super().__init__(ctx, self.mistakes[0].position, board_view)
        self._load(0)

    def _load(self, index: int) -> None:
        self.index = index
        self.attempt = PracticeAttempt(self.mistakes[index])
        self.restart_board(self.mistake.position, tr("practice.start"))

    @property
    def mistake(self) -> Mistake:
        return self.mistakes[self.index]

    @property
    def exercise(self) -> Any:
        return self.attempt

    @property
    def learner(self) -> Color | None:
        if not self.mistakes:  # nothing to practise: no side
            return None
        mover: Color = self.mistake.mover
        return mover

    def solved_words(self) -> str:
        judged = self.attempt.judged
        assert judged is not None
        verdict = verdict_words(judged.verdict)
        if judged.reason:
            reason = say(judged.reason)
            words = tr("practice.right_which", move=judged.move, reason=reason, verdict=verdict)
        else:
            words = tr("practice.right", move=judged.move, verdict=verdict)
        # What else the move does on the board: the islands it hands the other side.
        position = self.mistake.position
        handed = handed_islands(position, judged.move)
        if handed:
            side = side_name(position.to_move.other)
            count = len(handed)
            islands = say(all_of(handed))
            words += " " + tr("practice.hands", count=count, side=side, islands=islands)
        if judged.keeps_win:
            words += " " + tr("practice.keeps_win")
        if self.index + 1 == len(self.mistakes):
            words += " " + tr("practice.last")
        return words

    def wrong_words(self, move: Any, punishment: Any) -> str:
        judged = self.attempt.judged
        verdict = verdict_words(judged.verdict) if judged is not None else ""
        return tr("practice.wrong", move=move, verdict=verdict)

    def actions(self) -> dict[str, Callable[[], None]]:
        return {
            "try_again": lambda: self._load(self.index) if self.mistakes else None,
            "hint_button": lambda: self.say(say(self.attempt.hint())) if self.mistakes else None,
            "next": self.next_mistake,
            "back": self.back,
        }

    def next_mistake(self) -> None:
        if self.mistakes:
            self._load((self.index + 1) % len(self.mistakes))

    def back(self) -> None:
        """Back to the game the mistakes came from, its review kept and the mistake just
        practised shown (or the menu)."""
        if self.record is None:
            self.nav.show_menu()
        elif self.way_back and self.mistakes:
            shown = self.mistake.ply
            self.nav.go("play", record=self.record, shown=shown, **self.way_back)
        else:
            self.nav.open_record(self.record)

    def panel_texts(self) -> dict[str, str]:
        if not self.mistakes:
            return {"title": tr("panel.practise"), "task": "", "progress": "", "played": ""}
        mistake = self.mistake
        side = side_name(mistake.mover)
        task = tr("practice.task", side=side, move=mistake.played)
        if self.state == SOLVED:
            task = tr("practice.solved_short")
        elif self.state not in (PLAYING, JUDGING):
            task = self.task_words()
        played = f"{mistake.played}{mistake.verdict.symbol}"
        return {
            "title": tr("practice.title", number=mistake.ply + 1),
            "task": task,
            "progress": tr("practice.progress", number=self.index + 1, count=len(self.mistakes)),
            "played": tr("practice.played", move=played, verdict=verdict_words(mistake.verdict)),
        }

    def refresh(self) -> None:
        super().refresh()
        for name in ("try_again", "hint_button", "next"):
            button = self.widgets.get(name)
            wanted = len(self.mistakes) > (1 if name == "next" else 0)
            if button is not None:
                button.enable() if wanted else button.disable()


__all__ = ["PracticeScene"]
