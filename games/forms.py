"""The new-match form: the options a player picks before a match, checked the engine's way."""

from __future__ import annotations

from typing import Any

from django import forms

from kernel import match_options


class NewMatchForm(forms.Form):
    """Variant, scoring, Muggins and match length; Muggins only makes sense with manual scoring.

    The fields, their choices and their starting values come from the engine's options
    (``kernel.match_options``), so this form and the model agree by construction.
    """

    variant = match_options.variant_form_field()
    scoring = match_options.scoring_form_field()
    muggins = match_options.muggins_form_field()
    match_target = match_options.match_target_form_field()
    clock = match_options.clock_form_field()
    clock_minutes, clock_increment = match_options.clock_custom_fields()

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if cleaned.get("muggins") and cleaned.get("scoring") != "manual":
            self.add_error(
                "muggins",
                "Muggins needs manual scoring: with automatic scoring no point is missed.",
            )
        try:
            cleaned["time_control"] = match_options.clock_from_form(cleaned)
        except forms.ValidationError as error:
            self.add_error("clock", error)
        return cleaned

    def time_control(self) -> Any:
        """The chosen ``TimeControl`` (games.engine.options), for ``match_create``'s ``clock``
        (None: the form was posted without one; the service's default applies)."""
        return self.cleaned_data.get("time_control")

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
        "Expert: reads what your throw and plays say about your cards, searches the rest of"
        " the play, and plays for the win near the end",
    ),
]


PLAYER_CHOICES = [
    (2, "Two players"),
    (3, "Three players (five cards each, one card from the deck to the crib)"),
    (4, "Four players, partners sitting opposite"),
]


class PlayersFormMixin(NewMatchForm):
    """How many sit at the table; three and four play the six-card game to 121 only.

    Mixed in before :class:`NewMatchForm` (whose options it adds to), so the order of classes
    and of fields is as if it were a plain mixin."""

    players = forms.TypedChoiceField(
        choices=PLAYER_CHOICES,
        coerce=int,
        initial=2,
        required=False,
        # A form posted without it (older pages, scripts) means two players. (django-stubs
        # allows only text here; Django takes any value.)
        empty_value=2,  # type: ignore[arg-type]
        widget=forms.RadioSelect,
        label="Players",
    )

    deal = forms.ChoiceField(
        choices=[
            ("standard", "Standard: five cards each, one card from the deck to the crib"),
            ("dealer_six", "The rules document's deal: the dealer takes six and throws two"),
        ],
        initial="standard",
        required=False,
        widget=forms.RadioSelect,
        label="Three-player deal",
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if cleaned.get("players", 2) != 2 and cleaned.get("variant") == "five":
            self.add_error("variant", "Three and four players play the six-card game to 121 only.")
        if cleaned.get("deal") == "dealer_six" and cleaned.get("players") != 3:
            self.add_error("deal", "The dealer takes six only in the three-player game.")
        return cleaned

    def options(self) -> dict[str, Any]:
        options = super().options()
        options["players"] = self.cleaned_data["players"]
        if self.cleaned_data.get("deal") == "dealer_six":
            options["deal"] = "dealer_six"
        return options


class ComputerMatchForm(PlayersFormMixin, NewMatchForm):
    """The new-match options plus the computer's level (``games.bots.LEVELS``) and how many
    sit at the table (the computer takes every other seat)."""

    level = forms.ChoiceField(
        choices=COMPUTER_LEVELS, initial="medium", widget=forms.RadioSelect, label="Level"
    )
