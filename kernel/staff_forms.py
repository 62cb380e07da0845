"""The admin's confirmation step for a staff action: a form with the reason, then the action.

Why in the kernel: every app's admin (games, tournaments, ratings, moderation, the composition
root's task queue) asks the same thing before acting, "why?", and records the answer
(kernel.staff_audit). An admin action calls `staff_action_form`; the first time it answers with
the page (the selected rows named, the form), and once the form comes back valid it returns the
cleaned data and the action goes ahead. Nothing is done on the first request, so a click on the
action menu alone changes nothing.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse

CONFIRM_FIELD = "staff_confirm"


class StaffReasonForm(forms.Form):
    """The least a staff action asks: the reason, kept in the audit."""

    reason = forms.CharField(
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        help_text="Recorded with your name in the staff actions.",
    )


def staff_action_form(
    modeladmin: admin.ModelAdmin,
    request: HttpRequest,
    queryset: QuerySet[Any] | None,
    *,
    title: str,
    form_class: type[forms.Form] = StaffReasonForm,
    intro: str = "",
    action: str = "",
) -> dict[str, Any] | HttpResponse:
    """The form's cleaned data once confirmed, else the confirmation page to answer with.

    ``queryset`` None: an action on no rows (a page of the model admin's own, as ratings'
    recompute); ``action`` is then empty and the page posts back to itself.
    """
    if request.POST.get(CONFIRM_FIELD):
        form = form_class(request.POST)
        if form.is_valid():
            return dict(form.cleaned_data)
    else:
        form = form_class()
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": title,
        "intro": intro,
        "form": form,
        "objects": list(queryset) if queryset is not None else [],
        "selected": request.POST.getlist(ACTION_CHECKBOX_NAME),
        "action": action or request.POST.get("action", ""),
        "confirm_field": CONFIRM_FIELD,
        "opts": modeladmin.model._meta,
    }
    return TemplateResponse(request, "admin/staff_action_form.html", context)
