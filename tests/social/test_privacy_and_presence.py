"""Privacy choices (matches and presence for friends only; blocks hide both) and the presence a
friend list shows (online, playing, last seen), read from the presence leases."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services as game_services
from games.models import PresenceLease
from social import selectors
from social.services import safety
from tests.support import presence

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished_match(alice, bob):
    match = game_services.match_create(creator=alice, options={"match_target": 1})
    match = game_services.match_join(match=match, user=bob)
    game_services.match_resign(match_id=match.pk, user=bob)
    return match


def test_a_profiles_matches_can_be_shown_to_friends_only(client, friends, mallory, finished_match):
    alice, bob = friends
    safety.social_settings_update(user=alice, matches_friends_only=True)
    link = f"/matches/{finished_match.pk}/"
    client.force_login(bob)
    assert link in client.get("/accounts/players/alice/").content.decode()
    assert client.get("/accounts/players/alice/matches/").status_code == 200
    client.force_login(mallory)
    page = client.get("/accounts/players/alice/").content.decode()
    assert link not in page and "shows their matches to friends only" in page
    assert client.get("/accounts/players/alice/matches/").status_code == 403
    client.logout()
    assert link not in client.get("/accounts/players/alice/").content.decode()
    client.force_login(alice)
    assert link in client.get("/accounts/players/alice/").content.decode()


def test_without_the_choice_everyone_sees_the_matches(client, alice, mallory, finished_match):
    client.force_login(mallory)
    assert (
        f"/matches/{finished_match.pk}/" in client.get("/accounts/players/alice/").content.decode()
    )


def test_someone_blocked_sees_neither_matches_nor_presence(client, alice, mallory, finished_match):
    presence.arrives(alice)
    safety.block_add(user=alice, other=mallory)
    client.force_login(mallory)
    page = client.get("/accounts/players/alice/").content.decode()
    assert f"/matches/{finished_match.pk}/" not in page
    assert "data-presence-state" not in page


def test_presence_on_a_profile_follows_the_friends_only_choice(client, friends, mallory):
    alice, bob = friends
    presence.arrives(alice)
    client.force_login(mallory)
    assert 'data-presence-state="online"' in client.get("/accounts/players/alice/").content.decode()
    safety.social_settings_update(user=alice, presence_friends_only=True)
    assert "data-presence-state" not in client.get("/accounts/players/alice/").content.decode()
    client.force_login(bob)
    assert 'data-presence-state="online"' in client.get("/accounts/players/alice/").content.decode()


def test_presence_reads_online_playing_or_last_seen(alice, bob, carol, mallory):
    match = game_services.match_create(creator=alice, options={"match_target": 1})
    match = game_services.match_join(match=match, user=bob)
    presence.arrives(alice)
    presence.arrives(bob, match=match)
    presence.leaves(carol, seconds_ago=3600)
    seen = selectors.presences(users=[alice, bob, carol, mallory])
    assert seen[alice.pk]["state"] == "online"
    assert seen[bob.pk]["state"] == "playing"
    assert seen[carol.pk]["state"] == "away"
    ended = PresenceLease.objects.get(user=carol).expires_at
    assert seen[carol.pk]["last_seen"] == ended
    assert timezone.now() - ended >= timedelta(seconds=3590)
    assert seen[mallory.pk] == {"state": "away", "last_seen": None, "just_now": False}


def test_the_friend_list_shows_each_friends_presence(client, friends):
    alice, bob = friends
    presence.arrives(bob)
    client.force_login(alice)
    page = client.get("/friends/").content.decode()
    assert 'data-presence-state="online"' in page
    assert 'data-testid="challenge-bob"' in page


def test_the_profile_section_is_for_members_about_members(client, alice, guest):
    client.force_login(guest)
    assert 'data-testid="social-box"' not in client.get("/accounts/players/alice/").content.decode()
    client.force_login(alice)
    assert 'data-testid="social-box"' not in client.get("/accounts/players/alice/").content.decode()
    assert (
        'data-testid="social-box"'
        not in client.get(f"/accounts/players/{guest.username}/").content.decode()
    )
