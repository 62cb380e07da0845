"""A player's finished matches: on the profile and in a filtered, paginated list, each linking
to its review; a private match listed only to its players."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games import services
from games.models import Match, Seat
from review.finished import FinishedFilters, finished_matches_page
from tests.support.people import make_user

pytestmark = pytest.mark.django_db


def fake_finished(
    player,
    opponent=None,
    *,
    bot: bool = False,
    won: bool = True,
    variant="six",
    private=False,
    minutes=0,
):
    """A finished match row (the list reads rows only: no play needed)."""
    match = Match.objects.create(
        variant=variant,
        status=Match.Status.FINISHED,
        private=private,
        winner_seat=0 if won else 1,
        finish_reason="points",
        match_scores=[1, 0] if won else [0, 1],
        action_count=10,
        finished_at=timezone.now() - timezone.timedelta(minutes=minutes),
    )
    Seat.objects.create(match=match, number=0, user=player)
    Seat.objects.create(
        match=match, number=1, user=opponent, is_bot=bot, bot_level="hard" if bot else ""
    )
    return match


def ids(rows):
    return [row.match_id for row in rows]


def test_the_list_is_newest_first_and_filters_by_variant_opponent_result_and_kind(
    alice, bob, carol
):
    old = fake_finished(alice, bob, minutes=30)
    lost = fake_finished(alice, carol, won=False, variant="five", minutes=20)
    computer = fake_finished(alice, bot=True, minutes=10)
    newest = fake_finished(alice, bob, minutes=1)
    fake_finished(bob, carol)  # not alice's
    Match.objects.create(status=Match.Status.ACTIVE)  # in play: never listed

    def listed(**filters):
        return ids(
            finished_matches_page(player=alice, viewer=alice, filters=FinishedFilters(**filters))[1]
        )

    assert listed() == [newest.pk, computer.pk, lost.pk, old.pk]
    assert listed(variant="five") == [lost.pk]
    assert listed(opponent="BOB") == [newest.pk, old.pk]
    assert listed(result="lost") == [lost.pk]
    assert listed(result="won", against="human") == [newest.pk, old.pk]
    assert listed(against="computer") == [computer.pk]


def test_bad_filter_values_are_read_as_any():
    filters = FinishedFilters.parse(
        {"variant": "seven", "result": "drawn", "against": "robots", "opponent": "  x  "}
    )
    assert filters == FinishedFilters(opponent="x")


def test_a_private_match_is_listed_only_to_its_players(client, alice, bob, mallory):
    public = fake_finished(alice, bob)
    private = fake_finished(alice, bob, private=True)
    for viewer, expected in (
        (alice, [private.pk, public.pk]),
        (bob, [private.pk, public.pk]),
        (mallory, [public.pk]),
        (None, [public.pk]),
    ):
        page, rows = finished_matches_page(player=alice, viewer=viewer, filters=FinishedFilters())
        assert sorted(ids(rows)) == sorted(expected)
    client.force_login(mallory)
    page = client.get("/accounts/players/alice/matches/")
    assert f"/matches/{public.pk}/review/".encode() in page.content
    assert f"/matches/{private.pk}/review/".encode() not in page.content


def test_the_list_page_paginates_and_keeps_its_filters(client, alice):
    for minutes in range(23):
        fake_finished(alice, bot=True, minutes=minutes)
    first = client.get("/accounts/players/alice/matches/?against=computer")
    assert len(first.context["rows"]) == 20
    assert b"against=computer&amp;page=2" in first.content
    second = client.get("/accounts/players/alice/matches/?against=computer&page=2")
    assert len(second.context["rows"]) == 3
    assert client.get("/accounts/players/alice/matches/?page=zzz").status_code == 200
    assert client.get("/accounts/players/nobody-here/matches/").status_code == 404


def test_the_profile_lists_the_latest_finished_matches_with_their_reviews(client, alice, bob):
    matches = [fake_finished(alice, bob, minutes=m) for m in range(7)]
    page = client.get("/accounts/players/alice/")
    assert b"Finished matches" in page.content
    assert f"/matches/{matches[0].pk}/review/".encode() in page.content
    assert f"/matches/{matches[6].pk}/review/".encode() not in page.content  # five shown
    assert b"All 7 finished matches" in page.content


def test_a_match_in_play_is_not_listed(alice, bob):
    match = services.computer_match_create(
        creator=make_user("dora"), options={"variant": "five"}, level="easy"
    )
    assert (
        finished_matches_page(
            player=match.seats.get(number=0).user, viewer=None, filters=FinishedFilters()
        )[1]
        == []
    )


def test_match_points_are_listed_with_the_players_own_first(alice, bob):
    fake_finished(alice, bob, won=False)  # alice in seat 0 lost 0-1
    (row,) = finished_matches_page(player=bob, viewer=bob, filters=FinishedFilters())[1]
    assert (row.result, row.scores) == ("won", [1, 0])


def test_a_partner_of_the_winner_is_listed_as_won_and_everyone_else_is_named(alice, bob, carol):
    """At four, seat 2 wins with seat 0: alice (seat 0) won, and the row names the three others
    by side."""
    match = Match.objects.create(
        players=4,
        status=Match.Status.FINISHED,
        winner_seat=2,
        finish_reason="points",
        match_scores=[0, 0, 1, 0],
        action_count=10,
        finished_at=timezone.now(),
    )
    Seat.objects.create(match=match, number=0, user=alice)
    Seat.objects.create(match=match, number=1, user=bob)
    Seat.objects.create(match=match, number=2, is_bot=True, bot_level="hard")
    Seat.objects.create(match=match, number=3, user=carol)

    def rows(**filters):
        return finished_matches_page(
            player=alice, viewer=alice, filters=FinishedFilters(**filters)
        )[1]

    (row,) = rows()
    assert row.result == "won" and row.computer
    # By side: the two opponents as one, the partner apart (not a free-for-all).
    assert row.opponent == f"{bob.username} & {carol.username}, with Computer 2 (hard) as partner"
    assert ids(rows(result="won")) == [match.pk] and rows(result="lost") == []
    (bobs,) = finished_matches_page(player=bob, viewer=bob, filters=FinishedFilters())[1]
    assert bobs.result == "lost"
