"""What each playable card is worth in the play, one reply deep, for the review's pegging grades.

The player cannot see the opponent's cards, so a card is judged by its expected net points over
every hand the opponent could hold: the opponent holds ``k`` of the ``U`` cards the player has
not seen (every ``k``-subset equally likely; what the opponent's earlier Go's hint at is not
used). For a card ``c`` laid on count ``n``:

    value(c) = points(c) - E[opponent's best reply net]

- If ``c`` makes 31, the count is over: ``value(c) = points(c)``.
- The opponent replies with the card ``r`` it holds that maximises ``q(r) - m(r)``: ``q`` is
  what ``r`` pegs, ``m`` is the player's best immediate answer with one of its remaining cards
  (or -1 when the player cannot answer below 31: the opponent will get the go).
- If the opponent holds nothing it can lay (or has said Go on this count, or holds nothing), the
  player plays on: its best immediate points with a remaining card, plus 1 for the go.

The expectation is exact, by rank: the opponent's best reply is the first rank, in order of
reply net, that it holds a card of, and the chance it holds none of ``m`` given cards is
``C(U - m, k) / C(U, k)``. A test checks it against enumerating every opponent hand.

The review grades a play with the evaluation the expert computer opponent plays by
(:func:`graded_play_values`, docs/review.md), and each graded play says which it used:

- ``"win"``: near the end of a game (:func:`games.strategy.review.endgame.is_near_end`), each
  card's chance to win the game (:func:`games.strategy.play_to_win.chance_values`: the rest of
  the play searched, each line scored by who wins once the hands are counted in order);
- ``"table"``: the pone's lead and the dealer's reply to it, from the table searched offline
  (:func:`games.strategy.opening_play.opening_values`);
- ``"play"``: the engine's search of the whole rest of the play
  (:func:`games.strategy.pegging_search.play_values_from_state`, the opponent's hands weighed
  by how likely it was to keep them) whenever those hands can be enumerated (at most
  :data:`games.strategy.pegging_search.EXACT_LIMIT` rank multisets);
- ``"reply"``: the one-reply model above otherwise (where the search would sample random
  hands, slowly and noisily).

``play_values`` and ``card_value`` still take the target (``to_win``, ``needs``: a card that
reaches it is worth :data:`games.strategy.pegging_search.GAME_POINT` more), though the review's
near-end grades are by chance to win.

Only the two-player game is graded (with three or four seats a reply is not the next seat's
alone).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from games.engine.cards import DECK, Card
from games.engine.state import MatchState
from games.strategy.opening_play import opening_position_values
from games.strategy.pegging_search import (
    EXACT_LIMIT,
    GAME_POINT,
    play_points,
    play_values_from_state,
)
from games.strategy.play_to_win import chance_values

MAX_COUNT = 31
FIFTEEN = 15
GO_POINT = 1


def pip(rank: int) -> int:
    return min(rank, 10)


def unseen_cards(state: MatchState, seat: int) -> list[Card]:
    """The cards ``seat`` has not seen this hand: not dealt to it, not the starter, not played."""
    seen = set(state.held[seat])
    seen.update(state.kept[seat] or ())
    seen.update(state.discards[seat] or ())
    seen.update(card for _, card in state.played)
    if state.starter is not None:
        seen.add(state.starter)
    return [card for card in DECK if card not in seen]


def has_real_choice(playable: Sequence[Card]) -> bool:
    """A play is graded only when two or more different ranks could be laid."""
    return len({card.rank for card in playable}) >= 2


def graded_play_values(
    state: MatchState, seat: int, *, to_win: bool = False
) -> tuple[dict[Card, float], str]:
    """Each playable card's value and how it was found (see the module docstring), two seats.

    ``to_win`` (near the end of a game): values are chances to win in [0, 1], depth ``"win"``.
    Otherwise expected net points: ``"table"`` (the lead and its reply), ``"play"`` (the exact
    search) or ``"reply"`` (the one-reply model). The review grades with the expert's own
    evaluation so that its grades and the computer's play agree."""
    opponent = next(other for other in state.seats if other != seat)
    playable = [card for card in state.held[seat] if state.count + card.value <= MAX_COUNT]
    if to_win:
        return chances_to_win(state, seat, opponent), "win"
    kept = state.kept[seat]
    assert kept is not None, "plays are graded in the play, after the throw"
    opening = opening_position_values(
        kept,
        [card for _, card in state.played],
        is_dealer=seat == state.dealer,
        variant=state.options.variant,
    )
    if opening is not None:
        return {card: opening[card.rank] for card in playable}, "table"
    unseen_by_rank = [0] * 14
    for card in unseen_cards(state, seat):
        unseen_by_rank[card.rank] += 1
    if rank_multisets_up_to(unseen_by_rank, len(state.held[opponent]), EXACT_LIMIT) <= EXACT_LIMIT:
        return play_values_from_state(state, seat), "play"
    return play_values(state, seat), "reply"


def chances_to_win(state: MatchState, seat: int, opponent: int) -> dict[Card, float]:
    """Each playable card's chance to win the game, as the expert computes it near the end."""
    if state.starter is None:
        raise ValueError("the chance to win needs the starter: grade plays only in the play")
    target = state.options.game_target
    kept = state.kept[seat]
    assert kept is not None, "the starter is cut after the throw"
    return chance_values(
        hand=state.held[seat],
        kept=kept,
        opponent_played=tuple(card for who, card in state.played if who == opponent),
        unseen=unseen_cards(state, seat),
        opponent_held=len(state.held[opponent]),
        series=tuple(card for _, card in state.series),
        count=state.count,
        needs=(target - state.scores[seat], target - state.scores[opponent]),
        is_pone=seat != state.dealer,
        starter=state.starter,
        variant=state.options.variant,
    )


def rank_multisets_up_to(unseen_by_rank: Sequence[int], size: int, limit: int) -> int:
    """How many rank multisets of ``size`` cards the unseen cards allow, counting no further
    than ``limit + 1`` (all that matters is whether there are more than ``limit``)."""
    if comb(13 + size - 1, size) <= limit:
        return comb(13 + size - 1, size)  # Even every multiset of 13 ranks is few enough.
    found = 0

    def extend(rank: int, left: int) -> bool:
        nonlocal found
        if left == 0:
            found += 1
            return found > limit
        for next_rank in range(rank, 14):
            for take in range(1, min(unseen_by_rank[next_rank], left) + 1):
                if extend(next_rank + 1, left - take):
                    return True
        return False

    extend(1, size)
    return found


def play_values(state: MatchState, seat: int, *, to_win: bool = False) -> dict[Card, float]:
    """Expected net points of each card ``seat`` may lay now (two players, phase ``play``).

    ``to_win``: a card of the seat's, or a reply of the opponent's, that reaches its side's
    target is worth :data:`GAME_POINT` more to that side."""
    opponent = next(other for other in state.seats if other != seat)
    held = state.held[seat]
    playable = [card for card in held if state.count + card.value <= MAX_COUNT]
    series = tuple(card.rank for _, card in state.series)
    unseen_by_rank = [0] * 14
    hidden = unseen_cards(state, seat)
    for card in hidden:
        unseen_by_rank[card.rank] += 1
    holding = 0 if state.said_go[opponent] else len(state.held[opponent])
    needs: tuple[int | None, int | None] = (None, None)
    if to_win:
        target = state.options.game_target
        needs = (target - state.scores[seat], target - state.scores[opponent])
    return {
        card: card_value(
            card.rank,
            [other.rank for other in held if other != card],
            series,
            state.count,
            unseen_by_rank,
            len(hidden),
            holding,
            needs,
        )
        for card in playable
    }


def _best_answer(ranks: tuple[int, ...], count: int, rest: Sequence[int]) -> int | None:
    """The player's best immediate points with one of ``rest`` on ``ranks``, None if none fits."""
    best = None
    for rank in rest:
        after = count + pip(rank)
        if after <= MAX_COUNT:
            points = play_points((*ranks, rank), after)
            if best is None or points > best:
                best = points
    return best


def reply_net(
    ranks: tuple[int, ...], count: int, rank: int, rest: Sequence[int], need: int | None = None
) -> int:
    """What the opponent nets by laying ``rank`` on ``ranks`` (count ``count`` before it);
    a reply reaching the opponent's ``need`` wins it the game."""
    after = count + pip(rank)
    reply = (*ranks, rank)
    points = play_points(reply, after)
    if need is not None and points >= need:
        return points + GAME_POINT
    answer = _best_answer(reply, after, rest)
    if answer is None:
        answer = 0 if after == MAX_COUNT else -GO_POINT
    return points - answer


def carry_on(ranks: tuple[int, ...], count: int, rest: Sequence[int]) -> int:
    """What the player nets when the opponent cannot reply: its best next card and the go."""
    return (_best_answer(ranks, count, rest) or 0) + GO_POINT


def card_value(
    rank: int,
    rest: Sequence[int],
    series: tuple[int, ...],
    count: int,
    unseen_by_rank: Sequence[int],
    unseen: int,
    holding: int,
    needs: tuple[int | None, int | None] = (None, None),
) -> float:
    """Expected net points of laying ``rank`` (see the module docstring), exactly, by rank.

    ``needs``: the points the seat and the opponent still need, when the target counts (a card
    that reaches the seat's need ends the game: :data:`GAME_POINT` more, no reply)."""
    ranks = (*series, rank)
    after = count + pip(rank)
    points = play_points(ranks, after)
    need_mine, need_theirs = needs
    if need_mine is not None and points >= need_mine:
        return float(points + GAME_POINT)
    if after == MAX_COUNT:
        return float(points)
    if holding == 0:
        return float(points + carry_on(ranks, after, rest))
    replies = sorted(
        (
            (reply_net(ranks, after, reply, rest, need_theirs), unseen_by_rank[reply])
            for reply in range(1, 14)
            if unseen_by_rank[reply] and after + pip(reply) <= MAX_COUNT
        ),
        reverse=True,
    )
    total = comb(unseen, holding)
    expected = 0.0
    covered = 0
    for net, cards in replies:
        # The chance the opponent's best reply is this rank: it holds a card of it and none of
        # the ranks that net more (ties share the same net, so their order does not matter).
        chance = (comb(unseen - covered, holding) - comb(unseen - covered - cards, holding)) / total
        expected += chance * net
        covered += cards
    no_reply = comb(unseen - covered, holding) / total
    expected -= no_reply * carry_on(ranks, after, rest)
    return points - expected
