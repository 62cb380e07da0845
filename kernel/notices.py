"""A notice for one person, published by any app and delivered by whoever listens.

Why a seam in the kernel: challenges (social), "your turn" (games), a paired round (tournaments)
and a finished match each have something to tell a person, but the apps that own those events
sit beside or below the notification centre in the import layers. Each of them calls `publish`
inside the transaction that made the news true; the notifications app connects a receiver at
start-up that stores the notice in that same transaction (so a rolled-back action tells nobody)
and delivers it in-site and by e-mail after the commit. With no receiver connected (an app
left out of INSTALLED_APPS), publishing does nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.dispatch import Signal

#: The kinds a person can be told about; e-mail opt-in and the bell's icons are per kind.
KINDS: tuple[str, ...] = (
    "your_turn",
    "challenge",
    "challenge_answered",
    "friend_request",
    "friend_accepted",
    "tournament_starting",
    "round_paired",
    "match_result",
)

notice_published = Signal()


@dataclass(frozen=True)
class Notice:
    """What to tell one person.

    `key` makes publishing idempotent: a receiver stores one notice per (recipient, key), so a
    task that runs twice, or an action retried, tells nobody twice.
    """

    recipient_id: int
    kind: str
    text: str
    url: str
    key: str
    actor_id: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown notice kind {self.kind!r}")


def publish(notice: Notice) -> None:
    """Hand `notice` to the receivers (call it inside the transaction that made it true)."""
    notice_published.send(sender=Notice, notice=notice)
