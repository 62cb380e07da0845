"""The worker's loop meets a database outage anywhere in a round, its idle wait's query too.

In a full run the worker process ended when PostgreSQL stopped while its idle thread asked when
the next task falls due: that query sat outside the loop's guard. Every query of a round is now
inside it, so the thread logs the outage, backs off and carries on.
"""

from __future__ import annotations

import logging

from django.db import OperationalError

from cribbage_site.worker import SiteWorker


def test_an_outage_during_the_idle_wait_is_waited_out_and_the_loop_goes_on(caplog, monkeypatch):
    worker = SiteWorker(interval=0.01, worker_id="loop-test")
    worker.running = True
    waits: list[str] = []

    def sleep_until_due() -> None:
        waits.append("asked")
        if len(waits) == 1:
            raise OperationalError("consuming input failed: server closed the connection")
        worker.stop()  # the second round: the loop survived the first; end the test here

    monkeypatch.setattr(worker, "_requeue_interrupted", lambda: None)
    monkeypatch.setattr(worker, "run_one", lambda: False)
    monkeypatch.setattr(worker, "_sleep_until_due", sleep_until_due)
    monkeypatch.setattr(worker.stopping, "wait", lambda delay=None: None)  # no real back-off

    with caplog.at_level(logging.WARNING, logger="cribbage_site.worker"):
        worker._run_loop()

    assert waits == ["asked", "asked"]
    assert "the database is unavailable while running tasks" in caplog.text
