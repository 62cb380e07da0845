"""The staff's moderation queue and records in the Django admin.

Reports come open first, oldest first, with the reported line and the lines around it as they
were when reported. Each action asks for its reason first (kernel.staff_forms), acts through
moderation.services and is recorded as a StaffAction, which no one can edit or delete here.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import Case, IntegerField, QuerySet, Value, When
from django.http import HttpRequest, HttpResponse
from django.utils.html import format_html, format_html_join

from kernel.staff_forms import StaffReasonForm, staff_action_form
from moderation import services
from moderation.errors import ModerationError
from moderation.models import ChatRestriction, Report, StaffAction, StaffWarning


class WarnForm(forms.Form):
    text = forms.CharField(
        label="Warning",
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        help_text="The player reads this on their next page; it is recorded as the reason.",
    )


class MuteForm(StaffReasonForm):
    period = forms.ChoiceField(
        choices=[(str(minutes), label) for label, minutes in services.MUTE_PERIODS.items()],
        initial="60",
    )
    field_order = ["period", "reason"]


def _apply(request: HttpRequest, queryset: QuerySet[Report], act: Any, done: str) -> None:
    """Run ``act(report)`` for each selected report; say what happened and what was refused."""
    count = 0
    for report in queryset.select_related("reported"):
        try:
            act(report)
            count += 1
        except ModerationError as error:
            messages.error(request, f"Report {report.pk}: {error.message}")
    if count:
        messages.success(request, f"{done}: {count} report{'s' if count != 1 else ''}.")


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ("id", "status", "reason", "reported", "reporter", "line", "match", "created_at")
    list_filter = ("status", "reason")
    search_fields = ("reported__username", "reporter__username", "chat_text", "details")
    list_display_links = ("id",)
    fields = (
        "status",
        "reason",
        "details",
        "reported",
        "reporter",
        "match_link",
        "chat_room",
        "chat_text",
        "context_lines",
        "created_at",
        "handled_by",
        "handled_at",
    )
    readonly_fields = fields
    actions = ("warn", "mute", "ban_from_chat", "disable_account", "dismiss")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Report]:
        return super().get_queryset(request).select_related("reported", "reporter", "handled_by")

    def get_ordering(self, request: HttpRequest) -> list[Any]:
        # The queue: open reports first, each group oldest first.
        open_first = Case(
            When(status=Report.Status.OPEN, then=Value(0)),
            default=Value(1),
            output_field=IntegerField(),
        )
        return [open_first.asc(), "created_at", "pk"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Report | None = None) -> bool:
        # The actions need "change"; a report's own page is read-only evidence.
        return obj is None and super().has_change_permission(request)

    def has_delete_permission(self, request: HttpRequest, obj: Report | None = None) -> bool:
        return False

    @admin.display(description="line")
    def line(self, report: Report) -> str:
        return report.chat_text[:60] if report.chat_text else "(the player)"

    @admin.display(description="match")
    def match_link(self, report: Report) -> str:
        if report.match_id is None:
            return "-"
        return format_html('<a href="/matches/{}/">Match {}</a>', report.match_id, report.match_id)

    @admin.display(description="the chat around it")
    def context_lines(self, report: Report) -> str:
        if not report.context:
            return "-"
        rows = (
            (
                "reported" if line.get("id") == report.chat_line_id else "",
                line.get("at", "")[11:16],
                line.get("author", ""),
                line.get("text", ""),
            )
            for line in report.context
        )
        return format_html(
            '<ol class="report-context">{}</ol>',
            format_html_join("", '<li class="{}"><small>{}</small> <b>{}</b> {}</li>', rows),
        )

    @admin.action(description="Warn the reported player", permissions=["change"])
    def warn(self, request: HttpRequest, queryset: QuerySet[Report]) -> HttpResponse | None:
        answer = staff_action_form(
            self, request, queryset, title="Warn the reported player", form_class=WarnForm
        )
        if isinstance(answer, HttpResponse):
            return answer
        _apply(
            request,
            queryset,
            lambda r: services.player_warn(
                staff=request.user, user=r.reported, text=answer["text"], report=r
            ),
            "Warned",
        )
        return None

    @admin.action(
        description="Mute the reported player in chat for a period", permissions=["change"]
    )
    def mute(self, request: HttpRequest, queryset: QuerySet[Report]) -> HttpResponse | None:
        answer = staff_action_form(
            self, request, queryset, title="Mute the reported player", form_class=MuteForm
        )
        if isinstance(answer, HttpResponse):
            return answer
        _apply(
            request,
            queryset,
            lambda r: services.player_mute(
                staff=request.user,
                user=r.reported,
                minutes=int(answer["period"]),
                reason=answer["reason"],
                report=r,
            ),
            "Muted",
        )
        return None

    @admin.action(description="Ban the reported player from chat", permissions=["change"])
    def ban_from_chat(
        self, request: HttpRequest, queryset: QuerySet[Report]
    ) -> HttpResponse | None:
        answer = staff_action_form(self, request, queryset, title="Ban from chat (until lifted)")
        if isinstance(answer, HttpResponse):
            return answer
        _apply(
            request,
            queryset,
            lambda r: services.player_chat_ban(
                staff=request.user, user=r.reported, reason=answer["reason"], report=r
            ),
            "Banned from chat",
        )
        return None

    @admin.action(description="Disable the reported player's account", permissions=["change"])
    def disable_account(
        self, request: HttpRequest, queryset: QuerySet[Report]
    ) -> HttpResponse | None:
        answer = staff_action_form(
            self,
            request,
            queryset,
            title="Disable the account",
            intro="They are signed out everywhere and cannot sign in again.",
        )
        if isinstance(answer, HttpResponse):
            return answer
        _apply(
            request,
            queryset,
            lambda r: services.account_disable(
                staff=request.user, user=r.reported, reason=answer["reason"], report=r
            ),
            "Disabled",
        )
        return None

    @admin.action(description="Dismiss (nothing to do)", permissions=["change"])
    def dismiss(self, request: HttpRequest, queryset: QuerySet[Report]) -> HttpResponse | None:
        answer = staff_action_form(self, request, queryset, title="Dismiss the reports")
        if isinstance(answer, HttpResponse):
            return answer
        _apply(
            request,
            queryset,
            lambda r: services.report_dismiss(
                staff=request.user, report=r, reason=answer["reason"]
            ),
            "Dismissed",
        )
        return None


@admin.register(ChatRestriction)
class ChatRestrictionAdmin(admin.ModelAdmin):
    list_display = ("user", "kind", "until", "reason", "created_by", "created_at", "lifted_at")
    list_filter = ("kind",)
    search_fields = ("user__username",)
    readonly_fields = ("user", "kind", "until", "reason", "created_by", "created_at", "lifted_at")
    actions = ("lift",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # mutes and bans are given from a report (the queue), so each has a cause

    def has_change_permission(
        self, request: HttpRequest, obj: ChatRestriction | None = None
    ) -> bool:
        return obj is None and super().has_change_permission(request)

    def has_delete_permission(
        self, request: HttpRequest, obj: ChatRestriction | None = None
    ) -> bool:
        return False

    @admin.action(description="Lift the mute or ban now", permissions=["change"])
    def lift(
        self, request: HttpRequest, queryset: QuerySet[ChatRestriction]
    ) -> HttpResponse | None:
        answer = staff_action_form(self, request, queryset, title="Lift the mute or ban")
        if isinstance(answer, HttpResponse):
            return answer
        for restriction in queryset:
            services.restriction_lift(
                staff=request.user, restriction=restriction, reason=answer["reason"]
            )
        messages.success(request, "Lifted.")
        return None


class ReadOnlyAdmin(admin.ModelAdmin):
    """A record nobody edits from the admin."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(StaffWarning)
class StaffWarningAdmin(ReadOnlyAdmin):
    list_display = ("user", "text", "created_by", "created_at", "seen_at")
    search_fields = ("user__username",)


@admin.register(StaffAction)
class StaffActionAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "staff_name", "action", "target", "reason")
    list_filter = ("action",)
    search_fields = ("staff_name", "target", "reason")
    date_hierarchy = "created_at"
