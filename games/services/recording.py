"""Moving a locked match forward: apply engine actions, deal with chance, and write the log.

Every function here runs inside the caller's transaction, with the match row already locked
(``select_for_update``), so sequence numbers are contiguous and two actions never interleave.
A :class:`Progress` collects what one transaction wrote, so the caller can broadcast exactly
those events once the transaction commits.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from games import decks, engine, fairness
from games.models import Game, Match, MatchAction, MatchEvent, Shuffle
from games.services import timers
from games.services.action_sql import progress_write, shuffles_reveal

# Events after which the current deck can no longer influence anything, so it is revealed.
HAND_OVER_EVENTS = {"hand_ended", "game_ended", "match_ended"}


@dataclass
class Progress:
    """One transaction's worth of change to a match: its state and the rows to write.

    The rows are written together by :func:`save_progress`. ``stored_shuffles`` is how many
    decks the match had drawn before this transaction, if the caller read it with the lock
    (None: counted when a deck is first needed).
    """

    match: Match
    state: Any
    events: list[MatchEvent] = field(default_factory=list)
    actions: list[MatchAction] = field(default_factory=list)
    shuffles: list[Shuffle] = field(default_factory=list)
    stored_shuffles: int | None = None


def load_state(match: Match) -> Any:
    """The engine state from the snapshot (always equal to a rebuild from the log)."""
    return engine.MatchState.from_dict(match.state)


def record_event(
    progress: Progress, *, event_type: str, public: dict, private: dict | None = None
) -> MatchEvent:
    """Append one event with the next sequence number (written by :func:`save_progress`)."""
    match = progress.match
    match.last_seq += 1
    event = MatchEvent(
        match=match,
        seq=match.last_seq,
        type=event_type,
        public=public,
        private={str(seat): part for seat, part in (private or {}).items()},
    )
    progress.events.append(event)
    return event


def progress_apply(
    *, progress: Progress, action: Any, seat: int | None, client_action_id: str | None = None
) -> MatchAction:
    """Apply one engine action (raises ``IllegalAction`` with nothing written) and log it."""
    new_state, events = engine.apply(progress.state, action)
    progress.state = new_state
    match = progress.match
    match.action_count += 1
    record = MatchAction(
        match=match,
        number=match.action_count,
        seat=seat,
        payload=engine.action_to_dict(action),
        client_action_id=client_action_id or "",
    )
    progress.actions.append(record)
    for event in events:
        record_event(progress, event_type=event.type, public=event.data, private=event.private)
        _follow_event(progress, event.type, event.data)
    record.result_seq = match.last_seq
    return record


def run_chance(progress: Progress) -> None:
    """Draw a deck whenever the engine needs one, committing to each deck before it is used.

    The deck comes from the match's deck source (games.decks: the secure shuffle unless the
    match names another); the commitment, the reveal and the log are the same for every source.
    """
    while engine.needs_shuffle(progress.state):
        purpose = (
            Shuffle.Purpose.CUT_FOR_DEAL
            if progress.state.phase == "cut_for_deal"
            else Shuffle.Purpose.DEAL
        )
        if progress.stored_shuffles is None:
            progress.stored_shuffles = progress.match.shuffles.count()
        number = progress.stored_shuffles + len(progress.shuffles) + 1
        deck, salt = decks.next_deck(match=progress.match, number=number)
        shuffle = Shuffle(
            match=progress.match,
            number=number,
            purpose=purpose,
            deck=deck,
            salt=salt,
            commitment=fairness.commitment_for(deck, salt),
        )
        progress.shuffles.append(shuffle)
        record_event(
            progress,
            event_type="shuffle_committed",
            public={"shuffle": number, "purpose": purpose, "commitment": shuffle.commitment},
        )
        action = engine.action_from_dict({"type": "shuffle", "deck": deck})
        progress_apply(progress=progress, action=action, seat=None)
        if purpose == Shuffle.Purpose.CUT_FOR_DEAL:
            reveal_shuffles(progress)


def reveal_shuffles(progress: Progress) -> None:
    """Reveal every deck whose hand is over (all unrevealed ones when this is called).

    Those already stored are marked and read back in one statement; one drawn in this
    transaction (a cut for deal) is marked before it is written.
    """
    pending = [shuffle for shuffle in progress.shuffles if not shuffle.revealed]
    for shuffle in pending:
        shuffle.revealed = True
    for shuffle in [*shuffles_reveal(progress.match.pk), *pending]:
        record_event(
            progress,
            event_type="shuffle_revealed",
            public={
                "shuffle": shuffle.number,
                "purpose": shuffle.purpose,
                "commitment": shuffle.commitment,
                "salt": shuffle.salt,
                "deck": list(shuffle.deck),
            },
        )


def save_progress(progress: Progress) -> None:
    """Write the new log rows and the snapshot: one statement on PostgreSQL, however many events."""
    match = progress.match
    match.state = progress.state.to_dict()
    match.match_scores = list(progress.state.match_scores)
    progress_write(
        match=match,
        actions=progress.actions,
        events=progress.events,
        shuffles=progress.shuffles,
    )


def _follow_event(progress: Progress, event_type: str, data: dict) -> None:
    """Keep the relational records (games, status) in step with what the engine reported."""
    match = progress.match
    if event_type == "game_ended":
        Game.objects.create(
            match=match,
            number=match.games.count() + 1,
            winner_seat=data["winner"],
            scores=list(data["scores"]),
            skunk=data.get("skunk", "none"),
            match_points=data.get("match_points", 1),
        )
    elif event_type == "match_ended":
        match.status = Match.Status.FINISHED
        match.winner_seat = data["winner"]
        match.finish_reason = data.get("reason", "")
        match.finished_at = timezone.now()
        timers.match_finished_schedule(match=match)  # the hook, in the ending's transaction
    if event_type in HAND_OVER_EVENTS:
        reveal_shuffles(progress)
