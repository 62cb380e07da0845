"""Which real services this test run has, and what to do when one is missing.

A test that needs PostgreSQL or Redis runs only when DATABASE_URL or REDIS_URL is set. On a
developer's machine an unset URL skips it; in CI (``CI=true``) the suite refuses to skip a
service silently, so a missing or unreachable service is a failure there.
"""

from __future__ import annotations

import os
import shutil
import socket
from urllib.parse import urlparse

import pytest


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def database_url() -> str:
    return os.environ.get("DATABASE_URL", "")


def redis_url() -> str:
    return os.environ.get("REDIS_URL", "")


def uses_postgres() -> bool:
    return database_url().startswith(("postgres://", "postgresql://", "pgsql://"))


def port_open(url: str, default_port: int) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection(
            (parsed.hostname or "127.0.0.1", parsed.port or default_port), 2
        ):
            return True
    except OSError:
        return False


HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
FULL_CHROMIUM = "/usr/bin/chromium"


def chromium_path() -> str:
    """CHROMIUM_PATH, else Debian's headless shell (the browser tests' own, and a third faster
    than the full browser), else a full Chromium."""
    chosen = os.environ.get("CHROMIUM_PATH")
    if chosen:
        return chosen
    return HEADLESS_SHELL if os.path.exists(HEADLESS_SHELL) else FULL_CHROMIUM


def require_chromium() -> str:
    """Return Chromium's path, or skip (fail in CI) when it is not installed."""
    path = chromium_path()
    if os.path.exists(path) or shutil.which(path):
        return path
    message = f"Chromium not found at {path} (set CHROMIUM_PATH or apt-get install chromium-headless-shell)"
    if in_ci():
        pytest.fail(message)
    pytest.skip(message)


def require_redis() -> str:
    url = redis_url()
    if not url:
        pytest.skip("REDIS_URL is not set")
    if not port_open(url, 6379):
        pytest.fail(f"REDIS_URL={url} is set but Redis does not answer")
    return url


def require_postgres() -> str:
    url = database_url()
    if not uses_postgres():
        pytest.skip("DATABASE_URL does not point at PostgreSQL")
    if not port_open(url, 5432):
        pytest.fail(f"DATABASE_URL={url} is set but PostgreSQL does not answer")
    return url


def require_redis_server() -> str:
    """The ``redis-server`` program, for tests that run a private Redis (fail in CI if absent)."""
    path = shutil.which("redis-server")
    if path:
        return path
    message = "redis-server is not installed (apt-get install redis-server)"
    if in_ci():
        pytest.fail(message)
    pytest.skip(message)
