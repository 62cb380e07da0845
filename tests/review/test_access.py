"""Who may open a review: players always, anyone for a public match, a private match's share
link holders while it is on, and nobody at all while the match is in play."""

from __future__ import annotations

import pytest

from review.access import share_link_create, share_link_revoke
from review.models import ShareLink
from tests.review.conftest import finished_match, match_in_play

pytestmark = pytest.mark.django_db

ROUTES = ("review/", "review/export.json", "review/transcript.txt")


def urls(match, share: str = "") -> list[str]:
    suffix = f"?share={share}" if share else ""
    return [f"/matches/{match.pk}/{route}{suffix}" for route in ROUTES]


def test_a_match_in_play_has_no_review_for_its_players_strangers_or_a_share_token(
    client, alice, bob, mallory, analysis_fixture
):
    match = match_in_play(alice, bob, private=True)
    # A token that would open the review once finished cannot be made, nor forged.
    ShareLink.objects.create(match=match, token="known-token", made_by=alice)
    hidden = [card for hand in match.state["held"] for card in hand]
    for person in (alice, mallory, None):
        client.logout()
        if person is not None:
            client.force_login(person)
        for url in urls(match) + urls(match, "known-token"):
            response = client.get(url)
            assert response.status_code == 404, url
            assert not any(card.encode() in response.content for card in hidden), url
        for action in ("share/", "play-this-deal/"):
            assert (
                client.post(f"/matches/{match.pk}/review/{action}", {"on": "1"}).status_code == 404
            )
    assert analysis_fixture == []  # nothing analysed a match in play


def test_a_public_match_in_play_is_hidden_too(client, alice, bob, mallory):
    match = match_in_play(alice, bob)
    client.force_login(mallory)
    for url in urls(match):
        assert client.get(url).status_code == 404


def test_players_review_a_private_match_and_a_stranger_gets_404(client, alice, bob, mallory):
    match = finished_match(alice, bob, private=True)
    for person in (alice, bob):
        client.force_login(person)
        assert all(client.get(url).status_code == 200 for url in urls(match))
    client.force_login(mallory)
    assert all(client.get(url).status_code == 404 for url in urls(match))
    client.logout()
    assert all(client.get(url).status_code == 404 for url in urls(match))


def test_anyone_reviews_a_public_match(client, alice, bob, mallory):
    match = finished_match(alice, bob)
    assert all(client.get(url).status_code == 200 for url in urls(match))
    client.force_login(mallory)
    page = client.get(f"/matches/{match.pk}/review/")
    assert page.status_code == 200
    assert b"share-box" not in page.content  # strangers get no share controls


def test_a_share_link_opens_a_private_review_until_it_is_revoked(client, alice, bob, mallory):
    match = finished_match(alice, bob, private=True)
    client.force_login(bob)
    response = client.post(f"/matches/{match.pk}/review/share/", {"on": "1"})
    assert response.status_code == 302
    token = ShareLink.objects.get(match=match).token
    page = client.get(f"/matches/{match.pk}/review/")
    assert f"?share={token}".encode() in page.content

    client.force_login(mallory)
    assert all(client.get(url).status_code == 200 for url in urls(match, token))
    assert client.get(urls(match, token + "x")[0]).status_code == 404
    assert client.get(urls(match, "")[0]).status_code == 404
    # Mallory holds the link but is no player: she cannot revoke it (or make one).
    client.post(f"/matches/{match.pk}/review/share/?share={token}", {})
    assert ShareLink.objects.filter(match=match).exists()

    client.force_login(alice)  # either player revokes it
    client.post(f"/matches/{match.pk}/review/share/", {})
    assert not ShareLink.objects.filter(match=match).exists()
    client.force_login(mallory)
    assert all(client.get(url).status_code == 404 for url in urls(match, token))


def test_only_players_make_or_revoke_a_share_link(alice, bob, mallory):
    match = finished_match(alice, bob, private=True)
    with pytest.raises(Exception) as refused:
        share_link_create(match=match, user=mallory)
    assert refused.value.code == "not_a_player"
    token = share_link_create(match=match, user=alice)
    assert share_link_create(match=match, user=bob) == token  # on already: the same link
    assert share_link_revoke(match=match, user=bob) is True
    assert share_link_revoke(match=match, user=alice) is False


def test_an_unknown_match_is_404_on_every_route(client, alice):
    client.force_login(alice)
    for route in ROUTES:
        assert client.get(f"/matches/999999/{route}").status_code == 404
    assert client.post("/matches/999999/review/share/", {"on": "1"}).status_code == 404


def test_review_routes_refuse_the_wrong_method(client, alice, bob):
    match = finished_match(alice, bob)
    client.force_login(alice)
    assert client.post(f"/matches/{match.pk}/review/").status_code == 405
    assert client.get(f"/matches/{match.pk}/review/share/").status_code == 405
    assert client.get(f"/matches/{match.pk}/review/play-this-deal/").status_code == 405


def review_data(client, match) -> dict:
    import json
    import re

    page = client.get(f"/matches/{match.pk}/review/").content.decode()
    found = re.search(
        r'<script id="review-data" type="application/json">(.*?)</script>', page, re.S
    )
    assert found, "no review data on the page"
    return json.loads(found.group(1))


def test_the_review_draws_a_player_in_their_own_seat_near_as_the_table_does(
    client, alice, bob, mallory
):
    """bob sat in seat 1: his review puts seat 1 near (the bottom, black), as his table did;
    alice's puts seat 0 there, and a stranger's the default seat 0."""
    match = finished_match(alice, bob)
    seen = {}
    for person in (alice, bob, mallory):
        client.force_login(person)
        seen[person.username] = review_data(client, match)["viewer_seat"]
    assert seen == {alice.username: 0, bob.username: 1, mallory.username: None}
