"""A mutable working copy of a :class:`MatchState`, used inside one call to ``apply``.

``apply`` copies the state's field references into a :class:`Draft`, lets the rule modules
reassign fields (always with new tuples, never editing the old ones in place), collects the
events they emit, and freezes the result into a new state. Copying ~30 references per action
is what keeps the engine fast for the computer opponent without ever mutating its input.
"""

from __future__ import annotations

from typing import Any, TypeVar

from games.engine.cards import Card
from games.engine.events import Event
from games.engine.options import MatchOptions
from games.engine.seating import next_seat, partners_of
from games.engine.state import (
    FIELD_NAMES,
    GameResult,
    MatchState,
    MugginsWindow,
    PendingClaim,
    ShownHand,
)

T = TypeVar("T")


def replaced(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """A copy of ``values`` with ``values[index]`` replaced."""
    return values[:index] + (value,) + values[index + 1 :]


class Draft:
    """The fields of a state being built, plus the events emitted so far.

    The fields are copied and frozen again as whole instance dictionaries (one C-level copy
    each way), which is why :class:`MatchState` is a frozen dataclass without slots. The copy
    gives the type checker nothing to go on, so the fields are declared here once more, with
    :class:`MatchState`'s types; tests/engine/test_draft.py fails if the two lists part.
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
    events: list[Event]

    def __init__(self, state: MatchState) -> None:
        self.__dict__.update(state.__dict__)
        self.events: list[Event] = []

    def freeze(self) -> MatchState:
        fields = dict(self.__dict__)
        del fields["events"]
        assert len(fields) == len(FIELD_NAMES)
        frozen = object.__new__(MatchState)
        frozen.__dict__.update(fields)
        return frozen

    def emit(
        self, kind: str, data: dict[str, Any], private: dict[int, dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        """Record an event; returns its data so a caller can fill in a field decided later."""
        self.events.append(Event(kind, data, private or {}))
        return data

    @property
    def pone(self) -> int:
        """The seat at the dealer's left (only asked for once there is a dealer)."""
        assert self.dealer is not None, "no pone before the cut for deal"
        return self.next_seat(self.dealer)

    def next_seat(self, seat: int) -> int:
        """The seat to ``seat``'s left."""
        return next_seat(self.seats, seat)

    def peg(self, seat: int, points: int) -> bool:
        """Move the pegs of ``seat``'s side (partners share one score), no further than the game
        target; True when this reaches it (the game is won).

        A game is never won on an unchecked claim: a peg that would reach the target while a
        Muggins window is open closes the window first (revealing the claim and taking back any
        over-claim), so the board stands at true scores when the win is judged.
        """
        if (
            points > 0
            and self.window is not None
            and self.scores[seat] + points >= self.options.game_target
        ):
            from games.engine.reveal import close_window  # reveal builds on Draft

            close_window(self)
        if points > 0:
            # The game ends in the game hole: pegs stop at the target, so the winner's score is
            # the target (121, 61) however far the count would have carried them.
            total = min(self.scores[seat] + points, self.options.game_target)
            for member in partners_of(self.seats, seat):
                self.rear = replaced(self.rear, member, self.scores[member])
                self.scores = replaced(self.scores, member, total)
        return self.scores[seat] >= self.options.game_target

    def score_data(self) -> dict[str, Any]:
        """The absolute scores every score-changing event carries."""
        return {"scores": list(self.scores), "rear": list(self.rear)}
