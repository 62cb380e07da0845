"""Counting accuracy means one thing: the review and the profile show the same number
(issue 26 item 14; docs/review.md, "Manual scoring")."""

from __future__ import annotations

import pytest

from ratings.models import PlayerStats
from ratings.tally import match_tally
from review.models import MatchAnalysis
from tests.review.conftest import finished_match

pytestmark = pytest.mark.django_db


def test_a_claim_of_nothing_for_nothing_is_not_counted_in_the_profile():
    events = [
        ("score_revealed", {"seat": 0, "subject": "play", "claimed": 0, "actual": 0}),
        ("score_revealed", {"seat": 0, "subject": "play", "claimed": 0, "actual": 2}),
        ("score_revealed", {"seat": 0, "subject": "play", "claimed": 2, "actual": 2}),
    ]
    seat = match_tally(events, players=2, winner_seat=None).seats[0]
    assert (seat.claims, seat.claims_exact) == (2, 1)


def test_the_review_and_the_profile_give_one_counting_accuracy(client, alice, bob):
    match = finished_match(alice, bob, seed=3, scoring="manual")
    players = MatchAnalysis.objects.get(match=match).data["players"]
    for seat, person in ((0, alice), (1, bob)):
        in_review = players[str(seat)]["counting_accuracy"]
        stats = PlayerStats.objects.get(user=person)
        assert in_review is not None and stats.claims > 0
        assert stats.counting_accuracy == in_review
        page = client.get(f"/accounts/players/{person.username}/").content.decode()
        claims = f"{stats.claims} claim{'s' if stats.claims > 1 else ''}"
        assert f"{in_review:.1f}% of {claims}" in page
