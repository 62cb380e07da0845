"""The pegging search at three and four seats equals a brute force on small known positions.

The brute force shares only the engine's play scorer (``score_play``) with the search: cards
(not ranks), no memo, each seat in turn choosing the card best for its side (the first such
card by rank, as the search breaks ties), go and last card, a new count after a go or 31.
"""

from __future__ import annotations

import random

import pytest

from games.engine.cards import DECK
from games.engine.scoring import score_play
from games.strategy.pegging_search import (
    GAME_POINT,
    PARTNERSHIP_TEAMS,
    THREE_TEAMS,
    net_sides,
    rank_values,
    search,
    search3,
)

MAX_COUNT = 31


def brute_force(hands, pile, count, mover, teams, against=1.0) -> list[float]:
    """Points each seat pegs from here, ``mover`` to play a card that fits."""
    best: list[float] | None = None
    for card in sorted(hands[mover], key=lambda card: card.rank):
        if card.value + count > MAX_COUNT:
            continue
        outcome = after(hands, pile, count, mover, card, teams, against)
        if best is None or side(outcome, mover, teams, against) > side(best, mover, teams, against):
            best = outcome
    assert best is not None
    return best


def side(points, seat, teams, against=1.0) -> float:
    """A seat's side's points less ``against`` times everyone else's."""
    return sum(
        value if teams[other] == teams[seat] else -against * value
        for other, value in enumerate(points)
    )


def after(hands, pile, count, mover, card, teams, against=1.0) -> list[float]:
    seats = len(hands)
    hands = [
        tuple(c for c in held if c != card) if seat == mover else held
        for seat, held in enumerate(hands)
    ]
    pile = (*pile, card)
    count += card.value
    gained = [0.0] * seats
    gained[mover] = score_play(pile).total

    def fits(seat):
        return any(c.value + count <= MAX_COUNT for c in hands[seat])

    if count < MAX_COUNT:
        for step in range(1, seats + 1):
            seat = (mover + step) % seats
            if fits(seat):
                rest = brute_force(hands, pile, count, seat, teams, against)
                return [a + b for a, b in zip(gained, rest, strict=True)]
        gained[mover] += 1  # the go: nobody else, nor the mover, can lay a card
    if not any(hands):
        return gained
    leader = (mover + 1) % seats
    while not hands[leader]:
        leader = (leader + 1) % seats
    rest = brute_force(hands, (), 0, leader, teams, against)
    return [a + b for a, b in zip(gained, rest, strict=True)]


@pytest.mark.parametrize("against", [1.0, 0.5])
@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize("seed", range(25))
def test_the_search_equals_a_brute_force_over_cards(seats, seed, against):
    """``against`` 0.5: each seat weighs another side's point half its own (the three-player
    expert's weighing); every seat searches that way, as the brute force does."""
    rng = random.Random(seed * 10 + seats)
    dealt = rng.sample(DECK, 3 * seats if seats == 3 else 2 * seats + 1)
    sizes = [3, 3, 3] if seats == 3 else [3, 2, 2, 2]
    hands, start = [], 0
    for size in sizes:
        hands.append(tuple(dealt[start : start + size]))
        start += size
    teams = tuple(seat % 2 for seat in range(4)) if seats == 4 else tuple(range(3))
    values = rank_values(
        tuple(tuple(sorted(card.rank for card in held)) for held in hands),
        (),
        0,
        0,
        (None,) * seats,
        False,
        teams,
        against,
    )
    expected = {}
    for card in hands[0]:
        outcome = after(hands, (), 0, 0, card, teams, against)
        expected.setdefault(card.rank, side(outcome, 0, teams, against))
    assert values == pytest.approx(expected)


@pytest.mark.parametrize("seed", range(40))
def test_the_partnership_search_by_one_number_equals_the_search_by_seat(seed):
    """``net_sides`` (one number: the mover's side less the other) against ``search`` (each
    seat's points) on bigger positions than the brute force takes, with points still needed
    and the five-card game's single count: the same value for every position."""
    rng = random.Random(seed)
    dealt = rng.sample(DECK, 16)
    sizes = [rng.randint(1, 4) for _ in range(4)]
    hands = tuple(
        tuple(sorted(card.rank for card in dealt[4 * seat : 4 * seat + size]))
        for seat, size in enumerate(sizes)
    )
    needs = tuple(rng.choice([None, rng.randint(1, 9)]) for _ in range(4))
    one_series = rng.random() < 0.3
    mover = rng.randrange(4)
    general = search(hands, (), 0, mover, needs, one_series, PARTNERSHIP_TEAMS)
    mine = general[mover] + general[(mover + 2) % 4]
    theirs = general[(mover + 1) % 4] + general[(mover + 3) % 4]
    assert net_sides(hands, (), 0, mover, needs, one_series) == mine - theirs


@pytest.mark.parametrize("seed", range(40))
def test_the_three_player_search_equals_the_search_by_seat(seed):
    """``search3`` (three seats, three numbers) against ``search`` with three teams, on
    positions bigger than the brute force takes, with points still needed, the five-card
    game's single count, and another seat's point weighed half (the expert's), fully, or by a
    weight whose products round (0.3): the same points by seat, to the last bit."""
    rng = random.Random(seed)
    dealt = rng.sample(DECK, 15)
    mover = rng.randrange(3)
    sizes = [rng.randint(0, 5) for _ in range(3)]
    sizes[mover] = max(sizes[mover], 1)
    hands = tuple(
        tuple(sorted(card.rank for card in dealt[5 * seat : 5 * seat + size]))
        for seat, size in enumerate(sizes)
    )
    needs = tuple(rng.choice([None, rng.randint(1, 9)]) for _ in range(3))
    one_series = rng.random() < 0.3
    against = rng.choice([0.5, 1.0, 0.3])
    general = search(hands, (), 0, mover, needs, one_series, (0, 1, 2), against)
    assert search3(hands, (), 0, mover, needs, one_series, against) == general


def valued_brute_force(hands, pile, count, mover, needs, rows):
    """Three seats by cards: (points by seat, the seat that reached its need or None), each
    seat choosing the card whose line is worth most to it by ``rows`` (points weights, then
    what each seat's getting home is worth)."""
    best, best_value = None, None
    for card in sorted(hands[mover], key=lambda card: card.rank):
        if card.value + count > MAX_COUNT:
            continue
        line = valued_after(hands, pile, count, mover, card, needs, rows)
        value = worth(line, rows[mover])
        if best is None or value > best_value:
            best, best_value = line, value
    assert best is not None
    return best


def worth(line, row):
    points, home = line
    value = sum(weight * point for weight, point in zip(row[:3], points, strict=True))
    return value + (row[3 + home] if home is not None else 0.0)


def valued_after(hands, pile, count, mover, card, needs, rows):
    hands = [
        tuple(c for c in held if c != card) if seat == mover else held
        for seat, held in enumerate(hands)
    ]
    pile = (*pile, card)
    count += card.value
    gained = [0.0, 0.0, 0.0]
    gained[mover] = score_play(pile).total
    needs = list(needs)

    def pegs(points):
        if needs[mover] is not None:
            needs[mover] -= points
            return needs[mover] <= 0
        return False

    if pegs(gained[mover]):
        return gained, mover

    def fits(seat):
        return any(c.value + count <= MAX_COUNT for c in hands[seat])

    def plus(line):
        points, home = line
        return [a + b for a, b in zip(gained, points, strict=True)], home

    if count < MAX_COUNT:
        for step in (1, 2, 3):
            seat = (mover + step) % 3
            if fits(seat):
                return plus(valued_brute_force(hands, pile, count, seat, needs, rows))
        gained[mover] += 1
        if pegs(1):
            return gained, mover
    if not any(hands):
        return gained, None
    leader = (mover + 1) % 3
    while not hands[leader]:
        leader = (leader + 1) % 3
    return plus(valued_brute_force(hands, (), 0, leader, needs, rows))


@pytest.mark.parametrize("seed", range(30))
def test_the_three_player_search_by_chances_equals_a_brute_force(seed):
    """Each seat weighing every seat's point and every seat's getting home by its own row (as
    the expert does from the chance to win): the search's value for each card equals a brute
    force over cards that scores a line as the rows say, with points still needed."""
    rng = random.Random(seed)
    dealt = rng.sample(DECK, 9)
    hands = [tuple(dealt[3 * seat : 3 * seat + 3]) for seat in range(3)]
    needs = tuple(rng.choice([None, rng.randint(1, 8)]) for _ in range(3))
    rows = []
    for seat in range(3):
        points = tuple(1.0 if other == seat else -rng.uniform(0.0, 1.5) for other in range(3))
        mine, lost = rng.uniform(5.0, 60.0), -rng.uniform(3.0, 60.0)
        home = tuple(mine if other == seat else lost for other in range(3))
        rows.append((*points, *home))
    # The search adds GAME_POINT to the points of whoever gets home: its rows say the rest.
    searched = tuple(
        (*row[:3], *(row[3 + other] - row[other] * GAME_POINT for other in range(3)))
        for row in rows
    )
    values = rank_values(
        tuple(tuple(sorted(card.rank for card in held)) for held in hands),
        (),
        0,
        0,
        needs,
        False,
        THREE_TEAMS,
        searched,
    )
    expected = {}
    for card in hands[0]:
        line = valued_after(hands, (), 0, 0, card, needs, rows)
        expected.setdefault(card.rank, worth(line, rows[0]))
    assert values == pytest.approx(expected)
