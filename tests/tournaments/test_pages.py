"""The tournament pages through Django's client: list, create, detail, join, withdraw, cancel."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.conftest import round_settle, tasks_settle, tournament_full
from tournaments.models import Pairing, Tournament
from tournaments.services.lifecycle import tournament_create

pytestmark = pytest.mark.django_db


def make_cup(creator, **options):
    options = {"kind": "swiss", "variant": "five", "capacity": 4, **options}
    return tournament_create(creator=creator, name="Friday cup", **options)


def test_the_list_shows_upcoming_running_and_finished(client, alice, field):
    make_cup(alice)
    tournament_full(alice, field(2), kind="knockout")
    page = client.get(reverse("tournaments:list")).content.decode()
    assert "Friday cup" in page and "Test cup" in page
    assert "starts when full" in page and "round 1 of 1" in page
    assert "Log in</a> to create" in page


def test_a_signed_in_person_creates_a_tournament_from_the_form(client, alice):
    client.force_login(alice)
    response = client.post(
        reverse("tournaments:new"),
        {
            "name": "Club night",
            "kind": "acc",
            "variant": "five",
            "scoring": "auto",
            "match_target": 1,
            "capacity": 6,
            "round_minutes": 20,
            "no_show_seconds": 300,
            "duplicate": "on",
            "computers_fill": "on",
            "computer_level": "expert",
        },
    )
    cup = Tournament.objects.get(name="Club night")
    assert response.status_code == 302 and response["Location"] == f"/tournaments/{cup.pk}/"
    assert cup.kind == "acc" and cup.rounds == 9 and cup.duplicate and cup.created_by == alice
    assert cup.computers_fill and cup.computer_level == "expert"
    page = client.get(response["Location"]).content.decode()
    assert "Duplicate deals" in page and "compared with the average" in page
    assert "the computer (expert) may fill a seat" in page
    assert 'data-testid="join-tournament"' in page and 'data-testid="cancel-tournament"' in page


def test_a_bad_form_is_shown_again_with_its_error_and_creates_nothing(client, alice):
    client.force_login(alice)
    response = client.post(
        reverse("tournaments:new"),
        {
            "name": "X",
            "kind": "swiss",
            "variant": "five",
            "scoring": "auto",
            "match_target": 1,
            "capacity": 4,
            "round_minutes": 20,
            "no_show_seconds": 300,
            "rank_by_duplicate": "on",
        },
    )
    assert response.status_code == 200
    assert "ranking by the duplicate score needs duplicate deals" in response.content.decode()
    assert not Tournament.objects.exists()


def test_joining_withdrawing_and_a_strangers_cancel_through_the_page(client, alice, bob, mallory):
    cup = make_cup(alice)
    client.force_login(bob)
    client.post(reverse("tournaments:join", args=[cup.pk]))
    assert cup.entries.filter(user=bob).exists()
    response = client.post(reverse("tournaments:join", args=[cup.pk]), follow=True)
    assert "you have already entered this tournament" in response.content.decode()
    client.post(reverse("tournaments:withdraw", args=[cup.pk]))
    assert not cup.entries.exists()
    client.force_login(mallory)
    response = client.post(reverse("tournaments:cancel", args=[cup.pk]), follow=True)
    assert "only the tournament&#x27;s creator may cancel it" in response.content.decode()
    cup.refresh_from_db()
    assert cup.status == Tournament.Status.UPCOMING


def test_a_visitor_joining_becomes_a_guest(client, alice):
    cup = make_cup(alice)
    client.post(reverse("tournaments:join", args=[cup.pk]))
    assert cup.entries.get().user.profile.is_guest


def test_the_page_shows_standings_tables_and_a_players_own_table(client, alice, field):
    players = field(4)
    cup = tournament_full(alice, players, kind="swiss", rounds=2)
    client.force_login(players[0])
    page = client.get(reverse("tournaments:detail", args=[cup.pk])).content.decode()
    assert 'data-testid="my-table"' in page and "go to table 1" in page
    assert 'data-testid="round-1"' in page and "watch" in page
    round_settle(cup)
    round_settle(cup)
    tasks_settle()
    live = client.get(reverse("tournaments:live", args=[cup.pk])).content.decode()
    assert "Final standings" in live
    # Every table played to the end links to its review.
    played = Pairing.objects.filter(round__tournament=cup, match__isnull=False)
    assert played.exists()
    for pairing in played:
        assert reverse("review:page", args=[pairing.match_id]) in live
    review = client.get(reverse("review:page", args=[played.first().match_id]))
    assert review.status_code == 200
    assert 'data-testid="my-table"' not in live


def test_a_finished_tournament_names_its_winner_and_podium_on_its_page_and_in_the_list(
    client, alice, field
):
    players = field(4)
    cup = tournament_full(alice, players, kind="swiss", rounds=2)
    round_settle(cup)  # the lower number wins: p1 beats everyone, p2 beats all but p1
    round_settle(cup)
    tasks_settle()
    page = client.get(reverse("tournaments:detail", args=[cup.pk])).content.decode()
    assert 'data-testid="podium"' in page and "Winner: p1" in page
    assert page.index("Winner: p1") < page.index("Final standings")
    assert "First: p1" in page and "Second: p2" in page and "Third: p3" in page
    listing = client.get(reverse("tournaments:list")).content.decode()
    assert "won by <strong>p1</strong>" in listing
    cup.refresh_from_db()
    assert cup.winner_name == "p1"  # stored when it finished: the list computes no podium


def test_a_tournament_finished_before_the_stored_winner_is_named_on_its_first_listing(
    client, alice, field
):
    players = field(4)
    cup = tournament_full(alice, players, kind="swiss", rounds=1)
    round_settle(cup)
    tasks_settle()
    Tournament.objects.filter(pk=cup.pk).update(winner_name="")  # as migration 0004 left it
    listing = client.get(reverse("tournaments:list")).content.decode()
    assert "won by <strong>p1</strong>" in listing
    assert Tournament.objects.get(pk=cup.pk).winner_name == "p1"


def test_a_knockout_page_draws_its_bracket(client, alice, field):
    cup = tournament_full(alice, field(3), kind="knockout")
    page = client.get(reverse("tournaments:detail", args=[cup.pk])).content.decode()
    assert 'data-testid="bracket"' in page and "bye" in page


def test_the_lobby_lists_open_tournaments(client, alice):
    make_cup(alice)
    page = client.get(reverse("lobby:index")).content.decode()
    assert 'data-testid="lobby-tournaments"' in page and "Friday cup" in page


def test_no_page_shows_the_duplicate_secret(client, alice, field):
    cup = tournament_full(alice, field(2), kind="knockout", duplicate=True)
    cup.refresh_from_db()
    assert cup.deck_secret
    for name in ("detail", "live"):
        page = client.get(reverse(f"tournaments:{name}", args=[cup.pk])).content.decode()
        assert cup.deck_secret not in page


def test_a_start_time_typed_in_local_time_is_stored_in_utc_and_shown_for_the_browser(client, alice):
    """The form's datetime-local is the player's wall clock; the page's script sends the
    offset (minutes behind UTC, as JavaScript's getTimezoneOffset), so 20:00 typed in UTC-5
    (offset 300) starts at 01:00 UTC the next day. The page writes it as a <time> the browser
    shows in its own zone."""
    client.force_login(alice)
    typed = (timezone.now() + timedelta(days=2)).replace(hour=20, minute=0, second=0, microsecond=0)
    fields = {
        "name": "Evening cup",
        "kind": "swiss",
        "variant": "six",
        "scoring": "auto",
        "match_target": 1,
        "capacity": 4,
        "round_minutes": 20,
        "no_show_seconds": 300,
        "starts_at": typed.strftime("%Y-%m-%dT%H:%M"),
        "starts_at_offset": 300,
    }
    response = client.post(reverse("tournaments:new"), fields)
    cup = Tournament.objects.get(name="Evening cup")
    assert response.status_code == 302
    assert cup.starts_at == typed + timedelta(hours=5)
    page = client.get(response["Location"]).content.decode()
    assert f'datetime="{cup.starts_at.isoformat()}" data-local' in page


def test_a_local_start_time_already_past_in_utc_is_refused(client, alice):
    """An offset that puts the typed time in the past is refused, and nothing is created."""
    client.force_login(alice)
    typed = timezone.now() + timedelta(hours=1)
    response = client.post(
        reverse("tournaments:new"),
        {
            "name": "Too late",
            "kind": "swiss",
            "variant": "six",
            "scoring": "auto",
            "match_target": 1,
            "capacity": 4,
            "round_minutes": 20,
            "no_show_seconds": 300,
            "starts_at": typed.strftime("%Y-%m-%dT%H:%M"),
            "starts_at_offset": -120,  # UTC+2: the typed hour was an hour ago in UTC
        },
    )
    assert response.status_code == 200
    assert "The start time must be in the future." in response.content.decode()
    assert not Tournament.objects.exists()
