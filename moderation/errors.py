"""The refusals of reports and staff actions (rendered by kernel/error_renderings.py)."""

from __future__ import annotations

from kernel.errors import SiteError


class ModerationError(SiteError):
    """A report or staff action that was refused; nothing was changed."""
