"""Two rated matches of one player ending at once both count, one after the other.

PostgreSQL only, like tests/server/test_concurrency.py: pytest's in-memory SQLite cannot make a
second writer wait.
"""

from __future__ import annotations

import random

import pytest
from django.contrib.auth import get_user_model

from games import services
from games.signals import match_finished
from ratings.hooks import match_finished_count
from ratings.models import PlayerRating, RatingChange
from ratings.services import match_tally_record
from tests.server.driving import play_until_everyone_has_played
from tests.server.test_concurrency import run_together
from tests.support.services import require_postgres

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


@pytest.fixture(autouse=True)
def on_postgres():
    require_postgres()


@pytest.fixture
def hook_held_back():
    """Finish matches without counting them, so the test can count them together."""
    match_finished.disconnect(dispatch_uid="ratings.match_finished")
    yield
    match_finished.connect(match_finished_count, dispatch_uid="ratings.match_finished")


def resigned_rated_match(winner, loser):
    match = services.match_create(creator=winner, options={"variant": "five"}, rated=True)
    services.match_join(match=match, user=loser)
    play_until_everyone_has_played(match, random.Random(1))  # a result, not an abort
    services.match_resign(match_id=match.pk, user=loser)
    return match


def test_two_matches_of_one_player_ending_at_once_both_count(alice, bob, hook_held_back):
    carol = get_user_model().objects.create_user(username="carol", password="x")
    first = resigned_rated_match(alice, bob)
    second = resigned_rated_match(alice, carol)
    assert not PlayerRating.objects.exists()

    results = run_together(
        lambda: match_tally_record(match_id=first.pk),
        lambda: match_tally_record(match_id=second.pk),
    )
    assert results == [True, True]
    rating = PlayerRating.objects.get(user=alice, kind="five-2p")
    assert rating.matches == 2
    changes = list(RatingChange.objects.filter(user=alice).order_by("pk"))
    assert len(changes) == 2
    # No lost update: the second started from the first's result, and the stored rating is its.
    assert changes[1].rating_before == pytest.approx(changes[0].rating_after)
    assert rating.rating == pytest.approx(changes[1].rating_after)
    assert changes[1].rating_after > changes[0].rating_after > 1500


def test_the_same_match_counted_twice_at_once_counts_once(alice, bob, hook_held_back):
    match = resigned_rated_match(alice, bob)
    results = run_together(
        lambda: match_tally_record(match_id=match.pk),
        lambda: match_tally_record(match_id=match.pk),
    )
    assert sorted(results) == [False, True]
    assert RatingChange.objects.filter(match=match).count() == 2
    assert PlayerRating.objects.get(user=alice, kind="five-2p").matches == 1
