"""Building three- and four-seat hands for rule tests: decks that deal chosen hands round the
table from the dealer's left, then the crib's card from the deck (three players), then the
starter."""

from __future__ import annotations

from games.engine import (
    Discard,
    MatchOptions,
    MatchState,
    Shuffle,
    apply,
    new_match,
    parse_card,
    parse_cards,
)
from games.engine.events import Event
from games.engine.seating import seats_from_left_of
from tests.engine.builders import complete_deck


def cut_deck_for(dealer: int, players: int) -> tuple:
    """A deck whose cut makes ``dealer`` deal: it cuts the only ace, every other seat a king."""
    kings = iter(parse_cards("KS KH KD"))
    cuts = [parse_card("AS") if seat == dealer else next(kings) for seat in range(players)]
    return complete_deck(tuple(cuts))


def seated_deck(
    dealer: int, hands: dict[int, str], *, starter: str, crib_from_deck: str = ""
) -> tuple:
    """A deck that deals each seat its ``hands`` cards one at a time from the dealer's left,
    then puts ``crib_from_deck`` in the crib and turns ``starter``."""
    seats = tuple(sorted(hands))
    parsed = {seat: parse_cards(cards) for seat, cards in hands.items()}
    order = seats_from_left_of(seats, dealer)
    dealt = [parsed[seat][round_] for round_ in range(len(parsed[dealer])) for seat in order]
    extra = parse_cards(crib_from_deck) if crib_from_deck else ()
    return complete_deck((*dealt, *extra, parse_card(starter)))


def seated_hand(
    options: MatchOptions,
    *,
    dealer: int,
    hands: dict[int, str],
    starter: str,
    crib_from_deck: str = "",
) -> MatchState:
    """A match of ``options.players`` whose first hand has just been dealt ``hands``."""
    state, _ = apply(new_match(options), Shuffle(cut_deck_for(dealer, options.players)))
    deck = seated_deck(dealer, hands, starter=starter, crib_from_deck=crib_from_deck)
    state, _ = apply(state, Shuffle(deck))
    return state


def discard_all(state: MatchState, throws: dict[int, str]) -> tuple[MatchState, list[Event]]:
    """Every seat throws its ``throws`` cards, in seat order."""
    events: list[Event] = []
    for seat, cards in sorted(throws.items()):
        state, step = apply(state, Discard(seat, parse_cards(cards)))
        events.extend(step)
    return state, events
