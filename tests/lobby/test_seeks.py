"""Seeks: post, list, accept into a match, cancel, expire when the creator leaves, and races."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import OperationalError, close_old_connections
from django.utils import timezone

from games.models import Match, Seat
from lobby import selectors, services
from lobby.models import Seek
from lobby.services import LobbyError
from tests.support import presence
from tests.support.waiting import wait_until

pytestmark = pytest.mark.django_db

SIX_AUTO = {"variant": "six", "scoring": "auto", "muggins": False, "match_target": 1}


def test_a_posted_seek_is_listed_for_everyone_with_its_options(alice, lobby_presence):
    lobby_presence(alice)
    seek = services.seek_create(creator=alice, options={**SIX_AUTO, "variant": "five"})
    [listed] = selectors.open_seeks()
    assert listed["id"] == seek.pk
    assert listed["creator"] == "alice"
    assert listed["options"]["variant"] == "five"
    assert "Five-card" in listed["label"]


def test_accepting_a_seek_starts_a_match_with_the_creator_and_the_accepter(
    alice, bob, lobby_presence
):
    lobby_presence(alice)
    seek = services.seek_create(creator=alice, options=SIX_AUTO)
    match = services.seek_accept(seek_id=seek.pk, user=bob)
    assert match.status == Match.Status.ACTIVE
    seats = dict(Seat.objects.filter(match=match).values_list("number", "user__username"))
    assert seats == {0: "alice", 1: "bob"}
    seek.refresh_from_db()
    assert (seek.status, seek.match_id, seek.accepted_by_id) == ("accepted", match.pk, bob.pk)
    assert selectors.open_seeks() == []


def test_an_accepted_seek_cannot_be_accepted_again(alice, bob, carol, lobby_presence):
    lobby_presence(alice)
    seek = services.seek_create(creator=alice, options=SIX_AUTO)
    services.seek_accept(seek_id=seek.pk, user=bob)
    with pytest.raises(LobbyError) as refused:
        services.seek_accept(seek_id=seek.pk, user=carol)
    assert refused.value.code == "seek_gone"
    assert Match.objects.count() == 1


def test_nobody_accepts_their_own_seek(alice, lobby_presence):
    lobby_presence(alice)
    seek = services.seek_create(creator=alice, options=SIX_AUTO)
    with pytest.raises(LobbyError, match="your own seek"):
        services.seek_accept(seek_id=seek.pk, user=alice)
    assert Match.objects.count() == 0
    assert Seek.objects.get().status == "open"


@pytest.mark.parametrize(
    "options, words",
    [
        ({"variant": "seven"}, "variant"),
        ({"scoring": "auto", "muggins": True}, "Muggins"),
        ({"match_target": 0}, "match_target"),
        ({"colour": "red"}, "unknown option"),
    ],
)
def test_bad_options_are_refused_and_nothing_is_stored(alice, options, words):
    with pytest.raises(LobbyError, match=words):
        services.seek_create(creator=alice, options=options)
    assert Seek.objects.count() == 0


def test_only_the_creator_can_cancel_a_seek(alice, bob, lobby_presence):
    lobby_presence(alice)
    seek = services.seek_create(creator=alice, options=SIX_AUTO)
    with pytest.raises(LobbyError, match="Only the player who made a seek"):
        services.seek_cancel(seek_id=seek.pk, user=bob)
    assert Seek.objects.get().status == "open"
    services.seek_cancel(seek_id=seek.pk, user=alice)
    assert Seek.objects.get().status == "cancelled"
    with pytest.raises(LobbyError) as refused:
        services.seek_accept(seek_id=seek.pk, user=bob)
    assert refused.value.code == "seek_gone"


def test_a_player_may_hold_only_a_few_open_seeks(alice, settings, lobby_presence):
    settings.MAX_OPEN_SEEKS = 2
    lobby_presence(alice)
    services.seek_create(creator=alice, options=SIX_AUTO)
    services.seek_create(creator=alice, options=SIX_AUTO)
    with pytest.raises(LobbyError, match="open seeks"):
        services.seek_create(creator=alice, options=SIX_AUTO)
    assert Seek.objects.count() == 2


def test_a_seek_disappears_once_its_creator_has_been_gone_past_the_grace(
    alice, bob, settings, lobby_presence
):
    settings.SEEK_CREATOR_GRACE_SECONDS = 20
    lobby_presence(alice)
    seek = services.seek_create(creator=alice, options=SIX_AUTO)
    presence.lapses(alice)
    assert [s["id"] for s in selectors.open_seeks()] == [seek.pk]  # just left: still listed
    assert services.seeks_expire_absent() == []

    presence.lapses(alice, seconds_ago=21)
    assert selectors.open_seeks() == []
    with pytest.raises(LobbyError, match="left the lobby"):
        services.seek_accept(seek_id=seek.pk, user=bob)
    assert Seek.objects.get().status == "expired"
    assert Match.objects.count() == 0


def test_the_sweep_expires_only_seeks_whose_creator_left(alice, bob, settings, lobby_presence):
    lobby_presence(alice, bob)
    gone = services.seek_create(creator=alice, options=SIX_AUTO)
    staying = services.seek_create(creator=bob, options=SIX_AUTO)
    presence.lapses(alice, seconds_ago=300)
    assert services.seeks_expire_absent() == [gone.pk]
    assert Seek.objects.get(pk=staying.pk).status == "open"


def test_a_seek_from_someone_never_in_the_lobby_lasts_the_grace_from_its_creation(alice, settings):
    settings.SEEK_CREATOR_GRACE_SECONDS = 20
    seek = services.seek_create(creator=alice, options=SIX_AUTO)
    assert [s["id"] for s in selectors.open_seeks()] == [seek.pk]
    Seek.objects.filter(pk=seek.pk).update(created_at=timezone.now() - timedelta(seconds=30))
    assert selectors.open_seeks() == []


def test_anonymous_visitors_cannot_post_through_the_service(alice):
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(LobbyError) as refused:
        services.seek_create(creator=AnonymousUser(), options=SIX_AUTO)
    assert refused.value.code == "not_authenticated"


def accept_retrying_while_locked(seek_id, user):
    """The test database may be SQLite's shared in-memory one, which answers a second writer with
    "table is locked" at once instead of waiting as PostgreSQL's row lock (or a SQLite file with
    a timeout) does; retrying the whole request stands in for that wait."""

    def accepted():
        try:
            return services.seek_accept(seek_id=seek_id, user=user)
        except OperationalError as error:
            if "locked" not in str(error):
                raise
            return None

    return wait_until(accepted, timeout=10, message="the database unlocked")


@pytest.mark.django_db(transaction=True)
def test_two_players_accepting_the_same_seek_at_once_exactly_one_wins(
    alice, bob, carol, lobby_presence
):
    lobby_presence(alice)
    seek = services.seek_create(creator=alice, options=SIX_AUTO)
    start = threading.Barrier(2)
    results: dict[str, object] = {}

    def accept(user):
        start.wait(5)
        try:
            results[user.username] = accept_retrying_while_locked(seek.pk, user)
        except LobbyError as error:
            results[user.username] = error
        finally:
            close_old_connections()

    threads = [threading.Thread(target=accept, args=(user,)) for user in (bob, carol)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)

    winners = [name for name, result in results.items() if isinstance(result, Match)]
    losers = [result for result in results.values() if isinstance(result, LobbyError)]
    assert len(winners) == 1 and len(losers) == 1
    assert losers[0].code == "seek_gone"
    assert Match.objects.count() == 1
    match = Match.objects.get()
    assert Seat.objects.get(match=match, number=1).user.username == winners[0]
    assert Seek.objects.get().accepted_by.username == winners[0]


def test_once_a_seek_is_accepted_both_players_other_seeks_are_withdrawn(
    alice, bob, carol, lobby_presence
):
    lobby_presence(alice, bob, carol)
    taken = services.seek_create(creator=alice, options=SIX_AUTO)
    alices_other = services.seek_create(creator=alice, options={**SIX_AUTO, "variant": "five"})
    bobs = services.seek_create(creator=bob, options=SIX_AUTO)
    carols = services.seek_create(creator=carol, options=SIX_AUTO)
    services.seek_accept(seek_id=taken.pk, user=bob)
    statuses = dict(Seek.objects.values_list("pk", "status"))
    assert statuses == {
        taken.pk: "accepted",
        alices_other.pk: "cancelled",
        bobs.pk: "cancelled",
        carols.pk: "open",
    }
