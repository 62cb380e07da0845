"""docker-compose.yml cannot be started here (no Docker engine), so check what can be checked:
the file parses as YAML, every variable it passes is one the settings read, the schema is
migrated once before the replicas start, and the commands name real modules."""

from __future__ import annotations

import re

import pytest
import yaml

from tests.support.servers import PROJECT_DIR

SETTINGS_SOURCE = (PROJECT_DIR / "cribbage_site" / "settings.py").read_text()
WEB_REPLICAS = ("web1", "web2")


@pytest.fixture(scope="module")
def services() -> dict:
    """The compose file's services, anchors and merge keys (``<<: *web``) resolved."""
    compose = yaml.safe_load((PROJECT_DIR / "docker-compose.yml").read_text())
    return compose["services"]


@pytest.fixture(scope="module")
def dockerfile() -> str:
    return (PROJECT_DIR / "Dockerfile").read_text()


def test_every_variable_the_app_containers_get_is_read_by_the_settings(services):
    for name in ("migrate", "worker", *WEB_REPLICAS):
        variables = set(services[name]["environment"])
        assert {"SECRET_KEY", "DATABASE_URL", "REDIS_URL", "DEBUG", "ALLOWED_HOSTS"} <= variables
        unread = [variable for variable in variables if f'"{variable}"' not in SETTINGS_SOURCE]
        assert unread == [], name


def test_migrations_run_once_in_a_one_shot_service_before_any_replica(services, dockerfile):
    migrate = services["migrate"]
    assert migrate["command"] == ["python", "manage.py", "migrate", "--noinput"]
    assert migrate.get("restart", "no") == "no"
    assert migrate["depends_on"]["db"] == {"condition": "service_healthy"}
    # The same settings as the replicas, so it migrates the database they use (only the web
    # replicas' health check asks for a live worker).
    web_environment = dict(services["web1"]["environment"])
    assert web_environment.pop("HEALTHZ_REQUIRE_WORKER") == "true"
    assert migrate["environment"] == web_environment
    for name in WEB_REPLICAS:
        assert services[name]["depends_on"]["migrate"] == {
            "condition": "service_completed_successfully"
        }
        assert "migrate" not in str(services[name].get("command", ""))
    # Django's migrate takes no lock: the replicas' own start command must never run it.
    assert "migrate" not in re.search(r"^CMD (.*)$", dockerfile, re.M).group(1)


def test_the_image_serves_the_asgi_application_that_exists(dockerfile):
    assert "daphne" in dockerfile and "cribbage_site.asgi:application" in dockerfile
    assert "collectstatic" in dockerfile
    from cribbage_site.asgi import application

    assert callable(application)


def test_compose_runs_more_than_one_web_replica_sharing_redis_and_health_checks_them(services):
    for name in WEB_REPLICAS:
        web = services[name]
        assert web["environment"]["REDIS_URL"] == "redis://redis:6379/0"
        assert web["depends_on"]["redis"] == {"condition": "service_healthy"}
        assert "127.0.0.1:8000/healthz" in " ".join(web["healthcheck"]["test"])
    host_ports = [port for name in WEB_REPLICAS for port in services[name]["ports"]]
    assert len(set(host_ports)) == len(WEB_REPLICAS)


def test_a_worker_runs_the_tasks_beside_the_replicas_once_the_schema_is_migrated(services):
    from django.core.management import get_commands

    worker = services["worker"]
    assert worker["command"][:3] == ["python", "manage.py", "run_worker"]
    assert "run_worker" in get_commands()
    # The replicas' settings: the same database, and Redis, through which its moves reach them
    # (plus its threads; the replicas' health check alone asks for a live worker).
    worker_environment = dict(worker["environment"])
    worker_environment.pop("TASK_WORKER_THREADS")
    web_environment = dict(services["web1"]["environment"])
    web_environment.pop("HEALTHZ_REQUIRE_WORKER")
    assert worker_environment == web_environment
    assert worker["depends_on"]["migrate"] == {"condition": "service_completed_successfully"}
    assert worker["depends_on"]["redis"] == {"condition": "service_healthy"}
    assert "ports" not in worker


def test_the_build_context_leaves_out_local_environments_data_and_caches():
    ignored = {
        line.strip()
        for line in (PROJECT_DIR / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    }
    assert {".git", ".venv", "data", "staticfiles", "test-artifacts", "__pycache__"} <= ignored


def test_the_worker_is_restarted_and_scaled_and_the_web_health_check_asks_for_it(services):
    worker = services["worker"]
    assert worker["command"] == ["python", "manage.py", "run_worker"]
    assert worker["restart"] == "unless-stopped"
    assert str(worker["deploy"]["replicas"]).startswith("${WORKER_PROCESSES")
    assert "TASK_WORKER_THREADS" in worker["environment"]
    for name in WEB_REPLICAS:
        assert services[name]["environment"]["HEALTHZ_REQUIRE_WORKER"] == "true"


def test_the_image_carries_the_projects_bytecode(dockerfile):
    # A container does not write it (PYTHONDONTWRITEBYTECODE): compiled after the last copy of
    # the source, or every start of a server or worker compiles the project again.
    last_copy = dockerfile.rindex("\nCOPY ")
    assert dockerfile.index("RUN python -m compileall") > last_copy
