"""The expert computer opponent: searched pegging, discards that count the play, win chances.

- Discards: the exact hand and crib values of :func:`games.strategy.analysis.analyze_discard`
  plus what the kept cards are worth in the play (:func:`games.strategy.keep_pegging.keep_pegging`,
  a table made offline), so a hand that pegs well is kept over one that scores a fraction more
  in the show. When the game is near its end (a player within :data:`ENDGAME_REACH` of the
  target), the discards within :data:`ENDGAME_MARGIN` points of the best are compared by their
  chance to win instead (:func:`endgame_chance`): every starter the seat has not seen, its hand's
  exact count, the expected crib and play, turned into a chance to win by the table of
  :mod:`games.strategy.win_probability`. In the last few points it plays hard's count-out and race
  (:mod:`games.bots.hard`), which play those hands out.
- The play: :func:`games.strategy.pegging_search.play_values`, an exact search of the rest of the
  play averaged over every hand the opponent may hold, each weighed by how likely the opponent
  was to keep it with the cards it has played (:mod:`games.strategy.keep_likelihood`) and by
  what its plays showed (:mod:`games.strategy.opponent_reading`: no card its goes rule out,
  seldom one that would have scored more than a card it laid, and its first card read by the
  opening table), as the review's grades read it; with the game's target in it (a card
  that reaches the target is worth the game; one that lets the opponent reach it, its loss).
  Away from the end of a game (both players more than
  :data:`~games.strategy.pegging_search.NEED_CAP` from the target) the first two cards of a hand,
  the pone's lead and the dealer's reply, are read from the table the same search made offline
  with more dealt hands (:mod:`games.strategy.opening_play`). When either player is within
  :data:`WIN_REACH` of the target, each card's chance to win the game decides instead
  (:mod:`games.strategy.play_to_win`: the same search, each line scored by who wins once the
  hands are counted in order, the opponent's hands read as above), the points breaking ties.
- Claims and Muggins: like hard, every point and every wrong claim.
- At tables of three or four it throws and plays by :mod:`games.bots.expert_many_seats`: an
  exact one-card throw and the pegging search with every seat's reply (no opponent model,
  opening table or race yet: those are two-handed).

The view holds the seat's own throw (``thrown``), so although a bot is stateless the play
counts its thrown cards as seen (:meth:`SeatView.seen_cards`) and never deals them to the
opponent in the search, as :func:`games.strategy.pegging_search.play_values_from_state` does from
the whole state (see docs/engine.md).
"""

from __future__ import annotations

from games.bots.base import RandomSource, SeatView, StrategyBot
from games.bots.claims import claim_for, muggins_for
from games.bots.expert_many_seats import expert_many_play
from games.bots.hard import (
    COUNT_OUT_REACH,
    RACE_REACH,
    most_likely_to_reach,
    most_likely_to_win_the_race,
)
from games.engine.cards import DECK, Card
from games.engine.scoring import show_total
from games.strategy.analysis import DiscardAnalysis, analyze_discard
from games.strategy.keep_pegging import keep_pegging
from games.strategy.opening_play import opening_position_values
from games.strategy.opponent_reading import Reading, read_at_two
from games.strategy.pegging_search import NEED_CAP, play_values
from games.strategy.play_to_win import REACH as WIN_REACH
from games.strategy.play_to_win import chance_values
from games.strategy.win_probability import win_probability

PEGGING_WEIGHT = 0.25
"""How much the kept cards' expected net play points count next to the hand and crib. At 1.0
the expert gave up 2.4 points of hand and crib per duplicate pair against hard for 0.4 in the
play (363 pairs, docs/performance.md): the table, made by rules-of-thumb play against random
hands, overstates how differently kept cards peg under the searched play."""

ENDGAME_REACH = 40
"""A player this close to the target makes the chance to win the discards' currency."""

ENDGAME_MARGIN = 0.5
"""Only discards this close to the best in points are weighed by the chance to win."""

OPPONENT_SHOW = {"six": 8.0, "five": 6.5}
"""The opponent's average show (hand, plus crib as dealer less ours) used in the endgame."""

MEAN_PEGGING = {("six", True): 4.5, ("six", False): 3.3, ("five", True): 2.6, ("five", False): 2.0}
"""Average play points by variant and role (dealer True), from the self-play of the tables."""


def expert_discard(seen: SeatView, rng: RandomSource) -> tuple[Card, Card]:
    """The throw with the best hand, crib and play value, or the best chance near the end."""
    results = analyze_discard(seen.held, is_dealer=seen.is_dealer)
    need = seen.game_target - seen.scores[seen.seat]
    their_need = seen.game_target - seen.scores[seen.opponent]
    if not seen.is_dealer and need <= COUNT_OUT_REACH:
        best = most_likely_to_reach(results, seen.held, need)
    elif seen.is_dealer and need <= RACE_REACH and their_need <= COUNT_OUT_REACH:
        best = most_likely_to_win_the_race(results, seen, need, their_need, rng)
    else:
        ranked = sorted(results, key=lambda result: -with_pegging(result))
        best = ranked[0]
        if min(need, their_need) <= ENDGAME_REACH:
            top = with_pegging(best)
            close = [result for result in ranked if with_pegging(result) >= top - ENDGAME_MARGIN]
            best = max(close, key=lambda result: endgame_chance(result, seen))
    first, second = best.discard
    return first, second


def with_pegging(result: DiscardAnalysis) -> float:
    """Hand plus or minus crib plus the kept cards' expected net play points."""
    return result.total + PEGGING_WEIGHT * keep_pegging(result.keep, is_dealer=result.is_dealer)


def endgame_chance(result: DiscardAnalysis, seen: SeatView) -> float:
    """The chance to win after this hand if ``result`` is kept, over every unseen starter.

    Own points: the play's average for the role, the hand's exact count with that starter, the
    expected crib as dealer; the opponent's: its averages. The pone counts first, so a pone
    whose points reach the target wins there; otherwise the scores after the hand are looked
    up in the win-probability table with the deal passing to the other player.
    """
    variant = seen.variant
    own_start = seen.scores[seen.seat]
    their_start = seen.scores[seen.opponent]
    dealer = seen.is_dealer
    target = seen.game_target
    own_play = MEAN_PEGGING[(variant, dealer)]
    their_play = MEAN_PEGGING[(variant, not dealer)]
    their_show = OPPONENT_SHOW[variant] + (0.0 if dealer else result.crib)
    starters = [card for card in DECK if card not in seen.held]
    total = 0.0
    for starter in starters:
        own = own_start + own_play + show_total(result.keep, starter)
        if dealer:
            own += result.crib
        theirs = their_start + their_play + their_show
        if not dealer and own >= target:
            total += 1.0
            continue
        if dealer and theirs >= target:
            continue
        if own >= target:
            total += 1.0
            continue
        if theirs >= target:
            continue
        total += win_probability(round(own), round(theirs), is_dealer=not dealer, variant=variant)
    return total / len(starters)


def expert_play(seen: SeatView, rng: RandomSource) -> Card:
    """The card with the best searched value to the end of the play (see the module)."""
    if len(seen.playable) == 1:
        return seen.playable[0]
    if len(seen.seats) != 2:
        return expert_many_play(seen, rng)
    needs = [0, 0]
    needs[seen.seat] = seen.game_target - seen.scores[seen.seat]
    needs[seen.opponent] = seen.game_target - seen.scores[seen.opponent]
    candidates = list(seen.playable)
    if min(needs) <= WIN_REACH and seen.starter is not None:
        chances = chances_to_win(seen, needs)
        best = max(round(chance, 9) for chance in chances.values())
        candidates = [card for card in candidates if round(chances[card], 9) == best]
        if len({card.rank for card in candidates}) == 1:
            return min(candidates)
    values = None
    if min(needs) > NEED_CAP:
        values = opening_position_values(
            seen.kept,
            [card for _, card in seen.played],
            is_dealer=seen.is_dealer,
            variant=seen.variant,
        )
    if values is None:
        values = searched_play_values(seen, needs)
    return max(candidates, key=lambda card: (values[card.rank], -card.value, -card.rank, card))


def chances_to_win(seen: SeatView, needs: list[int]) -> dict[Card, float]:
    """Near the end: each card's chance to win the game (:mod:`games.strategy.play_to_win`)."""
    assert seen.starter is not None, "the chance to win is worked out in the play, after the cut"
    seen_cards = seen.seen_cards()
    reading = reading_of(seen)
    return chance_values(
        hand=seen.held,
        kept=seen.kept,
        opponent_played=seen.opponent_played,
        unseen=[card for card in DECK if card not in seen_cards],
        opponent_held=seen.opponent_held,
        series=tuple(card for _, card in seen.series),
        count=seen.count,
        needs=(needs[seen.seat], needs[seen.opponent]),
        is_pone=not seen.is_dealer,
        starter=seen.starter,
        variant=seen.variant,
        passed={1: reading.passed.get(seen.opponent, 0)},
        declined=reading.declined,
        read_prior=reading.first_card,
    )


def searched_play_values(seen: SeatView, needs: list[int]) -> dict[int, float]:
    """:func:`games.strategy.pegging_search.play_values` for this seat, by rank, the opponent's
    possible hands weighed by how likely it was to keep them and by what its plays showed."""
    seen_cards = seen.seen_cards()
    held_counts = [0, 0]
    held_counts[seen.seat] = len(seen.held)
    held_counts[seen.opponent] = seen.opponent_held
    reading = reading_of(seen)
    values = play_values(
        seat=seen.seat,
        hand=seen.held,
        unseen=[card for card in DECK if card not in seen_cards],
        held_counts=held_counts,
        series=tuple(card for _, card in seen.series),
        count=seen.count,
        needs=needs,
        one_series=seen.variant == "five",
        opponent_kept=("pone" if seen.is_dealer else "dealer", seen.opponent_played),
        passed=reading.passed,
        declined_by_seat=[reading.declined if seat == seen.opponent else [] for seat in seen.seats],
        read_prior=reading.first_card,
    )
    return {card.rank: value for card, value in values.items()}


def reading_of(seen: SeatView) -> Reading:
    """What the opponent's plays this hand showed (:mod:`games.strategy.opponent_reading`)."""
    return read_at_two(
        seen.played,
        seat=seen.seat,
        is_dealer=seen.is_dealer,
        count=seen.count,
        variant=seen.variant,
    )


def expert_bot() -> StrategyBot:
    return StrategyBot(
        level="expert",
        discard=expert_discard,
        play=expert_play,
        claim=claim_for("hard"),
        call_muggins=muggins_for("hard"),
    )
