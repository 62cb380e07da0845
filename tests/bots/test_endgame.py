"""The hard bot's endgame: its fast play-out agrees with the engine, and the race it runs."""

from __future__ import annotations

import random

import pytest

from games.bots.endgame import UNDECIDED, Deal, choose_rank, play_out, race_chances
from games.engine import (
    Discard,
    MatchOptions,
    Play,
    Shuffle,
    apply,
    needs_shuffle,
    new_match,
    parse_card,
    parse_cards,
    shuffled_deck,
)
from games.engine.cards import DECK
from games.strategy.analysis import analyze_discard
from tests.engine.builders import ready_to_play, with_scores

SIX = MatchOptions(match_target=1)
FIVE = MatchOptions(variant="five", match_target=1)
NEVER = 10**6
JACK_RANK = 11  # a jack turned up pegs the dealer two at the cut: left out of these hands


def engine_play(options, pone_cards, dealer_cards, starter, needs=(NEVER, NEVER)):
    """Play the hand in the engine, both seats choosing with ``choose_rank``: the points each
    pegs (seat 0 is the pone) and who won the game in the play, if anyone."""
    text = " ".join
    state, _ = ready_to_play(
        options,
        dealer=1,
        pone_keeps=text(map(str, pone_cards)),
        dealer_keeps=text(map(str, dealer_cards)),
        starter=str(starter),
        pone_throws=text(map(str, pone_throws_for(options, pone_cards, dealer_cards, starter))),
        dealer_throws=text(map(str, dealer_throws_for(options, pone_cards, dealer_cards, starter))),
    )
    start = tuple(max(0, options.game_target - need) for need in needs)
    state = with_scores(state, *start)
    points = [0, 0]
    winner = None
    while state.phase == "play" and state.turn is not None:
        seat = state.turn
        series = [card.rank for _, card in state.series]
        room = 31 - state.count
        playable = [card for card in state.held[seat] if card.value <= room]
        rank = choose_rank(series, state.count, [card.rank for card in playable])
        card = next(card for card in playable if card.rank == rank)
        state, events = apply(state, Play(seat, card))
        for event in events:
            if event.type in ("card_played", "go_scored"):
                points[event.data["seat"]] += event.data["points"]
            elif event.type == "game_ended" and winner is None:
                winner = event.data["winner"]
            elif event.type == "hand_shown":
                break  # the play is over; a game won in the show is not the play's
    return points, winner


def spare_cards(used, count):
    return [card for card in DECK if card not in used][:count]


def pone_throws_for(options, pone, dealer, starter):
    return spare_cards({*pone, *dealer, starter}, 2)


def dealer_throws_for(options, pone, dealer, starter):
    return spare_cards({*pone, *dealer, starter}, 4)[2:]


@pytest.mark.parametrize("options", [SIX, FIVE], ids=["six", "five"])
def test_the_fast_play_out_pegs_exactly_what_the_engine_pegs(options):
    chance = random.Random(f"play-out-{options.variant}")
    keep = options.hand_size - 2
    for _ in range(300):
        cards = chance.sample([card for card in DECK if card.rank != JACK_RANK], 2 * keep + 1)
        pone, dealer, starter = cards[:keep], cards[keep : 2 * keep], cards[-1]
        expected, _ = engine_play(options, pone, dealer, starter)
        hands = [[card.rank for card in pone], [card.rank for card in dealer]]
        points, winner = play_out(hands, 0, [NEVER, NEVER], one_series=options.variant == "five")
        assert (points, winner) == (expected, None), (pone, dealer)


def test_the_fast_play_out_stops_when_a_seat_pegs_out_as_the_engine_does():
    chance = random.Random("play-out-needs")
    decided = 0
    for _ in range(300):
        cards = chance.sample([card for card in DECK if card.rank != JACK_RANK], 9)
        pone, dealer, starter = cards[:4], cards[4:8], cards[-1]
        needs = (chance.randint(1, 6), chance.randint(1, 6))
        _, engine_winner = engine_play(SIX, pone, dealer, starter, needs)
        hands = [[card.rank for card in pone], [card.rank for card in dealer]]
        _, winner = play_out(hands, 0, list(needs), one_series=False)
        assert winner == engine_winner, (pone, dealer, needs)
        decided += winner is not None
    assert decided > 100


def dealer_results(dealt_text: str):
    return analyze_discard(parse_cards(dealt_text), is_dealer=True)


def test_a_jack_turned_up_wins_the_race_for_a_dealer_needing_two():
    results = dealer_results("3C 3H 4D JD KH AS")
    deal = Deal(parse_cards("8C TH KC 5S"), parse_cards("5D QD"), parse_card("JC"))
    chances = race_chances(
        results, is_dealer=True, need=2, their_need=1, deals=[deal], one_series=False
    )
    assert chances == [1.0] * len(results)


def test_the_pone_counts_first_so_its_hand_wins_before_the_dealers_is_counted():
    results = dealer_results("5H 5S JD TH 4C 6C")  # plenty to reach 20 with hand and crib
    deal = Deal(parse_cards("5C 5D 4S 6S"), parse_cards("2C 8D"), parse_card("QH"))
    chances = race_chances(
        results, is_dealer=True, need=20, their_need=12, deals=[deal], one_series=False
    )
    assert chances == [0.0] * len(results)
    # With the pone far from home, the same deal is the dealer's wherever its count gets to 20.
    chances = race_chances(
        results, is_dealer=True, need=20, their_need=40, deals=[deal], one_series=False
    )
    assert max(chances) == 1.0 and min(chances) == UNDECIDED


def engine_play_round(options, seed):
    """A hand at ``options``'s table in the engine from a seeded shuffle, every seat throwing
    its first cards and playing by ``choose_rank``: the kept ranks by seat, the pone, and the
    points each seat pegged in the play."""
    chance = random.Random(seed)
    state = new_match(options)
    while needs_shuffle(state):
        state, _ = apply(state, Shuffle(shuffled_deck(chance)))
    for seat in state.seats:
        state, _ = apply(
            state,
            Discard(
                seat, tuple(state.held[seat][: options.cards_thrown(dealer=seat == state.dealer)])
            ),
        )
    kept = [[card.rank for card in state.held[seat]] for seat in state.seats]
    points = [0] * len(state.seats)
    while state.phase == "play" and state.turn is not None:
        seat = state.turn
        series = [card.rank for _, card in state.series]
        playable = [card for card in state.held[seat] if card.value <= 31 - state.count]
        rank = choose_rank(series, state.count, [card.rank for card in playable])
        card = next(card for card in playable if card.rank == rank)
        state, events = apply(state, Play(seat, card))
        for event in events:
            if event.type in ("card_played", "go_scored"):
                points[event.data["seat"]] += event.data["points"]
    return kept, state.pone, points


@pytest.mark.parametrize(
    "options",
    [
        MatchOptions(players=3, match_target=1),
        MatchOptions(players=3, deal="dealer_six", match_target=1),
        MatchOptions(players=4, match_target=1),
    ],
    ids=["three", "three-dealer-six", "four"],
)
def test_the_fast_play_out_pegs_what_the_engine_pegs_at_three_and_four_seats(options):
    """Past two seats the turn passes round the table, seats that cannot play say go, and the
    seat after the last to play leads the next count: the same points as the engine's play."""
    for seed in range(150):
        kept, pone, expected = engine_play_round(options, f"play-out-{options.players}-{seed}")
        points, winner = play_out(kept, pone, [NEVER] * len(kept), one_series=False)
        assert (points, winner) == (expected, None), (kept, pone)
