"""The task queue in the admin: django-tasks-db's list under the queue's figures
(cribbage_site/task_queue.py), with filters operators need (by task, by age, overdue) and an
action that runs a failed task again (cribbage_site/task_rerun.py)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib import admin, messages
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django_tasks_db.admin import DBTaskResultAdmin
from django_tasks_db.compat import TaskResultStatus
from django_tasks_db.models import DBTaskResult, get_date_max

from cribbage_site.task_queue import task_queue_figures
from cribbage_site.task_rerun import task_rerun
from kernel.errors import SiteError
from kernel.staff_forms import staff_action_form

# How late a due task must be to count as overdue in the filter (the worker polls every 0.5 s).
OVERDUE_AFTER = timedelta(minutes=1)


class TaskNameFilter(admin.SimpleListFilter):
    title = "task"
    parameter_name = "task"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        paths = DBTaskResult.objects.values_list("task_path", flat=True).distinct()
        return [(path, path.rsplit(".", 1)[-1]) for path in sorted(paths)]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        return queryset.filter(task_path=self.value()) if self.value() else queryset


class AgeFilter(admin.SimpleListFilter):
    """Queued longer ago than a bound, or due and not yet run ("overdue")."""

    title = "age"
    parameter_name = "age"
    BOUNDS = {"1h": timedelta(hours=1), "1d": timedelta(days=1), "7d": timedelta(days=7)}

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [
            ("overdue", "Due, not yet run (over a minute)"),
            ("1h", "Queued over an hour ago"),
            ("1d", "Queued over a day ago"),
            ("7d", "Queued over a week ago"),
        ]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        now = timezone.now()
        if self.value() == "overdue":
            late = now - OVERDUE_AFTER
            # A task queued without a time is due from its enqueueing (run_after is then the
            # backend's "never" date); one with a time, from that time.
            return queryset.filter(status=TaskResultStatus.READY).filter(
                Q(run_after=get_date_max(), enqueued_at__lt=late) | Q(run_after__lt=late)
            )
        bound = self.BOUNDS.get(self.value() or "")
        if bound is not None:
            return queryset.filter(enqueued_at__lt=now - bound)
        return queryset


admin.site.unregister(DBTaskResult)


@admin.register(DBTaskResult)
class TaskQueueAdmin(DBTaskResultAdmin):
    actions = ("rerun_failed",)
    change_list_template = "admin/django_tasks_database/dbtaskresult/change_list.html"

    def changelist_view(self, request: HttpRequest, extra_context: Any = None) -> HttpResponse:
        # The queue's figures above the list, as /healthz?deep and the metrics read them.
        context = {**(extra_context or {}), "queue": task_queue_figures()}
        return super().changelist_view(request, extra_context=context)

    def get_list_display(self, request: HttpRequest) -> Any:
        return ("id", "task_name", "status", "enqueued_at", "run_after", "finished_at")

    def get_list_filter(self, request: HttpRequest) -> Any:
        return ("status", TaskNameFilter, AgeFilter, "queue_name")

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # Rows are never edited; the action needs staff with the change permission.
        return obj is None and request.user.has_perm("django_tasks_database.change_dbtaskresult")

    @admin.action(description="Run the failed tasks again", permissions=["change"])
    def rerun_failed(
        self, request: HttpRequest, queryset: QuerySet[DBTaskResult]
    ) -> HttpResponse | None:
        answer = staff_action_form(
            self,
            request,
            queryset,
            title="Run the failed tasks again",
            intro="A copy of each failed task is queued to run now; the failed row stays.",
        )
        if isinstance(answer, HttpResponse):
            return answer
        for row in queryset:
            try:
                copy = task_rerun(
                    task_result_id=row.pk, staff=request.user, reason=answer["reason"]
                )
                messages.success(request, f"{row.task_name}: queued again as {copy}.")
            except SiteError as error:
                messages.error(request, f"{row.task_name} {row.pk}: {error.message}")
        return None
