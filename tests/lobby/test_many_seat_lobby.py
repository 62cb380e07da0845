"""Seeks and invitations for three and four players fill seat by seat; the match starts when the
last seat is taken, and the computer may take the seats nobody comes for."""

from __future__ import annotations

import pytest

from games import services as game_services
from games.models import Match, Seat
from lobby import selectors, services
from lobby.forms import LobbyMatchForm
from lobby.models import Invitation, Seek
from lobby.services import LobbyError
from tests.support import presence
from tests.support.people import make_user

pytestmark = pytest.mark.django_db

THREE = {"variant": "six", "scoring": "auto", "muggins": False, "match_target": 1, "players": 3}
FOUR = {**THREE, "players": 4}


def seated(match) -> list[str | None]:
    return [
        seat.user.get_username() if seat.user else None
        for seat in Seat.objects.filter(match=match).order_by("number")
    ]


def test_a_seek_for_three_stays_open_until_its_last_seat_is_taken(
    alice, bob, carol, lobby_presence
):
    lobby_presence(alice)
    seek = services.seek_create(creator=alice, options=THREE)
    [listed] = selectors.open_seeks()
    assert listed["label"].startswith("three players")
    match = services.seek_accept(seek_id=seek.pk, user=bob)
    assert match.status == Match.Status.WAITING
    assert seated(match) == ["alice", "bob", None]
    seek.refresh_from_db()
    assert seek.status == Seek.Status.OPEN and seek.match_id == match.pk
    with pytest.raises(LobbyError) as refused:
        services.seek_accept(seek_id=seek.pk, user=bob)
    assert refused.value.code == "already_seated"
    # Alice went to the table: her seek is not expired for leaving the lobby.
    presence.lapses(alice, seconds_ago=3600)
    assert services.seeks_expire_absent() == []
    same = services.seek_accept(seek_id=seek.pk, user=carol)
    assert same.pk == match.pk
    same.refresh_from_db()
    assert same.status == Match.Status.ACTIVE
    assert seated(same) == ["alice", "bob", "carol"]
    seek.refresh_from_db()
    assert seek.status == Seek.Status.ACCEPTED
    assert selectors.open_seeks() == []


def test_a_rated_seek_for_three_makes_a_rated_match(alice, bob, lobby_presence):
    form = LobbyMatchForm(data={**THREE, "rated": "on"})
    assert form.is_valid(), form.errors
    lobby_presence(alice)
    seek = services.seek_create(creator=alice, options=form.options(), rated=True)
    match = services.seek_accept(seek_id=seek.pk, user=bob)
    assert match.rated and match.players == 3


def test_an_invitation_to_four_seats_each_person_who_opens_it(alice, bob, carol):
    invitation = services.invitation_create(creator=alice, options=FOUR)
    match = invitation.match
    services.invitation_accept(token=invitation.token, user=bob)
    services.invitation_accept(token=invitation.token, user=carol)
    invitation.refresh_from_db()
    assert invitation.status == Invitation.Status.OPEN
    match.refresh_from_db()
    assert match.status == Match.Status.WAITING
    services.invitation_accept(token=invitation.token, user=make_user("dave"))
    invitation.refresh_from_db()
    match.refresh_from_db()
    assert invitation.status == Invitation.Status.ACCEPTED
    assert match.status == Match.Status.ACTIVE
    assert seated(match) == ["alice", "bob", "carol", "dave"]
    with pytest.raises(LobbyError) as refused:
        services.invitation_accept(token=invitation.token, user=make_user("erin"))
    assert refused.value.code == "match_full"


def test_the_computer_takes_the_seats_an_invitation_left_empty(alice, bob):
    invitation = services.invitation_create(creator=alice, options=FOUR)
    services.invitation_accept(token=invitation.token, user=bob)
    match = game_services.match_fill_with_computer(match=invitation.match, user=alice, level="easy")
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert seated(match) == ["alice", "bob", None, None]


def test_a_rematch_at_three_seats_each_player_who_asks_and_starts_with_the_last(alice, bob, carol):
    match = game_services.match_create(creator=alice, options=THREE)
    for person in (bob, carol):
        game_services.match_join(match=match, user=person)
    game_services.match_resign(match_id=match.pk, user=carol)
    new = services.rematch_offer(match_id=match.pk, user=bob)
    assert new.status == Match.Status.WAITING and seated(new) == ["bob", None, None]
    again = services.rematch_offer(match_id=match.pk, user=alice)
    assert again.pk == new.pk and seated(again) == ["bob", "alice", None]
    assert services.rematch_offer(match_id=match.pk, user=alice).pk == new.pk  # asked twice
    last = services.rematch_offer(match_id=match.pk, user=carol)
    last.refresh_from_db()
    assert last.status == Match.Status.ACTIVE and seated(last) == ["bob", "alice", "carol"]


def test_a_rematch_with_two_computers_starts_at_once(alice):
    match = game_services.computer_match_create(creator=alice, options=FOUR, level="easy")
    game_services.match_resign(match_id=match.pk, user=alice)
    new = services.rematch_offer(match_id=match.pk, user=alice)
    new.refresh_from_db()
    assert new.status == Match.Status.ACTIVE
    assert [seat.is_bot for seat in new.seats.order_by("number")] == [False, True, True, True]


def test_at_three_a_player_claims_the_win_from_the_absent_opponent_the_game_waits_on(
    alice, bob, carol, settings
):
    settings.ABANDON_AFTER_SECONDS = 0
    match = game_services.match_create(creator=alice, options=THREE)
    for person in (bob, carol):
        game_services.match_join(match=match, user=person)
    # Everyone must discard; alice and bob are at the table, carol has left it.
    for person in (alice, bob):
        presence.arrives(person, match=match)
    presence.leaves(carol, match=match, seconds_ago=5)
    with pytest.raises(LobbyError) as refused:
        services.abandonment_claim(match_id=match.pk, user=carol)
    assert refused.value.code == "opponent_present"  # alice and bob are here
    claimed = services.abandonment_claim(match_id=match.pk, user=alice)
    assert claimed.status == Match.Status.FINISHED and claimed.finish_reason == "abandoned"
    assert claimed.winner_seat != 2
