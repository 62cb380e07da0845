"""The averages and distributions the review's luck and endgame figures are measured against.

Made once, offline, by ``benchmarks/review_luck_baselines.py`` (seed 20261124) on 2026-11-24,
two players, ``.venv/bin/python benchmarks/review_luck_baselines.py 3000 100``:

- ``DEAL_VALUE_AVERAGE[(variant, is_dealer)]``: the mean of the best discard's expected value
  (``analyze_discard(dealt, is_dealer)[0].total``, crib added for the dealer and taken off for
  the pone) over 3,000 random deals per role and variant.
- ``PEGGING_AVERAGE[(variant, is_dealer)]``: the mean points a seat pegs in the play (cards and
  go's) per hand whose play finished, over 100 games per variant between two hard computer
  opponents.
- ``CRIB_OVER_EXPECTED[(variant, is_dealer)]``: over the same games, the mean of the crib's
  count less its expected value for that seat's own throw (``analyze_discard``'s ``crib``,
  which takes the opponent's throw as uniformly random; real throws are not).
- ``PEGGING_DISTRIBUTION`` and ``HAND_DISTRIBUTION``: over the same games, the share of hands
  in which a seat in that role pegged 0, 1, 2, ... points in the play, and counted 0, 1, 2, ...
  in its hand (index = points).

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
    ("six", True): 3.398,
    ("six", False): 2.386,
    ("five", True): 1.611,
    ("five", False): 1.168,
}
CRIB_OVER_EXPECTED = {
    ("six", True): -0.772,
    ("six", False): 0.377,
    ("five", True): -0.629,
    ("five", False): 0.438,
}
PEGGING_DISTRIBUTION = {
    ("five", False): [
        0.4665,
        0.2187,
        0.1676,
        0.0802,
        0.0248,
        0.0087,
        0.0131,
        0.0146,
        0.0029,
        0.0029,
    ],
    ("five", True): [
        0.2536,
        0.3499,
        0.1589,
        0.1239,
        0.0554,
        0.0277,
        0.0131,
        0.0102,
        0.0044,
        0.0029,
    ],
    ("six", False): [
        0.1957,
        0.2632,
        0.1579,
        0.1739,
        0.0629,
        0.032,
        0.04,
        0.0263,
        0.0183,
        0.016,
        0.008,
        0.0011,
        0.0,
        0.0023,
        0.0,
        0.0011,
        0.0011,
    ],
    ("six", True): [
        0.0,
        0.2231,
        0.1716,
        0.2059,
        0.151,
        0.1041,
        0.0458,
        0.0503,
        0.0195,
        0.0103,
        0.0034,
        0.0092,
        0.0023,
        0.0,
        0.0,
        0.0034,
    ],
}
HAND_DISTRIBUTION = {
    ("five", False): [
        0.019,
        0.0015,
        0.1837,
        0.1122,
        0.172,
        0.1691,
        0.1516,
        0.0583,
        0.0685,
        0.0248,
        0.0131,
        0.0029,
        0.019,
        0.0015,
        0.0015,
        0.0015,
    ],
    ("five", True): [
        0.0483,
        0.0031,
        0.2227,
        0.1199,
        0.1402,
        0.148,
        0.1433,
        0.0374,
        0.0607,
        0.0312,
        0.0171,
        0.0062,
        0.0187,
        0.0016,
        0.0,
        0.0016,
    ],
    ("six", False): [
        0.0046,
        0.0023,
        0.0492,
        0.0172,
        0.1121,
        0.04,
        0.1442,
        0.0561,
        0.2048,
        0.0526,
        0.0641,
        0.016,
        0.1304,
        0.0057,
        0.0263,
        0.008,
        0.0423,
        0.0057,
        0.0023,
        0.0,
        0.008,
        0.0011,
        0.0011,
        0.0,
        0.0057,
    ],
    ("six", True): [
        0.0084,
        0.0,
        0.0635,
        0.0144,
        0.1139,
        0.0444,
        0.1523,
        0.0635,
        0.1619,
        0.0683,
        0.0887,
        0.0156,
        0.1079,
        0.0084,
        0.03,
        0.0072,
        0.0264,
        0.0084,
        0.0036,
        0.0,
        0.0072,
        0.0036,
        0.0,
        0.0,
        0.0024,
    ],
}
