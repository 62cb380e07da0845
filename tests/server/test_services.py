"""The service layer: creating, joining and playing matches, one locked transaction per action."""

from __future__ import annotations

import random

import pytest
from django.db import transaction

from games import engine, rules, services
from games.models import Game, Match, MatchAction, MatchEvent, Shuffle
from games.services.recording import load_state
from tests.server.driving import play_random_match, protocol_action, users_by_seat


def event_types(match: Match) -> list[str]:
    return list(
        MatchEvent.objects.filter(match=match).order_by("seq").values_list("type", flat=True)
    )


def snapshot(match: Match) -> tuple:
    match.refresh_from_db()
    return (
        match.state,
        match.last_seq,
        match.action_count,
        MatchEvent.objects.filter(match=match).count(),
        MatchAction.objects.filter(match=match).count(),
    )


def a_card_not_in_hand(match: Match, seat: int) -> str:
    state = load_state(match)
    held = {str(card) for card in state.held[seat]}
    return next(str(card) for card in engine.full_deck() if str(card) not in held)


def test_a_new_match_waits_for_an_opponent_with_the_creator_in_seat_zero(waiting_match, alice):
    assert waiting_match.status == Match.Status.WAITING
    seats = list(waiting_match.seats.order_by("number"))
    assert [seat.user for seat in seats] == [alice, None]
    assert waiting_match.last_seq == 0
    assert load_state(waiting_match).phase == "cut_for_deal"


def test_it_refuses_options_that_do_not_describe_a_match(alice):
    with pytest.raises(services.ServiceError) as refused:
        services.match_create(creator=alice, options={"variant": "seven"})
    assert refused.value.code == "bad_options"
    with pytest.raises(services.ServiceError) as refused:
        services.match_create(creator=alice, options={"muggins": True})
    assert refused.value.code == "bad_options"
    for options in ({"players": 5}, {"players": 3, "variant": "five"}):
        with pytest.raises(services.ServiceError) as refused:
            services.match_create(creator=alice, options=options)
        assert refused.value.code == "bad_options"
    assert Match.objects.count() == 0


def test_joining_starts_the_match_with_a_commitment_before_each_deck_is_used(match):
    types = event_types(match)
    assert types[:3] == ["player_joined", "match_started", "shuffle_committed"]
    assert types[-2:] == ["shuffle_committed", "hand_started"]
    # Every engine shuffle was announced by a commitment just before it.
    assert types.count("shuffle_committed") == Shuffle.objects.filter(match=match).count()
    assert match.status == Match.Status.ACTIVE
    assert load_state(match).phase == "discard"


def test_nobody_can_join_a_full_match_or_their_own_match_twice(waiting_match, alice, bob, carol):
    with pytest.raises(services.ServiceError) as refused:
        services.match_join(match=waiting_match, user=alice)
    assert refused.value.code == "already_seated"
    services.match_join(match=waiting_match, user=bob)
    before = snapshot(waiting_match)
    with pytest.raises(services.ServiceError) as refused:
        services.match_join(match=waiting_match, user=carol)
    assert refused.value.code == "match_full"
    assert snapshot(waiting_match) == before


def test_it_rejects_a_card_not_in_hand_and_changes_nothing(match, alice):
    before = snapshot(match)
    with pytest.raises(services.ServiceError) as refused:
        services.action_apply(
            match_id=match.pk,
            user=alice,
            action={
                "type": "discard",
                "cards": [a_card_not_in_hand(match, 0), a_card_not_in_hand(match, 0)],
            },
        )
    assert refused.value.code in {"card_not_in_hand", "bad_discard"}
    assert snapshot(match) == before


def test_it_rejects_a_move_in_the_wrong_phase_and_changes_nothing(match, alice):
    before = snapshot(match)
    card = str(load_state(match).held[0][0])
    with pytest.raises(services.ServiceError) as refused:
        services.action_apply(match_id=match.pk, user=alice, action={"type": "play", "card": card})
    assert refused.value.code == "wrong_phase"
    assert snapshot(match) == before


def test_a_spectator_cannot_act(match, carol):
    before = snapshot(match)
    with pytest.raises(services.ServiceError) as refused:
        services.action_apply(match_id=match.pk, user=carol, action={"type": "resign"})
    assert refused.value.code == "not_seated"
    assert snapshot(match) == before


def test_nobody_can_act_before_the_opponent_arrives(waiting_match, alice):
    with pytest.raises(services.ServiceError) as refused:
        services.action_apply(match_id=waiting_match.pk, user=alice, action={"type": "resign"})
    assert refused.value.code == "match_not_started"


def test_the_same_action_id_applies_once(match, alice):
    state = load_state(match)
    discard = protocol_action(engine.legal_actions(state, 0)[0])
    first = services.action_apply(match_id=match.pk, user=alice, action=discard, action_id="a-1")
    after_first = snapshot(match)
    again = services.action_apply(match_id=match.pk, user=alice, action=discard, action_id="a-1")
    assert first.duplicate is False
    assert again.duplicate is True
    assert again.seq == first.seq
    assert snapshot(match) == after_first


def test_the_same_action_id_from_the_other_seat_is_a_different_action(match, alice, bob):
    state = load_state(match)
    services.action_apply(
        match_id=match.pk,
        user=alice,
        action=protocol_action(engine.legal_actions(state, 0)[0]),
        action_id="x",
    )
    outcome = services.action_apply(
        match_id=match.pk,
        user=bob,
        action=protocol_action(engine.legal_actions(state, 1)[0]),
        action_id="x",
    )
    assert outcome.duplicate is False
    match.refresh_from_db()
    assert load_state(match).phase == "play"


def test_resigning_gives_the_opponent_the_match_and_reveals_the_deck_in_use(match, alice):
    services.match_resign(match_id=match.pk, user=alice)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.winner_seat == 1
    assert match.finish_reason == "resigned"
    assert event_types(match)[-2:] == ["match_ended", "shuffle_revealed"]
    assert not Shuffle.objects.filter(match=match, revealed=False).exists()
    with pytest.raises(services.ServiceError) as refused:
        services.match_resign(match_id=match.pk, user=alice)
    assert refused.value.code == "match_over"


@pytest.mark.parametrize(
    "options",
    [
        {"match_target": 1},
        {"variant": "five", "match_target": 2},
        {"scoring": "manual", "muggins": True, "match_target": 1},
    ],
)
def test_a_random_match_plays_to_the_end_with_a_gap_free_log_that_rebuilds_the_snapshot(
    alice, bob, options
):
    match = services.match_create(creator=alice, options=options)
    services.match_join(match=match, user=bob)
    play_random_match(match, random.Random(7))
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    seqs = list(
        MatchEvent.objects.filter(match=match).order_by("seq").values_list("seq", flat=True)
    )
    assert seqs == list(range(1, match.last_seq + 1))
    numbers = list(
        MatchAction.objects.filter(match=match).order_by("number").values_list("number", flat=True)
    )
    assert numbers == list(range(1, match.action_count + 1))
    rebuilt, events = rules.match_replay(match=match)  # under the rules it was created with
    assert rebuilt.to_dict() == match.state
    engine_types = [event.type for event in events]
    logged = [
        t
        for t in event_types(match)
        if t not in {"player_joined", "shuffle_committed", "shuffle_revealed"}
    ]
    assert logged == ["match_started", *engine_types]
    games = list(Game.objects.filter(match=match))
    assert (
        sum(game.match_points for game in games if game.winner_seat == match.winner_seat)
        >= match.match_target
    )
    assert not Shuffle.objects.filter(match=match, revealed=False).exists()


def test_events_are_broadcast_only_after_the_transaction_commits(
    match, alice, monkeypatch, django_capture_on_commit_callbacks
):
    sent: list[tuple[int, dict]] = []
    monkeypatch.setattr(
        "kernel.sending.group_send_reliably",
        lambda group, message: sent.append((int(group.removeprefix("match-")), message)),
    )
    discard = protocol_action(engine.legal_actions(load_state(match), 0)[0])

    class Abandon(Exception):
        pass

    last_seq = match.last_seq
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(Abandon),
        transaction.atomic(),
    ):
        services.action_apply(match_id=match.pk, user=alice, action=discard)
        assert sent == []  # written, but not committed yet: nothing sent
        raise Abandon
    assert callbacks == []
    assert sent == []
    assert snapshot(match)[1] == last_seq

    with django_capture_on_commit_callbacks(execute=True):
        outcome = services.action_apply(match_id=match.pk, user=alice, action=discard)
        assert sent == []
    assert len(sent) == 1
    match_id, message = sent[0]
    assert match_id == match.pk
    assert [seq for seq, _ in message["frames"]["0"]] == [outcome.seq]


def test_users_by_seat_matches_who_joined(match, alice, bob):
    assert users_by_seat(match) == {0: alice, 1: bob}
