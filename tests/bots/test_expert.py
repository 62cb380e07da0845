"""The expert level: searched pegging, discards counting the play, the chance to win near the end."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.bots import BadView, bot_for_level
from games.bots import expert as expert_module
from games.bots.base import read_view
from games.bots.expert import endgame_chance, expert_play, with_pegging
from games.bots.pegging import unseen_rank_counts
from games.bots.simulate import play_match
from games.engine import MatchOptions, Play, apply, parse_card, parse_cards, view
from games.engine.cards import DECK
from games.strategy.analysis import analyze_discard
from games.strategy.opening_play import opening_values
from games.strategy.pegging_search import searched_deals, seen_by
from tests.engine.builders import dealt, play_in_turn, ready_to_play, with_scores

SIX = MatchOptions(match_target=1)
MODES = [
    MatchOptions(variant=variant, scoring=scoring, muggins=scoring == "manual", match_target=1)
    for variant in ("six", "five")
    for scoring in ("auto", "manual")
]


def test_the_expert_takes_a_fifteen_and_a_pair_royal(bob, rng):
    expert = bot_for_level("expert")
    state, _ = ready_to_play(SIX, dealer=1, pone_keeps="TH 4H 9C KD", dealer_keeps="5D 9S 8C 7C")
    state, _ = play_in_turn(state, "TH")
    assert expert.choose_action(view(state, bob), bob, rng) == Play(bob, parse_card("5D"))


def test_the_expert_plays_the_card_that_wins_the_game(bob, rng):
    expert = bot_for_level("expert")
    state, _ = ready_to_play(SIX, dealer=1, pone_keeps="TH 4H 9C KD", dealer_keeps="AD 9S 8C 5C")
    state = with_scores(state, 100, 119)
    state, _ = play_in_turn(state, "TH")
    # Bob needs 2: the fifteen wins the game at once.
    action = expert.choose_action(view(state, bob), bob, rng)
    assert action == Play(bob, parse_card("5C"))
    state, _ = apply(state, action)
    assert state.phase == "match_over" and state.winner == bob


def test_a_seat_s_own_throw_is_among_the_cards_it_has_seen(alice, bob):
    state, _ = ready_to_play(
        SIX,
        dealer=1,
        pone_keeps="TH 4H 9C KD",
        dealer_keeps="5D 9S 8C 7C",
        pone_throws="5H 5S",
        dealer_throws="QD JC",
    )
    seen = read_view(view(state, alice), alice)
    assert seen.thrown == parse_cards("5H 5S")
    assert set(parse_cards("5H 5S")) <= seen.seen_cards()
    assert not set(parse_cards("QD JC")) & seen.seen_cards()  # bob's throw stays unseen
    assert seen.seen_cards() == seen_by(state, alice)  # as the review's search has it
    # Two fives thrown, one more in the starter's place or not: only the unseen ones count.
    fives = sum(1 for card in seen.seen_cards() if card.rank == 5)
    assert unseen_rank_counts(seen)[5] == 4 - fives
    assert read_view(view(state, bob), bob).thrown == parse_cards("QD JC")


def test_a_view_without_the_throw_is_refused(alice):
    state, _ = ready_to_play(SIX, dealer=1, pone_keeps="TH 4H 9C KD", dealer_keeps="5D 9S 8C 7C")
    old = view(state, alice)
    del old["thrown"]
    with pytest.raises(BadView):
        read_view(old, alice)


def test_the_expert_s_search_never_deals_its_own_throw_to_the_opponent(bob, rng, monkeypatch):
    state, _ = ready_to_play(
        SIX,
        dealer=1,
        pone_keeps="TH 4H 9C KD",
        dealer_keeps="5D 9S 8C 7C",
        pone_throws="2S 3S",
        dealer_throws="5C 5H",
    )
    # Past the lead and the reply (read from the opening table), the expert searches.
    state, _ = play_in_turn(state, "TH 5D 4H")
    (arguments,) = searched_by_expert_play(state, bob, rng, monkeypatch)
    unseen = arguments["unseen"]
    assert not set(parse_cards("5C 5H")) & set(unseen)
    assert set(parse_cards("2S 3S")) <= set(unseen)  # alice's throw: bob never saw it
    assert set(unseen) == {card for card in DECK if card not in seen_by(state, bob)}


def test_discards_count_the_play_and_the_endgame_weighs_chances(alice, rng):
    state = dealt(
        SIX, dealer=1, pone="5H 5S 6D 7C KD QH", dealer_cards="AH 2H 3D 4S 9C 8C", starter="2C"
    )
    seen = read_view(view(state, alice), alice)
    results = analyze_discard(seen.held, is_dealer=False)
    assert any(with_pegging(result) != result.total for result in results)
    chances = [endgame_chance(result, seen) for result in results]
    assert all(0.0 <= chance <= 1.0 for chance in chances)
    near = read_view(view(with_scores(state, 110, 112), alice), alice)
    assert max(endgame_chance(result, near) for result in results) > 0.3


@given(st.integers(0, 2**32), st.integers(0, 3), st.sampled_from([(0, 0), (112, 95), (90, 118)]))
@settings(max_examples=40, deadline=None)
def test_the_searched_play_is_always_a_legal_card(seed, dealt_count, scores):
    """Random positions of the play, far from the end (the opening table, the search) and near
    it (the chance to win): the expert's card is always one the view allows."""
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    state, _ = ready_to_play(
        SIX,
        dealer=1,
        pone_keeps=" ".join(map(str, deck[:4])),
        dealer_keeps=" ".join(map(str, deck[4:8])),
        starter=str(deck[8]),
        pone_throws=" ".join(map(str, deck[9:11])),
        dealer_throws=" ".join(map(str, deck[11:13])),
    )
    state = with_scores(state, *scores)
    for _ in range(dealt_count):
        seat = state.turn
        if seat is None:
            break
        playable = [c for c in state.held[seat] if c.value + state.count <= 31]
        state, _ = apply(state, Play(seat, rng.choice(playable)))
    seat = state.turn
    if seat is None or state.phase != "play":
        return
    seen = read_view(view(state, seat), seat)
    assert expert_play(seen, rng) in seen.playable


def test_expert_games_against_hard_and_easy_finish_without_an_illegal_move():
    """Whole games in every variant and scoring mode; ``apply`` raises on anything illegal
    (the strength benchmark plays thousands more, through the same driver)."""
    played = 0
    for mode, options in enumerate(MODES):
        for opponent in ("hard", "easy"):
            seed = 7000 + mode * 10 + len(opponent)
            bots = [bot_for_level("expert"), bot_for_level(opponent)]
            if mode % 2:
                bots.reverse()
            record = play_match(
                bots,
                options=options,
                deck_rng=random.Random(seed),
                bot_rngs=[random.Random(seed + 1), random.Random(seed + 2)],
            )
            assert record.scores[record.winner] >= options.game_target
            played += 1
    assert played == 2 * len(MODES)


def test_the_expert_reads_the_opponent_s_go_its_plays_and_its_lead(alice, bob, rng, monkeypatch):
    """Alice led a ten and said go at 27: bob's search deals her nothing worth 4 or less, weighs
    her hands by the points her plays left and reads her lead by the opening table."""
    state, _ = ready_to_play(
        SIX,
        dealer=1,
        pone_keeps="TH JC QD KS",
        dealer_keeps="5D 2S AS 3C",
        starter="9D",
        pone_throws="4H 6H",
        dealer_throws="7H 8H",
    )
    state, _ = play_in_turn(state, "TH 5D JC 2S")
    assert state.turn == bob  # alice could not play on 27
    (arguments,) = searched_by_expert_play(state, bob, rng, monkeypatch)
    assert arguments["passed"] == {alice: 4}
    assert arguments["declined_by_seat"][alice] == [((), 10), ((10, 5), 11)]
    lead_read = arguments["read_prior"]
    table = opening_values((10, 11, 12, 13), lead=None)
    best = max(table.values())
    assert lead_read((12, 13)) == pytest.approx(math.exp(3.0 * (table[10] - best)))
    assert lead_read((5, 5)) == pytest.approx(
        math.exp(3.0 * (opening_values((5, 5, 10, 11), lead=None)[10] - best_of(5, 5, 10, 11)))
    )
    deals = searched_deals(**{k: v for k, v in arguments.items() if k not in ("needs",)})
    assert not any(rank <= 4 for hands, _ in deals for rank in hands[alice])


def best_of(*ranks: int) -> float:
    return max(opening_values(ranks, lead=None).values())


def searched_by_expert_play(state, seat, rng, monkeypatch) -> list[dict]:
    """The arguments of every pegging search ``expert_play`` runs for ``seat`` in ``state``."""
    searched: list[dict] = []
    real = expert_module.play_values

    def recording(**arguments):
        searched.append(arguments)
        return real(**arguments)

    monkeypatch.setattr(expert_module, "play_values", recording)
    expert_play(read_view(view(state, seat), seat), rng)
    return searched
