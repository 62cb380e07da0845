"""Near the end of a game: discards graded by the chance to win, plays with the target in."""

from __future__ import annotations

import pytest

from games.engine import MatchOptions, parse_cards
from games.engine.analysis import analyze_discard
from games.engine.cards import DECK
from games.engine.review import analyze_match
from games.engine.review.baselines import (
    CRIB_OVER_EXPECTED,
    HAND_DISTRIBUTION,
    PEGGING_DISTRIBUTION,
)
from games.engine.review.endgame import NEAR_END, is_near_end, win_chance, win_label
from games.engine.review.pegging import GAME_POINT, card_value
from games.engine.scoring import show_total
from games.engine.win_probability import win_probability
from tests.engine.review.matches import bot_match


def test_near_the_end_means_either_seat_within_reach():
    assert is_near_end("six", 121, (91, 40))
    assert not is_near_end("six", 121, (90, 40))
    assert is_near_end("five", 61, (0, 61 - NEAR_END["five"]))


def test_a_pone_whose_hand_surely_counts_out_wins_for_certain():
    dealt = parse_cards("5H 5D TS JC 2C 9D")
    results = analyze_discard(dealt, is_dealer=False)
    sure = next(r for r in results if {str(c) for c in r.discard} == {"2C", "9D"})
    # 5-5-T-J: fifteen four, fifteen six, a pair is eight: any starter gives at least 8.
    chance = win_chance(sure, dealt, own=113, theirs=100, variant="six", target=121)
    assert chance == pytest.approx(1.0, abs=1e-9) and chance <= 1.0


def test_a_dealer_facing_a_pone_that_pegs_out_first_rarely_wins():
    dealt = parse_cards("AH 2D 9S KC 7C 4D")
    results = analyze_discard(dealt, is_dealer=True)
    chances = [win_chance(r, dealt, own=60, theirs=120, variant="six", target=121) for r in results]
    assert all(0.0 <= chance <= 0.1 for chance in chances)


def test_win_labels_use_percentage_points_of_the_chance_to_win():
    assert [win_label(x) for x in (0.2, 1.0, 3.0, 7.0, 12.0)] == [
        "best",
        "good",
        "inaccuracy",
        "mistake",
        "blunder",
    ]


def test_a_card_that_pegs_out_is_worth_the_game_in_the_one_reply_model():
    unseen_by_rank = [0] + [3] * 13
    # Count 10 on a ten: a five makes fifteen for 2, which is all the seat needs.
    five = card_value(5, [13], (10,), 10, unseen_by_rank, 39, 3, needs=(2, 30))
    king = card_value(13, [5], (10,), 10, unseen_by_rank, 39, 3, needs=(2, 30))
    assert five >= GAME_POINT > king
    assert card_value(5, [13], (10,), 10, unseen_by_rank, 39, 3) < GAME_POINT


@pytest.fixture(scope="module")
def close_match():
    options = MatchOptions(match_target=1)
    return analyze_match(options, bot_match(options, 23))


def test_discards_near_the_end_are_graded_by_chance_and_say_so(close_match):
    by_chance = [
        discard
        for hand in close_match["hands"]
        for discard in hand["discards"]
        if discard["by_win_probability"]
    ]
    assert by_chance
    for discard in by_chance:
        assert 0.0 <= discard["win_chance"] <= discard["best_win_chance"] <= 1.0
        lost = 100 * (discard["best_win_chance"] - discard["win_chance"])
        assert discard["lost"] == pytest.approx(lost, abs=0.02)
        assert discard["label"] == win_label(discard["lost"])
    for seat, player in close_match["players"].items():
        chance_lost = sum(d["lost"] for d in by_chance if d["seat"] == int(seat))
        assert player["discard_chance_lost"] == pytest.approx(chance_lost, abs=0.02)
    late_plays = [
        play
        for hand in close_match["hands"]
        if is_near_end("six", 121, hand["scores_before"])
        for play in hand["plays"]
    ]
    assert late_plays and all(play["by_win_probability"] for play in late_plays)


def reference_chance(result, dealt, own, theirs, variant, target):
    """The chance to win written out plainly: every starter, play outcome and opponent hand."""
    dealer = result.is_dealer
    crib = round(result.crib + CRIB_OVER_EXPECTED[(variant, dealer)])

    def shares(values):
        return [(points, share / sum(values)) for points, share in enumerate(values)]

    starters = [card for card in DECK if card not in dealt]
    total = 0.0
    for starter in starters:
        hand = show_total(result.keep, starter)
        mine0 = own + (2 if dealer and starter.rank == 11 else 0)
        for a, pa in shares(PEGGING_DISTRIBUTION[(variant, dealer)]):
            for b, pb in shares(PEGGING_DISTRIBUTION[(variant, not dealer)]):
                for c, pc in shares(HAND_DISTRIBUTION[(variant, not dealer)]):
                    mine, other = mine0 + a, theirs + b
                    if mine0 >= target:
                        value = 1.0
                    elif mine >= target and other >= target:
                        value = 0.5
                    elif mine >= target:
                        value = 1.0
                    elif other >= target:
                        value = 0.0
                    elif dealer:
                        if other + c >= target:
                            value = 0.0
                        elif mine + hand + crib >= target:
                            value = 1.0
                        else:
                            value = win_probability(
                                mine + hand + crib, other + c, is_dealer=False, variant=variant
                            )
                    elif mine + hand >= target:
                        value = 1.0
                    elif other + c + crib >= target:
                        value = 0.0
                    else:
                        value = win_probability(
                            mine + hand, other + c + crib, is_dealer=True, variant=variant
                        )
                    total += pa * pb * pc * value
    return total / len(starters)


@pytest.mark.parametrize("is_dealer", [True, False])
def test_the_chance_to_win_equals_the_plain_sum_over_everything_unseen(is_dealer):
    dealt = parse_cards("5H 6D 7S JC 2C 9D")
    results = analyze_discard(dealt, is_dealer=is_dealer)[:3]
    for result in results:
        assert win_chance(
            result, dealt, own=104, theirs=109, variant="six", target=121
        ) == pytest.approx(reference_chance(result, dealt, 104, 109, "six", 121), abs=1e-9)
