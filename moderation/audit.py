"""The one receiver of kernel.staff_audit: each staff action becomes a StaffAction row."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model

from kernel.staff_audit import StaffRecord
from moderation.models import StaffAction


def staff_record_store(*, record: StaffRecord, **_signal: Any) -> None:
    """Write the row in the caller's transaction (connected in ModerationConfig.ready)."""
    staff = get_user_model().objects.filter(pk=record.staff_id).first()
    StaffAction.objects.create(
        staff=staff,
        staff_name=staff.get_username() if staff else f"#{record.staff_id}",
        action=record.action[:40],
        target=record.target[:200],
        target_user_id=record.target_user_id,
        reason=record.reason,
    )
