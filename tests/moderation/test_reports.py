"""Reporting a player or a chat line: who may, what is kept, and every bad request refused."""

from __future__ import annotations

import json

import pytest

from games.models import Match
from lobby import services as lobby_services
from lobby.models import ChatMessage
from moderation import services
from moderation.errors import ModerationError
from moderation.models import Report

pytestmark = pytest.mark.django_db


def say(user, text, room="lobby"):
    lobby_services.chat_post(user=user, room=room, text=text)
    return ChatMessage.objects.filter(author=user).latest("pk")


def post_report(client, body):
    return client.post(
        "/moderation/report/line.json", json.dumps(body), content_type="application/json"
    )


def test_a_reported_line_is_kept_with_the_lines_around_it_even_after_it_is_deleted(
    alice, mallory, client
):
    say(alice, "hello all")
    rude = say(mallory, "you are all idiots")
    say(alice, "that was rude")
    client.force_login(alice)
    answer = post_report(client, {"line": rude.pk, "reason": "abuse", "details": "insults"})
    assert answer.status_code == 201 and "staff will look" in answer.json()["message"]

    ChatMessage.objects.all().delete()
    report = Report.objects.get()
    assert (report.reporter, report.reported, report.reason) == (alice, mallory, "abuse")
    assert (report.chat_room, report.chat_text, report.details) == (
        "lobby",
        "you are all idiots",
        "insults",
    )
    assert [line["text"] for line in report.context] == [
        "hello all",
        "you are all idiots",
        "that was rude",
    ]
    assert report.status == Report.Status.OPEN and report.match is None


def test_a_line_of_a_match_carries_the_match(alice, bob, playing, client):
    line = say(bob, "gg noob", room=f"match-{playing.pk}-players")
    client.force_login(alice)
    assert post_report(client, {"line": line.pk, "reason": "abuse"}).status_code == 201
    assert Report.objects.get().match == playing


def test_a_second_report_of_the_same_line_is_refused_kindly(alice, mallory, client):
    line = say(mallory, "spam spam spam")
    client.force_login(alice)
    assert post_report(client, {"line": line.pk, "reason": "spam"}).status_code == 201
    again = post_report(client, {"line": line.pk, "reason": "spam"})
    assert again.status_code == 409
    assert again.json()["error"] == "already_reported"
    assert "Thank you" in again.json()["message"]
    assert Report.objects.count() == 1


def test_visitors_and_guests_may_not_report(mallory, a_guest, client):
    line = say(mallory, "hmm")
    anonymous = post_report(client, {"line": line.pk, "reason": "abuse"})
    assert anonymous.status_code == 403 and anonymous.json()["error"] == "not_authenticated"
    client.force_login(a_guest)
    guest = post_report(client, {"line": line.pk, "reason": "abuse"})
    assert guest.status_code == 403 and guest.json()["error"] == "guests_cannot_report"
    assert Report.objects.count() == 0


def test_a_stranger_cannot_report_or_read_a_line_of_a_private_match(
    alice, bob, carol, playing, client
):
    Match.objects.filter(pk=playing.pk).update(private=True)
    secret = say(bob, "my hand is 5 5 5 J", room=f"match-{playing.pk}-players")
    client.force_login(carol)
    answer = post_report(client, {"line": secret.pk, "reason": "abuse"})
    assert answer.status_code == 404 and answer.json()["error"] == "line_not_found"
    assert "5 5 5" not in answer.content.decode()
    assert Report.objects.count() == 0


def test_a_spectator_cannot_report_a_line_of_the_players_room(alice, bob, carol, playing, client):
    line = say(bob, "players only", room=f"match-{playing.pk}-players")
    client.force_login(carol)
    assert post_report(client, {"line": line.pk, "reason": "abuse"}).status_code == 404


def test_nobody_reports_their_own_line(mallory, client):
    line = say(mallory, "me")
    client.force_login(mallory)
    answer = post_report(client, {"line": line.pk, "reason": "abuse"})
    assert answer.status_code == 400 and answer.json()["error"] == "report_yourself"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"line": "1", "reason": "abuse"}, "bad_line"),
        ({"line": True, "reason": "abuse"}, "bad_line"),
        ({"line": -4, "reason": "abuse"}, "bad_line"),
        ({"line": None, "reason": "abuse"}, "bad_line"),
        ({"line": "LINE", "reason": "made-up"}, "bad_reason"),
        ({"line": "LINE", "reason": ["abuse"]}, "bad_reason"),
        ({"line": "LINE", "reason": "abuse", "details": 42}, "bad_details"),
        ({"line": "LINE", "reason": "abuse", "details": "x" * 501}, "details_too_long"),
        ({"line": "LINE", "reason": "other"}, "details_needed"),
        ({"line": 999999, "reason": "abuse"}, "line_not_found"),
    ],
)
def test_bad_reports_are_refused_with_a_clear_error_and_change_nothing(
    alice, mallory, client, body, code
):
    line = say(mallory, "something")
    if body["line"] == "LINE":
        body = {**body, "line": line.pk}
    client.force_login(alice)
    answer = post_report(client, body)
    assert answer.status_code in (400, 404)
    assert answer.json()["error"] == code
    assert Report.objects.count() == 0


def test_a_malformed_or_oversized_body_is_refused(alice, client):
    client.force_login(alice)
    broken = client.post(
        "/moderation/report/line.json", "{not json", content_type="application/json"
    )
    assert broken.status_code == 400 and broken.json()["error"] == "bad_json"
    huge = client.post(
        "/moderation/report/line.json",
        json.dumps({"line": 1, "reason": "abuse", "details": "x" * 10_000}),
        content_type="application/json",
    )
    assert huge.status_code == 400 and huge.json()["error"] == "body_too_large"
    assert client.get("/moderation/report/line.json").status_code == 405


def test_a_report_flood_is_cut_off_by_the_limit(alice, mallory, client, settings):
    settings.REPORTS_PER_WINDOW = 3
    settings.CHAT_MESSAGES_PER_WINDOW = 100
    lines = [say(mallory, f"line {number}") for number in range(5)]
    client.force_login(alice)
    answers = [post_report(client, {"line": line.pk, "reason": "spam"}) for line in lines]
    assert [answer.status_code for answer in answers] == [201, 201, 201, 429, 429]
    assert answers[3].json()["error"] == "rate_limited"
    assert Report.objects.count() == 3


def test_a_member_reports_a_player_from_their_profile(alice, mallory, client):
    client.force_login(alice)
    profile = client.get(f"/accounts/players/{mallory.username}/")
    assert f"/moderation/report/player/{mallory.username}/" in profile.content.decode()
    page = client.get(f"/moderation/report/player/{mallory.username}/")
    assert page.status_code == 200 and "Abuse or harassment" in page.content.decode()
    sent = client.post(
        f"/moderation/report/player/{mallory.username}/",
        {"reason": "name", "details": "offensive name"},
    )
    assert 'data-testid="report-sent"' in sent.content.decode()
    report = Report.objects.get()
    assert (report.reporter, report.reported, report.reason, report.chat_line_id) == (
        alice,
        mallory,
        "name",
        None,
    )


def test_the_profile_offers_no_report_to_oneself_guests_or_visitors(alice, a_guest, client):
    page = f"/accounts/players/{alice.username}/"
    link = f"/moderation/report/player/{alice.username}/"
    assert link not in client.get(page).content.decode()
    client.force_login(alice)
    assert link not in client.get(page).content.decode()
    client.force_login(a_guest)
    assert link not in client.get(page).content.decode()
    assert client.get(link).status_code == 403


def test_a_player_report_with_a_bad_reason_shows_the_form_again(alice, mallory, client):
    client.force_login(alice)
    page = client.post(f"/moderation/report/player/{mallory.username}/", {"reason": "nope"})
    assert "Choose one of the reasons listed." in page.content.decode()
    assert Report.objects.count() == 0


def test_reporting_yourself_as_a_player_is_refused(alice):
    with pytest.raises(ModerationError) as refused:
        services.report_player_create(reporter=alice, reported=alice, reason="abuse", details="")
    assert refused.value.code == "report_yourself"
