"""The evaluation's fitted weights: what an island is worth, and the tempo.

GENERATED FILE, do not edit by hand: scripts/fit_evaluation.py wrote it; run it
again to change the weights.

Data: 3300 games of ``/tmp/mcts --playouts 10000`` against itself, each opening with 4
random moves (scripts/make_positions.py --seed 1), 101861 positions. 95261 were used
(not over, and the side to move cannot win at once); the games were split into 76136
positions to fit and 19125 held out (--split-seed 1).

Model: one table; logistic scale K = 4.147 per line.  Held-out log-loss 0.6188, sign of
eval right 60.5% (the hand-made values before: 0.6548, 57.4%).

Each table maps one state of an island per class to its worth, in hundredths, to
the side whose pegs there are the 7-bit set ``mine`` (bit ``p`` for hole ``p + 1``)
while the other side's are ``theirs``.  The classes are the orbits of the states
under the 168 permutations of the points that keep the Fano lines
(``symmetry.FANO_GROUP``); each is keyed by its smallest ``(mine, theirs)``.  A
class where ``mine`` holds a line (control) is worth 100 and one where ``theirs``
does is worth 0; the rest were fitted.  Each entry's comment gives the holes of
both sides and how often a state of the class was seen (the islands of the
training positions, from both sides).  The tempo is in thousandths of a line,
the unit of ``ai.evaluate``.
"""

from __future__ import annotations

from typing import Final

ISLAND_VALUES: Final[dict[tuple[int, int], int]] = {
    (0, 0): 21,  # mine -, theirs - (seen 191488)
    (0, 1): 5,  # mine -, theirs 1 (seen 84551)
    (0, 3): 0,  # mine -, theirs 12 (seen 27747)
    (0, 7): 2,  # mine -, theirs 123 (seen 7923)
    (0, 15): 0,  # mine -, theirs 1234 (seen 590)
    (0, 19): 0,  # mine -, theirs 125 (seen 3205)
    (0, 23): 0,  # mine -, theirs 1235 (seen 2452)
    (0, 31): 0,  # mine -, theirs 12345 (seen 763)
    (0, 63): 0,  # mine -, theirs 123456 (seen 135)
    (0, 127): 0,  # mine -, theirs 1234567 (seen 19)
    (1, 0): 36,  # mine 1, theirs - (seen 84551)
    (1, 2): 19,  # mine 1, theirs 2 (seen 105978)
    (1, 6): 2,  # mine 1, theirs 23 (seen 54250)
    (1, 14): 0,  # mine 1, theirs 234 (seen 6198)
    (1, 18): 6,  # mine 1, theirs 25 (seen 14264)
    (1, 22): 5,  # mine 1, theirs 235 (seen 18047)
    (1, 28): 0,  # mine 1, theirs 345 (seen 10138)
    (1, 30): 0,  # mine 1, theirs 2345 (seen 10515)
    (1, 58): 0,  # mine 1, theirs 2456 (seen 1838)
    (1, 62): 0,  # mine 1, theirs 23456 (seen 3092)
    (1, 126): 0,  # mine 1, theirs 234567 (seen 729)
    (3, 0): 70,  # mine 12, theirs - (seen 27747)
    (3, 4): 40,  # mine 12, theirs 3 (seen 54250)
    (3, 12): 16,  # mine 12, theirs 34 (seen 13950)
    (3, 16): 39,  # mine 12, theirs 5 (seen 14264)
    (3, 20): 19,  # mine 12, theirs 35 (seen 27089)
    (3, 28): 0,  # mine 12, theirs 345 (seen 16732)
    (3, 36): 22,  # mine 12, theirs 36 (seen 27089)
    (3, 44): 17,  # mine 12, theirs 346 (seen 11005)
    (3, 52): 9,  # mine 12, theirs 356 (seen 15297)
    (3, 60): 0,  # mine 12, theirs 3456 (seen 17876)
    (3, 108): 7,  # mine 12, theirs 3467 (seen 1720)
    (3, 124): 0,  # mine 12, theirs 34567 (seen 5872)
    (7, 0): 98,  # mine 123, theirs - (seen 7923)
    (7, 8): 92,  # mine 123, theirs 4 (seen 6198)
    (7, 16): 95,  # mine 123, theirs 5 (seen 18047)
    (7, 24): 100,  # mine 123, theirs 45 (seen 15297)
    (7, 48): 48,  # mine 123, theirs 56 (seen 11005)
    (7, 56): 35,  # mine 123, theirs 456 (seen 7752)
    (7, 112): 0,  # mine 123, theirs 567 (seen 12233)
    (7, 120): 0,  # mine 123, theirs 4567 (seen 14815)
    (15, 0): 100,  # mine 1234, theirs - (seen 590)
    (15, 16): 100,  # mine 1234, theirs 5 (seen 1838)
    (15, 48): 51,  # mine 1234, theirs 56 (seen 1720)
    (15, 112): 0,  # mine 1234, theirs 567 (seen 4273)
    (19, 0): 100,  # mine 125, theirs - (seen 3205)
    (19, 4): 100,  # mine 125, theirs 3 (seen 10138)
    (19, 12): 100,  # mine 125, theirs 34 (seen 16732)
    (19, 44): 100,  # mine 125, theirs 346 (seen 12233)
    (19, 108): 100,  # mine 125, theirs 3467 (seen 4273)
    (23, 0): 100,  # mine 1235, theirs - (seen 2452)
    (23, 8): 100,  # mine 1235, theirs 4 (seen 10515)
    (23, 40): 100,  # mine 1235, theirs 46 (seen 17876)
    (23, 104): 100,  # mine 1235, theirs 467 (seen 14815)
    (31, 0): 100,  # mine 12345, theirs - (seen 763)
    (31, 32): 100,  # mine 12345, theirs 6 (seen 3092)
    (31, 96): 100,  # mine 12345, theirs 67 (seen 5872)
    (63, 0): 100,  # mine 123456, theirs - (seen 135)
    (63, 64): 100,  # mine 123456, theirs 7 (seen 729)
    (127, 0): 100,  # mine 1234567, theirs - (seen 19)
}

TEMPO: Final = 16
