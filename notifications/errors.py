"""The notification centre's refusals: one :class:`~kernel.errors.SiteError` subclass, rendered
by kernel/error_renderings.py like every other."""

from __future__ import annotations

from kernel.errors import SiteError


class NotificationError(SiteError):
    """A request about notifications refused, with nothing changed."""
