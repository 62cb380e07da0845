"""The notification pages: the list, marking read, e-mail settings, and unsubscribing.

Thin: each parses, calls a service or selector, and renders. Marking read is a form (the page,
the bell's items without scripts) or JSON (the bell's script: ``read.json``); another person's
notification is "not found", whichever way it is asked for.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from kernel.error_renderings import json_errors
from kernel.frames import request_json
from notifications import services
from notifications.errors import NotificationError
from notifications.forms import NotificationSettingsForm
from notifications.mail import unsubscribe_token_read
from notifications.selectors import PAGE_SIZE, notifications_for, settings_for, unread_count


def _signed_in(request: HttpRequest) -> User:
    """The signed-in person (behind ``login_required``, or refused here for JSON)."""
    user = request.user
    if not isinstance(user, User):
        raise NotificationError("not_authenticated", "Log in to read notifications.", status=403)
    return user


@login_required
def notification_list(request: HttpRequest) -> HttpResponse:
    paginator = Paginator(notifications_for(user=_signed_in(request)), PAGE_SIZE)
    page = paginator.get_page(request.GET.get("page"))
    return render(request, "notifications/list.html", {"page": page})


@login_required
@require_POST
def notification_read(request: HttpRequest, notification_id: int) -> HttpResponse:
    services.notification_mark_read(user=_signed_in(request), notification_id=notification_id)
    return redirect("notifications:list")


@login_required
@require_POST
def notification_open(request: HttpRequest, notification_id: int) -> HttpResponse:
    """Mark read and go where the notification points (a path on this site)."""
    notification = services.notification_mark_read(
        user=_signed_in(request), notification_id=notification_id
    )
    return redirect(notification.url)


@login_required
@require_POST
def notifications_read_all(request: HttpRequest) -> HttpResponse:
    services.notifications_mark_all_read(user=_signed_in(request))
    return redirect("notifications:list")


@require_POST
@json_errors
def notifications_read_json(request: HttpRequest) -> HttpResponse:
    """``{"id": N}`` marks one read, ``{"all": true}`` every one; answers the unread count."""
    user = _signed_in(request)
    body = request_json(request)
    if body.get("all") is True:
        services.notifications_mark_all_read(user=user)
    elif isinstance(body.get("id"), int) and not isinstance(body.get("id"), bool):
        services.notification_mark_read(user=user, notification_id=body["id"])
    else:
        raise NotificationError("bad_request", 'send {"id": <a notification>} or {"all": true}')
    return JsonResponse({"unread": unread_count(user_id=user.pk)})


@login_required
@require_http_methods(["GET", "POST"])
def notification_settings(request: HttpRequest) -> HttpResponse:
    user = _signed_in(request)
    current = settings_for(user_id=user.pk)
    initial = {"email_kinds": current.email_kinds, "digest": current.digest}
    form = NotificationSettingsForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.notification_settings_update(
                user=user,
                email_kinds=form.cleaned_data["email_kinds"],
                digest=form.cleaned_data["digest"],
            )
        except NotificationError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, "Notification settings saved.")
            return redirect("notifications:settings")
    return render(
        request,
        "notifications/settings.html",
        {"form": form, "has_email": bool(user.email)},
    )


@csrf_exempt  # a mail client's one-click POST (RFC 8058) carries no CSRF token; the token is the proof
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """One click: the signed token names the person and the kind; a forged one changes nothing."""
    user_id, kind = unsubscribe_token_read(token)
    services.notification_unsubscribe(user_id=user_id, kind=kind)
    what = "the daily digest" if kind == services.DIGEST else kind.replace("_", " ")
    return render(request, "notifications/unsubscribed.html", {"what": what})
