"""Reads for moderation: who may not chat now and why, unread warnings, the profile's link."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db.models import Q, QuerySet
from django.utils import timezone

from games.profile_sections import ProfileSection
from moderation.models import ChatRestriction, StaffWarning


def restrictions_active(*, user_id: int) -> QuerySet[ChatRestriction]:
    """The person's mutes and bans in force now (not lifted, not run out)."""
    now = timezone.now()
    return ChatRestriction.objects.filter(user_id=user_id, lifted_at__isnull=True).filter(
        Q(until__isnull=True) | Q(until__gt=now)
    )


def chat_refusal_for(user_id: int) -> str | None:
    """The speak check registered with kernel.chat_gates: why ``user_id`` may not chat now.

    A ban outranks a mute; of several mutes the longest is told.
    """
    active = list(restrictions_active(user_id=user_id))
    if not active:
        return None
    bans = [r for r in active if r.kind == ChatRestriction.Kind.BAN]
    chosen = bans[0] if bans else max(active, key=lambda r: r.until or timezone.now())
    why = f" Reason: {chosen.reason}" if chosen.reason else ""
    if chosen.kind == ChatRestriction.Kind.BAN:
        return f"A moderator has banned you from chat; nobody else sees what you write.{why}"
    until = chosen.until.strftime("%Y-%m-%d %H:%M UTC") if chosen.until else ""
    return f"A moderator has muted you in chat until {until}; nobody else sees what you write.{why}"


def warnings_unread(*, user: Any) -> list[StaffWarning]:
    if user is None or not user.is_authenticated:
        return []
    return list(StaffWarning.objects.filter(user_id=user.pk, seen_at__isnull=True).order_by("pk"))


def may_report(user: Any) -> bool:
    """Members may report; visitors and guests may not (a guest costs nothing to make, so a
    flood of them could bury the queue; a guest who signs up may report)."""
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    profile = getattr(user, "profile", None)
    return not (profile is not None and profile.is_guest)


def profile_report_section(player: User, *, viewer: Any) -> ProfileSection | None:
    """A "Report this player" link on profiles, for members looking at someone else."""
    if not may_report(viewer) or viewer.pk == player.pk:
        return None
    return ProfileSection(template="moderation/_profile_report.html", context={"player": player})
