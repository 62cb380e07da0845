"""Manual scoring: claims after every card, count and heels; Muggins on wrong claims."""

from __future__ import annotations

import pytest

from games.engine import (
    Claim,
    Discard,
    IllegalAction,
    MatchOptions,
    Muggins,
    Play,
    Resign,
    Shuffle,
    apply,
    legal_actions,
    needs_shuffle,
    parse_card,
    parse_cards,
    seats_to_act,
    view,
)
from games.engine.claims import MAX_CLAIM
from tests.engine.builders import deal_deck, dealt, only, ready_to_play, types, with_scores

MANUAL = MatchOptions(scoring="manual")
MUGGINS = MatchOptions(scoring="manual", muggins=True)


def second_example(options):
    """Pone alice 3 3 4 Q, dealer bob A A 2 5 (the second worked example's hands)."""
    state, _ = ready_to_play(
        options, dealer=1, pone_keeps="3S 3H 4S QS", dealer_keeps="AD AC 2D 5D", starter="2C"
    )
    return state


def play_and_claim_truly(state, cards: str):
    """Play ``cards`` in turn, each followed by a correct claim; returns state and events."""
    events = []
    for card in parse_cards(cards):
        seat = state.turn
        state, step = apply(state, Play(seat, card))
        events += step
        state, step = apply(state, Claim(seat, state.pending.actual))
        events += step
    return state, events


def test_every_card_played_waits_for_its_players_claim(alice, bob):
    state = second_example(MANUAL)
    state, events = apply(state, Play(alice, parse_card("4S")))
    played = only(events, "card_played")[0]
    assert "points" not in played and "items" not in played
    assert played["claim"] == {"seat": alice, "subject": "play"}
    assert seats_to_act(state) == {alice}
    assert legal_actions(state, alice) == [Claim(alice, points) for points in range(MAX_CLAIM + 1)]
    assert legal_actions(state, bob) == []
    with pytest.raises(IllegalAction) as error:
        apply(state, Play(bob, parse_card("2D")))
    assert error.value.code == "claim_pending"


def test_an_under_claim_pegs_only_what_was_claimed(alice, bob):
    state, _ = play_and_claim_truly(second_example(MANUAL), "4S 2D")
    state, _ = apply(state, Play(alice, parse_card("3S")))  # a run of three: 3 points
    state, events = apply(state, Claim(alice, 2))
    assert only(events, "claim_made")[0] == {
        "seat": alice,
        "subject": "play",
        "claimed": 2,
        "pegged": 2,
        "cards": ["4S", "2D", "3S"],
        "starter": "2C",
        "scores": [2, 0],
        "rear": [0, 0],
        "next": bob,
        "muggins": None,
    }
    revealed = only(events, "score_revealed")[0]
    assert (revealed["seat"], revealed["actual"], revealed["claimed"]) == (alice, 3, 2)
    assert [item["kind"] for item in revealed["items"]] == ["run"]
    assert state.turn == bob


def test_an_over_claim_pegs_only_the_true_score(alice, bob):
    state, _ = play_and_claim_truly(second_example(MANUAL), "4S 2D")
    state, _ = apply(state, Play(alice, parse_card("3S")))
    state, events = apply(state, Claim(alice, 7))
    assert only(events, "claim_made")[0]["pegged"] == 3
    assert state.scores == (3, 0)


def test_without_muggins_nobody_may_call_it(alice, bob):
    state, _ = play_and_claim_truly(second_example(MANUAL), "4S 2D")
    state, _ = apply(state, Play(alice, parse_card("3S")))
    state, _ = apply(state, Claim(alice, 0))
    with pytest.raises(IllegalAction) as error:
        apply(state, Muggins(bob))
    assert error.value.code == "muggins_not_allowed"


def test_go_and_last_card_peg_themselves_with_manual_scoring(alice, bob):
    state, events = play_and_claim_truly(second_example(MANUAL), "4S 2D 3S 5D QS AD 3H AC")
    assert only(events, "go_scored") == [
        {"seat": bob, "points": 1, "last": True, "scores": [3, 5], "rear": [0, 4]}
    ]
    # the play is over: the pone's hand is shown and waits for her claim
    assert types(events)[-1] == "hand_shown"
    shown = only(events, "hand_shown")[0]
    assert "items" not in shown and "total" not in shown
    assert shown["claim"] == {"seat": alice, "subject": "hand"}
    assert state.phase == "show" and seats_to_act(state) == {alice}


def test_muggins_takes_the_points_an_under_claim_missed(alice, bob):
    state, _ = play_and_claim_truly(second_example(MUGGINS), "4S 2D")
    state, _ = apply(state, Play(alice, parse_card("3S")))
    state, events = apply(state, Claim(alice, 1))
    assert only(events, "claim_made")[0]["muggins"] == bob
    assert "score_revealed" not in types(events)  # hidden while bob may still call
    assert seats_to_act(state) == {bob}
    assert legal_actions(state, bob)[-1] == Muggins(bob)
    state, events = apply(state, Muggins(bob))
    assert types(events) == ["muggins_called", "score_revealed"]
    assert only(events, "muggins_called")[0] == {
        "seat": bob,
        "named": 2,
        "right": True,
        "points": 2,
        "scores": [1, 2],
        "rear": [0, 0],
    }
    assert state.window is None and state.turn == bob


def test_muggins_takes_the_points_an_over_claim_asked_for(alice, bob):
    state, _ = play_and_claim_truly(second_example(MUGGINS), "4S 2D")
    state, _ = apply(state, Play(alice, parse_card("3S")))
    state, _ = apply(state, Claim(alice, 8))
    state, events = apply(state, Muggins(bob))
    assert only(events, "muggins_called")[0]["points"] == 8 - 3
    assert state.scores == (3, 5)


def test_muggins_on_a_correct_claim_scores_nothing(alice, bob):
    state, _ = play_and_claim_truly(second_example(MUGGINS), "4S 2D")
    state, _ = apply(state, Play(alice, parse_card("3S")))
    state, _ = apply(state, Claim(alice, 3))
    state, events = apply(state, Muggins(bob))
    assert only(events, "muggins_called")[0]["points"] == 0
    assert state.scores == (3, 0)


def test_the_window_is_open_after_a_correct_claim_too(alice, bob):
    state, _ = play_and_claim_truly(second_example(MUGGINS), "4S")
    assert state.window is not None and state.window.caller == bob
    assert bob in seats_to_act(state)


def test_the_next_card_closes_the_window_and_reveals_the_truth(alice, bob):
    state, _ = play_and_claim_truly(second_example(MUGGINS), "4S 2D")
    state, _ = apply(state, Play(alice, parse_card("3S")))
    state, _ = apply(state, Claim(alice, 1))
    state, events = apply(state, Play(bob, parse_card("5D")))
    assert types(events) == ["score_revealed", "card_played"]
    assert only(events, "score_revealed")[0]["actual"] == 3
    with pytest.raises(IllegalAction) as error:
        apply(state, Muggins(bob))
    assert error.value.code == "muggins_not_allowed"


def test_the_window_stays_open_while_the_claimant_plays_on_after_a_go(alice, bob):
    state, _ = ready_to_play(
        MUGGINS, dealer=alice, pone_keeps="KH QH JH TH", dealer_keeps="AD AC 2D 2S"
    )
    state, _ = play_and_claim_truly(state, "KH AD QH")
    state, _ = apply(state, Play(alice, parse_card("AC")))  # 22: bob cannot play
    state, events = apply(state, Claim(alice, 0))
    assert only(events, "go") == [{"seat": bob}]
    assert state.turn == alice
    assert seats_to_act(state) == {alice, bob}
    assert legal_actions(state, bob) == [Muggins(bob, p) for p in range(1, 30)] + [Muggins(bob)]
    # either may go first; alice's next card closes bob's chance
    state, events = apply(state, Play(alice, parse_card("2D")))
    assert types(events)[0] == "score_revealed"
    assert seats_to_act(state) == {alice}


def test_the_dealer_claims_his_heels_and_can_be_muggins_ed(alice, bob):
    state = dealt(
        MUGGINS,
        dealer=bob,
        pone="AH 2H 3H 4H KC QC",
        dealer_cards="5D 6D 7D 8D JC TC",
        starter="JS",
    )
    state, _ = apply(state, Discard(alice, parse_cards("KC QC")))
    state, events = apply(state, Discard(bob, parse_cards("JC TC")))
    cut = only(events, "starter_cut")[0]
    assert cut["heels"] == 0 and cut["claim"] == {"seat": bob, "subject": "heels"}
    assert seats_to_act(state) == {bob}
    with pytest.raises(IllegalAction) as error:
        apply(state, Play(alice, parse_card("AH")))
    assert error.value.code == "claim_pending"
    state, events = apply(state, Claim(bob, 3))
    assert only(events, "claim_made")[0]["pegged"] == 3  # as claimed, until the truth is out
    assert only(events, "claim_made")[0]["next"] == alice
    assert seats_to_act(state) == {alice}
    state, events = apply(state, Muggins(alice))
    assert only(events, "muggins_called")[0]["points"] == 1
    assert only(events, "score_revealed")[0]["subject"] == "heels"
    assert state.scores == (1, 2)


def test_show_claims_go_pone_dealer_crib_and_the_last_window_carries_into_the_next_hand(alice, bob):
    state, _ = play_and_claim_truly(second_example(MUGGINS), "4S 2D 3S 5D QS AD 3H AC")
    subjects = []
    while state.phase == "show":
        pending = state.pending
        subjects.append((pending.seat, pending.subject))
        state, events = apply(state, Claim(pending.seat, pending.actual))
    assert subjects == [(alice, "hand"), (bob, "hand"), (bob, "crib")]
    assert types(events)[-1] == "hand_ended"
    # the crib's claim can still be challenged: through the shuffle and the discards
    assert needs_shuffle(state) and seats_to_act(state) == {alice}
    state, _ = apply(state, Shuffle(deal_deck("AS 2S 3S 4S 5S 6S", "7C 8C 9C TC 4C 6C", "9D")))
    assert state.phase == "discard" and state.window.subject == "crib"
    state, events = apply(state, Muggins(alice))
    assert only(events, "muggins_called")[0]["points"] == 0
    assert only(events, "score_revealed")[0]["subject"] == "crib"


def crib_claimed(claim_for_crib: int | None = None):
    """The second example played and shown; bob (dealer) claims his crib, then the next deal."""
    state, _ = play_and_claim_truly(second_example(MUGGINS), "4S 2D 3S 5D QS AD 3H AC")
    while state.phase == "show":
        pending = state.pending
        points = pending.actual
        if pending.subject == "crib" and claim_for_crib is not None:
            points = claim_for_crib
        state, _ = apply(state, Claim(pending.seat, points))
    state, _ = apply(state, Shuffle(deal_deck("AS 2S 3S 4S 5S 6S", "7C 8C 9C TC 4C 6C", "9D")))
    return state


def test_the_crib_window_keeps_the_claimed_cards_and_starter_in_view_after_the_next_deal(
    alice, bob
):
    state = crib_claimed(claim_for_crib=0)
    assert state.phase == "discard" and state.shown == () and state.starter is None
    window = view(state, alice)["muggins"]
    assert window["subject"] == "crib" and window["claimed"] == 0
    # the crib as it was shown, and last hand's starter
    assert window["starter"] == "2C"
    crib = [str(card) for card in state.window.cards]
    assert window["cards"] == crib and len(crib) == 4
    assert view(state, bob)["muggins"]["cards"] == crib
    assert view(state, None)["muggins"]["starter"] == "2C"


def test_resigning_while_a_window_is_open_still_reveals_the_claims_truth(alice, bob):
    state = crib_claimed(claim_for_crib=0)
    actual = state.window.actual
    state, events = apply(state, Resign(alice))
    assert types(events) == ["score_revealed", "match_ended"]
    revealed = only(events, "score_revealed")[0]
    assert (revealed["seat"], revealed["subject"], revealed["claimed"]) == (bob, "crib", 0)
    assert revealed["actual"] == actual
    assert state.window is None and view(state, alice)["muggins"] is None


def test_a_shown_hands_breakdown_is_revealed_when_its_window_closes(alice, bob):
    state, _ = play_and_claim_truly(second_example(MUGGINS), "4S 2D 3S 5D QS AD 3H AC")
    actual = state.pending.actual
    state, _ = apply(state, Claim(alice, 0))
    assert state.shown[0].total is None
    state, events = apply(state, Claim(bob, state.pending.actual))  # closes alice's window
    assert only(events, "score_revealed")[0]["actual"] == actual
    assert state.shown[0].total == actual


def test_a_claim_that_wins_the_game_ends_it_at_once(alice, bob):
    state = second_example(MUGGINS)
    state = with_scores(state, 119, 100)
    state, _ = play_and_claim_truly(state, "4S 2D")
    state, _ = apply(state, Play(alice, parse_card("3S")))
    state, events = apply(state, Claim(alice, 3))
    assert types(events) == ["claim_made", "score_revealed", "game_ended"]
    assert only(events, "claim_made")[0]["muggins"] is None
    assert only(events, "game_ended")[0]["winner"] == alice


def test_a_muggins_call_can_win_the_game(alice, bob):
    state = second_example(MUGGINS)
    state = with_scores(state, 50, 119)
    state, _ = play_and_claim_truly(state, "4S 2D")
    state, _ = apply(state, Play(alice, parse_card("3S")))
    state, _ = apply(state, Claim(alice, 0))
    state, events = apply(state, Muggins(bob))
    assert types(events) == ["muggins_called", "score_revealed", "game_ended"]
    assert only(events, "game_ended")[0]["winner"] == bob


@pytest.mark.parametrize("points", [-1, MAX_CLAIM + 1, True, 2.0, "3"])
def test_a_claim_must_be_a_whole_number_from_0_to_29(points, alice):
    state, _ = apply(second_example(MANUAL), Play(alice, parse_card("4S")))
    with pytest.raises(IllegalAction) as error:
        apply(state, Claim(alice, points))
    assert error.value.code == "bad_claim"


def test_a_claim_needs_a_pending_count_of_ones_own(alice, bob):
    state, _ = apply(second_example(MANUAL), Play(alice, parse_card("4S")))
    with pytest.raises(IllegalAction) as error:
        apply(state, Claim(bob, 0))
    assert error.value.code == "no_claim_pending"
    auto = second_example(MatchOptions())
    with pytest.raises(IllegalAction) as error:
        apply(auto, Claim(alice, 0))
    assert error.value.code == "no_claim_pending"


def alice_claims_her_run_as(points: int, *, scores: tuple[int, int] = (0, 0)):
    """alice's 3S makes a run of three (3 points) with Muggins on; she claims ``points``."""
    state = with_scores(second_example(MUGGINS), *scores)
    state, _ = play_and_claim_truly(state, "4S 2D")
    state, _ = apply(state, Play(0, parse_card("3S")))
    return apply(state, Claim(0, points))


def test_an_over_claim_is_pegged_as_claimed_and_hidden_from_everyone_until_the_window_closes(
    alice, bob
):
    state, events = alice_claims_her_run_as(5)
    made = only(events, "claim_made")[0]
    assert (made["claimed"], made["pegged"], made["scores"]) == (5, 5, [5, 0])
    assert "score_revealed" not in types(events)
    for viewer in (alice, bob, None):
        seen = view(state, viewer)
        assert seen["scores"] == [5, 0]
        assert "actual" not in seen["muggins"] and "3" not in str(seen["muggins"]["claimed"])


def test_closing_the_window_takes_an_over_claim_back_to_the_truth(alice, bob):
    state, _ = alice_claims_her_run_as(5)
    state, events = apply(state, Play(bob, parse_card("5D")))  # bob passes on Muggins
    revealed = only(events, "score_revealed")[0]
    assert (revealed["actual"], revealed["pegged"], revealed["scores"]) == (3, 3, [3, 0])
    assert state.scores[alice] == 3 and state.rear[alice] == 0


def test_an_under_claim_keeps_only_what_was_claimed_when_nobody_calls(alice, bob):
    state, _ = alice_claims_her_run_as(1)
    state, events = apply(state, Play(bob, parse_card("5D")))
    assert only(events, "score_revealed")[0]["pegged"] == 1
    assert state.scores[alice] == 1


def test_muggins_naming_the_exact_difference_pegs_it(alice, bob):
    state, _ = alice_claims_her_run_as(5)
    state, events = apply(state, Muggins(bob, 2))
    called = only(events, "muggins_called")[0]
    assert (called["named"], called["right"], called["points"]) == (2, True, 2)
    assert state.scores == (3, 2) and state.window is None


@pytest.mark.parametrize("claimed, named", [(3, 2), (5, 1), (5, 3), (1, 1)])
def test_a_wrong_muggins_call_pegs_nothing_and_is_shown_as_wrong(claimed, named, alice, bob):
    state, _ = alice_claims_her_run_as(claimed)
    state, events = apply(state, Muggins(bob, named))
    called = only(events, "muggins_called")[0]
    assert (called["named"], called["right"], called["points"]) == (named, False, 0)
    assert state.scores == (min(claimed, 3), 0)
    assert types(events) == ["muggins_called", "score_revealed"]


@pytest.mark.parametrize("named", [0, 30, True, "2"])
def test_muggins_must_name_a_whole_number_of_points_from_1_to_29(named, bob):
    state, _ = alice_claims_her_run_as(5)
    with pytest.raises(IllegalAction) as error:
        apply(state, Muggins(bob, named))
    assert error.value.code == "bad_muggins"


def test_a_claim_that_would_reach_the_target_is_checked_at_once(alice, bob):
    state, events = alice_claims_her_run_as(5, scores=(117, 100))
    assert types(events) == ["claim_made", "score_revealed"]  # an over-claim does not win
    assert only(events, "claim_made")[0]["muggins"] is None
    assert state.scores == (120, 100) and state.window is None and state.winner is None


def test_a_go_point_on_an_unchecked_over_claim_cannot_win_the_game(alice, bob):
    state, _ = play_and_claim_truly(second_example(MUGGINS), "4S 2D 3S 5D QS AD 3H")
    state, _ = apply(state, Play(bob, parse_card("AC")))  # the last card: a go point follows
    actual = state.pending.actual
    state = with_scores(state, 50, 121 - actual - 2)
    state, events = apply(state, Claim(bob, actual + 1))  # one too many: the board shows 120
    # the last-card point would take the claimed score to 121: the claim is checked first
    assert types(events)[:4] == ["claim_made", "score_revealed", "go_scored", "hand_shown"]
    assert only(events, "score_revealed")[0]["scores"][bob] == 119
    assert state.scores[bob] == 120 and state.game_result is None
