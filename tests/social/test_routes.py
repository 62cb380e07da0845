"""Every social route, for anonymous visitors, guests, strangers and blocked players: refused
clearly, with nothing changed; and the pages themselves for their people."""

from __future__ import annotations

import pytest

from social.models import Block, Challenge, ChatMute, FriendRequest, Friendship, SocialSettings
from social.services import challenges, friends, safety

pytestmark = pytest.mark.django_db

GET_PAGES = ["/friends/", "/friends/settings/", "/challenges/new/"]
POSTS = [
    ("/friends/requests/", {"username": "bob"}),
    ("/friends/people/block/", {"username": "bob"}),
    ("/friends/people/mute/", {"username": "bob"}),
    ("/friends/people/unfriend/", {"username": "bob"}),
    ("/friends/settings/", {"mute_all_chat": "on"}),
    (
        "/challenges/new/",
        {"opponent": "bob", "variant": "six", "scoring": "auto", "match_target": "1"},
    ),
]


def nothing_stored() -> bool:
    return not any(
        model.objects.exists()
        for model in (Block, Challenge, ChatMute, FriendRequest, Friendship, SocialSettings)
    )


@pytest.mark.parametrize("path", GET_PAGES)
def test_anonymous_visitors_are_sent_to_log_in(client, path):
    response = client.get(path)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize(("path", "data"), POSTS)
def test_anonymous_posts_are_refused_and_change_nothing(client, bob, path, data):
    response = client.post(path, data)
    assert response.status_code in (302, 403)
    if response.status_code == 302:
        assert response["Location"].startswith("/accounts/login/")
    assert nothing_stored()


@pytest.mark.parametrize("path", GET_PAGES)
def test_guests_are_told_they_have_no_friends_list(client, guest, path):
    client.force_login(guest)
    response = client.get(path)
    assert response.status_code == 403
    assert "Guests have no friends list" in response.content.decode()


@pytest.mark.parametrize(("path", "data"), POSTS)
def test_guest_posts_are_refused_and_change_nothing(client, guest, bob, path, data):
    client.force_login(guest)
    response = client.post(path, data)
    assert response.status_code == 403
    assert nothing_stored()


def test_the_friends_page_shows_friends_requests_and_search(client, friends, carol, mallory):
    alice, bob = friends
    from social.services.friends import friend_request_send

    friend_request_send(sender=carol, to=alice)
    client.force_login(alice)
    page = client.get("/friends/?q=ma").content.decode()
    assert 'data-friend="bob"' in page
    assert "carol" in page and "asks to be friends" in page
    assert "mallory" in page  # found by the search


def test_the_search_hides_guests_and_people_across_a_block(client, alice, mallory, guest):
    safety.block_add(user=mallory, other=alice)
    client.force_login(alice)
    page = client.get("/friends/?q=m").content.decode()
    assert "mallory" not in page
    page = client.get(f"/friends/?q={guest.username[:5]}").content.decode()
    assert guest.username not in page


def test_a_challenge_page_is_for_its_two_people_only(client, alice, bob, mallory, guest):
    made = challenges.challenge_create(
        challenger=alice, challenged=bob, options={"match_target": 1}
    )
    for person in (alice, bob):
        client.force_login(person)
        assert client.get(f"/challenges/{made.pk}/").status_code == 200
    client.force_login(mallory)
    assert client.get(f"/challenges/{made.pk}/").status_code == 404
    for answer in ("accept", "decline", "cancel"):
        assert client.post(f"/challenges/{made.pk}/{answer}/").status_code == 404
    client.force_login(guest)
    assert client.get(f"/challenges/{made.pk}/").status_code == 403
    client.logout()
    assert client.get(f"/challenges/{made.pk}/").status_code == 302
    made.refresh_from_db()
    assert made.status == Challenge.Status.OPEN


def test_a_blocked_player_cannot_open_the_challenge_form_to_its_end(client, alice, bob):
    safety.block_add(user=bob, other=alice)
    client.force_login(alice)
    response = client.post(
        "/challenges/new/",
        {
            "opponent": "bob",
            "variant": "six",
            "scoring": "auto",
            "match_target": "1",
            "clock": "none",
        },
    )
    assert response.status_code == 200
    assert "This player is not taking challenges." in response.content.decode()
    assert not Challenge.objects.exists()


def test_a_blocked_player_cannot_friend_through_the_page(client, alice, bob):
    safety.block_add(user=bob, other=alice)
    client.force_login(alice)
    response = client.post("/friends/requests/", {"username": "bob"}, follow=True)
    assert "This player is not taking friend requests." in response.content.decode()
    assert not FriendRequest.objects.exists()


def test_the_challenge_form_makes_a_challenge_and_accepting_goes_to_the_table(client, alice, bob):
    client.force_login(alice)
    response = client.post(
        "/challenges/new/",
        {
            "opponent": "BOB",
            "variant": "six",
            "scoring": "manual",
            "muggins": "on",
            "match_target": "3",
            "clock": "300+3",
        },
    )
    made = Challenge.objects.get()
    assert response["Location"] == f"/challenges/{made.pk}/"
    assert (made.challenged, made.muggins, made.clock_bank) == (bob, True, 300)
    client.force_login(bob)
    response = client.post(f"/challenges/{made.pk}/accept/")
    made.refresh_from_db()
    assert response["Location"] == f"/matches/{made.match_id}/"
    response = client.post(f"/challenges/{made.pk}/accept/", follow=True)
    assert "already accepted" in response.content.decode()


@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("/friends/requests/", {}),
        ("/friends/requests/", {"username": "x" * 5000}),
        ("/friends/requests/", {"username": "nobody-by-that-name"}),
        ("/friends/people/block/", {"username": ""}),
        ("/friends/people/explode/", {"username": "bob"}),
        ("/friends/requests/99999/accept/", {}),
        ("/friends/requests/1/frobnicate/", {}),
    ],
)
def test_malformed_posts_are_refused_clearly_and_change_nothing(client, alice, bob, path, data):
    client.force_login(alice)
    response = client.post(path, data, follow=True)
    assert response.status_code in (200, 404)
    if response.status_code == 200:
        assert 'class="message error"' in response.content.decode()
    assert nothing_stored()


def test_a_friend_request_flood_through_the_page_is_cut_off(client, alice, settings):
    from tests.support.people import make_user

    settings.FRIEND_REQUESTS_PER_WINDOW = 2
    for number in range(3):
        make_user(f"p{number}")
    client.force_login(alice)
    for number in range(3):
        response = client.post("/friends/requests/", {"username": f"p{number}"}, follow=True)
    assert "many friend requests" in response.content.decode()
    assert FriendRequest.objects.count() == 2


def test_the_settings_page_saves_each_choice(client, alice):
    client.force_login(alice)
    client.post("/friends/settings/", {"presence_friends_only": "on", "matches_friends_only": "on"})
    saved = SocialSettings.objects.get(user=alice)
    assert (saved.presence_friends_only, saved.matches_friends_only, saved.mute_all_chat) == (
        True,
        True,
        False,
    )
    assert not saved.public_puzzles_from_private  # off unless chosen
    page = client.get("/friends/settings/").content.decode()
    assert "Let puzzles from my private matches be public" in page
    client.post("/friends/settings/", {"public_puzzles_from_private": "on"})
    saved.refresh_from_db()
    assert saved.public_puzzles_from_private and not saved.presence_friends_only


def test_a_guest_cannot_let_private_matches_give_public_puzzles(client, guest):
    client.force_login(guest)
    client.post("/friends/settings/", {"public_puzzles_from_private": "on"})
    assert not SocialSettings.objects.filter(public_puzzles_from_private=True).exists()


def test_friend_answers_through_the_page(client, alice, bob):
    request = friends.friend_request_send(sender=alice, to=bob)
    client.force_login(bob)
    client.post(f"/friends/requests/{request.pk}/accept/")
    assert Friendship.objects.count() == 1


def test_a_finished_match_offers_to_befriend_the_opponent(client, alice, bob):
    from games import services as game_services

    match = game_services.match_create(creator=alice, options={"match_target": 1})
    match = game_services.match_join(match=match, user=bob)
    game_services.match_resign(match_id=match.pk, user=bob)
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'data-testid="add-friend-bob"' in page
    assert 'data-testid="add-friend-alice"' not in page
    response = client.post(
        "/friends/requests/", {"username": "bob", "next": f"/matches/{match.pk}/"}
    )
    assert response["Location"] == f"/matches/{match.pk}/"
    assert FriendRequest.objects.get().to_user == bob


def test_a_guest_at_a_finished_match_is_not_offered_friends(client, guest, bob):
    from games import services as game_services

    match = game_services.match_create(creator=guest, options={"match_target": 1})
    match = game_services.match_join(match=match, user=bob)
    game_services.match_resign(match_id=match.pk, user=bob)
    client.force_login(guest)
    assert "add-friend-bob" not in client.get(f"/matches/{match.pk}/").content.decode()
