"""Choosing a card in the play, by level, from what the seat can see.

- :func:`medium_play` follows the rules of thumb a club player learns first: take the points on
  offer, do not leave the count on 5 or 21 (a ten-card makes 15 or 31), be wary of pairing a
  card when the third of its rank is still out (a pair royal for six), lead low.
- :func:`hard_play` weighs each card against every reply the opponent could make. The opponent
  holds ``k`` of the ``U`` cards this seat has not seen, uniformly, so the chance it holds none
  of a set of ``m`` cards is C(U - m, k) / C(U, k) exactly; grouping its replies by what they
  score, the chance its best reply scores a given amount follows from those. Each reply is
  answered by this seat's best counter from its own hand. Near the end of the game, points that
  reach the target outweigh everything, and so do replies that would let the opponent reach it.

Both work on ranks only (suits never score in the play), with :func:`play_points`, a fast twin
of ``score_play`` that a test holds equal to it.
"""

from __future__ import annotations

from math import comb

from games.bots.base import RandomSource, SeatView
from games.engine.cards import Card
from games.strategy.pegging_search import play_points

MAX_COUNT = 31
FIFTEEN = 15
DANGEROUS_COUNTS = (5, 21)
"""Counts a ten-card (sixteen of them in a deck) turns into 15 or 31."""
GO_POINT = 1
GAME_POINT = 100
"""What reaching the target is worth, in points, next to points that merely move a peg."""


def pip(rank: int) -> int:
    return min(rank, 10)


def unseen_rank_counts(seen: SeatView) -> list[int]:
    """How many cards of each rank (index 1..13) this seat has not seen this hand."""
    counts = [0] + [4] * 13
    for card in seen.seen_cards():
        counts[card.rank] -= 1
    return counts


def easy_play(seen: SeatView, rng: RandomSource) -> Card:
    """Any playable card, at random."""
    card: Card = rng.choice(sorted(seen.playable))
    return card


def medium_play(seen: SeatView, rng: RandomSource) -> Card:
    """The card with the most points now, after the rules of thumb (see the module docstring)."""
    series_ranks = [card.rank for _, card in seen.series]
    unseen = unseen_rank_counts(seen)

    def worth(card: Card) -> tuple[float, int, Card]:
        count = seen.count + card.value
        value = float(play_points((*series_ranks, card.rank), count))
        if count in DANGEROUS_COUNTS:
            value -= 1.5
        pairs_last = bool(series_ranks) and series_ranks[-1] == card.rank
        if pairs_last and unseen[card.rank] and count + card.value <= MAX_COUNT:
            value -= 0.5
        if not series_ranks and card.value < 5:
            value += 0.5
        return value, card.value, card

    return max(seen.playable, key=worth)


class ReplyModel:
    """The opponent's possible holdings, for chances of "holds none of these cards"."""

    def __init__(self, seen: SeatView) -> None:
        self.unseen = unseen_rank_counts(seen)
        self.hidden = sum(self.unseen)
        self.holding = 0 if seen.opponent_said_go else seen.opponent_held
        total = comb(self.hidden, self.holding)
        self.none_of = [
            comb(self.hidden - cards, self.holding) / total for cards in range(self.hidden + 1)
        ]


def hard_play(seen: SeatView, rng: RandomSource) -> Card:
    """The card whose points, less the opponent's expected best reply, are greatest."""
    model = ReplyModel(seen)
    series_ranks = tuple(card.rank for _, card in seen.series)
    mine, theirs = seen.scores[seen.seat], seen.scores[seen.opponent]
    need_mine, need_theirs = seen.game_target - mine, seen.game_target - theirs

    def worth(card: Card) -> tuple[float, int, Card]:
        rest = [other for other in seen.held if other != card]
        value = _card_value(card, rest, series_ranks, seen.count, model, need_mine, need_theirs)
        return value, card.value, card

    return max(seen.playable, key=worth)


def _gain(points: int, need: int) -> float:
    return points + GAME_POINT if points >= need else points


def _best_counter(ranks: tuple[int, ...], count: int, rest: list[Card], need: int) -> float | None:
    """This seat's best immediate points with one of ``rest``, or None if none fits."""
    best = None
    for card in rest:
        after = count + card.value
        if after <= MAX_COUNT:
            points = _gain(play_points((*ranks, card.rank), after), need)
            if best is None or points > best:
                best = points
    return best


def _card_value(
    card: Card,
    rest: list[Card],
    series_ranks: tuple[int, ...],
    count: int,
    model: ReplyModel,
    need_mine: int,
    need_theirs: int,
) -> float:
    ranks = (*series_ranks, card.rank)
    count_after = count + card.value
    points = play_points(ranks, count_after)
    if points >= need_mine:
        return GAME_POINT + points
    need_after = need_mine - points
    if count_after == MAX_COUNT:
        return points
    room = MAX_COUNT - count_after
    by_points: dict[float, list[tuple[int, float]]] = {}
    replies = 0
    if model.holding:
        for rank in range(1, 14):
            cards = model.unseen[rank]
            if not cards or pip(rank) > room:
                continue
            replies += cards
            reply_ranks = (*ranks, rank)
            reply_count = count_after + pip(rank)
            reply_points = _gain(play_points(reply_ranks, reply_count), need_theirs)
            counter = _best_counter(reply_ranks, reply_count, rest, need_after)
            if counter is None:
                counter = -GO_POINT if reply_count < MAX_COUNT else 0.0
            by_points.setdefault(reply_points, []).append((cards, counter))
    expected_net = 0.0
    covered = 0
    for reply_points in sorted(by_points, reverse=True):
        group = by_points[reply_points]
        group_cards = sum(cards for cards, _ in group)
        chance = model.none_of[covered] - model.none_of[covered + group_cards]
        mean_counter = sum(cards * counter for cards, counter in group) / group_cards
        expected_net += chance * (reply_points - mean_counter)
        covered += group_cards
    no_reply = model.none_of[replies] if model.holding else 1.0
    carry_on = _best_counter(ranks, count_after, rest, need_after) or 0.0
    return points - expected_net + no_reply * (carry_on + GO_POINT)
