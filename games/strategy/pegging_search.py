"""Exact search of the rest of the play: what each card is worth in net points.

The play is small: at most eight cards are left between two players, and suits never score
in it, so a position is just each seat's ranks, the ranks of the current count and the count.
Given every seat's cards (one *determinization* of what the deciding seat cannot see), the rest
of the play is searched to the end, each seat choosing the card that is best for its own side
(its points, its partner's, less everyone else's) under full information, with the engine's
rules of go, the last card, 31 and the new count (:mod:`games.engine.play`).

The deciding seat does not know the others' cards. :func:`play_values` averages the searched
values over the hands the others may hold, every hand consistent with what the seat has seen
(its own dealt cards, including its throw, the starter, every card played or shown) equally
likely. With two players that average is exact: the opponent's hand is enumerated by rank
(a rank multiset weighs as many card hands as it stands for, a product of binomials), unless
there are more than :data:`EXACT_LIMIT` of them, when :data:`SAMPLES` hands are dealt at random
from a generator seeded by the position (so the same position always gets the same answer).
With three or four players the unseen cards are always dealt at random that way; given
``passed``, no seat is dealt a card its passes in the play rule out, and given ``kept_by_seat``
or ``declined_by_seat`` the deals follow the others' keep likelihood or the points their plays
declined (drawn again in proportion to the weights).

This is "perfect-information Monte Carlo": inside one determinization both sides see every
card, so the value is optimistic about what a seat can know. Measured against the hard level's
one-reply look-ahead it still pegs better (docs/performance.md). By default every consistent
hand of the others is equally likely; with ``opponent_kept`` (two players) each hand the
opponent may hold is weighed by how likely it was to keep it, with the cards it has played
(:mod:`games.strategy.keep_likelihood`): what its discard and its plays say about the rest.

Near the end of a game, reaching the target ends it at once: give ``needs`` (the points each
seat still needs) and a card that reaches a seat's need is worth :data:`GAME_POINT` to that
seat's side on top of the points, which outweighs any number of points that merely move a peg.

>>> from games.engine.cards import parse_cards
>>> values = play_values(
...     seat=0, hand=parse_cards("5H 9C"), unseen=parse_cards("TD 4S"), held_counts=(2, 1),
...     series=parse_cards("KS"), series_seats=(1,), count=10)
>>> {str(card): value for card, value in sorted(values.items())}
{'5H': 2.5, '9C': 0.5}
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import combinations
from math import comb
from operator import add, mul
from typing import TYPE_CHECKING

from games.engine.cards import DECK, Card
from games.strategy.keep_likelihood import ONE_THROW, weight_of_ranks
from games.strategy.opponent_reading import read_at_two

if TYPE_CHECKING:
    from games.engine.state import MatchState

MAX_COUNT = 31
FIFTEEN = 15
GO_POINT = 1
GAME_POINT = 100
"""What reaching the target is worth to a side, in points: more than any play can peg."""

EXACT_LIMIT = 500
"""Enumerate the opponent's hands by rank when there are at most this many rank multisets:
every hand of three cards or fewer (at most C(15, 3) = 455 multisets of 13 ranks), so only a
four-card hand is sampled. At 400 a few three-card hands were sampled; enumerating them gained
the expert +0.018 ± 0.010 points a hand head to head (4,000 single hands, docs/performance.md)."""

SAMPLES = 120
"""Otherwise, average over this many hands dealt at random (a seeded generator)..."""

LEAD_SAMPLES = 80
"""...or this many when the others hold four cards each (the first lead: the biggest search,
about 1 ms of CPU a hand: benchmarks/pegging_search_speed.py, docs/performance.md)."""

RESAMPLED = 8
"""At three and four with the others' hands weighed: deals dealt for each one searched."""

PASSED_TRIES = 100
"""Deals tried for one sample until none gives a seat a card its passes rule out (the last is
kept if none fits: the search then sees one hand the play makes unlikely, not impossible)."""

NEED_CAP = 40
"""A seat needing more than this cannot reach the target in the play: its need is ignored."""

PIPS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)

Hands = tuple[tuple[int, ...], ...]
Prior = Callable[[tuple[int, ...]], float]
"""A weight for the ranks a seat may still hold: how likely it was to keep them."""
Needs = tuple[int | None, ...]

_MEMO: dict[tuple[object, ...], tuple[float, ...]] = {}
_MEMO_LIMIT = 400_000
"""Searched positions are kept across decisions (ranks repeat a lot); cleared when this big."""


def play_points(ranks: Sequence[int], count: int) -> int:
    """Points for laying the last of ``ranks`` (the current count's ranks, in order), the count
    being ``count`` after it: 15 and 31 score 2, a pair 2, three of a kind 6, four 12, and the
    longest run of three or more different consecutive ranks at the end of the count.

    One pass back from the last card: the searches below call this millions of times a decision
    at three and four seats (benchmarks/pegging_search_speed.py). A tail is a run when its ranks
    are all different and span as many ranks as it has cards; once a rank repeats, no longer
    tail can be a run, so the pass stops there.
    """
    points = 2 if count in (FIFTEEN, MAX_COUNT) else 0
    size = len(ranks)
    last = ranks[-1]
    if size < 3:
        return points + 2 if size == 2 and ranks[0] == last else points
    if ranks[-2] == last:
        same = 2
        while same < size and ranks[-same - 1] == last:
            same += 1
        return points + same * (same - 1)
    low = high = last
    seen = 1 << last
    run = 0
    for length in range(2, size + 1):
        rank = ranks[-length]
        bit = 1 << rank
        if seen & bit:
            break
        seen |= bit
        if rank < low:
            low = rank
        elif rank > high:
            high = rank
        if high - low == length - 1 and length > 2:
            run = length
    return points + run


def can_play(hand: tuple[int, ...], count: int) -> bool:
    # Hands are sorted by rank and pips grow with rank: the lowest card decides.
    return bool(hand) and PIPS[hand[0]] + count <= MAX_COUNT


def _side_value(
    points: tuple[float, ...], seat: int, teams: tuple[int, ...], against: float = 1.0
) -> float:
    """What ``points`` (by seat) are worth to ``seat``'s side: its side's less ``against``
    times the others' (see :func:`play_values`)."""
    return float(sum(map(mul, _side_weights(seat, teams, against), points)))


_SIDE_WEIGHTS: dict[tuple[int, tuple[int, ...], float], tuple[float, ...]] = {}


def _side_weights(seat: int, teams: tuple[int, ...], against: float) -> tuple[float, ...]:
    """Each seat's point as ``seat``'s side weighs it: 1 for its side, ``-against`` for the
    others. Kept per (seat, teams, against): the search asks millions of times for a few."""
    key = (seat, teams, against)
    weights = _SIDE_WEIGHTS.get(key)
    if weights is None:
        side = teams[seat]
        weights = tuple(1.0 if team == side else -against for team in teams)
        _SIDE_WEIGHTS[key] = weights
    return weights


def search(
    hands: Hands,
    series: tuple[int, ...],
    count: int,
    mover: int,
    needs: Needs,
    one_series: bool,
    teams: tuple[int, ...],
    against: float = 1.0,
) -> tuple[float, ...]:
    """Points each seat pegs from here to the end of the play, all cards known, ``mover`` to play.

    ``hands`` are sorted rank tuples by seat; ``mover`` must hold a card that fits. Each seat
    plays the card best for its side (:func:`_side_value`); a seat that reaches its need
    (``needs[seat]``, None for out of reach) ends the play with :data:`GAME_POINT` more.
    """
    key = (hands, series, count, mover, needs, one_series, teams, against)
    found = _MEMO.get(key)
    if found is not None:
        return found
    hand = hands[mover]
    weights = _side_weights(mover, teams, against)
    best: tuple[float, ...] | None = None
    best_value = 0.0
    previous = 0
    for index, rank in enumerate(hand):
        if rank == previous:
            continue
        previous = rank
        if PIPS[rank] + count > MAX_COUNT:
            break
        outcome = after_play(hands, series, count, mover, index, needs, one_series, teams, against)
        value = sum(map(mul, weights, outcome))
        if best is None or value > best_value:
            best, best_value = outcome, value
    assert best is not None, "search() needs a mover that can play"
    if len(_MEMO) >= _MEMO_LIMIT:
        _MEMO.clear()
    _MEMO[key] = best
    return best


def after_play(
    hands: Hands,
    series: tuple[int, ...],
    count: int,
    mover: int,
    index: int,
    needs: Needs,
    one_series: bool,
    teams: tuple[int, ...],
    against: float = 1.0,
) -> tuple[float, ...]:
    """Points each seat pegs if ``mover`` lays ``hands[mover][index]`` now, then best play."""
    seats = len(hands)
    hand = hands[mover]
    rank = hand[index]
    hands = (*hands[:mover], hand[:index] + hand[index + 1 :], *hands[mover + 1 :])
    series = (*series, rank)
    count += PIPS[rank]
    gained = [0.0] * seats
    points = play_points(series, count)
    gained[mover] = points
    need = needs[mover]
    if need is not None:
        if points >= need:
            gained[mover] += GAME_POINT
            return tuple(gained)
        needs = (*needs[:mover], need - points, *needs[mover + 1 :])
    if count < MAX_COUNT:
        seat = _next_in_count(hands, count, mover)
        if seat is not None:
            rest = search(hands, series, count, seat, needs, one_series, teams, against)
            return tuple(map(add, gained, rest))
        gained[mover] += GO_POINT
        need = needs[mover]
        if need is not None:
            if need <= GO_POINT:
                gained[mover] += GAME_POINT
                return tuple(gained)
            needs = (*needs[:mover], need - GO_POINT, *needs[mover + 1 :])
    if one_series or not any(hands):
        return tuple(gained)
    leader = _next_leader(hands, mover)
    rest = search(hands, (), 0, leader, needs, one_series, teams, against)
    return tuple(map(add, gained, rest))


def _next_in_count(hands: Hands, count: int, mover: int) -> int | None:
    """Who lays the next card of the count once ``mover`` has laid one (``count`` under 31):
    the first seat after it in turn whose lowest card fits, else the mover itself (everyone
    else has said go), else None: the mover says go too and takes the point for the last card."""
    seats = len(hands)
    for step in range(1, seats + 1):
        seat = (mover + step) % seats
        held = hands[seat]
        if held and PIPS[held[0]] + count <= MAX_COUNT:
            return seat
    return None


def _next_leader(hands: Hands, mover: int) -> int:
    """Who leads the new count after ``mover`` laid the last card of one: the first seat after
    it in turn with a card left (``hands`` must hold one)."""
    seats = len(hands)
    seat = (mover + 1) % seats
    while not hands[seat]:
        seat = (seat + 1) % seats
    return seat


_MEMO2: dict[tuple[object, ...], float] = {}


def net2(
    mine: tuple[int, ...],
    theirs: tuple[int, ...],
    series: tuple[int, ...],
    count: int,
    need_mine: int | None,
    need_theirs: int | None,
    one_series: bool,
) -> float:
    """Two players: the mover's points less the other's from here to the end of the play.

    The same game as :func:`search` (which it equals, a test checks), as a plain negamax over
    scalars: the two-player play is most of what the site plays, and this is several times
    faster. ``mine`` must hold a card that fits.
    """
    key = (mine, theirs, series, count, need_mine, need_theirs, one_series)
    found = _MEMO2.get(key)
    if found is not None:
        return found
    best = None
    previous = 0
    for index, rank in enumerate(mine):
        if rank == previous:
            continue
        previous = rank
        if PIPS[rank] + count > MAX_COUNT:
            break
        value = net2_after(mine, theirs, series, count, index, need_mine, need_theirs, one_series)
        if best is None or value > best:
            best = value
    assert best is not None, "the mover holds a card that fits"
    if len(_MEMO2) >= _MEMO_LIMIT:
        _MEMO2.clear()
    _MEMO2[key] = best
    return best


def net2_after(
    mine: tuple[int, ...],
    theirs: tuple[int, ...],
    series: tuple[int, ...],
    count: int,
    index: int,
    need_mine: int | None,
    need_theirs: int | None,
    one_series: bool,
) -> float:
    """:func:`net2` once the mover has laid ``mine[index]``."""
    rank = mine[index]
    mine = mine[:index] + mine[index + 1 :]
    series = (*series, rank)
    count += PIPS[rank]
    points = play_points(series, count)
    if need_mine is not None:
        if points >= need_mine:
            return points + GAME_POINT
        need_mine -= points
    if count < MAX_COUNT:
        if theirs and PIPS[theirs[0]] + count <= MAX_COUNT:
            return points - net2(theirs, mine, series, count, need_theirs, need_mine, one_series)
        if mine and PIPS[mine[0]] + count <= MAX_COUNT:
            return points + net2(mine, theirs, series, count, need_mine, need_theirs, one_series)
        points += GO_POINT
        if need_mine is not None:
            if need_mine <= GO_POINT:
                return points + GAME_POINT
            need_mine -= GO_POINT
    if one_series or not (mine or theirs):
        return points
    if theirs:
        return points - net2(theirs, mine, (), 0, need_theirs, need_mine, one_series)
    return points + net2(mine, theirs, (), 0, need_mine, need_theirs, one_series)


_MEMO_SIDES: dict[tuple[object, ...], float] = {}


def net_sides(
    hands: Hands,
    series: tuple[int, ...],
    count: int,
    mover: int,
    needs: Needs,
    one_series: bool,
) -> float:
    """Partnerships (four seats, 0 and 2 against 1 and 3, a point of either side counting
    fully): the mover's side's points less the other side's from here to the end of the play.

    The same game as :func:`search` with those teams (which it equals, a test checks): a
    two-sided zero-sum game, so one number serves instead of a point tally by seat, as
    :func:`net2` does for two players, and the search is about twice as fast. ``hands[mover]``
    must hold a card that fits.
    """
    key = (hands, series, count, mover, needs, one_series)
    found = _MEMO_SIDES.get(key)
    if found is not None:
        return found
    best = None
    previous = 0
    for index, rank in enumerate(hands[mover]):
        if rank == previous:
            continue
        previous = rank
        if PIPS[rank] + count > MAX_COUNT:
            break
        value = net_sides_after(hands, series, count, mover, index, needs, one_series)
        if best is None or value > best:
            best = value
    assert best is not None, "the mover holds a card that fits"
    if len(_MEMO_SIDES) >= _MEMO_LIMIT:
        _MEMO_SIDES.clear()
    _MEMO_SIDES[key] = best
    return best


def net_sides_after(
    hands: Hands,
    series: tuple[int, ...],
    count: int,
    mover: int,
    index: int,
    needs: Needs,
    one_series: bool,
) -> float:
    """:func:`net_sides` once the mover has laid ``hands[mover][index]``. The seat that plays
    next is a partner (or the mover) when an even number of seats on, its value adding, and an
    opponent when an odd number, its value subtracting."""
    hand = hands[mover]
    rank = hand[index]
    hands = (*hands[:mover], hand[:index] + hand[index + 1 :], *hands[mover + 1 :])
    series = (*series, rank)
    count += PIPS[rank]
    points = play_points(series, count)
    need = needs[mover]
    if need is not None:
        if points >= need:
            return points + GAME_POINT
        needs = (*needs[:mover], need - points, *needs[mover + 1 :])
    if count < MAX_COUNT:
        seat = _next_in_count(hands, count, mover)
        if seat is not None:
            rest = net_sides(hands, series, count, seat, needs, one_series)
            return points - rest if (seat - mover) % 2 else points + rest
        points += GO_POINT
        need = needs[mover]
        if need is not None:
            if need <= GO_POINT:
                return points + GAME_POINT
            needs = (*needs[:mover], need - GO_POINT, *needs[mover + 1 :])
    if one_series or not any(hands):
        return points
    leader = _next_leader(hands, mover)
    rest = net_sides(hands, (), 0, leader, needs, one_series)
    return points - rest if (leader - mover) % 2 else points + rest


THREE_TEAMS = (0, 1, 2)
_AFTER3 = ((1, 2, 0), (2, 0, 1), (0, 1, 2))
"""By the seat that laid a card: the seats that may lay the next one, in turn, itself last."""

_MEMO3: dict[tuple[object, ...], tuple[float, float, float]] = {}

Valuation3 = tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...]]
"""How each of three seats values the end of a line, by seat: six numbers, what a point of
each seat is worth to it (its own usually 1), then what each seat's reaching the target in the
play is worth to it beyond that seat's :data:`GAME_POINT` at the first three weights. A plain
``against`` (a float) stands for rows ``(1, -against, -against, 0, 0, 0)`` turned by seat: the
search by points. :func:`games.strategy.win_probability_three.point_weights` gives rows by the
chance to win (a point for the leader weighs more than one for the last)."""

_VALUATIONS: list[tuple[Valuation3, bool]] = []
_VALUATION_IDS: dict[float | Valuation3, int] = {}
_VALUATIONS_LIMIT = 4096
"""Valuations are numbered so that the memo's keys stay small; near the end of a game each
decision brings its own, so the numbers (and the memo) start again past this many."""


def valuation3(against: float | Valuation3) -> int:
    """The number :func:`search3` keys its memo by for ``against``."""
    found = _VALUATION_IDS.get(against)
    if found is not None:
        return found
    if len(_VALUATIONS) >= _VALUATIONS_LIMIT:
        _VALUATIONS.clear()
        _VALUATION_IDS.clear()
        _MEMO3.clear()
    if isinstance(against, int | float):
        rows = tuple(
            tuple(1.0 if other == seat else -against for other in THREE_TEAMS) + (0.0, 0.0, 0.0)
            for seat in THREE_TEAMS
        )
        adjusted = False
    else:
        rows = against
        adjusted = any(any(row[3:]) for row in rows)
    found = len(_VALUATIONS)
    _VALUATIONS.append((rows, adjusted))  # type: ignore[arg-type]
    _VALUATION_IDS[against] = found
    return found


def search3(
    hands: Hands,
    series: tuple[int, ...],
    count: int,
    mover: int,
    needs: Needs,
    one_series: bool,
    against: float | Valuation3,
) -> tuple[float, float, float]:
    """Three players, each its own side: :func:`search` for that table (which it equals, a
    test checks), with the three seats' points as three numbers and the side weights worked
    out inline. Three seats are not zero-sum, so no one number serves as in :func:`net2`; this
    is the same game without the general search's per-seat loops, weight lookups and lists,
    which were most of the three-player expert's time (benchmarks/pegging_search_speed.py).
    ``against`` may also be a :data:`Valuation3`: each seat then weighs every seat's points
    and every seat's reaching the target as its rows say.
    """
    return _search3(hands, series, count, mover, needs, one_series, valuation3(against))


def _search3(
    hands: Hands,
    series: tuple[int, ...],
    count: int,
    mover: int,
    needs: Needs,
    one_series: bool,
    valuing: int,
) -> tuple[float, float, float]:
    key = (hands, series, count, mover, needs, one_series, valuing)
    found = _MEMO3.get(key)
    if found is not None:
        return found
    best: tuple[float, float, float] | None = None
    best_value = 0.0
    previous = 0
    for index, rank in enumerate(hands[mover]):
        if rank == previous:
            continue
        previous = rank
        if PIPS[rank] + count > MAX_COUNT:
            break
        outcome = after_play3(hands, series, count, mover, index, needs, one_series, valuing)
        value = _value3(outcome, mover, valuing)
        if best is None or value > best_value:
            best, best_value = outcome, value
    assert best is not None, "search3() needs a mover that can play"
    if len(_MEMO3) >= _MEMO_LIMIT:
        _MEMO3.clear()
    _MEMO3[key] = best
    return best


def after_play3(
    hands: Hands,
    series: tuple[int, ...],
    count: int,
    mover: int,
    index: int,
    needs: Needs,
    one_series: bool,
    valuing: int,
) -> tuple[float, float, float]:
    """:func:`search3` once ``mover`` has laid ``hands[mover][index]`` (``valuing``: the
    number :func:`valuation3` gives)."""
    hand = hands[mover]
    rank = hand[index]
    held = hand[:index] + hand[index + 1 :]
    if mover == 0:
        hands = (held, hands[1], hands[2])
    elif mover == 1:
        hands = (hands[0], held, hands[2])
    else:
        hands = (hands[0], hands[1], held)
    series = (*series, rank)
    count += PIPS[rank]
    points = play_points(series, count)
    need = needs[mover]
    if need is not None:
        if points >= need:
            return _one_seat3(mover, points + GAME_POINT)
        needs = _needs3(needs, mover, need - points)
    if count < MAX_COUNT:
        for seat in _AFTER3[mover]:
            cards = hands[seat]
            if cards and PIPS[cards[0]] + count <= MAX_COUNT:
                rest = _search3(hands, series, count, seat, needs, one_series, valuing)
                return _plus3(rest, mover, points)
        points += GO_POINT
        need = needs[mover]
        if need is not None:
            if need <= GO_POINT:
                return _one_seat3(mover, points + GAME_POINT)
            needs = _needs3(needs, mover, need - GO_POINT)
    if one_series or not (hands[0] or hands[1] or hands[2]):
        return _one_seat3(mover, points)
    leader = _next_leader(hands, mover)
    rest = _search3(hands, (), 0, leader, needs, one_series, valuing)
    return _plus3(rest, mover, points)


def _value3(outcome: tuple[float, float, float], seat: int, valuing: int) -> float:
    """What ``outcome`` is worth to ``seat`` by valuation ``valuing``: the points weighed by
    its row, added in seat order as :func:`_side_value` adds them (so that with a plain
    ``against`` the two searches agree to the last bit and break ties alike), and the worth of
    whoever reached the target, where the row says more than its points."""
    rows, adjusted = _VALUATIONS[valuing]
    row = rows[seat]
    value = row[0] * outcome[0] + row[1] * outcome[1] + row[2] * outcome[2]
    if adjusted:
        if outcome[0] >= GAME_POINT:
            value += row[3]
        elif outcome[1] >= GAME_POINT:
            value += row[4]
        elif outcome[2] >= GAME_POINT:
            value += row[5]
    return value


def _one_seat3(seat: int, points: int) -> tuple[float, float, float]:
    if seat == 0:
        return (float(points), 0.0, 0.0)
    if seat == 1:
        return (0.0, float(points), 0.0)
    return (0.0, 0.0, float(points))


def _plus3(
    outcome: tuple[float, float, float], seat: int, points: int
) -> tuple[float, float, float]:
    if not points:
        return outcome
    if seat == 0:
        return (outcome[0] + points, outcome[1], outcome[2])
    if seat == 1:
        return (outcome[0], outcome[1] + points, outcome[2])
    return (outcome[0], outcome[1], outcome[2] + points)


def _needs3(needs: Needs, seat: int, need: int) -> Needs:
    if seat == 0:
        return (need, needs[1], needs[2])
    if seat == 1:
        return (needs[0], need, needs[2])
    return (needs[0], needs[1], need)


PARTNERSHIP_TEAMS = (0, 1, 0, 1)


def rank_values(
    hands: Hands,
    series: tuple[int, ...],
    count: int,
    mover: int,
    needs: Needs,
    one_series: bool,
    teams: tuple[int, ...],
    against: float | Valuation3 = 1.0,
) -> dict[int, float]:
    """For one fully known position: each playable rank of ``mover`` and its value to
    ``mover``'s side (points pegged to the end of the play, its side's less the others')."""
    values: dict[int, float] = {}
    if len(hands) == 2 and teams[0] != teams[1] and against == 1.0:
        other = 1 - mover
        for index, rank in enumerate(hands[mover]):
            if rank in values or PIPS[rank] + count > MAX_COUNT:
                continue
            values[rank] = net2_after(
                hands[mover],
                hands[other],
                series,
                count,
                index,
                needs[mover],
                needs[other],
                one_series,
            )
        return values
    if teams == PARTNERSHIP_TEAMS and against == 1.0:
        for index, rank in enumerate(hands[mover]):
            if rank in values or PIPS[rank] + count > MAX_COUNT:
                continue
            values[rank] = net_sides_after(hands, series, count, mover, index, needs, one_series)
        return values
    if teams == THREE_TEAMS:
        valuing = valuation3(against)
        for index, rank in enumerate(hands[mover]):
            if rank in values or PIPS[rank] + count > MAX_COUNT:
                continue
            three = after_play3(hands, series, count, mover, index, needs, one_series, valuing)
            values[rank] = _value3(three, mover, valuing)
        return values
    if not isinstance(against, int | float):
        raise ValueError("a valuation by seat is for three players, each its own side")
    for index, rank in enumerate(hands[mover]):
        if rank in values or PIPS[rank] + count > MAX_COUNT:
            continue
        outcome = after_play(hands, series, count, mover, index, needs, one_series, teams, against)
        values[rank] = _side_value(outcome, mover, teams, against)
    return values


def capped_needs(needs: Sequence[int | None] | None, seats: int) -> Needs:
    """The points each seat needs as the search takes them: beyond :data:`NEED_CAP` no card of
    this play can reach the target, so None (points only), and at least 1."""
    if needs is None:
        return (None,) * seats
    return tuple(None if need is None or need > NEED_CAP else max(need, 1) for need in needs)


def _rank_multisets(
    unseen_by_rank: Sequence[int], size: int
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every rank multiset of ``size`` unseen cards with how many card hands it stands for."""

    def extend(
        rank: int, left: int, chosen: tuple[int, ...], weight: int
    ) -> Iterator[tuple[tuple[int, ...], int]]:
        if left == 0:
            yield chosen, weight
            return
        if rank > 13:
            return
        available = unseen_by_rank[rank]
        for take in range(min(available, left), -1, -1):
            yield from extend(
                rank + 1, left - take, chosen + (rank,) * take, weight * comb(available, take)
            )

    yield from extend(1, size, (), 1)


def _multiset_count(unseen_by_rank: Sequence[int], size: int, limit: int) -> int:
    """How many rank multisets of ``size`` there are, counting no further than ``limit + 1``."""
    found = 0
    for _ in _rank_multisets(unseen_by_rank, size):
        found += 1
        if found > limit:
            break
    return found


def opponent_deals(
    seat: int,
    own_ranks: tuple[int, ...],
    unseen: Sequence[Card],
    held_counts: Sequence[int],
    rng: random.Random,
    prior: Callable[[tuple[int, ...]], float] | None = None,
    samples: int | None = None,
    *,
    seat_priors: Sequence[Prior | None] | None = None,
    passed: Mapping[int, int] | None = None,
) -> list[tuple[Hands, float]]:
    """The hands every seat may hold, each with its weight (summing to 1 over the list).

    ``prior`` (two players only): a weight for the opponent's possible remaining ranks (how
    likely it was to keep them), multiplied into each hand's share before it is normalised.
    ``seat_priors`` (three or four players): such a weight by seat (None for a seat not
    weighed). Then :data:`RESAMPLED` times ``samples`` deals are dealt and ``samples`` of them
    drawn again in proportion to the product of the weighed seats' weights, so the searched
    deals follow the weighted chances with equal shares (weighing the searched deals
    themselves leaves a few of them most of the say, and pegged worse). ``passed`` (sampled
    deals only at three and four): for a seat passed over in the play, the room it passed at
    (:func:`games.engine.play.passed_rooms`); a deal giving it a card that would have fitted
    is dealt again (up to :data:`PASSED_TRIES` times). With two players the cards that would
    have fitted are taken out of the opponent's possible cards, enumerated or sampled.
    ``samples``: how many hands to deal when they are sampled (default :data:`SAMPLES`, or
    :data:`LEAD_SAMPLES` at the first lead).
    """
    seats = len(held_counts)
    others = [other for other in range(seats) if other != seat]
    if seats == 2:
        other = others[0]
        size = held_counts[other]
        room = (passed or {}).get(other, 0)
        fitting = [card for card in unseen if card.value > room]
        if room and len(fitting) >= size:
            unseen = fitting
        unseen_by_rank = [0] * 14
        for card in unseen:
            unseen_by_rank[card.rank] += 1
        if _multiset_count(unseen_by_rank, size, EXACT_LIMIT) <= EXACT_LIMIT:
            deals = []
            for ranks, weight in _rank_multisets(unseen_by_rank, size):
                pair = [own_ranks, own_ranks]
                pair[other] = ranks
                deals.append((tuple(pair), weight * (1.0 if prior is None else prior(ranks))))
            return _normalised(deals)
    tally: Counter[Hands] = Counter()
    pool = list(unseen)
    if samples is None:
        samples = LEAD_SAMPLES if min(held_counts[other] for other in others) >= 4 else SAMPLES
    dealing = sum(held_counts[other] for other in others)

    def deal() -> Hands:
        for _ in range(PASSED_TRIES):
            dealt = rng.sample(pool, dealing)
            if not passed or _fits(dealt, others, held_counts, passed):
                break
        hands: list[tuple[int, ...]] = [()] * seats
        hands[seat] = own_ranks
        start = 0
        for other in others:
            part = dealt[start : start + held_counts[other]]
            start += held_counts[other]
            hands[other] = tuple(sorted(card.rank for card in part))
        return tuple(hands)

    if seat_priors is not None and seats > 2:
        candidates = [deal() for _ in range(samples * RESAMPLED)]
        weights = [_weight(seat_priors, hands) for hands in candidates]
        tally.update(rng.choices(candidates, weights, k=samples))
        return [(hands, times / samples) for hands, times in tally.items()]
    for _ in range(samples):
        tally[deal()] += 1
    if seats == 2 and prior is not None:
        other = others[0]
        return _normalised([(hands, times * prior(hands[other])) for hands, times in tally.items()])
    return [(hands, times / samples) for hands, times in tally.items()]


def _fits(
    dealt: list[Card], others: list[int], held_counts: Sequence[int], passed: Mapping[int, int]
) -> bool:
    """Whether no seat is dealt a card its passes in the play rule out."""
    start = 0
    for other in others:
        room = passed.get(other, 0)
        end = start + held_counts[other]
        if room and any(card.value <= room for card in dealt[start:end]):
            return False
        start = end
    return True


DECLINED = 0.1
"""How likely a player is to lay a card that scores less than another card it holds would
(hard: 4 of 1,138 plays with a choice at three; the expert none of 223): the weight of a hand
the others may hold for each such play it would make of their plays."""


def declined_prior(plays: Sequence[tuple[tuple[int, ...], int]]) -> Prior:
    """A weight for the ranks a seat may still hold, given its ``plays`` this hand (each the
    ranks of the count it was laid on, and the rank laid, in order): :data:`DECLINED` for each
    play that some card it then held (these ranks, and those it laid at that play or later)
    would have scored more than the card it laid."""
    counted = [
        (before, rank, sum(PIPS[r] for r in before), tuple(r for _, r in plays[index:]))
        for index, (before, rank) in enumerate(plays)
    ]
    memo: dict[tuple[int, ...], float] = {}

    def prior(ranks: tuple[int, ...]) -> float:
        found = memo.get(ranks)
        if found is not None:
            return found
        weight = 1.0
        for before, rank, count, later in counted:
            taken = play_points((*before, rank), count + PIPS[rank])
            for other in {*ranks, *later}:
                if (
                    other != rank
                    and PIPS[other] + count <= MAX_COUNT
                    and play_points((*before, other), count + PIPS[other]) > taken
                ):
                    weight *= DECLINED
                    break
        memo[ranks] = weight
        return weight

    return prior


def _weight(seat_priors: Sequence[Prior | None], hands: Hands) -> float:
    weight = 1.0
    for held, prior in zip(hands, seat_priors, strict=True):
        if prior is not None:
            weight *= prior(held)
    return weight


def _normalised(deals: list[tuple[Hands, float]]) -> list[tuple[Hands, float]]:
    # Every weight is positive (the keep likelihood is shrunk towards 1, never 0).
    total = sum(weight for _, weight in deals)
    return [(hands, weight / total) for hands, weight in deals]


def play_values(
    *,
    seat: int,
    hand: Sequence[Card],
    unseen: Sequence[Card],
    held_counts: Sequence[int],
    series: Sequence[Card],
    series_seats: Sequence[int] = (),
    count: int,
    needs: Sequence[int | None] | None = None,
    one_series: bool = False,
    partnerships: bool = False,
    opponent_kept: tuple[str, Sequence[Card]] | None = None,
    kept_by_seat: Sequence[tuple[str, Sequence[Card]] | None] | None = None,
    passed: Mapping[int, int] | None = None,
    declined_by_seat: Sequence[Sequence[tuple[tuple[int, ...], int]] | None] | None = None,
    read_prior: Prior | None = None,
    samples: int | None = None,
    against: float | Valuation3 = 1.0,
) -> dict[Card, float]:
    """The expected net points of each card ``seat`` may play now, to the end of the play.

    ``hand``: the cards ``seat`` holds; ``unseen``: every card it has not seen (the others'
    cards are a uniform draw from these); ``held_counts``: how many cards each seat holds, by
    seat; ``series``: the cards of the current count in order (``series_seats`` is accepted
    for the caller's convenience and not needed: who laid a card never changes its points);
    ``count``: the count. ``needs``: the points each seat still needs to win (None: play for
    points only). ``one_series``: the five-card game's single count. ``partnerships``: four
    players, seats 0 and 2 against 1 and 3. ``opponent_kept`` (two players): the opponent's role
    ("pone" or "dealer") and the cards it has played this hand; each hand it may hold is then
    weighed by how likely it was to keep that hand with those cards
    (:mod:`games.strategy.keep_likelihood`) instead of every hand being equally likely.
    ``kept_by_seat`` (three or four players): the same by seat, each other seat's role in that
    table (:data:`games.strategy.keep_likelihood.ONE_THROW_CRIB_WEIGHTS`) and its cards played
    this hand, or None for a seat not weighed. ``passed``: by seat, the room each seat passed
    at in the play (:func:`games.engine.play.passed_rooms`); no seat is dealt a card its passes
    rule out. ``declined_by_seat``: by seat, its plays this hand (the ranks of the count each
    was laid on, the rank laid), or None; a hand that would have scored more than a card laid
    is weighed :data:`DECLINED` for it (:func:`declined_prior`).
    ``read_prior`` (two players): one more weight for the opponent's remaining ranks (the
    expert reads its first card by :func:`games.strategy.opening_play.opening_choice_prior`).
    ``samples``: how many hands are dealt when the others' hands are sampled (None: the
    defaults; the many-seat expert asks for fewer to keep its decisions fast).

    A card's value is the average over the others' possible hands of (points pegged by
    ``seat``'s side less points pegged by the other side(s)) from this card to the end of the
    play, go and last card included, every seat then playing best under full information.
    Returns {} when no card fits (the seat says go).
    """
    del series_seats
    if not any(card.value + count <= MAX_COUNT for card in hand):
        return {}
    deals = searched_deals(
        seat=seat,
        hand=hand,
        unseen=unseen,
        held_counts=held_counts,
        series=series,
        count=count,
        one_series=one_series,
        opponent_kept=opponent_kept,
        kept_by_seat=kept_by_seat,
        passed=passed,
        declined_by_seat=declined_by_seat,
        read_prior=read_prior,
        samples=samples,
    )
    return values_over_deals(
        deals,
        seat=seat,
        hand=hand,
        series=series,
        count=count,
        needs=needs,
        one_series=one_series,
        partnerships=partnerships,
        against=against,
    )


def values_over_deals(
    deals: Sequence[tuple[Hands, float]],
    *,
    seat: int,
    hand: Sequence[Card],
    series: Sequence[Card],
    count: int,
    needs: Sequence[int | None] | None = None,
    one_series: bool = False,
    partnerships: bool = False,
    against: float | Valuation3 = 1.0,
) -> dict[Card, float]:
    """:func:`play_values` over ``deals`` already dealt (:func:`searched_deals`), so a caller
    that searches the same deals another way (:mod:`games.strategy.play_to_win_three`) deals
    them once."""
    playable = [card for card in hand if card.value + count <= MAX_COUNT]
    if not playable:
        return {}
    seats = len(deals[0][0])
    teams = tuple(other % 2 if partnerships else other for other in range(seats))
    capped = capped_needs(needs, seats)
    series_ranks = tuple(card.rank for card in series)
    totals: dict[int, float] = {}
    for hands, weight in deals:
        for rank, value in rank_values(
            hands, series_ranks, count, seat, capped, one_series, teams, against
        ).items():
            totals[rank] = totals.get(rank, 0.0) + weight * value
    return {card: totals[card.rank] for card in playable}


def searched_deals(
    *,
    seat: int,
    hand: Sequence[Card],
    unseen: Sequence[Card],
    held_counts: Sequence[int],
    series: Sequence[Card],
    count: int,
    one_series: bool = False,
    opponent_kept: tuple[str, Sequence[Card]] | None = None,
    kept_by_seat: Sequence[tuple[str, Sequence[Card]] | None] | None = None,
    passed: Mapping[int, int] | None = None,
    declined_by_seat: Sequence[Sequence[tuple[tuple[int, ...], int]] | None] | None = None,
    read_prior: Prior | None = None,
    samples: int | None = None,
) -> list[tuple[Hands, float]]:
    """The hands :func:`play_values` searches (by rank, ``seat``'s own in its place), each with
    its weight, read from what ``seat`` knows as its arguments say (see there); also the deals
    of any other search of the same position (:mod:`games.strategy.play_to_win_three`)."""
    own = tuple(sorted(card.rank for card in hand))
    seats = len(held_counts)
    rng = deal_generator(hand, series, count, held_counts)
    prior = None
    if opponent_kept is not None and seats == 2:
        prior = kept_prior(*opponent_kept, variant="five" if one_series else "six")
    seat_priors: list[Prior | None] | None = None
    if kept_by_seat is not None and seats > 2:
        variant = ONE_THROW
        seat_priors = [
            None if kept is None or other == seat else kept_prior(*kept, variant=variant)
            for other, kept in enumerate(kept_by_seat)
        ]
    if read_prior is not None and seats == 2:
        prior = both_priors(prior, read_prior)
    if declined_by_seat is not None and seats == 2:
        plays = declined_by_seat[1 - seat]
        if plays:
            prior = both_priors(prior, declined_prior(plays))
    if declined_by_seat is not None and seats > 2:
        declined = [
            declined_prior(plays) if plays and other != seat else None
            for other, plays in enumerate(declined_by_seat)
        ]
        if any(declined):
            seat_priors = [
                both_priors(first, second)
                for first, second in zip(seat_priors or [None] * seats, declined, strict=True)
            ]
    return opponent_deals(
        seat,
        own,
        sorted(unseen),
        held_counts,
        rng,
        prior,
        samples,
        seat_priors=seat_priors,
        passed=passed,
    )


def both_priors(first: Prior | None, second: Prior | None) -> Prior | None:
    """One seat's two weights as one (their product), or whichever there is."""
    if first is None or second is None:
        return first or second

    def prior(ranks: tuple[int, ...]) -> float:
        return first(ranks) * second(ranks)

    return prior


def deal_generator(
    hand: Sequence[Card], series: Sequence[Card], count: int, held_counts: Sequence[int]
) -> random.Random:
    """The generator that deals the others' hands when they are sampled, seeded by the position:
    the same position always gets the same hands (and whatever else reads them, the same)."""
    seed_text = f"{sorted(map(str, hand))}{list(map(str, series))}{count}{list(held_counts)}"
    return random.Random(seed_text)


def kept_prior(
    role: str, played: Sequence[Card], *, variant: str
) -> Callable[[tuple[int, ...]], float]:
    """The opponent model: the weight of the opponent still holding ``ranks``, given that it
    kept them along with the cards it has ``played`` this hand, as ``role``."""
    played_ranks = tuple(card.rank for card in played)

    def prior(ranks: tuple[int, ...]) -> float:
        return weight_of_ranks((*ranks, *played_ranks), role=role, variant=variant)

    return prior


def seen_by(state: MatchState, seat: int) -> set[Card]:
    """Every card ``seat`` has seen in ``state``: its dealt cards (what it holds, its throw and
    what it played), the starter, the cards on the table and the hands shown."""
    seen = set(state.held[seat])
    seen.update(state.discards[seat] or ())
    seen.update(card for _, card in state.played)
    if state.starter is not None:
        seen.add(state.starter)
    for shown in state.shown:
        seen.update(shown.cards)
    return seen


def play_values_from_state(
    state: MatchState, seat: int, *, to_win: bool = False
) -> dict[Card, float]:
    """:func:`play_values` for ``seat`` in an engine ``MatchState`` during the play.

    Reads only what ``seat`` may know: its own cards and throw, the starter, the table, how
    many cards each other seat holds, the scores. ``to_win`` also counts reaching the game's
    target (:data:`GAME_POINT`). With two players the opponent's possible hands are weighed by
    the opponent model (``opponent_kept``: its role and its cards played this hand) and read
    from its plays (:mod:`games.strategy.opponent_reading`), exactly as the expert weighs and
    reads them, so a grade or an explanation by these values agrees with the computer's play.
    Returns {} when ``seat`` has no card that fits.
    """
    options = state.options
    held_counts = tuple(len(held) for held in state.held)
    seen = seen_by(state, seat)
    needs = None
    if to_win:
        needs = tuple(options.game_target - score for score in state.scores)
    opponent_kept = None
    reading = None
    declined: list[Sequence[tuple[tuple[int, ...], int]]] | None = None
    if len(state.seats) == 2:
        # Read the opponent as the expert reads it: how likely it was to keep each hand, and
        # what its plays this hand showed.
        opponent = next(other for other in state.seats if other != seat)
        role = "dealer" if opponent == state.dealer else "pone"
        opponent_kept = (role, tuple(card for who, card in state.played if who == opponent))
        reading = read_at_two(
            state.played,
            seat=seat,
            is_dealer=seat == state.dealer,
            count=state.count,
            variant=options.variant,
        )
        declined = [reading.declined if other == opponent else [] for other in state.seats]
    return play_values(
        seat=seat,
        hand=state.held[seat],
        unseen=[card for card in DECK if card not in seen],
        held_counts=held_counts,
        series=tuple(card for _, card in state.series),
        count=state.count,
        needs=needs,
        one_series=options.variant == "five",
        partnerships=len(state.seats) == 4,
        opponent_kept=opponent_kept,
        passed=reading.passed if reading else None,
        declined_by_seat=declined,
        read_prior=reading.first_card if reading else None,
    )


def best_play(state: MatchState, seat: int, *, to_win: bool = False) -> Card | None:
    """The card with the highest :func:`play_values_from_state` (ties: the lower card), or
    None when ``seat`` cannot play."""
    values = play_values_from_state(state, seat, to_win=to_win)
    if not values:
        return None
    return max(values, key=lambda card: (values[card], -card.value, -card.rank, card.suit))


def brute_force_values(
    hand: Sequence[Card],
    opponent_hands: Sequence[Sequence[Card]],
    series: Sequence[Card],
    count: int,
    *,
    one_series: bool = False,
) -> dict[Card, float]:
    """Two players, seat 0 to play: the plain average over ``opponent_hands`` (card hands, each
    equally likely) of a plain minimax over cards, no memo, no ranks. For tests only."""

    def minimax(
        held: list[list[Card]], series_cards: list[Card], count: int, mover: int, gained: float
    ) -> float:
        room = MAX_COUNT - count
        options = [card for card in held[mover] if card.value <= room]
        best = None
        for card in options:
            value = _brute_after(held, series_cards, count, mover, card, gained)
            if best is None or (value > best if mover == 0 else value < best):
                best = value
        assert best is not None, "minimax is asked only of a mover with a card that fits"
        return best

    def _brute_after(
        held: list[list[Card]],
        series_cards: list[Card],
        count: int,
        mover: int,
        card: Card,
        gained: float,
    ) -> float:
        held = [list(cards) for cards in held]
        held[mover].remove(card)
        series_cards = [*series_cards, card]
        count += card.value
        sign = 1 if mover == 0 else -1
        gained += sign * play_points([c.rank for c in series_cards], count)
        other = 1 - mover
        if count < MAX_COUNT:
            if any(c.value + count <= MAX_COUNT for c in held[other]):
                return minimax(held, series_cards, count, other, gained)
            if any(c.value + count <= MAX_COUNT for c in held[mover]):
                return minimax(held, series_cards, count, mover, gained)
            gained += sign
        if one_series or not (held[0] or held[1]):
            return gained
        leader = other if held[other] else mover
        return minimax(held, [], 0, leader, gained)

    playable = [card for card in hand if card.value + count <= MAX_COUNT]
    values: dict[Card, float] = {}
    for card in playable:
        total = 0.0
        for theirs in opponent_hands:
            total += _brute_after([list(hand), list(theirs)], list(series), count, 0, card, 0.0)
        values[card] = total / len(opponent_hands)
    return values


def all_opponent_hands(unseen: Sequence[Card], size: int) -> list[tuple[Card, ...]]:
    """Every card hand of ``size`` from ``unseen`` (for the brute-force check in tests)."""
    return list(combinations(unseen, size))
