"""A worker process serves its own metrics on WORKER_METRICS_PORT: its check-ins and, once it has
run one, its tasks' run times (the servers' /metrics cannot see another process's counters)."""

from __future__ import annotations

import urllib.request

from prometheus_client.parser import text_string_to_metric_families

from tests.conftest import live_server_env
from tests.support.servers import WorkerProcess, free_port
from tests.support.waiting import wait_until


def checkins(port: int) -> float:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
        text = response.read().decode()
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == "cribbage_worker_checkins_total" and sample.labels == {
                "outcome": "ok"
            }:
                return sample.value
    raise AssertionError("cribbage_worker_checkins_total is not served")


def test_a_worker_process_serves_its_check_ins(live_database, tmp_path):
    port = free_port()
    env = live_server_env(
        live_database,
        WORKER_METRICS_PORT=str(port),
        TASK_WORKER_HEARTBEAT_SECONDS="0.2",
    )
    worker = WorkerProcess(env, log_path=tmp_path / "worker.log").start()
    try:
        wait_until(lambda: checkins(port) >= 2, timeout=30)
    finally:
        worker.stop()
