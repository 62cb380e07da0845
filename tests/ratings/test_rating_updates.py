"""Rated matches move ratings once; casual and computer matches never do."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction

from accounts.services import guest_create
from games import services, tasks
from games.models import Match
from games.signals import match_finished
from ratings.glicko2 import Rating, Result, update
from ratings.models import PlayerRating, PlayerStats, RatingChange, TalliedMatch
from ratings.services import match_tally_record
from tests.ratings.conftest import finished_match, seat_user
from tests.server.driving import play_until_everyone_has_played
from tests.support.tasks import tasks_run_due

pytestmark = pytest.mark.django_db


def rating_of(user, kind="five-2p") -> PlayerRating:
    return PlayerRating.objects.get(user=user, kind=kind)


def test_a_rated_match_raises_the_winner_and_lowers_the_loser_once(alice, bob):
    match = finished_match(alice, bob, rated=True)
    winner, loser = seat_user(match, match.winner_seat), seat_user(match, 1 - match.winner_seat)
    assert rating_of(winner).rating > 1500 > rating_of(loser).rating
    # Equal new players: the changes mirror each other, and are Glicko-2's for one result.
    expected = update(Rating(), [Result(1500, 350, 1.0)])
    assert rating_of(winner).rating == pytest.approx(expected.rating)
    assert rating_of(loser).rating == pytest.approx(3000 - expected.rating)
    assert rating_of(winner).deviation == pytest.approx(expected.deviation)
    assert rating_of(winner).matches == 1
    change = RatingChange.objects.get(match=match, user=winner)
    assert (change.rating_before, change.deviation_before, change.score) == (1500, 350, 1.0)

    # The hook again (a re-queue after a crash), and the service called directly: no change.
    before = list(PlayerRating.objects.values_list("rating", "deviation", "matches"))
    with transaction.atomic():
        tasks.match_finished_announce.enqueue(match_id=match.pk)
    tasks_run_due()
    assert match_tally_record(match_id=match.pk) is False
    assert list(PlayerRating.objects.values_list("rating", "deviation", "matches")) == before
    assert RatingChange.objects.filter(match=match).count() == 2


def test_a_hook_that_fails_after_the_update_rolls_it_back_and_the_retry_counts_once(alice, bob):
    match = services.match_create(creator=alice, options={"variant": "five"}, rated=True)
    services.match_join(match=match, user=bob)
    play_until_everyone_has_played(match, random.Random(1))  # a result, not an abort
    services.match_resign(match_id=match.pk, user=bob)

    def broken(sender, **details) -> None:
        raise RuntimeError("the process died")

    match_finished.connect(broken, dispatch_uid="test-broken-after-ratings")
    try:
        with pytest.raises(RuntimeError):
            tasks.match_finished_announce.call(match_id=match.pk)
    finally:
        match_finished.disconnect(dispatch_uid="test-broken-after-ratings")
    assert not TalliedMatch.objects.exists()
    assert not RatingChange.objects.exists()

    assert tasks.match_finished_announce.call(match_id=match.pk) is True
    assert tasks.match_finished_announce.call(match_id=match.pk) is False
    assert rating_of(alice).matches == 1
    assert RatingChange.objects.filter(match=match).count() == 2


def test_a_resignation_counts_as_a_lost_match(alice, bob):
    match = services.match_create(
        creator=alice, options={"variant": "five", "match_target": 3}, rated=True
    )
    services.match_join(match=match, user=bob)
    play_until_everyone_has_played(match, random.Random(1))  # a result, not an abort
    services.match_resign(match_id=match.pk, user=bob)
    tasks_run_due()
    assert RatingChange.objects.get(match=match, user=bob).score == 0.0
    assert rating_of(bob).rating < 1500 < rating_of(alice).rating
    assert PlayerStats.objects.get(user=bob, kind="five-2p").matches_lost == 1


def test_a_casual_match_changes_no_rating(alice, bob):
    finished_match(alice, bob, rated=False)
    assert not PlayerRating.objects.exists()
    assert not RatingChange.objects.exists()
    # ... but it counts in the statistics.
    assert PlayerStats.objects.filter(user__in=[alice, bob]).count() == 2


def test_a_computer_match_changes_no_rating(alice):
    match = services.computer_match_create(
        creator=alice, options={"variant": "five", "match_target": 1}, level="easy"
    )
    Match.objects.filter(pk=match.pk).update(rated=True)  # even if someone marked it rated
    services.match_resign(match_id=match.pk, user=alice)
    tasks_run_due()
    assert not PlayerRating.objects.exists()
    stats = PlayerStats.objects.get(user=alice, kind="five-2p")
    assert stats.computer_record == {"easy": {"lost": 1}}


def test_guests_and_the_computer_cannot_play_rated(alice):
    guest = guest_create()
    with pytest.raises(services.ServiceError) as refused:
        services.match_create(creator=guest, options={}, rated=True)
    assert refused.value.code == "rated_needs_account"
    rated = services.match_create(creator=alice, options={}, rated=True)
    with pytest.raises(services.ServiceError) as refused:
        services.match_join(match=rated, user=guest)
    assert refused.value.code == "rated_needs_account"
    with pytest.raises(services.ServiceError) as refused:
        services.match_seat_bot(match=rated, level="easy")
    assert refused.value.code == "rated_with_computer"
    assert Match.objects.get(pk=rated.pk).status == Match.Status.WAITING


def test_a_second_rated_match_starts_from_the_first_ones_result(alice, bob):
    carol = get_user_model().objects.create_user(username="carol", password="x")
    first = finished_match(alice, bob, rated=True, seed=3)
    after_first = rating_of(alice).rating
    second = finished_match(alice, carol, rated=True, seed=4)
    change = RatingChange.objects.get(match=second, user=alice)
    assert change.rating_before == pytest.approx(after_first)
    assert rating_of(alice).matches == 2
    assert RatingChange.objects.get(match=first, user=alice).rating_after == after_first


def resigned_at_once(winner, loser, *, via_invitation: bool = True) -> Match:
    """A rated private invitation from ``winner``, accepted by ``loser``, who resigns at once."""
    from lobby import services as lobby_services

    invitation = lobby_services.invitation_create(
        creator=winner, options={"variant": "five", "match_target": 1}, rated=True
    )
    lobby_services.invitation_accept(token=invitation.token, user=loser)
    services.match_resign(match_id=invitation.match_id, user=loser)
    tasks_run_due()
    return Match.objects.get(pk=invitation.match_id)


def resigned_after_the_first_play(winner, loser, seed: int) -> Match:
    match = services.match_create(
        creator=winner, options={"variant": "five", "match_target": 1}, rated=True
    )
    services.match_join(match=match, user=loser)
    play_until_everyone_has_played(match, random.Random(seed))
    services.match_resign(match_id=match.pk, user=loser)
    tasks_run_due()
    return Match.objects.get(pk=match.pk)


def three_ordinary_wins_from_scratch() -> float:
    rating = Rating()
    opponent = Rating()
    for _ in range(3):
        rating, opponent = (
            update(rating, [Result(opponent.rating, opponent.deviation, 1.0)]),
            update(opponent, [Result(rating.rating, rating.deviation, 0.0)]),
        )
    return rating.rating


def test_a_rated_match_resigned_before_both_played_a_card_is_aborted(alice, bob):
    match = resigned_at_once(alice, bob)
    assert match.status == Match.Status.FINISHED and match.finish_reason == "resigned"
    assert not RatingChange.objects.filter(match=match).exists()
    assert not PlayerRating.objects.filter(matches__gt=0).exists()


def test_seventy_quick_resignations_farm_no_rating(alice, bob):
    """The attack of issue 25 (item 5): 70 rated invitations, each resigned at once by a
    second account, took the first from 1500 to 1975."""
    for _ in range(70):
        resigned_at_once(alice, bob)
    assert not RatingChange.objects.exists()
    assert PlayerRating.objects.filter(user=alice, matches__gt=0).count() == 0


def test_only_three_rated_results_between_two_accounts_count_in_a_day(alice, bob, carol):
    """The same farming with a card played each time: the fourth and later matches between
    alice and bob are casual, so her rating moves no more than three ordinary wins move it."""
    for seed in range(8):
        resigned_after_the_first_play(alice, bob, seed)
    assert RatingChange.objects.filter(user=alice).count() == 3
    assert rating_of(alice).matches == 3
    assert rating_of(alice).rating == pytest.approx(three_ordinary_wins_from_scratch(), abs=0.01)
    # Another opponent still counts: the limit is per pair of accounts.
    resigned_after_the_first_play(alice, carol, 9)
    assert rating_of(alice).matches == 4


def test_the_invitation_and_the_seek_say_a_fourth_rated_match_today_is_casual(
    client, alice, bob, carol
):
    from lobby import services as lobby_services

    for seed in range(3):
        resigned_after_the_first_play(alice, bob, seed)
    invitation = lobby_services.invitation_create(
        creator=alice, options={"variant": "five", "match_target": 1}, rated=True
    )
    lobby_services.seek_create(creator=alice, options={"variant": "five"}, rated=True)
    client.force_login(bob)
    page = client.get(f"/lobby/invite/{invitation.token}/").content.decode()
    assert 'data-testid="casual-for-you"' in page and "will be casual" in page
    assert 'data-testid="casual-for-you"' in client.get("/lobby/").content.decode()
    client.force_login(carol)  # carol and alice have had no rated result together
    assert (
        'data-testid="casual-for-you"'
        not in client.get(f"/lobby/invite/{invitation.token}/").content.decode()
    )
    assert 'data-testid="casual-for-you"' not in client.get("/lobby/").content.decode()
