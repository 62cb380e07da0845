"""A burst of concurrent requests cannot exhaust PostgreSQL's connections.

Under ASGI each concurrent request runs in a thread of its own. With ``CONN_MAX_AGE`` the
connection such a thread opened outlived the thread: 400 lobby requests 40 at a time left one
process holding 56 connections for good, and a larger burst reached the server's limit, after
which requests answered 500 ("too many clients"). Connections now come from a bounded pool
per process (``DATABASE_POOL_MAX_SIZE``).
"""

from __future__ import annotations

import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.conftest import live_server_env
from tests.support.servers import DaphneServer, LiveDatabase
from tests.support.services import require_postgres

pytestmark = pytest.mark.slow

POOL_SIZE = 4
LISTENER = 1
"""The server's own worker holds one connection of its own, outside the pool, in LISTEN for the
tasks other processes queue (cribbage_site/task_alarm.py): fixed, however many requests come."""
REQUESTS = 240
AT_ONCE = 40


def connections_to(database: LiveDatabase) -> int:
    import psycopg

    with psycopg.connect(database._admin_url, autocommit=True) as connection:
        row = connection.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s", (database.name,)
        ).fetchone()
    return row[0]


def fetch(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            response.read()
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_a_burst_of_requests_leaves_the_connection_count_bounded_and_every_answer_200(
    tmp_path,
):
    database = LiveDatabase(tmp_path, require_postgres())
    database.create()
    server = DaphneServer(
        live_server_env(database, DATABASE_POOL_MAX_SIZE=str(POOL_SIZE), HEALTHZ_CACHE_SECONDS="0")
    )
    try:
        server.start()
        paths = ["/lobby/", "/healthz", "/", "/lobby/live/"]
        urls = [f"{server.url}{paths[index % len(paths)]}" for index in range(REQUESTS)]
        peak = 0
        with ThreadPoolExecutor(AT_ONCE) as pool:
            results = pool.map(fetch, urls)
            statuses = []
            for status in results:
                statuses.append(status)
                if len(statuses) % 40 == 0:
                    peak = max(peak, connections_to(database))
        assert statuses == [200] * REQUESTS
        assert peak <= POOL_SIZE + LISTENER
        assert connections_to(database) <= POOL_SIZE + LISTENER
    finally:
        server.stop()
        database.drop()
