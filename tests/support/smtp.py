"""A real SMTP server on loopback for the tests (aiosmtpd), so mail goes through Django's SMTP
backend and a socket, as in production, not only into the in-memory outbox."""

from __future__ import annotations

import email
import email.policy
from collections.abc import Iterator
from email.message import EmailMessage

import pytest
from aiosmtpd.controller import Controller

# The port range this suite's servers use (docs: each engineer's range; here the mail server).
PORTS = range(18520, 18550)


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

    It binds by trying, not by probing first: the suite's two workers each start mail servers,
    and a port found free by a probe was once taken by the other worker before this one bound
    it ("address already in use" at a test's setup).
    """
    refused: OSError | None = None
    for port in PORTS:
        controller = Controller(inbox, hostname="127.0.0.1", port=port)
        try:
            controller.start()
        except OSError as error:
            controller.loop.close()  # its thread has ended; nothing else holds the loop
            refused = error
            continue
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
