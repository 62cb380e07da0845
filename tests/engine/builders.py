"""Building matches in a chosen position for rule tests: decks that deal given hands, and
short helpers to play scripted actions.

Seat 0 is alice and seat 1 is bob throughout the engine tests.
"""

from __future__ import annotations

import dataclasses

from games.engine import (
    Discard,
    MatchOptions,
    MatchState,
    Play,
    Shuffle,
    apply,
    new_match,
    parse_card,
    parse_cards,
)
from games.engine.cards import DECK, Card
from games.engine.events import Event


def complete_deck(first: tuple[Card, ...]) -> tuple[Card, ...]:
    """``first`` in order, then every other card in the fixed deck order."""
    chosen = set(first)
    assert len(chosen) == len(first), "a card appears twice"
    return tuple(first) + tuple(card for card in DECK if card not in chosen)


def cut_deck(dealer: int) -> tuple[Card, ...]:
    """A deck whose cut makes ``dealer`` deal (it cuts an ace, the other seat a king)."""
    cuts = (parse_card("AS"), parse_card("KS")) if dealer == 0 else parse_cards("KS AS")
    return complete_deck(tuple(cuts))


def deal_deck(pone: str, dealer: str, starter: str) -> tuple[Card, ...]:
    """A deck that deals ``pone`` and ``dealer`` (one card at a time, pone first), then turns
    ``starter``."""
    pone_cards, dealer_cards = parse_cards(pone), parse_cards(dealer)
    assert len(pone_cards) == len(dealer_cards)
    order = [card for pair in zip(pone_cards, dealer_cards, strict=True) for card in pair]
    return complete_deck((*order, parse_card(starter)))


def dealt(
    options: MatchOptions, *, dealer: int, pone: str, dealer_cards: str, starter: str
) -> MatchState:
    """A match whose first hand has just been dealt these cards."""
    state, _ = apply(new_match(options), Shuffle(cut_deck(dealer)))
    state, _ = apply(state, Shuffle(deal_deck(pone, dealer_cards, starter)))
    return state


def ready_to_play(
    options: MatchOptions,
    *,
    dealer: int,
    pone_keeps: str,
    dealer_keeps: str,
    starter: str = "2C",
    pone_throws: str = "KC QC",
    dealer_throws: str = "JC TC",
) -> tuple[MatchState, list[Event]]:
    """A hand after both discards: the play is about to start (starter already cut)."""
    state = dealt(
        options,
        dealer=dealer,
        pone=f"{pone_keeps} {pone_throws}",
        dealer_cards=f"{dealer_keeps} {dealer_throws}",
        starter=starter,
    )
    pone = 1 - dealer
    state, first = apply(state, Discard(pone, parse_cards(pone_throws)))
    state, second = apply(state, Discard(dealer, parse_cards(dealer_throws)))
    return state, first + second


def play_in_turn(state: MatchState, cards: str) -> tuple[MatchState, list[Event]]:
    """Play ``cards`` in order, each by the seat whose turn it is (automatic scoring)."""
    events: list[Event] = []
    for card in parse_cards(cards):
        assert state.turn is not None, f"nobody's turn before {card}"
        state, step = apply(state, Play(state.turn, card))
        events.extend(step)
    return state, events


def with_scores(state: MatchState, *scores: int) -> MatchState:
    """The same position with the game scores set (rear pegs follow)."""
    return dataclasses.replace(state, scores=tuple(scores), rear=tuple(scores))


def types(events: list[Event]) -> list[str]:
    return [event.type for event in events]


def only(events: list[Event], kind: str) -> list[dict]:
    return [event.data for event in events if event.type == kind]
