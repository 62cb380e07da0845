"""The new-match form: the options a player picks before a match, checked the engine's way."""

from __future__ import annotations

from typing import Any

from django import forms

MATCH_LENGTHS = [
    (1, "One game"),
    (3, "First to 3 points"),
    (5, "First to 5 points"),
    (7, "First to 7 points"),
]


class NewMatchForm(forms.Form):
    """Variant, scoring, Muggins and match length; Muggins only makes sense with manual scoring."""

    variant = forms.ChoiceField(
        choices=[("six", "Six-card game to 121"), ("five", "Five-card game to 61")],
        initial="six",
        widget=forms.RadioSelect,
    )
    scoring = forms.ChoiceField(
        choices=[
            ("auto", "Automatic: points peg themselves"),
            ("manual", "Manual: count your own points"),
        ],
        initial="auto",
        widget=forms.RadioSelect,
    )
    muggins = forms.BooleanField(
        required=False,
        label="Muggins",
        help_text="With manual scoring, your opponent may take the points you miss or over-claim.",
    )
    match_target = forms.IntegerField(
        min_value=1,
        max_value=99,
        initial=1,
        label="Match length",
        help_text="Match points to win: 1 is a single game; a win scores 1, a skunk 2, a double skunk 4.",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

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
]


class ComputerMatchForm(NewMatchForm):
    """The new-match options plus the computer's level (``games.bots.LEVELS``)."""

    level = forms.ChoiceField(
        choices=COMPUTER_LEVELS, initial="medium", widget=forms.RadioSelect, label="Level"
    )
