"""The new-match form: the options a player picks before a match, checked the engine's way."""

from __future__ import annotations

from typing import Any

from django import forms

from cribbage_site import match_options


class NewMatchForm(forms.Form):
    """Variant, scoring, Muggins and match length; Muggins only makes sense with manual scoring.

    The fields, their choices and their starting values come from the engine's options
    (``cribbage_site.match_options``), so this form and the model agree by construction.
    """

    variant = match_options.variant_form_field()
    scoring = match_options.scoring_form_field()
    muggins = match_options.muggins_form_field()
    match_target = match_options.match_target_form_field()

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if cleaned.get("muggins") and cleaned.get("scoring") != "manual":
            self.add_error(
                "muggins",
                "Muggins needs manual scoring: with automatic scoring no point is missed.",
            )
        return cleaned

    def options(self) -> dict[str, Any]:
        """The options in the shape ``games.services.match_create`` takes."""
        data = self.cleaned_data
        return {
            "variant": data["variant"],
            "scoring": data["scoring"],
            "muggins": bool(data["muggins"]),
            "match_target": data["match_target"],
        }


COMPUTER_LEVELS = [
    ("easy", "Easy: plays any legal card, at random"),
    ("medium", "Medium: keeps its best hand and pegs by the rules of thumb"),
    ("hard", "Hard: discards by exact expected value and weighs your replies in the play"),
    (
        "expert",
        "Expert: searches the rest of the play and weighs the chance to win near the end",
    ),
]


class ComputerMatchForm(NewMatchForm):
    """The new-match options plus the computer's level (``games.bots.LEVELS``)."""

    level = forms.ChoiceField(
        choices=COMPUTER_LEVELS, initial="medium", widget=forms.RadioSelect, label="Level"
    )
