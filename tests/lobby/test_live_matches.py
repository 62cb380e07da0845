"""The live-matches list: public matches someone is actually playing, not every unfinished one."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services as game_services
from games.models import Match
from lobby import selectors
from tests.support import presence

pytestmark = pytest.mark.django_db

OPTIONS = {"variant": "six", "scoring": "auto", "muggins": False, "match_target": 1}


@pytest.fixture
def match(alice, bob):
    created = game_services.match_create(creator=alice, options=OPTIONS)
    return game_services.match_join(match=created, user=bob)


def last_move_minutes_ago(match: Match, minutes: int) -> None:
    # A queryset update leaves auto_now alone, so this really moves the last activity back.
    Match.objects.filter(pk=match.pk).update(updated_at=timezone.now() - timedelta(minutes=minutes))


def listed() -> list[int]:
    return [entry["id"] for entry in selectors.live_matches()]


def test_a_match_with_a_recent_move_is_listed(match):
    assert listed() == [match.pk]


def test_a_match_nobody_has_touched_for_a_while_and_nobody_is_at_drops_off(match, settings):
    settings.LIVE_MATCH_IDLE_SECONDS = 600
    last_move_minutes_ago(match, 11)
    assert listed() == []
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE  # only unlisted


def test_a_quiet_match_stays_listed_while_a_player_is_at_the_table(match, alice):
    last_move_minutes_ago(match, 30)
    presence.arrives(alice, match=match)
    assert listed() == [match.pk]


def test_a_player_whose_lease_lapsed_does_not_keep_it_listed(match, alice):
    last_move_minutes_ago(match, 30)
    presence.arrives(alice, match=match)

    presence.lapses(alice, match=match, seconds_ago=1)  # their server died: nothing renewed it
    assert listed() == []
