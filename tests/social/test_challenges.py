"""Challenges: made with every option, accepted into a match, declined with a reason, expired
by the durable task; refused to oneself, guests, across blocks, to friends-only players, twice."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.engine.options import TimeControl
from games.models import Match
from social.errors import SocialError
from social.models import Challenge
from social.services import challenges, safety
from tests.support.tasks import tasks_run_due, tasks_waiting

pytestmark = pytest.mark.django_db

OPTIONS = {"variant": "six", "scoring": "manual", "muggins": True, "match_target": 3}


def challenge(alice, bob, **extra):
    return challenges.challenge_create(challenger=alice, challenged=bob, options=OPTIONS, **extra)


def test_a_challenge_tells_the_challenged_and_queues_its_expiry(alice, bob, notices):
    made = challenge(alice, bob, clock=TimeControl("realtime", 300, 3))
    assert [(n.kind, n.recipient_id, n.url) for n in notices] == [
        ("challenge", bob.pk, f"/challenges/{made.pk}/")
    ]
    assert [task.task_path for task in tasks_waiting()] == ["social.tasks.challenge_expire"]
    assert timedelta(seconds=590) < made.expires_at - timezone.now() <= timedelta(seconds=600)


def test_accepting_makes_the_match_with_every_option_and_both_seated(alice, bob, notices):
    made = challenge(alice, bob, rated=True, clock=TimeControl("realtime", 300, 3))
    match = challenges.challenge_accept(user=bob, challenge_id=made.pk)
    match.refresh_from_db()
    assert (match.variant, match.scoring, match.muggins, match.match_target) == (
        "six",
        "manual",
        True,
        3,
    )
    assert match.rated and match.time_control == TimeControl("realtime", 300, 3)
    assert match.status == Match.Status.ACTIVE
    assert sorted(seat.user_id for seat in match.seats.all()) == sorted([alice.pk, bob.pk])
    assert notices[-1].kind == "challenge_answered" and notices[-1].recipient_id == alice.pk
    assert notices[-1].url == f"/matches/{match.pk}/"


def test_accepting_twice_is_refused_and_makes_one_match(alice, bob):
    made = challenge(alice, bob)
    challenges.challenge_accept(user=bob, challenge_id=made.pk)
    with pytest.raises(SocialError) as refused:
        challenges.challenge_accept(user=bob, challenge_id=made.pk)
    assert refused.value.code == "challenge_accepted"
    assert Match.objects.count() == 1


def test_only_the_challenged_may_accept_or_decline(alice, bob, mallory):
    made = challenge(alice, bob)
    for person in (alice, mallory):
        with pytest.raises(SocialError) as refused:
            challenges.challenge_accept(user=person, challenge_id=made.pk)
        assert refused.value.code == "not_yours"
        with pytest.raises(SocialError):
            challenges.challenge_decline(user=person, challenge_id=made.pk)
    assert Match.objects.count() == 0


def test_declining_keeps_a_cleaned_reason_and_tells_the_challenger(alice, bob, notices):
    made = challenge(alice, bob)
    challenges.challenge_decline(
        user=bob, challenge_id=made.pk, reason="later", text="  after\u202e dinner\n "
    )
    made.refresh_from_db()
    assert (made.status, made.decline_reason, made.decline_text) == (
        "declined",
        "later",
        "after dinner",
    )
    assert notices[-1].kind == "challenge_answered" and notices[-1].recipient_id == alice.pk
    assert "after dinner" in notices[-1].text


@pytest.mark.parametrize(
    ("reason", "text", "code"),
    [
        ("because", None, "bad_reason"),
        ("later", "x" * 201, "message_too_long"),
        ("later", ["x"], "bad_message"),
    ],
)
def test_a_malformed_decline_is_refused_and_changes_nothing(alice, bob, reason, text, code):
    made = challenge(alice, bob)
    with pytest.raises(SocialError) as refused:
        challenges.challenge_decline(user=bob, challenge_id=made.pk, reason=reason, text=text)
    assert refused.value.code == code
    made.refresh_from_db()
    assert made.status == Challenge.Status.OPEN


def test_an_unanswered_challenge_expires_through_its_task_once(alice, bob, notices):
    made = challenge(alice, bob)
    assert tasks_run_due() == 0  # not due yet: nothing happens
    Challenge.objects.filter(pk=made.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert tasks_run_due(now=timezone.now() + timedelta(hours=1)) == 1
    made.refresh_from_db()
    assert made.status == Challenge.Status.EXPIRED
    assert [n.kind for n in notices] == ["challenge", "challenge_answered"]
    # Run twice: nothing more is changed or told.
    assert challenges.challenge_expire_due(challenge_id=made.pk) is False
    assert len(notices) == 2


def test_accepting_after_the_expiry_is_refused_even_before_the_task_ran(alice, bob):
    made = challenge(alice, bob)
    Challenge.objects.filter(pk=made.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(SocialError) as refused:
        challenges.challenge_accept(user=bob, challenge_id=made.pk)
    assert refused.value.code == "challenge_expired"
    assert Match.objects.count() == 0


def test_the_expiry_task_stands_down_for_an_answered_challenge(alice, bob):
    made = challenge(alice, bob)
    challenges.challenge_decline(user=bob, challenge_id=made.pk)
    Challenge.objects.filter(pk=made.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert challenges.challenge_expire_due(challenge_id=made.pk) is False
    made.refresh_from_db()
    assert made.status == Challenge.Status.DECLINED


def test_a_challenge_to_yourself_is_refused(alice):
    with pytest.raises(SocialError) as refused:
        challenge(alice, alice)
    assert refused.value.code == "own_challenge"
    assert Challenge.objects.count() == 0


def test_a_challenge_to_or_from_a_guest_is_refused(alice, guest):
    with pytest.raises(SocialError) as refused:
        challenge(alice, guest)
    assert refused.value.code == "guest_challenged"
    with pytest.raises(SocialError) as refused:
        challenge(guest, alice)
    assert refused.value.code == "guest"
    assert Challenge.objects.count() == 0


def test_a_challenge_across_a_block_is_refused_in_neutral_words(alice, bob):
    safety.block_add(user=bob, other=alice)
    with pytest.raises(SocialError) as refused:
        challenge(alice, bob)
    assert refused.value.code == "not_taking_challenges"
    assert "block" not in refused.value.message.lower()
    assert Challenge.objects.count() == 0


def test_blocking_cancels_open_challenges_between_the_two(alice, bob):
    made = challenge(alice, bob)
    safety.block_add(user=bob, other=alice)
    made.refresh_from_db()
    assert made.status == Challenge.Status.CANCELLED


def test_friends_only_refuses_strangers_but_takes_friends(friends, mallory):
    alice, bob = friends
    safety.social_settings_update(user=bob, challenges_friends_only=True)
    with pytest.raises(SocialError) as refused:
        challenge(mallory, bob)
    assert refused.value.code == "friends_only"
    assert challenge(alice, bob).status == Challenge.Status.OPEN


def test_rated_follows_the_rated_rules(alice, bob):
    with pytest.raises(SocialError) as refused:
        challenge(alice, bob, rated=True, clock=TimeControl())
    assert refused.value.code == "rated_needs_clock"
    made = challenge(alice, bob, rated=True)
    assert made.time_control.timed  # the default rated clock


def test_three_or_four_players_are_refused(alice, bob):
    with pytest.raises(SocialError) as refused:
        challenges.challenge_create(
            challenger=alice, challenged=bob, options={**OPTIONS, "players": 3}
        )
    assert refused.value.code == "two_players_only"


def test_bad_options_are_refused(alice, bob):
    with pytest.raises(SocialError) as refused:
        challenges.challenge_create(
            challenger=alice, challenged=bob, options={**OPTIONS, "variant": "seven"}
        )
    assert refused.value.code == "bad_options"


def test_a_challenge_flood_is_cut_off(alice, settings):
    from tests.support.people import make_user

    settings.CHALLENGES_PER_WINDOW = 2
    settings.OPEN_CHALLENGES_MAX = 10
    people = [make_user(f"person{number}") for number in range(3)]
    challenge(alice, people[0])
    challenge(alice, people[1])
    with pytest.raises(SocialError) as refused:
        challenge(alice, people[2])
    assert refused.value.code == "rate_limited"
    assert Challenge.objects.count() == 2


def test_days_per_move_challenges_wait_a_day(alice, bob, settings):
    from social import conf

    assert conf.challenge_expiry_seconds("realtime") == 600
    assert conf.challenge_expiry_seconds("none") == 600
    assert conf.challenge_expiry_seconds("days") == 24 * 3600
