"""Solitaire Cribbage (rules document 001, "Variations"): one player, one deck, no pegging.

Each round deals three cards to the hand, two face down to the crib, three more to the hand;
the player throws two of the six to the crib; the top card of the stock is the starter (his
heels scores 2); the hand and the crib are counted; the starter goes to the bottom of the stock
and nothing is reshuffled. Six rounds use 48 cards; the four left (the last starter among them)
are counted as they lie, without a starter. Passing 90 (91 or more) wins; 121 or more is a big
win. The game always plays all six rounds and the last four: the score may pass 121.

Two modes: ``"auto"`` counts every hand itself; ``"count"`` asks the player to count each one
(hand, crib, the last four) and checks the claim: a wrong count is refused and counted as a miss,
the player counts again (no Muggins: nobody else is at the table).

Pure and deterministic like the rest of the engine: the deck is an input.

>>> from games.engine.cards import full_deck
>>> state = solitaire_start(full_deck(), mode="auto")
>>> state.round, state.phase, len(state.hand), len(state.crib)
(1, 'throw', 6, 2)
>>> state = solitaire_apply(state, {"type": "throw", "cards": [str(state.hand[0]), str(state.hand[1])]})
>>> state.phase, len(state.hand), len(state.crib), state.starter is not None
('counted', 4, 4, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.engine.cards import Card, full_deck, parse_card
from games.engine.errors import IllegalAction
from games.engine.scoring import ScoreItem, score_show
from games.engine.scoring_rules import JACK

SOLITAIRE_ROUNDS = 6
SOLITAIRE_MODES = ("auto", "count")
WIN_SCORE = 91
"""Passing the skunk line at 90 wins."""
BIG_WIN_SCORE = 121
HEELS_POINTS = 2
LAST_FOUR = 4
MAX_CLAIM = 29


class SolitaireError(IllegalAction):
    """An action solitaire does not allow now (code names which rule)."""


@dataclass(frozen=True, slots=True)
class SolitaireCount:
    """One counted hand: ``subject`` is "heels", "hand", "crib" or "last_four"."""

    subject: str
    cards: tuple[Card, ...]
    starter: Card | None
    items: tuple[ScoreItem, ...]
    total: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "subject": self.subject,
            "cards": [str(card) for card in self.cards],
            "starter": None if self.starter is None else str(self.starter),
            "items": [item.to_dict() for item in self.items],
            "total": self.total,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SolitaireCount:
        return cls(
            data["subject"],
            tuple(parse_card(text) for text in data["cards"]),
            None if data["starter"] is None else parse_card(data["starter"]),
            tuple(
                ScoreItem(item["kind"], tuple(parse_card(c) for c in item["cards"]), item["points"])
                for item in data["items"]
            ),
            data["total"],
        )


def _card_texts(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def _parsed_cards(texts: Sequence[str]) -> tuple[Card, ...]:
    return tuple(parse_card(text) for text in texts)


@dataclass(frozen=True, slots=True)
class SolitaireState:
    """Where a game of solitaire stands.

    ``stock``: the undealt cards, top first (never shown to the player). ``phase``: "throw"
    (six cards in hand), "count" (a count is waiting for the player's claim, ``pending``),
    "counted" (the round is counted: next), "over". ``counts``: this round's counts so far.
    ``rounds``: each finished round's points (the last four are the seventh entry).
    """

    mode: str
    stock: tuple[Card, ...]
    round: int
    phase: str
    hand: tuple[Card, ...]
    crib: tuple[Card, ...]
    starter: Card | None
    score: int
    counts: tuple[SolitaireCount, ...]
    pending: str | None
    misses: int
    rounds: tuple[int, ...]

    @property
    def finished(self) -> bool:
        return self.phase == "over"

    @property
    def outcome(self) -> str | None:
        """ "big win" (121 or more), "win" (passed 90) or "loss", once the game is over."""
        if not self.finished:
            return None
        if self.score >= BIG_WIN_SCORE:
            return "big win"
        return "win" if self.score >= WIN_SCORE else "loss"

    def to_dict(self) -> dict[str, Any]:
        cards = _card_texts
        return {
            "mode": self.mode,
            "stock": cards(self.stock),
            "round": self.round,
            "phase": self.phase,
            "hand": cards(self.hand),
            "crib": cards(self.crib),
            "starter": None if self.starter is None else str(self.starter),
            "score": self.score,
            "counts": [count.to_dict() for count in self.counts],
            "pending": self.pending,
            "misses": self.misses,
            "rounds": list(self.rounds),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SolitaireState:
        cards = _parsed_cards
        return cls(
            mode=data["mode"],
            stock=cards(data["stock"]),
            round=data["round"],
            phase=data["phase"],
            hand=cards(data["hand"]),
            crib=cards(data["crib"]),
            starter=None if data["starter"] is None else parse_card(data["starter"]),
            score=data["score"],
            counts=tuple(SolitaireCount.from_dict(count) for count in data["counts"]),
            pending=data["pending"],
            misses=data["misses"],
            rounds=tuple(data["rounds"]),
        )


def solitaire_start(deck: Sequence[Card], *, mode: str = "auto") -> SolitaireState:
    """The first round dealt from ``deck`` (52 distinct cards, top first)."""
    if mode not in SOLITAIRE_MODES:
        raise SolitaireError("bad_mode", f"mode must be one of {SOLITAIRE_MODES}, not {mode!r}")
    deck = tuple(deck)
    if len(deck) != len(full_deck()) or set(deck) != set(full_deck()):
        raise SolitaireError("bad_deck", "solitaire needs a whole deck of 52 different cards")
    empty = SolitaireState(mode, deck, 0, "counted", (), (), None, 0, (), None, 0, ())
    return _deal(empty)


def _deal(state: SolitaireState) -> SolitaireState:
    """Three to the hand, two face down to the crib, three more to the hand."""
    stock = state.stock
    return replace(
        state,
        stock=stock[8:],
        round=state.round + 1,
        phase="throw",
        hand=stock[0:3] + stock[5:8],
        crib=stock[3:5],
        starter=None,
        counts=(),
        pending=None,
    )


def last_four_count(cards: Sequence[Card]) -> SolitaireCount:
    """The last four cards counted as they lie: fifteens, pairs, runs, and a flush only if all
    four share a suit; no starter, so no nobs."""
    cards = tuple(cards)
    breakdown = score_show(cards[:3], cards[3])
    flush = len({card.suit for card in cards}) == 1
    items = tuple(
        item for item in breakdown.items if item.kind != "nobs" and (item.kind != "flush" or flush)
    )
    return SolitaireCount("last_four", cards, None, items, sum(item.points for item in items))


def _show_count(subject: str, cards: tuple[Card, ...], starter: Card) -> SolitaireCount:
    breakdown = score_show(cards, starter, crib=subject == "crib")
    return SolitaireCount(subject, cards, starter, breakdown.items, breakdown.total)


def _count_of(state: SolitaireState, subject: str) -> SolitaireCount:
    if subject == "last_four":
        return last_four_count(state.hand)
    cards = state.hand if subject == "hand" else state.crib
    assert state.starter is not None
    return _show_count(subject, cards, state.starter)


def _counted(state: SolitaireState, count: SolitaireCount) -> SolitaireState:
    return replace(state, score=state.score + count.total, counts=(*state.counts, count))


def _count_rest(state: SolitaireState, subjects: tuple[str, ...]) -> SolitaireState:
    """Count ``subjects`` in order: at once in auto mode; in count mode the first waits."""
    if not subjects:
        round_points = sum(count.total for count in state.counts)
        done = replace(state, pending=None, rounds=(*state.rounds, round_points))
        last = bool(state.counts) and state.counts[-1].subject == "last_four"
        return replace(done, phase="over" if last else "counted")
    if state.mode == "count":
        return replace(state, phase="count", pending=subjects[0])
    return _count_rest(_counted(state, _count_of(state, subjects[0])), subjects[1:])


def _subjects_after(subject: str) -> tuple[str, ...]:
    return {"hand": ("crib",), "crib": (), "last_four": ()}[subject]


def solitaire_apply(state: SolitaireState, action: dict[str, Any]) -> SolitaireState:
    """The state after ``action``: ``{"type": "throw", "cards": [two cards]}``,
    ``{"type": "claim", "points": n}`` (count mode) or ``{"type": "next"}``.

    Raises :class:`SolitaireError` for anything not allowed now, changing nothing.
    """
    kind = action.get("type") if isinstance(action, dict) else None
    if kind == "throw":
        return _throw(state, action.get("cards"))
    if kind == "claim":
        return _claim(state, action.get("points"))
    if kind == "next":
        return _next(state)
    raise SolitaireError("bad_action", "solitaire takes throw, claim or next")


def _throw(state: SolitaireState, texts: Any) -> SolitaireState:
    if state.phase != "throw":
        raise SolitaireError("not_throwing", "the two cards for the crib are already thrown")
    if not isinstance(texts, list) or len(texts) != 2 or not all(isinstance(t, str) for t in texts):
        raise SolitaireError("bad_throw", "throw exactly two cards from the hand")
    thrown = tuple(parse_card(text) for text in texts)
    if len(set(thrown)) != 2 or not set(thrown) <= set(state.hand):
        raise SolitaireError("bad_throw", "throw two different cards from the hand")
    kept = tuple(card for card in state.hand if card not in thrown)
    starter, stock = state.stock[0], state.stock[1:]
    after = replace(state, hand=kept, crib=state.crib + thrown, starter=starter, stock=stock)
    if starter.rank == JACK:
        heels = SolitaireCount("heels", (starter,), starter, (), HEELS_POINTS)
        after = _counted(after, heels)
    return _count_rest(after, ("hand", "crib"))


def _claim(state: SolitaireState, points: Any) -> SolitaireState:
    if state.phase != "count" or state.pending is None:
        raise SolitaireError("no_claim", "there is nothing to count now")
    if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= MAX_CLAIM:
        raise SolitaireError("bad_claim", f"a count is a whole number from 0 to {MAX_CLAIM}")
    count = _count_of(state, state.pending)
    if points != count.total:
        return replace(state, misses=state.misses + 1)
    return _count_rest(_counted(state, count), _subjects_after(state.pending))


def _next(state: SolitaireState) -> SolitaireState:
    if state.phase != "counted":
        raise SolitaireError("not_counted", "finish this round first")
    assert state.starter is not None
    stock = (*state.stock, state.starter)  # the starter to the bottom; no reshuffle
    if state.round < SOLITAIRE_ROUNDS:
        return _deal(replace(state, stock=stock))
    # After six rounds the four cards left are the last hand, counted as they lie.
    last = replace(
        state,
        stock=(),
        round=SOLITAIRE_ROUNDS + 1,
        hand=stock,
        crib=(),
        starter=None,
        counts=(),
    )
    return _count_rest(last, ("last_four",))


def solitaire_view(state: SolitaireState) -> dict[str, Any]:
    """What the player may see: never the stock, nor the crib's face-down cards before the
    throw; a count's breakdown only once it is counted."""
    data = state.to_dict()
    data.pop("stock")
    data["stock_count"] = len(state.stock)
    if state.phase == "throw":
        data["crib"] = []
        data["crib_count"] = len(state.crib)
    else:
        data["crib_count"] = len(state.crib)
    data["outcome"] = state.outcome
    data["rounds_total"] = SOLITAIRE_ROUNDS
    return data
