"""Manual scoring for the computer opponent: what to claim, and when to call Muggins.

Everything a claim is about is on the table by the time it is made (the cards of the count, a
shown hand or crib with the starter, a jack turned up), so the bot counts it with the engine's
own scorer: the truth is never read from hidden state. Levels differ only in care:

- hard claims every point and calls Muggins on every wrong claim;
- medium overlooks a scoring item now and then and misses some wrong claims;
- easy overlooks items more often and rarely calls Muggins.

A call names the points its own count says the claim was wrong by; a bot never calls a claim
its count agrees with (a wrong call pegs nothing, so a guess is never worth making). No level
ever over-claims: an over-claim is taken back when the truth is revealed, and only hands the
opponent a Muggins.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.bots.base import ClaimChooser, MugginsChooser, RandomSource, SeatView
from games.engine.cards import Card
from games.engine.scoring import ScoreBreakdown, score_play, score_show

HEELS_POINTS = 2
MAX_COUNT = 31


@dataclass(frozen=True, slots=True)
class Carefulness:
    """How often a level overlooks one scoring item, and how often it calls a wrong claim."""

    miss_item_chance: float
    call_wrong_claim_chance: float


CAREFULNESS = {
    "easy": Carefulness(miss_item_chance=0.25, call_wrong_claim_chance=0.35),
    "medium": Carefulness(miss_item_chance=0.05, call_wrong_claim_chance=0.75),
    "hard": Carefulness(miss_item_chance=0.0, call_wrong_claim_chance=1.0),
}


def true_score(seen: SeatView, claimant: int, subject: str) -> ScoreBreakdown | int | None:
    """What ``claimant``'s count of ``subject`` is truly worth, from the cards on the table.

    Returns a breakdown (so a careless level can overlook one item), a plain 2 for heels, or
    None when the cards cannot be found. A claim pending for this seat is counted from the
    table; an open Muggins window carries the cards its claim counted (the crib's window stays
    open into the next deal, after the shown cards have been gathered up).
    """
    if subject == "heels":
        return HEELS_POINTS
    chance = seen.muggins
    if chance is not None and (chance.claimant, chance.subject) == (claimant, subject):
        if subject == "play":
            return score_play(chance.cards) if chance.cards else None
        if chance.starter is None:
            return None
        return score_show(chance.cards, chance.starter, crib=subject == "crib")
    if subject == "play":
        return score_play(last_scored_pile(seen.played)) if seen.played else None
    for entry in reversed(seen.shown):
        if entry.seat == claimant and entry.kind == subject:
            assert seen.starter is not None, "hands are shown after the cut"
            return score_show(entry.cards, seen.starter, crib=subject == "crib")
    return None


def last_scored_pile(played: tuple[tuple[int, Card], ...]) -> tuple[Card, ...]:
    """The cards of the count the last card was played into, rebuilt from the hand's play.

    The count resets only at 31 or when nobody can play, so a card that still fits under 31
    always belongs to the current count: walking the play in order finds every reset.
    """
    pile: list[Card] = []
    count = 0
    for _, card in played:
        if count == MAX_COUNT or count + card.value > MAX_COUNT:
            pile, count = [], 0
        pile.append(card)
        count += card.value
    return tuple(pile)


def points_of(score: ScoreBreakdown | int) -> int:
    return score if isinstance(score, int) else score.total


def claim_for(level: str) -> ClaimChooser:
    """The claim decision of a level: the truth, less one item when the level overlooks it."""
    care = CAREFULNESS[level]

    def claim(seen: SeatView, rng: RandomSource) -> int:
        assert seen.claim_subject is not None, "asked to claim only while a claim is pending"
        score = true_score(seen, seen.seat, seen.claim_subject)
        assert score is not None, "a pending claim's cards are on the table"
        total = points_of(score)
        overlooks = care.miss_item_chance and rng.random() < care.miss_item_chance
        if overlooks and isinstance(score, ScoreBreakdown) and score.items:
            total -= rng.choice(score.items).points
        return total

    return claim


def muggins_for(level: str) -> MugginsChooser:
    """The Muggins decision of a level: call only a claim its own count says is wrong, naming
    the difference, with the level's care; None lets the claim pass."""
    care = CAREFULNESS[level]

    def call_muggins(seen: SeatView, rng: RandomSource) -> int | None:
        chance = seen.muggins
        assert chance is not None, "asked about Muggins only while a window is open"
        score = true_score(seen, chance.claimant, chance.subject)
        if score is None or points_of(score) == chance.claimed:
            return None
        if care.call_wrong_claim_chance < 1.0 and rng.random() >= care.call_wrong_claim_chance:
            return None
        return abs(points_of(score) - chance.claimed)

    return call_muggins
