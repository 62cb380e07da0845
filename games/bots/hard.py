"""The hard computer opponent: exact expected-value discards and pegging that looks at replies.

It throws the two cards whose kept hand plus (as dealer) or minus (as pone) the crib is worth
the most on average over every starter and every throw the opponent could make
(:func:`games.strategy.analysis.analyze_discard`), and plays with
:func:`games.bots.pegging.hard_play`. It counts every point it makes and calls Muggins on
every wrong claim.

Near the end of a game the average is the wrong thing to maximise. The pone counts its hand
first, so when the points it still needs are within reach of a hand, it keeps the cards most
likely to reach them over the starters it has not seen (the average only breaks ties): a sure
8 beats a likely 12 when 8 wins the game.

The dealer counts last. When both players are within reach of the end (the dealer needs at
most 16, the pone at most 16), the average misleads it twice: the pone may count out before the
dealer's hand and crib are ever counted, and a point pegged in the play wins as surely as a
point in the crib. So it plays the race out instead (:mod:`games.bots.endgame`): for each
discard, many deals of the cards it cannot see, the play, the pone's count, its own, in order,
and keeps the discard that wins the most of them (the average breaks ties). That is where
keeping cards that peg beats keeping points. In the play itself
:func:`games.bots.pegging.hard_play` counts a card that reaches the target above any other, and
a reply that lets the opponent reach it below any other.
"""

from __future__ import annotations

from games.bots.base import RandomSource, SeatView, StrategyBot
from games.bots.claims import claim_for, muggins_for
from games.bots.endgame import race_chances, sample_deals
from games.bots.pegging import hard_play
from games.engine.cards import DECK, Card
from games.engine.scoring import show_total
from games.strategy.analysis import DiscardAnalysis, analyze_discard

COUNT_OUT_REACH = 16
"""A pone needing at most this many points plays its discard to count out (most hands are
under 16 points, so further from home the average is what matters)."""


RACE_REACH = 16
"""A dealer needing at most this many, against a pone within :data:`COUNT_OUT_REACH`, races."""

RACE_DEALS = 300
"""Deals a race is played out over, the same for every discard (about 0.25 s of thinking; with
120 the choice was noisier, and won fewer of the measured games: docs/performance.md)."""


def hard_discard(seen: SeatView, rng: RandomSource) -> tuple[Card, Card]:
    """The throw with the best exact expected value, or the best chance to win near the end."""
    results = analyze_discard(seen.held, is_dealer=seen.is_dealer)
    best = results[0]
    need = seen.game_target - seen.scores[seen.seat]
    their_need = seen.game_target - seen.scores[seen.opponent]
    if not seen.is_dealer and need <= COUNT_OUT_REACH:
        best = most_likely_to_reach(results, seen.held, need)
    elif seen.is_dealer and need <= RACE_REACH and their_need <= COUNT_OUT_REACH:
        best = most_likely_to_win_the_race(results, seen, need, their_need, rng)
    first, second = best.discard
    return first, second


def most_likely_to_win_the_race(
    results: list[DiscardAnalysis],
    seen: SeatView,
    need: int,
    their_need: int,
    rng: RandomSource,
) -> DiscardAnalysis:
    """The discard that wins the most deals of the unseen cards played out to the end of the
    hand (``results`` is best first, so equal chances go by the average)."""
    seen_cards = seen.seen_cards()
    unseen = [card for card in DECK if card not in seen_cards]
    deals = sample_deals(unseen, len(results[0].keep), RACE_DEALS, rng)
    chances = race_chances(
        results,
        is_dealer=seen.is_dealer,
        need=need,
        their_need=their_need,
        deals=deals,
        one_series=seen.variant == "five",
    )
    best = max(range(len(results)), key=chances.__getitem__)
    return results[best]


def most_likely_to_reach(
    results: list[DiscardAnalysis], held: tuple[Card, ...], need: int
) -> DiscardAnalysis:
    """The discard whose kept hand scores at least ``need`` over the most unseen starters.

    ``results`` is best first, so among equally likely keeps the best average wins.
    """
    starters = [card for card in DECK if card not in held]

    def reaching(result: DiscardAnalysis) -> int:
        return sum(1 for starter in starters if show_total(result.keep, starter) >= need)

    best, best_count = results[0], reaching(results[0])
    for result in results[1:]:
        count = reaching(result)
        if count > best_count:
            best, best_count = result, count
    return best


def hard_bot() -> StrategyBot:
    return StrategyBot(
        level="hard",
        discard=hard_discard,
        play=hard_play,
        claim=claim_for("hard"),
        call_muggins=muggins_for("hard"),
    )
