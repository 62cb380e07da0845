"""The engine's show scores over every four-card hand and starter match the published table.

The published counts (Steven S. Lumetta, "Amusing Cribbage Facts", 2007, reproduced in
Wikipedia's "Cribbage statistics") cover all 12,994,800 (hand, starter) deals. The engine counts
them by rank multiset (see games/engine/scoring_distribution.py); a brute-force pass over every
hand with a fixed starter card checks that shortcut against single calls of show_total.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import pytest

from games.engine.cards import DECK, parse_card
from games.engine.scoring import BadHand, show_total
from games.engine.scoring_distribution import show_score_distribution

PUBLISHED_HAND_SCORES = {
    0: 1_009_008, 1: 99_792, 2: 2_813_796, 3: 505_008, 4: 2_855_676, 5: 697_508,
    6: 1_800_268, 7: 751_324, 8: 1_137_236, 9: 361_224, 10: 388_740, 11: 51_680,
    12: 317_340, 13: 19_656, 14: 90_100, 15: 9_168, 16: 58_248, 17: 11_196, 18: 2_708,
    19: 0, 20: 8_068, 21: 2_496, 22: 444, 23: 356, 24: 3_680, 25: 0, 26: 0, 27: 0,
    28: 76, 29: 4,
}  # fmt: skip
PUBLISHED_ZERO_POINT_CRIBS = 1_022_208
ALL_DEALS = comb(52, 4) * 48


@pytest.fixture(scope="module")
def hand_scores() -> Counter[int]:
    return show_score_distribution()


def test_the_published_table_is_transcribed_whole():
    assert sum(PUBLISHED_HAND_SCORES.values()) == ALL_DEALS == 12_994_800


def test_every_score_occurs_as_often_as_published(hand_scores):
    assert {score: hand_scores[score] for score in range(30)} == PUBLISHED_HAND_SCORES
    assert max(hand_scores) == 29


def test_the_issues_landmarks_hold(hand_scores):
    assert hand_scores[0] == 1_009_008
    assert hand_scores[29] == 4
    assert [hand_scores[score] for score in (19, 25, 26, 27)] == [0, 0, 0, 0]
    total_points = sum(score * deals for score, deals in hand_scores.items())
    assert round(total_points / ALL_DEALS, 4) == 4.7692


def test_a_crib_scores_nothing_more_often_because_of_its_flush_rule():
    crib_scores = show_score_distribution(crib=True)

    assert sum(crib_scores.values()) == ALL_DEALS
    assert crib_scores[0] == PUBLISHED_ZERO_POINT_CRIBS


def test_the_five_card_game_covers_every_three_card_hand_and_tops_out_at_four_fives():
    scores = show_score_distribution(hand_size=3)

    assert sum(scores.values()) == comb(52, 3) * 49
    # Three fives with the fourth as starter: four 5-5-5 fifteens (8) and a double pair royal
    # (12); there are four such deals (any five may be the starter).
    assert max(scores) == 20
    assert scores[20] == 4


@pytest.mark.parametrize(
    ("starter", "crib"),
    [("5H", False), ("JD", False), ("8C", True)],
    ids=["a five starter", "a jack starter (never nobs)", "a crib with an eight starter"],
)
def test_counting_by_rank_matches_scoring_every_hand_one_by_one(starter, crib):
    starter_card = parse_card(starter)
    others = [card for card in DECK if card != starter_card]
    one_by_one = Counter(show_total(hand, starter_card, crib) for hand in combinations(others, 4))

    by_rank = show_score_distribution(crib=crib, starter_ranks=[starter_card.rank])

    # Suits are symmetric: each of the four starters of that rank sees the same hands.
    assert by_rank == Counter({score: 4 * deals for score, deals in one_by_one.items()})


@pytest.mark.parametrize(
    "arguments",
    [
        {"hand_size": 5},
        {"hand_size": 3, "crib": True},
        {"starter_ranks": [14]},
        {"starter_ranks": []},
    ],
)
def test_it_rejects_a_question_no_deal_can_ask(arguments):
    with pytest.raises(BadHand) as error:
        show_score_distribution(**arguments)
    assert error.value.code == "bad_hand"
