"""Match options for Django: the engine's choices and defaults as model fields and form fields.

The engine (``games.engine.options``) is the one definition of what a match may be played with
and of the defaults (a six-card game, automatic scoring, no Muggins, to seven match points).
Everything Django needs (choices with labels, model fields, form fields) is built here from it,
and reused by ``games.Match``, ``lobby.Seek``, ``accounts.Profile`` and the forms, so no app
restates a value or a default. It lives in the kernel rather than in ``games`` because
accounts (below games) uses it too; it imports only Django and the engine's pure option values,
the one arrow from the kernel into games, named as an exception in the import contract
(pyproject.toml) and kept honest because the engine itself imports nothing.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.db import models

from games.engine.options import (
    CLOCK_KINDS,
    MAX_CLOCK_BANK,
    MAX_CLOCK_INCREMENT,
    MAX_MATCH_TARGET,
    PRESET_CONTROLS,
    SCORING_MODES,
    TOURNAMENT_CLOCK,
    TURN_BASED_CONTROLS,
    VARIANTS,
    BadOptions,
    MatchOptions,
    TimeControl,
)

DEFAULTS = MatchOptions()

# Short labels (lists, profiles, admin) and the longer ones the new-match forms show.
VARIANT_LABELS = {"six": "Six-card (121 points)", "five": "Five-card (61 points)"}
VARIANT_DESCRIPTIONS = {"six": "Six-card game to 121", "five": "Five-card game to 61"}
SCORING_LABELS = {"auto": "Automatic", "manual": "Manual"}
SCORING_DESCRIPTIONS = {
    "auto": "Automatic: points peg themselves",
    "manual": "Manual: count your own points",
}
MATCH_TARGET_HELP = (
    "Match points to win: 1 is a single game; a win scores 1, a skunk 2, a double skunk 4."
)
MUGGINS_HELP = "With manual scoring, your opponent may take the points you miss or over-claim."
# Seats at a table. The engine is gaining 3- and 4-seat games; until its options carry the
# count, matches store it (always 2 today) so the schema is ready.
PLAYER_COUNTS = (2, 3, 4)
DEFAULT_PLAYERS = 2


def options_check(values: dict[str, Any]) -> None:
    """Raise ``ValueError`` (the engine's ``bad_options``) unless ``values`` make a match.

    Apps below games (accounts' preferences) ask the engine through here, not directly.
    """
    MatchOptions.from_dict(values)


def _labelled(values: tuple[str, ...], labels: dict[str, str]) -> list[tuple[str, str]]:
    """``(value, label)`` pairs in the engine's order; a value without a label is a bug here."""
    missing = set(values) ^ set(labels)
    if missing:
        raise LookupError(f"match option labels out of step with the engine: {sorted(missing)}")
    return [(value, labels[value]) for value in values]


class Variant(models.TextChoices):
    SIX = "six", VARIANT_LABELS["six"]
    FIVE = "five", VARIANT_LABELS["five"]


class Scoring(models.TextChoices):
    AUTO = "auto", SCORING_LABELS["auto"]
    MANUAL = "manual", SCORING_LABELS["manual"]


# The enums above must list exactly the engine's values, in its order.
if tuple(Variant.values) != VARIANTS or tuple(Scoring.values) != SCORING_MODES:
    raise LookupError("match option choices out of step with games.engine.options")


def variant_field() -> models.CharField:
    return models.CharField(max_length=8, choices=Variant.choices, default=DEFAULTS.variant)


def scoring_field() -> models.CharField:
    return models.CharField(max_length=8, choices=Scoring.choices, default=DEFAULTS.scoring)


def muggins_field() -> models.BooleanField:
    return models.BooleanField(default=DEFAULTS.muggins)


def match_target_field() -> models.PositiveSmallIntegerField:
    return models.PositiveSmallIntegerField(default=DEFAULTS.match_target)


def players_field() -> models.PositiveSmallIntegerField:
    return models.PositiveSmallIntegerField(
        choices=[(count, f"{count} players") for count in PLAYER_COUNTS], default=DEFAULT_PLAYERS
    )


def deal_field() -> models.CharField:
    """The three-player deal (``games.engine.options.DEALS``): standard, or the dealer takes six."""
    return models.CharField(
        max_length=12,
        choices=[("standard", "Standard deal"), ("dealer_six", "Dealer takes six")],
        default=DEFAULTS.deal,
    )


def match_target_form_field(**overrides: Any) -> forms.IntegerField:
    """The match-length box: 1 to the engine's maximum, starting at the engine's default."""
    arguments: dict[str, Any] = {
        "min_value": 1,
        "max_value": MAX_MATCH_TARGET,
        "initial": DEFAULTS.match_target,
        "label": "Match length",
        "help_text": MATCH_TARGET_HELP,
        "widget": forms.NumberInput(attrs={"inputmode": "numeric"}),
    }
    arguments.update(overrides)
    return forms.IntegerField(**arguments)


def variant_form_field() -> forms.ChoiceField:
    return forms.ChoiceField(
        choices=_labelled(VARIANTS, VARIANT_DESCRIPTIONS),
        initial=DEFAULTS.variant,
        widget=forms.RadioSelect,
    )


def scoring_form_field() -> forms.ChoiceField:
    return forms.ChoiceField(
        choices=_labelled(SCORING_MODES, SCORING_DESCRIPTIONS),
        initial=DEFAULTS.scoring,
        widget=forms.RadioSelect,
    )


def muggins_form_field() -> forms.BooleanField:
    return forms.BooleanField(
        required=False, initial=DEFAULTS.muggins, label="Muggins", help_text=MUGGINS_HELP
    )


# Time controls (games.engine.options.TimeControl): three model fields, one choice in the forms.
NO_CLOCK = TimeControl()
CLOCK_KIND_LABELS = {
    "none": "No clock",
    "realtime": "Real-time clock",
    "days": "Turn-based (days per move)",
}
CUSTOM_CLOCK = "custom"
CLOCK_HELP = (
    "A real-time clock: a bank of minutes, plus seconds added after each of your actions."
    " It runs only while the game waits on you; running out loses the match."
    " Turn-based: days for each move, so you may close the page and come back."
)


def clock_kind_field(default: TimeControl = NO_CLOCK) -> models.CharField:
    return models.CharField(
        max_length=12, choices=_labelled(CLOCK_KINDS, CLOCK_KIND_LABELS), default=default.kind
    )


def clock_bank_field(default: TimeControl = NO_CLOCK) -> models.PositiveIntegerField:
    """Seconds each seat starts with."""
    return models.PositiveIntegerField(default=default.bank)


def clock_increment_field(default: TimeControl = NO_CLOCK) -> models.PositiveSmallIntegerField:
    """Seconds added to a seat's bank after each of its actions."""
    return models.PositiveSmallIntegerField(default=default.increment)


def clock_fields_of(obj: Any) -> TimeControl:
    """The time control a model with the three fields above stores."""
    return TimeControl(obj.clock_kind, obj.clock_bank, obj.clock_increment)


def clock_model_values(control: TimeControl) -> dict[str, Any]:
    """The three fields' values for ``control`` (``Model.objects.create(**...)``)."""
    return {
        "clock_kind": control.kind,
        "clock_bank": control.bank,
        "clock_increment": control.increment,
    }


def clock_form_field(
    *, timed_only: bool = False, turn_based: bool = True, initial: TimeControl = NO_CLOCK
) -> forms.Field:
    """The time-control choice: no clock (unless ``timed_only``), the presets, custom, and the
    days-per-move controls (unless ``turn_based`` is False: a tournament's rounds are played
    in one sitting)."""
    choices = [] if timed_only else [(NO_CLOCK.key, NO_CLOCK.label)]
    choices += [(control.key, control.label) for control in PRESET_CONTROLS]
    choices.append((CUSTOM_CLOCK, "Custom"))
    if turn_based:
        choices += [(control.key, control.label) for control in TURN_BASED_CONTROLS]
    # Not required: a form posted without it (older pages, scripts) gets the service's default,
    # no clock for a casual match and the engine's default clock for a rated one.
    return forms.ChoiceField(
        choices=choices,
        initial=initial.key,
        required=False,
        label="Time control",
        help_text=CLOCK_HELP,
        # A rated match has a clock: ticking "Rated" while "No clock" is chosen picks this one
        # (static/js/clock-choice.js); without scripts the form says so instead.
        widget=forms.Select(attrs={"data-rated-default": TOURNAMENT_CLOCK.key}),
    )


def clock_custom_fields() -> tuple[forms.IntegerField, forms.IntegerField]:
    """The custom clock's two boxes: minutes in the bank and seconds added per action."""
    return (
        forms.IntegerField(
            min_value=1, max_value=MAX_CLOCK_BANK // 60, required=False, label="Minutes"
        ),
        forms.IntegerField(
            min_value=0, max_value=MAX_CLOCK_INCREMENT, required=False, label="Seconds per action"
        ),
    )


def clock_from_form(cleaned: dict[str, Any]) -> TimeControl | None:
    """The time control a form chose (``clock``, and for custom ``clock_minutes`` and
    ``clock_increment``), None when it chose none (the service's default); raises
    ``forms.ValidationError`` for one no clock can run."""
    key = cleaned.get("clock")
    if not key:
        return None
    try:
        if key != CUSTOM_CLOCK:
            return TimeControl.parse(key)
        minutes, increment = cleaned.get("clock_minutes"), cleaned.get("clock_increment")
        if minutes is None:
            raise forms.ValidationError("Give the custom clock's minutes.")
        return TimeControl("realtime", minutes * 60, increment or 0)
    except BadOptions as error:
        raise forms.ValidationError(error.message) from error
