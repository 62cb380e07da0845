"""A computer opponent seated in a normal match acts through the same services as a person."""

from __future__ import annotations

import random

import pytest

from games import engine, services
from games.models import Match, MatchAction, MatchEvent
from games.services.recording import load_state
from tests.server.driving import protocol_action, random_move

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_a_person_plays_a_whole_match_against_the_computer(alice, level):
    match = services.match_create(creator=alice, options={"match_target": 1})
    services.match_seat_bot(match=match, level=level)
    rng = random.Random(3)
    for _ in range(2000):
        move = random_move(match, rng)
        if move is None:
            break
        seat, action = move
        assert seat == 0, "the bot's seat was left waiting"
        services.action_apply(match_id=match.pk, user=alice, action=action)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    bot_moves = MatchAction.objects.filter(match=match, seat=1)
    assert bot_moves.exists()
    assert all(move.client_action_id.startswith("bot-") for move in bot_moves)


def alice_moves_honestly_until_she_under_claims_her_crib(match, alice, rng) -> int | None:
    """Alice claims every count truly but her first crib worth something, which she calls 0.

    Returns the last sequence number that claim's transaction wrote, or None if the game ended
    first.
    """
    for _ in range(2000):
        state = load_state(Match.objects.get(pk=match.pk))
        if state.phase == "match_over":
            return None
        assert 0 in engine.seats_to_act(state), "the bot's seat was left waiting"
        pending = state.pending
        if pending is not None and pending.seat == 0:
            points = pending.actual
            under_claim = pending.subject == "crib" and pending.actual > 0
            outcome = services.action_apply(
                match_id=match.pk,
                user=alice,
                action={"type": "claim", "points": 0 if under_claim else points},
            )
            if under_claim:
                return outcome.seq
            continue
        moves = [
            move for move in engine.legal_actions(state, 0) if not isinstance(move, engine.Muggins)
        ]
        services.action_apply(
            match_id=match.pk, user=alice, action=protocol_action(rng.choice(moves))
        )
    raise AssertionError("the match did not end")


def test_the_hard_bot_calls_muggins_on_a_crib_under_claimed_before_the_next_deal(alice):
    options = {"scoring": "manual", "muggins": True, "match_target": 1, "variant": "five"}
    rng = random.Random(11)
    for _attempt in range(10):
        match = services.match_create(creator=alice, options=options)
        services.match_seat_bot(match=match, level="hard")
        claim_seq = alice_moves_honestly_until_she_under_claims_her_crib(match, alice, rng)
        if claim_seq is not None:
            break
    else:
        pytest.fail("alice never had a crib worth anything to under-claim")
    claim = (
        MatchEvent.objects.filter(match=match, type="claim_made", seq__lte=claim_seq)
        .order_by("seq")
        .last()
    )
    assert (claim.public["seat"], claim.public["subject"], claim.public["claimed"]) == (
        0,
        "crib",
        0,
    )
    claim_seq = claim.seq
    after = list(MatchEvent.objects.filter(match=match, seq__gt=claim_seq).order_by("seq"))
    types = [event.type for event in after]
    # The server dealt the next hand in the same transaction as the claim, then the bot acted.
    assert types.index("hand_started") < types.index("muggins_called")
    called = next(event for event in after if event.type == "muggins_called")
    revealed = next(event for event in after if event.type == "score_revealed")
    assert called.public["seat"] == 1
    assert called.public["points"] == revealed.public["actual"] > 0
    assert revealed.public["claimed"] == 0 and revealed.public["subject"] == "crib"


def test_a_computer_match_starts_at_once_and_a_bad_level_leaves_no_match_behind(alice):
    match = services.computer_match_create(creator=alice, options={"match_target": 1}, level="hard")
    assert match.status == Match.Status.ACTIVE
    assert MatchAction.objects.filter(match=match, seat=1).exists()  # the bot has discarded
    with pytest.raises(services.ServiceError) as error:
        services.computer_match_create(creator=alice, options={}, level="grandmaster")
    assert error.value.code == "bad_level"
    assert Match.objects.count() == 1
