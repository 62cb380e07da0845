"""/healthz reports the database and the channel layer, fails loudly when either is down, and
answers container probes on 127.0.0.1 while every other path keeps ALLOWED_HOSTS strict.
The figures are /healthz?deep's (the Django test client calls from 127.0.0.1, unforwarded: an
operator); tests/site/test_healthz_sees_the_site.py covers what the public sees."""

from __future__ import annotations

import json
import logging
import re
import subprocess
import sys
import urllib.error
import urllib.request

import pytest
from django.test import override_settings

from cribbage_site.env import REDIS_CHANNEL_LAYERS, channel_layers_from
from tests.conftest import live_server_env
from tests.support.servers import PROJECT_DIR, DaphneServer

PRODUCTION_HOST = "cribbage.example"


@pytest.fixture(autouse=True)
def fresh_health_check():
    """Each test sees its own check, not the answer a previous test left for 2 s."""
    from cribbage_site import health

    health.forget_last_result()
    yield
    health.forget_last_result()


@pytest.mark.django_db
def test_answers_within_the_cache_period_reuse_one_check(client, monkeypatch, settings):
    from cribbage_site import health

    settings.HEALTHZ_CACHE_SECONDS = 60
    calls = []
    real = health.check_database

    def counted():
        calls.append(1)
        return real()

    monkeypatch.setattr(health, "check_database", counted)
    for _ in range(5):
        assert client.get("/healthz").status_code == 200
    assert len(calls) == 1
    settings.HEALTHZ_CACHE_SECONDS = 0
    assert client.get("/healthz").status_code == 200
    assert len(calls) == 2


@pytest.mark.django_db
def test_it_answers_200_when_the_database_and_channel_layer_work(client, settings):
    response = client.get("/healthz?deep")
    body = response.json()
    assert response.status_code == 200
    assert body["status"] == "ok"
    assert body["failing"] == []
    assert body["database"]["ok"] is True
    assert body["channel_layer"]["ok"] is True
    assert body["redis_configured"] is bool(settings.REDIS_URL)
    # With REDIS_URL the messages must really go through channels-redis, not the memory layer.
    backend = body["channel_layer"]["backend"]
    assert backend == settings.CHANNEL_LAYERS["default"]["BACKEND"]
    if settings.REDIS_URL:
        assert backend.startswith("channels_redis.")
    else:
        assert backend == "channels.layers.InMemoryChannelLayer"


@pytest.mark.django_db
@pytest.mark.parametrize("kind", sorted(REDIS_CHANNEL_LAYERS))
def test_it_answers_503_with_a_clear_body_when_redis_is_unreachable(client, caplog, kind):
    # Port 9 (discard) on loopback: nothing listens there, so connecting fails fast.
    unreachable = channel_layers_from("redis://127.0.0.1:9/0", kind)
    with (
        override_settings(CHANNEL_LAYERS=unreachable, REDIS_URL="redis://127.0.0.1:9/0"),
        caplog.at_level(logging.ERROR, logger="cribbage_site.health"),
    ):
        response = client.get("/healthz?deep")
    body = response.json()
    assert response.status_code == 503
    assert body["status"] == "unavailable"
    assert body["failing"] == ["channel_layer"]
    assert body["channel_layer"]["ok"] is False
    assert body["channel_layer"]["backend"] == unreachable["default"]["BACKEND"]
    # Only the exception's class: an identifier ending in Error, no address or message.
    assert re.fullmatch(r"[A-Za-z_]*Error", body["channel_layer"]["error"])
    assert "127.0.0.1" not in response.content.decode()
    assert body["database"]["ok"] is True
    assert "the channel layer check failed" in caplog.text


@pytest.mark.django_db
def test_a_database_failure_names_the_component_and_class_and_logs_the_detail(
    client, monkeypatch, caplog
):
    from cribbage_site import health

    detail = 'connection to server at "db.internal" (10.0.0.7), user "cribbage" failed'

    def broken_cursor():
        raise OSError(detail)

    monkeypatch.setattr(health.connection, "cursor", broken_cursor)
    with caplog.at_level(logging.ERROR, logger="cribbage_site.health"):
        response = client.get("/healthz?deep")
    assert response.status_code == 503
    body = response.json()
    assert body["failing"] == ["database"]
    assert body["database"] == {"ok": False, "error": "OSError"}
    assert "db.internal" not in response.content.decode()
    assert detail in caplog.text


@pytest.mark.django_db
@override_settings(ALLOWED_HOSTS=[PRODUCTION_HOST])
def test_the_probe_host_reaches_healthz_but_nothing_else(client):
    assert client.get("/healthz", HTTP_HOST="127.0.0.1:8000").status_code == 200
    assert client.get("/", HTTP_HOST="127.0.0.1:8000").status_code == 400
    assert client.get("/healthz/", HTTP_HOST="127.0.0.1:8000").status_code == 400
    assert client.get("/", HTTP_HOST=PRODUCTION_HOST).status_code == 200


def compose_health_probe() -> str:
    """The Python code docker-compose.yml's web healthcheck runs."""
    compose = (PROJECT_DIR / "docker-compose.yml").read_text()
    line = re.search(r'^\s+test: (\["CMD", "python", "-c", .*\])\s*$', compose, re.M)
    assert line, "the web healthcheck is not a python -c probe"
    return json.loads(line.group(1))[3]


def dockerfile_health_probe() -> str:
    """The Python code the Dockerfile's HEALTHCHECK runs."""
    dockerfile = (PROJECT_DIR / "Dockerfile").read_text()
    line = re.search(r'^\s+CMD python -c "(.*)"\s*$', dockerfile, re.M)
    assert line, "the HEALTHCHECK is not a python -c probe"
    return line.group(1)


@pytest.fixture(scope="module")
def production_server(live_database, tmp_path_factory):
    """Daphne with the documented production settings: DEBUG off, one public host name."""
    env = live_server_env(
        live_database,
        DEBUG="false",
        SECRET_KEY="a-long-random-production-secret-for-this-test-only-0123456789",
        ALLOWED_HOSTS=PRODUCTION_HOST,
        CSRF_TRUSTED_ORIGINS=f"https://{PRODUCTION_HOST}",
    )
    log = tmp_path_factory.mktemp("production") / "daphne.log"
    server = DaphneServer(env, log_path=log)
    server.start()  # waits for /healthz on 127.0.0.1 to answer 200
    yield server
    server.stop()


@pytest.mark.parametrize("probe", [compose_health_probe, dockerfile_health_probe])
def test_the_container_health_checks_pass_with_production_settings(production_server, probe):
    code = probe().replace("127.0.0.1:8000", f"127.0.0.1:{production_server.port}")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=30)
    assert result.returncode == 0, result.stderr


def test_other_paths_on_the_probe_host_are_refused_with_production_settings(production_server):
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{production_server.url}/", timeout=10)
    assert refused.value.code == 400


@pytest.mark.django_db
def test_it_reports_no_worker_and_stays_healthy_unless_a_worker_is_required(client, settings):
    settings.HEALTHZ_REQUIRE_WORKER = False
    body = client.get("/healthz?deep").json()
    assert body["status"] == "ok"
    assert body["worker"] == {
        "ok": True,
        "required": False,
        "alive": 0,
        "last_seen_seconds_ago": None,
        "warning": "no worker has checked in",
    }


@pytest.mark.django_db
def test_with_a_worker_required_it_answers_503_until_one_checks_in(client, settings):
    from datetime import timedelta

    from django.utils import timezone

    from cribbage_site import health
    from cribbage_site.worker_lease import worker_heartbeat_beat

    settings.HEALTHZ_REQUIRE_WORKER = True
    settings.TASK_WORKER_LEASE_SECONDS = 30
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["failing"] == ["worker"]

    # A worker whose lease lapsed (seen 40 s ago) is reported, and still fails the check.
    long_ago = timezone.now() - timedelta(seconds=40)
    worker_heartbeat_beat(worker_id="killed-worker", started_at=long_ago)
    from cribbage_site.models import WorkerHeartbeat

    WorkerHeartbeat.objects.filter(worker_id="killed-worker").update(seen_at=long_ago)
    health.forget_last_result()
    response = client.get("/healthz?deep")
    assert response.status_code == 503
    worker = response.json()["worker"]
    assert worker["alive"] == 0 and worker["last_seen_seconds_ago"] >= 40
    assert worker["warning"] == "no worker is alive"

    worker_heartbeat_beat(worker_id="live-worker", started_at=timezone.now())
    health.forget_last_result()
    response = client.get("/healthz?deep")
    assert response.status_code == 200
    assert response.json()["worker"]["alive"] == 1
