"""The computer at three and four seats: whole games without an illegal move, throws of the
right size, and discards that count the crib for the side whose crib it is."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.bots import LEVELS, bot_for_level, read_view
from games.bots.many_seats import crib_promise, hard_throw, medium_throw
from games.bots.simulate import play_match
from games.engine import Discard, MatchOptions, Shuffle, apply, new_match, shuffled_deck, view
from games.engine.cards import parse_cards
from games.strategy.pegging_search import seen_by
from tests.engine.seated import cut_deck_for, seated_hand


@given(
    st.sampled_from((3, 4)),
    st.lists(st.sampled_from(LEVELS), min_size=4, max_size=4),
    st.sampled_from((("auto", False), ("manual", False), ("manual", True))),
    st.integers(0, 2**32),
)
@settings(max_examples=15, deadline=None)
def test_bots_finish_a_many_seat_game_without_an_illegal_move(players, levels, scoring, seed):
    mode, muggins = scoring
    options = MatchOptions(players=players, scoring=mode, muggins=muggins, match_target=1)
    record = play_match(
        [bot_for_level(level) for level in levels[:players]],
        options=options,
        deck_rng=random.Random(seed),
        bot_rngs=[random.Random(seed + seat) for seat in range(players)],
    )
    assert record.winner in range(players)
    assert max(record.scores) >= 121
    if players == 4:  # partners peg one score
        assert record.scores[0] == record.scores[2] and record.scores[1] == record.scores[3]


def three_player_hand():
    # Seat 0 deals; seat 1 holds 5-5-J-Q-K and must throw one card.
    return seated_hand(
        MatchOptions(players=3),
        dealer=0,
        hands={0: "AC 2C 3C 4C 6C", 1: "5H 5S JD QC KD", 2: "7D 8D 9D 9S 2D"},
        starter="3H",
        crib_from_deck="4H",
    )


@pytest.mark.parametrize("level", LEVELS)
def test_a_pone_of_three_throws_one_card(level):
    state = three_player_hand()
    action = bot_for_level(level, random.Random(1)).choose_action(view(state, 1), 1)
    assert len(action.cards) == 1
    assert set(action.cards) <= set(state.held[1])


def test_hard_keeps_its_fives_and_gives_an_opponent_s_crib_the_king():
    state = three_player_hand()
    seen = read_view(view(state, 1), 1)
    assert not seen.crib_is_ours and seen.throw == 1
    assert hard_throw(seen, random.Random(1)) == tuple(parse_cards("KD"))
    assert medium_throw(seen, random.Random(1)) == tuple(parse_cards("KD"))


@pytest.mark.parametrize(
    "options",
    [
        MatchOptions(players=3),
        MatchOptions(players=3, deal="dealer_six"),
        MatchOptions(players=4),
    ],
    ids=lambda o: f"{o.players}-{o.deal}",
)
def test_at_three_and_four_each_seat_has_seen_its_own_throw_and_no_other(options):
    state, _ = apply(new_match(options), Shuffle(cut_deck_for(0, options.players)))
    state, _ = apply(state, Shuffle(shuffled_deck(random.Random(options.players))))
    throws = {
        seat: state.held[seat][: options.cards_thrown(dealer=seat == state.dealer)]
        for seat in state.seats
    }
    assert len(throws[0]) == (2 if options.dealer_takes_six else 1)  # seat 0 deals
    for seat, cards in throws.items():
        state, _ = apply(state, Discard(seat, cards))
    for seat in state.seats:
        seen = read_view(view(state, seat), seat)
        assert seen.thrown == throws[seat]
        assert set(seen.thrown) <= seen.seen_cards() == seen_by(state, seat)
        others = {card for other, cards in throws.items() if other != seat for card in cards}
        assert not others & seen.seen_cards()


def test_a_partner_s_crib_counts_as_the_seat_s_own():
    state = seated_hand(
        MatchOptions(players=4),
        dealer=2,
        hands={0: "5H 5S JD QC KD", 1: "AC 2C 3C 4C 6C", 2: "7D 8D 9D 9S 2D", 3: "AS 2S 3S 4S 6S"},
        starter="3H",
    )
    assert read_view(view(state, 0), 0).crib_is_ours
    assert not read_view(view(state, 1), 1).crib_is_ours


def test_a_thrown_five_promises_more_than_a_king():
    assert crib_promise(tuple(parse_cards("5H"))) > crib_promise(tuple(parse_cards("KH")))


@pytest.mark.parametrize("level", LEVELS)
def test_a_dealer_who_takes_six_throws_two_and_a_game_finishes(level):
    options = MatchOptions(players=3, deal="dealer_six", match_target=1)
    record = play_match(
        [bot_for_level(level) for _ in range(3)],
        options=options,
        deck_rng=random.Random(11),
        bot_rngs=[random.Random(seat) for seat in range(3)],
    )
    assert max(record.scores) >= 121
