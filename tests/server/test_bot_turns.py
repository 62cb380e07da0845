"""The computer's turn is a durable task: queued with the change that makes it due, run by a
worker, applied once however often it runs. Real processes killed while the bot pauses are in
tests/server/test_durable_timers.py."""

from __future__ import annotations

import ast
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from django.db import connections, transaction
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from games import engine, services, tasks
from games.models import Match, MatchAction
from tests.server.driving import protocol_action
from tests.support.servers import PROJECT_DIR
from tests.support.services import require_postgres
from tests.support.tasks import tasks_run_due, tasks_waiting

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def bot_pauses(settings):
    """A long pause, so the turn stays queued until the test runs it."""
    settings.BOT_DELAY_SECONDS = 60


def bot_moves(match: Match) -> list[str]:
    return list(
        MatchAction.objects.filter(match=match, seat=1).values_list("client_action_id", flat=True)
    )


def later() -> timezone.datetime:
    return timezone.now() + timedelta(seconds=61)


def test_the_bots_turn_is_queued_with_the_commit_that_makes_it_due(alice, bot_pauses):
    match = services.computer_match_create(creator=alice, options={"match_target": 1}, level="easy")
    (turn,) = tasks_waiting("games.tasks.bot_turn")
    assert turn.args_kwargs["kwargs"] == {
        "match_id": match.pk,
        "seat": 1,
        "level": "easy",
        "seq": match.last_seq,
    }
    assert turn.run_after > timezone.now() + timedelta(seconds=50)
    assert bot_moves(match) == []  # not before its time

    assert tasks_run_due(now=later()) == 1
    assert bot_moves(match) == [f"bot-{match.last_seq}"]


def test_a_rolled_back_change_queues_no_turn(alice, bot_pauses):
    with pytest.raises(RuntimeError), transaction.atomic():
        services.computer_match_create(creator=alice, options={"match_target": 1}, level="easy")
        assert len(tasks_waiting("games.tasks.bot_turn")) == 1
        raise RuntimeError("the request failed after the match was made")
    assert not Match.objects.exists()
    assert not DBTaskResult.objects.exists()


def test_the_same_turn_run_twice_moves_once(alice, bot_pauses):
    match = services.computer_match_create(creator=alice, options={"match_target": 1}, level="hard")
    (turn,) = tasks_waiting("games.tasks.bot_turn")
    # A second copy, as a sweep after a crash (or a second worker) would give.
    with transaction.atomic():
        tasks.bot_turn.using(run_after=turn.run_after).enqueue(**turn.args_kwargs["kwargs"])
    assert tasks_run_due(now=later()) == 2
    assert bot_moves(match) == [f"bot-{match.last_seq}"]
    assert tasks.bot_turn.call(**turn.args_kwargs["kwargs"]) is False  # and a third: nothing
    assert bot_moves(match) == [f"bot-{match.last_seq}"]


def test_a_turn_the_match_has_moved_past_does_nothing_and_the_newer_one_plays(alice, bot_pauses):
    match = services.computer_match_create(creator=alice, options={"match_target": 1}, level="easy")
    (stale,) = tasks_waiting("games.tasks.bot_turn")
    state = engine.MatchState.from_dict(match.state)
    alices_discard = engine.legal_actions(state, 0)[0]
    services.action_apply(match_id=match.pk, user=alice, action=protocol_action(alices_discard))
    match.refresh_from_db()
    fresh = [t for t in tasks_waiting("games.tasks.bot_turn") if t.pk != stale.pk]
    assert [t.args_kwargs["kwargs"]["seq"] for t in fresh] == [match.last_seq]

    assert tasks.bot_turn.call(**stale.args_kwargs["kwargs"]) is False
    assert bot_moves(match) == []
    tasks_run_due(now=later(), ids=[fresh[0].pk])
    assert bot_moves(match) == [f"bot-{match.last_seq}"]


def test_no_turn_is_queued_for_a_match_between_people(alice, bob):
    match = services.match_create(creator=alice, options={"match_target": 1})
    services.match_join(match=match, user=bob)
    assert tasks_waiting("games.tasks.bot_turn") == []


@pytest.mark.postgres
def test_two_workers_running_the_same_turn_at_once_move_once(alice, bot_pauses):
    # Threads writing at once need a real server: SQLite's shared in-memory test database
    # refuses instead of waiting. Each worker process claims a task under a row lock too.
    require_postgres()
    match = services.computer_match_create(creator=alice, options={"match_target": 1}, level="easy")
    (turn,) = tasks_waiting("games.tasks.bot_turn")
    start = threading.Barrier(2)

    def worker() -> bool:
        start.wait()
        try:
            return tasks.bot_turn.call(**turn.args_kwargs["kwargs"])
        finally:
            connections.close_all()

    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(lambda _: worker(), range(2)))
    assert sorted(results) == [False, True]
    assert bot_moves(match) == [f"bot-{match.last_seq}"]


def test_the_action_service_does_not_import_the_bots_turns():
    # The cycle actions <-> bots is gone: actions queue a task (timers), bots play through actions.
    source = (PROJECT_DIR / "games" / "services" / "actions.py").read_text()
    imported = {
        node.module
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom) and node.module
    } | {
        f"{node.module}.{alias.name}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom) and node.module
        for alias in node.names
    }
    assert not any("games.services.bots" in name for name in imported)
    assert "games.services.timers" in imported
