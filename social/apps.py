"""The social app: it plugs its checks into the seams below it at start-up.

Chat (kernel.chat_gates): who hears whom (blocks, personal mutes, all chat muted). Games: the
profile's social section (games.profile_sections), who may see a player's match list and who
lets their private matches give public puzzles (games.privacy).
"""

from __future__ import annotations

from django.apps import AppConfig


class SocialConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "social"

    def ready(self) -> None:
        from games.privacy import match_list_hidden_register, puzzle_sharing_finder_register
        from games.profile_sections import profile_section_register
        from kernel.chat_gates import register_deaf_check, register_silence_finder
        from social.profile import profile_social_section
        from social.selectors import (
            chat_muted_all,
            chat_silenced,
            match_list_hidden,
            puzzle_sharers,
        )

        register_silence_finder(chat_silenced)
        register_deaf_check(chat_muted_all)
        profile_section_register(profile_social_section)
        match_list_hidden_register(match_list_hidden)
        puzzle_sharing_finder_register(puzzle_sharers)
