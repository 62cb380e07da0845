"""The match-finished hook: queued with the ending, sent once, never for a rolled-back ending."""

from __future__ import annotations

import pytest
from django.db import transaction

from games import services, tasks
from games.models import Match, MatchFinishedNotice
from games.signals import match_finished
from tests.support.tasks import tasks_run_due, tasks_waiting

pytestmark = pytest.mark.django_db


@pytest.fixture
def heard():
    """The calls a receiver of the hook gets."""
    calls: list[dict] = []

    def receiver(sender, **details) -> None:
        calls.append(details)

    match_finished.connect(receiver, dispatch_uid="test-receiver")
    yield calls
    match_finished.disconnect(dispatch_uid="test-receiver")


@pytest.fixture
def match(alice, bob):
    waiting = services.match_create(creator=alice, options={"match_target": 1})
    return services.match_join(match=waiting, user=bob)


def test_a_resignation_queues_the_hook_and_its_receivers_hear_it_once(match, bob, heard):
    # (This test's transaction never commits, so nothing runs on commit: the test runs it.)
    services.match_resign(match_id=match.pk, user=bob)
    (hook,) = tasks_waiting("games.tasks.match_finished_announce")
    assert hook.args_kwargs["kwargs"] == {"match_id": match.pk}
    assert heard == []

    assert tasks_run_due() == 1
    assert heard == [
        {"signal": match_finished, "match_id": match.pk, "winner_seat": 0, "reason": "resigned"}
    ]
    tasks_run_due()  # what the receivers queued (the review app's analysis)
    # The same hook again, as after a crash: nobody is called twice.
    assert tasks.match_finished_announce.call(match_id=match.pk) is False
    with transaction.atomic():
        tasks.match_finished_announce.enqueue(match_id=match.pk)
    assert tasks_run_due() == 1
    assert len(heard) == 1
    assert MatchFinishedNotice.objects.filter(match=match).count() == 1


def test_a_rolled_back_ending_queues_nothing_and_calls_nobody(match, bob, heard):
    with pytest.raises(RuntimeError), transaction.atomic():
        services.match_resign(match_id=match.pk, user=bob)
        assert len(tasks_waiting("games.tasks.match_finished_announce")) == 1
        raise RuntimeError("something after the resignation failed")
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE
    assert tasks_waiting("games.tasks.match_finished_announce") == []
    tasks_run_due()
    assert heard == []


def test_a_receiver_that_fails_leaves_the_hook_to_be_sent_again(match, bob, heard):
    def broken(sender, **details) -> None:
        raise RuntimeError("the ratings database is down")

    services.match_resign(match_id=match.pk, user=bob)
    match_finished.connect(broken, dispatch_uid="test-broken")
    try:
        with pytest.raises(RuntimeError):
            tasks.match_finished_announce.call(match_id=match.pk)
    finally:
        match_finished.disconnect(dispatch_uid="test-broken")
    assert not MatchFinishedNotice.objects.filter(match=match).exists()
    assert tasks.match_finished_announce.call(match_id=match.pk) is True
    assert [call["match_id"] for call in heard] == [match.pk, match.pk]  # once per try


def test_no_hook_for_a_match_still_in_play(match, heard):
    assert tasks.match_finished_announce.call(match_id=match.pk) is False
    assert heard == [] and not MatchFinishedNotice.objects.exists()
