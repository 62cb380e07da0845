"""/games/ and the home page's box: a person's own matches in play, those waiting on them first,
with time left; strangers, visitors and other players see nothing of them."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client

from accounts.services import guest_create
from games import engine, services
from games.engine.options import TimeControl
from games.in_play import matches_in_play
from games.models import Match
from games.services.recording import load_state
from tests.server.driving import protocol_action
from tests.support.people import make_user

pytestmark = pytest.mark.django_db

THREE_DAYS = TimeControl.parse("3d")


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def started(first, second, clock=THREE_DAYS) -> Match:
    match = services.match_create(creator=first, options={"match_target": 1}, clock=clock)
    return services.match_join(match=match, user=second)


def throws(match: Match, user, seat: int) -> None:
    state = load_state(Match.objects.get(pk=match.pk))
    action = protocol_action(engine.legal_actions(state, seat)[0])
    services.action_apply(match_id=match.pk, user=user, action=action)


def test_the_match_waiting_on_you_comes_first_with_its_time_left(alice, bob, carol):
    waiting_on_bob = started(alice, bob)
    throws(waiting_on_bob, alice, 0)  # now only Bob's throw is awaited
    waiting_on_alice = started(carol, alice)
    throws(waiting_on_alice, carol, 0)
    rows = matches_in_play(user=alice)
    assert [row.match_id for row in rows] == [waiting_on_alice.pk, waiting_on_bob.pk]
    assert rows[0].waiting_on_you and not rows[1].waiting_on_you
    assert rows[0].opponents == "carol" and rows[1].waiting_on == "bob"
    assert rows[0].time_left.startswith("2 d 23 h") or rows[0].time_left.startswith("3 d")
    assert "3 days per move" in rows[0].kind and rows[0].turn_based
    page = signed_in(alice).get("/games/").content.decode()
    assert page.index(f'data-match-id="{waiting_on_alice.pk}"') < page.index(
        f'data-match-id="{waiting_on_bob.pk}"'
    )
    assert "Your move" in page and "left" in page


def test_time_left_is_what_the_running_clock_has_now(alice, bob):
    match = started(alice, bob)
    throws(match, alice, 0)
    since = Match.objects.get(pk=match.pk).clock_since
    Match.objects.filter(pk=match.pk).update(clock_since=since - timedelta(days=2, hours=1))
    [row] = matches_in_play(user=bob)
    assert row.waiting_on_you and row.time_left.startswith("22 h")


def test_strangers_and_visitors_see_nothing_of_other_peoples_matches(alice, bob):
    match = started(alice, bob)
    mallory = make_user("mallory")
    for client in (signed_in(mallory), Client()):
        page = client.get("/games/")
        assert page.status_code == 200
        text = page.content.decode()
        assert f'data-match-id="{match.pk}"' not in text and "alice" not in text.split("<main")[-1]
        home = client.get("/").content.decode()
        assert 'data-testid="home-in-play"' not in home
    assert matches_in_play(user=mallory) == []


def test_the_home_page_box_lists_your_matches(alice, bob):
    match = started(alice, bob)
    home = signed_in(bob).get("/").content.decode()
    assert 'data-testid="home-in-play"' in home and f'data-match-id="{match.pk}"' in home


def test_a_guest_sees_their_own_matches(alice):
    guest = guest_create()
    match = started(alice, guest, clock=TimeControl("realtime", 300, 3))
    page = signed_in(guest).get("/games/").content.decode()
    assert f'data-match-id="{match.pk}"' in page and "5 min + 3 s" in page


def test_finished_matches_are_not_in_play(alice, bob):
    match = started(alice, bob)
    services.match_resign(match_id=match.pk, user=bob)
    assert matches_in_play(user=alice) == []
    assert 'data-testid="no-matches"' in signed_in(alice).get("/games/").content.decode()


def test_the_page_answers_only_get_and_head(alice):
    assert signed_in(alice).post("/games/").status_code == 405
