"""The notification pages and the bell's JSON: the owner only, bad bodies refused unchanged,
the settings form, and the bell in the header of every page of a signed-in person."""

from __future__ import annotations

import pytest
from django.test import Client

from kernel.notices import publish
from notifications.models import Notification
from notifications.selectors import PAGE_SIZE, settings_for
from tests.notifications.conftest import challenge

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_header_bell_shows_the_unread_count_in_its_label(alice):
    publish(challenge(alice, key="challenge:1"))
    publish(challenge(alice, key="challenge:2"))
    page = signed_in(alice).get("/").content.decode()
    assert 'aria-label="Notifications, 2 unread"' in page
    assert 'data-socket-path="/ws/notifications/"' in page
    assert 'aria-live="polite"' in page
    assert "/ws/notifications/" not in Client().get("/").content.decode()


def test_the_page_lists_them_newest_first_in_pages(alice):
    for number in range(PAGE_SIZE + 3):
        publish(challenge(alice, key=f"challenge:{number}"))
    client = signed_in(alice)
    first = client.get("/notifications/").content.decode()
    assert first.count('class="notification unread"') == PAGE_SIZE
    assert "Page 1 of 2" in first
    second = client.get("/notifications/?page=2").content.decode()
    assert second.count('class="notification unread"') == 3


def test_a_visitor_is_sent_to_log_in(db):
    for path in ("/notifications/", "/notifications/settings/"):
        answer = Client().get(path)
        assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]


def test_opening_one_marks_it_read_and_goes_where_it_points(alice):
    publish(challenge(alice, key="challenge:1", url="/tournaments/"))
    notification = Notification.objects.get()
    answer = signed_in(alice).post(f"/notifications/{notification.pk}/open/")
    assert answer.status_code == 302 and answer["Location"] == "/tournaments/"
    notification.refresh_from_db()
    assert notification.read_at is not None


def test_someone_elses_notification_cannot_be_read_or_opened(alice, mallory):
    publish(challenge(alice, key="challenge:1"))
    notification = Notification.objects.get()
    client = signed_in(mallory)
    for path in (
        f"/notifications/{notification.pk}/read/",
        f"/notifications/{notification.pk}/open/",
    ):
        assert client.post(path).status_code == 404
    answer = client.post(
        "/notifications/read.json", {"id": notification.pk}, content_type="application/json"
    )
    assert answer.status_code == 404 and answer.json()["error"] == "not_found"
    notification.refresh_from_db()
    assert notification.read_at is None


def test_reading_all_by_the_form_and_one_by_json(alice):
    for number in range(3):
        publish(challenge(alice, key=f"challenge:{number}"))
    client = signed_in(alice)
    newest = Notification.objects.first()
    answer = client.post(
        "/notifications/read.json", {"id": newest.pk}, content_type="application/json"
    )
    assert answer.json() == {"unread": 2}
    assert client.post("/notifications/read-all/").status_code == 302
    assert not Notification.objects.filter(read_at__isnull=True).exists()


@pytest.mark.parametrize(
    "body",
    [
        "not json",
        "[]",
        '{"id": "1"}',
        '{"id": true}',
        '{"all": "yes"}',
        "{}",
        '{"id": 1' + " " * 5000 + "}",
    ],
)
def test_malformed_bodies_are_refused_and_change_nothing(alice, body):
    publish(challenge(alice, key="challenge:1"))
    answer = signed_in(alice).post(
        "/notifications/read.json", body, content_type="application/json"
    )
    assert answer.status_code in (400, 404)
    assert answer.json()["error"] in {"bad_json", "bad_request", "body_too_large", "not_found"}
    assert Notification.objects.filter(read_at__isnull=True).count() == 1


def test_the_json_refuses_a_visitor_and_a_get(alice):
    assert (
        Client()
        .post("/notifications/read.json", {"all": True}, content_type="application/json")
        .status_code
        == 403
    )
    assert signed_in(alice).get("/notifications/read.json").status_code == 405


def test_the_settings_form_saves_kinds_and_the_digest(dora):
    client = signed_in(dora)
    page = client.get("/notifications/settings/").content.decode()
    assert "dora@example.test" in page
    answer = client.post(
        "/notifications/settings/", {"email_kinds": ["challenge", "your_turn"], "digest": "on"}
    )
    assert answer.status_code == 302
    chosen = settings_for(user_id=dora.pk)
    assert chosen.email_kinds == ["challenge", "your_turn"] and chosen.digest


def test_the_settings_form_refuses_an_unknown_kind_and_mail_without_an_address(alice, dora):
    answer = signed_in(dora).post("/notifications/settings/", {"email_kinds": ["everything"]})
    assert answer.status_code == 200 and settings_for(user_id=dora.pk).pk is None
    answer = signed_in(alice).post("/notifications/settings/", {"email_kinds": ["challenge"]})
    assert "Add an e-mail address" in answer.content.decode()
    assert settings_for(user_id=alice.pk).pk is None


def test_an_unsubscribe_path_no_token_can_hold_is_a_plain_404(db):
    for segment in ("%00", "a%20b", "x" * 201):
        assert Client().get(f"/notifications/unsubscribe/{segment}/").status_code == 404
