"""The expert at tables of three and four: an exact throw and a play searched for every seat.

- The throw: :func:`games.strategy.one_card_throw.analyze_throw`, the kept hand's exact average
  over every starter the seat has not seen, plus or minus the crib's exact average over every
  draw of the crib's other cards (the other seats' throws, at three the card from the deck) and
  the starter. The crib counts fully for the seat's own side (its deal, or its partner's: the
  partner's throw goes to the same crib). Against it, a crib point counts fully in partnerships
  (the other side is one side) and at three by the chance to win (below; half without it,
  :data:`THREE_PLAYER_CRIB_AGAINST`). To that the kept cards' average play points are added
  (:mod:`games.strategy.keep_pegging_many`, every seat's weighed as the search weighs them, at
  :data:`KEPT_PLAY_AT_THREE`, :data:`KEPT_PLAY_IN_PARTNERSHIPS`).
- The play: :func:`games.strategy.pegging_search.play_values` with every seat's hand size, so
  each seat's reply in turn is searched to the end of the play, averaged over hands dealt to
  the others from the cards this seat has not seen (sampled, seeded by the position, as the
  search does beyond two players); in partnerships each seat plays for its side (seats 0 and 2
  against 1 and 3); at three each seat weighs every seat's point by its chance to win (below;
  without it an opponent's point half its own, :data:`THREE_PLAYER_PLAY_AGAINST`). While more
  than :data:`FULL_SEARCH_CARDS` cards are out
  the search stops at the end of the current count (in partnerships hard's one-reply play used
  to decide there; the count's search pegged +0.10 +/- 0.17 points a hand more for the side
  over 900 duplicated hands, docs/performance.md). The points each seat still needs are in the
  search, so a card that reaches the target is worth the game.

At three, points are weighed by the chance to win (:data:`RACE_THREE`,
:mod:`games.strategy.win_probability_three`): the opponent's crib and every seat's point in the
search count what they move the seat's chance, and pegging out counts the game. The table is
made from the standard deal; the deal where the dealer takes six uses it as it is. Near the
end at three the play is searched for each seat's chance to win instead
(:data:`PLAY_TO_WIN_AT_THREE`, :mod:`games.strategy.play_to_win_three`), as the two-player
expert does.

The search deals no seat a card its passes in the play rule out (:data:`READ_PASSES`) and
weighs down hands that would have scored more than a card their holder laid
(:data:`READ_DECLINED`). Not (yet) here, unlike the two-player expert: an opponent model
weighing the others' hands by their throws in partnerships (on at three:
:data:`WEIGH_KEPT_AT_THREE`), a table of openings, and a side's race table in partnerships
(see docs/engine.md).
"""

from __future__ import annotations

from games.bots.base import RandomSource, SeatView
from games.engine.cards import DECK, Card
from games.engine.play import passed_rooms
from games.engine.seating import seats_from_left_of, side_of
from games.strategy.keep_pegging_many import kept_play_points
from games.strategy.one_card_throw import analyze_throw
from games.strategy.opponent_reading import Plays, plays_by_seat
from games.strategy.pegging_search import (
    GAME_POINT,
    Valuation3,
    searched_deals,
    values_over_deals,
)
from games.strategy.play_to_win_three import REACH as WIN_REACH
from games.strategy.play_to_win_three import chance_values
from games.strategy.win_probability_three import HEELS, PLAY, TARGET, point_weights

PARTNERSHIP_PLAYERS = 4

FULL_SEARCH_CARDS = 9
"""With at most this many cards left in every hand together the play is searched to its end
(a 16-card search to the end takes seconds). With more, the search stops at the end of the
current count (a go or 31). In partnerships hard's one-reply play decided there for a while
(the count's search had pegged 0.38 +/- 0.30 points a hand less than hard over 41 duplicate
pairs); over 900 duplicated hands against that, the count's search pegs +0.10 +/- 0.17 more
for the side (benchmarks/many_seat_hands.py, docs/performance.md), so it searches again."""

FULL_SEARCH_SAMPLES = 40
COUNT_SEARCH_SAMPLES = 24
"""How many hands are dealt to the others for a full search and for a count's search in
partnerships (benchmarks/many_seat_strength.py prints the decision times these give)."""

THREE_PLAYER_SAMPLES_TIMES = 2
"""At three, that many times as many hands: head to head against the expert with the numbers
above, twice as many pegged +0.071 +/- 0.046 points a hand over 1,200 duplicated groups (three
times: +0.063 +/- 0.066 over 600), where in partnerships twice pegged +0.02 +/- 0.12
(docs/performance.md). It doubles the search's CPU at three."""

THREE_PLAYER_CRIB_AGAINST = -0.5
"""At three, the crib scores for one of two opponents. A point to one opponent costs a seat
about half what its own point gains (the three chances to win sum to one, and a point moves
the scorer's chance up by as much as it moves the other two down together), so an opponent's
crib point counts half against the throw."""


THREE_PLAYER_PLAY_AGAINST = 0.5
"""At three, what an opponent's pegged point costs in the play's search, by the same reasoning
as :data:`THREE_PLAYER_CRIB_AGAINST` (1.0 would trade a point of its own for one of either
opponent's; measured no different from 1.0, docs/performance.md, and kept so the throw and the
play weigh the opponents alike)."""


WEIGH_KEPT_AT_THREE = 1
WEIGH_KEPT_IN_PARTNERSHIPS = 0
"""Whether the search weighs each hand the others may hold by how likely they were to keep it
(the one-throw keep likelihood, :mod:`games.strategy.keep_likelihood`), at three and in
partnerships. Head to head against the expert without it, at three +0.02 +/- 0.08 points a hand
over 600 duplicated groups, +0.02 +/- 0.07 over 900 more, and with the kept cards' play value
(:data:`KEPT_PLAY_AT_THREE`) +0.05 +/- 0.08 over those 900 where each alone gave +0.02: on at
three. In partnerships +0.02 +/- 0.21 over 600 groups, and with the kept cards' play value
-0.10 +/- 0.12 over 2,500: off (docs/performance.md)."""


READ_PASSES = 1
"""Whether the search deals no seat a card its passes in the play rule out
(:func:`games.engine.play.passed_rooms`): head to head against the expert without it, +0.02
+/- 0.015 points a hand at three over 1,800 duplicated groups and +0.04 +/- 0.05 for a side
over 1,800 in partnerships (docs/performance.md)."""


RACE_THREE = 1
"""Whether at three the expert weighs points by the chance to win
(:mod:`games.strategy.win_probability_three`) instead of by the fixed halves above: in the
throw, an opponent's crib point costs what the dealer's point costs in chances; in the play,
each seat's point, and each seat's reaching 121, counts for each seat what it moves that seat's
chance (a point for the leader weighs more than one for the last; near the end, whoever can
still get home decides). 0: the fixed halves (for ``many_seat_hands.py --first-set``)."""


def three_valuation(seen: SeatView) -> Valuation3:
    """How each seat at three values the play's lines at these scores, by its chance to win
    (rows of :data:`games.strategy.pegging_search.Valuation3`)."""
    assert seen.dealer is not None, "the play has a dealer"
    rows = []
    for seat in range(len(seen.seats)):
        points, home = point_weights(seen.scores, dealer=seen.dealer, seat=seat, stage=PLAY)
        rows.append((*points, *(home[other] - points[other] * GAME_POINT for other in range(3))))
    return (rows[0], rows[1], rows[2])


READ_DECLINED = 1
"""Whether the search weighs each hand the others may hold by the points their plays left
on the table (:func:`games.strategy.pegging_search.declined_prior`): a player who laid a
card scoring less than another card would have, seldom held that card."""


def declined_by_seat(seen: SeatView) -> list[Plays]:
    """By seat: its plays this hand, each the ranks of the count it was laid on and its rank."""
    return plays_by_seat(seen.played, len(seen.seats))


def kept_by_seat(seen: SeatView) -> list[tuple[str, tuple[Card, ...]]] | None:
    """Each seat's role in the keep-likelihood table (its side's crib or not) and the cards it
    has played this hand: what its throw and its plays say about what it holds."""
    if seen.dealer is None:
        return None
    players = len(seen.seats)
    crib_side = side_of(seen.dealer, players=players)
    against = "partners_against" if players == PARTNERSHIP_PLAYERS else "three_against"
    return [
        (
            "crib" if side_of(other, players=players) == crib_side else against,
            tuple(card for who, card in seen.played if who == other),
        )
        for other in seen.seats
    ]


def crib_weight(seen: SeatView) -> float:
    """What one point of this hand's crib is worth to ``seen``'s side."""
    if seen.crib_is_ours:
        return 1.0
    if len(seen.seats) == PARTNERSHIP_PLAYERS:
        return -1.0
    if RACE_THREE and seen.dealer is not None:
        points, _ = point_weights(seen.scores, dealer=seen.dealer, seat=seen.seat, stage=HEELS)
        return points[seen.dealer]
    return THREE_PLAYER_CRIB_AGAINST


KEPT_PLAY_AT_THREE = 0.5
KEPT_PLAY_IN_PARTNERSHIPS = 0.5
"""How much the kept cards' average play points (:mod:`games.strategy.keep_pegging_many`, each
seat's weighed as the play's search weighs it) count in the throw next to the exact hand and
crib, at three and in partnerships. The table was made by rules-of-thumb play against random
hands, which overstates how differently kept cards peg under the search (the two-player expert
counts its own table at a quarter, :data:`games.bots.expert.PEGGING_WEIGHT`). At three, head to
head against the expert without it over 900 duplicated groups: at a half +0.02 +/- 0.05 points
a hand (the play +0.01, the hand and crib nothing), at full weight -0.00 +/- 0.07 (the hand and
crib gave up what the play gained); with the throws read (:data:`WEIGH_KEPT_AT_THREE`) +0.05
+/- 0.08. In partnerships, for the side over 2,500 duplicated groups: at a half +0.12 +/- 0.08
(the play +0.14 +/- 0.06), at full weight +0.04 +/- 0.10 (the hand gave up 0.09)
(docs/performance.md)."""


def kept_play_weight(players: int) -> float:
    """The weight of the kept cards' play value in the throw at this table."""
    return KEPT_PLAY_IN_PARTNERSHIPS if players == PARTNERSHIP_PLAYERS else KEPT_PLAY_AT_THREE


def seat_weights(seen: SeatView) -> dict[int, float]:
    """What each seat's pegged point is worth to ``seen``'s seat: by :func:`fixed_weights`,
    except at three with :data:`RACE_THREE`, by the chance to win at these scores."""
    if RACE_THREE and len(seen.seats) == 3 and seen.dealer is not None:
        points, _ = point_weights(seen.scores, dealer=seen.dealer, seat=seen.seat, stage=PLAY)
        return dict(zip(seen.seats, points, strict=True))
    weights = fixed_weights(len(seen.seats), seen.seat)
    return {seat: weights[seat] for seat in seen.seats}


def fixed_weights(players: int, seat: int) -> tuple[float, ...]:
    """By seat, what its pegged point is worth to ``seat`` whatever the scores: its side's
    fully and the other side's against in partnerships; at three an opponent's half against
    (:data:`THREE_PLAYER_PLAY_AGAINST`)."""
    mine = side_of(seat, players=players)
    against = -1.0 if players == PARTNERSHIP_PLAYERS else -THREE_PLAYER_PLAY_AGAINST
    return tuple(
        1.0 if side_of(other, players=players) == mine else against for other in range(players)
    )


def kept_play_worth(keep: tuple[Card, ...], *, role: int, weights: tuple[float, ...]) -> float:
    """The kept cards' average play points for every seat (:mod:`games.strategy.keep_pegging_many`)
    when kept by the seat ``role`` places from the dealer's left, weighed by ``weights`` (by
    seat in the same order)."""
    points = kept_play_points(keep, players=len(weights), role=role)
    return sum(weight * value for weight, value in zip(weights, points, strict=True))


def kept_play_value(keep: tuple[Card, ...], seen: SeatView) -> float:
    """The kept cards' weighed play value to ``seen``'s seat (:func:`seat_weights`)."""
    assert seen.dealer is not None, "a throw has a dealer"
    order = seats_from_left_of(seen.seats, seen.dealer)
    by_seat = seat_weights(seen)
    weights = tuple(by_seat[seat] for seat in order)
    return kept_play_worth(keep, role=order.index(seen.seat), weights=weights)


def expert_many_throw(seen: SeatView, rng: RandomSource) -> tuple[Card, ...]:
    """The throw with the best exact hand plus weighted crib, plus the kept cards' weighted play
    value (see the module)."""
    del rng  # exact: no sampling
    results = analyze_throw(seen.held, crib_weight=crib_weight(seen))
    weight = kept_play_weight(len(seen.seats))
    if not weight:
        return results[0].discard
    return max(results, key=lambda r: r.total + weight * kept_play_value(r.keep, seen)).discard


PLAY_TO_WIN_AT_THREE = 1
"""Whether at three, once some seat needs at most
:data:`games.strategy.play_to_win_three.REACH` and the play is searched to its end, each card
is valued by the seat's chance to win (:mod:`games.strategy.play_to_win_three`), the points
breaking ties. Against two hard from scores 90..118 (`many_seat_hands.py --endgame 90 118`),
paired with it off on the same deals: +0.006 +/- 0.006 of the games over 800 groups; head to
head against the expert +0.005 +/- 0.009 over 400 (docs/performance.md)."""


def expert_many_play(seen: SeatView, rng: RandomSource) -> Card:
    """The card with the best searched value to the end of the play (or of the count, while
    more than :data:`FULL_SEARCH_CARDS` cards are out), for the seat's side; at three near the
    end, the card with the best chance to win (:data:`PLAY_TO_WIN_AT_THREE`)."""
    del rng  # the search seeds its own sampling by the position
    if len(seen.playable) == 1:
        return seen.playable[0]
    seen_cards = seen.seen_cards()
    held_counts = list(seen.held_counts)
    held_counts[seen.seat] = len(seen.held)
    full = sum(held_counts) <= FULL_SEARCH_CARDS
    partnerships = len(seen.seats) == PARTNERSHIP_PLAYERS
    needs = [seen.game_target - seen.scores[seat] for seat in seen.seats]
    unseen = [card for card in DECK if card not in seen_cards]
    series = tuple(card for _, card in seen.series)
    samples = (FULL_SEARCH_SAMPLES if full else COUNT_SEARCH_SAMPLES) * (
        1 if partnerships else THREE_PLAYER_SAMPLES_TIMES
    )
    kept = (
        kept_by_seat(seen)
        if (WEIGH_KEPT_IN_PARTNERSHIPS if partnerships else WEIGH_KEPT_AT_THREE)
        else None
    )
    passed = (
        passed_rooms(seen.played, seen.seats, count=seen.count, turn=seen.seat)
        if READ_PASSES
        else None
    )
    declined = declined_by_seat(seen) if READ_DECLINED else None
    deals = searched_deals(
        seat=seen.seat,
        hand=seen.held,
        unseen=unseen,
        held_counts=held_counts,
        series=series,
        count=seen.count,
        one_series=not full,
        samples=samples,
        kept_by_seat=kept,
        passed=passed,
        declined_by_seat=declined,
    )
    values = values_over_deals(
        deals,
        seat=seen.seat,
        hand=seen.held,
        series=series,
        count=seen.count,
        needs=needs,
        one_series=not full,
        partnerships=partnerships,
        against=1.0
        if partnerships
        else three_valuation(seen)
        if RACE_THREE
        else THREE_PLAYER_PLAY_AGAINST,
    )
    if not (full and plays_to_win_at_three(seen, needs)):
        return max(seen.playable, key=lambda card: (values[card], -card.value, -card.rank, card))
    assert seen.starter is not None and seen.dealer is not None, "checked by plays_to_win_at_three"
    chances = chance_values(
        seat=seen.seat,
        hand=seen.held,
        kept=(*seen.held, *(card for who, card in seen.played if who == seen.seat)),
        played_by_seat=[
            tuple(card for who, card in seen.played if who == other) for other in seen.seats
        ],
        deals=deals,
        series=series,
        count=seen.count,
        needs=(needs[0], needs[1], needs[2]),
        dealer=seen.dealer,
        starter=seen.starter,
    )
    return max(
        seen.playable,
        key=lambda card: (chances[card], values[card], -card.value, -card.rank, card),
    )


def plays_to_win_at_three(seen: SeatView, needs: list[int]) -> bool:
    """Whether :data:`PLAY_TO_WIN_AT_THREE` applies: three seats racing to the win table's 121,
    the starter cut, some seat within :data:`games.strategy.play_to_win_three.REACH`."""
    return bool(
        PLAY_TO_WIN_AT_THREE
        and len(seen.seats) == 3
        and seen.game_target == TARGET
        and seen.starter is not None
        and seen.dealer is not None
        and min(needs) <= WIN_REACH
    )
