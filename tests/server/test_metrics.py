"""/metrics: closed to the public, and each figure moves when the thing it counts happens.

Values are read from the exposition the endpoint serves (parsed with prometheus_client's own
parser), before and after: the counters are per process, so other tests may have moved them.
"""

from __future__ import annotations

import json
import re
from datetime import timedelta
from pathlib import Path

import pytest
from channels.db import database_sync_to_async
from django.db import connection
from django.test import Client
from django.utils import timezone
from django_tasks_db.models import DBTaskResult, get_date_max
from prometheus_client.parser import text_string_to_metric_families

from cribbage_site.metrics import POOL_FIGURES
from cribbage_site.worker_lease import worker_heartbeat_beat
from games import engine, services
from games.models import Match
from games.services.recording import load_state
from kernel.sending import group_send_until_delivered
from tests.server.driving import protocol_action
from tests.server.sockets import connect_and_hello

PROJECT_DIR = Path(__file__).resolve().parents[2]
DASHBOARD = PROJECT_DIR / "docs" / "grafana-dashboard.json"
TOKEN = "a-scrape-token-for-this-test"

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def no_token(settings):
    settings.METRICS_TOKEN = ""


def scrape(**headers) -> dict[tuple[str, tuple], float]:
    """Every sample /metrics serves now: (name, sorted labels) -> value."""
    response = Client().get("/metrics", **headers)
    assert response.status_code == 200, response.status_code
    assert response["Content-Type"].startswith("text/plain")
    samples = {}
    for family in text_string_to_metric_families(response.content.decode()):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


def value(samples, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_strangers_and_forwarded_requests_get_a_404():
    public = Client().get("/metrics", REMOTE_ADDR="198.51.100.4")
    assert public.status_code == 404 and b"cribbage_" not in public.content
    forwarded = Client().get("/metrics", HTTP_X_FORWARDED_FOR="198.51.100.4")
    assert forwarded.status_code == 404


def test_with_a_token_only_its_bearer_reads_them_from_anywhere(settings):
    settings.METRICS_TOKEN = TOKEN
    assert Client().get("/metrics").status_code == 404
    assert Client().get("/metrics", HTTP_AUTHORIZATION="Bearer nope").status_code == 404
    samples = scrape(HTTP_AUTHORIZATION=f"Bearer {TOKEN}", REMOTE_ADDR="198.51.100.4")
    assert ("cribbage_workers_alive", ()) in samples


def test_an_action_is_counted_and_timed_to_its_commit_and_its_send(
    match, alice, django_capture_on_commit_callbacks
):
    before = scrape()
    action = protocol_action(engine.legal_actions(load_state(match), 0)[0])
    with django_capture_on_commit_callbacks(execute=True):
        services.action_apply(match_id=match.pk, user=alice, action=action, action_id="a1")
    with django_capture_on_commit_callbacks(execute=True):  # the resend
        services.action_apply(match_id=match.pk, user=alice, action=action, action_id="a1")
    with pytest.raises(services.ServiceError):
        services.action_apply(match_id=match.pk, user=alice, action={"type": "nonsense"})
    after = scrape()

    def moved(name, **labels):
        return value(after, name, **labels) - value(before, name, **labels)

    assert moved("cribbage_actions_total", outcome="applied") == 1
    assert moved("cribbage_actions_total", outcome="duplicate") == 1
    assert moved("cribbage_actions_total", outcome="refused") == 1
    assert moved("cribbage_action_latency_seconds_count", stage="committed") == 1
    # One send timed per action, though its commit may broadcast to several groups.
    assert moved("cribbage_action_latency_seconds_count", stage="sent") == 1
    assert moved("cribbage_action_latency_seconds_sum", stage="sent") >= moved(
        "cribbage_action_latency_seconds_sum", stage="committed"
    )


async def test_open_sockets_are_counted_by_kind_while_open(match, alice, bob):
    def sockets():
        return value(scrape(), "cribbage_open_sockets", kind="match")

    before = await database_sync_to_async(sockets)()
    alice_socket, _ = await connect_and_hello(match.pk, alice)
    bob_socket, _ = await connect_and_hello(match.pk, bob)
    assert await database_sync_to_async(sockets)() == before + 2
    await alice_socket.close()
    await bob_socket.close()
    assert await database_sync_to_async(sockets)() == before


def test_active_matches_are_counted_by_kind(match, alice):
    samples = scrape()
    assert value(samples, "cribbage_active_matches", players="2", rated="false", computer="false")
    assert (
        value(samples, "cribbage_active_matches", players="2", rated="false", computer="false")
        == Match.objects.filter(status=Match.Status.ACTIVE).count()
    )
    services.match_resign(match_id=match.pk, user=alice)
    assert not value(
        scrape(), "cribbage_active_matches", players="2", rated="false", computer="false"
    )


def test_the_task_queue_and_the_workers_check_ins_are_read_at_scrape_time():
    DBTaskResult.objects.create(
        task_path="games.tasks.bot_turn",
        args_kwargs={"args": [], "kwargs": {}},
        backend_name="default",
        run_after=get_date_max(),
    )
    DBTaskResult.objects.update(enqueued_at=timezone.now() - timedelta(seconds=45))
    worker_heartbeat_beat(worker_id="w1", started_at=timezone.now())
    samples = scrape()
    assert value(samples, "cribbage_task_queue_depth", state="due") == 1
    assert 45 <= value(samples, "cribbage_task_queue_oldest_due_seconds") < 120
    assert value(samples, "cribbage_workers_alive") == 1
    assert value(samples, "cribbage_worker_last_checkin_age_seconds") < 30


def test_a_task_run_by_the_worker_is_timed_by_its_path(match, alice):
    from tests.support.tasks import tasks_run_due

    name = "cribbage_task_run_seconds_count"
    labels = {"task": "games.tasks.clock_check", "outcome": "successful"}
    before = value(scrape(), name, **labels)
    from games.tasks import clock_check

    clock_check.enqueue(match_id=match.pk, seq=match.last_seq)
    tasks_run_due()
    assert value(scrape(), name, **labels) == before + 1


async def test_a_send_the_layer_refuses_is_counted_as_a_retry():
    class FlakyLayer:
        refusals = 2

        async def group_send(self, group, message):
            if self.refusals:
                self.refusals -= 1
                raise ConnectionError("redis went away")

    async def no_wait(seconds):
        return None

    before = value(await database_sync_to_async(scrape)(), "cribbage_broadcast_retries_total")
    delivered = await group_send_until_delivered(
        FlakyLayer(), "g", {"type": "x"}, retry_for=60, sleep=no_wait
    )
    assert delivered
    after = value(await database_sync_to_async(scrape)(), "cribbage_broadcast_retries_total")
    assert after == before + 2


def test_the_database_pool_is_reported_when_there_is_one():
    samples = scrape()
    pool = getattr(connection, "pool", None) if connection.vendor == "postgresql" else None
    assert value(samples, "cribbage_database_pool_enabled") == (1 if pool else 0)
    if pool is not None:
        assert value(samples, "cribbage_database_pool_requests_num") >= 1
        assert ("cribbage_database_pool_requests_errors", ()) in samples


SERIES_OF = {
    "counter": ("_total",),
    "histogram": ("_bucket", "_count", "_sum"),
    "gauge": ("",),
}


def exposed_names() -> set[str]:
    """Every series name /metrics can serve: each family's, even one with no sample yet (a
    task that never ran in this process), derived as Prometheus names them."""
    response = Client().get("/metrics")
    names = set()
    for family in text_string_to_metric_families(response.content.decode()):
        names |= {family.name + suffix for suffix in SERIES_OF.get(family.type, ("",))}
        names |= {sample.name for sample in family.samples}
    return names


# The names a PromQL expression may use that are not metric names.
PROMQL_WORDS = {
    "rate", "irate", "increase", "sum", "by", "max", "min", "avg", "histogram_quantile",
    "le", "without", "on", "ignoring", "count", "topk", "clamp_min", "instance", "job",
}  # fmt: skip


def test_every_metric_the_dashboard_queries_is_exposed():
    dashboard = json.loads(DASHBOARD.read_text())
    expressions = [
        target["expr"] for panel in dashboard["panels"] for target in panel.get("targets", [])
    ]
    assert len(expressions) >= 8
    worker_heartbeat_beat(worker_id="w1", started_at=timezone.now())  # its age is then served
    exposed = exposed_names()
    if "cribbage_database_pool_pool_size" not in exposed:
        # SQLite: no pool, and the collector says so (cribbage_database_pool_enabled 0) instead
        # of serving its figures; on PostgreSQL they are compared with what is served.
        assert value(scrape(), "cribbage_database_pool_enabled") == 0
        exposed |= {f"cribbage_database_pool_{name}" for name in POOL_FIGURES}
    used = set()
    for expression in expressions:
        without_labels = re.sub(
            r"\{[^}]*\}|\[[^\]]*\]|\"[^\"]*\"|\b(?:by|without)\s*\([^)]*\)", "", expression
        )
        used |= set(re.findall(r"[a-zA-Z_:][a-zA-Z0-9_:]*", without_labels)) - PROMQL_WORDS
    missing = used - exposed
    assert not missing, f"the dashboard queries metrics /metrics does not expose: {missing}"
    assert {name for name in used if name.startswith("cribbage_")} >= {
        "cribbage_actions_total",
        "cribbage_action_latency_seconds_bucket",
        "cribbage_open_sockets",
        "cribbage_active_matches",
        "cribbage_broadcast_retries_total",
        "cribbage_task_queue_depth",
        "cribbage_task_queue_oldest_due_seconds",
        "cribbage_task_run_seconds_bucket",
        "cribbage_worker_checkins_total",
        "cribbage_workers_alive",
        "cribbage_database_pool_enabled",
    }
