"""The one exception social services raise (a ``SiteError``: rendered by kernel/error_renderings.py)."""

from __future__ import annotations

from kernel.errors import SiteError


class SocialError(SiteError):
    """A friend request, challenge, block or setting that was refused; nothing was changed."""
