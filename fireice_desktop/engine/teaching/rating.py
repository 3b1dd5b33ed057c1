"""Glicko-2 ratings, as lichess rates puzzles (Mark Glickman, "Example of the Glicko-2
system", 2013): a rating, its deviation (how sure it is) and a volatility.

A puzzle attempt is a game between the player and the puzzle: solved is a win, failed a
loss.  The puzzle's rating is fixed by how the computer's levels fare on it (see
``scripts/make_puzzles.py``); only the player's rating moves.  Pure arithmetic, no
pygame.

The puzzles' scale is measured, not the usual one: the computer's levels stand at fixed
ratings on it (random moves 600, Beginner 1000, Casual 1300, Strong 1600, Expert 1900),
and half the puzzles are rated 763 or less.  A new solver starts where a newcomer is on
that scale (:data:`NEWCOMER`), not at Glicko-2's usual 1500.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

#: Glicko-2's scale factor between the Glicko scale and its own.
SCALE: Final = 173.7178
#: Constrains how fast the volatility changes (Glickman suggests 0.3 to 1.2).
TAU: Final = 0.5
#: A new player: rated 1500, unsure (350), of ordinary volatility.
START_RATING: Final = 1500.0
START_DEVIATION: Final = 350.0
START_VOLATILITY: Final = 0.06
#: A new puzzle solver: better than random moves (600) and not yet the Beginner level
#: (1000, which never misses a win in 1), so that the easiest puzzles, the wins in 1
#: (rated 757 to 760), are predicted solved about two times in three.  The deviation
#: says a newcomer is most likely between 500 and 1300 (two deviations either side):
#: a first miss costs about 120 points, not the 250 of Glickman's 350.
NEWCOMER_RATING: Final = 900.0
NEWCOMER_DEVIATION: Final = 200.0
#: The deviation never drops below this, so a rating keeps following the player.
MIN_DEVIATION: Final = 45.0
#: The deviation a puzzle's rating is taken to have.
PUZZLE_DEVIATION: Final = 80.0
_EPSILON: Final = 1e-6


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the usual scale (1500 is average)."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    @property
    def shown(self) -> int:
        """The rating as a player reads it: a whole number."""
        return round(self.rating)

    @property
    def provisional(self) -> bool:
        """Whether too few results back it to be trusted (lichess shows a '?')."""
        return self.deviation > 110


#: :func:`carried_over` counts at most this many results: by then the start's share of a
#: rating is long nil (and a file claiming more costs no more time).
CARRIED_RESULTS: Final = 300
#: A new puzzle solver's rating.
NEWCOMER: Final = Rating(NEWCOMER_RATING, NEWCOMER_DEVIATION, START_VOLATILITY)


def expected_score(player: Rating, rating: float, deviation: float = PUZZLE_DEVIATION) -> float:
    """The score the player's rating predicts against an opponent of ``rating`` and
    ``deviation`` (Glicko-2's E, step 3 of the paper): for a puzzle, the chance of
    solving it."""
    mu = (player.rating - START_RATING) / SCALE
    return _expected(mu, (rating - START_RATING) / SCALE, deviation / SCALE)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(sigma: float, phi: float, v: float, delta: float) -> float:
    """Step 5 of Glickman's paper: the Illinois algorithm for the new volatility."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (TAU * TAU)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(
    player: Rating,
    results: list[tuple[float, float, float]],
    min_deviation: float = MIN_DEVIATION,
) -> Rating:
    """The player's rating after one rating period of ``results``: each is the opponent's
    rating, its deviation, and the score (1 won, 0 lost, 0.5 drawn).  With no results
    only the deviation grows (step 6 of the paper)."""
    mu = (player.rating - START_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, min(phi_star * SCALE, START_DEVIATION), sigma)
    v_inverse = 0.0
    gain = 0.0
    for rating, deviation, score in results:
        mu_j = (rating - START_RATING) / SCALE
        phi_j = deviation / SCALE
        g = _g(phi_j)
        expected = _expected(mu, mu_j, phi_j)
        v_inverse += g * g * expected * (1.0 - expected)
        gain += g * (score - expected)
    v = 1.0 / v_inverse
    delta = v * gain
    sigma_new = _new_volatility(sigma, phi, v, delta)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * gain
    deviation = max(phi_new * SCALE, min_deviation)
    return Rating(mu_new * SCALE + START_RATING, deviation, sigma_new)


def carried_over(player: Rating, old_start: Rating, new_start: Rating, results: int) -> Rating:
    """``player``'s rating after ``results`` rated results, reckoned from ``old_start``, as
    it stands reckoned from ``new_start``: what the results taught is kept, only the
    starting guess changes.

    The order and the opponents of the results are not kept, so the rating is taken to
    have come by ``results`` results that each added the same information, as much as
    brings ``old_start``'s deviation down to ``player``'s.  Glicko-2 then weighs the start
    by a share that each result shrinks (the volatility widening the deviation at every
    step, and the result narrowing it), and the results by the rest: the results' part is
    kept, and the new start is weighed by the share it would have had.  A rating with no
    result becomes the new start; one with many barely moves.  Against replaying the same
    results from the new start (random puzzles and results, 200 players a count), the
    median gap is some 40 points after one to ten results and 9 after 40, where the rating
    left as it was would be 530, 190 and 50 points off."""
    if results <= 0:
        return Rating(new_start.rating, new_start.deviation, player.volatility)
    results = min(results, CARRIED_RESULTS)
    step = (player.volatility * SCALE) ** 2  # the widening at each step, squared

    def after(deviation: float, information: float) -> tuple[float, float]:
        """The deviation after the results, and the start's share of the rating."""
        variance, share = deviation * deviation, 1.0
        for _ in range(results):
            widened = variance + step
            variance = 1.0 / (1.0 / widened + information)
            share *= variance / widened
        return math.sqrt(variance), share

    low, high = 0.0, 1.0  # information per result (one over a deviation squared)
    for _ in range(80):
        middle = (low + high) / 2
        if after(old_start.deviation, middle)[0] > player.deviation:
            low = middle
        else:
            high = middle
    _, old_share = after(old_start.deviation, high)
    deviation, new_share = after(new_start.deviation, high)
    if old_share > 1.0 - 1e-9:  # the results taught nothing
        results_part = player.rating - old_start.rating
        return Rating(new_start.rating + results_part, new_start.deviation, player.volatility)
    results_part = (player.rating - old_share * old_start.rating) / (1.0 - old_share)
    rating = new_share * new_start.rating + (1.0 - new_share) * results_part
    deviation = max(deviation, min(player.deviation, MIN_DEVIATION))
    return Rating(rating, deviation, player.volatility)


def after_puzzle(player: Rating, puzzle_rating: float, solved: bool) -> Rating:
    """The player's rating after one puzzle (a rating period of one game, as lichess)."""
    return update(player, [(puzzle_rating, PUZZLE_DEVIATION, 1.0 if solved else 0.0)])


__all__ = [
    "NEWCOMER",
    "PUZZLE_DEVIATION",
    "START_RATING",
    "Rating",
    "after_puzzle",
    "carried_over",
    "expected_score",
    "update",
]
