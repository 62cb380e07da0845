"""Ratings at three and four (docs/ratings.md, "Three and four players"): a match is scored as
the pairwise results it implies, in one rating period, in its own kind ("six-3p", "six-4p")."""

from __future__ import annotations

import random

import pytest

from games import services
from games.models import Seat
from ratings.models import PlayerRating, RatingChange
from ratings.services import match_tally_record, pairwise_results
from tests.server.driving import play_until_everyone_has_played
from tests.support.people import make_user

pytestmark = pytest.mark.django_db


def seats_of(count: int) -> list[Seat]:
    return [Seat(number=number) for number in range(count)]


@pytest.mark.parametrize(
    "count, winner, expected",
    [
        (2, 1, {0: [(1, 0.0)], 1: [(0, 1.0)]}),
        (3, 1, {0: [(1, 0.0), (2, 0.5)], 1: [(0, 1.0), (2, 1.0)], 2: [(0, 0.5), (1, 0.0)]}),
        (
            4,
            2,
            {
                0: [(1, 1.0), (3, 1.0)],
                1: [(0, 0.0), (2, 0.0)],
                2: [(1, 1.0), (3, 1.0)],
                3: [(0, 0.0), (2, 0.0)],
            },
        ),
    ],
)
def test_a_match_is_the_pairwise_results_it_implies(count, winner, expected):
    assert pairwise_results(seats=seats_of(count), winner_seat=winner) == expected


def test_a_rated_match_of_three_moves_three_ratings_in_its_own_kind(alice, bob, carol):
    match = services.match_create(creator=alice, options={"players": 3}, rated=True)
    for person in (bob, carol):
        services.match_join(match=match, user=person)
    play_until_everyone_has_played(match, random.Random(1))  # a result, not an abort
    services.match_resign(match_id=match.pk, user=carol)  # the leader (by the rules) wins
    match.refresh_from_db()
    match_tally_record(match_id=match.pk)  # as the match-finished hook does (once per match)
    ratings = {row.user_id: row for row in PlayerRating.objects.filter(kind="six-3p")}
    assert set(ratings) == {alice.pk, bob.pk, carol.pk}
    winner = match.seats.get(number=match.winner_seat).user_id
    for user_id, row in ratings.items():
        assert (row.rating > 1500) == (user_id == winner)
    assert RatingChange.objects.filter(match=match).count() == 3


def test_partners_win_together_and_each_is_rated_against_both_opponents(alice, bob, carol):
    dave = make_user("dave")
    match = services.match_create(creator=alice, options={"players": 4}, rated=True)
    for person in (bob, carol, dave):
        services.match_join(match=match, user=person)
    play_until_everyone_has_played(match, random.Random(1))  # a result, not an abort
    services.match_resign(match_id=match.pk, user=bob)  # bob and dave's side gives up
    match_tally_record(match_id=match.pk)
    changes = {change.user_id: change for change in RatingChange.objects.filter(match=match)}
    assert {changes[user.pk].score for user in (alice, carol)} == {1.0}
    assert {changes[user.pk].score for user in (bob, dave)} == {0.0}
    assert all(change.kind == "six-4p" for change in changes.values())
