"""Settings come from the environment, with a safe embedded default and a strict production mode."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cribbage_site.env import channel_layers_from, database_from_url, env_bool, env_list
from tests.support.servers import PROJECT_DIR, child_environment


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    clean = child_environment()
    clean.pop("DEBUG", None)
    clean.pop("SECRET_KEY", None)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=PROJECT_DIR,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_postgres_url_becomes_a_postgresql_database_entry():
    entry = database_from_url("postgres://alice:s%40cret@db.example:6543/cribbage?sslmode=require")
    assert entry["ENGINE"] == "django.db.backends.postgresql"
    assert (entry["NAME"], entry["USER"], entry["PASSWORD"]) == ("cribbage", "alice", "s@cret")
    assert (entry["HOST"], entry["PORT"]) == ("db.example", "6543")
    assert entry["OPTIONS"]["sslmode"] == "require"


def test_postgres_connections_come_from_a_bounded_pool_not_kept_per_thread(monkeypatch):
    monkeypatch.setenv("DATABASE_POOL_MAX_SIZE", "5")
    entry = database_from_url("postgres://db.example/cribbage")
    assert entry["CONN_MAX_AGE"] == 0
    assert entry["OPTIONS"]["pool"]["max_size"] == 5
    assert entry["OPTIONS"]["pool"]["min_size"] <= 5
    monkeypatch.setenv("DATABASE_POOL_MAX_SIZE", "0")
    with pytest.raises(ValueError, match="DATABASE_POOL_MAX_SIZE"):
        database_from_url("postgres://db.example/cribbage")


def test_sqlite_urls_accept_relative_and_absolute_paths():
    assert database_from_url("sqlite:///data/site.db")["NAME"] == "data/site.db"
    assert database_from_url("sqlite:////var/lib/site.db")["NAME"] == "/var/lib/site.db"


def test_an_unknown_database_scheme_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match="not supported"):
        database_from_url("mysql://root@localhost/cribbage")


def test_booleans_must_be_clearly_yes_or_no(monkeypatch):
    monkeypatch.setenv("FLAG", "off")
    assert env_bool("FLAG", True) is False
    monkeypatch.setenv("FLAG", "TRUE")
    assert env_bool("FLAG", False) is True
    monkeypatch.setenv("FLAG", "maybe")
    with pytest.raises(ValueError, match="FLAG must be a boolean"):
        env_bool("FLAG", False)


def test_lists_are_comma_separated_and_ignore_blanks(monkeypatch):
    monkeypatch.setenv("HOSTS", "a.example, b.example,,")
    assert env_list("HOSTS", []) == ["a.example", "b.example"]


def test_with_debug_off_and_no_secret_the_site_refuses_to_start():
    result = run_manage("check", DEBUG="false", ALLOWED_HOSTS="cribbage.example")
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_production_settings_pass_the_deploy_check():
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="false",
        SECRET_KEY="x" * 20 + "a-long-random-production-secret-for-the-test-only",
        ALLOWED_HOSTS="cribbage.example",
        CSRF_TRUSTED_ORIGINS="https://cribbage.example",
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_without_redis_the_channel_layer_lives_in_memory():
    assert channel_layers_from("", "pubsub") == {
        "default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}
    }


def test_redis_carries_channel_messages_by_publish_unless_told_to_use_lists():
    published = channel_layers_from("redis://cache.example:6379/2")["default"]
    assert published["BACKEND"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    (host,) = published["CONFIG"]["hosts"]
    assert host["address"] == "redis://cache.example:6379/2"
    assert host["retry"].get_retries() > 0
    listed = channel_layers_from("redis://cache.example:6379/2", "lists")["default"]
    assert listed["BACKEND"] == "channels_redis.core.RedisChannelLayer"
    assert listed["CONFIG"]["hosts"] == ["redis://cache.example:6379/2"]


def test_sites_sharing_one_redis_keep_their_groups_apart_by_a_prefix():
    # Pub/sub channels are not per database number: only a prefix keeps two sites apart.
    for kind in ("pubsub", "lists"):
        assert channel_layers_from("redis://r:6379/0", kind)["default"]["CONFIG"]["prefix"] == (
            "asgi"
        )
        config = channel_layers_from("redis://r:6379/0", kind, prefix="test-gw1")["default"]
        assert config["CONFIG"]["prefix"] == "test-gw1"


def test_an_unknown_channel_layer_kind_is_refused_at_start_up():
    with pytest.raises(ValueError, match="REDIS_CHANNEL_LAYER must be one of pubsub, lists"):
        channel_layers_from("redis://127.0.0.1:6379/0", "kafka")
    started = run_manage(
        "check", DEBUG="true", REDIS_URL="redis://127.0.0.1:6379/0", REDIS_CHANNEL_LAYER="kafka"
    )
    assert started.returncode != 0
    assert "REDIS_CHANNEL_LAYER must be one of" in started.stderr


def test_a_sqlite_url_waits_for_a_competing_writer_like_the_embedded_default():
    entry = database_from_url("sqlite:///data/site.db")
    assert entry["ENGINE"] == "django.db.backends.sqlite3"
    assert entry["OPTIONS"] == {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    assert database_from_url("sqlite://")["NAME"] == ":memory:"


def test_a_url_for_an_engine_the_project_does_not_support_is_refused_even_if_parseable():
    for url in ("mysql://root@localhost/cribbage", "oracle://scott:tiger@db/orcl", "nosuch://x/y"):
        with pytest.raises(ValueError, match="not supported"):
            database_from_url(url)
