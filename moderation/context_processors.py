"""What every page needs from moderation: unread staff warnings (a banner) and whether the
viewer may report (the chat's Report buttons)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from moderation.models import Report
from moderation.selectors import may_report, warnings_unread


def moderation(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    return {
        "staff_warnings": warnings_unread(user=user),
        "may_report": may_report(user),
        "report_reasons": Report.Reason.choices,
    }
