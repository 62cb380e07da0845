"""Turn-based matches are rated apart from real-time ones: a kind per speed ("five-2p-days"),
its own leaderboard, and a row on the profile once played; the real-time kinds are untouched."""

from __future__ import annotations

import random

import pytest

from games import services
from games.engine.options import TimeControl
from games.models import Match
from ratings.kinds import RATED_KINDS, kind_label, kind_of
from ratings.models import PlayerRating
from tests.ratings.conftest import finished_match
from tests.server.driving import play_random_match
from tests.support.tasks import tasks_run_due

pytestmark = pytest.mark.django_db


def finished_days_match(first, second, seed: int = 1) -> Match:
    match = services.match_create(
        creator=first,
        options={"variant": "five", "match_target": 1},
        rated=True,
        clock=TimeControl.parse("3d"),
    )
    services.match_join(match=match, user=second)
    play_random_match(match, random.Random(seed))
    tasks_run_due()
    return Match.objects.get(pk=match.pk)


def test_a_rated_turn_based_match_moves_the_turn_based_rating_only(alice, bob):
    finished_match(alice, bob, rated=True)  # real-time, five-card
    realtime = {row.user_id: row.rating for row in PlayerRating.objects.filter(kind="five-2p")}
    match = finished_days_match(alice, bob)
    assert match.status == Match.Status.FINISHED
    days = PlayerRating.objects.filter(kind="five-2p-days")
    assert days.count() == 2 and all(row.matches == 1 for row in days)
    # The real-time ratings are exactly as they were.
    assert {
        row.user_id: row.rating for row in PlayerRating.objects.filter(kind="five-2p")
    } == realtime


def test_the_turn_based_kinds_have_names_and_leaderboards(client, alice, bob):
    assert kind_of(variant="six", players=3, turn_based=True) == "six-3p-days"
    assert kind_label("six-2p-days") == "Six-card, two players, turn-based"
    assert {"six-2p", "six-2p-days", "five-2p-days"} <= set(RATED_KINDS)
    finished_days_match(alice, bob)
    page = client.get("/ratings/five-2p-days/")
    assert page.status_code == 200
    assert "Five-card, two players, turn-based" in page.content.decode()
    assert client.get("/ratings/five-2p/").status_code == 200  # the old board still stands
    assert client.get("/ratings/five-2p-weeks/").status_code == 404


def test_the_profile_lists_a_turn_based_rating_once_played(client, alice, bob):
    before = client.get(f"/accounts/players/{alice.username}/").content.decode()
    assert 'data-kind="five-2p-days"' not in before
    assert 'data-kind="five-2p"' in before
    finished_days_match(alice, bob)
    after = client.get(f"/accounts/players/{alice.username}/").content.decode()
    assert 'data-kind="five-2p-days"' in after
