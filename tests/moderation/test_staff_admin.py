"""Staff act on reports in the admin: each action asks why, works, and is recorded; the muted
player's chat is refused and reaches nobody; a player who is not staff gets nothing."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from lobby import services as lobby_services
from lobby.models import ChatMessage
from lobby.services import LobbyError
from moderation import services
from moderation.models import ChatRestriction, Report, StaffAction, StaffWarning

pytestmark = pytest.mark.django_db

QUEUE = "/admin/moderation/report/"


def reported_line(reporter, author, text="you are all idiots") -> Report:
    lobby_services.chat_post(user=author, room="lobby", text=text)
    line = ChatMessage.objects.filter(author=author).latest("pk")
    return services.report_line_create(
        reporter=reporter, line_id=line.pk, reason="abuse", details=""
    )


def act(client, action, report, **form):
    """The action's two steps: the confirmation page, then the form sent back."""
    first = client.post(QUEUE, {"action": action, "_selected_action": [report.pk]})
    assert first.status_code == 200 and b'data-testid="staff-action-form"' in first.content
    return client.post(
        QUEUE,
        {"action": action, "_selected_action": [report.pk], "staff_confirm": "yes", **form},
        follow=True,
    )


def test_the_queue_shows_open_reports_first_oldest_first_with_their_context(
    alice, bob, mallory, stella, client
):
    older = reported_line(alice, mallory, "first insult")
    handled = reported_line(bob, mallory, "second insult")
    newer = reported_line(bob, alice, "third line")
    services.report_dismiss(staff=stella, report=handled, reason="not abuse")
    client.force_login(stella)
    page = client.get(QUEUE)
    assert list(page.context["cl"].result_list) == [older, newer, handled]
    detail = client.get(f"{QUEUE}{older.pk}/change/").content.decode()
    assert "first insult" in detail and "report-context" in detail


def test_warning_a_player_shows_them_a_banner_until_they_read_it(alice, mallory, stella, client):
    report = reported_line(alice, mallory)
    client.force_login(stella)
    act(client, "warn", report, text="Keep the chat civil, please.")
    report.refresh_from_db()
    assert report.status == Report.Status.ACTIONED and report.handled_by == stella
    record = StaffAction.objects.get()
    assert (record.staff, record.action, record.target_user, record.reason) == (
        stella,
        "warned",
        mallory,
        "Keep the chat civil, please.",
    )

    client.force_login(mallory)
    page = client.get("/").content.decode()
    assert "Keep the chat civil, please." in page
    warning = StaffWarning.objects.get()
    client.post(f"/moderation/warnings/{warning.pk}/read/", {"next": "https://evil.example/"})
    assert "Keep the chat civil" not in client.get("/").content.decode()
    # Nobody else can mark it read, or see it.
    assert StaffWarning.objects.get().seen_at is not None


def test_a_muted_player_is_told_why_and_their_line_is_stored_nowhere(
    alice, mallory, stella, client
):
    report = reported_line(alice, mallory)
    client.force_login(stella)
    act(client, "mute", report, period="60", reason="insults in the lobby")
    restriction = ChatRestriction.objects.get()
    assert restriction.user == mallory and restriction.kind == "mute"
    assert 59 * 60 < (restriction.until - timezone.now()).total_seconds() <= 60 * 60
    assert StaffAction.objects.get().action == "muted"

    before = ChatMessage.objects.count()
    with pytest.raises(LobbyError) as refused:
        lobby_services.chat_post(user=mallory, room="lobby", text="still here")
    assert refused.value.code == "chat_refused" and refused.value.status == 403
    assert "muted you in chat until" in refused.value.message
    assert "insults in the lobby" in refused.value.message
    assert ChatMessage.objects.count() == before
    lobby_services.chat_post(user=alice, room="lobby", text="alice still speaks")


def test_a_mute_ends_on_time_and_a_lifted_ban_lets_them_speak(alice, mallory, stella):
    mute = services.player_mute(staff=stella, user=mallory, minutes=15, reason="cool off")
    ChatRestriction.objects.filter(pk=mute.pk).update(until=timezone.now())
    lobby_services.chat_post(user=mallory, room="lobby", text="back again")
    ban = services.player_chat_ban(staff=stella, user=mallory, reason="repeated abuse")
    with pytest.raises(LobbyError) as refused:
        lobby_services.chat_post(user=mallory, room="lobby", text="hello?")
    assert "banned you from chat" in refused.value.message
    services.restriction_lift(staff=stella, restriction=ban, reason="appeal accepted")
    services.restriction_lift(staff=stella, restriction=ban, reason="twice")
    lobby_services.chat_post(user=mallory, room="lobby", text="thank you")
    assert list(StaffAction.objects.values_list("action", flat=True).order_by("pk")) == [
        "muted",
        "chat_banned",
        "chat_restriction_lifted",
    ]


def test_banning_from_chat_through_the_queue(alice, mallory, stella, client):
    report = reported_line(alice, mallory)
    client.force_login(stella)
    act(client, "ban_from_chat", report, reason="slurs")
    assert ChatRestriction.objects.get().kind == "ban"
    assert ChatRestriction.objects.get().until is None
    assert StaffAction.objects.get().action == "chat_banned"


def test_disabling_an_account_signs_them_out_and_keeps_them_out(alice, mallory, stella, client):
    report = reported_line(alice, mallory)
    mallory_client = type(client)()
    mallory_client.force_login(mallory)
    assert mallory_client.get("/").context["user"].is_authenticated
    client.force_login(stella)
    act(client, "disable_account", report, reason="ban evasion")
    assert not get_user_model().objects.get(pk=mallory.pk).is_active
    assert not mallory_client.get("/").context["user"].is_authenticated
    assert not mallory_client.login(username="mallory", password="mallory-password-123")
    assert StaffAction.objects.get().action == "account_disabled"


def test_dismissing_closes_the_report_and_touches_nobody(alice, mallory, stella, client):
    report = reported_line(alice, mallory)
    client.force_login(stella)
    act(client, "dismiss", report, reason="banter between friends")
    report.refresh_from_db()
    assert report.status == Report.Status.DISMISSED
    assert not ChatRestriction.objects.exists() and not StaffWarning.objects.exists()
    assert StaffAction.objects.get().action == "report_dismissed"


def test_the_confirmation_step_alone_changes_nothing_and_a_reason_is_required(
    alice, mallory, stella, client
):
    report = reported_line(alice, mallory)
    client.force_login(stella)
    client.post(QUEUE, {"action": "mute", "_selected_action": [report.pk]})
    again = client.post(
        QUEUE,
        {"action": "mute", "_selected_action": [report.pk], "staff_confirm": "yes", "period": "60"},
    )
    assert again.status_code == 200 and again.context["form"].errors["reason"]
    assert not ChatRestriction.objects.exists() and not StaffAction.objects.exists()


def test_the_audit_cannot_be_edited_or_deleted(alice, mallory, stella, client):
    report = reported_line(alice, mallory)
    services.report_dismiss(staff=stella, report=report, reason="fine")
    client.force_login(stella)
    record = StaffAction.objects.get()
    assert client.get("/admin/moderation/staffaction/").status_code == 200
    client.post(f"/admin/moderation/staffaction/{record.pk}/change/", {"reason": "edited"})
    client.post(f"/admin/moderation/staffaction/{record.pk}/delete/", {"post": "yes"})
    assert StaffAction.objects.get().reason == "fine"


def test_a_player_who_is_not_staff_gets_nothing(alice, mallory, client):
    report = reported_line(alice, mallory)
    client.force_login(alice)
    assert client.get(QUEUE).status_code == 302  # to the admin's login
    client.post(
        QUEUE,
        {
            "action": "mute",
            "_selected_action": [report.pk],
            "staff_confirm": "yes",
            "period": "60",
            "reason": "x",
        },
    )
    assert not ChatRestriction.objects.exists()
    with pytest.raises(services.ModerationError):
        services.player_mute(staff=alice, user=mallory, minutes=60, reason="x")
    assert not StaffAction.objects.exists()
