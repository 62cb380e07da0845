"""The one ASGI application Daphne serves: HTTP through Django, websockets through Channels.

Websocket routes sit behind origin validation (a page from any other origin, scheme and port
included, cannot open a game socket with a player's cookies: cribbage_site/origin.py) and the
session/auth middleware (consumers see ``scope["user"]``).
"""

from __future__ import annotations

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cribbage_site.settings")
# Django must be set up before anything imports models, which the routing does.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from cribbage_site.origin import SameOriginValidator  # noqa: E402
from cribbage_site.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)

# What is loaded by now (Django, the apps, the rules engine: about 100,000 objects) lives as
# long as the process. Left to the garbage collector, every full collection walks it again, and
# a full collection stops every connection of the process: 50 to 65 ms under load here, against
# 13 to 25 ms once it is set aside (docs/performance.md).
gc.freeze()
