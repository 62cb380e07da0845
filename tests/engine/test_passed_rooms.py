"""What the play shows about the cards the others hold (games.engine.play.passed_rooms), checked
against the engine's own hidden hands over random matches at every table size."""

from __future__ import annotations

import pytest

from games.engine import MatchOptions, parse_card, parse_cards
from games.engine.play import MAX_COUNT, counts_laid_on, order_of_play, passed_rooms
from tests.engine.random_play import random_match

TABLES = [
    MatchOptions(players=2, match_target=1),
    MatchOptions(players=2, variant="five", match_target=1),
    MatchOptions(players=3, match_target=1),
    MatchOptions(players=3, deal="dealer_six", match_target=1),
    MatchOptions(players=4, match_target=1),
]


@pytest.mark.parametrize("options", TABLES, ids=lambda o: f"{o.players}-{o.variant}-{o.deal}")
def test_no_seat_holds_a_card_its_passes_rule_out_and_every_go_is_seen(options):
    """At every moment of the play: each seat's hidden cards are all worth more than the room
    it is said to have passed at, and every seat the engine marks as having said go this count
    is found, at a room at least that of the count now."""
    ruled_out = 0
    for seed in range(12):
        for step in random_match(options, seed):
            state = step.after
            if state.phase != "play":
                continue
            rooms = passed_rooms(state.played, state.seats, count=state.count, turn=state.turn)
            for seat, room in rooms.items():
                assert all(card.value > room for card in state.held[seat]), (seed, seat, room)
                ruled_out += bool(state.held[seat]) and room > 0
            for seat, said in enumerate(state.said_go):
                if said:
                    assert rooms.get(seat, 0) >= MAX_COUNT - state.count, (seed, seat)
    assert ruled_out > 10, "the passes must say something in random play"


def test_a_skipped_seat_and_a_new_count_are_read_from_the_cards_alone():
    seats = (0, 1, 2)
    # Seat 1 leads a ten, seat 2 a queen (20), seat 0 a nine (29): nobody else can play; seat 0
    # is on to play again and cannot, so a new count starts: seat 1 leads a king.
    played = list(zip((1, 2, 0), parse_cards("TH QS 9D"), strict=True))
    assert passed_rooms(played, seats, count=29, turn=None) == {}
    assert passed_rooms(played, seats, count=0, turn=1) == {0: 2, 1: 2, 2: 2}
    # Instead, seat 0 plays on at 29 with an ace: seats 1 and 2 were passed over at 29.
    played.append((0, parse_cards("AC")[0]))
    assert passed_rooms(played, seats, count=30, turn=0) == {1: 2, 2: 2}
    # A seat skipped mid-count (here one with no cards left) is passed at that count.
    skipped = list(zip((0, 2), parse_cards("5H 6C"), strict=True))
    assert passed_rooms(skipped, seats, count=11, turn=0) == {1: 26}
    assert passed_rooms(skipped, seats, count=11, turn=1) == {1: 26, 0: 20}


@pytest.mark.parametrize("options", TABLES, ids=lambda o: f"{o.players}-{o.variant}-{o.deal}")
def test_each_card_is_read_onto_the_count_it_was_laid_on(options):
    """At every moment of the play, the last card read from the cards alone was laid on the
    count the engine held before it (its ``series`` less that card), and every card played
    before is read as it was read then."""
    checked = 0
    for seed in range(8):
        seen: list[tuple[int, tuple, object]] = []
        for step in random_match(options, seed):
            state = step.after
            if state.phase != "play" or not state.played:
                seen = [] if state.phase != "play" else seen
                continue
            laid = counts_laid_on(state.played)
            if len(laid) == len(seen):
                continue
            assert laid[: len(seen)] == seen
            who, before, card = laid[-1]
            assert (who, card) == state.played[-1]
            if state.series:
                assert state.series[-1] == (who, card)
                assert before == tuple(c for _, c in state.series[:-1])
            else:
                # The card made 31 or ended the play: the count was cleared after it.
                assert sum(c.value for c in before) + card.value <= MAX_COUNT
            seen = laid
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("options", TABLES[:2], ids=lambda o: f"{o.players}-{o.variant}")
def test_each_seats_plays_leave_one_order_and_it_is_the_engines(options):
    """Two seats' cards in their own order, with who dealt, give back the engine's order of
    play at every moment (what the learn board rebuilds from a position)."""
    compared = 0
    for seed in range(12):
        for step in random_match(options, seed):
            state = step.after
            if state.phase != "play" or not state.played:
                continue
            laid = [[card for who, card in state.played if who == seat] for seat in (0, 1)]
            order = order_of_play(laid, dealer=state.dealer, one_series=options.variant == "five")
            assert order == list(state.played), seed
            compared += 1
    assert compared > 200


def test_an_order_the_rules_cannot_give_is_none():
    # Seat 1 (the pone) leads a king, seat 0 a queen (20), seat 1 a jack (30): neither can lay
    # again, so a new count starts, led by seat 0. The five-card game has only the one count.
    laid = [parse_cards("QH 5C"), parse_cards("KD JS 9S")]
    assert order_of_play(laid, dealer=0, one_series=True) is None
    assert order_of_play(laid, dealer=0) == [
        (1, parse_card("KD")),
        (0, parse_card("QH")),
        (1, parse_card("JS")),
        (0, parse_card("5C")),
        (1, parse_card("9S")),
    ]
