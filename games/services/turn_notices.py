""" "Your turn": a turn-based match tells a person when it comes to wait on them.

A days-per-move match is played with the page closed, so the player must be told when the
engine starts waiting on their seat. The clock (games/services/clocks.py) knows exactly when
that is: in each transaction that changes the match it works out the seats the engine waits on
next, and gives a fresh move's time to those it did not wait on before. For each of those that
a person holds, one ``kernel.notices.Notice`` of kind ``"your_turn"`` is published inside the
same transaction (a rolled-back action tells nobody), keyed by the match and the event that
started the wait, so a task or an action run twice tells nobody twice. The notifications app
stores and batches them; with it absent, publishing does nothing.

Real-time matches publish nothing: their players are at the table, and a notice per move would
be noise.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.urls import reverse

from games.models import Match, Seat
from kernel.notices import Notice, publish


def your_turn_publish(*, match: Match, seats: Iterable[int], seq: int) -> int:
    """Tell each person in ``seats`` that ``match`` waits on them since event ``seq``.

    Returns how many notices were published (computer seats and empty seats get none).
    """
    numbers = sorted(set(seats))
    if not numbers:
        return 0
    people = list(
        Seat.objects.filter(match=match, number__in=numbers, is_bot=False, user__isnull=False)
    )
    if not people:
        return 0
    names = {
        seat.number: seat.display_name
        for seat in Seat.objects.filter(match=match).select_related("user")
    }
    url = reverse("games:match", args=[match.pk])
    for seat in people:
        assert seat.user_id is not None, "filtered to seats a person holds"
        others = [name for number, name in sorted(names.items()) if number != seat.number and name]
        against = f" against {', '.join(others)}" if others else ""
        publish(
            Notice(
                recipient_id=seat.user_id,
                kind="your_turn",
                text=f"Your move in match {match.pk}{against}.",
                url=url,
                key=f"your_turn:{match.pk}:{seq}",
            )
        )
    return len(people)
