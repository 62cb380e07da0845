"""When DATABASE_URL and REDIS_URL are set, the site really uses PostgreSQL and Redis.

Skipped when the URLs are unset (the embedded default); in CI an unreachable service fails.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
from django.db import connection

from tests.support.servers import PROJECT_DIR, child_environment
from tests.support.services import require_postgres, require_redis


@pytest.mark.postgres
@pytest.mark.django_db
def test_database_url_puts_the_site_on_postgresql():
    require_postgres()
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        assert cursor.fetchone()[0].startswith("PostgreSQL")


@pytest.mark.redis
def test_redis_url_carries_channel_messages_between_two_processes():
    require_redis()
    # Two separate OS processes, each with its own channel layer built from the settings: the
    # only way a message can cross between them is through Redis.
    receiver_code = textwrap.dedent(
        """
        import asyncio, os, sys
        import django
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cribbage_site.settings")
        django.setup()
        from channels.layers import get_channel_layer

        async def main():
            layer = get_channel_layer()
            channel = await layer.new_channel()
            await layer.group_add("healthcheck-test", channel)
            print(type(layer).__name__, flush=True)
            message = await asyncio.wait_for(layer.receive(channel), 20)
            print(message["text"], flush=True)

        asyncio.run(main())
        """
    )
    sender_code = textwrap.dedent(
        """
        import asyncio, os
        import django
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cribbage_site.settings")
        django.setup()
        from channels.layers import get_channel_layer

        async def main():
            await get_channel_layer().group_send(
                "healthcheck-test", {"type": "test.message", "text": "sent from pid %d" % os.getpid()}
            )

        asyncio.run(main())
        """
    )
    env = child_environment()
    receiver = subprocess.Popen(
        [sys.executable, "-c", receiver_code],
        cwd=PROJECT_DIR,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        backend = receiver.stdout.readline().strip()
        assert backend in {"RedisPubSubChannelLayer", "RedisChannelLayer"}, receiver.stderr.read()
        sender = subprocess.run(
            [sys.executable, "-c", sender_code],
            cwd=PROJECT_DIR,
            env=env,
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert sender.returncode == 0, sender.stderr
        received = receiver.stdout.readline().strip()
        assert received.startswith("sent from pid ")
        assert received != f"sent from pid {receiver.pid}"
    finally:
        receiver.kill()
        receiver.wait(10)
