"""The hand-written statements of the action path write and read exactly what the ORM would."""

from __future__ import annotations

import random

from django.db import connection, transaction
from django.utils import timezone

from games import engine, services
from games.models import Match, MatchAction, MatchEvent, Shuffle
from games.services.action_sql import (
    CLOCK_CONTROL_FIELDS,
    MATCH_PROGRESS_FIELDS,
    match_lock,
    match_progress_save,
    progress_write,
    rows_insert,
    shuffles_reveal,
)
from games.services.recording import load_state
from tests.server.driving import protocol_action, random_move, users_by_seat


def test_inserted_events_read_back_through_the_orm_unchanged(match):
    public = {"card": "5H", "count": 15, "items": [{"kind": "fifteen", "points": 2}]}
    private = {"0": {"cards": ["AS", "2S"]}}
    before = timezone.now()
    rows = [
        MatchEvent(match=match, seq=900 + n, type="card_played", public=public, private=private)
        for n in range(3)
    ]
    rows_insert(model=MatchEvent, objects=rows)
    stored = list(MatchEvent.objects.filter(match=match, seq__gte=900).order_by("seq"))
    assert [(e.seq, e.type, e.public, e.private) for e in stored] == [
        (900 + n, "card_played", public, private) for n in range(3)
    ]
    assert all(event.created_at >= before for event in stored)


def test_an_inserted_action_is_found_again_by_its_client_id(match):
    action = MatchAction(
        match=match,
        number=500,
        seat=1,
        payload={"type": "play", "seat": 1, "card": "7C"},
        client_action_id="b-7",
        result_seq=321,
    )
    rows_insert(model=MatchAction, objects=[action])
    assert MatchAction.objects.get(match=match, number=500).payload == action.payload
    with transaction.atomic():
        assert match_lock(match_id=match.pk, action_id="b-7").earlier_results == {
            1: 321
        }  # seat 1's id only
        assert match_lock(match_id=match.pk, action_id="b-8").earlier_results == {}
        assert match_lock(match_id=match.pk, action_id=None).earlier_results == {}
        assert (
            match_lock(match_id=match.pk, action_id="").earlier_results == {}
        )  # the server's own actions


def test_one_progress_write_appends_the_log_and_saves_the_snapshot(match):
    """On PostgreSQL one statement; the rows read back through the ORM as they were made."""
    match.refresh_from_db()
    action = MatchAction(
        match=match, number=700, seat=0, payload={"type": "go", "seat": 0}, client_action_id="c-1"
    )
    events = [
        MatchEvent(match=match, seq=800 + n, type="go_said", public={"seat": 0}, private={})
        for n in range(2)
    ]
    match.state = {"phase": "play", "marker": [4]}
    match.last_seq = 801
    progress_write(match=match, actions=[action], events=events)
    assert MatchAction.objects.get(match=match, number=700).client_action_id == "c-1"
    assert list(
        MatchEvent.objects.filter(match=match, seq__gte=800).values_list("seq", "type")
    ) == [(800, "go_said"), (801, "go_said")]
    stored = Match.objects.get(pk=match.pk)
    assert (stored.state, stored.last_seq) == (match.state, 801)


def test_saving_progress_writes_every_progress_column_and_nothing_else(match):
    match.refresh_from_db()
    options_before = match.options_dict
    updated_before = match.updated_at
    match.state = {"phase": "match_over", "marker": [1, 2, 3]}
    match.match_scores = [1, 0]
    match.last_seq += 5
    match.action_count += 2
    match.status = Match.Status.FINISHED
    match.winner_seat = 0
    match.finish_reason = "won"
    match.finished_at = timezone.now()
    match.muggins = not match.muggins  # not a progress column: must not be written
    match_progress_save(match)

    stored = Match.objects.get(pk=match.pk)
    for name in MATCH_PROGRESS_FIELDS:
        if name != "updated_at":
            assert getattr(stored, name) == getattr(match, name), name
    assert stored.updated_at > updated_before
    assert stored.options_dict == options_before


def test_the_lock_reads_the_match_with_its_seats_in_order(match, alice, bob):
    with transaction.atomic():
        locked = match_lock(match_id=match.pk)
        locked_match, seats = locked.match, locked.seats
    assert locked_match.pk == match.pk
    assert locked_match.state == Match.objects.get(pk=match.pk).state
    assert [(seat.number, seat.user_id, seat.is_bot) for seat in seats] == [
        (0, alice.pk, False),
        (1, bob.pk, False),
    ]
    assert all(seat.match is locked_match for seat in seats)
    with transaction.atomic():
        assert match_lock(match_id=match.pk + 1000) is None


def test_the_lock_loads_only_the_columns_an_action_can_change_the_deck_source_and_clock(match):
    with transaction.atomic():
        locked_match = match_lock(match_id=match.pk).match
    loaded = {field.attname for field in Match._meta.concrete_fields} - set(
        locked_match.get_deferred_fields()
    )
    assert loaded == {"id", "deck_source", *CLOCK_CONTROL_FIELDS, *MATCH_PROGRESS_FIELDS}


def test_an_action_costs_a_fixed_handful_of_statements(
    match, alice, bob, django_assert_max_num_queries
):
    """Lock with duplicate check, then log rows and snapshot; plus the test's savepoint pair.

    A regression here (an ORM query or a deferred column read sneaking into the path every card
    takes) shows at once; docs/performance.md says what each statement costs.
    """
    people = {0: alice, 1: bob}
    state = load_state(Match.objects.get(pk=match.pk))
    seat, action = next(
        (seat, protocol_action(actions[0]))
        for seat in (0, 1)
        if (actions := engine.legal_actions(state, seat))
    )
    with django_assert_max_num_queries(4 if connection.vendor == "postgresql" else 6):
        services.action_apply(match_id=match.pk, user=people[seat], action=action, action_id="q-1")


def test_the_lock_reads_how_many_decks_the_match_has_drawn(match):
    drawn = Shuffle.objects.filter(match=match).count()
    assert drawn >= 1  # a started match has cut for deal and dealt
    with transaction.atomic():
        assert match_lock(match_id=match.pk).shuffle_count == drawn


def test_revealing_marks_the_stored_shuffles_and_reads_them_back_in_order(match):
    deck = [str(card) for card in engine.cards.DECK]
    for number in (7, 6):  # stored out of order on purpose
        Shuffle.objects.create(
            match=match, number=number, purpose="deal", deck=deck, salt="5a" * 32, commitment="c"
        )
    hidden_before = list(
        Shuffle.objects.filter(match=match, revealed=False).order_by("number").values()
    )
    revealed = shuffles_reveal(match.pk)
    assert [shuffle.number for shuffle in revealed] == [row["number"] for row in hidden_before]
    for shuffle, row in zip(revealed, hidden_before, strict=True):
        assert (shuffle.purpose, shuffle.commitment, shuffle.salt, shuffle.deck) == (
            row["purpose"],
            row["commitment"],
            row["salt"],
            row["deck"],
        )
    assert not Shuffle.objects.filter(match=match, revealed=False).exists()
    assert shuffles_reveal(match.pk) == []


def test_the_play_that_ends_a_hand_adds_one_statement_for_the_reveal(
    match, django_assert_max_num_queries
):
    """Ending a hand reveals its deck (one UPDATE ... RETURNING) and deals the next: the new
    shuffle row goes out with the log rows, and its number came with the lock."""
    rng = random.Random(4)
    users = users_by_seat(match)
    while True:
        state = load_state(Match.objects.get(pk=match.pk))
        if state.phase == "play" and sum(len(cards) for cards in state.held) == 1:
            break
        seat, action = random_move(match, rng)
        services.action_apply(match_id=match.pk, user=users[seat], action=action)
    seat, action = random_move(match, rng)
    drawn = Shuffle.objects.filter(match=match).count()
    with django_assert_max_num_queries(5 if connection.vendor == "postgresql" else 9):
        services.action_apply(match_id=match.pk, user=users[seat], action=action)
    assert Shuffle.objects.filter(match=match).count() == drawn + 1
    assert list(
        Shuffle.objects.filter(match=match, revealed=False).values_list("number", flat=True)
    ) == [drawn + 1]
    assert MatchEvent.objects.filter(match=match, type="hand_ended").exists()
    assert MatchEvent.objects.filter(match=match, type="shuffle_revealed").count() == drawn
