"""Writes of moderation: a member's report, and each staff action on a report or a person.

Every staff action runs in one transaction with its audit row (kernel.staff_audit), and marks
the report it answers as handled. Each takes the staff member and a reason, keyword-only.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.throttle import Throttle
from games.models import Match
from kernel.chat_lines import chat_line_evidence
from kernel.session_sockets import user_sockets_close
from kernel.staff_audit import staff_action_record
from moderation.errors import ModerationError
from moderation.models import ChatRestriction, Report, StaffWarning
from moderation.selectors import may_report

DETAILS_MAX = 500
# The periods a mute may last, offered in the admin: label -> minutes.
MUTE_PERIODS: dict[str, int] = {
    "15 minutes": 15,
    "1 hour": 60,
    "1 day": 24 * 60,
    "1 week": 7 * 24 * 60,
}


def report_throttle() -> Throttle:
    return Throttle("reports", settings.REPORTS_PER_WINDOW, settings.REPORTS_WINDOW_SECONDS)


def reporter_required(user: Any) -> User:
    if user is None or not user.is_authenticated:
        raise ModerationError("not_authenticated", "Log in to report a player.", status=403)
    if not may_report(user):
        raise ModerationError(
            "guests_cannot_report",
            "Guests cannot send reports: sign up (it keeps your games) to report a player.",
            status=403,
        )
    return user


def _clean_reason(reason: object, details: object) -> tuple[str, str]:
    if not isinstance(reason, str) or reason not in Report.Reason.values:
        raise ModerationError("bad_reason", "Choose one of the reasons listed.")
    if details is None:
        details = ""
    if not isinstance(details, str):
        raise ModerationError("bad_details", "The details must be text.")
    details = " ".join(details.split())
    if len(details) > DETAILS_MAX:
        raise ModerationError(
            "details_too_long", f"Please keep the details under {DETAILS_MAX} characters."
        )
    if reason == Report.Reason.OTHER and not details:
        raise ModerationError("details_needed", "Say in a few words what is wrong.")
    return reason, details


def _count_against_limit(reporter: User) -> None:
    if not report_throttle().hit(str(reporter.pk)):
        raise ModerationError(
            "rate_limited",
            "You have sent many reports in a short time; staff will read them. "
            "Please wait a while before sending more.",
            status=429,
        )


def report_player_create(
    *, reporter: Any, reported: User, reason: object, details: object
) -> Report:
    """``reporter`` reports ``reported`` (from their profile)."""
    person = reporter_required(reporter)
    if person.pk == reported.pk:
        raise ModerationError("report_yourself", "You cannot report yourself.")
    reason_code, text = _clean_reason(reason, details)
    _count_against_limit(person)
    return Report.objects.create(
        reporter=person, reported=reported, reason=reason_code, details=text
    )


def report_line_create(
    *, reporter: Any, line_id: object, reason: object, details: object
) -> Report:
    """``reporter`` reports a chat line they could hear; the line and its neighbours are copied."""
    person = reporter_required(reporter)
    if not isinstance(line_id, int) or isinstance(line_id, bool) or line_id <= 0:
        raise ModerationError("bad_line", "That is not a chat line.")
    reason_code, text = _clean_reason(reason, details)
    evidence = chat_line_evidence(line_id=line_id, viewer=person)
    if evidence is None:
        raise ModerationError("line_not_found", "There is no such chat line.", status=404)
    if evidence.line.author_id == person.pk:
        raise ModerationError("report_yourself", "You cannot report your own line.")
    if Report.objects.filter(reporter=person, chat_line_id=line_id).exists():
        raise _already_reported()
    _count_against_limit(person)
    match = Match.objects.filter(pk=evidence.match_id).first() if evidence.match_id else None
    try:
        with transaction.atomic():
            return Report.objects.create(
                reporter=person,
                reported_id=evidence.line.author_id,
                reason=reason_code,
                details=text,
                chat_line_id=line_id,
                chat_room=evidence.room,
                chat_text=evidence.line.text,
                context=[
                    {"id": line.line_id, "author": line.author, "text": line.text, "at": line.at}
                    for line in evidence.context
                ],
                match=match,
            )
    except IntegrityError:  # the same report sent twice at once: the first one counts
        raise _already_reported() from None


def _already_reported() -> ModerationError:
    """The kind answer to a second report of one line (the first is with the staff)."""
    return ModerationError(
        "already_reported",
        "Thank you, you have already reported this line: staff will see it.",
        status=409,
    )


def _handled(report: Report | None, staff: User, status: str = Report.Status.ACTIONED) -> None:
    if report is None:
        return
    report.status = status
    report.handled_by = staff
    report.handled_at = timezone.now()
    report.save(update_fields=["status", "handled_by", "handled_at"])


def _staff(staff: Any) -> User:
    if staff is None or not staff.is_authenticated or not staff.is_staff:
        raise ModerationError("not_staff", "Only staff may do this.", status=403)
    return staff


def player_warn(*, staff: Any, user: User, text: str, report: Report | None = None) -> StaffWarning:
    """Warn ``user``: they see ``text`` as a banner on their next page, until they dismiss it."""
    actor = _staff(staff)
    words = " ".join((text or "").split())[:DETAILS_MAX]
    if not words:
        raise ModerationError("warning_empty", "Write the warning the player will read.")
    with transaction.atomic():
        warning = StaffWarning.objects.create(user=user, text=words, created_by=actor)
        _handled(report, actor)
        staff_action_record(
            staff_id=actor.pk,
            action="warned",
            target=_who(user, report),
            reason=words,
            target_user_id=user.pk,
        )
    return warning


def player_mute(
    *, staff: Any, user: User, minutes: int, reason: str, report: Report | None = None
) -> ChatRestriction:
    """Mute ``user`` in chat for ``minutes``: their lines reach nobody, and they are told so."""
    actor = _staff(staff)
    if not isinstance(minutes, int) or minutes <= 0 or minutes > 366 * 24 * 60:
        raise ModerationError("bad_period", "Choose how long the mute lasts.")
    with transaction.atomic():
        restriction = ChatRestriction.objects.create(
            user=user,
            kind=ChatRestriction.Kind.MUTE,
            until=timezone.now() + timedelta(minutes=minutes),
            reason=reason,
            created_by=actor,
        )
        _handled(report, actor)
        staff_action_record(
            staff_id=actor.pk,
            action="muted",
            target=f"{_who(user, report)} for {minutes} min",
            reason=reason,
            target_user_id=user.pk,
        )
    return restriction


def player_chat_ban(
    *, staff: Any, user: User, reason: str, report: Report | None = None
) -> ChatRestriction:
    """Ban ``user`` from chat until staff lift it."""
    actor = _staff(staff)
    with transaction.atomic():
        restriction = ChatRestriction.objects.create(
            user=user, kind=ChatRestriction.Kind.BAN, reason=reason, created_by=actor
        )
        _handled(report, actor)
        staff_action_record(
            staff_id=actor.pk,
            action="chat_banned",
            target=_who(user, report),
            reason=reason,
            target_user_id=user.pk,
        )
    return restriction


def restriction_lift(*, staff: Any, restriction: ChatRestriction, reason: str) -> None:
    """End a mute or ban early (once: lifting a lifted one records nothing)."""
    actor = _staff(staff)
    with transaction.atomic():
        lifted = ChatRestriction.objects.filter(pk=restriction.pk, lifted_at__isnull=True).update(
            lifted_at=timezone.now()
        )
        if lifted:
            staff_action_record(
                staff_id=actor.pk,
                action="chat_restriction_lifted",
                target=f"{restriction.get_kind_display()} of {restriction.user}",
                reason=reason,
                target_user_id=restriction.user_id,
            )


def account_disable(*, staff: Any, user: User, reason: str, report: Report | None = None) -> None:
    """Disable ``user``'s account: no sign-in, and their sessions and sockets end now.

    Django refuses an inactive user on every request (the session no longer signs them in);
    their sessions' rows are deleted too, and their open sockets are closed on commit.
    """
    actor = _staff(staff)
    if user.pk == actor.pk:
        raise ModerationError("disable_yourself", "You cannot disable your own account here.")
    with transaction.atomic():
        get_user_model().objects.filter(pk=user.pk).update(is_active=False)
        _sessions_end(user.pk)
        _handled(report, actor)
        staff_action_record(
            staff_id=actor.pk,
            action="account_disabled",
            target=_who(user, report),
            reason=reason,
            target_user_id=user.pk,
        )
        user_sockets_close(user_id=user.pk)


def report_dismiss(*, staff: Any, report: Report, reason: str) -> None:
    """Close ``report`` with nothing done to anyone."""
    actor = _staff(staff)
    with transaction.atomic():
        _handled(report, actor, Report.Status.DISMISSED)
        staff_action_record(
            staff_id=actor.pk,
            action="report_dismissed",
            target=f"report {report.pk}",
            reason=reason,
            target_user_id=report.reported_id,
        )


def _sessions_end(user_id: int) -> None:
    """Delete the database sessions that sign ``user_id`` in (the site's session store)."""
    from django.contrib.sessions.models import Session

    key = str(user_id)
    for session in Session.objects.filter(expire_date__gt=timezone.now()).iterator():
        if session.get_decoded().get("_auth_user_id") == key:
            session.delete()


def _who(user: User, report: Report | None) -> str:
    name = user.get_username()
    return f"{name} (report {report.pk})" if report is not None else name
