"""The line the expert's play search expects after each card: who lays what next, and what it scores.

:func:`games.strategy.pegging_search.play_values` gives each card one number, an average over
every hand the opponent may hold. A player also wants to know *why*: what the search expects to
happen next. The opponent's cards are hidden, so the line can only be read from the same hands
the search averages over (the same deals, with the same weights: the opponent model; when the
search deals them at random, the first :data:`LINE_SAMPLES` of its seeded deals), never from
the opponent's real cards:

- **the opponent's reply** is the one it plays most often over those hands, each hand's reply
  being the card the search plays for it there (its best, all cards known, as in the search);
  its **share** is how much of the hands' weight plays it (or says go). The line then goes on
  among the hands where the opponent made that reply (it tells what they likely hold);
- **your answer** is the card with the best *average* value over those hands (you cannot see
  them either), the search's own value of each card.

The line stops when the count starts again (31, or a go and its point), when the play ends,
when a seat reaches its target (``needs``) or after :data:`MOST_STEPS` steps. Two players only
(the analysis board's play positions).

>>> from games.engine.cards import parse_cards
>>> lines = expected_lines(
...     hand=parse_cards("5H 9C"), unseen=parse_cards("5S 5D"), opponent_holds=1,
...     series=parse_cards("TC"), count=10)
>>> [(step.seat, step.rank, step.points, step.count) for step in lines[5]]
[(0, 5, 2, 15), (1, 5, 2, 20), (0, 9, 0, 29), (0, None, 1, 29)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.engine.cards import DECK, Card
from games.strategy.opponent_reading import Reading, read_at_two
from games.strategy.pegging_search import (
    GO_POINT,
    MAX_COUNT,
    NEED_CAP,
    PIPS,
    both_priors,
    can_play,
    deal_generator,
    declined_prior,
    kept_prior,
    net2_after,
    opponent_deals,
    play_points,
    seen_by,
)

if TYPE_CHECKING:
    from games.engine.state import MatchState

LINE_SAMPLES = 40
"""When the search deals the opponent's hands at random (too many to enumerate), the line reads
the first this many of the same seeded deals (half the search's at the lead): a line costs a
search per hand and card, and the board answers a play position in under 500 ms p99."""

MOST_STEPS = 9
"""A line shows at most this many steps (cards, goes and go points), the card itself included:
enough for most counts to run to 31 or the go."""

YOU = 0
THEY = 1

Deal = tuple[tuple[int, ...], float]
"""The opponent's ranks in one hand the search weighs, and that hand's weight."""


@dataclass(frozen=True, slots=True)
class LineStep:
    """One step of a line. ``seat``: :data:`YOU` (the seat deciding) or :data:`THEY`.

    ``rank`` is the card laid (None: no card: a go, or the go's point); ``points`` what the
    step scores (the card's points, or 1 for the go / the last card); ``count`` the count after
    it; ``share`` for an opponent's step, the weight of the hands in which it plays so (1.0 for
    yours); ``wins``: the step reaches the seat's target.
    """

    seat: int
    rank: int | None
    points: int
    count: int
    share: float = 1.0
    wins: bool = False

    @property
    def is_go(self) -> bool:
        """The seat cannot lay a card: it says go."""
        return self.rank is None and self.points == 0

    @property
    def is_go_point(self) -> bool:
        """The point for the go or the last card: the count starts again after it."""
        return self.rank is None and self.points > 0


def expected_lines(
    *,
    hand: Sequence[Card],
    unseen: Sequence[Card],
    opponent_holds: int,
    series: Sequence[Card],
    count: int,
    needs: tuple[int | None, int | None] | None = None,
    one_series: bool = False,
    opponent_kept: tuple[str, Sequence[Card]] | None = None,
    they_said_go: bool = False,
    reading: Reading | None = None,
) -> dict[int, tuple[LineStep, ...]]:
    """For each rank you may lay now, the line the search expects after it, the card first.

    The arguments are :func:`games.strategy.pegging_search.play_values`'s for two players (you
    are seat 0, holding ``hand``; the opponent holds ``opponent_holds`` cards). ``they_said_go``:
    the opponent has said go on this count, so only the hands with no card that fits are read.
    ``reading``: what the opponent's plays showed (:mod:`games.strategy.opponent_reading`),
    weighing and ruling out its hands as the search's values do.
    """
    own = tuple(sorted(card.rank for card in hand))
    if not any(PIPS[rank] + count <= MAX_COUNT for rank in own):
        return {}
    held_counts = (len(hand), opponent_holds)
    rng = deal_generator(hand, series, count, held_counts)
    prior = None
    if opponent_kept is not None:
        prior = kept_prior(*opponent_kept, variant="five" if one_series else "six")
    passed: dict[int, int] = {}
    if reading is not None:
        prior = both_priors(prior, reading.first_card)
        if reading.declined:
            prior = both_priors(prior, declined_prior(reading.declined))
        room = max(reading.passed.values(), default=0)
        if room:
            passed[THEY] = room
    deals: list[Deal] = [
        (hands[THEY], weight)
        for hands, weight in opponent_deals(
            YOU, own, sorted(unseen), held_counts, rng, prior, samples=LINE_SAMPLES, passed=passed
        )
    ]
    if they_said_go:
        blocked = [deal for deal in deals if not can_play(deal[0], count)]
        deals = blocked or deals
    capped = (None, None) if needs is None else tuple(map(_reachable, needs))
    series_ranks = tuple(card.rank for card in series)
    lines: dict[int, tuple[LineStep, ...]] = {}
    for index, rank in enumerate(own):
        if rank in lines or PIPS[rank] + count > MAX_COUNT:
            continue
        walk = _Walk(deals, series_ranks, one_series, (capped[YOU], capped[THEY]))
        lines[rank] = walk.from_card(own, index, count)
    return lines


def expected_lines_from_state(
    state: MatchState, seat: int, *, to_win: bool = False
) -> dict[Card, tuple[LineStep, ...]]:
    """:func:`expected_lines` for ``seat`` of a two-player engine state in the play, read as
    :func:`games.strategy.pegging_search.play_values_from_state` reads it (only what the seat
    may know; the opponent weighed by how likely it was to keep each hand and read from its
    plays), by card."""
    opponent = 1 - seat
    seen = seen_by(state, seat)
    needs: tuple[int | None, int | None] | None = None
    if to_win:
        target = state.options.game_target
        needs = (target - state.scores[seat], target - state.scores[opponent])
    role = "dealer" if opponent == state.dealer else "pone"
    lines = expected_lines(
        hand=state.held[seat],
        unseen=[card for card in DECK if card not in seen],
        opponent_holds=len(state.held[opponent]),
        series=tuple(card for _, card in state.series),
        count=state.count,
        needs=needs,
        one_series=state.options.variant == "five",
        opponent_kept=(role, tuple(card for who, card in state.played if who == opponent)),
        they_said_go=state.said_go[opponent],
        reading=read_at_two(
            state.played,
            seat=seat,
            is_dealer=seat == state.dealer,
            count=state.count,
            variant=state.options.variant,
        ),
    )
    return {card: lines[card.rank] for card in state.held[seat] if card.rank in lines}


def _reachable(need: int | None) -> int | None:
    # As the search caps them: a need past what the play can peg is no need at all.
    return None if need is None or need > NEED_CAP else max(need, 1)


def _without(ranks: tuple[int, ...], rank: int) -> tuple[int, ...]:
    """``ranks`` less one card of ``rank``."""
    index = ranks.index(rank)
    return ranks[:index] + ranks[index + 1 :]


class _Walk:
    """One line being followed: the hands still consistent with it, the count and the needs."""

    def __init__(
        self,
        deals: list[Deal],
        series: tuple[int, ...],
        one_series: bool,
        needs: tuple[int | None, int | None],
    ) -> None:
        self.deals = deals
        self.series = series
        self.one_series = one_series
        self.needs = needs
        self.steps: list[LineStep] = []
        self.they_went = False

    def from_card(self, mine: tuple[int, ...], index: int, count: int) -> tuple[LineStep, ...]:
        """Lay ``mine[index]``, then follow the likeliest replies and your best answers."""
        mover = YOU
        rank: int | None = mine[index]
        share = 1.0
        while rank is not None:
            if mover == YOU:
                mine = _without(mine, rank)
            count, over = self._lay(mover, rank, count, share)
            if over or len(self.steps) >= MOST_STEPS:
                break
            rank, mover, share = self._next(mine, count, mover)
        return tuple(self.steps)

    def _lay(self, mover: int, rank: int, count: int, share: float) -> tuple[int, bool]:
        """Record ``mover`` laying ``rank``: the count after it, and True when the line is over
        (31, or the seat reaches its target)."""
        self.series = (*self.series, rank)
        count += PIPS[rank]
        points = play_points(self.series, count)
        wins = self._scores(mover, points)
        self.steps.append(LineStep(mover, rank, points, count, share, wins))
        return count, wins or count == MAX_COUNT

    def _scores(self, seat: int, points: int) -> bool:
        """Take ``points`` off ``seat``'s need; True when that reaches its target."""
        need = self.needs[seat]
        if need is None or points == 0:
            return False
        if points >= need:
            return True
        if seat == YOU:
            self.needs = (need - points, self.needs[THEY])
        else:
            self.needs = (self.needs[YOU], need - points)
        return False

    def _next(self, mine: tuple[int, ...], count: int, last: int) -> tuple[int | None, int, float]:
        """Who lays what next once ``last`` has laid a card: (rank, seat, share), rank None when
        neither can lay one (``last`` then takes the go's point and the line ends)."""
        if last == YOU:
            reply, share = self._their_turn(mine, count, say_go=True)
            if reply is not None:
                return reply, THEY, share
            if can_play(mine, count):
                return self._your_answer(mine, count), YOU, 1.0
        else:
            if can_play(mine, count):
                return self._your_answer(mine, count), YOU, 1.0
            if mine:
                self.steps.append(LineStep(YOU, None, 0, count))
            reply, share = self._their_turn(mine, count, say_go=False)
            if reply is not None:
                return reply, THEY, share
        if count < MAX_COUNT:
            wins = self._scores(last, GO_POINT)
            self.steps.append(LineStep(last, None, GO_POINT, count, wins=wins))
        return None, last, 1.0

    def _their_turn(
        self, mine: tuple[int, ...], count: int, *, say_go: bool
    ) -> tuple[int | None, float]:
        """The opponent's likeliest move and its share of the hands' weight; the line then keeps
        only the hands in which it moves so. In each hand its move is the search's best card
        there (all cards known; ties: the lower rank), or go when no card fits. None: go (a
        "they go" step is recorded when ``say_go``, they hold cards and have not said it yet)."""
        choices = [(self._best_reply(theirs, mine, count), theirs, w) for theirs, w in self.deals]
        weights: dict[int | None, float] = {}
        for choice, _, weight in choices:
            weights[choice] = weights.get(choice, 0.0) + weight
        total = sum(weights.values())
        # Weights are normalised floats: equal shares are compared as equal (ties: a card before
        # a go, then the lower rank).
        move = max(
            weights, key=lambda rank: (round(weights[rank], 9), rank is not None, -(rank or 0))
        )
        share = weights[move] / total if total else 1.0
        if move is None:
            self.deals = [(theirs, w) for choice, theirs, w in choices if choice is None]
            if say_go and not self.they_went and any(theirs for theirs, _ in self.deals):
                self.steps.append(LineStep(THEY, None, 0, count, share))
                self.they_went = True  # once on a count: the line stops when it starts again
            return None, share
        self.deals = [
            (_without(theirs, move), w) for choice, theirs, w in choices if choice == move
        ]
        return move, share

    def _best_reply(self, theirs: tuple[int, ...], mine: tuple[int, ...], count: int) -> int | None:
        best: int | None = None
        best_value = 0.0
        for index, rank in enumerate(theirs):
            if (index and theirs[index - 1] == rank) or PIPS[rank] + count > MAX_COUNT:
                continue
            value = net2_after(
                theirs,
                mine,
                self.series,
                count,
                index,
                self.needs[THEY],
                self.needs[YOU],
                self.one_series,
            )
            if best is None or value > best_value:
                best, best_value = rank, value
        return best

    def _your_answer(self, mine: tuple[int, ...], count: int) -> int:
        """Your card with the best average value over the hands the line still allows (ties:
        the lower rank), as the search values a card."""
        total = sum(weight for _, weight in self.deals) or 1.0
        best: int | None = None
        best_value = 0.0
        for index, rank in enumerate(mine):
            if (index and mine[index - 1] == rank) or PIPS[rank] + count > MAX_COUNT:
                continue
            value = (
                sum(
                    weight
                    * net2_after(
                        mine,
                        theirs,
                        self.series,
                        count,
                        index,
                        self.needs[YOU],
                        self.needs[THEY],
                        self.one_series,
                    )
                    for theirs, weight in self.deals
                )
                / total
            )
            if best is None or value > best_value:
                best, best_value = rank, value
        assert best is not None, "asked only when a card of yours fits"
        return best
