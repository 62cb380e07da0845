"""The end of a game, for the hard bot: the chance that a discard wins the game in this hand.

When both players are within reach of the target, points are worth nothing in themselves: what
counts is who gets there first, and the order is fixed. The dealer's heels come at the cut, then
both peg in the play (the pone leads), then the pone counts its hand, then the dealer its hand and
crib. A dealer needing 4 while the pone needs 10 must usually peg them, because the pone counts
first: the keep that pegs best can be worth more than a bigger hand.

:func:`race_chances` deals the unseen cards many times over (the opponent's hand and throw and the
starter, the same deals for every discard, so discards are compared on equal luck), plays each
deal out with :func:`play_out`, counts the show in order, and scores a win 1, a loss 0, and a hand
that settles nothing 1/2. The play follows the engine's rules on ranks (a fast twin of
``games.engine.play``, held equal to it by tests/bots/test_endgame.py at two, three and four
seats; the table of kept cards' play points at three and four plays it too), every seat
choosing with the rules of thumb of :func:`games.bots.pegging.medium_play`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.bots.base import RandomSource
from games.bots.pegging import DANGEROUS_COUNTS, MAX_COUNT, pip
from games.engine.cards import Card
from games.engine.scoring import show_total
from games.strategy.analysis import DiscardAnalysis
from games.strategy.pegging_search import play_points

JACK = 11
HEELS_POINTS = 2
UNDECIDED = 0.5
"""What a hand that brings neither player home is worth: both are near the end, so about even."""


@dataclass(frozen=True, slots=True)
class Deal:
    """One guess at what this seat cannot see: the opponent's kept cards and throw, the starter."""

    opponent_keep: tuple[Card, ...]
    opponent_throw: tuple[Card, ...]
    starter: Card


def sample_deals(
    unseen: Sequence[Card], keep_size: int, samples: int, rng: RandomSource
) -> list[Deal]:
    """``samples`` deals of the unseen cards, uniformly (the opponent's choice is not modelled)."""
    deals = []
    for _ in range(samples):
        cards = rng.sample(list(unseen), keep_size + 3)
        deals.append(Deal(tuple(cards[:keep_size]), tuple(cards[keep_size:-1]), cards[-1]))
    return deals


PIPS = (0, *(pip(rank) for rank in range(1, 14)))


def choose_rank(series: list[int], count: int, playable: list[int]) -> int:
    """A card to play, by the rules of thumb (points now; not 5 or 21; lead low)."""
    if len(playable) == 1:
        return playable[0]
    best, best_worth = playable[0], None
    for rank in playable:
        after = count + PIPS[rank]
        value = float(play_points((*series, rank), after))
        if after in DANGEROUS_COUNTS:
            value -= 1.5
        if not series and PIPS[rank] < 5:
            value += 0.5
        worth = (value, PIPS[rank])
        if best_worth is None or worth > best_worth:
            best, best_worth = rank, worth
    return best


def play_out(
    hands: Sequence[Sequence[int]],
    pone: int,
    needs: Sequence[int],
    *,
    one_series: bool,
    choose: Callable[[list[int], int, list[int]], int] = choose_rank,
) -> tuple[list[int], int | None]:
    """Play hands of ranks out, one a seat in turn order: the points each seat pegs, and who
    reached its need first.

    The engine's rules, for two seats or more: the pone (the dealer's left) leads; the turn
    passes to the next seat in order that can keep the count at most 31, a seat that cannot
    saying go; when none can, the last to play pegs 1 (nothing more at 31) and the next seat
    after it that still holds cards leads a new count; the five-card game (``one_series``)
    ends there. Stops as soon as a seat's points reach ``needs[seat]``.
    """
    held = [list(hand) for hand in hands]
    points = [0] * len(held)
    count, turn = 0, pone
    series: list[int] = []
    last: int | None = None
    while True:
        room = MAX_COUNT - count
        playable = [rank for rank in held[turn] if PIPS[rank] <= room]
        if playable:
            rank = choose(series, count, playable)
            held[turn].remove(rank)
            count += PIPS[rank]
            series.append(rank)
            last = turn
            points[turn] += play_points(series, count)
            if points[turn] >= needs[turn]:
                return points, turn
            room = MAX_COUNT - count
            following = _next_seat(turn, held, room)
            if room and following is not None:
                turn = following
                continue
        # Nobody can play: the go (or last card) point, then a new count or the end of the play.
        assert last is not None, "the hands held a card that fits a count of 0"
        if count < MAX_COUNT:
            points[last] += 1
            if points[last] >= needs[last]:
                return points, last
        leader = _next_seat(last, held, MAX_COUNT)
        if one_series or leader is None:
            return points, None
        count, series = 0, []
        turn = leader


def _next_seat(after: int, held: list[list[int]], room: int) -> int | None:
    """The first seat after ``after`` in turn order (``after`` itself last) holding a card
    that fits in ``room``."""
    seats = len(held)
    for step in range(1, seats + 1):
        seat = (after + step) % seats
        if any(PIPS[rank] <= room for rank in held[seat]):
            return seat
    return None


def race_chances(
    results: Sequence[DiscardAnalysis],
    *,
    is_dealer: bool,
    need: int,
    their_need: int,
    deals: Sequence[Deal],
    one_series: bool,
) -> list[float]:
    """For each discard in ``results``, the share of ``deals`` it wins (1/2 for undecided)."""
    me, them = (1, 0) if is_dealer else (0, 1)  # seat 0 is the pone in the simulated play
    chances = []
    for result in results:
        keep_ranks = [card.rank for card in result.keep]
        won = 0.0
        for deal in deals:
            won += _settle(result, keep_ranks, deal, me, them, need, their_need, one_series)
        chances.append(won / len(deals))
    return chances


def _settle(
    result: DiscardAnalysis,
    keep_ranks: list[int],
    deal: Deal,
    me: int,
    them: int,
    need: int,
    their_need: int,
    one_series: bool,
) -> float:
    needs = [0, 0]
    needs[me], needs[them] = need, their_need
    dealer = 1
    if deal.starter.rank == JACK:
        needs[dealer] -= HEELS_POINTS
        if needs[dealer] <= 0:
            return 1.0 if dealer == me else 0.0
    hands: list[Sequence[int]] = [(), ()]
    hands[me], hands[them] = keep_ranks, [card.rank for card in deal.opponent_keep]
    points, winner = play_out(hands, 0, needs, one_series=one_series)
    if winner is not None:
        return 1.0 if winner == me else 0.0
    left = [needs[seat] - points[seat] for seat in (0, 1)]
    keeps: list[tuple[Card, ...]] = [(), ()]
    keeps[me], keeps[them] = result.keep, deal.opponent_keep
    if show_total(keeps[0], deal.starter) >= left[0]:  # the pone counts first
        return 1.0 if me == 0 else 0.0
    crib = (*result.discard, *deal.opponent_throw)
    dealer_show = show_total(keeps[1], deal.starter) + show_total(crib, deal.starter, True)
    if dealer_show >= left[1]:
        return 1.0 if me == 1 else 0.0
    return UNDECIDED
