"""The engine's front door: start a match, ask who may act and how, and apply actions.

``apply`` checks an action completely before touching anything, so an illegal action raises
:class:`IllegalAction` with a machine-readable code and the caller's state is unchanged (states
are immutable in any case). Chance is an action too (:class:`Shuffle`), applied by the caller
whenever :func:`needs_shuffle` is true, so a match is rebuilt exactly from its options and its
action list (:func:`replay`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import combinations

from games.engine.actions import (
    RESIGN_REASONS,
    Action,
    Claim,
    Discard,
    Muggins,
    MugginsPass,
    Play,
    Resign,
    Shuffle,
)
from games.engine.cards import DECK, Card
from games.engine.claims import (
    MAX_CLAIM,
    call_muggins,
    held_by_window,
    make_claim,
    muggins_callers,
    pass_muggins,
)
from games.engine.crib import discard, discard_size
from games.engine.draft import Draft
from games.engine.errors import IllegalAction
from games.engine.events import Event
from games.engine.match import cut_for_deal, deal_hand, resign
from games.engine.options import MatchOptions
from games.engine.play import MAX_COUNT, play_card, playable_cards
from games.engine.state import MatchState, initial_state

ALL_CARDS = frozenset(DECK)
DISCARD_WORDS = {1: "one card", 2: "two different cards"}


def new_match(options: MatchOptions | None = None, seats: int | None = None) -> MatchState:
    """A match waiting for its first shuffle (the cut for deal).

    The number of seats is ``options.players``; ``seats``, if given, must agree with it.
    """
    options = options or MatchOptions()
    if seats is not None and seats != options.players:
        raise IllegalAction(
            "bad_seat", f"these options seat {options.players} players, not {seats!r}"
        )
    return initial_state(options, options.players)


def shuffled_deck(rng: random.Random) -> tuple[Card, ...]:
    """A shuffled 52-card deck drawn from ``rng`` (anything with ``shuffle``)."""
    deck = list(DECK)
    rng.shuffle(deck)
    return tuple(deck)


def needs_shuffle(state: MatchState) -> bool:
    """True when the next step is chance: the cut for deal, or the deal of a hand."""
    return state.phase in ("cut_for_deal", "deal")


def seats_to_act(state: MatchState) -> set[int]:
    """Seats that may act now (resigning aside, which is always open until the match ends)."""
    if state.phase == "match_over":
        return set()
    seats: set[int] = set(muggins_callers(state))
    if state.phase == "discard":
        seats.update(seat for seat in state.seats if state.discards[seat] is None)
    mover = _mover(state)
    if mover is not None and not held_by_window(state, mover):
        seats.add(mover)
    return seats


def _mover(state: MatchState) -> int | None:
    """The seat whose claim is pending, else the seat to play a card (None: neither)."""
    if state.pending is not None:
        return state.pending.seat
    if state.phase == "play":
        return state.turn
    return None


def seats_waited_on(state: MatchState) -> set[int]:
    """Seats the game cannot go on without: :func:`seats_to_act` less the seats whose only
    move is an optional Muggins call. A turn-based clock runs for these alone.

    In a turn-based match an open window that holds the claimant's side makes its first caller
    (``window.caller``) one of them when no opponent has another move: the window must be
    called or passed before the claimant's side may go on.
    """
    if state.phase == "match_over":
        return set()
    seats: set[int] = set()
    if state.phase == "discard":
        seats.update(seat for seat in state.seats if state.discards[seat] is None)
    mover = _mover(state)
    if mover is not None:
        if held_by_window(state, mover):
            assert state.window is not None, "only an open window holds a seat"
            callers = set(muggins_callers(state))
            if not seats & callers:
                seats.add(state.window.caller)
        else:
            seats.add(mover)
    return seats


def legal_actions(state: MatchState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now, except :class:`Resign` (always allowed, never listed).

    A pending claim lists ``Claim(seat, p)`` for every p from 0 to 29; only the truth is worth
    claiming, but a claim of any of these is legal. An open Muggins window lists
    ``Muggins(seat, p)`` for every p from 1 to 29 (the points the caller says the claim was
    wrong by), then ``Muggins(seat)`` (the form that names the true difference; see
    :class:`Muggins`).
    """
    _check_seat(state, seat)
    if state.phase == "match_over":
        return []
    actions: list[Action] = []
    if state.phase == "discard" and state.discards[seat] is None:
        size = discard_size(state, seat)
        actions.extend(Discard(seat, cards) for cards in combinations(state.held[seat], size))
    if held_by_window(state, seat):
        pass  # a turn-based window holds the claimant's side: no card, no claim
    elif state.pending is not None:
        if state.pending.seat == seat:
            actions.extend(Claim(seat, points) for points in range(MAX_CLAIM + 1))
    elif state.phase == "play" and state.turn == seat:
        actions.extend(Play(seat, card) for card in playable_cards(state.held[seat], state.count))
    if seat in muggins_callers(state):
        actions.extend(Muggins(seat, points) for points in range(1, MAX_CLAIM + 1))
        actions.append(Muggins(seat))
        if state.options.turn_based:
            actions.append(MugginsPass(seat))
    return actions


def apply(state: MatchState, action: Action) -> tuple[MatchState, list[Event]]:
    """Apply one action; return the new state and the events it caused.

    Raises :class:`IllegalAction` (codes in docs/engine.md) and leaves ``state`` unchanged.
    """
    if state.phase == "match_over":
        raise IllegalAction("match_over", "the match is over")
    if isinstance(action, Shuffle):
        deck = _check_shuffle(state, action)
        draft = Draft(state)
        if state.phase == "cut_for_deal":
            cut_for_deal(draft, deck)
        else:
            deal_hand(draft, deck)
    elif isinstance(action, Discard):
        cards = _check_discard(state, action)
        draft = Draft(state)
        discard(draft, action.seat, cards)
    elif isinstance(action, Play):
        _check_play(state, action)
        draft = Draft(state)
        play_card(draft, action.seat, action.card)
    elif isinstance(action, Claim):
        _check_claim(state, action)
        draft = Draft(state)
        make_claim(draft, action.seat, action.points)
    elif isinstance(action, Muggins):
        _check_muggins(state, action)
        draft = Draft(state)
        call_muggins(draft, action.seat, action.points)
    elif isinstance(action, MugginsPass):
        _check_muggins_pass(state, action)
        draft = Draft(state)
        pass_muggins(draft)
    elif isinstance(action, Resign):
        _check_resign(state, action)
        draft = Draft(state)
        resign(draft, action.seat, action.reason)
    else:
        raise IllegalAction("bad_action", f"not an action: {action!r}")
    return draft.freeze(), draft.events


def replay(
    options: MatchOptions, actions: Iterable[Action], seats: int | None = None
) -> tuple[MatchState, list[Event]]:
    """Rebuild a match from its options and action list; returns the state and all events.

    ``seats`` is as for :func:`new_match` (the options decide it)."""
    state = new_match(options, seats)
    events: list[Event] = []
    for action in actions:
        state, step_events = apply(state, action)
        events.extend(step_events)
    return state, events


def _check_seat(state: MatchState, seat: object) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in state.seats:
        raise IllegalAction("bad_seat", f"there is no seat {seat!r} in this match")


def _check_resign(state: MatchState, action: Resign) -> None:
    """Resigning is always open; abandoning, or losing on time, only while the game waits on
    that seat (a player the game is not waiting on is holding nothing up, and has no clock
    running)."""
    _check_seat(state, action.seat)
    if action.reason not in RESIGN_REASONS:
        raise IllegalAction("bad_action", f"a resignation's reason is one of {RESIGN_REASONS}")
    if action.reason in ("abandoned", "time") and action.seat not in seats_to_act(state):
        raise IllegalAction(
            "not_waiting_on_seat",
            f"the game is not waiting on seat {action.seat}, so it cannot lose by {action.reason}",
        )


def _check_shuffle(state: MatchState, action: Shuffle) -> tuple[Card, ...]:
    if not needs_shuffle(state):
        raise IllegalAction("wrong_phase", f"no shuffle is needed during the {state.phase}")
    deck = tuple(action.deck) if isinstance(action.deck, (tuple, list)) else ()
    if len(deck) != len(DECK) or set(deck) != ALL_CARDS:
        raise IllegalAction("bad_deck", "a shuffle must hold each of the 52 cards exactly once")
    return deck


def _check_discard(state: MatchState, action: Discard) -> tuple[Card, ...]:
    _check_seat(state, action.seat)
    if state.phase != "discard":
        raise IllegalAction(
            "wrong_phase", f"cards are discarded before the play, not in the {state.phase}"
        )
    if state.discards[action.seat] is not None:
        raise IllegalAction("not_your_turn", "you have already discarded to the crib")
    cards = tuple(action.cards) if isinstance(action.cards, (tuple, list)) else ()
    size = discard_size(state, action.seat)
    if (
        len(cards) != size
        or not all(isinstance(card, Card) for card in cards)
        or len(set(cards)) != size
    ):
        raise IllegalAction("bad_discard", f"discard exactly {DISCARD_WORDS[size]}")
    for card in cards:
        if card not in state.held[action.seat]:
            raise IllegalAction("card_not_in_hand", f"{card} is not in your hand")
    return cards


def _check_not_held(state: MatchState, seat: int) -> None:
    if held_by_window(state, seat):
        raise IllegalAction(
            "muggins_window_open",
            "wait: your opponent may still call Muggins on the last claim",
        )


def _check_muggins_pass(state: MatchState, action: MugginsPass) -> None:
    _check_seat(state, action.seat)
    if not state.options.turn_based:
        raise IllegalAction(
            "muggins_not_allowed", "a Muggins call is passed only in a turn-based match"
        )
    if action.seat not in muggins_callers(state):
        raise IllegalAction("muggins_not_allowed", "there is no claim you can call Muggins on")


def _check_play(state: MatchState, action: Play) -> None:
    _check_seat(state, action.seat)
    _check_not_held(state, action.seat)
    if state.phase != "play":
        raise IllegalAction(
            "wrong_phase", f"cards are played in the play, not in the {state.phase}"
        )
    if state.pending is not None:
        raise IllegalAction(
            "claim_pending", f"seat {state.pending.seat} must claim its points first"
        )
    if state.turn != action.seat:
        raise IllegalAction("not_your_turn", "it is not your turn to play")
    card = action.card
    if not isinstance(card, Card) or card not in state.held[action.seat]:
        raise IllegalAction("card_not_in_hand", f"{card} is not in your hand")
    if state.count + card.value > MAX_COUNT:
        raise IllegalAction(
            "over_31", f"{card} would take the count from {state.count} past {MAX_COUNT}"
        )


def _check_claim(state: MatchState, action: Claim) -> None:
    _check_seat(state, action.seat)
    _check_not_held(state, action.seat)
    pending = state.pending
    if pending is None or pending.seat != action.seat:
        raise IllegalAction("no_claim_pending", "you have no points to claim now")
    points = action.points
    if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= MAX_CLAIM:
        raise IllegalAction("bad_claim", f"claim a whole number of points from 0 to {MAX_CLAIM}")


def _check_muggins(state: MatchState, action: Muggins) -> None:
    _check_seat(state, action.seat)
    if not state.options.muggins:
        raise IllegalAction("muggins_not_allowed", "Muggins is not played in this match")
    if action.seat not in muggins_callers(state):
        raise IllegalAction("muggins_not_allowed", "there is no claim you can call Muggins on")
    points = action.points
    if points is not None and (
        isinstance(points, bool) or not isinstance(points, int) or not 1 <= points <= MAX_CLAIM
    ):
        raise IllegalAction(
            "bad_muggins", f"name the points the claim was wrong by, from 1 to {MAX_CLAIM}"
        )


def match_started_event(state: MatchState) -> Event:
    """The first event of a match, for the server's log (the engine's own events follow it)."""
    return Event("match_started", {"options": state.options.to_dict(), "seats": list(state.seats)})
