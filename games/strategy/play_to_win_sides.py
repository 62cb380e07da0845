"""The play near the end of a partnership game, searched for each side's chance to win.

In partnerships, as at two and three, points stop being the currency near the end: the side
that gets home first wins, and after the play the hands are counted in turn from the dealer's
left, which alternates the sides (the dealer's side counts second and last, with the crib).
The points search (:func:`games.strategy.pegging_search.net_sides`) knows that a card reaching
121 is worth the game, but not who would get home in the counts. So when some side needs at
most :data:`REACH` and the play is searched to its end, the expert searches it here instead:
the same deals of the others' hands (:func:`games.strategy.pegging_search.searched_deals`),
every seat playing for its side's chance under full information, each line scored by who wins:

- a side that reaches 121 in the play (go and the last card included) wins there;
- otherwise the hands are counted in turn, each its exact fifteens, pairs and runs with the
  starter (the searching seat's own counted in full), the dealer's crib as its average
  (:data:`CRIB_MEAN`), adding to its side's score; the first count to reach 121 wins;
- a hand that settles nothing is valued by the partnership win table from the scores after it,
  the deal passing to the other side (:func:`games.strategy.win_probability_sides.side_chances`).

Two sides make a zero-sum game, so one number serves: side 0's chance (seats 0 and 2).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.cards import Card
from games.engine.scoring import rank_points, show_total
from games.engine.seating import seats_from_left_of
from games.strategy.pegging_search import GO_POINT, MAX_COUNT, PIPS, Hands, play_points
from games.strategy.win_probability_sides import HEELS, TARGET, side_chances

REACH = 31
"""Search for the chances when some side needs at most this many points."""

CRIB_MEAN = 4
"""The partnership crib, as its average in whole points (the win table is by whole scores;
the table's hands average 4.5, :func:`games.strategy.win_probability_sides.crib_mean`)."""

SEATS = (0, 1, 2, 3)

Needs2 = tuple[int, int]
"""Each side's points to 121: seats 0 and 2, then 1 and 3."""

Ending4 = tuple[tuple[int, int, int, int], int]
"""How the end of the play is scored: each seat's show (the dealer's with the crib), the
dealer."""

_MEMO: dict[tuple[object, ...], float] = {}
_MEMO_LIMIT = 200_000


def _won(side: int) -> float:
    return 1.0 if side == 0 else 0.0


def settle(needs: Needs2, ending: Ending4) -> float:
    """Side 0's chance once the play is over and nobody has won: the counts in turn, then the
    win table from the scores after them."""
    shows, dealer = ending
    left = list(needs)
    for seat in seats_from_left_of(SEATS, dealer):
        side = seat % 2
        left[side] -= shows[seat]
        if left[side] <= 0:
            return _won(side)
    scores = (TARGET - left[0], TARGET - left[1])
    return side_chances(scores, dealing=(dealer + 1) % 2, stage=HEELS)[0]


def search(
    hands: Hands, series: tuple[int, ...], count: int, mover: int, needs: Needs2, ending: Ending4
) -> float:
    """Side 0's chance with best play from here, every seat playing for its side's, all cards
    known; ``hands[mover]`` must hold a card that fits."""
    key = (hands, series, count, mover, needs, ending)
    found = _MEMO.get(key)
    if found is not None:
        return found
    best: float | None = None
    ours = mover % 2 == 0
    previous = 0
    for index, rank in enumerate(hands[mover]):
        if rank == previous:
            continue
        previous = rank
        if PIPS[rank] + count > MAX_COUNT:
            break
        outcome = after_play(hands, series, count, mover, index, needs, ending)
        if best is None or (outcome > best if ours else outcome < best):
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
    needs: Needs2,
    ending: Ending4,
) -> float:
    """:func:`search` once ``mover`` has laid ``hands[mover][index]``."""
    hand = hands[mover]
    rank = hand[index]
    left = list(hands)
    left[mover] = hand[:index] + hand[index + 1 :]
    hands = tuple(left)
    series = (*series, rank)
    count += PIPS[rank]
    side = mover % 2
    need = needs[side] - play_points(series, count)
    if need <= 0:
        return _won(side)
    if count < MAX_COUNT:
        for step in (1, 2, 3, 4):
            seat = (mover + step) % 4
            cards = hands[seat]
            if cards and PIPS[cards[0]] + count <= MAX_COUNT:
                return search(hands, series, count, seat, _with(needs, side, need), ending)
        need -= GO_POINT
        if need <= 0:
            return _won(side)
    needs = _with(needs, side, need)
    if not any(hands):
        return settle(needs, ending)
    leader = (mover + 1) % 4
    while not hands[leader]:
        leader = (leader + 1) % 4
    return search(hands, (), 0, leader, needs, ending)


def _with(needs: Needs2, side: int, need: int) -> Needs2:
    return (need, needs[1]) if side == 0 else (needs[0], need)


def chance_values(
    *,
    seat: int,
    hand: Sequence[Card],
    kept: Sequence[Card],
    played_by_seat: Sequence[Sequence[Card]],
    deals: Sequence[tuple[Hands, float]],
    series: Sequence[Card],
    count: int,
    needs: Needs2,
    dealer: int,
    starter: Card,
) -> dict[Card, float]:
    """Each card ``seat`` may play now and its side's chance to win the game, averaged over
    ``deals`` (the others' remaining hands by rank with their weights, as
    :func:`games.strategy.pegging_search.searched_deals` gives them).

    ``hand``: what the seat holds; ``kept``: its whole kept hand (held and played);
    ``played_by_seat``: each seat's cards played this hand; ``needs``: each side's points to
    121. Returns {} when no card fits.
    """
    playable = [card for card in hand if card.value + count <= MAX_COUNT]
    if not playable:
        return {}
    own_show = show_total(kept, starter)
    series_ranks = tuple(card.rank for card in series)
    played_ranks = [tuple(card.rank for card in cards) for cards in played_by_seat]
    ours = seat % 2 == 0
    totals: dict[int, float] = {}
    for hands, weight in deals:
        shows = [
            own_show
            if other == seat
            else rank_points(tuple(sorted((*hands[other], *played_ranks[other], starter.rank))))
            for other in SEATS
        ]
        shows[dealer] += CRIB_MEAN
        ending: Ending4 = ((shows[0], shows[1], shows[2], shows[3]), dealer)
        previous = 0
        for index, rank in enumerate(hands[seat]):
            if rank == previous or PIPS[rank] + count > MAX_COUNT:
                continue
            previous = rank
            chance = after_play(hands, series_ranks, count, seat, index, needs, ending)
            totals[rank] = totals.get(rank, 0.0) + weight * (chance if ours else 1.0 - chance)
    return {card: min(1.0, max(0.0, totals[card.rank])) for card in playable}
