"""The moderation app: reports, staff warnings, chat mutes and bans, and the staff audit.

At start-up it plugs into the seams below it: the chat's speak check (kernel.chat_gates), the
one recorder of staff actions (kernel.staff_audit) and a "Report" link on profiles
(games.profile_sections).
"""

from __future__ import annotations

from django.apps import AppConfig


class ModerationConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "moderation"

    def ready(self) -> None:
        from games.profile_sections import profile_section_register
        from kernel.chat_gates import register_speak_check
        from kernel.staff_audit import StaffRecord, staff_action_taken
        from moderation.audit import staff_record_store
        from moderation.selectors import chat_refusal_for, profile_report_section

        register_speak_check(chat_refusal_for)
        staff_action_taken.connect(
            staff_record_store, sender=StaffRecord, dispatch_uid="moderation-staff-audit"
        )
        profile_section_register(profile_report_section)
