"""A tournament's table says it belongs to the tournament: its name, the round, a countdown to
the round's end, and a link back (which also replaces "Back to the lobby" when the match is
over); any other table has none of it."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from games import services
from tests.tournaments.conftest import open_tables, tournament_full

pytestmark = pytest.mark.django_db


def test_a_tournament_table_names_the_tournament_round_clock_and_link_back(client, alice, field):
    players = field(4)
    cup = tournament_full(alice, players, kind="swiss", rounds=3, round_minutes=40)
    pairing = open_tables(cup)[0]
    client.force_login(pairing.first.user)
    page = client.get(f"/matches/{pairing.match_id}/").content.decode()
    assert 'data-testid="table-banner"' in page
    assert "<strong>Test cup</strong> · Round 1 of 3" in page
    assert f'href="/tournaments/{cup.pk}/" id="back-to-event">Back to the tournament</a>' in page
    assert f'data-back-url="/tournaments/{cup.pk}/"' in page
    ends = pairing.round.started_at + timedelta(minutes=40)
    written = page.split('id="round-clock" datetime="')[1].split('"')[0]
    assert datetime.fromisoformat(written) == ends


def test_any_other_table_has_no_banner(client, alice, bob):
    match = services.match_create(creator=alice, options={"match_target": 1})
    services.match_join(match=match, user=bob)
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "table-banner" not in page and "data-back-url" not in page


def test_a_finished_tournament_table_offers_no_rematch_and_refuses_one(client, alice, field):
    from lobby import services as lobby_services
    from lobby.services import LobbyError

    players = field(4)
    cup = tournament_full(alice, players, kind="swiss", rounds=3, round_minutes=40)
    pairing = open_tables(cup)[0]
    services.match_resign(match_id=pairing.match_id, user=pairing.first.user)
    client.force_login(pairing.second.user)
    page = client.get(f"/matches/{pairing.match_id}/").content.decode()
    assert 'data-testid="rematch"' not in page
    with pytest.raises(LobbyError) as refused:
        lobby_services.rematch_offer(match_id=pairing.match_id, user=pairing.second.user)
    assert refused.value.code == "event_table"


def test_any_other_finished_table_offers_a_rematch(client, alice, bob):
    match = services.match_create(creator=alice, options={"match_target": 1})
    services.match_join(match=match, user=bob)
    services.match_resign(match_id=match.pk, user=bob)
    client.force_login(alice)
    assert 'data-testid="rematch"' in client.get(f"/matches/{match.pk}/").content.decode()
