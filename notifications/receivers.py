"""The notification centre's receivers, connected in ``NotificationsConfig.ready``.

- Every ``kernel.notices`` Notice is stored (idempotently) in its publisher's transaction.
- A finished match tells each of its people the result (``match_result``): the centre sits
  above games, so it reads the match there. The match-finished hook may run again after a
  failing receiver; the notice's key (the match) makes the repeat store nothing.
"""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver
from django.urls import reverse

from games.engine.seating import partners_of
from games.models import Match
from games.signals import match_finished
from kernel.notices import Notice, notice_published, publish
from notifications.services import notification_store


@receiver(notice_published, dispatch_uid="notifications.notice_store")
def notice_store(*, notice: Notice, **_details: Any) -> None:
    notification_store(notice=notice)


def _seat_name(seat: Any) -> str:
    if seat.user_id is not None:
        return seat.user.get_username()
    return "the computer"


def match_result_text(*, match: Match, seat_number: int, winner_seat: int | None) -> str:
    """What one seat is told: who won, naming the others.

    At four the partners win together (the engine's seating says who they are).
    """
    seats = list(match.seats.all())
    others = ", ".join(_seat_name(seat) for seat in seats if seat.number != seat_number)
    if winner_seat is None:
        return f"Your match against {others} ended without a winner."
    winners = partners_of(tuple(range(match.players)), winner_seat)
    if seat_number in winners:
        return f"You won your match against {others}."
    winners_names = ", ".join(_seat_name(seat) for seat in seats if seat.number in winners)
    if winners_names == others:
        return f"You lost your match against {others}."
    return f"{winners_names} won your match against {others}."


@receiver(match_finished, dispatch_uid="notifications.match_result")
def match_result_publish(*, match_id: int, winner_seat: int | None, **_details: Any) -> None:
    match = Match.objects.filter(pk=match_id).prefetch_related("seats__user").first()
    if match is None:
        return
    url = reverse("games:match", args=[match.pk])
    for seat in match.seats.all():
        if seat.user_id is None:
            continue
        text = match_result_text(match=match, seat_number=seat.number, winner_seat=winner_seat)
        publish(
            Notice(
                recipient_id=seat.user_id,
                kind="match_result",
                text=text,
                url=url,
                key=f"match_result:{match.pk}",
            )
        )
