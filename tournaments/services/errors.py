"""The refusals a person is told about, with a stable code."""

from __future__ import annotations

from kernel.errors import SiteError


class TournamentError(SiteError):
    """A tournament action refused; nothing was changed."""
