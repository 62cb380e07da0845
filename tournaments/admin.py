"""Tournaments in the admin: see them, and cancel, hold or resume one, with a recorded reason.

Each action asks why (kernel.staff_forms) and acts through tournaments/services/staff.py, which
records it (kernel.staff_audit) in the same transaction.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse

from kernel.errors import SiteError
from kernel.staff_forms import staff_action_form
from tournaments.models import Tournament
from tournaments.services import staff as staff_services


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("id", "name", "kind", "status", "paused_at", "current_round", "starts_at")
    list_filter = ("status", "kind")
    search_fields = ("name",)
    actions = ("cancel", "pause", "resume")

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        # Changed only through the actions (the services keep the schedule and the sockets true).
        return [field.name for field in Tournament._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # The actions need "change"; a tournament's own page is read-only (a save would write
        # back every field read, racing the worker's changes).
        return obj is None and super().has_change_permission(request)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def _run(
        self,
        request: HttpRequest,
        queryset: QuerySet[Tournament],
        title: str,
        act: Callable[..., Any],
    ) -> HttpResponse | None:
        answer = staff_action_form(self, request, queryset, title=title)
        if isinstance(answer, HttpResponse):
            return answer
        for tournament in queryset:
            try:
                done = act(tournament_id=tournament.pk, staff=request.user, reason=answer["reason"])
            except SiteError as error:
                messages.error(request, f"{tournament.name}: {error.message}")
                continue
            if done is False:
                messages.warning(request, f"{tournament.name}: nothing to do")
            else:
                messages.success(request, f"{tournament.name}: done")
        return None

    @admin.action(description="Cancel the tournament", permissions=["change"])
    def cancel(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> HttpResponse | None:
        return self._run(
            request, queryset, "Cancel the tournament", staff_services.tournament_staff_cancel
        )

    @admin.action(description="Pause (hold the start or the next round)", permissions=["change"])
    def pause(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> HttpResponse | None:
        return self._run(request, queryset, "Pause the tournament", staff_services.tournament_pause)

    @admin.action(description="Resume a paused tournament", permissions=["change"])
    def resume(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> HttpResponse | None:
        return self._run(
            request, queryset, "Resume the tournament", staff_services.tournament_resume
        )
