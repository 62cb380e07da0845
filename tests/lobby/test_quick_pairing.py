"""Quick pairing: one click for a common game posts its seek, and a second player who clicks
the same tile is paired with the first at once; different tiles never pair, and clicking your
own tile again does not post a second seek."""

from __future__ import annotations

import pytest

from games.models import Match
from lobby import services
from lobby.models import Seek

pytestmark = pytest.mark.django_db


def test_two_players_who_click_the_same_tile_are_paired(client, alice, bob, lobby_presence):
    lobby_presence(alice, bob)
    waiting = services.quick_pair(user=alice, key="six")
    assert isinstance(waiting, Seek) and waiting.rated and waiting.variant == "six"
    assert services.quick_pair(user=alice, key="six") == waiting  # no second seek of her own
    match = services.quick_pair(user=bob, key="six")
    assert isinstance(match, Match) and match.rated
    assert {seat.user_id for seat in match.seats.all()} == {alice.pk, bob.pk}
    waiting.refresh_from_db()
    assert waiting.status == Seek.Status.ACCEPTED and waiting.match_id == match.pk


def test_a_rated_tile_plays_the_rated_clock_and_never_lands_in_a_seek_of_another(
    alice, bob, lobby_presence
):
    from games.engine.options import TOURNAMENT_CLOCK, TimeControl

    lobby_presence(alice, bob)
    bullet = services.seek_create(
        creator=alice,
        options={"variant": "six", "match_target": 1},
        rated=True,
        clock=TimeControl("realtime", 60, 2),
    )
    mine = services.quick_pair(user=bob, key="six")
    assert isinstance(mine, Seek) and mine.pk != bullet.pk
    assert mine.time_control == TOURNAMENT_CLOCK
    match = services.quick_pair(user=alice, key="six")
    assert isinstance(match, Match) and match.time_control == TOURNAMENT_CLOCK


def test_different_tiles_do_not_pair(alice, bob, lobby_presence):
    lobby_presence(alice, bob)
    six = services.quick_pair(user=alice, key="six")
    five = services.quick_pair(user=bob, key="five")
    assert isinstance(five, Seek) and five.variant == "five" and five.pk != six.pk
    assert not Match.objects.exists()


def test_three_players_fill_one_table_of_three(alice, bob, carol, lobby_presence):
    lobby_presence(alice, bob, carol)
    seek = services.quick_pair(user=alice, key="three")
    assert isinstance(seek, Seek) and seek.players == 3
    table = services.quick_pair(user=bob, key="three")
    same = services.quick_pair(user=carol, key="three")
    assert table.pk == same.pk and same.seats.filter(user__isnull=False).count() == 3


def test_the_tile_view_sends_the_second_player_to_the_table(client, alice, bob, lobby_presence):
    lobby_presence(alice, bob)
    client.force_login(alice)
    first = client.post("/lobby/quick/six/")
    assert first.status_code == 302 and first["Location"] == "/lobby/"
    client.force_login(bob)
    second = client.post("/lobby/quick/six/")
    match = Match.objects.get()
    assert second.status_code == 302 and second["Location"] == f"/matches/{match.pk}/"
    assert client.post("/lobby/quick/nine/").status_code == 302  # unknown tile: refused
    assert Match.objects.count() == 1
    page = client.get("/lobby/").content.decode()
    for key in ("six", "five", "three", "computer"):
        assert f'data-testid="quick-{key}"' in page
