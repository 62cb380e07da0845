"""Provably fair shuffles: commitments before the deal, reveals after the hand, tampering caught."""

from __future__ import annotations

import random

import pytest
from django.core.management import call_command

from games import fairness, selectors, services
from games.models import MatchEvent, Shuffle
from tests.server.driving import play_random_match


def run_verify(*args: str) -> tuple[int, str]:
    from io import StringIO

    out = StringIO()
    try:
        call_command("verify_shuffle", *args, stdout=out)
    except SystemExit as exit_:
        return int(exit_.code), out.getvalue()
    return 0, out.getvalue()


@pytest.fixture
def finished_match(match):
    play_random_match(match, random.Random(11))
    return match


def test_every_committed_deck_is_revealed_and_hashes_to_its_commitment(finished_match):
    committed = {
        e.public["shuffle"]: e.public["commitment"]
        for e in MatchEvent.objects.filter(match=finished_match, type="shuffle_committed")
    }
    revealed = list(MatchEvent.objects.filter(match=finished_match, type="shuffle_revealed"))
    assert sorted(committed) == sorted(e.public["shuffle"] for e in revealed)
    for event in revealed:
        data = event.public
        assert data["commitment"] == committed[data["shuffle"]]
        assert fairness.verify_commitment(
            deck=data["deck"], salt=data["salt"], commitment=data["commitment"]
        )


def test_the_command_verifies_a_whole_match_against_its_log(finished_match):
    code, output = run_verify("--match", str(finished_match.pk))
    assert code == 0
    assert output.strip().endswith("OK")


def test_the_command_verifies_one_revealed_shuffle_and_catches_a_swapped_card(finished_match):
    data = MatchEvent.objects.filter(match=finished_match, type="shuffle_revealed").first().public
    deck = list(data["deck"])
    assert (
        run_verify(
            "--commitment", data["commitment"], "--salt", data["salt"], "--deck", " ".join(deck)
        )[0]
        == 0
    )
    deck[3], deck[20] = deck[20], deck[3]
    code, output = run_verify(
        "--commitment", data["commitment"], "--salt", data["salt"], "--deck", " ".join(deck)
    )
    assert code == 1
    assert "do not hash" in output


def test_a_deck_changed_after_the_commitment_is_detected(finished_match):
    shuffle = Shuffle.objects.filter(match=finished_match, purpose="deal").first()
    deck = list(shuffle.deck)
    deck[0], deck[1] = deck[1], deck[0]  # what a cheating server would deal instead
    shuffle.deck = deck
    shuffle.save()
    code, output = run_verify("--match", str(finished_match.pk))
    assert code == 1
    assert f"shuffle {shuffle.number}" in output


def test_a_deal_that_differs_from_the_committed_deck_is_detected(finished_match):
    event = MatchEvent.objects.filter(match=finished_match, type="hand_started").first()
    cards = event.private["0"]["cards"]
    commitment = (
        MatchEvent.objects.filter(match=finished_match, type="shuffle_committed", seq__lt=event.seq)
        .order_by("-seq")
        .first()
    )
    deck = Shuffle.objects.get(match=finished_match, number=commitment.public["shuffle"]).deck
    stranger = next(card for card in deck[20:] if card not in cards)
    event.private["0"]["cards"] = [stranger, *cards[1:]]
    event.save()
    code, output = run_verify("--match", str(finished_match.pk))
    assert code == 1
    assert "was not dealt the committed cards" in output


def test_a_wrong_salt_or_a_deck_that_is_not_52_cards_fails():
    deck = [str(c) for c in fairness.DECK]
    salt = fairness.new_salt()
    commitment = fairness.commitment_for(deck, salt)
    assert fairness.verify_commitment(deck=deck, salt=salt, commitment=commitment.upper())
    assert not fairness.verify_commitment(
        deck=deck, salt=fairness.new_salt(), commitment=commitment
    )
    assert not fairness.verify_commitment(
        deck=[*deck[:-1], deck[0]], salt=salt, commitment=commitment
    )
    assert fairness.deck_problem(deck[:51]) == "a deck has 52 cards, not 51"


def test_the_commitment_is_the_documented_sha256_text():
    import hashlib

    deck = [str(c) for c in fairness.DECK]
    salt = "ab" * 32
    text = "cribbage-shuffle-v1:" + " ".join(deck) + ":" + salt
    assert fairness.commitment_for(deck, salt) == hashlib.sha256(text.encode()).hexdigest()


def test_the_deal_follows_the_engine_order_pone_first_then_the_starter():
    deck = [str(c) for c in fairness.DECK]
    deal = fairness.deal_from_deck(deck, dealer=1, hand_size=6)
    assert deal.hands[0] == deck[0:12:2]
    assert deal.hands[1] == deck[1:12:2]
    assert deal.starter == deck[12]


def test_the_command_needs_a_match_or_a_full_commitment(db):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError):
        call_command("verify_shuffle", "--salt", "00")


def what_a_seat_saw(match, seat: int) -> dict[str, str]:
    """The first hand as ``seat`` saw it over the socket: the commitment before the deal, the
    reveal after it, its own dealt cards and role, and the starter."""
    events = [
        selectors.event_for_viewer(event=event, seat=seat) | {"seq": event.seq}
        for event in MatchEvent.objects.filter(match=match).order_by("seq")
    ]
    dealt_at = next(i for i, e in enumerate(events) if e["type"] == "hand_started")
    committed = next(
        e["data"] for e in reversed(events[:dealt_at]) if e["type"] == "shuffle_committed"
    )
    revealed = next(
        e["data"]
        for e in events[dealt_at:]
        if e["type"] == "shuffle_revealed" and e["data"]["shuffle"] == committed["shuffle"]
    )
    starter = next(e["data"]["card"] for e in events[dealt_at:] if e["type"] == "starter_cut")
    hand = events[dealt_at]["data"]
    return {
        "commitment": committed["commitment"],
        "salt": revealed["salt"],
        "deck": " ".join(revealed["deck"]),
        "role": "dealer" if hand["dealer"] == seat else "pone",
        "dealt": " ".join(hand["cards"]),
        "starter": starter,
    }


def claim_args(seen: dict[str, str], **changes: str) -> list[str]:
    return [part for key, value in {**seen, **changes}.items() for part in (f"--{key}", value)]


@pytest.mark.parametrize("variant", ["six", "five"])
def test_each_player_verifies_their_own_deal_and_starter_from_what_they_saw(alice, bob, variant):
    match = services.match_create(creator=alice, options={"variant": variant, "match_target": 1})
    match = services.match_join(match=match, user=bob)
    play_random_match(match, random.Random(3))
    for seat in (0, 1):
        seen = what_a_seat_saw(match, seat)
        code, output = run_verify(*claim_args(seen), "--variant", variant)
        assert code == 0, output
        assert output.splitlines() == [
            "the deck and salt hash to the commitment",
            f"the {seen['role']}'s {6 if variant == 'six' else 5} cards are the ones this deck deals",
            f"the starter {seen['starter']} is the one this deck cuts",
            "OK",
        ]


def test_a_player_verifies_the_cut_for_deal_and_a_wrong_cut_fails(finished_match):
    """The first deck of a match is drawn to cut for deal: its top two cards are the cuts."""
    events = [
        selectors.event_for_viewer(event=event, seat=0)
        for event in MatchEvent.objects.filter(match=finished_match).order_by("seq")
    ]
    committed = next(e["data"] for e in events if e["type"] == "shuffle_committed")
    assert committed["purpose"] == "cut_for_deal"
    cuts = next(e["data"]["cuts"] for e in events if e["type"] == "cut_for_deal")
    revealed = next(
        e["data"]
        for e in events
        if e["type"] == "shuffle_revealed" and e["data"]["shuffle"] == committed["shuffle"]
    )
    seen = {
        "commitment": committed["commitment"],
        "salt": revealed["salt"],
        "deck": " ".join(revealed["deck"]),
        "cuts": " ".join(cuts),
    }
    code, output = run_verify(*claim_args(seen))
    assert code == 0, output
    assert f"the cuts for deal {' '.join(cuts)} are this deck's top cards" in output

    code, output = run_verify(*claim_args(seen, cuts=" ".join(reversed(cuts))))
    assert code == 1
    assert f"FAIL: the cuts for deal were {' '.join(reversed(cuts))}" in output
    assert run_verify(*claim_args(seen, cuts=cuts[0]))[0] == 1


def test_a_player_may_type_cards_in_any_case_and_with_tens_as_10(finished_match):
    seen = what_a_seat_saw(finished_match, 0)
    relaxed = {
        "dealt": ", ".join(card.lower().replace("t", "10") for card in seen["dealt"].split()),
        "deck": seen["deck"].lower(),
    }
    assert run_verify(*claim_args(seen, **relaxed))[0] == 0


def test_a_tampered_deck_fails_before_the_deal_is_compared(finished_match):
    seen = what_a_seat_saw(finished_match, 0)
    deck = seen["deck"].split()
    deck[0], deck[1] = deck[1], deck[0]  # a deck that would deal the player other cards
    code, output = run_verify(*claim_args(seen, deck=" ".join(deck)))
    assert code == 1
    assert output.splitlines() == ["FAIL: the deck and salt do not hash to this commitment"]


def test_dealt_cards_or_a_starter_the_committed_deck_does_not_give_fail(finished_match):
    seen = what_a_seat_saw(finished_match, 0)
    deck = seen["deck"].split()
    dealt = seen["dealt"].split()
    stranger = next(card for card in deck[13:] if card != seen["starter"])
    swapped = " ".join([stranger, *dealt[1:]])
    code, output = run_verify(*claim_args(seen, dealt=swapped))
    assert code == 1
    assert f"FAIL: the {seen['role']} was dealt {swapped}, but the committed deck deals" in output

    other_role = "pone" if seen["role"] == "dealer" else "dealer"
    assert run_verify(*claim_args(seen, role=other_role))[0] == 1

    code, output = run_verify(*claim_args(seen, starter=stranger))
    assert code == 1
    assert f"FAIL: the starter was {stranger}, but the committed deck cuts {seen['starter']}" in (
        output
    )

    code, output = run_verify(*claim_args(seen), "--variant", "five")
    assert code == 1
    assert "6 cards listed as dealt, but a hand is 5 cards" in output


def test_dealt_cards_need_the_players_role(finished_match):
    from django.core.management.base import CommandError

    seen = what_a_seat_saw(finished_match, 0)
    del seen["role"]
    with pytest.raises(CommandError, match="--role"):
        call_command("verify_shuffle", *claim_args(seen))
