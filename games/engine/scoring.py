"""Scoring a show (hand or crib with the starter) and a card in the play.

Three ways in, one set of rules (:mod:`games.engine.scoring_rules`):

- :func:`score_show` and :func:`score_play` say which cards scored what, in the order people
  announce it ("fifteen two, fifteen four, a pair is six..."), for events and the UI;
- :func:`show_total` gives only the number, fast, for the computer opponent and analysis;
- :func:`rank_points` gives fifteens + pairs + runs of a sorted rank tuple, for code that counts
  by rank and adds flush and nobs itself (:mod:`games.engine.scoring_distribution` does).

>>> from games.engine.cards import parse_card, parse_cards
>>> show = score_show(parse_cards("5H 5D 5S JC"), parse_card("5C"))
>>> show.total, [item.kind for item in show.items][-3:]
(29, ['fifteen', 'pair', 'nobs'])
>>> score_play(parse_cards("5H TD")).to_dict()
{'total': 2, 'items': [{'kind': 'fifteen', 'cards': ['5H', 'TD'], 'points': 2}]}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.engine.cards import Card
from games.engine.errors import IllegalAction
from games.engine.scoring_rules import (
    FIFTEEN,
    JACK,
    POINTS_PER_FIFTEEN,
    fifteen_combinations,
    flush_points,
    is_run,
    longest_runs,
    nobs_points,
    pair_points,
    pip_value,
    same_rank_groups,
)
from games.engine.scoring_tables import (
    POINTS_BY_RANK_COUNT_KEY,
    POINTS_BY_SORTED_RANKS,
    RANK_COUNT_KEY,
    fill_rank_tables,
)

SHOW_KINDS = ("fifteen", "pair", "run", "flush", "nobs")
PLAY_KINDS = ("fifteen", "thirty-one", "pair", "run")
THIRTY_ONE = 31
POINTS_FOR_THIRTY_ONE = 2
HAND_SIZES = (3, 4)
"""Cards in a hand at the show: 3 in the five-card game, 4 in the six-card game."""
CRIB_SIZE = 4


class BadHand(IllegalAction):
    """Raised when a hand, crib or rank tuple given for scoring is not one a deck can deal."""

    def __init__(self, message: str) -> None:
        super().__init__("bad_hand", message)


class BadPile(IllegalAction):
    """Raised when a play pile is empty, repeats a card or counts past 31."""

    def __init__(self, message: str) -> None:
        super().__init__("bad_pile", message)


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One scoring combination: its kind, the cards that make it, and what it is worth.

    A pair item holds every card of that rank, so three of a kind is one ``pair`` item of 6
    points (a pair royal) and four of a kind one of 12 (a double pair royal).
    """

    kind: str
    cards: tuple[Card, ...]
    points: int

    def to_dict(self) -> dict[str, Any]:
        """The JSON form used in events: cards as text, e.g. ``["5H", "TD"]``."""
        return {
            "kind": self.kind,
            "cards": [str(card) for card in self.cards],
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """A score and its items; ``total`` is always the sum of the items' points."""

    total: int
    items: tuple[ScoreItem, ...]

    def __post_init__(self) -> None:
        if self.total != sum(item.points for item in self.items):
            raise ValueError(f"a total of {self.total} does not match its items {self.items!r}")

    @classmethod
    def from_items(cls, items: Sequence[ScoreItem]) -> ScoreBreakdown:
        """The breakdown of these items, totalled."""
        return cls(sum(item.points for item in items), tuple(items))

    def to_dict(self) -> dict[str, Any]:
        """The JSON form used in events: ``{"total": 4, "items": [...]}``."""
        return {"total": self.total, "items": [item.to_dict() for item in self.items]}


def score_show(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> ScoreBreakdown:
    """Count a hand (or, with ``crib=True``, the crib) with the starter, item by item.

    ``hand`` is 4 cards (six-card game) or 3 (five-card game); a crib is always 4. Items come
    fifteens, pairs, runs, flush, nobs; within a kind, cards are listed low to high.
    """
    hand = _checked_show(hand, starter, crib)
    cards = sorted((*hand, starter))
    ranks = [card.rank for card in cards]
    items: list[ScoreItem] = []
    for combo in fifteen_combinations([pip_value(card.rank) for card in cards]):
        items.append(ScoreItem("fifteen", _pick(cards, combo), POINTS_PER_FIFTEEN))
    for group in same_rank_groups(ranks):
        items.append(ScoreItem("pair", _pick(cards, group), pair_points(len(group))))
    for run in longest_runs(ranks):
        items.append(ScoreItem("run", _pick(cards, run), len(run)))
    flush = flush_points(hand, starter, crib=crib)
    if flush:
        flush_cards = sorted(hand) + ([starter] if flush > len(hand) else [])
        items.append(ScoreItem("flush", tuple(flush_cards), flush))
    if nobs_points(hand, starter):
        jack = next(card for card in hand if card.rank == JACK and card.suit == starter.suit)
        items.append(ScoreItem("nobs", (jack,), 1))
    return ScoreBreakdown.from_items(items)


def show_total(hand: Sequence[Card], starter: Card, crib: bool = False) -> int:
    """The total of :func:`score_show`, without the items, fast (under half a microsecond).

    Reads fifteens + pairs + runs from the rank table and adds the same flush and nobs rules.
    It checks the hand's size and that no rank appears five times, but, to stay fast, not that
    the cards are all different: use :func:`score_show` on input you do not trust.
    """
    try:
        size = len(hand)
        if size == 4:
            first, second, third, fourth = hand
            key = (
                RANK_COUNT_KEY[first.rank]
                + RANK_COUNT_KEY[second.rank]
                + RANK_COUNT_KEY[third.rank]
                + RANK_COUNT_KEY[fourth.rank]
                + RANK_COUNT_KEY[starter.rank]
            )
        elif size == 3:
            if crib:
                raise BadHand(f"a crib has {CRIB_SIZE} cards, not {size}")
            first, second, third = hand
            key = (
                RANK_COUNT_KEY[first.rank]
                + RANK_COUNT_KEY[second.rank]
                + RANK_COUNT_KEY[third.rank]
                + RANK_COUNT_KEY[starter.rank]
            )
        else:
            raise BadHand(f"a hand at the show has 3 or 4 cards, not {size}")
        points = POINTS_BY_RANK_COUNT_KEY.get(key)
        if points is None:
            points = _points_after_a_miss(key)
        return points + flush_points(hand, starter, crib=crib) + nobs_points(hand, starter)
    except (AttributeError, TypeError):
        # Only reached on bad input (a try costs nothing in Python 3.11 until it catches).
        raise BadHand(
            f"show_total takes a hand of cards and a starter card, not {hand!r} and {starter!r}"
        ) from None


def _points_after_a_miss(key: int) -> int:
    """A rank-count key the table lacks: the table was still empty (it is filled on first use,
    games/engine/scoring_tables.py), or no deck deals those ranks (five of one)."""
    if fill_rank_tables() and (points := POINTS_BY_RANK_COUNT_KEY.get(key)) is not None:
        return points
    raise BadHand("no deck deals five cards of one rank")


def rank_points(ranks: tuple[int, ...]) -> int:
    """Fifteens + pairs + runs of 4 or 5 ranks (1..13), from the precomputed table.

    Meant for a sorted tuple, e.g. ``rank_points((5, 5, 5, 5, 11)) == 28``; other orders and
    sequences are accepted, just more slowly. Flush and nobs depend on suits and are not here.
    """
    try:
        return POINTS_BY_SORTED_RANKS[ranks]
    except (KeyError, TypeError):
        pass
    if fill_rank_tables():
        return rank_points(ranks)
    try:
        key = tuple(sorted(ranks))
    except TypeError:
        raise BadHand(f"{ranks!r} is not a sequence of ranks 1..13") from None
    if key in POINTS_BY_SORTED_RANKS:
        return POINTS_BY_SORTED_RANKS[key]
    raise BadHand(f"{ranks!r} is not 4 or 5 ranks 1..13 with at most four of any rank")


def score_play(pile: Sequence[Card]) -> ScoreBreakdown:
    """Points for the last card of ``pile``, the cards played since the count was last reset.

    Fifteen 2 and thirty-one 2 (the go and last-card points belong to the hand flow); the last
    2, 3 or 4 cards of one rank 2, 6 or 12; the longest k >= 3 such that the last k cards are
    k different consecutive ranks in any order, k.
    """
    pile = _checked_pile(pile)
    items: list[ScoreItem] = []
    count = sum(card.value for card in pile)
    if count == FIFTEEN:
        items.append(ScoreItem("fifteen", pile, POINTS_PER_FIFTEEN))
    elif count == THIRTY_ONE:
        items.append(ScoreItem("thirty-one", pile, POINTS_FOR_THIRTY_ONE))
    same = 1
    while same < len(pile) and pile[-same - 1].rank == pile[-1].rank:
        same += 1
    if same >= 2:
        items.append(ScoreItem("pair", pile[-same:], pair_points(same)))
    for length in range(len(pile), 2, -1):
        tail = pile[-length:]
        if is_run([card.rank for card in tail]):
            items.append(ScoreItem("run", tail, length))
            break
    return ScoreBreakdown.from_items(items)


def _pick(cards: Sequence[Card], positions: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple(cards[index] for index in positions)


def checked_cards(
    cards: object, what: str, error: Callable[[str], IllegalAction]
) -> tuple[Card, ...]:
    """Callers outside the engine pass anything; say plainly what is wrong before scoring it."""
    if isinstance(cards, str | bytes) or not isinstance(cards, Sequence):
        raise error(f"the {what} must be a sequence of cards, not {cards!r}")
    result = tuple(cards)
    for card in result:
        if not isinstance(card, Card):
            raise error(f"the {what} holds {card!r}, which is not a card")
    if len(set(result)) != len(result):
        raise error(f"the {what} holds the same card twice: {' '.join(map(str, result))}")
    return result


def _checked_show(hand: Sequence[Card], starter: Card, crib: bool) -> tuple[Card, ...]:
    what = "crib" if crib else "hand"
    cards = checked_cards(hand, what, BadHand)
    if not isinstance(starter, Card):
        raise BadHand(f"the starter must be a card, not {starter!r}")
    allowed = (CRIB_SIZE,) if crib else HAND_SIZES
    if len(cards) not in allowed:
        sizes = " or ".join(map(str, allowed))
        raise BadHand(f"a {what} at the show has {sizes} cards, not {len(cards)}")
    if starter in cards:
        raise BadHand(f"the starter {starter} is also in the {what}")
    return cards


def _checked_pile(pile: Sequence[Card]) -> tuple[Card, ...]:
    cards = checked_cards(pile, "pile", BadPile)
    if not cards:
        raise BadPile("the pile is empty: there is no last card to score")
    count = sum(card.value for card in cards)
    if count > THIRTY_ONE:
        raise BadPile(f"the pile counts {count}, past {THIRTY_ONE}")
    return cards
