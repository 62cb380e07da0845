"""analyze_match over whole matches: grades, luck, claims, several games, JSON, odd endings."""

from __future__ import annotations

import json
import random

import pytest

from games.engine import (
    Claim,
    Discard,
    IllegalAction,
    MatchOptions,
    Resign,
    Shuffle,
    apply,
    new_match,
    parse_cards,
    replay,
)
from games.engine.cards import DECK
from games.engine.scoring import show_total
from games.strategy.analysis import analyze_discard
from games.strategy.review import THRESHOLDS, analyze_match, label_for
from games.strategy.review.claims import missed_items
from tests.engine.random_play import choose_action
from tests.strategy.review.matches import bot_match

SIX = MatchOptions(match_target=1)


@pytest.fixture(scope="module")
def hard_match():
    actions = bot_match(SIX, 21)
    return actions, analyze_match(SIX, actions)


def test_every_hand_of_the_match_is_reviewed_in_order(hard_match):
    actions, review = hard_match
    state, events = replay(SIX, actions)
    hands = [event for event in events if event.type == "hand_started"]
    assert [hand["hand"] for hand in review["hands"]] == list(range(len(hands)))
    assert [hand["dealer"] for hand in review["hands"]] == [e.data["dealer"] for e in hands]
    assert review["hands"][-1]["scores_after"] == list(state.scores)
    assert review["score_line"]["0"][-1] == state.scores[0]
    assert review["version"] == 4 and review["seats"] == 2
    assert review["thresholds"] == {"inaccuracy": 0.5, "mistake": 1.5, "blunder": 3.0}
    assert review["win_thresholds"] == {"inaccuracy": 2.0, "mistake": 5.0, "blunder": 10.0}


def test_a_discard_grade_equals_a_brute_force_over_starters(hard_match):
    _, review = hard_match
    discard = review["hands"][2]["discards"][0]
    dealt = parse_cards(" ".join(discard["dealt"]))
    keep = [card for card in dealt if str(card) not in discard["thrown"]]
    starters = [card for card in DECK if card not in dealt]
    hand = sum(show_total(keep, starter) for starter in starters) / len(starters)
    assert discard["value"]["hand"] == pytest.approx(hand, abs=0.006)
    results = analyze_discard(dealt, is_dealer=discard["seat"] == review["hands"][2]["dealer"])
    chosen = next(r for r in results if {str(c) for c in r.discard} == set(discard["thrown"]))
    assert discard["lost"] == pytest.approx(results[0].total - chosen.total, abs=0.006)
    assert discard["best"] == [str(card) for card in results[0].discard]


def test_the_hard_computer_opponents_own_choices_grade_best_or_near(hard_match):
    _, review = hard_match
    for seat in ("0", "1"):
        player = review["players"][seat]
        assert player["discards"] >= 5 and player["plays"] >= 10
        assert player["accuracy"] >= 85
        assert player["play_lost"] / player["plays"] < 0.3
    # Away from the end, where the hard level throws for points as the review grades, its
    # throw is the best; near it (where it plays for a count-out or a race) best or good.
    discards = [discard for hand in review["hands"] for discard in hand["discards"]]
    by_points = [discard for discard in discards if not discard["by_win_probability"]]
    assert len(by_points) >= 10
    assert all(discard["label"] == "best" for discard in by_points)
    assert all(discard["label"] in ("best", "good") for discard in discards)


def test_a_pone_throwing_a_pair_of_fives_to_the_dealer_is_a_blunder():
    # Seat 1 cuts the ace and deals; seat 0, the pone, is dealt 5H 5D 4S 6C 9D KH.
    cut = parse_cards("KS AS")
    pone = parse_cards("5H 5D 4S 6C 9D KH")
    dealer = parse_cards("2C 3D 7H 8S TC QD")
    rest = [card for card in DECK if card not in (*pone, *dealer)]
    deal = [card for pair in zip(pone, dealer, strict=True) for card in pair] + rest
    cut_deck = [*cut, *(card for card in DECK if card not in cut)]
    actions = [
        Shuffle(tuple(cut_deck)),
        Shuffle(tuple(deal)),
        Discard(0, tuple(parse_cards("5H 5D"))),
        Discard(1, tuple(parse_cards("QD TC"))),
    ]
    review = analyze_match(SIX, actions)
    throw = review["hands"][0]["discards"][0]
    assert throw["seat"] == 0 and throw["thrown"] == ["5H", "5D"]
    assert throw["lost"] >= THRESHOLDS["blunder"]
    assert throw["label"] == "blunder"
    assert throw["value"]["crib"] < 0 < throw["value"]["hand"]


def test_labels_follow_the_thresholds():
    assert [label_for(x) for x in (0.0, 0.049, 0.05, 0.49, 0.5, 1.49, 1.5, 2.99, 3.0, 9)] == [
        "best",
        "best",
        "good",
        "good",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def test_luck_adds_up_per_hand_and_along_the_line(hard_match):
    _, review = hard_match
    running = {"0": 0.0, "1": 0.0}
    for index, hand in enumerate(review["hands"]):
        for seat, luck in hand["luck"].items():
            parts = luck["deal"] + luck["cut"] + luck["pegging"] + luck["show"]
            assert luck["total"] == pytest.approx(parts, abs=0.03)
            running[seat] += luck["total"]
            assert review["luck_line"][seat][index] == pytest.approx(running[seat], abs=0.05)
    assert review["players"]["0"]["luck_total"] == pytest.approx(running["0"], abs=0.05)


def test_cut_and_pegging_luck_equal_a_direct_count(hard_match):
    actions, review = hard_match
    _, events = replay(SIX, actions)
    hand = review["hands"][1]
    dealer = hand["dealer"]
    starter = parse_cards(hand["starter"])[0]
    # Each seat's net pegs in that hand's play from its first graded play on, from the events.
    first = {
        seat: min(
            p["play"] for p in hand["plays"] if p["seat"] == seat and not p["by_win_probability"]
        )
        for seat in (0, 1)
    }
    net = {0: 0, 1: 0}
    hand_index, card = -1, -1
    for event in events:
        if event.type == "hand_started":
            hand_index += 1
        elif hand_index == 1 and event.type in ("card_played", "go_scored"):
            card += event.type == "card_played"
            points = event.data.get("points") or 0
            for seat in (0, 1):
                if card >= first[seat]:
                    net[seat] += points if event.data["seat"] == seat else -points
    for discard in hand["discards"]:
        seat = discard["seat"]
        dealt = parse_cards(" ".join(discard["dealt"]))
        keep = [card for card in dealt if str(card) not in discard["thrown"]]
        starters = [card for card in DECK if card not in dealt]
        average = sum(show_total(keep, card) for card in starters) / len(starters)
        cut = show_total(keep, starter) - average
        if seat == dealer:
            jacks = sum(1 for card in starters if card.rank == 11)
            cut += (2 if starter.rank == 11 else 0) - 2 * jacks / len(starters)
        luck = hand["luck"][str(seat)]
        assert luck["cut"] == pytest.approx(cut, abs=0.006)
        plays = [p for p in hand["plays"] if p["seat"] == seat]
        best_first = max(plays[0]["values"].values())
        expected_pegging = net[seat] - best_first + sum(p["lost"] for p in plays)
        assert luck["pegging"] == pytest.approx(expected_pegging, abs=0.006)


def under_claim_by_two(state, claim):
    """Seat 0 misses two points of every hand worth two or more; everything else is true."""
    pending = state.pending
    if claim.seat == 0 and pending.subject == "hand" and pending.actual >= 2:
        return Claim(0, pending.actual - 2)
    return claim


@pytest.mark.parametrize("muggins", [False, True])
def test_manual_claims_show_what_was_missed_and_what_muggins_took(muggins):
    options = MatchOptions(variant="five", scoring="manual", muggins=muggins, match_target=1)
    actions = bot_match(options, 8, claims=under_claim_by_two)
    review = analyze_match(options, actions)
    claims = [claim for hand in review["hands"] for claim in hand["claims"]]
    short = [c for c in claims if c["seat"] == 0 and c["what"] == "hand" and c["actual"] >= 2]
    assert short
    for claim in short:
        assert claim["claimed"] == claim["actual"] - 2
        assert claim["missed"] and not claim["over"]
        assert claim["muggins_points_available"] == (2 if muggins else 0)
        if muggins:
            # The hard computer opponent calls every wrong claim it sees.
            assert claim["muggins_called"] and claim["muggins_points_taken"] == 2
    plays = [c for c in claims if c["what"] == "play"]
    assert plays and all(c["play"] is not None for c in plays)
    counted = [c for c in claims if c["seat"] == 0 and (c["actual"] or c["claimed"])]
    right = [c for c in counted if c["claimed"] == c["actual"]]
    assert review["players"]["0"]["counting_accuracy"] == round(100 * len(right) / len(counted), 1)
    assert review["players"]["0"]["counting_accuracy"] < 100
    assert review["players"]["1"]["counting_accuracy"] == 100.0


def over_claim_by_one(state, claim):
    """Seat 0 claims one point more than every hand holds."""
    if claim.seat == 0 and state.pending.subject == "hand":
        return Claim(0, state.pending.actual + 1)
    return claim


def test_an_over_claim_says_by_how_much_and_muggins_takes_the_difference():
    options = MatchOptions(scoring="manual", muggins=True, match_target=1)
    review = analyze_match(options, bot_match(options, 9, claims=over_claim_by_one))
    over = [
        claim
        for hand in review["hands"]
        for claim in hand["claims"]
        if claim["seat"] == 0 and claim["what"] == "hand" and claim["actual"] is not None
    ]
    assert len(over) >= 3
    *called, last = over
    for claim in called:
        assert claim["claimed"] == claim["actual"] + 1
        assert claim["over"] == ["1 point more than the cards hold"] and not claim["missed"]
        assert claim["muggins_points_available"] == 1
        assert claim["muggins_called"] and claim["muggins_points_taken"] == 1
    # This match's last hand claim would have reached 121: checked at once, it could not be
    # called, so no Muggins points were there to take.
    assert review["hands"][-1]["scores_after"][0] >= 121
    assert last["muggins_points_available"] == 0 and not last["muggins_called"]


def test_missed_combinations_are_the_fewest_that_add_up():
    items = [
        {"kind": "fifteen", "cards": ["5H", "KS"], "points": 2},
        {"kind": "pair", "cards": ["5H", "5D"], "points": 2},
        {"kind": "nobs", "cards": ["JC"], "points": 1},
    ]
    assert missed_items(items, 1) == ["nobs JC"]
    assert missed_items(items, 3) == ["pair 5H+5D", "nobs JC"]
    assert missed_items(items, 0) == []


def test_a_match_of_several_games_numbers_its_games_and_restarts_the_scores():
    options = MatchOptions(variant="five", match_target=2)
    actions = bot_match(options, 4, ("medium", "medium"))
    state, _ = replay(options, actions)
    review = analyze_match(options, actions)
    games = [hand["game"] for hand in review["hands"]]
    assert games[0] == 0 and games == sorted(games)
    assert games[-1] == state.game - 1 >= 1
    first_of_second = games.index(1)
    assert review["hands"][first_of_second]["scores_before"] == [0, 0]
    assert review["hands"][first_of_second - 1]["scores_after"] != [0, 0]
    assert len(review["score_line"]["0"]) == len(review["hands"])


def test_the_review_survives_a_json_round_trip(hard_match):
    _, review = hard_match
    assert json.loads(json.dumps(review)) == review


def test_a_match_resigned_in_the_middle_of_the_play_is_reviewed_up_to_there():
    actions = bot_match(SIX, 30, ("medium", "medium"), stop_after=40)
    state = replay(SIX, actions)[0]
    assert state.phase in ("play", "show", "discard")
    actions.append(Resign(0))
    review = analyze_match(SIX, actions)
    assert review["hands"][-1]["scores_after"] == list(replay(SIX, actions)[0].scores)
    assert json.loads(json.dumps(review)) == review


@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_seats_are_reviewed_without_grades(players):
    options = MatchOptions(players=players, scoring="manual", match_target=1)
    rng = random.Random(players)
    state = new_match(options)
    actions = []
    while state.phase != "match_over" and len(actions) < 400:
        action = choose_action(state, rng)
        state, _ = apply(state, action)
        actions.append(action)
    review = analyze_match(options, actions)
    assert review["seats"] == players and review["graded"] is False
    assert all(not hand["discards"] and not hand["plays"] for hand in review["hands"])
    assert set(review["players"]) == {str(seat) for seat in range(players)}
    assert any(hand["claims"] for hand in review["hands"])
    assert json.loads(json.dumps(review)) == review


def test_a_log_that_does_not_replay_is_refused():
    with pytest.raises(IllegalAction):
        analyze_match(SIX, [Discard(0, tuple(parse_cards("5H 5D")))])
    actions = bot_match(SIX, 3, ("medium", "medium"), stop_after=3)
    assert isinstance(actions[-1], Discard)
    dealt_elsewhere = [card for card in DECK if card not in replay(SIX, actions[:2])[0].held[0]]
    bad = Discard(0, tuple(dealt_elsewhere[:2]))
    with pytest.raises(IllegalAction) as error:
        analyze_match(SIX, [*actions[:2], bad])
    assert error.value.code == "card_not_in_hand"
