"""Properties of whole random matches (both variants, automatic and manual scoring, Muggins)."""

from __future__ import annotations

import json
import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import (
    Claim,
    Discard,
    IllegalAction,
    MatchState,
    Muggins,
    Play,
    action_from_dict,
    action_to_dict,
    apply,
    legal_actions,
    reduce_view,
    replay,
    view,
)
from games.engine.cards import DECK
from tests.engine.random_play import ALL_OPTIONS, random_match, true_scores

matches = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
options_strategy = st.sampled_from(ALL_OPTIONS)
seeds = st.integers(min_value=0, max_value=2**32)
CARD_TEXT = re.compile(r"^[A2-9TJQK][SHDC]$")


def cards_in(value) -> set[str]:
    """Every card-like string anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} if CARD_TEXT.match(value) else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(item) for item in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(item) for item in value)) if value else set()
    return set()


def visible_to(state: MatchState, seat: int | None) -> set[str]:
    """The cards ``seat`` may know about: its own, the public ones, the shown ones."""
    cards = {card for _, card in state.played}
    cards.update(card for shown in state.shown for card in shown.cards)
    if state.starter is not None:
        cards.add(state.starter)
    if state.cuts is not None:
        cards.update(state.cuts)
    if seat is not None:
        cards.update(state.held[seat])
        cards.update(state.discards[seat] or ())
    return {str(card) for card in cards}


def check_cards_conserved(state: MatchState) -> None:
    if state.deck is None:
        return
    seats = len(state.seats)
    dealt = seats * state.options.hand_size
    located = [card for hand in state.held for card in hand]
    located += [card for _, card in state.played]
    located += list(state.crib)
    located += list(state.deck[dealt:])  # the starter and the stock
    assert len(located) == len(DECK) and set(located) == set(DECK)
    for seat in state.seats:
        own = set(state.held[seat]) | {card for who, card in state.played if who == seat}
        own |= set(state.discards[seat] or ())
        hand_size = state.options.hand_size
        start = seats and [
            state.deck[r * seats + p] for r in range(hand_size) for p in range(seats)
        ]
        assert own <= set(start)
        if state.kept[seat] is not None:
            assert set(state.kept[seat]) == set(state.held[seat]) | {
                card for who, card in state.played if who == seat
            }


@matches
@given(options=options_strategy, seed=seeds)
def test_random_matches_keep_the_rules_invariants(options, seed):
    target = options.game_target
    for step in random_match(options, seed):
        before, after = step.before, step.after
        check_cards_conserved(after)
        assert 0 <= after.count <= 31
        assert after.count == sum(card.value for _, card in after.series)
        new_game = any(
            e.type == "hand_started" and e.data["hand"] == 1 and e.data["game"] > 1
            for e in step.events
        )
        if not new_game:
            # an over-claim taken back lowers the pegs, never the true score
            rising = zip(true_scores(after), true_scores(before), strict=True)
            assert all(a >= b for a, b in rising)
        assert all(a >= b for a, b in zip(after.match_scores, before.match_scores, strict=True))
        assert all(r <= s for r, s in zip(after.rear, after.scores, strict=True))
        reached = [seat for seat in after.seats if after.scores[seat] >= target]
        if reached:
            # the game stopped the moment one player reached the target
            assert len(reached) == 1
            assert after.phase in ("deal", "match_over")
            assert after.game_result is not None and after.game_result.winner == reached[0]
            assert after.pending is None and after.window is None and after.turn is None
        if before.phase == "play" and "hand_shown" in [e.type for e in step.events]:
            # the play is over: the six-card game played every card; in the five-card game
            # nobody could lay another card on the single series
            if options.variant == "six":
                assert after.held == ((),) * len(after.seats)
            else:
                room = 31 - after.count
                assert not any(c.value <= room for hand in after.held for c in hand)
        for event in step.events:
            json.dumps(event.to_dict())
    assert after.phase == "match_over"
    if after.end_reason == "points":
        assert after.match_scores[after.winner] >= options.match_target


@matches
@given(options=options_strategy, seed=seeds)
def test_views_hide_what_they_must(options, seed):
    for step in random_match(options, seed):
        state = step.after
        window = state.window
        # A Muggins window keeps the cards its claim counted (the crib's window outlives the
        # deal that gathers them up): they must have been public when the claim opened it.
        claimed = set() if window is None else {str(card) for card in window.cards}
        if window is not None and window.starter is not None:
            claimed.add(str(window.starter))
        if window is not None and window != step.before.window:
            assert claimed <= visible_to(state, None)
        for seat in (*state.seats, None):
            shown = view(state, seat)
            json.dumps(shown)
            assert cards_in(shown) <= visible_to(state, seat) | claimed
            assert "deck" not in shown
            if state.phase in ("discard", "play") or (
                state.phase == "show" and not any(s.kind == "crib" for s in state.shown)
            ):
                crib = {str(card) for card in state.crib}
                own = {str(c) for c in (state.discards[seat] or ())} if seat is not None else set()
                # The window's cards may be last hand's crib; the same cards can be dealt again.
                this_hand = {k: v for k, v in shown.items() if k not in ("cuts", "muggins")}
                assert not (cards_in(this_hand) & (crib - own))


@matches
@given(options=options_strategy, seed=seeds)
def test_each_viewers_events_carry_its_old_view_to_its_new_view(options, seed):
    for step in random_match(options, seed):
        for seat in (*step.before.seats, None):
            mirrored = view(step.before, seat)
            for event in step.events:
                mirrored = reduce_view(mirrored, event.for_viewer(seat))
            assert mirrored == view(step.after, seat), (seat, [e.type for e in step.events])


@matches
@given(options=options_strategy, seed=seeds)
def test_replaying_the_action_list_rebuilds_the_match(options, seed):
    actions = []
    events = []
    final = None
    for step in random_match(options, seed):
        # every action survives its JSON form, every state its JSON round trip
        as_json = json.loads(json.dumps(action_to_dict(step.action)))
        assert action_from_dict(as_json) == step.action
        actions.append(action_from_dict(as_json))
        events.extend(step.events)
        saved = json.loads(json.dumps(step.after.to_dict()))
        assert MatchState.from_dict(saved) == step.after
        final = step.after
    rebuilt, rebuilt_events = replay(options, actions)
    assert rebuilt.to_dict() == final.to_dict()
    assert [e.to_dict() for e in rebuilt_events] == [e.to_dict() for e in events]


def same_move(action, legal) -> bool:
    """Whether ``action`` is listed in ``legal`` (a discard's two cards in either order)."""
    if isinstance(action, Discard):
        return any(
            isinstance(other, Discard)
            and other.seat == action.seat
            and frozenset(other.cards) == frozenset(action.cards)
            for other in legal
        )
    return action in legal


@matches
@given(options=options_strategy, seed=seeds)
def test_legal_actions_are_exactly_the_actions_apply_accepts(options, seed):
    rng = random.Random(seed)
    for step in random_match(options, seed):
        state = step.before
        seat = rng.choice(state.seats)
        card, other = rng.sample(DECK, 2)
        candidates = [
            Play(seat, card),
            Discard(seat, (card, other)),
            Claim(seat, rng.randint(-1, 31)),
            Muggins(seat),
            Muggins(seat, rng.randint(0, 30)),
        ]
        if state.pending is not None:
            candidates.append(Claim(state.pending.seat, rng.randint(-1, 31)))
        if state.phase == "play" and state.turn is not None:
            candidates += [Play(state.turn, held) for held in state.held[state.turn]]
        if state.phase == "discard":
            held = state.held[seat]
            candidates.append(Discard(seat, (held[-1], held[0])))
        legal = legal_actions(state, seat) + legal_actions(state, 1 - seat)
        for action in candidates:
            before = state.to_dict()
            if same_move(action, legal):
                apply(state, action)
            else:
                try:
                    apply(state, action)
                except IllegalAction as error:
                    assert error.code and error.message
                else:
                    raise AssertionError(f"{action} was accepted but not listed as legal")
            assert state.to_dict() == before
