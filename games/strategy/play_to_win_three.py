"""The play near the end of a three-player game, searched for each seat's chance to win.

At three, as at two (:mod:`games.strategy.play_to_win`), points stop being the currency near
the end: who gets home first wins, and after the play the hands are counted in order (the
dealer's left, the next seat, the dealer's hand and crib). The points search weighs each
seat's point by the slope of its chance (:func:`games.strategy.win_probability_three.point_weights`)
from the scores before the play, which knows neither the hands the others hold nor who will
be home in the count. So when some seat needs at most :data:`REACH` and the play is searched
to its end, the expert searches it here instead: the same deals of the others' hands
(:func:`games.strategy.pegging_search.searched_deals`), every seat playing for its own chance
under full information, each line scored by who wins:

- a seat that reaches 121 in the play (go and the last card included) wins there;
- otherwise the hands are counted in order, each seat's hand its exact fifteens, pairs and
  runs with the starter (the searching seat's own count in full), the dealer's crib as its
  average (:data:`CRIB_MEAN`); the first count to reach 121 wins;
- a hand that settles nothing is valued by the three-player win table from the scores after it,
  the deal passing to the dealer's left
  (:func:`games.strategy.win_probability_three.three_player_chances`).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.cards import Card
from games.engine.scoring import rank_points, show_total
from games.engine.seating import next_seat, seats_from_left_of
from games.strategy.pegging_search import GO_POINT, MAX_COUNT, PIPS, Hands, play_points
from games.strategy.win_probability_three import HEELS, TARGET, three_player_chances

REACH = 31
"""Search for the chances when some seat needs at most this many points."""

CRIB_MEAN = 4
"""The three-player crib, as its average in whole points (the win table is by whole scores)."""

SEATS = (0, 1, 2)

Chances = tuple[float, float, float]
Needs3 = tuple[int, int, int]
Ending3 = tuple[tuple[int, int, int], int]
"""How the end of the play is scored: each seat's show (the dealer's with the crib), the
dealer."""

_AFTER = ((1, 2, 0), (2, 0, 1), (0, 1, 2))
"""By the seat that laid a card: the seats that may lay the next one, in turn, itself last."""

_MEMO: dict[tuple[object, ...], Chances] = {}
_MEMO_LIMIT = 200_000


def _won(seat: int) -> Chances:
    if seat == 0:
        return (1.0, 0.0, 0.0)
    if seat == 1:
        return (0.0, 1.0, 0.0)
    return (0.0, 0.0, 1.0)


def settle(needs: Needs3, ending: Ending3) -> Chances:
    """Each seat's chance once the play is over and nobody has won: the counts in order, then
    the win table from the scores after them."""
    shows, dealer = ending
    for seat in seats_from_left_of(SEATS, dealer):
        if shows[seat] >= needs[seat]:
            return _won(seat)
    scores = [TARGET - needs[seat] + shows[seat] for seat in SEATS]
    return three_player_chances(scores, dealer=next_seat(SEATS, dealer), stage=HEELS)


def search(
    hands: Hands, series: tuple[int, ...], count: int, mover: int, needs: Needs3, ending: Ending3
) -> Chances:
    """Each seat's chance with best play from here, every seat playing for its own, all cards
    known; ``hands[mover]`` must hold a card that fits."""
    key = (hands, series, count, mover, needs, ending)
    found = _MEMO.get(key)
    if found is not None:
        return found
    best: Chances | None = None
    previous = 0
    for index, rank in enumerate(hands[mover]):
        if rank == previous:
            continue
        previous = rank
        if PIPS[rank] + count > MAX_COUNT:
            break
        outcome = after_play(hands, series, count, mover, index, needs, ending)
        if best is None or outcome[mover] > best[mover]:
            best = outcome
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
    needs: Needs3,
    ending: Ending3,
) -> Chances:
    """:func:`search` once ``mover`` has laid ``hands[mover][index]``."""
    hand = hands[mover]
    rank = hand[index]
    left = list(hands)
    left[mover] = hand[:index] + hand[index + 1 :]
    hands = tuple(left)
    series = (*series, rank)
    count += PIPS[rank]
    need = needs[mover] - play_points(series, count)
    if need <= 0:
        return _won(mover)
    if count < MAX_COUNT:
        for seat in _AFTER[mover]:
            cards = hands[seat]
            if cards and PIPS[cards[0]] + count <= MAX_COUNT:
                return search(hands, series, count, seat, _with(needs, mover, need), ending)
        need -= GO_POINT
        if need <= 0:
            return _won(mover)
    needs = _with(needs, mover, need)
    if not any(hands):
        return settle(needs, ending)
    leader = (mover + 1) % 3
    while not hands[leader]:
        leader = (leader + 1) % 3
    return search(hands, (), 0, leader, needs, ending)


def _with(needs: Needs3, seat: int, need: int) -> Needs3:
    if seat == 0:
        return (need, needs[1], needs[2])
    if seat == 1:
        return (needs[0], need, needs[2])
    return (needs[0], needs[1], need)


def chance_values(
    *,
    seat: int,
    hand: Sequence[Card],
    kept: Sequence[Card],
    played_by_seat: Sequence[Sequence[Card]],
    deals: Sequence[tuple[Hands, float]],
    series: Sequence[Card],
    count: int,
    needs: Needs3,
    dealer: int,
    starter: Card,
) -> dict[Card, float]:
    """Each card ``seat`` may play now and its chance to win the game, averaged over ``deals``
    (the others' remaining hands by rank with their weights, as
    :func:`games.strategy.pegging_search.searched_deals` gives them).

    ``hand``: what the seat holds; ``kept``: its whole kept hand (held and played);
    ``played_by_seat``: each seat's cards played this hand; ``needs``: each seat's points to
    121. Returns {} when no card fits.
    """
    playable = [card for card in hand if card.value + count <= MAX_COUNT]
    if not playable:
        return {}
    own_show = show_total(kept, starter)
    series_ranks = tuple(card.rank for card in series)
    played_ranks = [tuple(card.rank for card in cards) for cards in played_by_seat]
    totals: dict[int, float] = {}
    for hands, weight in deals:
        shows = [
            own_show
            if other == seat
            else rank_points(tuple(sorted((*hands[other], *played_ranks[other], starter.rank))))
            for other in range(3)
        ]
        shows[dealer] += CRIB_MEAN
        ending: Ending3 = ((shows[0], shows[1], shows[2]), dealer)
        own = hands[seat]
        previous = 0
        for index, rank in enumerate(own):
            if rank == previous or PIPS[rank] + count > MAX_COUNT:
                continue
            previous = rank
            value = after_play(hands, series_ranks, count, seat, index, needs, ending)[seat]
            totals[rank] = totals.get(rank, 0.0) + weight * value
    return {card: min(1.0, max(0.0, totals[card.rank])) for card in playable}
