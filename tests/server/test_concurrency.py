"""Two actions at the same moment serialise on the match row: both apply, in some order.

PostgreSQL only: pytest's SQLite test database is in memory with a shared cache, where a
second writer fails at once ("database table is locked") instead of waiting as it does on the
site's SQLite file. The live-server tests cover SQLite files with real concurrent writers.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connections

from games import engine, services
from games.models import Match, MatchEvent
from games.services.recording import load_state
from tests.server.driving import protocol_action
from tests.support.services import require_postgres

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
