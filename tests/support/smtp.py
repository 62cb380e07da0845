"""A real SMTP server on loopback for the tests (aiosmtpd), so mail goes through Django's SMTP
backend and a socket, as in production, not only into the in-memory outbox."""

from __future__ import annotations

import email
import email.policy
import os
from collections.abc import Iterator
from email.message import EmailMessage

import pytest
from aiosmtpd.controller import Controller

# The port range this suite's servers use (docs: each engineer's range; here the mail server).
PORTS = range(18520, 18550)
WORKER_SLICE = 10
"""Each parallel worker tries its own ten ports of PORTS first (gw0 the first ten, gw1 the
next), so two workers almost never try the same port."""

_held: set[int] = set()
"""The ports this process's mail servers hold now: never tried again until stopped."""


class _MailServer(Controller):
    """aiosmtpd's controller, forgetting its port once stopped."""

    def stop(self, no_assert: bool = False) -> None:
        try:
            super().stop(no_assert=no_assert)
        finally:
            _held.discard(self.port)


def _ports_to_try() -> list[int]:
    """PORTS from this worker's slice on (wrapping round), less the ports it holds."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "").removeprefix("gw")
    start = int(worker) * WORKER_SLICE % len(PORTS) if worker.isdigit() else 0
    ports = [*PORTS[start:], *PORTS[:start]]
    return [port for port in ports if port not in _held]


class Inbox:
    """aiosmtpd's handler: every message the server accepted, parsed."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.recipients: list[list[str]] = []

    async def handle_DATA(self, server, session, envelope) -> str:
        parsed = email.message_from_bytes(envelope.content, policy=email.policy.default)
        self.messages.append(parsed)  # type: ignore[arg-type]
        self.recipients.append(list(envelope.rcpt_tos))
        return "250 Message accepted for delivery"


def _controller_started(inbox: Inbox) -> Controller:
    """An SMTP server for ``inbox`` on the first port of PORTS it can bind.

    It binds by trying, not by probing first: the suite's workers each start mail servers,
    and a port found free by a probe was once taken by another worker before this one bound
    it ("address already in use" at a test's setup). But a port that cannot be bound costs
    aiosmtpd's whole ready timeout (5 s) before it says so, and the session's mail server and
    a test's were both trying the first ports of the range (one to three such waits a run).
    So each worker starts from a slice of its own and skips the ports it holds itself.
    """
    refused: OSError | None = None
    for port in _ports_to_try():
        controller = _MailServer(inbox, hostname="127.0.0.1", port=port)
        try:
            controller.start()
        except OSError as error:
            controller.loop.close()  # its thread has ended; nothing else holds the loop
            refused = error
            continue
        _held.add(port)
        return controller
    raise RuntimeError(f"no free port in {PORTS}") from refused


def inbox_started() -> tuple[Inbox, Controller]:
    """An SMTP server on a free loopback port and its inbox (the caller stops the controller)."""
    inbox = Inbox()
    return inbox, _controller_started(inbox)


def smtp_environment(controller: Controller) -> dict[str, str]:
    """The settings' environment that points a server process's mail at ``controller``."""
    return {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(controller.port),
        "EMAIL_USE_TLS": "false",
    }


@pytest.fixture
def smtp_inbox(settings) -> Iterator[Inbox]:
    """An SMTP server on 127.0.0.1, with Django's SMTP backend pointed at it."""
    inbox = Inbox()
    controller = _controller_started(inbox)
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = controller.port
    settings.EMAIL_USE_TLS = False
    settings.EMAIL_HOST_USER = ""
    settings.EMAIL_HOST_PASSWORD = ""
    try:
        yield inbox
    finally:
        controller.stop()
