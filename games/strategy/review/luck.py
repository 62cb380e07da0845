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
- ``pegging``: what the opponent held and played, against the expected value of the seat's own
  best choices: the net points of the play (the seat's pegs less the opponent's) from the seat's
  first graded choice to the end of the play, less the value of the best card at that choice
  (the grade's own expected net points to the end of the play), plus the points the seat's
  plays lost by their grades in this hand. Telescoped, it is the sum over the seat's choices of
  "what happened until the next choice, plus the best value there, less the value of the card
  chosen": a weak card's cost is in its play grade, never here, so a player who always plays
  the best card has pegging luck near zero on average, and so has one who plays badly. Counted
  only when the play finished and each of the seat's graded plays in the hand was graded by
  points (near the end values are chances to win, not points); 0 when the seat had no choice.

Skill is not luck: the expectations are taken for the throw and the cards the seat chose, so a
bad throw's or a bad play's cost shows in its grade, not here.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.cards import DECK, Card
from games.engine.scoring import show_total
from games.strategy.analysis import DiscardAnalysis
from games.strategy.review.baselines import CRIB_OVER_EXPECTED, DEAL_VALUE_AVERAGE

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
    first_choice_value: float | None = None
    """The best card's value (expected net points to the end of the play) at the seat's first
    play graded by points in this hand."""
    net_at_first_choice: int = 0
    """The seat's pegs less the opponent's in this play, just before that first choice."""
    choices_lost: float = 0.0
    """The points the seat's graded plays lost in this hand (their grades, unrounded)."""
    chose_by_chance: bool = False
    """A play of the seat's in this hand was graded by the chance to win (near the end)."""


def hand_luck(
    seat_hand: SeatHand,
    *,
    variant: str,
    is_dealer: bool,
    starter: Card | None,
    crib: tuple[Card, ...],
    crib_counted: bool,
    play_finished: bool,
    play_net: int = 0,
) -> dict[str, float]:
    """The four parts of one seat's luck in one hand and their total, rounded to 0.01.

    ``play_net`` is the seat's pegs less the opponent's over the whole play of the hand.
    """
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
        luck["pegging"] = pegging_luck(seat_hand, play_net)
    luck["total"] = sum(luck[part] for part in PARTS)
    return {key: round(value, 2) for key, value in luck.items()}


def pegging_luck(seat_hand: SeatHand, play_net: int) -> float:
    """What the play gave the seat beyond the expected value of its own best choices.

    The net points from the seat's first graded choice on, less the best value at that choice,
    plus what its choices lost by their grades (so its skill is not counted as luck). 0 when the
    seat had no choice graded by points, or one was graded by the chance to win.
    """
    if seat_hand.first_choice_value is None or seat_hand.chose_by_chance:
        return 0.0
    happened = play_net - seat_hand.net_at_first_choice
    return happened - seat_hand.first_choice_value + seat_hand.choices_lost


def heels_luck(dealt: tuple[Card, ...], starter: Card) -> float:
    """His heels against their chance: 2 for a jack turned, less 2 x the share of jacks unseen."""
    starters = [card for card in DECK if card not in dealt]
    jacks = sum(1 for card in starters if card.rank == JACK)
    got = HEELS_POINTS if starter.rank == JACK else 0
    return got - HEELS_POINTS * jacks / len(starters)
