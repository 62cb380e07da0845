"""What a tournament tells its players through the notification centre (kernel/notices.py).

Published inside the transaction that makes the news true, keyed so that a task run twice
tells nobody twice: "about to start" once per tournament and player, "your table is ready"
once per round and player. The notification centre (another app) stores and delivers them.
"""

from __future__ import annotations

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from kernel.notices import Notice, publish
from tournaments.models import Tournament

REMIND_BEFORE = timedelta(minutes=5)
"""How long before a tournament's start time its players are told it is about to start."""


def starting_soon(tournament: Tournament) -> bool:
    """Within :data:`REMIND_BEFORE` of its start time, and not started."""
    return (
        tournament.status == Tournament.Status.UPCOMING
        and tournament.starts_at is not None
        and tournament.starts_at - timezone.now() <= REMIND_BEFORE
    )


def tournament_starting_tell(*, tournament: Tournament, user_ids: list[int]) -> None:
    url = reverse("tournaments:detail", args=[tournament.pk])
    for user_id in user_ids:
        publish(
            Notice(
                recipient_id=user_id,
                kind="tournament_starting",
                text=f"{tournament.name} starts in a few minutes.",
                url=url,
                key=f"tournament_starting:{tournament.pk}",
            )
        )


def round_paired_tell(
    *, tournament: Tournament, round_number: int, user_id: int, match_id: int, opponent: str
) -> None:
    publish(
        Notice(
            recipient_id=user_id,
            kind="round_paired",
            text=f"{tournament.name}, round {round_number}: your table against {opponent} is ready.",
            url=reverse("games:match", args=[match_id]),
            key=f"round_paired:{tournament.pk}:{round_number}",
        )
    )
