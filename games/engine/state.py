"""The full state of a match: immutable values, JSON round-trip, server-only.

A :class:`MatchState` holds everything, including the deck and every hand, so it must never be
sent to a client as is: :func:`games.engine.views.view` decides what each viewer sees.

States are frozen and built only from tuples and other frozen values, so ``apply`` can make a
new state by copying the field references and replacing the few that change; the old state is
never touched.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, NamedTuple

from games.engine.cards import Card, parse_card
from games.engine.options import MatchOptions
from games.engine.seating import next_seat

PHASES = ("cut_for_deal", "deal", "discard", "play", "show", "match_over")
SUBJECTS = ("play", "heels", "hand", "crib")


class ScoreLine(NamedTuple):
    """One scoring combination: ``kind`` ("fifteen", "pair", ...), its cards and its points."""

    kind: str
    cards: tuple[Card, ...]
    points: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": [str(c) for c in self.cards], "points": self.points}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ScoreLine:
        return cls(data["kind"], tuple(parse_card(c) for c in data["cards"]), data["points"])


def lines_from_result(result: Any) -> tuple[ScoreLine, ...]:
    """Turn a scoring result (anything with ``.items`` of kind/cards/points) into lines."""
    return tuple(ScoreLine(item.kind, tuple(item.cards), item.points) for item in result.items)


def lines_to_list(lines: tuple[ScoreLine, ...]) -> list[dict[str, Any]]:
    return [line.to_dict() for line in lines]


@dataclass(frozen=True, slots=True)
class PendingClaim:
    """Manual scoring: ``seat`` must claim its points for ``subject`` before play goes on."""

    seat: int
    subject: str
    actual: int
    items: tuple[ScoreLine, ...]


@dataclass(frozen=True, slots=True)
class MugginsWindow:
    """A claim whose truth is not yet shown; ``caller`` may still call Muggins on it.

    ``cards`` and ``starter`` are what the claim counted (the hand or crib, the count's cards,
    the turned-up jack for heels). The crib's window stays open into the next deal, after the
    shown cards are gathered up, so the window keeps them: whoever may call Muggins can still
    see what was claimed.

    The claim was pegged as claimed: ``pegged_from`` and ``rear_before`` are the claimant's
    front and rear pegs before it, so closing the window can take an over-claim back to exactly
    where pegging the truth would have left the pegs. None: a window saved before claims were
    pegged as claimed (its claim already pegged the truth, so nothing is taken back).
    """

    caller: int
    claimant: int
    subject: str
    claimed: int
    actual: int
    items: tuple[ScoreLine, ...]
    cards: tuple[Card, ...] = ()
    starter: Card | None = None
    pegged_from: int | None = None
    rear_before: int | None = None


@dataclass(frozen=True, slots=True)
class ShownHand:
    """A hand or crib laid open in the show. ``items``/``total`` are None until revealed."""

    seat: int
    kind: str
    cards: tuple[Card, ...]
    items: tuple[ScoreLine, ...] | None
    total: int | None


@dataclass(frozen=True, slots=True)
class GameResult:
    """How the last game ended, kept until the next game's first deal."""

    winner: int
    scores: tuple[int, ...]
    skunk: str
    match_points: int


@dataclass(frozen=True)
class MatchState:
    """Everything about a match at one moment.

    Hand-level fields (``held``, ``kept``, ``discards``, ``series``, ...) are tuples indexed by
    seat. ``held`` is what a seat still holds (the dealt cards, then the kept ones, shrinking
    through the play); ``kept`` is the hand it keeps after discarding, counted in the show.
    """

    options: MatchOptions
    seats: tuple[int, ...]
    phase: str
    game: int
    hand: int
    dealer: int | None
    scores: tuple[int, ...]
    rear: tuple[int, ...]
    match_scores: tuple[int, ...]
    cuts: tuple[Card, ...] | None
    deck: tuple[Card, ...] | None
    held: tuple[tuple[Card, ...], ...]
    kept: tuple[tuple[Card, ...] | None, ...]
    discards: tuple[tuple[Card, ...] | None, ...]
    starter: Card | None
    count: int
    series: tuple[tuple[int, Card], ...]
    played: tuple[tuple[int, Card], ...]
    turn: int | None
    said_go: tuple[bool, ...]
    last_player: int | None
    show_step: int
    shown: tuple[ShownHand, ...]
    pending: PendingClaim | None
    window: MugginsWindow | None
    game_result: GameResult | None
    winner: int | None
    end_reason: str | None

    @property
    def pone(self) -> int | None:
        """The seat at the dealer's left (the non-dealer in the two-player game)."""
        if self.dealer is None:
            return None
        return next_seat(self.seats, self.dealer)

    @property
    def crib(self) -> tuple[Card, ...]:
        """The crib so far: the cards thrown, then any dealt to it from the deck."""
        return crib_of(self.options, self.discards, self.deck)

    def to_dict(self) -> dict[str, Any]:
        """Full JSON form (includes the deck and all hands: server storage only)."""
        return {
            "options": self.options.to_dict(),
            "seats": list(self.seats),
            "phase": self.phase,
            "game": self.game,
            "hand": self.hand,
            "dealer": self.dealer,
            "scores": list(self.scores),
            "rear": list(self.rear),
            "match_scores": list(self.match_scores),
            "cuts": _cards_or_none(self.cuts),
            "deck": _cards_or_none(self.deck),
            "held": [_cards(part) for part in self.held],
            "kept": [_cards_or_none(part) for part in self.kept],
            "discards": [_cards_or_none(part) for part in self.discards],
            "starter": None if self.starter is None else str(self.starter),
            "count": self.count,
            "series": [[seat, str(card)] for seat, card in self.series],
            "played": [[seat, str(card)] for seat, card in self.played],
            "turn": self.turn,
            "said_go": list(self.said_go),
            "last_player": self.last_player,
            "show_step": self.show_step,
            "shown": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "cards": _cards(s.cards),
                    "items": None if s.items is None else lines_to_list(s.items),
                    "total": s.total,
                }
                for s in self.shown
            ],
            "pending": None
            if self.pending is None
            else {
                "seat": self.pending.seat,
                "subject": self.pending.subject,
                "actual": self.pending.actual,
                "items": lines_to_list(self.pending.items),
            },
            "window": None
            if self.window is None
            else {
                "caller": self.window.caller,
                "claimant": self.window.claimant,
                "subject": self.window.subject,
                "claimed": self.window.claimed,
                "actual": self.window.actual,
                "items": lines_to_list(self.window.items),
                "cards": _cards(self.window.cards),
                "starter": None if self.window.starter is None else str(self.window.starter),
                "pegged_from": self.window.pegged_from,
                "rear_before": self.window.rear_before,
            },
            "game_result": None
            if self.game_result is None
            else {
                "winner": self.game_result.winner,
                "scores": list(self.game_result.scores),
                "skunk": self.game_result.skunk,
                "match_points": self.game_result.match_points,
            },
            "winner": self.winner,
            "end_reason": self.end_reason,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchState:
        """Rebuild a state saved with :meth:`to_dict`."""
        pending = data["pending"]
        window = data["window"]
        result = data["game_result"]
        return cls(
            options=MatchOptions.from_dict(data["options"]),
            seats=tuple(data["seats"]),
            phase=data["phase"],
            game=data["game"],
            hand=data["hand"],
            dealer=data["dealer"],
            scores=tuple(data["scores"]),
            rear=tuple(data["rear"]),
            match_scores=tuple(data["match_scores"]),
            cuts=_parse_or_none(data["cuts"]),
            deck=_parse_or_none(data["deck"]),
            held=tuple(_parse(part) for part in data["held"]),
            kept=tuple(_parse_or_none(part) for part in data["kept"]),
            discards=tuple(_parse_or_none(part) for part in data["discards"]),
            starter=None if data["starter"] is None else parse_card(data["starter"]),
            count=data["count"],
            series=tuple((seat, parse_card(card)) for seat, card in data["series"]),
            played=tuple((seat, parse_card(card)) for seat, card in data["played"]),
            turn=data["turn"],
            said_go=tuple(data["said_go"]),
            last_player=data["last_player"],
            show_step=data["show_step"],
            shown=tuple(
                ShownHand(
                    s["seat"],
                    s["kind"],
                    _parse(s["cards"]),
                    None if s["items"] is None else _lines(s["items"]),
                    s["total"],
                )
                for s in data["shown"]
            ),
            pending=None
            if pending is None
            else PendingClaim(
                pending["seat"], pending["subject"], pending["actual"], _lines(pending["items"])
            ),
            window=None
            if window is None
            else MugginsWindow(
                window["caller"],
                window["claimant"],
                window["subject"],
                window["claimed"],
                window["actual"],
                _lines(window["items"]),
                _parse(window.get("cards", [])),
                None if window.get("starter") is None else parse_card(window["starter"]),
                window.get("pegged_from"),
                window.get("rear_before"),
            ),
            game_result=None
            if result is None
            else GameResult(
                result["winner"], tuple(result["scores"]), result["skunk"], result["match_points"]
            ),
            winner=data["winner"],
            end_reason=data["end_reason"],
        )


FIELD_NAMES: tuple[str, ...] = tuple(f.name for f in fields(MatchState))


def crib_of(
    options: MatchOptions,
    discards: tuple[tuple[Card, ...] | None, ...],
    deck: tuple[Card, ...] | None,
) -> tuple[Card, ...]:
    """The crib: every seat's thrown cards in seat order, then the cards the deal put in it
    straight from the deck (three players: one), which sit just before the starter."""
    thrown = tuple(card for part in discards if part for card in part)
    extra = options.crib_from_deck
    if not extra or deck is None:
        return thrown
    end = options.cards_before_starter
    return thrown + deck[end - extra : end]


def initial_state(options: MatchOptions, seats: int = 2) -> MatchState:
    """A match before the first cut for deal."""
    order = tuple(range(seats))
    zeros = (0,) * seats
    return MatchState(
        options=options,
        seats=order,
        phase="cut_for_deal",
        game=1,
        hand=0,
        dealer=None,
        scores=zeros,
        rear=zeros,
        match_scores=zeros,
        cuts=None,
        deck=None,
        held=((),) * seats,
        kept=(None,) * seats,
        discards=(None,) * seats,
        starter=None,
        count=0,
        series=(),
        played=(),
        turn=None,
        said_go=(False,) * seats,
        last_player=None,
        show_step=0,
        shown=(),
        pending=None,
        window=None,
        game_result=None,
        winner=None,
        end_reason=None,
    )


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def _cards_or_none(cards: tuple[Card, ...] | None) -> list[str] | None:
    return None if cards is None else _cards(cards)


def _parse(texts: list[str]) -> tuple[Card, ...]:
    return tuple(parse_card(text) for text in texts)


def _parse_or_none(texts: list[str] | None) -> tuple[Card, ...] | None:
    return None if texts is None else _parse(texts)


def _lines(items: list[dict[str, Any]]) -> tuple[ScoreLine, ...]:
    return tuple(ScoreLine.from_dict(item) for item in items)
