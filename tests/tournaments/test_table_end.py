"""A finished tournament table shows the standings, when the next round comes, and the
player's next table once it is paired (tournaments:table_end, drawn by
static/js/table/event-after.js)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from games import services
from tests.tournaments.conftest import open_tables, tasks_settle, tournament_full

pytestmark = pytest.mark.django_db


def end_part(client, cup, match_id) -> str:
    response = client.get(f"/tournaments/{cup.pk}/tables/{match_id}/end/")
    assert response.status_code == 200
    return response.content.decode()


def test_the_banner_names_the_end_part_and_the_tournament_socket(client, alice, field):
    cup = tournament_full(alice, field(4), kind="swiss", rounds=2, round_minutes=40)
    pairing = open_tables(cup)[0]
    client.force_login(pairing.first.user)
    page = client.get(f"/matches/{pairing.match_id}/").content.decode()
    assert f'data-after-url="/tournaments/{cup.pk}/tables/{pairing.match_id}/end/"' in page
    assert f'data-event-socket="/ws/tournaments/{cup.pk}/"' in page


def test_a_finished_table_shows_standings_and_the_round_clock_then_the_next_table(
    client, alice, field
):
    cup = tournament_full(alice, field(4), kind="swiss", rounds=2, round_minutes=40)
    first, second = open_tables(cup)
    services.match_resign(match_id=first.match_id, user=first.second.user)
    tasks_settle()
    client.force_login(first.first.user)

    part = end_part(client, cup, first.match_id)
    assert "standings after your match" in part
    assert "Next round in <time" in part and "(1 table still playing)" in part
    written = part.split('datetime="')[1].split('"')[0]
    assert datetime.fromisoformat(written) == first.round.started_at + timedelta(minutes=40)
    rows = part.split("<tbody>")[1]
    assert rows.index(first.first.name) < rows.index(first.second.name)
    assert 'class="me"' in part and "next-table" not in part

    services.match_resign(match_id=second.match_id, user=second.second.user)
    tasks_settle()
    (mine,) = [p for p in open_tables(cup) if first.first.pk in (p.first_id, p.second_id)]
    part = end_part(client, cup, first.match_id)
    assert 'data-testid="next-table" data-round="2"' in part
    assert f'data-url="/matches/{mine.match_id}/"' in part
    # The next table's own end part never points at itself.
    assert "next-table" not in end_part(client, cup, mine.match_id)


def test_a_finished_tournament_says_so_and_a_stranger_match_is_not_found(client, alice, bob, field):
    cup = tournament_full(alice, field(2), kind="knockout")
    (table,) = open_tables(cup)
    services.match_resign(match_id=table.match_id, user=table.second.user)
    tasks_settle()
    part = end_part(client, cup, table.match_id)
    assert "final standings" in part and "The tournament is over." in part
    other = services.match_create(creator=alice, options={"match_target": 1})
    services.match_join(match=other, user=bob)
    assert client.get(f"/tournaments/{cup.pk}/tables/{other.pk}/end/").status_code == 404
