"""The challenge form: every match option of the new-match form, rated or casual, and who."""

from __future__ import annotations

from typing import Any

from django import forms

from games.forms import NewMatchForm
from social.models import Challenge, SocialSettings


class ChallengeForm(NewMatchForm):
    """``NewMatchForm`` (games: variant, scoring, Muggins, length, clock) for a two-player
    match, the opponent's name and whether it is rated (rated needs a clock, as the lobby's)."""

    opponent = forms.CharField(max_length=150, label="Opponent's name")
    rated = forms.BooleanField(
        required=False,
        label="Rated",
        help_text="A rated match moves both players' ratings; it always has a clock.",
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        control = cleaned.get("time_control")
        if cleaned.get("rated") and control is not None and not control.timed:
            self.add_error("clock", "A rated match has a clock: choose a time control.")
        return cleaned


class DeclineForm(forms.Form):
    reason = forms.ChoiceField(
        choices=Challenge.Reason.choices, initial=Challenge.Reason.LATER, widget=forms.RadioSelect
    )
    text = forms.CharField(max_length=200, required=False, label="Anything to add (optional)")


class SocialSettingsForm(forms.ModelForm):
    class Meta:
        model = SocialSettings
        fields = [
            "presence_friends_only",
            "challenges_friends_only",
            "matches_friends_only",
            "mute_all_chat",
            "public_puzzles_from_private",
        ]
        labels = {
            "presence_friends_only": "Show my presence to friends only",
            "challenges_friends_only": "Take challenges from friends only",
            "matches_friends_only": "Show my matches to friends only",
            "mute_all_chat": "Mute all chat",
            "public_puzzles_from_private": "Let puzzles from my private matches be public",
        }
