"""Statistics counted from the event log when a match ends, and rebuilt the same by the command."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.forms.models import model_to_dict

from games.models import MatchEvent
from ratings.models import PlayerRating, PlayerStats, RatingChange
from ratings.tally import match_tally
from tests.ratings.conftest import finished_match

pytestmark = pytest.mark.django_db


def stats_of(user, kind="five-2p") -> PlayerStats:
    return PlayerStats.objects.get(user=user, kind=kind)


def test_a_finished_match_adds_what_its_log_shows(alice, bob):
    match = finished_match(alice, bob, rated=False, seed=7, match_target=3)
    events = list(MatchEvent.objects.filter(match=match).order_by("seq"))
    seat_of = {alice: 0, bob: 1}
    games = [e.public for e in events if e.type == "game_ended"]
    hands = sum(1 for e in events if e.type == "hand_started")
    for person, seat in seat_of.items():
        stats = stats_of(person)
        won = sum(1 for game in games if game["winner"] == seat)
        assert (stats.games_won, stats.games_lost) == (won, len(games) - won)
        assert stats.matches_won == int(match.winner_seat == seat)
        assert stats.matches_won + stats.matches_lost == 1
        assert stats.hands == hands
        shown = [
            e.public
            for e in events
            if e.type == "hand_shown" and e.public["seat"] == seat and e.public["kind"] == "hand"
        ]
        cribs = [
            e.public
            for e in events
            if e.type == "hand_shown" and e.public["seat"] == seat and e.public["kind"] == "crib"
        ]
        assert stats.hand_points == sum(show["total"] for show in shown)
        assert (stats.cribs, stats.crib_points) == (len(cribs), sum(c["total"] for c in cribs))
        assert stats.highest_hand == max(show["total"] for show in shown + cribs)
        pegged = sum(
            e.public.get("points", 0)
            for e in events
            if e.type in ("card_played", "go_scored") and e.public.get("seat") == seat
        )
        assert stats.play_points == pegged
    # Every point scored is a hand, a crib, pegging, heels or the five-card pone's three.
    assert stats_of(alice).games_won + stats_of(bob).games_won == len(games) >= 1


def test_manual_scoring_counts_true_values_and_counting_accuracy():
    events = [
        ("hand_started", {}),
        ("hand_shown", {"seat": 0, "kind": "hand"}),
        ("score_revealed", {"seat": 0, "subject": "hand", "claimed": 6, "actual": 8}),
        ("hand_shown", {"seat": 1, "kind": "crib"}),
        ("score_revealed", {"seat": 1, "subject": "crib", "claimed": 29, "actual": 29}),
        ("score_revealed", {"seat": 1, "subject": "play", "claimed": 2, "actual": 2}),
    ]
    tally = match_tally(events, players=2, winner_seat=None)
    assert (tally.seats[0].hand_points, tally.seats[0].claims, tally.seats[0].claims_exact) == (
        8,
        1,
        0,
    )
    assert (tally.seats[1].crib_points, tally.seats[1].twenty_nines) == (29, 1)
    assert (tally.seats[1].play_points, tally.seats[1].claims_exact) == (2, 2)
    assert tally.seats[1].highest_hand == 29


def snapshot() -> dict:
    def rows(model, *fields):
        return sorted(
            tuple(round(v, 9) if isinstance(v, float) else v for v in row)
            for row in model.objects.values_list(*fields)
        )

    stats_fields = [f for f in model_to_dict(PlayerStats()) if f not in ("id",)]
    return {
        "stats": rows(PlayerStats, *stats_fields),
        "ratings": rows(PlayerRating, "user", "kind", "rating", "deviation", "volatility"),
        "changes": rows(RatingChange, "match", "user", "rating_before", "rating_after"),
    }


def test_the_recompute_command_gives_the_same_numbers_as_the_hook(alice, bob):
    carol = get_user_model().objects.create_user(username="carol", password="x")
    finished_match(alice, bob, rated=True, seed=1)
    finished_match(bob, carol, rated=True, seed=2, match_target=3)
    finished_match(carol, alice, rated=False, seed=3)
    finished_match(alice, carol, rated=True, seed=4, variant="six")
    counted_by_the_hook = snapshot()
    assert len(counted_by_the_hook["changes"]) == 6

    out = StringIO()
    call_command("ratings_recompute", stdout=out)
    assert "counted 4 finished matches" in out.getvalue()
    assert snapshot() == counted_by_the_hook
