"""The show: hands and cribs with the starter, one case per rule and edge case.

Expected totals are worked out by hand in the comments; the slower tests at the end compare the
three scorers (itemised, total-only, rank table) with a brute-force count written here,
independently of the engine's rule helpers.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest

from games.engine.cards import DECK, SUITS, Card, parse_card, parse_cards
from games.engine.scoring import (
    SHOW_KINDS,
    BadHand,
    ScoreBreakdown,
    rank_points,
    score_show,
    show_total,
)

# hand, starter, crib, expected items as (kind, points) in announcement order
SHOW_CASES = [
    pytest.param(
        "5H 5D 5S JC",
        "5C",
        False,
        [("fifteen", 2)] * 8 + [("pair", 12), ("nobs", 1)],
        id="29: four J-5 fifteens, four 5-5-5 fifteens, double pair royal, nobs",
    ),
    pytest.param(
        "5H 5D 5S 5C",
        "JC",
        False,
        [("fifteen", 2)] * 8 + [("pair", 12)],
        id="28: four fives with a jack starter, which is never nobs",
    ),
    pytest.param(
        "5H 5D 5S 5C",
        "KD",
        False,
        [("fifteen", 2)] * 8 + [("pair", 12)],
        id="28: four fives with a king",
    ),
    pytest.param("AS 3D 7C 9H", "KS", False, [], id="0: nothing adds to 15, pairs or runs"),
    pytest.param(
        "2H 4H 6H 8H",
        "TD",
        False,
        [("flush", 4)],
        id="four-card flush in a hand, starter off suit: 4",
    ),
    pytest.param(
        "2H 4H 6H 8H", "TD", True, [], id="four-card flush in a crib, starter off suit: nothing"
    ),
    pytest.param("2H 4H 6H 8H", "TH", False, [("flush", 5)], id="hand flush with the starter: 5"),
    pytest.param("2H 4H 6H 8H", "TH", True, [("flush", 5)], id="crib flush with the starter: 5"),
    pytest.param(
        "2H 4H 6H", "8D", False, [("flush", 3)], id="five-card game: three-card flush is 3"
    ),
    pytest.param(
        "2H 4H 6H",
        "8H",
        False,
        [("flush", 4)],
        id="five-card game: three-card flush with the starter is 4",
    ),
    pytest.param(
        "4H 5S 6D",
        "5C",
        False,
        [("fifteen", 2)] * 2 + [("pair", 2), ("run", 3), ("run", 3)],
        id="five-card game: 4 5 6 with a 5 starter, double run: 12",
    ),
    pytest.param(
        "JH 2C 3D 9S",
        "7H",
        False,
        [("fifteen", 2), ("nobs", 1)],
        id="nobs: the jack in hand matches the starter's suit",
    ),
    pytest.param(
        "JH 2C 3D 9S",
        "7D",
        False,
        [("fifteen", 2)],
        id="no nobs: the jack is off the starter's suit",
    ),
    pytest.param(
        "JH 2C 3D 9S",
        "JD",
        False,
        [("fifteen", 2)] * 2 + [("pair", 2)],
        id="no nobs with a jack starter: a pair of jacks and two fifteens",
    ),
    pytest.param(
        "JH 2C 3D 9S", "7H", True, [("fifteen", 2), ("nobs", 1)], id="nobs counts in the crib too"
    ),
    pytest.param(
        "3H 4D 4S 5C",
        "KD",
        False,
        [("fifteen", 2), ("pair", 2), ("run", 3), ("run", 3)],
        id="double run of three: 6 for the runs, 2 for the pair, 2 for K-5",
    ),
    pytest.param(
        "3H 4D 4S 5C",
        "5H",
        False,
        [("pair", 2), ("pair", 2)] + [("run", 3)] * 4,
        id="double-double run 3 4 4 5 5: 12 for runs + 4 for pairs = 16, no fifteens",
    ),
    pytest.param(
        "3H 4D 5S 6C",
        "6H",
        False,
        [("fifteen", 2)] * 3 + [("pair", 2), ("run", 4), ("run", 4)],
        id="double run of four 3 4 5 6 6: 8 + pair 2 + three fifteens = 16",
    ),
    pytest.param(
        "3H 3D 3S 4C",
        "5H",
        False,
        [("fifteen", 2)] * 3 + [("pair", 6)] + [("run", 3)] * 3,
        id="triple run 3 3 3 4 5: 9 + pair royal 6 + three fifteens = 21",
    ),
    pytest.param(
        "AH 2D 3S 4C",
        "5H",
        False,
        [("fifteen", 2), ("run", 5)],
        id="run of five is 5, not runs of four and three: 7",
    ),
    pytest.param(
        "4H 5D 5S 6C",
        "6H",
        False,
        [("fifteen", 2)] * 4 + [("pair", 2), ("pair", 2)] + [("run", 3)] * 4,
        id="24: 4 5 5 6 6",
    ),
    pytest.param(
        "4H 5H 6H 7H",
        "8H",
        False,
        [("fifteen", 2)] * 2 + [("run", 5), ("flush", 5)],
        id="straight flush in a hand: 14",
    ),
    pytest.param(
        "4H 5H 6H 7H",
        "8S",
        True,
        [("fifteen", 2)] * 2 + [("run", 5)],
        id="run in a crib whose starter breaks the flush: 9",
    ),
    pytest.param(
        "QH KH AH 2H",
        "3H",
        False,
        [("fifteen", 2)] * 2 + [("run", 3), ("flush", 5)],
        id="ace is low only: Q K A is no run, A 2 3 is",
    ),
]


@pytest.mark.parametrize(("hand", "starter", "crib", "expected"), SHOW_CASES)
def test_it_scores_each_show_rule(hand, starter, crib, expected):
    hand_cards, starter_card = parse_cards(hand), parse_card(starter)

    show = score_show(hand_cards, starter_card, crib=crib)

    assert [(item.kind, item.points) for item in show.items] == expected
    assert show.total == sum(points for _, points in expected)
    assert show_total(hand_cards, starter_card, crib) == show.total


def test_it_lists_the_cards_of_each_item_low_to_high():
    show = score_show(parse_cards("5C 4S 3H 4D"), parse_card("KD"))

    assert show.to_dict() == {
        "total": 10,
        "items": [
            {"kind": "fifteen", "cards": ["5C", "KD"], "points": 2},
            {"kind": "pair", "cards": ["4D", "4S"], "points": 2},
            {"kind": "run", "cards": ["3H", "4D", "5C"], "points": 3},
            {"kind": "run", "cards": ["3H", "4S", "5C"], "points": 3},
        ],
    }


def test_it_names_the_flush_cards_and_the_nobs_jack():
    with_starter = score_show(parse_cards("JH 2H 4H 8H"), parse_card("TH"))
    without_starter = score_show(parse_cards("JH 2H 4H 8H"), parse_card("TS"))

    flush, nobs = with_starter.items[-2:]
    assert [str(card) for card in flush.cards] == ["2H", "4H", "8H", "JH", "TH"]
    assert (nobs.kind, [str(card) for card in nobs.cards], nobs.points) == ("nobs", ["JH"], 1)
    assert [str(card) for card in without_starter.items[-1].cards] == ["2H", "4H", "8H", "JH"]


def test_a_result_is_an_immutable_value():
    show = score_show(parse_cards("5H 5D 5S JC"), parse_card("5C"))

    with pytest.raises(AttributeError):
        show.total = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        show.items[0].points = 5  # type: ignore[misc]
    assert show == score_show(parse_cards("5H 5D 5S JC"), parse_card("5C"))


def test_a_result_cannot_claim_a_total_its_items_do_not_make():
    items = score_show(parse_cards("5H 5D 5S JC"), parse_card("5C")).items

    with pytest.raises(ValueError, match="does not match"):
        ScoreBreakdown(30, items)


BAD_SHOWS = [
    pytest.param("2H 3H 4H 5H 6H", "7C", False, "not 5", id="five cards in hand"),
    pytest.param("2H 3H", "7C", False, "not 2", id="two cards in hand"),
    pytest.param("2H 3H 4H", "7C", True, "not 3", id="a crib of three"),
    pytest.param("2H 2H 4H 5H", "7C", False, "same card twice", id="a card twice"),
    pytest.param("2H 3H 4H 5H", "5H", False, "also in the hand", id="the starter in the hand"),
]


@pytest.mark.parametrize(("hand", "starter", "crib", "message"), BAD_SHOWS)
def test_it_rejects_a_show_no_deal_can_make(hand, starter, crib, message):
    cards = list(parse_cards(hand))
    before = list(cards)

    with pytest.raises(BadHand, match=message) as error:
        score_show(cards, parse_card(starter), crib=crib)

    assert error.value.code == "bad_hand"
    assert cards == before


def test_it_rejects_text_where_cards_belong():
    with pytest.raises(BadHand, match="not a card"):
        score_show(["5H", "5D", "5S", "JC"], parse_card("5C"))
    with pytest.raises(BadHand, match="starter must be a card"):
        score_show(parse_cards("5H 5D 5S JC"), "5C")
    with pytest.raises(BadHand, match="sequence of cards"):
        score_show("5H 5D 5S JC", parse_card("5C"))


def test_the_fast_total_rejects_wrong_sizes_and_five_of_a_rank():
    with pytest.raises(BadHand, match="3 or 4 cards"):
        show_total(parse_cards("2H 3H 4H 5H 6H"), parse_card("7C"))
    with pytest.raises(BadHand, match="crib has 4"):
        show_total(parse_cards("2H 3H 4H"), parse_card("7C"), True)
    with pytest.raises(BadHand, match="five cards of one rank"):
        show_total(parse_cards("5H 5D 5S 5C"), parse_card("5C"))


def test_the_fast_total_rejects_text_where_cards_belong():
    with pytest.raises(BadHand, match="hand of cards and a starter card"):
        show_total(["5H", "5D", "5S", "JC"], parse_card("5C"))
    with pytest.raises(BadHand, match="hand of cards and a starter card"):
        show_total(parse_cards("5H 5D 5S JC"), "5C")
    with pytest.raises(BadHand, match="hand of cards and a starter card"):
        show_total(None, parse_card("5C"))


def test_rank_points_reads_sorted_ranks_and_accepts_other_orders():
    assert rank_points((5, 5, 5, 5, 11)) == 28
    assert rank_points((11, 5, 5, 5, 5)) == 28
    assert rank_points([3, 4, 4, 5, 5]) == 16
    assert rank_points((4, 5, 5, 6)) == 12
    assert rank_points((1, 3, 7, 9, 13)) == 0


@pytest.mark.parametrize(
    "ranks",
    [
        (5, 5, 5, 5, 5),
        (1, 2, 3),
        (1, 2, 3, 4, 5, 6),
        (0, 1, 2, 3, 4),
        (2, 3, 4, 5, 14),
        None,
        "12345",
    ],
)
def test_rank_points_rejects_what_no_deal_makes(ranks):
    with pytest.raises(BadHand) as error:
        rank_points(ranks)
    assert error.value.code == "bad_hand"


# ---------------------------------------------------------------------------------------------
# Cross-checks against a brute-force count written from the rules text, not the engine helpers.


def brute_force_rank_points(ranks: tuple[int, ...]) -> int:
    """Fifteens, pairs and runs straight from the rules text, by trying every subset."""
    points = 0
    for size in range(2, len(ranks) + 1):
        for combo in combinations(ranks, size):
            if sum(min(rank, 10) for rank in combo) == 15:
                points += 2
    points += sum(2 for one, other in combinations(ranks, 2) if one == other)
    for size in range(len(ranks), 2, -1):
        runs = [
            combo
            for combo in combinations(ranks, size)
            if sorted(combo) == list(range(min(combo), min(combo) + size))
        ]
        if runs:
            return points + size * len(runs)
    return points


def brute_force_show(hand: tuple[Card, ...], starter: Card, crib: bool) -> int:
    points = brute_force_rank_points(tuple(card.rank for card in (*hand, starter)))
    if len({card.suit for card in hand}) == 1:
        if starter.suit == hand[0].suit:
            points += len(hand) + 1
        elif not crib:
            points += len(hand)
    if any(card.rank == 11 and card.suit == starter.suit for card in hand):
        points += 1
    return points


def test_all_three_scorers_agree_with_brute_force_on_random_deals():
    rng = random.Random(20261122)
    for deal_number in range(4000):
        hand_size = 3 if deal_number % 4 == 0 else 4
        crib = hand_size == 4 and rng.random() < 0.5
        dealt = rng.sample(DECK, hand_size + 1)
        hand, starter = tuple(dealt[:hand_size]), dealt[hand_size]

        expected = brute_force_show(hand, starter, crib)
        show = score_show(hand, starter, crib=crib)

        assert show.total == expected, (hand, starter, crib)
        assert sum(item.points for item in show.items) == expected
        kind_order = [SHOW_KINDS.index(item.kind) for item in show.items]
        assert kind_order == sorted(kind_order)
        assert show_total(hand, starter, crib) == expected


def test_rank_points_matches_brute_force_for_every_rank_multiset():
    checked = 0
    for size in (4, 5):
        for ranks in combinations_with_replacement(range(1, 14), size):
            if max(Counter(ranks).values()) > 4:
                continue
            assert rank_points(ranks) == brute_force_rank_points(ranks), ranks
            checked += 1
    assert checked == 6175 + 1820


def test_the_itemised_and_fast_scorers_agree_on_every_rank_multiset():
    for size in (4, 5):
        for ranks in combinations_with_replacement(range(1, 14), size):
            if max(Counter(ranks).values()) > 4:
                continue
            # Each repeat of a rank takes the next suit, so every multiset becomes real cards.
            seen: Counter[int] = Counter()
            cards = []
            for rank in ranks:
                cards.append(Card(rank, SUITS[seen[rank]]))
                seen[rank] += 1
            hand, starter = tuple(cards[1:]), cards[0]
            for crib in (False, True) if size == 5 else (False,):
                expected = score_show(hand, starter, crib=crib).total
                assert show_total(hand, starter, crib) == expected, (ranks, crib)


# ---------------------------------------------------------------------------------------------
# The rank tables are built on first use (games/engine/scoring_tables.py), in a fresh process.

FIRST_USE = """
import json, sys, threading
import games.engine
from games.engine import scoring_tables as tables
from games.engine.cards import parse_card, parse_cards
from games.engine.scoring import BadHand, rank_points, show_total
empty_at_import = not tables.POINTS_BY_SORTED_RANKS and not tables.POINTS_BY_RANK_COUNT_KEY
first = sys.argv[1]
answers = []
if first == "show_total":
    answers.append(show_total(parse_cards("5H 5D 5S JC"), parse_card("5C")))
elif first == "rank_points_unsorted":
    answers.append(rank_points((11, 5, 5, 5, 5)))
elif first == "rank_points_invalid":
    try:
        rank_points((5, 5, 5, 5, 5))
    except BadHand as error:
        answers.append(error.code)
    answers.append(rank_points((5, 5, 5, 5, 11)))
elif first == "threads":
    start = threading.Barrier(8)
    def score():
        start.wait()
        answers.append(show_total(parse_cards("5H 5D 5S JC"), parse_card("5C")))
    workers = [threading.Thread(target=score) for _ in range(8)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
by_sorted, by_key = tables.build_rank_tables()
print(json.dumps({
    "empty_at_import": empty_at_import,
    "answers": answers,
    "whole": tables.POINTS_BY_SORTED_RANKS == by_sorted and tables.POINTS_BY_RANK_COUNT_KEY == by_key,
}))
"""


@pytest.mark.parametrize(
    ("first", "answers"),
    [
        ("show_total", [29]),
        ("rank_points_unsorted", [28]),
        ("rank_points_invalid", ["bad_hand", 28]),
        ("threads", [29] * 8),
    ],
)
def test_the_rank_tables_are_empty_at_import_and_whole_after_the_first_score(first, answers):
    """Importing the engine builds no table (every process paid 80 to 145 ms for it at start-up);
    the first score of any kind, a rejected one or eight at once included, fills both tables
    whole, as :func:`build_rank_tables` makes them."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", FIRST_USE, first],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    found = json.loads(done.stdout)
    assert found == {"empty_at_import": True, "answers": answers, "whole": True}
