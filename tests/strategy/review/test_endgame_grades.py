"""Near the end of a game: discards and plays graded by the chance to win."""

from __future__ import annotations

import pytest

from games.bots.base import read_view
from games.bots.expert import chances_to_win as expert_chances_to_win
from games.engine import Discard, MatchOptions, Play, Shuffle, parse_card, parse_cards, replay, view
from games.engine.cards import DECK
from games.engine.scoring import show_total
from games.strategy.analysis import analyze_discard
from games.strategy.play_to_win import chance_values
from games.strategy.review import analyze_match
from games.strategy.review.baselines import (
    CRIB_OVER_EXPECTED,
    HAND_DISTRIBUTION,
    PEGGING_DISTRIBUTION,
)
from games.strategy.review.endgame import (
    NEAR_END,
    WIN_THRESHOLDS,
    is_near_end,
    win_chance,
    win_label,
)
from games.strategy.review.match_review import _MatchWalk
from games.strategy.review.pegging import graded_play_values
from games.strategy.win_probability import win_probability
from tests.engine.builders import cut_deck, deal_deck, with_scores
from tests.strategy.review.matches import bot_match


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


def test_plays_near_the_end_are_graded_by_chance_in_percentage_points(close_match):
    plays = [play for hand in close_match["hands"] for play in hand["plays"]]
    late = [play for play in plays if play["by_win_probability"]]
    assert late
    for play in late:
        assert play["depth"] == "win"
        assert all(0.0 <= chance <= 1.0 for chance in play["values"].values())
        top = max(play["values"].values())
        assert play["lost"] == pytest.approx(100 * (top - play["values"][play["card"]]), abs=0.02)
        assert play["label"] == win_label(play["lost"])
    assert all(play["depth"] != "win" for play in plays if not play["by_win_probability"])
    for seat, player in close_match["players"].items():
        mine = [play for play in plays if play["seat"] == int(seat)]
        chance_lost = sum(p["lost"] for p in mine if p["by_win_probability"])
        points_lost = sum(p["lost"] for p in mine if not p["by_win_probability"])
        assert player["play_chance_lost"] == pytest.approx(chance_lost, abs=0.02)
        assert player["play_lost"] == pytest.approx(points_lost, abs=0.02)


def peg_out_position():
    """Bob deals and needs 2; alice needs 3 and her hand counts 6 whatever the starter. She
    leads KD: bob's KS pairs it and wins at once; any other card likely lets her count out
    first (his hand counts nothing with the 9H)."""
    options = MatchOptions(match_target=1)
    pone, dealer = "KD 5S 5C 4H KC QC", "KS 7C 3D AH JC TC"
    actions = [
        Shuffle(cut_deck(1)),
        Shuffle(deal_deck(pone, dealer, "9H")),
        Discard(0, tuple(parse_cards("KC QC"))),
        Discard(1, tuple(parse_cards("JC TC"))),
        Play(0, parse_card("KD")),
    ]
    return options, actions


def test_a_near_end_plays_values_are_the_experts_chances_to_win():
    options, actions = peg_out_position()
    state, _ = replay(options, actions)
    state = with_scores(state, 118, 119)
    values, depth = graded_play_values(state, 1, to_win=True)
    seen = read_view(view(state, 1), 1)
    assert depth == "win" and values == expert_chances_to_win(seen, needs=[3, 2])
    assert values[parse_card("KS")] == 1.0 > values[parse_card("AH")]
    # The chances read the opponent's lead, as the expert does: unread, they differ.
    dealt = parse_cards("KS 7C 3D AH JC TC")
    unread = chance_values(
        hand=parse_cards("KS 7C 3D AH"),
        kept=parse_cards("KS 7C 3D AH"),
        opponent_played=parse_cards("KD"),
        unseen=[card for card in DECK if card not in {*dealt, parse_card("9H"), parse_card("KD")}],
        opponent_held=3,
        series=parse_cards("KD"),
        count=10,
        needs=(2, 3),
        is_pone=False,
        starter=parse_card("9H"),
        variant="six",
    )
    assert unread.keys() == values.keys() and unread != values


def test_missing_a_peg_out_near_the_end_is_a_blunder_in_percentage_points():
    options, actions = peg_out_position()
    walk = _MatchWalk(options)
    for action in actions[:-1]:
        walk.step(action)
    walk.state = with_scores(walk.state, 118, 119)  # as if this were the end of a long game
    for action in (actions[-1], Play(1, parse_card("AH"))):
        walk.step(action)
    review = walk.result()
    (play,) = review["hands"][0]["plays"][1:]
    chances, _ = graded_play_values(
        with_scores(replay(options, actions)[0], 118, 119), 1, to_win=True
    )
    assert play["card"] == "AH" and play["best"] == "KS"
    assert play["by_win_probability"] and play["depth"] == "win"
    assert play["values"] == {str(card): round(chance, 4) for card, chance in chances.items()}
    lost = 100 * (1.0 - chances[parse_card("AH")])
    assert play["lost"] == pytest.approx(lost, abs=0.006)
    assert play["lost"] >= WIN_THRESHOLDS["blunder"] and play["label"] == "blunder"
    bob = review["players"]["1"]
    assert bob["play_chance_lost"] == play["lost"] and bob["play_lost"] == 0.0


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
