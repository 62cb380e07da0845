"""Matches in the admin: find one, and end a stuck one with a recorded reason.

Read-only otherwise: a match changes only through its services (the event log is the truth).
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse

from games.models import Match
from games.services.errors import ServiceError
from games.services.staff import match_staff_end
from kernel.staff_forms import staff_action_form


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "status", "variant", "players", "finish_reason", "created_at")
    list_filter = ("status", "variant", "players")
    search_fields = ("=id",)
    fields = ("status", "variant", "players", "private", "last_seq", "finish_reason", "created_at")
    readonly_fields = fields
    actions = ("end_stuck",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return obj is None and super().has_change_permission(request)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.action(description="End a stuck match (no winner)", permissions=["change"])
    def end_stuck(self, request: HttpRequest, queryset: QuerySet[Match]) -> HttpResponse | None:
        answer = staff_action_form(
            self,
            request,
            queryset,
            title="End the match with no winner",
            intro="The match ends as aborted: nobody wins and no rating moves.",
        )
        if isinstance(answer, HttpResponse):
            return answer
        for match in queryset:
            try:
                match_staff_end(match_id=match.pk, staff=request.user, reason=answer["reason"])
                messages.success(request, f"Match {match.pk} ended.")
            except ServiceError as error:
                messages.error(request, f"Match {match.pk}: {error.message}")
        return None
