"""Two actions at the same moment serialise on the match row: both apply, in some order.

PostgreSQL only: pytest's SQLite test database is in memory with a shared cache, where a
second writer fails at once ("database table is locked") instead of waiting as it does on the
site's SQLite file. The live-server tests cover SQLite files with real concurrent writers.
"""

from __future__ import annotations

import threading

import psycopg
import pytest
from django.db import OperationalError, connection, connections, transaction
from django.db.models import F

from games import engine, services
from games.models import Match, MatchEvent, Shuffle
from games.services.action_sql import match_lock
from games.services.recording import load_state
from tests.server.driving import protocol_action
from tests.support.services import require_postgres
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


@pytest.fixture(autouse=True)
def on_postgres():
    require_postgres()


def run_together(*calls) -> list:
    """Start every call at once in its own thread (its own database connection)."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(index, call):
        barrier.wait()
        try:
            results[index] = call()
        except Exception as error:  # reported by the assertion below
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


def test_both_players_discarding_together_both_apply_with_contiguous_numbers(match, alice, bob):
    state = load_state(match)
    discards = {seat: protocol_action(engine.legal_actions(state, seat)[0]) for seat in (0, 1)}
    results = run_together(
        lambda: services.action_apply(match_id=match.pk, user=alice, action=discards[0]),
        lambda: services.action_apply(match_id=match.pk, user=bob, action=discards[1]),
    )
    assert all(isinstance(result, services.ActionOutcome) for result in results), results
    match = Match.objects.get(pk=match.pk)
    assert load_state(match).phase == "play"
    seqs = list(
        MatchEvent.objects.filter(match=match).values_list("seq", flat=True).order_by("seq")
    )
    assert seqs == list(range(1, match.last_seq + 1))
    assert sorted(result.seq for result in results)[1] == match.last_seq


def test_one_action_id_sent_twice_at_the_same_moment_applies_once(match, alice):
    discard = protocol_action(engine.legal_actions(load_state(match), 0)[0])
    results = run_together(
        *[
            lambda: services.action_apply(
                match_id=match.pk, user=alice, action=discard, action_id="twice"
            )
            for _ in range(2)
        ]
    )
    assert all(isinstance(result, services.ActionOutcome) for result in results), results
    assert sorted(result.duplicate for result in results) == [False, True]
    assert results[0].seq == results[1].seq
    assert MatchEvent.objects.filter(match=match, type="discarded").count() == 1


def hold_the_match_then_commit(match_id: int, work, waiter) -> tuple:
    """Run ``work`` holding the match's row lock and commit only once ``waiter`` waits for it.

    Returns (what ``work`` returned, what ``waiter`` returned): the waiter's statement began
    before the commit, so under READ COMMITTED its subqueries see the database as it was then.
    """
    held = threading.Event()
    waiting = threading.Event()

    def holder():
        with transaction.atomic():
            Match.objects.select_for_update().get(pk=match_id)
            result = work()
            held.set()
            assert waiting.wait(20), "the other transaction never waited for the lock"
        return result

    def second():
        assert held.wait(20)
        return waiter()

    def watch_for_the_wait():
        assert held.wait(20)

        def someone_waits_for_a_lock() -> int:
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                    "AND datname = current_database()"
                )
                return cursor.fetchone()[0]

        wait_until(someone_waits_for_a_lock, timeout=20, message="a transaction waiting")
        waiting.set()

    first, then, _ = run_together(holder, second, watch_for_the_wait)
    return first, then


def test_a_resend_that_waited_for_the_lock_while_its_first_copy_committed_is_a_duplicate(
    match, alice
):
    """The locking read's duplicate check sees the database as it was before the wait.

    The first copy holds the match row until the resend is seen waiting for it, then commits;
    the resend must still be answered as a duplicate, not applied again (or refused by the
    rules as a second discard).
    """
    discard = protocol_action(engine.legal_actions(load_state(match), 0)[0])

    def send():
        return services.action_apply(
            match_id=match.pk, user=alice, action=discard, action_id="slow"
        )

    first, second = hold_the_match_then_commit(match.pk, send, send)
    assert isinstance(first, services.ActionOutcome), first
    assert second == services.ActionOutcome(action_id="slow", seq=first.seq, duplicate=True)
    assert MatchEvent.objects.filter(match=match, type="discarded").count() == 1


def test_a_lock_that_waited_while_a_deck_was_drawn_does_not_trust_its_shuffle_count(match):
    """The next deck's number comes with the lock; a count from before the wait could repeat one.

    The holder draws a deck (a shuffle row and an action, as any action that deals does); the
    locking read that waited must not report the count its snapshot saw.
    """
    drawn = Shuffle.objects.filter(match=match).count()
    deck = [str(card) for card in engine.cards.DECK]

    def draw_a_deck():
        Shuffle.objects.create(
            match=match, number=drawn + 1, purpose="deal", deck=deck, salt="00" * 32, commitment="c"
        )
        Match.objects.filter(pk=match.pk).update(action_count=F("action_count") + 1)

    def lock():
        with transaction.atomic():
            return match_lock(match_id=match.pk).shuffle_count

    _, count = hold_the_match_then_commit(match.pk, draw_a_deck, lock)
    assert count in (None, drawn + 1)
    with transaction.atomic():
        assert match_lock(match_id=match.pk).shuffle_count == drawn + 1


def drop_our_database_connection() -> int:
    """End this thread's PostgreSQL session from outside, as a database restart would."""
    connection.ensure_connection()
    backend = connection.connection.info.backend_pid
    settings = connection.settings_dict
    with psycopg.connect(
        host=settings["HOST"] or None,
        port=settings["PORT"] or None,
        user=settings["USER"] or None,
        password=settings["PASSWORD"] or None,
        dbname=settings["NAME"],
        autocommit=True,
    ) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [backend])
    return backend


def test_an_action_on_a_connection_the_database_dropped_is_retried_on_a_new_one(match, alice):
    """Kept connections are not health-checked before use (settings), so the service retries."""
    discard = protocol_action(engine.legal_actions(load_state(match), 0)[0])
    dropped = drop_our_database_connection()
    outcome = services.action_apply(
        match_id=match.pk, user=alice, action=discard, action_id="after-restart"
    )
    assert connection.connection.info.backend_pid != dropped
    assert outcome.duplicate is False
    assert MatchEvent.objects.get(match=match, seq=outcome.seq).type == "discarded"


def test_without_an_action_id_a_lost_connection_is_an_error_and_nothing_applies(match, alice):
    """Had the commit been cut off, a blind retry could apply the move twice."""
    discard = protocol_action(engine.legal_actions(load_state(match), 0)[0])
    drop_our_database_connection()
    with pytest.raises(OperationalError):
        services.action_apply(match_id=match.pk, user=alice, action=discard)
    connection.close()  # as Django does after a request whose connection failed
    assert Match.objects.get(pk=match.pk).action_count == match.action_count
