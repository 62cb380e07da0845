"""What the debug error page may show: never a database or Redis URL, nor any password.

Django's own filter hides settings whose *names* look secret (``PASSWORD``, ``SECRET_KEY``...),
but ``DATABASE_URL`` and ``REDIS_URL`` carry the password inside their *value*, and so do the
cache's ``LOCATION`` and the channel layer's hosts built from them. This filter hides those
names too, and any text anywhere in the settings or the request's metadata that holds
credentials in a URL (``scheme://user:password@host``), whatever setting it sits in.
"""

from __future__ import annotations

import re
from typing import Any

from django.views.debug import SafeExceptionReporterFilter

# scheme://user:password@ or scheme://:password@ (Redis URLs carry a password with no user).
_CREDENTIALS_IN_URL = re.compile(r"[a-z][a-z0-9+.-]*://[^/@\s]*:[^/@\s]*@", re.IGNORECASE)


class SecretHidingReporterFilter(SafeExceptionReporterFilter):
    """Django's filter, plus the URL settings and any URL that holds credentials."""

    hidden_settings = re.compile(
        SafeExceptionReporterFilter.hidden_settings.pattern + "|DATABASE_URL|REDIS_URL|LOCATION",
        flags=re.IGNORECASE,
    )

    def cleanse_setting(self, key: Any, value: Any) -> Any:
        cleansed = super().cleanse_setting(key, value)
        if isinstance(cleansed, str) and _CREDENTIALS_IN_URL.search(cleansed):
            return self.cleansed_substitute
        return cleansed
