"""The record of what staff did: who, what, to whom, why and when, from any app's admin.

Why a seam in the kernel: operators act in the admin pages of several apps (games ends a stuck
match, tournaments cancels one, the composition root re-runs a task, ratings recompute), while
the audit table belongs to the moderation app, beside or above them in the import layers. Each
admin calls `staff_action_record` inside the transaction of the action it records; moderation
connects the one receiver at start-up and writes the row in that same transaction, so an action
that rolls back leaves no record and a record never describes an action that did not happen.

Unlike a notice, a staff action must not go unrecorded: with no receiver connected (the
moderation app left out of INSTALLED_APPS) recording raises, and the action with it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.dispatch import Signal

staff_action_taken = Signal()


class StaffAuditMissing(RuntimeError):
    """No app records staff actions: refuse the action rather than take it unrecorded."""


@dataclass(frozen=True)
class StaffRecord:
    """One staff action: `action` a short verb ("match_ended"), `target` what it was done to
    ("match 12"), `reason` the words the staff member gave."""

    staff_id: int
    action: str
    target: str
    reason: str = ""
    target_user_id: int | None = None


def staff_action_record(
    *, staff_id: int, action: str, target: str, reason: str = "", target_user_id: int | None = None
) -> None:
    """Record one staff action (call it inside the transaction that takes the action)."""
    if not staff_action_taken.has_listeners(StaffRecord):
        raise StaffAuditMissing("no receiver records staff actions (is moderation installed?)")
    record = StaffRecord(
        staff_id=staff_id,
        action=action,
        target=target,
        reason=reason,
        target_user_id=target_user_id,
    )
    staff_action_taken.send(sender=StaffRecord, record=record)
