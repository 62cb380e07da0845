"""What the opponent's plays this hand say about the cards it still holds, at two players.

The expert (:mod:`games.bots.expert`) searches the play over the hands the opponent may hold,
and everything that grades or explains a play by the expert's evaluation (the review's play
grades, the learn board, the line the search expects) must weigh those hands the same way, or
a grade would disagree with the computer's own choice. So the reading is made here, once,
from the cards played alone, and :func:`games.strategy.pegging_search.play_values_from_state`
and the expert both take it:

- **its goes** (:data:`READ_PASSES_AT_TWO`): a player that said go at count ``c`` holds no card
  worth ``31 - c`` or less (:func:`games.engine.play.passed_rooms`): a fact, not a model;
- **the points its plays declined** (:data:`READ_DECLINED_AT_TWO`): each of its plays with the
  count it was laid on, so that a hand with which a play would have scored more with another
  card weighs little (:func:`games.strategy.pegging_search.declined_prior`);
- **its first card** (:data:`READ_OPENING_AT_TWO`): the pone's lead, or the dealer's reply to
  the lead, read by the opening table (:func:`games.strategy.opening_play.opening_choice_prior`).

Each was kept because the single-hand benchmark showed a gain head to head and against hard
(docs/performance.md, "The expert at two reads the opponent's plays").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.engine.cards import Card
from games.engine.play import counts_laid_on, passed_rooms
from games.strategy.opening_play import opening_choice_prior

READ_PASSES_AT_TWO = 1
"""Whether the opponent is dealt no card its goes rule out: head to head against the expert
without it, +0.007 ± 0.005 points a hand (4,000 single hands)."""

READ_DECLINED_AT_TWO = 1
"""Whether the opponent's hands are weighed by the points its plays left on the table, as at
three and four: +0.024 ± 0.013 a hand head to head."""

READ_OPENING_AT_TWO = 3.0
"""How sharply the opponent's first card is read by the opening table (0: not read): a card a
point worse than the table's best weighs its hand by e^-3. Head to head, +0.026 ± 0.013 a hand
at 1, +0.037 ± 0.017 at 3, +0.036 ± 0.020 at 10; against hard at 3, +0.014 ± 0.018 (not a model
of the expert alone)."""

Plays = list[tuple[tuple[int, ...], int]]
"""A seat's plays this hand: for each, the ranks of the count it was laid on and its rank."""


@dataclass(frozen=True)
class Reading:
    """What the search is told about the opponent, in the form the searches take it."""

    passed: dict[int, int]
    """The room the opponent passed at, by its seat, if it has said go this hand."""
    declined: Plays
    """Its plays this hand (for :func:`games.strategy.pegging_search.declined_prior`)."""
    first_card: Callable[[tuple[int, ...]], float] | None
    """The weight of each rank multiset it may still hold, read from its first card."""


def plays_by_seat(played: Sequence[tuple[int, Card]], seats: int) -> list[Plays]:
    """By seat: its plays this hand, each the ranks of the count it was laid on and its rank."""
    plays: list[Plays] = [[] for _ in range(seats)]
    for who, before, card in counts_laid_on(played):
        plays[who].append((tuple(laid.rank for laid in before), card.rank))
    return plays


def read_at_two(
    played: Sequence[tuple[int, Card]],
    *,
    seat: int,
    is_dealer: bool,
    count: int,
    variant: str,
) -> Reading:
    """The reading of ``seat``'s opponent (two seats, 0 and 1) from the hand's ``played`` cards
    in order with who laid them, ``seat`` to play on ``count``."""
    opponent = 1 - seat
    passed: dict[int, int] = {}
    if READ_PASSES_AT_TWO:
        rooms = passed_rooms(played, (0, 1), count=count, turn=seat)
        if opponent in rooms:
            passed[opponent] = rooms[opponent]
    declined = plays_by_seat(played, 2)[opponent] if READ_DECLINED_AT_TWO else []
    return Reading(passed, declined, _first_card(played, opponent, is_dealer, variant))


def _first_card(
    played: Sequence[tuple[int, Card]], opponent: int, is_dealer: bool, variant: str
) -> Callable[[tuple[int, ...]], float] | None:
    """The opponent's lead (this seat deals) or its reply to this seat's lead, read by the
    opening table; None before it has laid that card, when the reading is off, or when the
    cards were not laid in that order (a position set up on the learn board may not be)."""
    if not READ_OPENING_AT_TWO:
        return None
    first = next((index for index, (who, _) in enumerate(played) if who == opponent), None)
    if first == 0 and is_dealer:
        chose, faced = played[0][1].rank, None
    elif first == 1 and not is_dealer:
        chose, faced = played[1][1].rank, played[0][1].rank
    else:
        return None
    return opening_choice_prior(
        tuple(card.rank for who, card in played if who == opponent),
        chose,
        faced=faced,
        sharpness=READ_OPENING_AT_TWO,
        variant=variant,
    )
