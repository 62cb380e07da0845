"""The play near the end of a game, searched for the chance to win instead of points.

Near the end, points stop being the currency. A pone that needs 10 with 8 in its hand wins
if it pegs 2 and the dealer does not peg out first; a dealer that cannot be caught should
stop the pone's points, not make its own. So when either player is within reach of the target
(:data:`REACH`), the expert searches the rest of the play as :mod:`games.strategy.pegging_search`
does (the opponent's possible hands weighed by the opponent model, each searched to the end
under full information) but scores each line by who wins:

- a player who reaches the target in the play wins there (go and the last card included);
- otherwise the hands are counted in the order of the rules: the pone's hand (its exact count
  for the seat's own, by ranks for the opponent's guessed hand: fifteens, pairs and runs), then
  the dealer's hand and crib (the crib as its average, :data:`CRIB_MEAN`); a count that reaches
  the target wins;
- a hand that settles nothing is valued by the chance to win from the scores after it, the deal
  passing to the other player (:func:`games.strategy.win_probability.win_probability`).

Values are chances to win in [0, 1]. Inside the search they are kept as ``2 * chance - 1`` so
that one player's gain is the other's loss and the plain negamax of the points search applies.

>>> from games.engine.cards import parse_cards
>>> hand = parse_cards("5H 9C")
>>> values = chance_values(
...     hand=hand, kept=parse_cards("5H 9C 2D 3D"), opponent_played=parse_cards("KS"),
...     unseen=parse_cards("TD 4S 8C 6H"), opponent_held=3, series=parse_cards("2D KS 3D"),
...     count=15, needs=(3, 40), is_pone=True, starter=parse_cards("7C")[0], variant="six")
>>> values == {hand[0]: 1.0, hand[1]: 1.0}   # the pone's hand counts 3 or more: it wins
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from games.engine.cards import Card
from games.engine.scoring import rank_points, show_total
from games.strategy.pegging_search import (
    GO_POINT,
    MAX_COUNT,
    PIPS,
    Prior,
    both_priors,
    declined_prior,
    kept_prior,
    opponent_deals,
    play_points,
)
from games.strategy.win_probability import TARGETS, win_probability

REACH = 31
"""Search for the chance to win when either player needs at most this many points: a hand's
play and counts rarely bring more."""

CRIB_MEAN = {"six": 5, "five": 4}
"""The dealer's crib, as its average (whole points: the win table is by whole scores)."""

Ending = tuple[int, int, bool, int, str]
"""How the end of the play is scored from the mover's side: (the mover's show, the other's
show, whether the mover is the pone, the dealer's crib, the variant)."""

_MEMO: dict[tuple[object, ...], float] = {}
_MEMO_LIMIT = 200_000


def _swapped(ending: Ending) -> Ending:
    mine, theirs, mover_is_pone, crib, variant = ending
    return theirs, mine, not mover_is_pone, crib, variant


def settle(need_mine: int, need_theirs: int, ending: Ending) -> float:
    """``2 * chance - 1`` of the mover winning once the play is over and nobody has won."""
    show_mine, show_theirs, mine_is_pone, crib, variant = ending
    target = TARGETS[variant]
    if mine_is_pone:
        if show_mine >= need_mine:
            return 1.0
        if show_theirs + crib >= need_theirs:
            return -1.0
        own = target - need_mine + show_mine
        other = target - need_theirs + show_theirs + crib
        chance = win_probability(own, other, is_dealer=True, variant=variant)
    else:
        if show_theirs >= need_theirs:
            return -1.0
        if show_mine + crib >= need_mine:
            return 1.0
        own = target - need_mine + show_mine + crib
        other = target - need_theirs + show_theirs
        chance = win_probability(own, other, is_dealer=False, variant=variant)
    return 2.0 * chance - 1.0


def search_to_win(
    mine: tuple[int, ...],
    theirs: tuple[int, ...],
    series: tuple[int, ...],
    count: int,
    need_mine: int,
    need_theirs: int,
    one_series: bool,
    ending: Ending,
) -> float:
    """The mover's ``2 * chance - 1`` with best play from here, all cards known; ``mine`` must
    hold a card that fits."""
    key = (mine, theirs, series, count, need_mine, need_theirs, one_series, ending)
    found = _MEMO.get(key)
    if found is not None:
        return found
    best = -2.0
    previous = 0
    for index, rank in enumerate(mine):
        if rank == previous:
            continue
        previous = rank
        if PIPS[rank] + count > MAX_COUNT:
            break
        value = after_to_win(
            mine, theirs, series, count, index, need_mine, need_theirs, one_series, ending
        )
        best = max(best, value)
    if len(_MEMO) >= _MEMO_LIMIT:
        _MEMO.clear()
    _MEMO[key] = best
    return best


def after_to_win(
    mine: tuple[int, ...],
    theirs: tuple[int, ...],
    series: tuple[int, ...],
    count: int,
    index: int,
    need_mine: int,
    need_theirs: int,
    one_series: bool,
    ending: Ending,
) -> float:
    """:func:`search_to_win` once the mover has laid ``mine[index]``."""
    rank = mine[index]
    mine = mine[:index] + mine[index + 1 :]
    series = (*series, rank)
    count += PIPS[rank]
    need_mine -= play_points(series, count)
    if need_mine <= 0:
        return 1.0
    if count < MAX_COUNT:
        if theirs and PIPS[theirs[0]] + count <= MAX_COUNT:
            return -search_to_win(
                theirs, mine, series, count, need_theirs, need_mine, one_series, _swapped(ending)
            )
        if mine and PIPS[mine[0]] + count <= MAX_COUNT:
            return search_to_win(
                mine, theirs, series, count, need_mine, need_theirs, one_series, ending
            )
        need_mine -= GO_POINT
        if need_mine <= 0:
            return 1.0
    if one_series or not (mine or theirs):
        return settle(need_mine, need_theirs, ending)
    if theirs:
        return -search_to_win(
            theirs, mine, (), 0, need_theirs, need_mine, one_series, _swapped(ending)
        )
    return search_to_win(mine, theirs, (), 0, need_mine, need_theirs, one_series, ending)


def chance_values(
    *,
    hand: Sequence[Card],
    kept: Sequence[Card],
    opponent_played: Sequence[Card],
    unseen: Sequence[Card],
    opponent_held: int,
    series: Sequence[Card],
    count: int,
    needs: tuple[int, int],
    is_pone: bool,
    starter: Card,
    variant: str,
    passed: Mapping[int, int] | None = None,
    declined: Sequence[tuple[tuple[int, ...], int]] = (),
    read_prior: Prior | None = None,
) -> dict[Card, float]:
    """Each card the seat may play now and its chance to win the game (two players).

    ``hand``: what the seat holds; ``kept``: its whole kept hand (held and played);
    ``opponent_played``: the opponent's cards played this hand; ``unseen``: the cards the seat
    has not seen; ``opponent_held``: how many the opponent still holds; ``series`` and
    ``count``: the current count; ``needs``: (the seat's, the opponent's) points to the target.
    What the opponent's plays showed, read as :func:`games.strategy.pegging_search.play_values`
    reads them: ``passed`` (the room it said go at, by seat, the opponent being seat 1),
    ``declined`` (its plays, for :func:`~games.strategy.pegging_search.declined_prior`) and
    ``read_prior`` (another weight for its remaining ranks). Returns {} when no card fits.
    """
    playable = [card for card in hand if card.value + count <= MAX_COUNT]
    if not playable:
        return {}
    one_series = variant == "five"
    own = tuple(sorted(card.rank for card in hand))
    seed_text = f"win{sorted(map(str, hand))}{list(map(str, series))}{count}{opponent_held}"
    prior = both_priors(
        kept_prior("dealer" if is_pone else "pone", opponent_played, variant=variant),
        declined_prior(declined) if declined else None,
    )
    prior = both_priors(prior, read_prior)
    deals = opponent_deals(
        0,
        own,
        sorted(unseen),
        (len(hand), opponent_held),
        random.Random(seed_text),
        prior,
        passed=passed,
    )
    own_show = show_total(kept, starter)
    played_ranks = tuple(card.rank for card in opponent_played)
    series_ranks = tuple(card.rank for card in series)
    crib = CRIB_MEAN[variant]
    totals: dict[int, float] = {}
    for hands, weight in deals:
        theirs = hands[1]
        their_show = rank_points(tuple(sorted((*theirs, *played_ranks, starter.rank))))
        ending: Ending = (own_show, their_show, is_pone, crib, variant)
        previous = 0
        for index, rank in enumerate(own):
            if rank == previous or PIPS[rank] + count > MAX_COUNT:
                continue
            previous = rank
            value = after_to_win(
                own, theirs, series_ranks, count, index, needs[0], needs[1], one_series, ending
            )
            totals[rank] = totals.get(rank, 0.0) + weight * (value + 1.0) / 2.0
    # Sums of weights may stray past 1 in the last bit: a chance stays a chance.
    return {card: min(1.0, max(0.0, totals[card.rank])) for card in playable}
