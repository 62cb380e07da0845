"""Duplicate deals: every table of a round gets the same decks, each committed and verifiable."""

from __future__ import annotations

import random
from io import StringIO

import pytest
from django.core.management import call_command

from games.models import Match
from tests.tournaments.conftest import open_tables, round_play, tournament_full
from tournaments.models import Pairing
from tournaments.selectors import standings_lines
from tournaments.services.decks import duplicate_deck

pytestmark = pytest.mark.django_db


def test_two_tables_of_a_round_are_dealt_the_same_decks_and_each_verifies(alice, field):
    cup = tournament_full(alice, field(4), kind="swiss", rounds=2, duplicate=True)
    first, second = open_tables(cup)
    assert first.match.deck_source == second.match.deck_source == "tournament-duplicate"
    round_play(cup, random.Random(3))
    decks = []
    for table in (first, second):
        match = Match.objects.get(pk=table.match_id)
        assert match.status == Match.Status.FINISHED
        shuffles = list(match.shuffles.order_by("number"))
        decks.append([shuffle.deck for shuffle in shuffles])
        out = StringIO()
        call_command("verify_shuffle", match=match.pk, stdout=out)
        assert f"match {match.pk}: {len(shuffles)} shuffles checked" in out.getvalue()
    # The shorter match's decks are the start of the longer one's; the commitments differ
    # (each table its own salt).
    shared = min(len(decks[0]), len(decks[1]))
    assert shared >= 2
    assert decks[0][:shared] == decks[1][:shared]
    commitments = [
        list(Match.objects.get(pk=t.match_id).shuffles.values_list("commitment", flat=True))
        for t in (first, second)
    ]
    assert commitments[0][0] != commitments[1][0]
    # Round 2's decks are others; and they come from the secret, which no page shows.
    cup.refresh_from_db()
    assert duplicate_deck(secret=cup.deck_secret, round_number=2, number=1) != decks[0][0]
    round_two = open_tables(cup)
    assert [s.deck for s in round_two[0].match.shuffles.all()][:1] == [
        duplicate_deck(secret=cup.deck_secret, round_number=2, number=1)
    ]


def test_the_duplicate_score_of_a_round_sums_to_nothing_over_the_field(alice, field):
    cup = tournament_full(alice, field(4), kind="swiss", rounds=1, duplicate=True)
    round_play(cup, random.Random(4))
    lines = standings_lines(cup)
    assert sum(line.line.duplicate for line in lines) == pytest.approx(0)
    # By hand: each seat's net (points for - against) less the average net of its seat.
    tables = list(Pairing.objects.filter(round__tournament=cup).order_by("table"))
    seat_zero_nets = [table.points[0] - table.points[1] for table in tables]
    average = sum(seat_zero_nets) / len(seat_zero_nets)
    expected = {}
    for table, net in zip(tables, seat_zero_nets, strict=True):
        expected[table.first_id] = round(net - average, 2)
        expected[table.second_id] = round(-net + average, 2)
    assert {line.entry.pk: line.line.duplicate for line in lines} == expected
