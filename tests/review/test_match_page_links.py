"""The match page links to its review once the match is over, and not before."""

from __future__ import annotations

import pytest

from tests.review.conftest import finished_match, match_in_play

pytestmark = pytest.mark.django_db


def test_a_finished_match_page_links_to_its_review_and_one_in_play_does_not(client, alice, bob):
    finished = finished_match(alice, bob)
    playing = match_in_play(alice, bob)
    client.force_login(alice)
    link = f'id="review-link" href="/matches/{finished.pk}/review/"'
    assert link.encode() in client.get(f"/matches/{finished.pk}/").content
    assert b'id="review-link"' not in client.get(f"/matches/{playing.pk}/").content
