"""Reporting a player or a chat line, and reading a staff warning. Thin: parse, call, answer."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from kernel.error_renderings import json_errors
from kernel.frames import request_json
from moderation import services
from moderation.errors import ModerationError
from moderation.models import Report, StaffWarning

THANKS = "Thank you: staff will look at your report."


def report_player(request: HttpRequest, username: str) -> HttpResponse:
    """The form that reports a player (linked from their profile)."""
    player = get_object_or_404(get_user_model(), username=username)
    # Visitors and guests are refused with a page before they see the form.
    services.reporter_required(request.user)
    context = {"player": player, "reasons": Report.Reason.choices, "error": None, "sent": False}
    if request.method == "POST":
        try:
            services.report_player_create(
                reporter=request.user,
                reported=player,
                reason=request.POST.get("reason"),
                details=request.POST.get("details", ""),
            )
            context["sent"] = True
        except ModerationError as error:
            if error.status != 400:
                raise
            context.update(error=error.message, chosen=request.POST.get("reason"))
            context["details"] = request.POST.get("details", "")[: services.DETAILS_MAX]
    return render(request, "moderation/report_player.html", context)


@require_POST
@json_errors
def report_line(request: HttpRequest) -> JsonResponse:
    """POST {"line": id, "reason": code, "details": text}: report a chat line you could hear."""
    body = request_json(request)
    services.report_line_create(
        reporter=request.user,
        line_id=body.get("line"),
        reason=body.get("reason"),
        details=body.get("details", ""),
    )
    return JsonResponse({"ok": True, "message": THANKS}, status=201)


@require_POST
def warning_read(request: HttpRequest, warning_id: int) -> HttpResponse:
    """The person has read a warning: it stops showing (only their own can be marked)."""
    if request.user.is_authenticated:
        StaffWarning.objects.filter(
            pk=warning_id, user_id=request.user.pk, seen_at__isnull=True
        ).update(seen_at=timezone.now())
    target = request.POST.get("next", "/")
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = "/"
    return redirect(target)
