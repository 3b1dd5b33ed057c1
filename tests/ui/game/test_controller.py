"""The board controller of every game, without pygame: picking up, dropping and dragging
pieces, playing moves by text, the move animation, undo/redo and reviewing past positions.

Every expected value (legal destinations, reasons, positions after a move) comes from the
engine's positions, never from the controller itself.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fireice_desktop.engine.games.fireice.board import parse_hole
from fireice_desktop.engine.games.fireice.rules import Position
from fireice_desktop.engine.games.fireice.solitaire import SolitairePosition
from fireice_desktop.engine.games.icebreaker.board import HexBoard
from fireice_desktop.engine.games.icebreaker.rules import IcebreakerPosition
from fireice_desktop.ui.game.controller import BoardController, MoveAnimation
from fireice_desktop.ui.toolkit.motion import MOVE_SECONDS

ROOT = Path(__file__).resolve().parents[3]
SEA = HexBoard.of(5)

REVIEW_MESSAGE = "You are looking at an earlier position: return to the game to move."
GAME_OVER_MESSAGE = "The game is over: start a new game, or undo to go back."


@dataclass(frozen=True)
class Game:
    """One game as the controller sees it: a start position and the cells a click can hit."""

    name: str
    start: Callable[[], Any]
    cells: tuple[int, ...]

    def __str__(self) -> str:
        return self.name


FIRE_AND_ICE = Game("fire-and-ice", Position.start, tuple(range(49)))
SOLITAIRE = Game("solitaire", lambda: SolitairePosition.deal(7), tuple(range(49)))
ICEBREAKER = Game("icebreaker", lambda: IcebreakerPosition.start(5), SEA.cells)
GAMES = (FIRE_AND_ICE, SOLITAIRE, ICEBREAKER)

every_game = pytest.mark.parametrize("game", GAMES, ids=str)


# --- what the engine says ---------------------------------------------------------------------


def destinations(position: Any, src: int) -> int:
    """The legal destinations of the piece on ``src``, as a bitboard, from the engine."""
    mask = 0
    for move in position.legal_moves():
        if move.src == src:
            mask |= 1 << move.dst
    return mask


def movable(position: Any) -> list[int]:
    """The cells whose piece has a legal move, in board order."""
    return sorted({move.src for move in position.legal_moves()})


def is_own(position: Any, cell: int) -> bool:
    """Whether ``cell`` holds a piece of the side to move (either colour if none is)."""
    color = position.color_at(cell)
    return color is not None and (position.to_move is None or color is position.to_move)


def random_line(start: Any, seed: int) -> Iterator[tuple[Any, list[Any]]]:
    """The positions of a game of uniformly random legal moves, each with the moves that
    lead to it, until the game is over."""
    rng = random.Random(seed)
    position = start
    moves: list[Any] = []
    while True:
        yield position, list(moves)
        legal = position.legal_moves()
        if not legal:
            return
        move = rng.choice(legal)
        position = position.play(move)
        moves.append(move)


def position_where(game: Game, wanted: Callable[[Any], bool]) -> tuple[Any, list[Any]]:
    """The first position of the seeded random games of ``game`` that is ``wanted``."""
    for seed in range(20):
        for position, moves in random_line(game.start(), seed):
            if wanted(position):
                return position, moves
    raise AssertionError(f"no position of {game} found")


def after_plies(game: Game, plies: int, seed: int) -> tuple[Any, list[Any]]:
    """The position after the first ``plies`` moves of a seeded random game, and the moves."""
    return next((p, m) for p, m in random_line(game.start(), seed) if len(m) == plies)


def stuck_pieces(game: Game, position: Any) -> list[int]:
    """Pieces of the side to move that have no legal move, while the game goes on."""
    if position.is_over:
        return []
    return [
        cell for cell in game.cells if is_own(position, cell) and not destinations(position, cell)
    ]


def opponent_pieces(game: Game, position: Any) -> list[int]:
    """Cells holding a piece of the side not to move."""
    to_move = position.to_move
    return [
        cell
        for cell in game.cells
        if to_move is not None and position.color_at(cell) not in (None, to_move)
    ]


def played(game: Game, moves: list[Any], animation_time: float = 0.0) -> BoardController:
    """A controller of ``game`` after ``moves`` were played through it."""
    controller = BoardController(game.start())
    for move in moves:
        assert controller.play(move, animation_time)
    controller.sounds.clear()
    controller.changed = False
    return controller


def replay(start: Any, moves: list[Any]) -> list[Any]:
    """The positions from ``start`` through ``moves``, played by the engine."""
    positions = [start]
    for move in moves:
        positions.append(positions[-1].play(move))
    return positions


# --- picking up -------------------------------------------------------------------------------


@every_game
@pytest.mark.parametrize("plies", [0, 5], ids=["start", "after 5 moves"])
def test_pressing_an_own_piece_picks_it_up_and_marks_its_legal_destinations(
    game: Game, plies: int
) -> None:
    """A press on a piece that can move selects it, plays "pick" and marks exactly the
    destinations the engine's legal moves give that piece."""
    position, moves = after_plies(game, plies, seed=0)
    assert movable(position)
    for src in movable(position):
        controller = played(game, moves)
        controller.press(src)
        assert controller.selected == src
        assert controller.targets == destinations(position, src) != 0
        assert controller.sounds == ["pick"]
        assert controller.message == ""
        assert controller.can_pick(src)


def test_fire_and_ice_start_peg_reaches_its_island_and_its_number_elsewhere() -> None:
    """On the empty board Fire's D4 may go to the other six holes of D and to every 4."""
    controller = BoardController(Position.start())
    controller.press(parse_hole("D4"))
    names = ["D1", "D2", "D3", "D5", "D6", "D7", "A4", "B4", "C4", "E4", "F4", "G4"]
    assert controller.targets == sum(1 << parse_hole(name) for name in names)


@pytest.mark.parametrize(
    ("game", "cell", "message"),
    [
        (FIRE_AND_ICE, parse_hole("A1"), "A1 holds no peg: pick up one of your pegs first."),
        (ICEBREAKER, SEA.parse_cell("c3"), "c3 holds no ship: pick up one of your ships first."),
    ],
    ids=["fire-and-ice", "icebreaker iceberg"],
)
def test_pressing_an_empty_cell_names_it(game: Game, cell: int, message: str) -> None:
    """A press where there is no piece says so in words."""
    controller = BoardController(game.start())
    controller.press(cell)
    assert controller.message == message
    assert controller.selected is None
    assert controller.sounds == []


@every_game
def test_pressing_any_empty_cell_says_it_holds_no_piece(game: Game) -> None:
    """Every cell without a piece answers with its name and the game's piece, selecting
    nothing."""
    position, moves = position_where(game, lambda p: not p.is_over and p.to_move is not None)
    empty = [cell for cell in game.cells if position.color_at(cell) is None]
    assert empty
    for cell in empty:
        controller = played(game, moves)
        controller.press(cell)
        name, piece = position.cell_name(cell), position.piece
        assert controller.message == f"{name} holds no {piece}: pick up one of your {piece}s first."
        assert controller.selected is None
        assert controller.sounds == []


@pytest.mark.parametrize(
    ("game", "moves", "cell", "message"),
    [
        (FIRE_AND_ICE, ["D4-C4"], parse_hole("C4"), "C4 holds a Fire peg: Ice moves now."),
        (SOLITAIRE, ["A2-A3"], parse_hole("A3"), "A3 holds an aqua peg: red moves now."),
        (ICEBREAKER, [], SEA.parse_cell("a5"), "a5 holds a Black ship: Red moves now."),
    ],
    ids=str,
)
def test_pressing_an_opponents_piece_says_whose_turn_it_is(
    game: Game, moves: list[str], cell: int, message: str
) -> None:
    """A press on the other side's piece names the piece and the side to move."""
    controller = played(game, moves)
    controller.press(cell)
    assert controller.message == message
    assert controller.selected is None
    assert controller.sounds == []


@every_game
def test_no_opponents_piece_can_be_picked_up(game: Game) -> None:
    """Every piece of the side not to move answers with a message and selects nothing."""
    position, moves = position_where(game, lambda p: bool(opponent_pieces(game, p)))
    for cell in opponent_pieces(game, position):
        controller = played(game, moves)
        controller.press(cell)
        side = position.side_name(position.color_at(cell))
        assert f"{side} {position.piece}" in controller.message
        assert controller.message.endswith(f"{position.side_name(position.to_move)} moves now.")
        assert controller.selected is None
        assert controller.sounds == []


@pytest.mark.parametrize("game", [FIRE_AND_ICE, SOLITAIRE], ids=str)
def test_pressing_an_own_piece_that_cannot_move_says_why(game: Game) -> None:
    """A piece of the side to move with no legal move is not picked up; the engine's reason
    why is shown."""
    position, moves = position_where(game, lambda p: bool(stuck_pieces(game, p)))
    for cell in stuck_pieces(game, position):
        controller = played(game, moves)
        controller.press(cell)
        assert controller.message == position.stuck_reason(cell)
        assert controller.selected is None
        assert not controller.can_pick(cell)
        assert controller.sounds == []


@every_game
def test_nothing_can_be_picked_up_once_the_game_is_over(game: Game) -> None:
    """After the last move every press says the game is over; undo goes back to a position
    where a piece can be picked up again."""
    position, moves = position_where(game, lambda p: p.is_over)
    assert not position.legal_moves()
    controller = played(game, moves)
    for cell in game.cells:
        controller.press(cell)
        assert controller.message == GAME_OVER_MESSAGE
        assert controller.selected is None
    controller.undo()
    before = replay(game.start(), moves)[-2]
    src = movable(before)[0]
    controller.press(src)
    assert controller.selected == src


# --- playing by hand ----------------------------------------------------------------------------


def assert_played(controller: BoardController, start: Any, move: Any, duration: float) -> None:
    """``move`` is the one move of ``controller``'s game, and its animation was started."""
    after = start.play(move)
    assert controller.history.moves == [move]
    assert controller.history.cursor == 1
    assert controller.history.position == after
    assert controller.selected is None
    assert controller.message == ""
    assert controller.animation == MoveAnimation(move, start, after, duration=duration)


@every_game
def test_clicking_a_piece_then_a_target_plays_the_move(game: Game) -> None:
    """Click on a piece, click on one of its targets: that move is played and animated for
    the controller's move time; the piece is placed when the animation ends."""
    start = game.start()
    for move in start.legal_moves():
        controller = BoardController(start)
        controller.press(move.src)
        controller.release(move.src, dragged=False)
        controller.press(move.dst)
        controller.release(move.dst, dragged=False)
        assert_played(controller, start, move, MOVE_SECONDS)
        assert controller.sounds == ["pick"]
        controller.update(MOVE_SECONDS)
        assert controller.animation is None
        assert controller.sounds == ["pick", "place"]


@every_game
def test_dragging_a_piece_onto_a_target_plays_the_move(game: Game) -> None:
    """Press on a piece and let go over one of its targets: that move is played."""
    start = game.start()
    for move in start.legal_moves():
        controller = BoardController(start)
        controller.animation_time = 0.25
        controller.press(move.src)
        controller.release(move.dst, dragged=True)
        assert_played(controller, start, move, 0.25)
        assert controller.sounds == ["pick"]


@every_game
def test_dragging_the_held_piece_onto_a_target_plays_the_move(game: Game) -> None:
    """A piece already picked up may be dragged from its hole onto a target."""
    start = game.start()
    move = start.legal_moves()[-1]
    controller = BoardController(start)
    controller.press(move.src)
    controller.release(move.src, dragged=False)
    controller.press(move.src)
    controller.release(move.dst, dragged=True)
    assert_played(controller, start, move, MOVE_SECONDS)


@every_game
def test_without_move_time_a_move_lands_at_once(game: Game) -> None:
    """With a move time of 0 a move is not animated and the piece is placed at once."""
    start = game.start()
    move = start.legal_moves()[0]
    controller = BoardController(start)
    controller.animation_time = 0
    controller.press(move.src)
    controller.release(move.dst, dragged=True)
    assert controller.history.moves == [move]
    assert controller.animation is None
    assert controller.sounds == ["pick", "place"]


@every_game
def test_dragging_onto_a_cell_that_is_no_target_says_why_and_keeps_the_piece(game: Game) -> None:
    """Letting go of a dragged piece over any cell but its targets plays nothing, keeps the
    piece in hand and shows the engine's reason with the move's name."""
    start = game.start()
    src = movable(start)[0]
    targets = destinations(start, src)
    for dst in game.cells:
        if dst == src or targets >> dst & 1:
            continue
        controller = BoardController(start)
        controller.press(src)
        controller.release(dst, dragged=True)
        reason = start.illegal_reason(start.make_move(src, dst))
        assert reason
        assert controller.message == f"{start.cell_name(src)}-{start.cell_name(dst)}: {reason}"
        assert controller.selected == src
        assert controller.history.moves == []
        assert controller.sounds == ["pick"]


@every_game
@pytest.mark.parametrize("where", ["own hole", "off the board"])
def test_dropping_a_dragged_piece_back_or_off_the_board_keeps_it_in_hand(
    game: Game, where: str
) -> None:
    """A drag that ends on the piece's own hole or on empty wood keeps it picked up."""
    start = game.start()
    src = movable(start)[0]
    controller = BoardController(start)
    controller.press(src)
    controller.release(src if where == "own hole" else None, dragged=True)
    assert controller.selected == src
    assert controller.message == ""
    assert controller.sounds == ["pick"]
    assert controller.history.moves == []


@every_game
def test_a_click_released_elsewhere_keeps_the_piece_in_hand(game: Game) -> None:
    """Releasing a click (no drag) over another cell neither moves nor puts back the piece."""
    start = game.start()
    move = start.legal_moves()[0]
    controller = BoardController(start)
    controller.press(move.src)
    controller.release(move.dst, dragged=False)
    assert controller.selected == move.src
    assert controller.history.moves == []


@every_game
def test_clicking_a_cell_that_is_no_target_says_why_and_keeps_the_piece(game: Game) -> None:
    """With a piece in hand, a click on a cell that is neither a target nor another own piece
    shows the engine's reason and keeps the piece."""
    position, moves = position_where(game, lambda p: bool(movable(p)) and p.to_move is not None)
    src = movable(position)[0]
    targets = destinations(position, src)
    for dst in game.cells:
        if dst == src or targets >> dst & 1 or is_own(position, dst):
            continue
        controller = played(game, moves)
        controller.press(src)
        controller.release(src, dragged=False)
        controller.press(dst)
        reason = position.illegal_reason(position.make_move(src, dst))
        name = position.cell_name
        assert controller.message == f"{name(src)}-{name(dst)}: {reason}"
        assert controller.selected == src
        assert controller.history.cursor == len(moves)


@every_game
def test_clicking_another_own_piece_takes_that_one_instead(game: Game) -> None:
    """With a piece in hand, a click on another own piece that can move, and is not a target
    of the one in hand, picks that one up."""

    def pairs(position: Any) -> list[tuple[int, int]]:
        """Two movable pieces, the second not a target of the first."""
        pieces = movable(position)
        return [
            (a, b)
            for a in pieces
            for b in pieces
            if a != b and not destinations(position, a) >> b & 1
        ]

    position, moves = position_where(game, lambda p: bool(pairs(p)))
    first, second = pairs(position)[0]
    controller = played(game, moves)
    controller.press(first)
    controller.release(first, dragged=False)
    controller.press(second)
    assert controller.selected == second
    assert controller.targets == destinations(position, second)
    assert controller.sounds == ["pick", "pick"]


def test_in_the_solitaire_opening_a_click_on_a_target_captures_it() -> None:
    """While either colour may move, a peg of the other colour within reach of the peg in
    hand is a target: a click on it captures rather than picking it up."""
    start = SOLITAIRE.start()
    assert start.to_move is None
    move = start.legal_moves()[0]
    assert is_own(start, move.dst)
    controller = BoardController(start)
    controller.press(move.src)
    controller.release(move.src, dragged=False)
    controller.press(move.dst)
    assert_played(controller, start, move, MOVE_SECONDS)


# --- putting back -------------------------------------------------------------------------------


@every_game
def test_clicking_the_held_piece_again_puts_it_back(game: Game) -> None:
    """A second click on the piece in hand puts it back in its hole with a "place"."""
    start = game.start()
    src = movable(start)[0]
    controller = BoardController(start)
    controller.press(src)
    controller.release(src, dragged=False)
    controller.press(src)
    assert controller.selected == src  # until the button comes up: it may become a drag
    controller.release(src, dragged=False)
    assert controller.selected is None
    assert controller.targets == 0
    assert controller.sounds == ["pick", "place"]


@every_game
def test_a_click_on_empty_wood_puts_the_piece_back(game: Game) -> None:
    """A press outside every cell puts the piece in hand back."""
    start = game.start()
    controller = BoardController(start)
    controller.press(movable(start)[0])
    controller.press(None)
    assert controller.selected is None
    assert controller.sounds == ["pick", "place"]


@every_game
def test_put_back_puts_the_piece_back_and_does_nothing_without_one(game: Game) -> None:
    """``put_back`` drops the piece in hand back in its hole; with nothing in hand it is
    silent."""
    start = game.start()
    controller = BoardController(start)
    controller.put_back()
    assert controller.sounds == []
    controller.press(movable(start)[0])
    controller.say("something")
    controller.put_back()
    assert controller.selected is None
    assert controller.message == ""
    assert controller.sounds == ["pick", "place"]
    assert controller.history.moves == []


# --- playing by text ----------------------------------------------------------------------------


def test_play_by_text_plays_the_move_it_names() -> None:
    """``play("D4-C4")`` plays Fire's peg from D4 to C4, animated for the duration given."""
    start = Position.start()
    controller = BoardController(start)
    assert controller.play("D4-C4", 0.5)
    move = start.parse_move("D4-C4")
    assert (move.src, move.dst) == (parse_hole("D4"), parse_hole("C4"))
    assert_played(controller, start, move, 0.5)


@every_game
def test_play_by_text_accepts_every_legal_move_as_written(game: Game) -> None:
    """The notation of each legal move, played as text, plays that move."""
    start = game.start()
    for move in start.legal_moves():
        controller = BoardController(start)
        assert controller.play(str(move))
        assert_played(controller, start, move, MOVE_SECONDS)


@pytest.mark.parametrize(
    ("game", "text"),
    [
        (FIRE_AND_ICE, "D4-D4"),
        (FIRE_AND_ICE, "A1-A2"),
        (FIRE_AND_ICE, "D4-A1"),
        (FIRE_AND_ICE, "D4 C4"),
        (FIRE_AND_ICE, "H1-A1"),
        (FIRE_AND_ICE, ""),
        (SOLITAIRE, "A2-A2"),
        (SOLITAIRE, "A1-G7"),
        (SOLITAIRE, "banana"),
        (ICEBREAKER, "a1-c3"),
        (ICEBREAKER, "a5-a4"),
        (ICEBREAKER, "z1-a1"),
        (ICEBREAKER, "a1b2"),
    ],
    ids=lambda value: repr(value) if isinstance(value, str) else str(value),
)
def test_play_by_text_refuses_an_illegal_or_malformed_move(game: Game, text: str) -> None:
    """A text that is no move here is refused with the engine's words, and nothing changes:
    no move, no animation, no sound, the piece in hand kept."""
    start = game.start()
    with pytest.raises(ValueError) as refusal:
        start.play(start.parse_move(text))
    controller = BoardController(start)
    src = movable(start)[0]
    controller.press(src)
    controller.sounds.clear()
    assert not controller.play(text)
    assert controller.message == str(refusal.value) != ""
    assert controller.history.moves == []
    assert controller.history.position == start
    assert controller.animation is None
    assert controller.sounds == []
    assert controller.selected == src


# --- the animation ------------------------------------------------------------------------------


@every_game
def test_the_animation_ends_at_its_duration(game: Game) -> None:
    """``update`` advances the move; at its duration it ends, the piece lands ("place") and
    the scene is told to redraw; afterwards nothing moves."""
    start = game.start()
    move = start.legal_moves()[0]
    controller = BoardController(start)
    controller.play(move, 0.5)
    controller.changed = False
    assert controller.update(0.25)
    assert controller.animation is not None
    assert controller.animation.progress == 0.5
    assert controller.sounds == []
    assert not controller.changed
    assert controller.update(0.25)
    assert controller.animation is None
    assert controller.sounds == ["place"]
    assert controller.changed
    assert not controller.update(0.25)
    assert controller.sounds == ["place"]


@pytest.mark.parametrize(
    ("elapsed", "duration", "progress"),
    [(0.0, 0.5, 0.0), (0.125, 0.5, 0.25), (0.5, 0.5, 1.0), (2.0, 0.5, 1.0), (0.0, 0.0, 1.0)],
)
def test_animation_progress_runs_from_0_to_1(
    elapsed: float, duration: float, progress: float
) -> None:
    """Progress is the share of the duration gone by, capped at 1; a zero duration is done."""
    start = Position.start()
    move = start.legal_moves()[0]
    animation = MoveAnimation(move, start, start.play(move), elapsed, duration)
    assert animation.progress == progress


@every_game
def test_new_input_finishes_the_animation(game: Game) -> None:
    """A press while a move is still travelling jumps to its end first."""
    start = game.start()
    move = start.legal_moves()[0]
    controller = BoardController(start)
    controller.play(move)
    controller.press(None)
    assert controller.animation is None
    assert controller.history.position == start.play(move)


# --- undo and redo ------------------------------------------------------------------------------


@every_game
def test_undo_and_redo_with_nothing_to_take_back(game: Game) -> None:
    """A fresh game has nothing to undo and nothing to redo, and says so."""
    controller = BoardController(game.start())
    controller.undo()
    assert controller.message == "Nothing to undo."
    controller.redo()
    assert controller.message == "Nothing to redo."
    assert controller.history.cursor == 0


@every_game
def test_undo_and_redo_step_through_the_game(game: Game) -> None:
    """Undo takes moves back one at a time to the start, redo plays them again; both put the
    piece in hand back and finish a running animation."""
    _, moves = after_plies(game, 4, seed=1)
    positions = replay(game.start(), moves)
    controller = played(game, moves, animation_time=MOVE_SECONDS)
    assert controller.animation is not None
    for cursor in range(len(moves) - 1, -1, -1):
        controller.undo()
        assert controller.animation is None
        assert controller.history.cursor == cursor
        assert controller.history.position == positions[cursor]
        assert controller.message == ""
    controller.undo()
    assert controller.message == "Nothing to undo."
    controller.press(movable(positions[0])[0])
    for cursor in range(1, len(moves) + 1):
        controller.redo()
        assert controller.selected is None
        assert controller.history.cursor == cursor
        assert controller.history.position == positions[cursor]
        assert controller.message == ""
    controller.redo()
    assert controller.message == "Nothing to redo."


@every_game
def test_a_new_move_after_undo_drops_the_undone_moves(game: Game) -> None:
    """After undo, playing a different move replaces the undone line: nothing to redo."""
    start = game.start()
    first, other = start.legal_moves()[:2]
    controller = played(game, [first])
    controller.undo()
    controller.press(other.src)
    controller.release(other.dst, dragged=True)
    assert controller.history.moves == [other]
    assert controller.history.positions == [start, start.play(other)]
    controller.redo()
    assert controller.message == "Nothing to redo."


# --- reviewing ----------------------------------------------------------------------------------


def reviewed(game: Game, plies: int = 4) -> tuple[BoardController, list[Any], list[Any]]:
    """A controller after ``plies`` random moves, the moves and the positions they pass."""
    _, moves = after_plies(game, plies, seed=2)
    return played(game, moves), moves, replay(game.start(), moves)


@every_game
def test_show_move_reviews_the_position_after_that_move(game: Game) -> None:
    """``show_move(i)`` shows the position after move ``i`` and that move as the last one;
    the last move of the game is the present, not a review."""
    controller, moves, positions = reviewed(game)
    for index in range(len(moves) - 1):
        controller.show_move(index)
        assert controller.review == index + 1
        assert controller.shown == positions[index + 1]
        assert controller.last_move == moves[index]
        assert controller.changed
    controller.show_move(len(moves) - 1)
    assert controller.review is None
    assert controller.shown == positions[-1]
    assert controller.last_move == moves[-1]
    controller.show_move(len(moves) + 3)
    assert controller.review is None


@every_game
def test_show_start_reviews_the_position_before_the_first_move(game: Game) -> None:
    """``show_start`` shows the start position with no last move; a game without moves has
    nothing to review."""
    controller, _, positions = reviewed(game)
    controller.press(movable(positions[-1])[0])
    controller.show_start()
    assert controller.review == 0
    assert controller.selected is None
    assert controller.shown == positions[0]
    assert controller.last_move is None
    fresh = BoardController(game.start())
    fresh.show_start()
    assert fresh.review is None


@every_game
def test_undo_and_redo_step_the_review_without_changing_the_game(game: Game) -> None:
    """While reviewing, undo steps back (not past the start) and redo steps forward until
    the present ends the review; the game's own moves stay as they were."""
    controller, moves, positions = reviewed(game)
    controller.show_move(1)
    controller.undo()
    assert controller.review == 1
    assert controller.shown == positions[1]
    controller.undo()
    controller.undo()
    assert controller.review == 0
    assert controller.message == ""
    for review in range(1, len(moves)):
        controller.redo()
        assert controller.review == review
        assert controller.shown == positions[review]
    controller.redo()
    assert controller.review is None
    assert controller.shown == positions[-1]
    assert controller.history.cursor == len(moves)
    assert controller.history.moves == moves


@every_game
def test_leave_review_returns_to_the_present(game: Game) -> None:
    """``leave_review`` shows the present position again."""
    controller, moves, positions = reviewed(game)
    controller.show_move(0)
    controller.leave_review()
    assert controller.review is None
    assert controller.shown == positions[-1]
    assert controller.last_move == moves[-1]


@every_game
def test_no_piece_can_be_picked_up_while_reviewing(game: Game) -> None:
    """A press during a review only says to return to the game."""
    controller, _, positions = reviewed(game)
    controller.show_start()
    for cell in movable(positions[-1]):
        controller.press(cell)
        controller.release(cell, dragged=False)
        assert controller.selected is None
        assert controller.message == REVIEW_MESSAGE
    assert controller.review == 0


@every_game
def test_playing_a_move_while_reviewing_plays_it_in_the_present(game: Game) -> None:
    """A move played by text during a review is played in the present position and ends the
    review."""
    controller, moves, positions = reviewed(game)
    controller.show_move(0)
    move = positions[-1].legal_moves()[0]
    assert controller.play(move)
    assert controller.review is None
    assert controller.history.moves == [*moves, move]
    assert controller.shown == positions[-1].play(move)


@every_game
def test_last_move_follows_the_cursor(game: Game) -> None:
    """The last move is none at the start, then the move that led to the present position."""
    controller = BoardController(game.start())
    assert controller.last_move is None
    _, moves = after_plies(game, 3, seed=3)
    for move in moves:
        controller.play(move, 0)
        assert controller.last_move == move
    controller.undo()
    assert controller.last_move == moves[1]


# --- random use -------------------------------------------------------------------------------

CELL = st.integers(min_value=-1, max_value=80)  # an index into the game's cells; -1 is no cell
ACTION = st.one_of(
    st.tuples(st.just("press"), CELL),
    st.tuples(st.just("release"), CELL, st.booleans()),
    st.tuples(st.just("move"), st.integers(min_value=0, max_value=500)),
    st.tuples(st.just("show_move"), st.integers(min_value=-2, max_value=40)),
    st.tuples(st.just("update"), st.floats(min_value=0.0, max_value=1.0)),
    st.sampled_from([("undo",), ("redo",), ("show_start",), ("leave_review",), ("put_back",)]),
)


def act(controller: BoardController, game: Game, action: tuple[Any, ...]) -> None:
    """Do ``action`` to ``controller`` the way the game screen would."""
    kind, *args = action

    def cell(index: int) -> int | None:
        return None if index < 0 else game.cells[index % len(game.cells)]

    if kind == "press":
        controller.press(cell(args[0]))
    elif kind == "release":
        controller.release(cell(args[0]), dragged=args[1])
    elif kind == "move":
        # A press on a piece and a drag onto one of its targets.
        legal = controller.history.position.legal_moves()
        if legal:
            move = legal[args[0] % len(legal)]
            before = controller.history.position
            reviewing = controller.review is not None
            controller.put_back()  # else a press on a target of the piece in hand plays that
            controller.press(move.src)
            controller.release(move.dst, dragged=True)
            if not reviewing:
                assert controller.history.position == before.play(move)
    elif kind in ("show_move", "update"):
        getattr(controller, kind)(args[0])
    else:
        getattr(controller, kind)()


def assert_consistent(controller: BoardController, start: Any) -> None:
    """The invariants of a controller whatever was done to it."""
    history = controller.history
    assert 0 <= history.cursor <= len(history.moves)
    assert history.positions == replay(start, history.moves)
    position = history.position
    if controller.selected is not None:
        assert controller.review is None
        assert is_own(position, controller.selected)
        assert destinations(position, controller.selected) != 0
    assert controller.targets == (
        0 if controller.selected is None else destinations(position, controller.selected)
    )
    if controller.review is not None:
        assert 0 <= controller.review < history.cursor
        assert controller.shown == history.positions[controller.review]
    else:
        assert controller.shown == position
    shown_index = history.cursor if controller.review is None else controller.review
    expected_last = history.moves[shown_index - 1] if shown_index else None
    assert controller.last_move == expected_last
    if controller.animation is not None:
        assert controller.review is None
        assert controller.animation.after == position
        assert controller.animation.move == history.moves[history.cursor - 1]
    assert set(controller.sounds) <= {"pick", "place"}


@every_game
@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    actions=st.lists(ACTION, max_size=40),
    animation_time=st.sampled_from([0.0, MOVE_SECONDS]),
)
def test_random_use_keeps_the_controller_consistent(
    game: Game, actions: list[tuple[Any, ...]], animation_time: float
) -> None:
    """Any sequence of presses, releases, moves, undo/redo, reviews and frames keeps the
    history a true replay of its moves, the piece in hand one of the side to move, and the
    reviewed position one of the past."""
    start = game.start()
    controller = BoardController(start)
    controller.animation_time = animation_time
    for action in actions:
        act(controller, game, action)
        assert_consistent(controller, start)


# --- no pygame --------------------------------------------------------------------------------


def test_the_controller_and_layouts_import_without_pygame() -> None:
    """The controller and the board layouts load in a fresh interpreter without pygame."""
    script = (
        "import sys\n"
        "import fireice_desktop.ui.game.controller\n"
        "import fireice_desktop.ui.games.fireice.layout\n"
        "import fireice_desktop.ui.games.icebreaker.layout\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui'))\n"
        "assert 'pygame' not in sys.modules, loaded\n"
        "assert not loaded, loaded\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
