"""Provably fair shuffles: commit to a deck before it is used, reveal it when it no longer matters.

Before a deal the server sends ``commitment = SHA-256("cribbage-shuffle-v1:" + deck + ":" + salt)``
(the deck as 52 two-character cards joined by spaces, the salt 64 lowercase hex characters).
After the hand it reveals the deck and the salt, and anyone can recompute the hash and check
that the cards dealt and the starter came from that deck. The salt makes the commitment
unguessable: without it a player could try the hash of every deck consistent with what they see.
The same algorithm is written out in docs/protocol.md for the page and for people.

>>> deck = [str(card) for card in DECK]
>>> commitment = commitment_for(deck, "00" * 32)
>>> verify_commitment(deck=deck, salt="00" * 32, commitment=commitment)
True
>>> verify_commitment(deck=deck[::-1], salt="00" * 32, commitment=commitment)
False
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.engine.cards import DECK

PREFIX = "cribbage-shuffle-v1:"
SALT_BYTES = 32
FULL_DECK = frozenset(str(card) for card in DECK)


def canonical_text(deck: Sequence[str], salt: str) -> str:
    """The exact text hashed for a commitment."""
    return f"{PREFIX}{' '.join(deck)}:{salt}"


def commitment_for(deck: Sequence[str], salt: str) -> str:
    """SHA-256 of the canonical text, lowercase hex."""
    return hashlib.sha256(canonical_text(deck, salt).encode("utf-8")).hexdigest()


def new_salt() -> str:
    """A fresh secret salt from the operating system's secure source."""
    return secrets.token_hex(SALT_BYTES)


def deck_problem(deck: Sequence[str]) -> str | None:
    """Why ``deck`` is not a full deck of 52 distinct cards in text form, or None."""
    if len(deck) != 52:
        return f"a deck has 52 cards, not {len(deck)}"
    if set(deck) != FULL_DECK:
        return "the deck is not the 52 distinct cards (a card is missing, repeated or misspelt)"
    return None


def verify_commitment(*, deck: Sequence[str], salt: str, commitment: str) -> bool:
    """True when ``deck`` and ``salt`` are a full deck and hash to ``commitment``."""
    if deck_problem(deck) is not None:
        return False
    return hmac.compare_digest(commitment_for(deck, salt), commitment.strip().lower())


@dataclass(frozen=True)
class Deal:
    """What a deck gives a hand: each seat's dealt cards and the starter."""

    hands: dict[int, list[str]]
    starter: str


def deal_from_deck(
    deck: Sequence[str],
    *,
    dealer: int,
    hand_size: int,
    seats: int = 2,
    dealer_hand_size: int | None = None,
) -> Deal:
    """The cards a deck deals (docs/engine.md: one at a time from the dealer's left, round and
    round while anyone is owed a card; with three players one card to the crib, unless the
    dealer takes six (``dealer_hand_size``); the starter after)."""
    order = [(dealer + 1 + offset) % seats for offset in range(seats)]
    wanted = {seat: hand_size for seat in order}
    if dealer_hand_size is not None:
        wanted[dealer] = dealer_hand_size
    hands: dict[int, list[str]] = {seat: [] for seat in range(seats)}
    position = 0
    while any(len(hands[seat]) < wanted[seat] for seat in order):
        for seat in order:
            if len(hands[seat]) < wanted[seat]:
                hands[seat].append(deck[position])
                position += 1
    crib_from_deck = 1 if seats == 3 and dealer_hand_size is None else 0
    return Deal(hands=hands, starter=deck[position + crib_from_deck])


ROLES = ("pone", "dealer")
# Seat numbers for a two-handed deal seen from one player: any dealer works, the order is relative.
_DEALER_SEAT = 1


def verify_deal(
    *,
    deck: Sequence[str],
    hand_size: int,
    role: str | None = None,
    dealt: Sequence[str] | None = None,
    starter: str | None = None,
    cuts: Sequence[str] | None = None,
) -> list[str]:
    """Problems with what one player saw against a revealed deck (empty: it all matches).

    ``role`` is the player's seat in that hand (``"pone"`` or ``"dealer"``), ``dealt`` the cards
    they were dealt in any order, ``starter`` the card cut; each is checked only when given.
    The deal is :func:`deal_from_deck`, the order the engine deals in. ``cuts`` is for a deck
    drawn to cut for the first deal instead: the cards cut by seat 0 and seat 1, in that order,
    which are the deck's top cards.

    >>> deck = [str(card) for card in DECK]
    >>> verify_deal(deck=deck, hand_size=6, role="pone", dealt=deck[0:12:2], starter=deck[12])
    []
    >>> verify_deal(deck=deck, hand_size=6, starter=deck[13])
    ['the starter was 4H, but the committed deck cuts 4S']
    """
    if role is not None and role not in ROLES:
        raise ValueError(f"role is one of {ROLES}, not {role!r}")
    deal = deal_from_deck(deck, dealer=_DEALER_SEAT, hand_size=hand_size)
    problems: list[str] = []
    if dealt is not None:
        if role is None:
            raise ValueError("checking dealt cards needs the player's role (pone or dealer)")
        seat = _DEALER_SEAT if role == "dealer" else 1 - _DEALER_SEAT
        expected = deal.hands[seat]
        if len(dealt) != hand_size:
            problems.append(f"{len(dealt)} cards listed as dealt, but a hand is {hand_size} cards")
        elif sorted(dealt) != sorted(expected):
            problems.append(
                f"the {role} was dealt {' '.join(dealt)}, but the committed deck deals the "
                f"{role} {' '.join(expected)}"
            )
    if starter is not None and starter != deal.starter:
        problems.append(f"the starter was {starter}, but the committed deck cuts {deal.starter}")
    if cuts is not None and list(cuts) != list(deck[: len(cuts)]):
        problems.append(
            f"the cuts for deal were {' '.join(cuts)}, but the committed deck gives "
            f"{' '.join(deck[: len(cuts)])}"
        )
    return problems


def verify_log(
    *, shuffles: Sequence[Mapping[str, Any]], events: Sequence[Mapping[str, Any]], hand_size: int
) -> list[str]:
    """Problems found checking a match's shuffles against its full event log (empty: all fair).

    ``shuffles``: ``{"number", "purpose", "deck", "salt", "commitment"}`` as stored.
    ``events``: ``{"seq", "type", "public", "private"}`` in order, private parts included.
    Each commitment must be the hash of its deck and salt and match the one announced before
    use; each cut and each deal (both hands and the starter) must be what the deck gives.
    """
    problems: list[str] = []
    by_number = {shuffle["number"]: shuffle for shuffle in shuffles}
    current: Mapping[str, Any] | None = None
    for event in events:
        kind, public = event["type"], event["public"]
        if kind == "shuffle_committed":
            current = by_number.get(public["shuffle"])
            if current is None:
                problems.append(f"event {event['seq']}: shuffle {public['shuffle']} is not stored")
                continue
            if not verify_commitment(
                deck=current["deck"], salt=current["salt"], commitment=public["commitment"]
            ):
                problems.append(
                    f"shuffle {current['number']}: deck and salt do not hash to the commitment sent"
                )
        elif kind == "shuffle_revealed":
            stored = by_number.get(public["shuffle"])
            if (
                stored is None
                or list(public["deck"]) != list(stored["deck"])
                or public["salt"] != stored["salt"]
            ):
                problems.append(
                    f"event {event['seq']}: the revealed deck or salt differs from the stored one"
                )
            elif not verify_commitment(
                deck=public["deck"], salt=public["salt"], commitment=public["commitment"]
            ):
                problems.append(
                    f"event {event['seq']}: the revealed deck and salt do not match the commitment"
                )
        elif current is None:
            continue
        elif kind == "cut_for_deal":
            if list(public["cuts"]) != list(current["deck"][: len(public["cuts"])]):
                problems.append(
                    f"event {event['seq']}: the cut for deal is not the committed deck's top cards"
                )
        elif kind == "hand_started":
            deal = deal_from_deck(current["deck"], dealer=public["dealer"], hand_size=hand_size)
            for seat, part in event["private"].items():
                if sorted(part.get("cards", [])) != sorted(deal.hands[int(seat)]):
                    problems.append(
                        f"event {event['seq']}: seat {seat} was not dealt the committed cards"
                    )
            current = {**current, "starter": deal.starter}
        elif (
            kind == "starter_cut" and "starter" in current and public["card"] != current["starter"]
        ):
            problems.append(f"event {event['seq']}: the starter is not the committed deck's card")
    return problems
