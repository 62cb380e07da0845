"""What every computer opponent shares: the ``Bot`` protocol and what a seat may know.

A bot decides from one seat's view (``games.engine.view(state, seat)``), never from the full
state, so it cannot cheat: it sees its own cards (held, and thrown to the crib), the cards
played, the starter, the shown hands and the scores, exactly what a person in that seat sees.
:func:`read_view` turns that JSON dict into a :class:`SeatView` of engine cards once, so the
strategies work on value types.

A bot is stateless: the same view and the same random generator state always give the same
action, which is what lets the service layer call it on any worker, after a restart, or again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.engine.actions import Action, Claim, Discard, Muggins, Play
from games.engine.cards import Card, parse_card
from games.engine.errors import IllegalAction
from games.engine.options import PLAYER_COUNTS, MatchOptions
from games.engine.seating import side_of

RandomSource = Any
"""Anything with ``random()``, ``choice()`` and ``shuffle()``: ``random.Random`` in practice."""


class BadView(IllegalAction):
    """Raised when a bot is handed something that is not this seat's view of a match."""

    def __init__(self, message: str) -> None:
        super().__init__("bad_view", message)


class Bot(Protocol):
    """A computer opponent: one method, called whenever its seat is among the view's ``to_act``.

    ``choose_action`` returns the engine action to apply for ``seat``, or ``None`` when the only
    thing the seat could do is optional and the bot declines it (calling Muggins). It never
    returns an illegal action and never resigns.
    """

    @property
    def level(self) -> str:
        """The level's name ("easy" to "expert"): read-only, as the frozen bots hold it."""
        ...

    def choose_action(
        self, view: dict[str, Any], seat: int, rng: RandomSource | None = None
    ) -> Action | None:
        """The action ``seat`` takes given its ``view``; ``rng`` drives any randomness."""
        ...


@dataclass(frozen=True, slots=True)
class ShownCards:
    """A hand or crib laid open in the show (``kind`` is "hand" or "crib")."""

    seat: int
    kind: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class MugginsChance:
    """An open claim this seat may call Muggins on: who claimed what, for which count.

    ``cards`` and ``starter`` are what the claim counted, as the window keeps them: the crib's
    window is still open after the next deal has gathered the shown cards up.
    """

    claimant: int
    subject: str
    claimed: int
    cards: tuple[Card, ...]
    starter: Card | None


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's knowledge of the match, as engine values (built by :func:`read_view`)."""

    seat: int
    opponent: int
    variant: str
    game_target: int
    phase: str
    dealer: int | None
    scores: tuple[int, ...]
    held: tuple[Card, ...]
    """The cards this seat still holds (six or five before the discard, then the kept ones)."""
    opponent_held: int
    starter: Card | None
    count: int
    series: tuple[tuple[int, Card], ...]
    """The cards of the current count, in order, with who played them."""
    played: tuple[tuple[int, Card], ...]
    """Every card played this hand, in order, with who played it."""
    opponent_said_go: bool
    claim_subject: str | None
    """The subject of a claim pending for this seat ("play", "heels", "hand", "crib")."""
    muggins: MugginsChance | None
    shown: tuple[ShownCards, ...]
    can_discard: bool
    playable: tuple[Card, ...]
    seats: tuple[int, ...] = (0, 1)
    """Every seat round the table (three or four with more players)."""
    throw: int = 2
    """How many cards this seat lays away to the crib this hand."""
    crib_is_ours: bool = False
    """Whether the crib scores for this seat's side (its own deal, or its partner's)."""
    thrown: tuple[Card, ...] = ()
    """The cards this seat laid away to the crib this hand (empty before it throws): it saw
    them, so they are no card the opponent can hold nor the starter still to come."""
    held_counts: tuple[int, ...] = ()
    """How many cards each seat still holds, by seat (the many-seat search deals them)."""

    @property
    def is_dealer(self) -> bool:
        return self.dealer == self.seat

    @property
    def kept(self) -> tuple[Card, ...]:
        """The hand this seat kept: what it holds plus what it has played this hand."""
        return self.held + tuple(card for who, card in self.played if who == self.seat)

    @property
    def opponent_played(self) -> tuple[Card, ...]:
        """The cards the opponent has played this hand (two seats): part of the hand it kept,
        which the opponent model reads for the cards it still holds."""
        return tuple(card for who, card in self.played if who == self.opponent)

    def seen_cards(self) -> set[Card]:
        """Every card this seat has seen this hand (its own, held and thrown, the starter, the
        table), so what the strategies deal to the others is only what it has not seen."""
        seen = set(self.held)
        seen.update(self.thrown)
        seen.update(card for _, card in self.played)
        if self.starter is not None:
            seen.add(self.starter)
        for shown in self.shown:
            seen.update(shown.cards)
        return seen


def read_view(view: dict[str, Any], seat: int) -> SeatView:
    """Check that ``view`` is ``seat``'s own view of a match (two, three or four seats) and read
    it.

    Raises :class:`BadView` for a spectator's view, another seat's view or a malformed dict:
    a bot must never be handed knowledge its seat does not have, nor act on a guess.
    """
    if not isinstance(view, dict):
        raise BadView("a bot needs its seat's view, a dict from games.engine.view")
    try:
        if view["viewer"] is None or view["viewer"] != seat:
            raise BadView(f"this is not seat {seat!r}'s view (viewer {view['viewer']!r})")
        seats = view["seats"]
        if len(seats) not in PLAYER_COUNTS:
            raise BadView(f"the computer opponent plays {PLAYER_COUNTS} seats, not {len(seats)}")
        # With more seats "the opponent" is the next to play: the one whose reply pegging weighs.
        opponent = seats[(seats.index(seat) + 1) % len(seats)]
        options = MatchOptions.from_dict(view["options"])
        dealer = view["dealer"]
        pending = view["pending_claim"]
        muggins = view["muggins"]
        legal = view["legal"]
        return SeatView(
            seat=seat,
            opponent=opponent,
            variant=options.variant,
            game_target=options.game_target,
            phase=view["phase"],
            dealer=view["dealer"],
            scores=tuple(view["scores"]),
            held=_cards(view["cards"]),
            opponent_held=view["held_counts"][opponent],
            starter=None if view["starter"] is None else parse_card(view["starter"]),
            count=view["count"],
            series=tuple((who, parse_card(card)) for who, card in view["series"]),
            played=tuple((who, parse_card(card)) for who, card in view["played"]),
            opponent_said_go=bool(view["go"][opponent]),
            claim_subject=pending["subject"]
            if pending is not None and pending["seat"] == seat
            else None,
            muggins=_muggins_chance(muggins)
            if muggins is not None and muggins["seat"] == seat
            else None,
            shown=tuple(
                ShownCards(entry["seat"], entry["kind"], _cards(entry["cards"]))
                for entry in view["shown"]
            ),
            can_discard=bool(legal["discard"]),
            playable=_cards(legal["play"]),
            seats=tuple(seats),
            throw=options.cards_thrown(dealer=dealer == seat),
            crib_is_ours=dealer is not None
            and side_of(dealer, players=len(seats)) == side_of(seat, players=len(seats)),
            thrown=_cards(view["thrown"]),
            held_counts=tuple(view["held_counts"]),
        )
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, BadView):
            raise
        raise BadView(f"not a view of a match: {error!r}") from None


def _muggins_chance(muggins: dict[str, Any]) -> MugginsChance:
    starter = muggins["starter"]
    return MugginsChance(
        muggins["claimant"],
        muggins["subject"],
        muggins["claimed"],
        _cards(muggins["cards"]),
        None if starter is None else parse_card(starter),
    )


def _cards(texts: list[str]) -> tuple[Card, ...]:
    return tuple(parse_card(text) for text in texts)


DiscardChooser = Callable[[SeatView, RandomSource], tuple[Card, Card]]
PlayChooser = Callable[[SeatView, RandomSource], Card]
ClaimChooser = Callable[[SeatView, RandomSource], int]
MugginsChooser = Callable[[SeatView, RandomSource], int | None]
"""The points to name in a Muggins call on the open claim, or None to let it pass."""


@dataclass(frozen=True)
class StrategyBot:
    """A bot assembled from four decisions; each level module supplies its own.

    The order of questions follows the view's ``legal`` part: Muggins first (the window closes
    as soon as anything else happens), then a pending claim, then a discard or a card to play.
    """

    level: str
    discard: DiscardChooser
    play: PlayChooser
    claim: ClaimChooser
    call_muggins: MugginsChooser
    rng: RandomSource = field(default=None, compare=False)
    """Used when ``choose_action`` is given no generator of its own."""

    def choose_action(
        self, view: dict[str, Any], seat: int, rng: RandomSource | None = None
    ) -> Action | None:
        """See :class:`Bot`. ``rng`` defaults to the generator the bot was built with."""
        rng = rng if rng is not None else self.rng
        if rng is None:
            raise BadView("a bot needs a random generator, given to choose_action or at build")
        seen = read_view(view, seat)
        named = None if seen.muggins is None else self.call_muggins(seen, rng)
        if named is not None:
            return Muggins(seat, named)
        if seen.claim_subject is not None:
            return Claim(seat, self.claim(seen, rng))
        if seen.can_discard:
            if len(seen.seats) != 2:  # one card each from three or four seats: its own choice
                from games.bots.many_seats import thrower_for  # it builds on the levels

                return Discard(seat, thrower_for(self.level)(seen, rng))
            return Discard(seat, tuple(self.discard(seen, rng)))
        if seen.playable:
            return Play(seat, self.play(seen, rng))
        return None
