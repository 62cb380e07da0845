"""Housekeeping prunes finished task rows after TASK_RESULTS_KEEP_DAYS, purges idle guests and
deletes old notifications, on a schedule the workers keep, and a second run removes nothing
more (issue 24, item 7)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from django_tasks_db.models import DBTaskResult, get_date_max

from accounts.services import guest_create
from cribbage_site.housekeeping import HOUSEKEEPING_TASK_PATH, housekeeping_schedule
from notifications.models import Notification
from tests.support.tasks import tasks_run_due, tasks_waiting

pytestmark = pytest.mark.django_db(transaction=True)


def task_row(status: str, finished_days_ago: float | None) -> DBTaskResult:
    """A task row of another kind; a waiting one falls due in ten days (not run here)."""
    finished = None
    if finished_days_ago is not None:
        finished = timezone.now() - timedelta(days=finished_days_ago)
    return DBTaskResult.objects.create(
        status=status,
        finished_at=finished,
        args_kwargs={"args": [], "kwargs": {"match_id": 1}},
        task_path="games.tasks.match_finished_announce",
        backend_name="default",
        queue_name="default",
        run_after=get_date_max() if finished else timezone.now() + timedelta(days=10),
    )


def notification(recipient: User, key: str, *, days_ago: float, read: bool, mail: str = "none"):
    made = Notification.objects.create(
        recipient=recipient,
        kind="your_turn",
        text=key,
        url="/games/",
        key=key,
        read_at=timezone.now() if read else None,
        mail=mail,
    )
    Notification.objects.filter(pk=made.pk).update(
        created=timezone.now() - timedelta(days=days_ago)
    )
    return made


def test_it_prunes_old_finished_rows_and_idle_guests_and_a_second_run_removes_nothing(settings):
    settings.TASK_RESULTS_KEEP_DAYS = 7
    settings.GUESTS_PURGE_AFTER_DAYS = 30
    settings.NOTIFICATIONS_KEEP_READ_DAYS = 90
    settings.NOTIFICATIONS_KEEP_DAYS = 365
    reader = User.objects.create_user("reader")
    notes = {
        "old read": notification(reader, "a", days_ago=91, read=True),
        "old unread": notification(reader, "b", days_ago=91, read=False),
        "recent read": notification(reader, "c", days_ago=89, read=True),
        "old read, mail waiting": notification(reader, "d", days_ago=91, read=True, mail="digest"),
        "a year old, unread": notification(reader, "e", days_ago=366, read=False, mail="pending"),
    }
    old_success = task_row("SUCCESSFUL", 8)
    old_failure = task_row("FAILED", 30)
    recent = task_row("SUCCESSFUL", 6)
    waiting = task_row("READY", None)
    idle_guest = guest_create()
    User.objects.filter(pk=idle_guest.pk).update(
        date_joined=timezone.now() - timedelta(days=31), last_login=None
    )
    new_guest = guest_create()

    assert housekeeping_schedule() is True
    kept = set(DBTaskResult.objects.values_list("pk", flat=True))
    assert old_success.pk not in kept and old_failure.pk not in kept
    assert {recent.pk, waiting.pk} <= kept
    assert set(User.objects.values_list("pk", flat=True)) == {new_guest.pk, reader.pk}
    left = set(Notification.objects.values_list("pk", flat=True))
    assert left == {
        notes[kept].pk for kept in ("old unread", "recent read", "old read, mail waiting")
    }

    # It ran at once (due now) and queued its next run an hour on, once.
    (ran,) = DBTaskResult.objects.filter(task_path=HOUSEKEEPING_TASK_PATH, status="SUCCESSFUL")
    assert ran.return_value == {
        "task_results_pruned": 2,
        "guests_purged": 1,
        "notifications_pruned": 2,
    }
    (next_run,) = tasks_waiting(HOUSEKEEPING_TASK_PATH)
    assert next_run.run_after > timezone.now() + timedelta(minutes=59)
    assert housekeeping_schedule() is False  # one is waiting already: no second one

    # The same run again (a re-run after a crash, two workers): nothing more goes.
    before = set(DBTaskResult.objects.values_list("pk", flat=True))
    assert tasks_run_due(now=next_run.run_after) == 1
    latest = DBTaskResult.objects.filter(
        task_path=HOUSEKEEPING_TASK_PATH, status="SUCCESSFUL"
    ).order_by("-finished_at")
    assert latest.first().return_value == {
        "task_results_pruned": 0,
        "guests_purged": 0,
        "notifications_pruned": 0,
    }
    assert before - set(DBTaskResult.objects.values_list("pk", flat=True)) == set()
    assert len(tasks_waiting(HOUSEKEEPING_TASK_PATH)) == 1
