"""The suite's SMTP servers (tests/support/smtp.py) find a port without waiting on a taken one:
each worker starts from its own slice of the range, and a process never tries a port its own
running mail server holds (aiosmtpd waits its whole ready timeout on a port it cannot bind)."""

from __future__ import annotations

from tests.support import smtp


def test_each_worker_starts_from_its_own_slice_of_the_range(monkeypatch):
    firsts = {}
    for worker in ("gw0", "gw1", "gw2"):
        monkeypatch.setenv("PYTEST_XDIST_WORKER", worker)
        ports = smtp._ports_to_try()
        assert sorted(ports) == sorted(set(smtp.PORTS) - smtp._held)
        firsts[worker] = ports[0]
    assert len(set(firsts.values())) == 3
    slice_of_gw1 = [*smtp.PORTS[smtp.WORKER_SLICE :], *smtp.PORTS[: smtp.WORKER_SLICE]]
    assert firsts["gw1"] == next(port for port in slice_of_gw1 if port not in smtp._held)


def test_a_second_server_skips_the_port_the_first_holds_and_a_stopped_ones_is_free_again():
    first_inbox, first = smtp.inbox_started()
    try:
        assert first.port not in smtp._ports_to_try()
        second_inbox, second = smtp.inbox_started()
        try:
            assert second.port != first.port
        finally:
            second.stop()
    finally:
        first.stop()
    assert first.port in smtp._ports_to_try()
    assert second.port in smtp._ports_to_try()
