"""The two-player play searched without peeking: this seat's later cards chosen on what it sees.

:func:`games.strategy.pegging_search.play_values` averages, over the opponent's possible
hands, a search in which both players see both hands ("perfect-information Monte Carlo").
Inside each such deal this seat's *later* cards are chosen knowing the opponent's hand, which
it never will: a card that leaves a choice for later is credited with the best choice in every
deal, as if it could tell the deals apart (the "strategy fusion" of that method). Here this
seat's later cards are chosen as it will really choose them: one card for every deal it cannot
tell apart, the one best over those deals together. What it can tell apart is what the table
shows: the cards the opponent lays and its goes. The opponent is modelled as before, choosing
each card as best under full information (:func:`games.strategy.pegging_search.net2`), so the
two searches differ only in what this seat is credited with knowing.

Values are this seat's expected net points to the end of the play (its pegs less the
opponent's), go and last card included, with the target as :data:`GAME_POINT` when needs are
given, exactly as :func:`~games.strategy.pegging_search.net2`; with a single possible hand the
two are equal (a test checks), and a test holds the search equal to the best of every policy
that chooses by what the seat sees, enumerated on small positions.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.strategy.pegging_search import (
    GAME_POINT,
    GO_POINT,
    MAX_COUNT,
    PIPS,
    net2_after,
    play_points,
)

Deal = tuple[tuple[int, ...], float]
"""One hand the opponent may hold (its ranks, sorted) and its weight."""


def info_set_values(
    mine: tuple[int, ...],
    deals: Sequence[Deal],
    series: tuple[int, ...],
    count: int,
    need_mine: int | None,
    need_theirs: int | None,
    one_series: bool,
) -> dict[int, float]:
    """Each rank this seat may lay now and its expected net points, over ``deals`` (weights
    summing to 1), this seat's later cards chosen by what it will have seen. ``mine`` must
    hold a card that fits; ``needs`` as :func:`games.strategy.pegging_search.capped_needs`
    gives them (None: points only)."""
    search = _Search(one_series)
    total = sum(weight for _, weight in deals)
    values: dict[int, float] = {}
    for index, rank in enumerate(mine):
        if rank in values or PIPS[rank] + count > MAX_COUNT:
            continue
        summed = search.after_mine(mine, index, tuple(deals), series, count, need_mine, need_theirs)
        values[rank] = summed / total
    return values


class _Search:
    """One decision's search. Every method returns a weighted *sum* over its deals of this
    seat's net points (not an average), so that groups of deals add up."""

    def __init__(self, one_series: bool) -> None:
        self.one_series = one_series

    def mine_to_play(
        self,
        mine: tuple[int, ...],
        deals: tuple[Deal, ...],
        series: tuple[int, ...],
        count: int,
        need_mine: int | None,
        need_theirs: int | None,
    ) -> float:
        """This seat to play, able to: one card for all of ``deals``, the best over them."""
        best = None
        previous = 0
        for index, rank in enumerate(mine):
            if rank == previous:
                continue
            previous = rank
            if PIPS[rank] + count > MAX_COUNT:
                break
            value = self.after_mine(mine, index, deals, series, count, need_mine, need_theirs)
            if best is None or value > best:
                best = value
        assert best is not None, "this seat holds a card that fits"
        return best

    def after_mine(
        self,
        mine: tuple[int, ...],
        index: int,
        deals: tuple[Deal, ...],
        series: tuple[int, ...],
        count: int,
        need_mine: int | None,
        need_theirs: int | None,
    ) -> float:
        """This seat has laid ``mine[index]``: its points, then the opponent's turn or its go."""
        weight = _weight(deals)
        rank = mine[index]
        mine = mine[:index] + mine[index + 1 :]
        series = (*series, rank)
        count += PIPS[rank]
        points = play_points(series, count)
        if need_mine is not None:
            if points >= need_mine:
                return weight * (points + GAME_POINT)
            need_mine -= points
        if count == MAX_COUNT:
            return weight * points + self.new_count(mine, deals, need_mine, need_theirs, True)
        can = tuple(deal for deal in deals if _fits(deal[0], count))
        cannot = tuple(deal for deal in deals if not _fits(deal[0], count))
        total = weight * points
        if can:
            total += self.theirs_to_play(mine, can, series, count, need_mine, need_theirs)
        if cannot:
            total += self.after_their_go(mine, cannot, series, count, need_mine, need_theirs)
        return total

    def after_their_go(
        self,
        mine: tuple[int, ...],
        deals: tuple[Deal, ...],
        series: tuple[int, ...],
        count: int,
        need_mine: int | None,
        need_theirs: int | None,
    ) -> float:
        """The opponent cannot lay on this seat's card (its go, which this seat sees)."""
        if _fits(mine, count):
            return self.mine_to_play(mine, deals, series, count, need_mine, need_theirs)
        weight = _weight(deals)
        if need_mine is not None:
            if need_mine <= GO_POINT:
                return weight * (GO_POINT + GAME_POINT)
            need_mine -= GO_POINT
        return weight * GO_POINT + self.new_count(mine, deals, need_mine, need_theirs, True)

    def theirs_to_play(
        self,
        mine: tuple[int, ...],
        deals: tuple[Deal, ...],
        series: tuple[int, ...],
        count: int,
        need_mine: int | None,
        need_theirs: int | None,
    ) -> float:
        """The opponent to play, able to in every deal: in each it lays its best card under
        full information; the deals are then told apart by the card laid."""
        by_card: dict[int, list[Deal]] = {}
        for theirs, weight in deals:
            index = _their_choice(theirs, mine, series, count, need_theirs, need_mine, self)
            rank = theirs[index]
            by_card.setdefault(rank, []).append((theirs[:index] + theirs[index + 1 :], weight))
        total = 0.0
        for rank, group in by_card.items():
            total += self.after_theirs(
                mine, tuple(group), rank, series, count, need_mine, need_theirs
            )
        return total

    def after_theirs(
        self,
        mine: tuple[int, ...],
        deals: tuple[Deal, ...],
        rank: int,
        series: tuple[int, ...],
        count: int,
        need_mine: int | None,
        need_theirs: int | None,
    ) -> float:
        """The opponent has laid ``rank`` (its hands in ``deals`` without it)."""
        weight = _weight(deals)
        series = (*series, rank)
        count += PIPS[rank]
        points = play_points(series, count)
        if need_theirs is not None:
            if points >= need_theirs:
                return -weight * (points + GAME_POINT)
            need_theirs -= points
        if count == MAX_COUNT:
            return -weight * points + self.new_count(mine, deals, need_mine, need_theirs, False)
        total = -weight * points
        if _fits(mine, count):
            return total + self.mine_to_play(mine, deals, series, count, need_mine, need_theirs)
        can = tuple(deal for deal in deals if _fits(deal[0], count))
        cannot = tuple(deal for deal in deals if not _fits(deal[0], count))
        if can:
            total += self.theirs_to_play(mine, can, series, count, need_mine, need_theirs)
        if cannot:
            total += self.their_go_point(mine, cannot, need_mine, need_theirs)
        return total

    def their_go_point(
        self,
        mine: tuple[int, ...],
        deals: tuple[Deal, ...],
        need_mine: int | None,
        need_theirs: int | None,
    ) -> float:
        """Neither can lay and the opponent laid last: its point for the go, a new count."""
        weight = _weight(deals)
        if need_theirs is not None:
            if need_theirs <= GO_POINT:
                return -weight * (GO_POINT + GAME_POINT)
            need_theirs -= GO_POINT
        return -weight * GO_POINT + self.new_count(mine, deals, need_mine, need_theirs, False)

    def new_count(
        self,
        mine: tuple[int, ...],
        deals: tuple[Deal, ...],
        need_mine: int | None,
        need_theirs: int | None,
        mine_laid_last: bool,
    ) -> float:
        """A count is over: the next begins, led by the seat after the one that laid last if it
        holds a card (how many each holds is public: the same in every deal)."""
        theirs_left = bool(deals[0][0])
        if self.one_series or not (mine or theirs_left):
            return 0.0
        if theirs_left and (mine_laid_last or not mine):
            return self.theirs_to_play(mine, deals, (), 0, need_mine, need_theirs)
        return self.mine_to_play(mine, deals, (), 0, need_mine, need_theirs)


def _their_choice(
    theirs: tuple[int, ...],
    mine: tuple[int, ...],
    series: tuple[int, ...],
    count: int,
    need_theirs: int | None,
    need_mine: int | None,
    search: _Search,
) -> int:
    """The index of the card the opponent lays holding ``theirs``: its best under full
    information, as :func:`games.strategy.pegging_search.net2` chooses (the lowest rank of
    equal value)."""
    best_index = -1
    best = 0.0
    previous = 0
    for index, rank in enumerate(theirs):
        if rank == previous:
            continue
        previous = rank
        if PIPS[rank] + count > MAX_COUNT:
            break
        value = net2_after(
            theirs, mine, series, count, index, need_theirs, need_mine, search.one_series
        )
        if best_index < 0 or value > best:
            best_index, best = index, value
    return best_index


def _fits(hand: tuple[int, ...], count: int) -> bool:
    return bool(hand) and PIPS[hand[0]] + count <= MAX_COUNT


def _weight(deals: Sequence[Deal]) -> float:
    return sum(weight for _, weight in deals)
