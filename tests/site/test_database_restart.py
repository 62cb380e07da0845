"""After PostgreSQL restarts, no request answers 500 (issue 24, item 4).

A restart kills every connection the server's pool holds. Without a check on checkout the pool
handed each dead connection to one request, which failed with a 500 (7 of 20, then 9 of 40
``GET /lobby/`` in the fault drill). The pool now checks a connection before handing it out.

The database here is a private cluster (tests/support/postgres_cluster.py): the run's shared
PostgreSQL is never restarted.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.conftest import live_server_env
from tests.support.postgres_cluster import PostgresCluster
from tests.support.servers import DaphneServer, LiveDatabase

pytestmark = [pytest.mark.postgres, pytest.mark.slow, pytest.mark.restarts_services]

POOL_SIZE = 4
AT_ONCE = 8
PATHS = ["/lobby/", "/", "/lobby/live/"]


def fetch(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            response.read()
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return 0  # no answer at all: counted apart from a 500


def burst(server: DaphneServer, count: int) -> list[int]:
    urls = [f"{server.url}{PATHS[index % len(PATHS)]}" for index in range(count)]
    with ThreadPoolExecutor(AT_ONCE) as pool:
        return list(pool.map(fetch, urls))


def test_after_a_postgres_restart_no_request_answers_500(tmp_path):
    cluster = PostgresCluster().create()
    database = LiveDatabase(tmp_path, cluster.admin_url)
    server = DaphneServer(live_server_env(database, DATABASE_POOL_MAX_SIZE=str(POOL_SIZE)))
    try:
        database.create()
        server.start()
        # Load fills the pool with connections; the restart leaves every one of them dead.
        assert burst(server, 40) == [200] * 40
        cluster.restart()
        after = burst(server, 120)
        assert after.count(500) == 0, f"{after.count(500)} of {len(after)} answered 500"
        assert after == [200] * len(after)
    finally:
        server.stop()
        cluster.remove()
