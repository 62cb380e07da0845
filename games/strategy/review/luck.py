"""Luck in one hand, per seat, against what that seat could expect (two players).

Every part is "what happened minus its expectation", in points, from the seat's side (the crib
counts for the dealer and against the pone, as in the discard's value):

- ``deal``: the best expected value of the cards dealt (``analyze_discard(...)[0].total``)
  minus the average of that over random deals for the seat's role and the variant
  (:data:`games.strategy.review.baselines.DEAL_VALUE_AVERAGE`).
- ``cut``: what the starter gave the kept hand (and the dealer's heels) minus the average over
  every starter the seat could not rule out (the 46, or 47 in the five-card game, cards it was
  not dealt). The hand part is counted only when the hand reached its count.
- ``show``: the crib's count minus what the seat could expect of it: the crib's expected value
  for the cards the seat threw (``analyze_discard``: the opponent's throw and the starter
  unknown, every unseen card alike), corrected by how far real cribs fall from that
  (:data:`games.strategy.review.baselines.CRIB_OVER_EXPECTED`: a real pone throws the dealer
  poor cards, a real dealer good ones, so without it both seats would look unlucky); added
  for the dealer and taken off for the pone; only when the crib was counted.
- ``pegging``: the points the seat pegged in the play minus the average for its role
  (:data:`games.strategy.review.baselines.PEGGING_AVERAGE`); only when the play finished.

Skill is not luck: the expectations are taken for the throw the seat made, so a bad throw's
cost shows in its discard grade, not here.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.cards import DECK, Card
from games.engine.scoring import show_total
from games.strategy.analysis import DiscardAnalysis
from games.strategy.review.baselines import CRIB_OVER_EXPECTED, DEAL_VALUE_AVERAGE, PEGGING_AVERAGE

JACK = 11
HEELS_POINTS = 2
PARTS = ("deal", "cut", "pegging", "show")


@dataclass
class SeatHand:
    """What the review saw of one seat in one hand, filled in as the hand is replayed."""

    dealt: tuple[Card, ...] = ()
    best_total: float | None = None
    chosen: DiscardAnalysis | None = None
    hand_counted: bool = False
    play_points: int = 0


def hand_luck(
    seat_hand: SeatHand,
    *,
    variant: str,
    is_dealer: bool,
    starter: Card | None,
    crib: tuple[Card, ...],
    crib_counted: bool,
    play_finished: bool,
) -> dict[str, float]:
    """The four parts of one seat's luck in one hand and their total, rounded to 0.01."""
    luck = dict.fromkeys(PARTS, 0.0)
    chosen = seat_hand.chosen
    if seat_hand.best_total is not None:
        luck["deal"] = seat_hand.best_total - DEAL_VALUE_AVERAGE[(variant, is_dealer)]
    if starter is not None and chosen is not None:
        if seat_hand.hand_counted:
            luck["cut"] += show_total(chosen.keep, starter) - chosen.hand
        if is_dealer:
            luck["cut"] += heels_luck(seat_hand.dealt, starter)
        if crib_counted:
            sign = 1 if is_dealer else -1
            expected = chosen.crib + CRIB_OVER_EXPECTED[(variant, is_dealer)]
            luck["show"] = sign * (show_total(crib, starter, crib=True) - expected)
    if play_finished:
        luck["pegging"] = seat_hand.play_points - PEGGING_AVERAGE[(variant, is_dealer)]
    luck["total"] = sum(luck[part] for part in PARTS)
    return {key: round(value, 2) for key, value in luck.items()}


def heels_luck(dealt: tuple[Card, ...], starter: Card) -> float:
    """His heels against their chance: 2 for a jack turned, less 2 x the share of jacks unseen."""
    starters = [card for card in DECK if card not in dealt]
    jacks = sum(1 for card in starters if card.rank == JACK)
    got = HEELS_POINTS if starter.rank == JACK else 0
    return got - HEELS_POINTS * jacks / len(starters)
