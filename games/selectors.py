"""Reads about matches: who sits where, what a viewer may see, and the events it missed.

What a viewer may see of an event is the engine's decision (``Event.for_viewer``): a stored
event is handed back to the engine as an ``Event`` and rendered by it, never merged here.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import timezone

from games import engine
from games.models import Match, MatchEvent, Seat, Shuffle

PROTOCOL_VERSION = 2
# A client further behind than this gets a fresh view instead of a replay: the page's log keeps
# this many (static/js/main.js HISTORY_EVENTS); a snapshot is a few KB, 150 events some 20 KB.
MAX_REPLAY_EVENTS = 150


def seat_for_user(*, match: Match, user) -> int | None:
    """The user's seat number in ``match``, or None (a spectator)."""
    if user is None or not user.is_authenticated:
        return None
    return match.seats.filter(user_id=user.pk).values_list("number", flat=True).first()


def event_for_viewer(*, event: MatchEvent, seat: int | None) -> dict[str, Any]:
    """The event as ``seat`` (None: a spectator) may see it: ``{"type", "data"}``."""
    stored = {"type": event.type, "data": event.public, "private": event.private}
    return engine.Event.from_dict(stored).for_viewer(seat)


def event_frame(*, event: MatchEvent, seat: int | None) -> dict[str, Any]:
    """The websocket frame carrying ``event`` to ``seat``."""
    return {"type": "event", "seq": event.seq, "event": event_for_viewer(event=event, seat=seat)}


def match_events_since(*, match: Match, seq: int, before: int | None = None) -> list[MatchEvent]:
    """Events after ``seq`` (and before ``before``, if given), in order."""
    events = MatchEvent.objects.filter(match=match, seq__gt=seq)
    if before is not None:
        events = events.filter(seq__lt=before)
    return list(events.order_by("seq"))


def match_players(*, match: Match) -> list[dict[str, Any]]:
    seats = Seat.objects.filter(match=match).select_related("user").order_by("number")
    return [
        {
            "seat": seat.number,
            "name": seat.display_name,
            "is_bot": seat.is_bot,
            "bot_level": seat.bot_level or None,
        }
        for seat in seats
    ]


def match_fairness(*, match: Match) -> dict[str, Any] | None:
    """The commitment of the deck in use, not yet revealed, if any."""
    shuffle = Shuffle.objects.filter(match=match, revealed=False).order_by("-number").first()
    if shuffle is None:
        return None
    return {"shuffle": shuffle.number, "purpose": shuffle.purpose, "commitment": shuffle.commitment}


def _epoch_ms(moment: datetime | None) -> int | None:
    return None if moment is None else round(moment.timestamp() * 1000)


def clock_view(match: Match) -> dict[str, Any] | None:
    """The clock as every viewer sees it (the view's and the ``clock_changed`` event's
    ``clock``), or None for a match without one.

    ``remaining`` is what each seat had at ``since`` (milliseconds since the epoch, server
    time); a running seat has that minus the time since then.
    """
    if match.clock_kind == "none":
        return None
    return {
        "kind": match.clock_kind,
        "bank": match.clock_bank,
        "increment": match.clock_increment,
        "remaining": list(match.clock_remaining),
        "running": list(match.clock_running),
        "since": _epoch_ms(match.clock_since),
    }


def seats_out_of_time(match: Match) -> list[int]:
    """Seats of a table of three or four whose clock ran out: the computer plays them for the
    rest of the match (games/services/clocks.py). With two seats running out ends the match."""
    remaining = match.clock_remaining if match.clock_kind != "none" else []
    if len(remaining) <= 2:
        return []
    return [seat for seat, left in enumerate(remaining) if left == 0]


def match_view(*, match: Match, seat: int | None) -> dict[str, Any]:
    """The engine's view of the snapshot for ``seat``, with the match's clock if it has one
    (public: ``games.services.clocks.clock_view``, kept by ``clock_changed`` events)."""
    view = engine.view(engine.MatchState.from_dict(match.state), seat)
    clock = clock_view(match)
    if clock is not None:
        view["clock"] = clock
    return view


def match_hello(*, match: Match, seat: int | None) -> dict[str, Any]:
    """Everything a client needs to start: the ``hello`` frame (docs/protocol.md)."""
    return {
        "type": "hello",
        "protocol": PROTOCOL_VERSION,
        "match": match.pk,
        "seat": seat,
        "status": match.status,
        "seq": match.last_seq,
        "players": match_players(match=match),
        "fairness": match_fairness(match=match),
        "view": match_view(match=match, seat=seat),
        # The server's time, so a page can run the clock in step with it (docs/protocol.md).
        "now": round(timezone.now().timestamp() * 1000),
    }


def match_sync(*, match_id: int, seat: int | None, seq: int) -> dict[str, Any]:
    """The answer to ``sync``: the missed frames, or a fresh ``hello`` when that is simpler.

    Every open page sends one as its keep-alive (docs/protocol.md), and almost always has seen
    everything: that answer costs one small query, without loading the snapshot. A full sync
    (from 0, or from further back than ``MAX_REPLAY_EVENTS``) gets the snapshot, never a replay
    of the whole match: one row instead of hundreds, and a few KB on the wire.
    """
    last_seq = Match.objects.filter(pk=match_id).values_list("last_seq", flat=True).first()
    if last_seq is None:
        raise Match.DoesNotExist(f"there is no match {match_id}")
    if seq == last_seq:
        return {"type": "synced", "seq": last_seq, "events": []}
    match = Match.objects.get(pk=match_id)
    if seq == 0 or seq > match.last_seq or match.last_seq - seq > MAX_REPLAY_EVENTS:
        return match_hello(match=match, seat=seat)
    events = MatchEvent.objects.filter(match=match, seq__gt=seq, seq__lte=match.last_seq)
    return {
        "type": "synced",
        "seq": match.last_seq,
        "events": [event_frame(event=event, seat=seat) for event in events.order_by("seq")],
    }
