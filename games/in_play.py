"""The matches a person is playing now, those waiting on them first: the /games/ page and the
home page's box.

A read (a selector): each active match the person holds a seat in, with the opponents, the
score, the kind of match, whose move it is and the time left on that move. It is worked out
when the page is asked for (live enough: a reload shows the news), from the snapshot and the
clock on the match row, with no socket and no write.

Only the person's own matches are listed, so nothing here can show another's hidden cards or a
private match to a stranger: the seat is the permission.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Prefetch
from django.urls import reverse
from django.utils import timezone

from games import engine
from games.engine.seating import partners_of
from games.models import Match, Seat
from games.selectors import seats_out_of_time

VARIANT_NAMES = {"six": "Six-card", "five": "Five-card"}


@dataclass(frozen=True)
class MatchInPlay:
    """One row of the list."""

    match_id: int
    url: str
    opponents: str
    score: str
    kind: str
    waiting_on_you: bool
    waiting_on: str
    time_left_ms: int | None
    time_left: str
    turn_based: bool


def duration_text(ms: int) -> str:
    """ "2 d 23 h", "5 h 12 min", "4 min": time left on a move, as the list shows it.

    >>> duration_text(2 * 86_400_000 + 23 * 3_600_000 + 5)
    '2 d 23 h'
    >>> duration_text(59_000)
    '59 s'
    """
    seconds = max(0, ms) // 1000
    days, rest = divmod(seconds, 86_400)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours} h {minutes} min"
    if minutes:
        return f"{minutes} min"
    return f"{seconds} s"


def _left_ms(match: Match, seat: int, now: datetime) -> int | None:
    """What ``seat``'s clock has left now, if it runs (None: no clock, or not running)."""
    if match.clock_kind == "none" or match.clock_since is None:
        return None
    if seat not in match.clock_running:
        return None
    spent = round((now - match.clock_since).total_seconds() * 1000)
    return max(0, match.clock_remaining[seat] - spent)


def matches_in_play(*, user, limit: int | None = None) -> list[MatchInPlay]:
    """``user``'s active matches, those waiting on them first (the least time left first),
    then the others by the least time left on their opponents' move, newest last."""
    if user is None or not user.is_authenticated:
        return []
    seats = Seat.objects.select_related("user").order_by("number")
    matches = (
        Match.objects.filter(status=Match.Status.ACTIVE, seats__user=user)
        .distinct()
        .prefetch_related(Prefetch("seats", queryset=seats))
        .order_by("-pk")
    )
    now = timezone.now()
    rows = [_row(match, user.pk, now) for match in matches]
    rows.sort(
        key=lambda row: (
            not row.waiting_on_you,
            row.time_left_ms is None,
            row.time_left_ms or 0,
            -row.match_id,
        )
    )
    return rows if limit is None else rows[:limit]


def _row(match: Match, user_id: int, now: datetime) -> MatchInPlay:
    seats = list(match.seats.all())
    mine = next(seat.number for seat in seats if seat.user_id == user_id)
    names = {seat.number: seat.display_name or "(empty seat)" for seat in seats}
    state = engine.MatchState.from_dict(match.state)
    side = set(partners_of(state.seats, mine))
    out = set(seats_out_of_time(match))
    # Whose move: the seats the game cannot go on without (an optional Muggins call aside).
    waited = sorted(engine.seats_waited_on(state))
    people_waited = [seat for seat in waited if seat not in out]
    waiting_on_you = mine in people_waited
    lefts = [left for seat in waited if (left := _left_ms(match, seat, now)) is not None]
    mine_left = _left_ms(match, mine, now) if waiting_on_you else None
    left = mine_left if mine_left is not None else (min(lefts) if lefts else None)
    opponents = [names[seat] for seat in state.seats if seat not in side]
    partner = [names[seat] for seat in state.seats if seat in side and seat != mine]
    us, them = (
        state.scores[mine],
        max((state.scores[seat] for seat in state.seats if seat not in side), default=0),
    )
    score = f"{us}–{them}"
    if match.match_target > 1:
        match_us = state.match_scores[mine]
        match_them = max(
            (state.match_scores[seat] for seat in state.seats if seat not in side), default=0
        )
        score += f" (match {match_us}–{match_them} of {match.match_target})"
    kind = f"{VARIANT_NAMES.get(match.variant, match.variant)} · {match.time_control.label}"
    if match.players != 2:
        kind = f"{match.players} players · {kind}"
    if match.rated:
        kind += " · rated"
    waiting_names = [names[seat] for seat in waited if seat != mine]
    return MatchInPlay(
        match_id=match.pk,
        url=reverse("games:match", args=[match.pk]),
        opponents=", ".join(opponents) + (f" (partner {partner[0]})" if partner else ""),
        score=score,
        kind=kind,
        waiting_on_you=waiting_on_you,
        waiting_on="you" if waiting_on_you else ", ".join(waiting_names) or "the deal",
        time_left_ms=left,
        time_left="" if left is None else duration_text(left),
        turn_based=match.time_control.turn_based,
    )
