"""The averages luck is measured against, made once offline (two players).

Made by ``benchmarks/review_luck_baselines.py`` (seed 20261124) on 2026-11-24:

- ``DEAL_VALUE_AVERAGE[(variant, is_dealer)]``: the mean of the best discard's expected value
  (``analyze_discard(dealt, is_dealer)[0].total``, crib added for the dealer and taken off for
  the pone) over 3,000 random deals per role and variant.
- ``PEGGING_AVERAGE[(variant, is_dealer)]``: the mean points a seat pegs in the play (cards and
  go's) per hand whose play finished, over 60 games per variant between two hard computer
  opponents.
- ``CRIB_OVER_EXPECTED[(variant, is_dealer)]``: over the same games, the mean of the crib's
  count less its expected value for that seat's own throw (``analyze_discard``'s ``crib``,
  which takes the opponent's throw as uniformly random; real throws are not).

Run the script again and paste its output here if the analysis or the bots change.
"""

from __future__ import annotations

DEAL_VALUE_AVERAGE = {
    ("six", True): 13.340,
    ("six", False): 3.921,
    ("five", True): 9.949,
    ("five", False): 0.722,
}
PEGGING_AVERAGE = {
    ("six", True): 3.556,
    ("six", False): 2.380,
    ("five", True): 1.627,
    ("five", False): 1.164,
}
CRIB_OVER_EXPECTED = {
    ("six", True): -0.877,
    ("six", False): 0.214,
    ("five", True): -0.551,
    ("five", False): 0.425,
}
