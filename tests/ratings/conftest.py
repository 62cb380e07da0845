"""Fixtures for the ratings tests: rated and casual matches between alice and bob, played out."""

from __future__ import annotations

import random

from games import services
from games.models import Match
from tests.server.driving import play_random_match
from tests.support.tasks import tasks_run_due


def finished_match(first, second, *, rated: bool, seed: int = 1, **options) -> Match:
    """A five-card match (to ``match_target``, 1 by default) played out with random legal
    moves, and its match-finished hook run."""
    options = {"variant": "five", "match_target": 1, **options}
    match = services.match_create(creator=first, options=options, rated=rated)
    services.match_join(match=match, user=second)
    play_random_match(match, random.Random(seed))
    tasks_run_due()
    return Match.objects.get(pk=match.pk)


def seat_user(match: Match, seat: int):
    return match.seats.get(number=seat).user
