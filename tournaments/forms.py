"""The create-a-tournament form: the match options (games' form) and the tournament's terms."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.utils import timezone

from games.engine.options import TOURNAMENT_CLOCK
from games.forms import COMPUTER_LEVELS, NewMatchForm
from kernel import match_options
from tournaments.models import Tournament
from tournaments.services.lifecycle import ACC_GAMES, COMPUTER_LEVEL, MAX_CAPACITY, MAX_ROUNDS


class TournamentForm(NewMatchForm):
    """Everything ``tournament_create`` takes; the service checks it all again."""

    field_order = ["name", "kind", "variant", "scoring", "muggins", "match_target", "rounds"]
    # Every tournament table has a clock, so nobody can stall a round (issue 25).
    clock = match_options.clock_form_field(
        timed_only=True, turn_based=False, initial=TOURNAMENT_CLOCK
    )

    name = forms.CharField(max_length=80, label="Name")
    kind = forms.ChoiceField(choices=Tournament.Kind.choices, initial="swiss", label="Format")
    rounds = forms.IntegerField(
        min_value=1,
        max_value=MAX_ROUNDS,
        required=False,
        label="Rounds (Swiss) or games (ACC)",
        help_text=f"Swiss: 5 if empty; ACC: {ACC_GAMES}. Round robin and knockout follow the field.",
        widget=forms.NumberInput(attrs={"data-formats": "swiss acc"}),
    )
    capacity = forms.IntegerField(min_value=2, max_value=MAX_CAPACITY, initial=8, label="Places")
    starts_at = forms.DateTimeField(
        required=False,
        label="Start time (your local time)",
        help_text="Empty: it starts as soon as every place is taken.",
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
    )
    # Minutes the player's clock is behind UTC at the chosen start (JavaScript's
    # getTimezoneOffset, filled in by static/js/tournaments/form.js): the typed wall time is
    # the player's, so UTC is that time plus the offset. Without it (no scripts) the time is UTC.
    starts_at_offset = forms.IntegerField(
        required=False, min_value=-16 * 60, max_value=16 * 60, widget=forms.HiddenInput
    )
    round_minutes = forms.IntegerField(
        min_value=5, max_value=600, initial=30, label="Time per round (minutes)"
    )
    no_show_seconds = forms.IntegerField(
        min_value=10,
        max_value=3600,
        initial=300,
        label="No-show forfeit after (seconds)",
        help_text="A player who has not opened their table by then loses that match.",
    )
    rated = forms.BooleanField(required=False, label="Rated")
    duplicate = forms.BooleanField(
        required=False,
        label="Duplicate deals",
        help_text="Every table of a round is dealt the same cards.",
    )
    rank_by_duplicate = forms.BooleanField(
        required=False, label="Rank by the duplicate score (else it breaks ties)"
    )
    computers_fill = forms.BooleanField(
        required=False, label="The computer may fill an empty seat (casual only)"
    )
    computer_level = forms.ChoiceField(
        choices=[(level, described.split(":")[0]) for level, described in COMPUTER_LEVELS],
        initial=COMPUTER_LEVEL,
        required=False,
        label="The computer's level, when it fills a seat",
    )
    acc_knockout = forms.BooleanField(
        required=False,
        label="ACC: the top quarter plays a knockout after the session",
        widget=forms.CheckboxInput(attrs={"data-formats": "acc"}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        value = data.get("starts_at")
        if value is not None:
            offset = data.get("starts_at_offset")
            if offset is not None:
                value = value + timedelta(minutes=offset)
                data["starts_at"] = value
            if value <= timezone.now():
                self.add_error("starts_at", "The start time must be in the future.")
        return data

    def tournament_options(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            **self.options(),
            "name": data["name"],
            "kind": data["kind"],
            "rounds": data["rounds"],
            "capacity": data["capacity"],
            "starts_at": data["starts_at"],
            "round_minutes": data["round_minutes"],
            "no_show_seconds": data["no_show_seconds"],
            "rated": data["rated"],
            "duplicate": data["duplicate"],
            "rank_by_duplicate": data["rank_by_duplicate"],
            "computers_fill": data["computers_fill"],
            "computer_level": data["computer_level"] or COMPUTER_LEVEL,
            "acc_knockout": data["acc_knockout"],
            **({"clock": data["time_control"]} if data.get("time_control") else {}),
        }
