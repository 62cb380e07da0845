"""The full state of a match: immutable values, JSON round-trip, server-only.

A :class:`MatchState` holds everything, including the deck and every hand, so it must never be
sent to a client as is: :func:`games.engine.views.view` decides what each viewer sees.

States are frozen and built only from tuples and other frozen values, so ``apply`` can make a
new state by copying the field references and replacing the few that change; the old state is
never touched.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
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

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "subject": self.subject,
            "actual": self.actual,
            "items": lines_to_list(self.items),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PendingClaim:
        return cls(data["seat"], data["subject"], data["actual"], _lines(data["items"]))


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

    def to_dict(self) -> dict[str, Any]:
        return {
            "caller": self.caller,
            "claimant": self.claimant,
            "subject": self.subject,
            "claimed": self.claimed,
            "actual": self.actual,
            "items": lines_to_list(self.items),
            "cards": cards_json(self.cards),
            "starter": card_json(self.starter),
            "pegged_from": self.pegged_from,
            "rear_before": self.rear_before,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MugginsWindow:
        """The last four keys may be missing: a window saved before they were kept."""
        return cls(
            data["caller"],
            data["claimant"],
            data["subject"],
            data["claimed"],
            data["actual"],
            _lines(data["items"]),
            _parse(data.get("cards", [])),
            _parse_card_or_none(data.get("starter")),
            data.get("pegged_from"),
            data.get("rear_before"),
        )


@dataclass(frozen=True, slots=True)
class ShownHand:
    """A hand or crib laid open in the show. ``items``/``total`` are None until revealed."""

    seat: int
    kind: str
    cards: tuple[Card, ...]
    items: tuple[ScoreLine, ...] | None
    total: int | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "cards": cards_json(self.cards),
            "items": None if self.items is None else lines_to_list(self.items),
            "total": self.total,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ShownHand:
        items = data["items"]
        return cls(
            data["seat"],
            data["kind"],
            _parse(data["cards"]),
            None if items is None else _lines(items),
            data["total"],
        )


@dataclass(frozen=True, slots=True)
class GameResult:
    """How the last game ended, kept until the next game's first deal."""

    winner: int
    scores: tuple[int, ...]
    skunk: str
    match_points: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "scores": list(self.scores),
            "skunk": self.skunk,
            "match_points": self.match_points,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameResult:
        return cls(data["winner"], tuple(data["scores"]), data["skunk"], data["match_points"])


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
        return state_json(self, FIELD_NAMES)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchState:
        """Rebuild a state saved with :meth:`to_dict`."""
        return cls(**{name: _FIELD_JSON[name][1](data[name]) for name in FIELD_NAMES})


FIELD_NAMES: tuple[str, ...] = tuple(f.name for f in fields(MatchState))
# Fields that every picture of the table shows as they are (a viewer's view, a step of the
# review's timeline): where the match stands, and the cards of the play.
STANDING_FIELDS = ("phase", "game", "hand", "dealer", "scores", "rear", "match_scores")
PLAY_FIELDS = ("starter", "count", "series", "played", "turn")


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


def state_json(state: MatchState, names: Iterable[str]) -> dict[str, Any]:
    """The JSON form of the named fields of ``state``, in the order named: the one serialiser.

    :meth:`MatchState.to_dict` names every field (server storage); the views
    (:func:`games.engine.views.view`) and the review's face-up timeline (review.timeline) name
    the fields they show as they are and add their own, so a field is written one way only.
    """
    return {name: _FIELD_JSON[name][0](getattr(state, name)) for name in names}


def card_json(card: Card | None) -> str | None:
    return None if card is None else str(card)


def cards_json(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def _cards_or_none(cards: tuple[Card, ...] | None) -> list[str] | None:
    return None if cards is None else cards_json(cards)


def _plays(plays: tuple[tuple[int, Card], ...]) -> list[list[Any]]:
    return [[seat, str(card)] for seat, card in plays]


def _optional(value: Any) -> dict[str, Any] | None:
    return None if value is None else value.to_dict()


def _parse(texts: list[str]) -> tuple[Card, ...]:
    return tuple(parse_card(text) for text in texts)


def _parse_or_none(texts: list[str] | None) -> tuple[Card, ...] | None:
    return None if texts is None else _parse(texts)


def _parse_card_or_none(text: str | None) -> Card | None:
    return None if text is None else parse_card(text)


def _parse_plays(plays: list[list[Any]]) -> tuple[tuple[int, Card], ...]:
    return tuple((seat, parse_card(card)) for seat, card in plays)


def _lines(items: list[dict[str, Any]]) -> tuple[ScoreLine, ...]:
    return tuple(ScoreLine.from_dict(item) for item in items)


def _same(value: Any) -> Any:
    return value


def _decode_optional(kind: Any) -> Callable[[dict[str, Any] | None], Any]:
    return lambda data: None if data is None else kind.from_dict(data)


_PER_SEAT = (list, tuple)
# Each field's JSON form: (to JSON, from JSON). A new MatchState field gets its line here (and
# tests/engine/test_state_json.py fails until it has one).
_FIELD_JSON: dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {
    "options": (MatchOptions.to_dict, MatchOptions.from_dict),
    "seats": _PER_SEAT,
    "phase": (_same, _same),
    "game": (_same, _same),
    "hand": (_same, _same),
    "dealer": (_same, _same),
    "scores": _PER_SEAT,
    "rear": _PER_SEAT,
    "match_scores": _PER_SEAT,
    "cuts": (_cards_or_none, _parse_or_none),
    "deck": (_cards_or_none, _parse_or_none),
    "held": (
        lambda held: [cards_json(part) for part in held],
        lambda held: tuple(_parse(part) for part in held),
    ),
    "kept": (
        lambda kept: [_cards_or_none(part) for part in kept],
        lambda kept: tuple(_parse_or_none(part) for part in kept),
    ),
    "discards": (
        lambda discards: [_cards_or_none(part) for part in discards],
        lambda discards: tuple(_parse_or_none(part) for part in discards),
    ),
    "starter": (card_json, _parse_card_or_none),
    "count": (_same, _same),
    "series": (_plays, _parse_plays),
    "played": (_plays, _parse_plays),
    "turn": (_same, _same),
    "said_go": _PER_SEAT,
    "last_player": (_same, _same),
    "show_step": (_same, _same),
    "shown": (
        lambda shown: [hand.to_dict() for hand in shown],
        lambda shown: tuple(ShownHand.from_dict(hand) for hand in shown),
    ),
    "pending": (_optional, _decode_optional(PendingClaim)),
    "window": (_optional, _decode_optional(MugginsWindow)),
    "game_result": (_optional, _decode_optional(GameResult)),
    "winner": (_same, _same),
    "end_reason": (_same, _same),
}
