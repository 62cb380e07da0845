"""The lobby's new-match form: the match options plus whether it is rated, and for a seek the
range of ratings it is open to."""

from __future__ import annotations

from typing import Any

from django import forms

from games.forms import NewMatchForm, PlayersFormMixin

RATING_LOWEST, RATING_HIGHEST = 0, 4000


class LobbyMatchForm(PlayersFormMixin, NewMatchForm):
    """``NewMatchForm``, how many players, and the lobby's terms: rated or casual, and a seek's
    rating range (ratings are kept for two players only)."""

    rated = forms.BooleanField(
        required=False,
        label="Rated",
        help_text="A rated match moves both players' ratings. Guests play casual matches only.",
    )
    rating_min = forms.IntegerField(
        required=False,
        label="Opponent's rating from",
        min_value=RATING_LOWEST,
        max_value=RATING_HIGHEST,
    )
    rating_max = forms.IntegerField(
        required=False, label="to", min_value=RATING_LOWEST, max_value=RATING_HIGHEST
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        low, high = cleaned.get("rating_min"), cleaned.get("rating_max")
        if low is not None and high is not None and low > high:
            self.add_error("rating_max", "The highest rating must not be below the lowest.")
        control = cleaned.get("time_control")
        if cleaned.get("rated") and control is not None and not control.timed:
            self.add_error("clock", "A rated match has a clock: choose a time control.")
        return cleaned

    def rating_range(self) -> tuple[int | None, int | None]:
        return self.cleaned_data.get("rating_min"), self.cleaned_data.get("rating_max")
