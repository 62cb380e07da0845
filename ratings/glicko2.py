"""Glicko-2 ratings, as Glickman's "Example of the Glicko-2 system" sets them out. Pure maths.

Standard library only, so it runs (and is tested) without Django. A rating is a value type:
``update`` takes a player's rating and the results of one rating period (here: one finished
match) and returns the new rating; ``aged`` widens the deviation for time spent away.

    >>> player = Rating(1500.0, 200.0, 0.06)
    >>> new = update(player, [Result(1400, 30, 1.0), Result(1550, 100, 0.0),
    ...                       Result(1700, 300, 0.0)], tau=0.5, bounds=None)
    >>> round(new.rating, 2), round(new.deviation, 2), round(new.volatility, 6)
    (1464.05, 151.52, 0.059996)

(Glickman's paper prints 1464.06 and 0.05999: it rounds its intermediate steps.)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178
"""Glicko-2's scale: rating points per unit of the internal ``mu``/``phi`` scale."""

START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
TAU = 0.75
"""The system constant: how fast volatility may move. Cribbage is luck-heavy, so a run of
losses is usually noise: but the site's players also improve quickly while learning, and
lichess uses 0.75 for the same reason; docs/ratings.md explains the choice."""

MIN_DEVIATION = 45.0
MAX_DEVIATION = 350.0
PROVISIONAL_DEVIATION = 110.0
"""Above this deviation a rating is provisional (shown "1500?")."""

DAYS_PER_YEAR = 365.0
PERIODS_PER_DAY = (110.0**2 - 60.0**2) / DAYS_PER_YEAR / (START_VOLATILITY * SCALE) ** 2
"""Rating periods per day of absence, chosen so that a player of the starting volatility with a
deviation of 60 drifts to 110 after a year away, as on lichess: RD'^2 = RD^2 + (sigma*SCALE)^2*t
with t = days * PERIODS_PER_DAY (about 0.214, i.e. one rating period is about 4.7 days)."""

CONVERGENCE = 1e-6


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating: the estimate, its deviation (uncertainty) and its volatility."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL_DEVIATION

    def label(self) -> str:
        """The rating as shown: rounded, with "?" while provisional ("1500?")."""
        return f"{round(self.rating)}{'?' if self.provisional else ''}"


@dataclass(frozen=True, slots=True)
class Result:
    """One game's result against one opponent: ``score`` is 1 for a win, 0 for a loss."""

    opponent_rating: float
    opponent_deviation: float
    score: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_opponent: float, phi_opponent: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_opponent) * (mu - mu_opponent)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The chance ``player`` wins one game against ``opponent``, both uncertainties counted."""
    combined = math.hypot(player.deviation, opponent.deviation) / SCALE
    return 1.0 / (1.0 + math.exp(-_g(combined) * (player.rating - opponent.rating) / SCALE))


def _clamp(deviation: float, bounds: tuple[float, float] | None) -> float:
    if bounds is None:
        return deviation
    low, high = bounds
    return min(max(deviation, low), high)


def aged(
    player: Rating,
    days: float,
    *,
    bounds: tuple[float, float] | None = (MIN_DEVIATION, MAX_DEVIATION),
) -> Rating:
    """The rating after ``days`` without a rated game: only the deviation grows.

    >>> round(aged(Rating(1500, 60, 0.06), 365).deviation)
    110
    """
    if days < 0:
        raise ValueError(f"days away cannot be negative, not {days}")
    phi = player.deviation / SCALE
    grown = math.sqrt(phi * phi + player.volatility**2 * days * PERIODS_PER_DAY) * SCALE
    return Rating(player.rating, _clamp(grown, bounds), player.volatility)


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5 of Glickman's example: the Illinois algorithm on f(x) = 0."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > CONVERGENCE:
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
    results: Sequence[Result],
    *,
    tau: float = TAU,
    bounds: tuple[float, float] | None = (MIN_DEVIATION, MAX_DEVIATION),
) -> Rating:
    """The rating after one rating period with ``results`` (all against known opponents).

    With no results only the deviation grows, by one period. ``bounds`` keeps the deviation
    within (low, high) as lichess does; ``None`` gives the paper's unbounded numbers.
    """
    for result in results:
        if not 0.0 <= result.score <= 1.0:
            raise ValueError(f"a score is from 0 to 1, not {result.score}")
        if result.opponent_deviation <= 0:
            raise ValueError("an opponent's deviation must be positive")
    if tau <= 0:
        raise ValueError("tau must be positive")
    mu = (player.rating - START_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:
        return aged(player, 1.0 / PERIODS_PER_DAY, bounds=bounds)
    opponents = [
        (
            (r.opponent_rating - START_RATING) / SCALE,
            _g(r.opponent_deviation / SCALE),
            r.opponent_deviation / SCALE,
            r.score,
        )
        for r in results
    ]
    variance_inverse = 0.0
    improvement = 0.0
    for mu_j, g_j, phi_j, score in opponents:
        e = _expected(mu, mu_j, phi_j)
        variance_inverse += g_j * g_j * e * (1.0 - e)
        improvement += g_j * (score - e)
    v = 1.0 / variance_inverse
    delta = v * improvement
    new_sigma = _new_volatility(phi, sigma, delta, v, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return Rating(new_mu * SCALE + START_RATING, _clamp(new_phi * SCALE, bounds), new_sigma)


def days_until_deviation(player: Rating, limit: float) -> float | None:
    """How many days away until the deviation grows past ``limit`` (None: it is past already).

    >>> round(days_until_deviation(Rating(1500, 60, 0.06), 110))
    365
    """
    if player.deviation > limit:
        return None
    growth_per_day = (player.volatility * SCALE) ** 2 * PERIODS_PER_DAY
    return (limit * limit - player.deviation**2) / growth_per_day
