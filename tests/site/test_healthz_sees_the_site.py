"""/healthz sees the whole site: a dead worker or a late task queue is a 503 that says which in
one word, and the figures behind it are only for operators (/healthz?deep, as /metrics)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from django_tasks_db.models import DBTaskResult, get_date_max

from cribbage_site.worker_lease import worker_heartbeat_beat

PUBLIC = {"REMOTE_ADDR": "203.0.113.9"}
TOKEN = "a-scrape-token-for-this-test"

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_health_check(settings):
    from cribbage_site import health

    settings.HEALTHZ_REQUIRE_WORKER = True
    settings.HEALTHZ_QUEUE_LATE_SECONDS = 60
    settings.METRICS_TOKEN = ""
    health.forget_last_result()
    yield
    health.forget_last_result()


@pytest.fixture
def a_live_worker():
    worker_heartbeat_beat(worker_id="live-worker", started_at=timezone.now())


def a_task_due(*, seconds_ago: float, run_after_given: bool = False) -> DBTaskResult:
    """A queued task that fell due ``seconds_ago`` (by its run_after, or since it was queued)."""
    due_at = timezone.now() - timedelta(seconds=seconds_ago)
    row = DBTaskResult.objects.create(
        task_path="games.tasks.bot_turn",
        args_kwargs={"args": [], "kwargs": {"match_id": 1}},
        backend_name="default",
        run_after=due_at if run_after_given else get_date_max(),
    )
    if not run_after_given:
        DBTaskResult.objects.filter(pk=row.pk).update(enqueued_at=due_at)
    return row


def test_the_public_answer_is_the_status_and_nothing_more(client, a_live_worker):
    response = client.get("/healthz", **PUBLIC)
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "failing": []}


def test_no_worker_checked_in_is_a_503_saying_worker(client):
    response = client.get("/healthz", **PUBLIC)
    assert response.status_code == 503
    assert response.json() == {"status": "unavailable", "failing": ["worker"]}


def test_a_due_task_late_beyond_the_threshold_is_a_503_saying_queue(client, a_live_worker):
    a_task_due(seconds_ago=30)
    assert client.get("/healthz", **PUBLIC).status_code == 200

    a_task_due(seconds_ago=90, run_after_given=True)
    from cribbage_site import health

    health.forget_last_result()
    response = client.get("/healthz", **PUBLIC)
    assert response.status_code == 503
    assert response.json() == {"status": "unavailable", "failing": ["queue"]}


def test_a_task_scheduled_for_later_is_never_late(client, a_live_worker):
    DBTaskResult.objects.create(
        task_path="games.tasks.bot_turn",
        args_kwargs={"args": [], "kwargs": {}},
        backend_name="default",
        run_after=timezone.now() + timedelta(hours=1),
    )
    DBTaskResult.objects.update(enqueued_at=timezone.now() - timedelta(hours=2))
    response = client.get("/healthz?deep")
    assert response.status_code == 200
    queue = response.json()["queue"]
    assert queue["due"] == 0 and queue["scheduled"] == 1 and queue["oldest_due_seconds"] == 0


def test_the_threshold_zero_turns_the_queue_check_off(client, settings, a_live_worker):
    settings.HEALTHZ_QUEUE_LATE_SECONDS = 0
    a_task_due(seconds_ago=3600)
    assert client.get("/healthz", **PUBLIC).status_code == 200


def test_both_failing_name_both(client):
    a_task_due(seconds_ago=600)
    response = client.get("/healthz", **PUBLIC)
    assert response.status_code == 503
    assert response.json()["failing"] == ["worker", "queue"]


def test_the_deep_answer_gives_the_figures_to_an_operator(client):
    a_task_due(seconds_ago=600)
    a_task_due(seconds_ago=5)
    body = client.get("/healthz?deep").json()  # the test client: 127.0.0.1, unforwarded
    assert body["failing"] == ["worker", "queue"]
    assert body["queue"]["ok"] is False
    assert body["queue"]["due"] == 2
    assert body["queue"]["late_after_seconds"] == 60
    assert 590 <= body["queue"]["oldest_due_seconds"] <= 700
    assert body["worker"]["alive"] == 0


@pytest.mark.parametrize(
    "headers",
    [
        PUBLIC,
        # A proxy on the same host connects from loopback, but says whom it forwards.
        {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "203.0.113.9"},
        {"REMOTE_ADDR": "127.0.0.1", "HTTP_FORWARDED": "for=203.0.113.9"},
    ],
    ids=["a-stranger", "forwarded-by-a-proxy", "forwarded-header"],
)
def test_the_deep_answer_is_a_404_to_the_public(client, headers):
    a_task_due(seconds_ago=600)
    response = client.get("/healthz?deep", **headers)
    assert response.status_code == 404
    assert b"queue" not in response.content and b"600" not in response.content


def test_with_a_token_set_only_the_bearer_of_it_reads_the_figures(client, settings):
    settings.METRICS_TOKEN = TOKEN
    assert client.get("/healthz?deep").status_code == 404  # loopback is not enough now
    wrong = client.get("/healthz?deep", HTTP_AUTHORIZATION="Bearer not-the-token")
    assert wrong.status_code == 404
    right = client.get("/healthz?deep", HTTP_AUTHORIZATION=f"Bearer {TOKEN}", **PUBLIC)
    assert right.status_code == 503 and right.json()["worker"]["alive"] == 0


def test_the_proxys_check_asks_only_for_what_this_server_needs(client):
    """A dead worker fails /healthz but not /healthz?server: the proxy keeps routing to
    servers that can still play human matches (deploy/Caddyfile uses ?server)."""
    a_task_due(seconds_ago=600)
    assert client.get("/healthz", **PUBLIC).status_code == 503
    response = client.get("/healthz?server", **PUBLIC)
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "failing": []}


def test_the_proxys_check_fails_when_this_servers_database_does(client, monkeypatch):
    from cribbage_site import health

    def broken_cursor():
        raise OSError("db.internal unreachable")

    monkeypatch.setattr(health.connection, "cursor", broken_cursor)
    response = client.get("/healthz?server", **PUBLIC)
    assert response.status_code == 503
    assert response.json() == {"status": "unavailable", "failing": ["database"]}
