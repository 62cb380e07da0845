"""Ratings in the admin: read them, and recompute them all from the match logs (asked twice:
the button opens a page that names what happens and asks why; only its form recomputes)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import URLPattern, path, reverse

from kernel.staff_audit import staff_action_record
from kernel.staff_forms import staff_action_form
from ratings.models import PlayerRating
from ratings.services import ratings_recompute


@admin.register(PlayerRating)
class PlayerRatingAdmin(admin.ModelAdmin):
    list_display = ("user", "kind", "rating", "deviation")
    list_filter = ("kind",)
    search_fields = ("user__username",)
    change_list_template = "admin/ratings/playerrating/change_list.html"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_urls(self) -> list[URLPattern]:
        recompute = path(
            "recompute/",
            self.admin_site.admin_view(self.recompute_view),
            name="ratings_playerrating_recompute",
        )
        return [recompute, *super().get_urls()]

    def recompute_view(self, request: HttpRequest) -> HttpResponse:
        """Confirm, then rebuild every rating in the order the matches finished."""
        if not request.user.has_perm("ratings.change_playerrating"):
            raise PermissionDenied
        answer = staff_action_form(
            self,
            request,
            None,
            title="Recompute every rating",
            intro=(
                "Every rating and statistic is deleted and counted again from the finished "
                "matches' logs, in the order they finished. Pages show the new figures at once."
            ),
        )
        if isinstance(answer, HttpResponse):
            return answer
        counted = ratings_recompute()
        staff_id = request.user.pk
        assert staff_id is not None  # admin_view lets only signed-in staff in
        staff_action_record(
            staff_id=staff_id,
            action="ratings_recomputed",
            target=f"{counted} finished matches",
            reason=answer["reason"],
        )
        messages.success(request, f"Ratings recomputed from {counted} finished matches.")
        return HttpResponseRedirect(reverse("admin:ratings_playerrating_changelist"))
