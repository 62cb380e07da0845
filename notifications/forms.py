"""The e-mail settings form: which kinds by mail, and whether as one digest a day."""

from __future__ import annotations

from django import forms

from notifications.models import KIND_CHOICES

KIND_LABELS = {
    "your_turn": "It is your turn (at most one mail per match every few hours)",
    "challenge": "Someone challenges you",
    "challenge_answered": "Your challenge is accepted, declined or expires",
    "friend_request": "Someone asks to be your friend",
    "friend_accepted": "Someone accepts your friend request",
    "tournament_starting": "A tournament you entered is about to start",
    "round_paired": "Your tournament table is ready",
    "match_result": "A match of yours ended",
}


class NotificationSettingsForm(forms.Form):
    email_kinds = forms.MultipleChoiceField(
        label="E-mail me when",
        required=False,
        choices=[(kind, KIND_LABELS.get(kind, label)) for kind, label in KIND_CHOICES],
        widget=forms.CheckboxSelectMultiple,
    )
    digest = forms.BooleanField(
        label="Send them as one digest a day instead of one mail each", required=False
    )
