"""Random legal play with three and four seats, through the public engine API alone.

Several hands in a row (whole matches) are played from random shuffles with random legal
moves, and every step is checked against the rules that hold whatever the cards: cards are
conserved, each is played at most once a hand, the count never passes 31, scores only rise,
play goes round to the left, the crib has four cards, partners' scores move together, and
each viewer's events carry its old view to its new one.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import (
    MatchOptions,
    MatchState,
    Play,
    Resign,
    Shuffle,
    apply,
    legal_actions,
    new_match,
    reduce_view,
    replay,
    seats_to_act,
    view,
)
from games.engine.cards import DECK
from games.engine.seating import partners_of, seats_from_left_of
from tests.engine.random_play import choose_action, random_match, true_scores

MANY_SEAT_OPTIONS = [
    MatchOptions(players=players, scoring=scoring, muggins=muggins, match_target=target)
    for players in (3, 4)
    for scoring, muggins in (("auto", False), ("manual", False), ("manual", True))
    for target in (1, 2)
] + [MatchOptions(players=3, deal="dealer_six", scoring="manual", muggins=True, match_target=2)]
matches = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
options_strategy = st.sampled_from(MANY_SEAT_OPTIONS)
seeds = st.integers(min_value=0, max_value=2**32)


def check_cards_conserved(state: MatchState) -> None:
    if state.deck is None:
        return
    start = state.options.cards_before_starter
    located = [card for hand in state.held for card in hand]
    located += [card for _, card in state.played]
    located += list(state.crib)
    located += list(state.deck[start:])  # the starter and the stock
    assert len(located) == len(DECK) and set(located) == set(DECK)
    played = [card for _, card in state.played]
    assert len(played) == len(set(played))


def check_turn_goes_left(before: MatchState, action: Play) -> None:
    """A card comes from the next seat to the left that could still play: every seat passed
    over has said Go or has no cards."""
    if not before.played:
        assert action.seat == before.pone  # the dealer's left leads the hand
        return
    if before.series:
        last = before.series[-1][0]
        skipped = seats_from_left_of(before.seats, last)
        skipped = skipped[: skipped.index(action.seat)]
        assert all(before.said_go[seat] or not before.held[seat] for seat in skipped)
    else:  # a new series: led by the first seat after the last player that holds cards
        last = before.played[-1][0]
        skipped = seats_from_left_of(before.seats, last)
        skipped = skipped[: skipped.index(action.seat)]
        assert all(not before.held[seat] for seat in skipped)


def check_partners_share(state: MatchState) -> None:
    for seat in state.seats:
        for partner in partners_of(state.seats, seat):
            assert state.scores[partner] == state.scores[seat]
            assert state.rear[partner] == state.rear[seat]
            assert state.match_scores[partner] == state.match_scores[seat]


@matches
@given(options=options_strategy, seed=seeds)
def test_random_three_and_four_seat_matches_keep_the_rules_invariants(options, seed):
    hands = 0
    for step in random_match(options, seed):
        before, after = step.before, step.after
        assert len(after.seats) == options.players
        check_cards_conserved(after)
        check_partners_share(after)
        assert 0 <= after.count <= 31
        assert after.count == sum(card.value for _, card in after.series)
        if isinstance(step.action, Play):
            check_turn_goes_left(before, step.action)
        if after.phase in ("play", "show"):
            assert len(after.crib) == 4
            assert all(len(kept) == 4 for kept in after.kept)
        new_game = any(e.type == "hand_started" and e.data["hand"] == 1 for e in step.events)
        if not new_game:
            # an over-claim taken back lowers the pegs, never the true score
            rising = zip(true_scores(after), true_scores(before), strict=True)
            assert all(a >= b for a, b in rising)
        assert all(a >= b for a, b in zip(after.match_scores, before.match_scores, strict=True))
        hands += sum(1 for e in step.events if e.type in ("hand_ended", "game_ended"))
        if before.phase == "play" and any(e.type == "hand_shown" for e in step.events):
            assert after.held == ((),) * options.players  # every card was played
    assert after.phase == "match_over"
    if after.end_reason == "points":
        assert after.match_scores[after.winner] >= options.match_target
        assert hands >= 1


@matches
@given(options=options_strategy, seed=seeds)
def test_each_viewers_events_carry_its_old_view_to_its_new_view_at_any_table(options, seed):
    for step in random_match(options, seed):
        for seat in (*step.before.seats, None):
            mirrored = view(step.before, seat)
            for event in step.events:
                mirrored = reduce_view(mirrored, event.for_viewer(seat))
            assert mirrored == view(step.after, seat), (seat, [e.type for e in step.events])


@matches
@given(options=options_strategy, seed=seeds)
def test_legal_actions_match_who_may_act_and_replay_rebuilds_the_match(options, seed):
    actions = []
    for step in random_match(options, seed):
        for seat in step.before.seats:
            listed = legal_actions(step.before, seat)
            assert bool(listed) == (seat in seats_to_act(step.before))
        if not isinstance(step.action, (Resign, Shuffle)):
            assert step.action in legal_actions(step.before, step.action.seat)
        actions.append(step.action)
        final = step.after
    rebuilt, _ = replay(options, actions)
    assert rebuilt.to_dict() == final.to_dict()


def test_several_hands_in_a_row_play_out_with_three_and_with_four_seats():
    for players in (3, 4):
        options = MatchOptions(players=players, match_target=3)
        rng = random.Random(players)
        state = new_match(options)
        hands_ended = 0
        while state.phase != "match_over":
            action = choose_action(state, rng)
            if isinstance(action, Resign):
                continue  # play every hand out
            state, events = apply(state, action)
            hands_ended += sum(1 for e in events if e.type in ("hand_ended", "game_ended"))
        assert hands_ended >= 3
        assert state.end_reason == "points"
