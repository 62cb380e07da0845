"""Checking what one viewer was sent against what it was allowed to know at that moment.

The ground truth comes from the server-only decks (``Shuffle`` rows), never from the frames
themselves: a seat may know its own dealt cards, the cut cards, the starter once cut, cards
once played or shown, and a whole deck once ``shuffle_revealed`` says its hand is over.

Every frame a connection receives is checked, not only ``event`` frames: ``hello`` (its view and
everything around it), ``synced`` and the events it replays, ``ack``, ``error`` (a message may
name cards) and ``pong``. A frame of any other type is itself a problem, so a new kind of frame
cannot slip past unchecked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from games.fairness import deal_from_deck

CARD = re.compile(r"^[A2-9TJQK][SHDC]$")
CARD_IN_TEXT = re.compile(r"(?<![A-Za-z0-9])[A2-9TJQK][SHDC](?![A-Za-z0-9])")
HAND_OVER = {"hand_ended", "game_ended", "match_ended", "cut_for_deal"}
SECRET_KEYS = {"deck", "salt"}
FRAME_KEYS = {
    "ack": {"type", "action_id", "seq", "duplicate"},
    "error": {"type", "code", "message", "action_id"},
    "synced": {"type", "seq", "events"},
    "events": {"type", "events"},
    "pong": {"type"},
}


def cards_in(value: Any) -> set[str]:
    """Every card-looking string anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(item) for item in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(item) for item in value)) if value else set()
    return set()


def keys_in(value: Any) -> set[str]:
    """Every object key anywhere in a JSON value."""
    if isinstance(value, dict):
        return set(value).union(*(keys_in(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(keys_in(item) for item in value)) if value else set()
    return set()


def newly_public(event: dict[str, Any]) -> set[str]:
    """Cards an event makes public to everyone."""
    kind, data = event["type"], event["data"]
    if kind == "card_played":
        return {data["card"]}
    if kind == "starter_cut":
        return {data["card"]}
    if kind == "hand_shown":
        return set(data["cards"]) | {data["starter"]}
    if kind == "cut_for_deal":
        return set(data["cuts"])
    return set()


class LeakCheck:
    """Follows one viewer's frames in the order received, knowing what it may know so far."""

    def __init__(
        self, *, seat: int | None, decks: dict[int, list[str]], hand_size: int, seats: int = 2
    ) -> None:
        self.seat = seat
        self.seats = seats
        self.decks = decks
        self.hand_size = hand_size
        self.dealer_hand_size: int | None = None
        self.problems: list[str] = []
        self.known: set[str] = set()
        self.known_last_hand: set[str] = set()
        self.committed: int | None = None
        self.hand_over = True
        self.events_by_seq: dict[int, dict[str, Any]] = {}

    def frame(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "hello":
            self._hello(frame)
        elif kind == "event":
            self._event(frame["seq"], frame["event"])
        elif kind in FRAME_KEYS:
            self._other(kind, frame)
        else:
            self.problems.append(f"a {kind!r} frame, which the leak check does not know")

    def _deal_for(self, dealer: int) -> set[str]:
        if self.seat is None or self.committed is None:
            return set()
        deal = deal_from_deck(
            self.decks[self.committed],
            dealer=dealer,
            hand_size=self.hand_size,
            seats=self.seats,
            dealer_hand_size=self.dealer_hand_size,
        )
        return set(deal.hands[self.seat])

    def _hello(self, hello: dict[str, Any]) -> None:
        """A fresh start: what the viewer may know is what its view may show."""
        view = hello["view"]
        if view.get("options", {}).get("deal") == "dealer_six":
            self.dealer_hand_size = 6
        self.committed = hello["fairness"]["shuffle"] if hello["fairness"] else None
        self.hand_over = self.committed is None
        known = self._deal_for(view["dealer"]) if view["dealer"] is not None else set()
        known |= set(view["cuts"] or []) | ({view["starter"]} - {None})
        known |= {card for _, card in view["played"]}
        known |= {card for shown in view["shown"] for card in cards_in(shown)}
        # An open Muggins window keeps what its claim counted: cards shown or played when the
        # claim was made, public even after the next deal.
        known |= cards_in(view.get("muggins"))
        self.known, self.known_last_hand = known, set()
        secret = cards_in(hello) - known
        if secret:
            self.problems.append(f"hello shows {sorted(secret)} to seat {self.seat}")
        if keys_in(hello) & SECRET_KEYS:
            self.problems.append("hello carries a deck or salt")

    def _other(self, kind: str, frame: dict[str, Any]) -> None:
        if set(frame) != FRAME_KEYS[kind]:
            self.problems.append(f"{kind} has fields {sorted(frame)}")
            return
        if kind in ("synced", "events"):
            for inner in frame["events"]:
                if inner.get("type") != "event":
                    self.problems.append(f"{kind} holds a {inner.get('type')!r} frame")
                else:
                    self._event(inner["seq"], inner["event"])
        elif kind == "error":
            named = set(CARD_IN_TEXT.findall(frame["message"]))
            secret = named - self.known
            if secret:
                self.problems.append(
                    f"error {frame['code']} names {sorted(secret)} to seat {self.seat}"
                )

    def _event(self, seq: int, event: dict[str, Any]) -> None:
        earlier = self.events_by_seq.get(seq)
        if earlier is not None:
            # Sent again (a sync replays what the viewer already has): it must be the same event.
            if earlier != event:
                self.problems.append(f"seq {seq}: sent twice with different contents")
            return
        self.events_by_seq[seq] = event
        kind, data = event["type"], event["data"]
        if keys_in(data) & SECRET_KEYS and kind != "shuffle_revealed":
            self.problems.append(f"seq {seq}: {kind} carries a deck or salt")
        if kind == "shuffle_committed":
            self.committed, self.hand_over = data["shuffle"], False
            return
        if kind == "shuffle_revealed":
            if data["shuffle"] == self.committed and not self.hand_over:
                self.problems.append(
                    f"seq {seq}: deck {self.committed} revealed before its hand was over"
                )
            return
        if kind in HAND_OVER:
            self.hand_over = True
        if kind == "hand_started":
            self.dealer_hand_size = data.get("dealer_hand_size")
            self.known_last_hand, self.known = self.known, self._deal_for(data["dealer"])
        self.known |= newly_public(event)
        secret = cards_in(data) - self.known
        if (
            kind == "claim_made"
            and data["muggins"] is not None
            and data["pegged"] != data["claimed"]
        ):
            # Pegging less than claimed while Muggins may still be called gives the truth away.
            self.problems.append(f"seq {seq}: claim_made shows the truth to seat {self.seat}")
        if kind == "score_revealed":
            # A Muggins window may close after the next deal; it explains the last hand's cards.
            secret -= self.known_last_hand
        if secret:
            self.problems.append(f"seq {seq}: {kind} shows {sorted(secret)} to seat {self.seat}")


def leaks(
    frames: Iterable[dict[str, Any]],
    *,
    seat: int | None,
    decks: dict[int, list[str]],
    hand_size: int,
    hello: dict[str, Any] | None = None,
    seats: int = 2,
) -> list[str]:
    """Problems in every frame one viewer received, in order (empty: nothing leaked).

    ``frames`` may start with the connection's ``hello`` (or ``hello`` may be passed on its own,
    for frames that did not start with the match); a later ``hello`` (a sync answered with a
    fresh view) starts the viewer's knowledge afresh from that view.
    """
    check = LeakCheck(seat=seat, decks=decks, hand_size=hand_size, seats=seats)
    if hello is not None:
        check.frame({**hello, "type": "hello"})
    for frame in frames:
        check.frame(frame)
    return check.problems
