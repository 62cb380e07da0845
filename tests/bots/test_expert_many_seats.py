"""The expert at three and four seats: every card it chooses is legal, its throw is the exact
analysis's best for whoever owns the crib, and it decides from its own seat's view only."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from games.bots import bot_for_level, expert_many_seats, read_view
from games.bots.easy import easy_bot
from games.bots.expert_many_seats import (
    THREE_PLAYER_CRIB_AGAINST,
    crib_weight,
    kept_by_seat,
    kept_play_value,
)
from games.engine import (
    Discard,
    MatchOptions,
    Play,
    Shuffle,
    apply,
    needs_shuffle,
    new_match,
    seats_to_act,
    shuffled_deck,
    view,
)
from games.engine.cards import DECK, parse_cards
from games.strategy.keep_likelihood import ONE_THROW_CRIB_WEIGHTS
from games.strategy.keep_pegging_many import kept_play_points
from games.strategy.one_card_throw import analyze_throw
from games.strategy.win_probability_three import HEELS, PLAY, point_weights
from tests.engine.seated import discard_all, seated_hand

TABLES = [
    MatchOptions(players=2, match_target=1),
    MatchOptions(players=3, match_target=1),
    MatchOptions(players=3, deal="dealer_six", match_target=1),
    MatchOptions(players=4, match_target=1),
]


@pytest.mark.parametrize("options", TABLES, ids=lambda o: f"{o.players}-{o.deal}")
@pytest.mark.parametrize("seed", range(3))
def test_every_card_the_expert_chooses_is_legal_in_random_positions(options, seed):
    """Easy bots drive a game to positions the expert would not reach itself; at every throw
    and every card to lay, the expert is asked too and its action is applied to a copy."""
    expert = bot_for_level("expert")
    driver = easy_bot()
    deck_rng, bot_rng = random.Random(seed), random.Random(seed + 100)
    state = new_match(options)
    asked = 0
    while state.phase != "match_over" and asked < 160:
        if needs_shuffle(state):
            state, _ = apply(state, Shuffle(shuffled_deck(deck_rng)))
            continue
        seat = min(seats_to_act(state))
        seat_view = view(state, seat)
        if seat_view["legal"]["discard"] or seat_view["legal"]["play"]:
            choice = expert.choose_action(seat_view, seat, random.Random(asked))
            assert isinstance(choice, Discard | Play)
            apply(state, choice)  # raises IllegalAction for anything illegal
            asked += 1
        action = driver.choose_action(seat_view, seat, bot_rng)
        assert action is not None
        state, _ = apply(state, action)
    assert asked >= 40


THROWING_HAND = "5H 7S AC 3S AD"
"""A hand whose best throw differs by whose crib it is: the five to its own side's crib, the
ace to the other side's in partnerships, the seven to one of two opponents at three."""


@pytest.mark.parametrize(
    ("players", "dealer", "thrown"),
    [(3, 1, "5H"), (3, 0, "7S"), (4, 1, "5H"), (4, 3, "5H"), (4, 0, "AC")],
    ids=["three-own", "three-opponent", "four-own", "four-partner", "four-opponent"],
)
def test_the_expert_throws_by_the_side_whose_crib_it_is(players, dealer, thrown, monkeypatch):
    """The crib's side alone (the kept cards' play value aside)."""
    monkeypatch.setattr(expert_many_seats, "KEPT_PLAY_AT_THREE", 0.0)
    monkeypatch.setattr(expert_many_seats, "KEPT_PLAY_IN_PARTNERSHIPS", 0.0)
    action_cards, seen = seat_one_throw(THROWING_HAND, players=players, dealer=dealer)
    assert action_cards == tuple(parse_cards(thrown))
    assert action_cards == analyze_throw(seen.held, crib_weight=crib_weight(seen))[0].discard


def seat_one_throw(hand, *, players, dealer):
    """The expert's throw from seat 1 dealt ``hand``, and what it sees."""
    taken = {*parse_cards(hand), *parse_cards("2C 8C")}
    spare = [card for card in reversed(DECK) if card not in taken]
    hands = {1: hand}
    for seat in (seat for seat in range(players) if seat != 1):
        hands[seat] = " ".join(str(card) for card in spare[:5])
        spare = spare[5:]
    state = seated_hand(
        MatchOptions(players=players),
        dealer=dealer,
        hands=hands,
        starter="2C",
        crib_from_deck="8C" if players == 3 else "",
    )
    action = bot_for_level("expert").choose_action(view(state, 1), 1, random.Random(1))
    return action.cards, read_view(view(state, 1), 1)


def test_the_throw_counts_what_the_kept_cards_peg(monkeypatch):
    """Throwing to an opponent's crib at three, the ten and the four leave hand and crib about
    equal (the four a few hundredths better): the expert keeps the four, a low card that pegs,
    and throws the ten; by hand and crib alone it throws the four."""
    hand = "TS 7D JD 7H 4S"
    thrown, seen = seat_one_throw(hand, players=3, dealer=2)
    assert thrown == tuple(parse_cards("TS"))
    by_throw = {r.discard: r for r in analyze_throw(seen.held, crib_weight=crib_weight(seen))}
    ten, four = by_throw[tuple(parse_cards("TS"))], by_throw[tuple(parse_cards("4S"))]
    assert four.total > ten.total
    assert kept_play_value(ten.keep, seen) > kept_play_value(four.keep, seen) + 0.5
    monkeypatch.setattr(expert_many_seats, "KEPT_PLAY_AT_THREE", 0.0)
    assert seat_one_throw(hand, players=3, dealer=2)[0] == tuple(parse_cards("4S"))


@pytest.mark.parametrize("players", [3, 4])
def test_the_kept_cards_play_points_are_weighed_as_the_search_weighs_them(players, monkeypatch):
    """Every seat's average from the table, in turn order from the dealer's left, times what
    that seat's point is worth to the thrower: its side's fully and the other side's against in
    partnerships; at three by the chances, or half against without the race."""
    _, seen = seat_one_throw("5H 7S AC 3S AD", players=players, dealer=0)
    keep = tuple(parse_cards("5H 7S AC 3S"))
    order = list(range(1, players)) + [0]
    points = kept_play_points(keep, players=players, role=order.index(1))
    by_seat = dict(zip(order, points, strict=True))
    if players == 4:
        expected = by_seat[1] + by_seat[3] - by_seat[0] - by_seat[2]
    else:
        weights = point_weights(seen.scores, dealer=0, seat=1, stage=PLAY)[0]
        expected = sum(weights[seat] * by_seat[seat] for seat in range(3))
        assert weights[1] == 1.0 and all(-0.8 < weights[seat] < -0.2 for seat in (0, 2))
    assert kept_play_value(keep, seen) == pytest.approx(expected)
    if players == 3:
        monkeypatch.setattr(expert_many_seats, "RACE_THREE", 0)
        half = by_seat[1] - 0.5 * (by_seat[0] + by_seat[2])
        assert kept_play_value(keep, seen) == pytest.approx(half)


def opponent_crib_weights(scores=None):
    weights = {}
    for players, dealer in ((3, 0), (4, 0), (4, 3), (3, 1)):
        dealt = ["AC 2C 3C 4C 6C", "5H 7S AD 3S 8D", "9D TD JD QD KD", "AS 2S 3D 4S 6S"]
        hands = dict(enumerate(dealt[:players]))
        state = seated_hand(
            MatchOptions(players=players),
            dealer=dealer,
            hands=hands,
            starter="KH",
            crib_from_deck="QH" if players == 3 else "",
        )
        if scores is not None and players == 3:
            state = replace(state, scores=scores)
        weights[(players, dealer)] = crib_weight(read_view(view(state, 1), 1))
    return weights


def test_an_opponent_s_crib_counts_fully_in_partnerships_and_by_the_chances_at_three(
    monkeypatch,
):
    """In partnerships a crib point is the other side's, fully. At three it counts what the
    dealer's point moves this seat's chance to win: about half at 0 to 0, more when the dealer
    leads, less when it trails; the fixed half without the race (``RACE_THREE = 0``)."""
    weights = opponent_crib_weights()
    level = point_weights((0, 0, 0), dealer=0, seat=1, stage=HEELS)[0][0]
    assert weights == {(3, 0): level, (4, 0): -1.0, (4, 3): 1.0, (3, 1): 1.0}
    assert -0.8 < level < -0.3
    leading = opponent_crib_weights((100, 80, 80))[(3, 0)]
    trailing = opponent_crib_weights((60, 90, 100))[(3, 0)]
    assert leading < level < trailing < 0
    monkeypatch.setattr(expert_many_seats, "RACE_THREE", 0)
    assert opponent_crib_weights((100, 80, 80))[(3, 0)] == -0.5


@pytest.mark.parametrize("players", [3, 4])
def test_the_expert_s_card_does_not_depend_on_the_cards_it_cannot_see(players):
    """Two deals that look the same from seat 1 (its cards, the crib card it threw, the
    cards played) but give the others different hands: the expert lays the same card."""
    others = [
        ["9C TC JC QC KC", "2D 3D 4D 6D 8D", "9H TH JH QH KH"],
        ["2D 3D 4D 6D 8D", "9H TH JH QH KH", "9C TC JC QC KC"],
    ]
    chosen = []
    for deal in others:
        hands = {1: "5H 7S AC 3S AD"}
        cards = list(deal)
        hands.update({seat: cards.pop() for seat in range(players) if seat != 1})
        state = seated_hand(
            MatchOptions(players=players),
            dealer=0,
            hands=hands,
            starter="2C",
            crib_from_deck="8C" if players == 3 else "",
        )
        throws = {seat: str(parse_cards(hands[seat])[0]) for seat in hands}
        throws[1] = "7S"
        state, _ = discard_all(state, throws)
        seat_view = view(state, 1)
        assert seat_view["legal"]["play"], "seat 1 sits at the dealer's left and leads"
        chosen.append(bot_for_level("expert").choose_action(seat_view, 1, random.Random(5)))
    assert chosen[0] == chosen[1]
    assert isinstance(chosen[0], Play)


@pytest.mark.parametrize(
    ("players", "dealer", "roles"),
    [
        (3, 1, ["three_against", "crib", "three_against"]),
        (4, 1, ["partners_against", "crib", "partners_against", "crib"]),
        (4, 2, ["crib", "partners_against", "crib", "partners_against"]),
    ],
)
def test_each_seat_is_weighed_by_its_side_s_crib_and_its_own_plays(
    players, dealer, roles, monkeypatch
):
    """The opponent model's roles: the crib's side throws as the dealer does, the others by the
    crib weight the expert gives an opponent's crib (the fixed half at three: the table was
    made so, and the race's weight by the chances moves about it); each seat's played cards are
    its own."""
    monkeypatch.setattr(expert_many_seats, "RACE_THREE", 0)
    hands = ["AC 2C 3C 4C 6C", "5H 7S AD 3S 8D", "9D TD JD QD KD", "AS 2S 3D 4S 6S"]
    state = seated_hand(
        MatchOptions(players=players),
        dealer=dealer,
        hands=dict(enumerate(hands[:players])),
        starter="KH",
        crib_from_deck="QH" if players == 3 else "",
    )
    state, _ = discard_all(state, {seat: hands[seat].split()[0] for seat in range(players)})
    leader = (dealer + 1) % players
    led = parse_cards(hands[leader])[1]
    state, _ = apply(state, Play(leader, led))
    kept = kept_by_seat(read_view(view(state, 0), 0))
    assert kept is not None
    assert [role for role, _ in kept] == roles
    assert [list(played) for _, played in kept] == [
        [led] if seat == leader else [] for seat in range(players)
    ]
    assert ONE_THROW_CRIB_WEIGHTS["three_against"] == THREE_PLAYER_CRIB_AGAINST
    assert {role: ONE_THROW_CRIB_WEIGHTS[role] for role, _ in kept} == {
        role: crib_weight(read_view(view(state, seat), seat)) for seat, (role, _) in enumerate(kept)
    }


@pytest.mark.parametrize("seed", range(2))
def test_near_the_end_at_three_the_expert_plays_for_the_chance_to_win(seed, monkeypatch):
    """From scores within reach of 121 the expert's cards are chosen by the chance search
    (every one legal), and each is a card with the best chance it found."""
    found: list[dict] = []
    chance_values = expert_many_seats.chance_values

    def recorded(**position):
        values = chance_values(**position)
        found.append(values)
        return values

    monkeypatch.setattr(expert_many_seats, "chance_values", recorded)
    monkeypatch.setattr(expert_many_seats, "PLAY_TO_WIN_AT_THREE", 1)
    expert = bot_for_level("expert")
    driver = easy_bot()
    deck_rng, bot_rng = random.Random(seed), random.Random(seed + 100)
    state = replace(new_match(MatchOptions(players=3, match_target=1)), scores=(100, 104, 108))
    chosen = []
    while state.phase != "match_over":
        if needs_shuffle(state):
            state, _ = apply(state, Shuffle(shuffled_deck(deck_rng)))
            continue
        seat = min(seats_to_act(state))
        seat_view = view(state, seat)
        if seat_view["legal"]["play"]:
            asked = len(found)
            choice = expert.choose_action(seat_view, seat, random.Random(seed))
            assert isinstance(choice, Play)
            apply(state, choice)  # raises IllegalAction for anything illegal
            if len(found) > asked:
                values = found[-1]
                assert values[choice.card] == max(values.values())
                chosen.append(choice.card)
        action = driver.choose_action(seat_view, seat, bot_rng)
        assert action is not None
        state, _ = apply(state, action)
    assert chosen, "the chance search decided some cards"
