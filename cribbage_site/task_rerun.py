"""Operators re-running a failed durable task, from the admin (cribbage_site/admin.py).

A failed task is run again by queueing a fresh copy (same task, same arguments); the failed row
stays as the record of the failure. Every task is safe to run twice (docs/architecture.md, "The
worker"), so a copy of one that did part of its work does no harm.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django_tasks_db.compat import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from kernel.errors import SiteError
from kernel.staff_audit import staff_action_record


def task_rerun(*, task_result_id: Any, staff: Any, reason: str) -> str:
    """Queue a copy of the FAILED task ``task_result_id`` to run now; returns the copy's id."""
    with transaction.atomic():
        row = DBTaskResult.objects.select_for_update().filter(pk=task_result_id).first()
        if row is None:
            raise SiteError("task_not_found", "There is no such task.", status=404)
        if row.status != TaskResultStatus.FAILED:
            raise SiteError("task_not_failed", "Only a failed task is run again.")
        args = row.args_kwargs.get("args", [])
        kwargs = row.args_kwargs.get("kwargs", {})
        copy = row.task.using(run_after=None).enqueue(*args, **kwargs)
        staff_action_record(
            staff_id=staff.pk,
            action="task_rerun",
            target=f"{row.task_name} {row.pk} -> {copy.id}",
            reason=reason,
        )
        return str(copy.id)
