"""The one ASGI application Daphne serves: HTTP through Django, websockets through Channels.

Websocket routes sit behind origin validation (a page from any other origin, scheme and port
included, cannot open a game socket with a player's cookies: kernel/origin.py) and the
session/auth middleware (consumers see ``scope["user"]``).
"""

from __future__ import annotations

import asyncio
import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cribbage_site.settings")
# Django must be set up before anything imports models, which the routing does.
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402

from cribbage_site.routing import websocket_urlpatterns  # noqa: E402
from kernel.origin import SameOriginValidator  # noqa: E402
from kernel.socket_auth import session_auth_stack  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SameOriginValidator(session_auth_stack(URLRouter(websocket_urlpatterns))),
    }
)


class StartsTheWorker:
    """Starts the task worker in this server on its first request (``TASK_WORKER_IN_SERVER``).

    Only once a request arrives is the server's event loop known and running; the health check
    that every deployment (and test) makes first starts it at once. See cribbage_site/worker.py.
    """

    def __init__(self, app) -> None:
        self.app = app
        self.started = False

    async def __call__(self, scope, receive, send):
        if not self.started:
            self.started = True
            from cribbage_site.worker import worker_start_in_server

            worker_start_in_server(asyncio.get_running_loop())
        return await self.app(scope, receive, send)


if settings.TASK_WORKER_IN_SERVER:
    application = StartsTheWorker(application)

# What is loaded by now (Django, the apps, the rules engine: about 100,000 objects) lives as
# long as the process. Left to the garbage collector, every full collection walks it again, and
# a full collection stops every connection of the process: 50 to 65 ms under load here, against
# 13 to 25 ms once it is set aside (docs/performance.md).
gc.freeze()
