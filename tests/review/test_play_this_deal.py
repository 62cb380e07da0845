""" "Play this deal": a new match against the hard computer dealt the original's decks."""

from __future__ import annotations

import pytest

from games.fairness import verify_commitment
from games.models import Match, Shuffle
from lobby.selectors import live_matches
from review.deals import REPLAY_SOURCE, ReplayDecks
from review.models import DealReplay, ShareLink
from tests.review.conftest import finished_match, match_in_play

pytestmark = pytest.mark.django_db


def test_play_this_deal_starts_a_match_against_the_hard_computer_with_the_same_decks(
    client, alice, bob
):
    original = finished_match(alice, bob, seed=2)
    client.force_login(bob)
    response = client.post(f"/matches/{original.pk}/review/play-this-deal/")
    new = Match.objects.exclude(pk=original.pk).get()
    assert response.status_code == 302 and response["Location"] == f"/matches/{new.pk}/"
    assert new.deck_source == REPLAY_SOURCE
    assert DealReplay.objects.get(match=new).original_id == original.pk
    seats = list(new.seats.order_by("number"))
    assert (seats[0].user, seats[1].is_bot, seats[1].bot_level) == (bob, True, "hard")
    assert new.options_dict == original.options_dict
    drawn = list(Shuffle.objects.filter(match=new).order_by("number"))
    before = {s.number: s for s in Shuffle.objects.filter(match=original)}
    assert drawn, "the new match has been cut and dealt"
    for shuffle in drawn:
        assert shuffle.deck == before[shuffle.number].deck
        assert shuffle.salt != before[shuffle.number].salt  # its own commitment, fresh salt
        assert verify_commitment(
            deck=shuffle.deck, salt=shuffle.salt, commitment=shuffle.commitment
        )


def test_past_the_originals_decks_the_replay_is_shuffled_securely(alice, bob):
    original = finished_match(alice, bob, seed=2)
    new = Match.objects.create(deck_source=REPLAY_SOURCE)
    DealReplay.objects.create(match=new, original=original)
    count = Shuffle.objects.filter(match=original).count()
    first, _ = ReplayDecks().next_deck(match=new, number=1)
    assert first == Shuffle.objects.get(match=original, number=1).deck
    beyond, salt = ReplayDecks().next_deck(match=new, number=count + 1)
    assert sorted(beyond) == sorted(first) and len(salt) == 64


def test_the_replays_review_links_to_the_original_and_compares_the_results(client, alice, bob):
    original = finished_match(alice, bob, seed=2)
    replay = finished_match(alice, bob, seed=9)
    DealReplay.objects.create(match=replay, original=original)
    client.force_login(alice)
    page = client.get(f"/matches/{replay.pk}/review/")
    comparison = page.context["comparison"]
    assert comparison["original_id"] == original.pk
    assert comparison["original_scores"] == original.match_scores
    assert comparison["scores"] == replay.match_scores
    assert f'href="/matches/{original.pk}/review/"'.encode() in page.content
    assert b"Match points there: alice" in page.content
    back = client.get(f"/matches/{original.pk}/review/")
    assert back.context["replays"] == [replay.pk]


def test_a_stranger_cannot_replay_a_private_match_without_its_share_link(
    client, alice, bob, mallory
):
    original = finished_match(alice, bob, private=True)
    client.force_login(mallory)
    assert client.post(f"/matches/{original.pk}/review/play-this-deal/").status_code == 404
    ShareLink.objects.create(match=original, token="open-sesame", made_by=alice)
    response = client.post(
        f"/matches/{original.pk}/review/play-this-deal/", {"share": "open-sesame"}
    )
    assert response.status_code == 302
    assert Match.objects.filter(seats__user=mallory, deck_source=REPLAY_SOURCE).count() == 1


def test_playing_the_deal_of_a_private_match_makes_a_private_match(client, alice, bob, carol):
    original = finished_match(alice, bob, private=True)
    client.force_login(bob)
    assert client.post(f"/matches/{original.pk}/review/play-this-deal/").status_code == 302
    replay = Match.objects.get(deck_source=REPLAY_SOURCE)
    assert replay.private
    client.force_login(carol)
    assert client.get(f"/matches/{replay.pk}/view.json").status_code == 403
    assert replay.status == Match.Status.ACTIVE
    assert replay.pk not in [row["id"] for row in live_matches()]


def test_a_visitor_who_plays_the_deal_becomes_a_guest(client, alice, bob):
    original = finished_match(alice, bob)
    response = client.post(f"/matches/{original.pk}/review/play-this-deal/")
    assert response.status_code == 302
    new = Match.objects.get(deck_source=REPLAY_SOURCE)
    assert new.seats.get(number=0).user.username.startswith("Guest-")


def test_a_match_in_play_cannot_be_replayed(client, alice, bob):
    match = match_in_play(alice, bob)
    client.force_login(alice)
    assert client.post(f"/matches/{match.pk}/review/play-this-deal/").status_code == 404
    assert not Match.objects.filter(deck_source=REPLAY_SOURCE).exists()
