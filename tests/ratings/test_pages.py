"""The leaderboard pages and the profile's ratings section."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from ratings.models import PlayerRating
from tests.ratings.conftest import finished_match, seat_user

pytestmark = pytest.mark.django_db


def listed(name: str, rating: float, *, deviation: float = 60, matches: int = 30, days=1000):
    user = get_user_model().objects.create_user(username=name, password="x")
    PlayerRating.objects.create(
        user=user,
        kind="six-2p",
        rating=rating,
        deviation=deviation,
        matches=matches,
        rated_at=timezone.now(),
        listed_until=timezone.now() + timedelta(days=days) if days is not None else None,
    )
    return user


def board_names(page: str) -> list[str]:
    return [part.split('"')[0] for part in page.split('<tr data-player="')[1:]]


def test_the_leaderboard_lists_established_players_best_first_with_the_viewers_rank(client):
    listed("ann", 1800)
    viewer = listed("ben", 1700)
    listed("cat", 1750)
    listed("new", 2100, deviation=120, days=None)  # provisional: never listed
    listed("few", 2000, matches=3)  # too few rated matches
    listed("gone", 1900, days=-1)  # away so long that the deviation grew past the limit
    client.force_login(viewer)
    page = client.get("/ratings/six-2p/").content.decode()
    assert board_names(page) == ["ann", "cat", "ben"]
    assert "You are #3." in page


def test_the_leaderboard_is_paginated(client, settings):
    settings.RATINGS_LEADERBOARD_PAGE_SIZE = 2
    for number in range(5):
        listed(f"p{number}", 1500 + number)
    page = client.get("/ratings/six-2p/?page=2").content.decode()
    assert board_names(page) == ["p2", "p1"]
    assert "Page 2 of 3" in page


def test_an_unknown_kind_has_no_leaderboard(client):
    assert client.get("/ratings/nine-2p/").status_code == 404


def test_the_profile_shows_ratings_with_deviation_a_chart_point_and_statistics(client, alice, bob):
    match = finished_match(alice, bob, rated=True)
    winner = seat_user(match, match.winner_seat)
    page = client.get(f"/accounts/players/{winner.username}/").content.decode()
    row = page.split('<tr data-kind="five-2p">')[1].split("</tr>")[0]
    rating = PlayerRating.objects.get(user=winner, kind="five-2p")
    assert f"{round(rating.rating)}?" in row  # still provisional after one match
    assert f"±{round(rating.deviation)}" in row
    assert page.count('class="rating-point"') == 1
    assert f'data-match-id="{match.pk}"' in page
    assert 'Matches won / lost</th><td class="matches">1 / 0' in page


def test_the_history_chart_shows_the_latest_matches_oldest_first(alice, bob, monkeypatch):
    from ratings import selectors

    monkeypatch.setattr(selectors, "CHART_MATCHES", 2)
    matches = [finished_match(alice, bob, rated=True, seed=seed) for seed in (1, 2, 3)]
    history = selectors.rating_history(user=alice, kind="five-2p")
    assert [change.match_id for change in history] == [m.pk for m in matches[1:]]
    chart = selectors.rating_chart(history)
    assert [point["match_id"] for point in chart["points"]] == [m.pk for m in matches[1:]]
    xs = [point["x"] for point in chart["points"]]
    assert xs == sorted(xs) and xs[-1] == selectors.CHART_WIDTH - selectors.CHART_MARGIN


def test_the_history_chart_has_round_rating_ticks_dates_and_a_table_of_every_match(
    client, alice, bob
):
    from ratings import selectors

    assert [selectors._tick_step(span, 4) for span in (40, 95, 300, 1200)] == [10, 50, 100, 500]
    matches = [finished_match(alice, bob, rated=True, seed=seed) for seed in (1, 2, 3)]
    history = selectors.rating_history(user=alice, kind="five-2p")
    chart = selectors.rating_chart(history)
    values = [history[0].rating_before] + [change.rating_after for change in history]
    labels = [tick["label"] for tick in chart["y_ticks"]]
    assert len(labels) >= 2 and all(
        min(values) - 10 <= label <= max(values) + 10 for label in labels
    )
    assert (
        len({labels[1] - labels[0], *(b - a for a, b in zip(labels, labels[1:], strict=False))})
        == 1
    )
    assert chart["x_ticks"] and chart["x_ticks"][0]["label"] == chart["rows"][0]["date"]
    page = client.get(f"/accounts/players/{alice.username}/").content.decode()
    for match, change in zip(matches, history, strict=True):
        change_text = f"{round(change.rating_after) - round(change.rating_before):+d}"
        assert f'<tr data-match-id="{match.pk}">' in page
        assert f"{round(change.rating_after)} ({change_text})</text>" in page
