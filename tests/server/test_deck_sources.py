"""Where decks come from: each match draws from its own source, and every deck, whatever its
source, is committed before the deal and revealed after, so the match verifies as fair."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest
from django.test import override_settings

from games import decks, fairness, services
from games.models import Match, MatchEvent, Shuffle
from tests.server.driving import play_random_match
from tests.server.test_fairness import run_verify
from tests.support import seeded_decks
from tests.support.servers import PROJECT_DIR

SOURCE = "test-fixed-decks"


def some_decks(count: int, seed: int = 7) -> list[list[str]]:
    rng = random.Random(seed)
    result = []
    for _ in range(count):
        deck = [str(card) for card in fairness.DECK]
        rng.shuffle(deck)
        result.append(deck)
    return result


@pytest.fixture
def fixed_decks():
    """Sixty known decks, registered as a named source for the length of one test."""
    chosen = some_decks(60)
    decks.deck_source_register(name=SOURCE, source=decks.FixedDecks(chosen))
    yield chosen
    decks.deck_source_unregister(name=SOURCE)


def fixed_match(alice, bob) -> Match:
    waiting = services.match_create(creator=alice, options={"match_target": 1}, deck_source=SOURCE)
    return services.match_join(match=waiting, user=bob)


def test_a_match_with_fixed_decks_deals_exactly_those_decks_each_committed_then_revealed(
    fixed_decks, alice, bob
):
    match = fixed_match(alice, bob)
    assert match.deck_source == SOURCE
    play_random_match(match, random.Random(3))
    stored = list(Shuffle.objects.filter(match=match).order_by("number"))
    assert len(stored) >= 2
    assert [shuffle.deck for shuffle in stored] == fixed_decks[: len(stored)]
    committed = {
        event.public["shuffle"]: event.seq
        for event in MatchEvent.objects.filter(match=match, type="shuffle_committed")
    }
    revealed = {
        event.public["shuffle"]: event.seq
        for event in MatchEvent.objects.filter(match=match, type="shuffle_revealed")
    }
    assert sorted(committed) == sorted(revealed) == [shuffle.number for shuffle in stored]
    assert all(committed[number] < revealed[number] for number in committed)
    first_deal = MatchEvent.objects.filter(match=match, type="hand_started").first()
    expected = fairness.deal_from_deck(
        fixed_decks[1], dealer=first_deal.public["dealer"], hand_size=6
    )
    for seat, part in first_deal.private.items():
        assert sorted(part["cards"]) == sorted(expected.hands[int(seat)])
    code, output = run_verify("--match", str(match.pk))
    assert code == 0 and output.strip().endswith("OK")


def test_two_matches_sharing_a_source_get_the_same_decks_under_different_salts(
    fixed_decks, alice, bob, carol, mallory
):
    first, second = fixed_match(alice, bob), fixed_match(carol, mallory)
    one = list(Shuffle.objects.filter(match=first).order_by("number"))
    two = list(Shuffle.objects.filter(match=second).order_by("number"))
    assert [s.deck for s in one] == [s.deck for s in two] == fixed_decks[: len(one)]
    assert {s.salt for s in one}.isdisjoint(s.salt for s in two)
    assert {s.commitment for s in one}.isdisjoint(s.commitment for s in two)


def test_an_unknown_deck_source_is_refused_and_no_match_is_made(alice):
    with pytest.raises(services.ServiceError) as refused:
        services.match_create(creator=alice, options={}, deck_source="no-such-source")
    assert refused.value.code == "deck_source_unknown"
    assert Match.objects.count() == 0


def test_a_source_that_runs_out_of_decks_refuses_the_start_and_writes_nothing(alice, bob):
    decks.deck_source_register(name="one-deck", source=decks.FixedDecks(some_decks(1)))
    try:
        waiting = services.match_create(creator=alice, options={}, deck_source="one-deck")
        with pytest.raises(services.ServiceError) as refused:
            services.match_join(match=waiting, user=bob)
    finally:
        decks.deck_source_unregister(name="one-deck")
    assert refused.value.code == "decks_exhausted"
    waiting.refresh_from_db()
    assert waiting.status == Match.Status.WAITING
    assert waiting.seats.get(number=1).user is None
    assert not Shuffle.objects.filter(match=waiting).exists()
    assert not MatchEvent.objects.filter(match=waiting).exists()


def test_fixed_decks_refuse_a_deck_that_is_not_the_52_cards():
    good, bad = some_decks(2)
    bad[5] = bad[6]
    with pytest.raises(ValueError, match="deck 2"):
        decks.FixedDecks([good, bad])


def test_ordinary_matches_use_the_secure_shuffle(match):
    assert match.deck_source == ""
    assert isinstance(decks.deck_source_for(name=""), decks.SecureShuffle)
    first = decks.SecureShuffle().next_deck(match=match, number=1)
    second = decks.SecureShuffle().next_deck(match=match, number=1)
    assert first != second
    assert fairness.deck_problem(first[0]) is None and len(first[1]) == 64


@override_settings(DEBUG=False, TEST_DECK_SOURCE=seeded_decks.ENVIRONMENT_PATH)
def test_the_test_deck_source_is_ignored_unless_debug_is_on():
    assert isinstance(decks.deck_source_for(name=""), decks.SecureShuffle)


@override_settings(DEBUG=True, TEST_DECK_SOURCE=seeded_decks.ENVIRONMENT_PATH)
def test_the_test_deck_source_repeats_the_same_deck_per_match_and_number():
    source = decks.deck_source_for(name="")
    assert isinstance(source, seeded_decks.SeededDecks)
    match, other = Match(pk=1), Match(pk=2)
    assert source.next_deck(match=match, number=1) == source.next_deck(match=match, number=1)
    assert source.next_deck(match=match, number=1) != source.next_deck(match=match, number=2)
    assert source.next_deck(match=match, number=1) != source.next_deck(match=other, number=1)


def test_the_settings_refuse_a_test_deck_source_with_debug_off():
    env = {
        **os.environ,
        "DEBUG": "false",
        "SECRET_KEY": "x" * 60,
        "ALLOWED_HOSTS": "example.org",
        "TEST_DECK_SOURCE": seeded_decks.ENVIRONMENT_PATH,
        "DJANGO_SETTINGS_MODULE": "cribbage_site.settings",
    }
    completed = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=PROJECT_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert completed.returncode != 0
    assert "TEST_DECK_SOURCE is for test runs only" in completed.stderr
